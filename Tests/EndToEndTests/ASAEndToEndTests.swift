// bnc-asa lookup against sandbox-minted AdServices tokens: every response path, Apple's retry schedule, the
// 24-hour rule (sandbox clock and --generated-at), mangled tokens, redaction, and a batch.
import Foundation
import Testing
import TestSupport

@Suite struct ASAEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    func env(_ s: SandboxProcess) -> [String: String] { ["BNC_API_URL": s.url] }

    func mint(_ s: SandboxProcess, _ spec: String = "{}") throws -> String {
        let answer = try s.control("/_sandbox/asa-token", method: "POST", body: spec) as? [String: Any]
        return try #require(answer?["token"] as? String)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func attributedStandardDetailedAndNotAttributed() throws {
        let s = try SandboxProcess()
        let token = try mint(s, #"{"detailed": true}"#)
        let r = try box.run("bnc-asa", ["lookup", token, "--output", "json"], env: env(s))
        #expect(r.status == 0, "\(r.stderr)")
        let out = try json(r.stdout)
        #expect(out["attributed"] as? Bool == true && out["payload"] as? String == "detailed" && out["developer_mode"] as? Bool == false)
        #expect(((out["record"] as? [String: Any])?["campaignId"] as? Int ?? 0) >= 1_000_000_000)
        #expect(!r.output.contains(token), "the token is never printed")
        let received = try #require(try s.received().last)
        #expect(received["body"] as? String == token && (received["headers"] as? [String: Any])?["content-type"] as? String == "text/plain")

        let standard = try json(try box.run("bnc-asa", ["lookup", try mint(s), "--output", "json"], env: env(s)).stdout)
        #expect(standard["payload"] as? String == "standard")
        let none = try box.run("bnc-asa", ["lookup", try mint(s, #"{"attribution": false}"#), "--output", "json"], env: env(s))
        #expect((try json(none.stdout))["explanation"] as? String == "not attributed: no Apple Ads tap within 30 days before the download (nor a view within 24 hours), or the ad group uses age or gender targeting")
        let dev = try box.run("bnc-asa", ["lookup", try mint(s, #"{"developer_mode": true}"#)], env: env(s))
        #expect(dev.stderr.contains("developer-mode sample record"), "\(dev.stderr)")
    }

    @Test func notYetIsRetriedOnApplesScheduleThenGivesUp() throws {
        let s = try SandboxProcess()
        let soon = try box.run("bnc-asa", ["lookup", try mint(s, #"{"not_found_times": 2}"#), "--retry-interval", "0.2"], env: env(s))
        #expect(soon.status == 0, "\(soon.stderr)")
        #expect(try s.received().count == 3, "two 404s, then the record")
        let start = Date()
        let never = try box.run("bnc-asa", ["lookup", try mint(s, #"{"not_found_times": 9}"#), "--retry-interval", "0.2"], env: env(s))
        #expect(never.status == 75)
        #expect(never.stderr.contains("no attribution record after 3 attempts (HTTP 404)"), "\(never.stderr)")
        #expect(Date().timeIntervalSince(start) >= 0.4, "waited the interval between attempts")
        #expect(try s.received().count == 6)
        let down = try box.run("bnc-asa", ["lookup", try mint(s, #"{"server_error_times": 9}"#), "--retries", "1"], env: env(s))
        #expect(down.status == 75 && down.stderr.contains("the Apple Ads server is unavailable (HTTP 500) after 2 attempts"), "\(down.stderr)")
    }

    @Test func invalidTokensAreNeverRetried() throws {
        let s = try SandboxProcess()
        let r = try box.run("bnc-asa", ["lookup", "QUJDRA=="], env: env(s))
        #expect(r.status == 65 && r.stderr.hasPrefix("bnc-asa: error: Apple says the token is invalid (HTTP 400)"))
        #expect(try s.received().count == 1)
        var token = try mint(s)
        while !token.contains("+") { token = try mint(s) }  // about 8% of random tokens have no '+'
        let mangled = token.replacingOccurrences(of: "+", with: " ")
        let m = try box.run("bnc-asa", ["lookup", mangled], env: env(s))
        #expect(m.status == 65 && m.stderr.contains("a URL or form decoder turned '+' into ' '"), "\(m.stderr)")
        #expect(try s.received().count == 1, "nothing sent for a mangled token")
    }

    @Test func tokensLive24Hours() throws {
        let s = try SandboxProcess()
        let token = try mint(s)
        _ = try s.control("/_sandbox/clock", method: "POST", body: #"{"advance_seconds": 86401}"#)
        let expired = try box.run("bnc-asa", ["lookup", token, "--retry-interval", "0"], env: env(s))
        #expect(expired.status == 75)
        let old = try box.run("bnc-asa", ["lookup", try mint(s), "--generated-at", "2020-01-01T00:00Z"], env: env(s))
        #expect(old.status == 65 && old.stderr.contains("AdServices tokens live 24 hours"), "\(old.stderr)")
    }

    @Test func aTokenFromStdinOrAFileAndABatch() throws {
        let s = try SandboxProcess()
        let piped = try box.run("bnc-asa", ["lookup", "-", "--output", "ndjson"], env: env(s), stdin: try mint(s) + "\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        let file = try box.write("token.txt", try mint(s))
        #expect(try box.run("bnc-asa", ["lookup", "--token-file", file], env: env(s)).status == 0)
        let lines = try [mint(s), mint(s, #"{"attribution": false}"#)].map { #"{"token":"\#($0)"}"# } + [#"{"token":"QUJDRA=="}"#, "{}", #"{"token":12}"#]
        let batch = try box.run("bnc-asa", ["lookup", "--batch", "-", "--retry-interval", "0"], env: env(s), stdin: lines.joined(separator: "\n"))
        #expect(batch.status == 1)
        let results = try batch.stdout.split(separator: "\n").map { try json(String($0)) }
        #expect(results.map { $0["ok"] as? Bool } == [true, true, false, false, false])
        #expect((results[3]["error"] as? String)?.hasPrefix("token is required") == true)
        #expect((results[4]["error"] as? String)?.hasPrefix("token must be a string (got number)") == true, "\(results[4])")
        for line in lines.prefix(2) { #expect(!batch.output.contains(String(line.dropFirst(10).dropLast(2)))) }
    }

    /// A number in an iAd payload is finite, and an id given as a number a whole one within 64 bits: 1e999 was
    /// echoed as an id (and as the AdServices "adGroupId": "1e999").
    @Test func iAdNumbersAreFiniteAndIdsWhole() throws {
        let payload = try Fixtures.text("ios-iad/apple_test_payload.txt")
        for (value, rule) in [("1e999", "iad-adgroup-id must be a whole number between -2^63 and 2^63-1 (got 1e999)"),
                              ("1.5", "iad-adgroup-id must be a whole number between -2^63 and 2^63-1 (got 1.5)")] {
            let text = payload.replacingOccurrences(of: "\"iad-adgroup-id\" = 1234567890;", with: "\"iad-adgroup-id\" = \(value);")
            #expect(text != payload)
            let plist = try box.run("bnc-asa", ["decode-iad", "-"], stdin: text)
            #expect(plist.status == 65 && plist.stderr == "bnc-asa: error: \(rule)\n" && plist.stdout.isEmpty, "\(plist.stderr)")
            let json = try box.run("bnc-asa", ["encode-iad", "-"], stdin: #"{"Version3.1":{"iad-attribution":"true","iad-adgroup-id":\#(value)}}"#)
            #expect(json.status == 65 && json.stderr.contains(rule), "\(json.stderr)")
        }
        let tiny = try box.run("bnc-asa", ["decode-iad", "-"], stdin: #"{"iad-attribution":"true","iad-x":1e-999}"#)
        #expect(tiny.status == 65 && tiny.stderr.contains("iad-x is too small to represent (got 1e-999)"), "\(tiny.stderr)")
    }

    @Test func iAdPayloadsDecodeEncodeAndGoIntoAnOpen() throws {
        let s = try SandboxProcess()
        let sample = try box.write("iad.txt", try Fixtures.text("doc-derived/iad_sample_v3_1.txt"))
        let real = try box.run("bnc-asa", ["decode-iad", sample, "--output", "json"])
        let decoded = try json(real.stdout)
        #expect(decoded["attributed"] as? Bool == true && (decoded["adservices"] as? [String: Any])?["campaignId"] as? Int == 15292426)
        #expect(decoded["apple_test_data"] as? Bool == false && !real.stderr.contains("test payload"))
        // Apple's development payload is recognised and said, as Branch's SDK did (ignoreAppleTestData).
        let testPayload = try box.write("iad-test.txt", try Fixtures.text("ios-iad/apple_test_payload.txt"))
        let test = try box.run("bnc-asa", ["decode-iad", testPayload, "--output", "json"])
        let testJSON = try json(test.stdout)
        #expect(test.status == 0 && testJSON["apple_test_data"] as? Bool == true)
        #expect(test.stderr.contains("this is Apple's iAd test payload"), "\(test.stderr)")
        let encoded = try box.run("bnc-asa", ["encode-iad", sample])
        #expect(encoded.status == 0)
        let again = try box.run("bnc-asa", ["decode-iad", "-", "--output", "json"], stdin: encoded.stdout)
        #expect((try json(again.stdout))["fields"] as? NSDictionary == decoded["fields"] as? NSDictionary)
        // for-open's JSON is bnc-open's --body: a first session carrying both fields reaches the sandbox.
        let token = try mint(s)
        let fields = try box.run("bnc-asa", ["for-open", "--token", token, "--iad", sample, "--show-secrets", "--output", "json"])
        let hidden = try box.run("bnc-asa", ["for-open", "--token", token, "--output", "json"])
        #expect(!hidden.output.contains(token) && hidden.stderr.contains("--show-secrets"))
        let open = try box.run("bnc-open", ["--body", "-", "--os", "ios", "--os-version", "17", "--model", "m", "--app-version", "1",
                                            "--user-agent", "UA", "--ip", "8.8.4.4", "--first-session", "true", "--no-state", "--output", "json"],
                               env: ["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_asa", "BRANCH_SECRET": "secret_test_asa"], stdin: fields.stdout)
        #expect(open.status == 0, "\(open.stderr)")
        let sent = try #require(try s.received().last?["body"] as? [String: Any])
        #expect(sent["apple_attribution_token"] as? String == token && (sent["search_ad_encoded"] as? String)?.hasPrefix("eyJ") == true)
        #expect(((try json(open.stdout))["data"] as? [String: Any])?["~channel"] as? String == "Apple Search Ads")
    }

    @Test func aRepeatIsAnsweredFromTheCache() throws {
        let s = try SandboxProcess()
        let token = try mint(s)
        let first = try box.run("bnc-asa", ["lookup", token, "--output", "json"], env: env(s))
        let second = try box.run("bnc-asa", ["lookup", token, "--output", "json"], env: env(s))
        #expect(first.stdout == second.stdout && second.stderr.contains("from the cache"))
        #expect(try s.received().count == 1, "Apple was asked once")
        #expect(try box.run("bnc-asa", ["lookup", token, "--no-cache"], env: env(s)).status == 0)
        #expect(try s.received().count == 2)
        let state = try Data(contentsOf: box.root.appendingPathComponent(".local/state/bnc/state.db"))
        #expect(state.range(of: Data(token.utf8)) == nil, "the cache keys on a hash, never the token")
    }
}
