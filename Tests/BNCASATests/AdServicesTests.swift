// bnc-asa's module: token checks (pasted, mangled, malformed), the age rule, Apple's retry rules, typed records.
import BNCCore
import Testing
@testable import BNCASA

@Suite struct AdServicesTests {
    static let token = "9qZS2jUkhytqMdf/5Fh3RNXreD6Wlo+JvoKFZeB+X314TpBgpyHKgH12M+0SNALzduW/FJZ3PRlhYya+Ww=="  // has '+' and '/' like Apple's

    @Test func pastedWhiteSpaceIsRemoved() throws {
        let wrapped = String(Self.token.prefix(20)) + " \n\t" + String(Self.token.dropFirst(20)) + "\n"
        #expect(try AdServices.token(wrapped) == Self.token)
    }

    /// A file of two tokens, one a line, was joined into one token and refused as "not Base64": it is now named
    /// for what it is. A token wrapped across lines (no padding before its end) is still one token.
    @Test func twoTokensOnTwoLinesAreNotJoined() throws {
        let second = "QUJDREVGR0hJSktMTU5PUA=="
        #expect {
            try AdServices.token(Self.token + "\n" + second + "\n")
        } throws: {
            let e = $0 as? BNCError
            return e?.message == "token holds 2 tokens, one a line (a token's '=' padding ends it)" && e?.hint?.contains("--batch") == true
        }
        let wrapped = Self.token.prefix(40) + "\r\n" + Self.token.dropFirst(40)
        #expect(try AdServices.token(String(wrapped)) == Self.token)
    }

    /// QA round 27a, F9: one token twice (no padding), or two long tokens of different lengths, one a line, were
    /// joined and sent (Apple answers 400). A token wrapped at any width stays one token.
    /// Base64 text like a token's (an encrypted blob): no line of it repeats another.
    static func base64(_ count: Int, seed: UInt64) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        return String((0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return alphabet[Int(state >> 58)]
        })
    }

    @Test func tokensWithoutPaddingOneALineAreNotJoined() throws {
        let long = Self.base64(160, seed: 1), longer = Self.base64(180, seed: 2)  // no padding
        let cases: [(String, String)] = [
            (long + "\n" + long + "\n", "a line is given twice"),
            (long + "\n" + longer, "lines of different lengths, each whole Base64: not one token wrapped"),
            (longer + "\n" + long + "\n" + Self.base64(180, seed: 3), "lines of different lengths, each whole Base64: not one token wrapped"),
        ]
        for (raw, why) in cases {
            #expect { try AdServices.token(raw) } throws: {
                ($0 as? BNCError)?.message.hasSuffix("tokens, one a line (\(why))") == true
            }
        }
        // A 560-character token (Apple's sample's length) hard-wrapped at 64, 76 and 120 columns: one token.
        let token = Self.base64(556, seed: 4) + "QQ=="
        for width in [64, 76, 120] {
            var lines: [String] = [], rest = Substring(token)
            while !rest.isEmpty { lines.append(String(rest.prefix(width))); rest = rest.dropFirst(width) }
            #expect(try AdServices.token(lines.joined(separator: "\n")) == token)
        }
    }

    @Test func aTokenWhosePlusSignsBecameSpacesIsExplained() {
        let mangled = Self.token.replacing("+", with: " ")
        #expect {
            try AdServices.token(mangled)
        } throws: { ($0 as? BNCError)?.message.contains("a URL or form decoder turned '+' into ' '") == true }
    }

    @Test func aPlusAtEitherEndIsRestoredToo() {
        for token in ["+" + String(Self.token.dropFirst()), String(Self.token.dropLast(2)) + "+="] {
            #expect { try AdServices.token(token.replacing("+", with: " ")) } throws: {
                ($0 as? BNCError)?.message.contains("turned '+' into ' '") == true
            }
        }
    }

    @Test(arguments: ["", "not base64!", "QUJD=", String(repeating: "A", count: 4100), "QU=J"])
    func malformedTokensAreRefusedBeforeAnyCall(_ raw: String) {
        #expect(throws: BNCError.self) { try AdServices.token(raw) }
    }

    @Test func theRequestIsTheRawTokenAsPlainText() {
        let r = AdServices.lookup(Self.token, baseURL: nil)
        #expect(r.method == "POST" && r.url == "https://api-adservices.apple.com/api/v1/")
        #expect(r.body == .text(Self.token) && r.headers["Content-Type"] == "text/plain")
    }

    @Test func applesRetryRules() {
        let p = AdServices.retryPolicy(attempts: 3, interval: 5, serverRetries: 2)
        #expect(p.decide(after: 1, outcome: .status(404, retryAfter: nil), random: 0.5) == .retry(after: 5))
        #expect(p.decide(after: 3, outcome: .status(404, retryAfter: nil), random: 0.5) == .stop)
        #expect(p.decide(after: 1, outcome: .status(400, retryAfter: nil), random: 0.5) == .stop)
        #expect(p.decide(after: 1, outcome: .status(500, retryAfter: nil), random: 0.5) != .stop)
        #expect(p.decide(after: 3, outcome: .status(500, retryAfter: nil), random: 0.5) == .stop)
    }

    @Test func tokensLive24Hours() throws {
        let now = 1_790_000_000.0
        try AdServices.checkAge(generatedAt: now - 23 * 3600, now: now)
        #expect { try AdServices.checkAge(generatedAt: now - 25 * 3600, now: now) } throws: {
            ($0 as? BNCError)?.message.hasPrefix("token is 25 hours old") == true
        }
        #expect(throws: BNCError.self) { try AdServices.checkAge(generatedAt: now + 3600, now: now) }
    }

    @Test func recordsAreTypedAndExplained() throws {
        let sample: JSONObject = ["attribution": true, "orgId": 1234567890, "campaignId": 1234567890, "adGroupId": 1234567890,
                                  "keywordId": 123222, "clickDate": "2020-04-08T17:17Z"]
        let r = AttributionRecord(sample)
        #expect(r.attributed && r.payload == "detailed" && r.isDeveloperMode && r.id("keywordId") == 123222)
        let searchMatch = AttributionRecord(["attribution": true, "orgId": 40669820, "campaignId": 542370539, "adGroupId": 542317095])
        #expect(searchMatch.payload == "standard" && !searchMatch.isDeveloperMode && searchMatch.explanation?.contains("Search Match") == true)
        #expect(AttributionRecord(["attribution": false]).explanation?.hasPrefix("not attributed") == true)
        let answer = HTTPResponse(status: 200, body: Array(#"{"attribution":true,"orgId":9007199254740993}"#.utf8))
        #expect(try AdServices.record(answer, redactor: Redactor(secrets: [])).id("orgId") == 9_007_199_254_740_993, "64-bit ids exact")
        #expect(throws: BNCError.self) { try AdServices.record(HTTPResponse(status: 200, body: Array("<html>".utf8)), redactor: Redactor(secrets: [])) }
    }

    @Test(arguments: [("2026-11-22T05:30Z", 1_795_325_400.0), ("2026-11-22T05:30:15+01:00", 1_795_321_815.0),
                      ("2026-11-22", 1_795_305_600.0), ("1795325400", 1_795_325_400.0), ("1795325400000", 1_795_325_400.0)])
    func timestamps(_ text: String, _ expected: Double) {
        #expect(Timestamp.parse(text) == expected)
    }

    @Test func badTimestamps() {
        for text in ["yesterday", "2026-13-01", "2026-11-22T25:00Z", "2026-11-22T05:30X"] { #expect(Timestamp.parse(text) == nil, "\(text)") }
    }
}
