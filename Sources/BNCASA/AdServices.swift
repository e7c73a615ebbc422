// Apple's AdServices attribution API (tune-and-apple-ads-facts A1–A4): the token checked and cleaned before the
// call, the request, Apple's retry rules, and the record typed and explained. Pure values.
import BNCCore

/// Apple's AdServices attribution API: checks and cleans the token, builds the lookup and reads the record.
public enum AdServices {
    /// Apple's host; `--api-url` (the sandbox) replaces it.
    public static let defaultBaseURL = "https://api-adservices.apple.com"
    /// Tokens live 24 hours.
    public static let tokenLife = 24.0 * 3600
    /// Apple gives no length; one open-source backend caps tokens at 4096 characters, and so does bnc.
    public static let maxTokenLength = 4096
    /// Longer than the widths tools wrap Base64 at (64, 76): lines this long are each a token's length.
    static let minWrappedLine = 100

    /// The token as Apple wants it: white space from a log or a wrapped paste removed, the Base64 alphabet
    /// checked. A token whose `+` signs became spaces (a URL or form decoder's doing) is recognised and explained.
    public static func token(_ raw: String) throws(BNCError) -> String {
        let trimmed = raw.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw BNCError.invalid("token", "is empty") }
        // Several tokens, one a line (a file of them given as one), each line Base64 by itself. Joined, they read as
        // one invalid token that Apple refuses. Told from one token wrapped over lines by what no wrapping makes: a
        // line ending in '=' padding before the last; a line given twice; or long lines (a token's length, past any
        // wrap width) of different lengths, where a wrap's lines all have one width but the last, never longer.
        // Two different tokens of one length without padding still look like one wrapped token: Apple publishes no
        // token format.
        let lines = trimmed.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        if lines.count > 1, lines.allSatisfy(isBase64) {
            let width = lines[0].utf8.count
            let why: String? =
                if lines.dropLast().contains(where: { $0.hasSuffix("=") }) { "a token's '=' padding ends it" }
                else if Set(lines).count < lines.count { "a line is given twice" }
                else if lines.allSatisfy({ $0.utf8.count >= minWrappedLine }),
                        lines.dropLast().contains(where: { $0.utf8.count != width }) || lines[lines.count - 1].utf8.count > width {
                    "lines of different lengths, each whole Base64: not one token wrapped"
                } else { nil }
            if let why {
                throw BNCError.invalid("token", "holds \(lines.count) tokens, one a line (\(why))",
                                       hint: "look up one at a time, or several with --batch FILE (NDJSON lines {\"token\": \"...\"})")
            }
        }
        let compact = String(trimmed.unicodeScalars.filter { !$0.properties.isWhitespace })
        if compact.count > maxTokenLength { throw BNCError.invalid("token", "is longer than \(maxTokenLength) characters") }
        // Spaces but not one '+' (a real token has several), and '+' restored makes it Base64: a form decoder's work.
        // The spaces inside the token, and one at either end where the text has one: a '+' at an end became a
        // space that trimming loses. (All of the untrimmed text's spaces took a log's indent for lost '+' signs.)
        let inside = String(trimmed.unicodeScalars.filter { $0 != "\n" && $0 != "\r" && $0 != "\t" })
        let (before, after) = (raw.unicodeScalars.first == " " ? " " : "", raw.unicodeScalars.last == " " ? " " : "")
        let spaced = [inside, before + inside, inside + after, before + inside + after].first { isBase64($0.replacing(" ", with: "+")) }
        if let spaced, spaced.contains(" ") && !spaced.contains("+") {
            throw BNCError.invalid("token", "has spaces where Base64 has '+': a URL or form decoder turned '+' into ' ' (a common backend bug)",
                                   hint: "read the token as plain text (not a form field), or percent-encode '+' as %2B when sending it to your server")
        }
        // Otherwise white space is a log's or a wrapped paste's (older Apple docs print the sample with spaces in it).
        guard isBase64(compact) else { throw BNCError.invalid("token", "is not Base64 (A-Z, a-z, 0-9, +, /, = padding)") }
        return compact
    }

    static func isBase64(_ s: String) -> Bool {
        guard !s.isEmpty, s.count % 4 == 0 else { return false }
        let body = s.drop { $0 != "=" }
        guard body.count <= 2, body.allSatisfy({ $0 == "=" }) else { return false }
        return s.prefix(s.count - body.count).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "/") }
    }

    /// `POST {base}/api/v1/` with the token as the raw `text/plain` body, nothing else.
    public static func lookup(_ token: String, baseURL: String?) -> HTTPRequest {
        var request = HTTPRequest(method: "POST", base: baseURL ?? defaultBaseURL, path: "/api/v1/", headers: ["Accept": "application/json"],
                                  body: .text(token))
        // A batch line's token is read by the builder, not by the tool: the request itself says it is secret.
        request.secrets = [Secret(token)]
        return request
    }

    /// Apple's rules: 404 ("not yet") every `interval` seconds, `attempts` in all; 400 never; 500 with a
    /// bounded backoff (Apple gives no interval); transport failures as usual.
    public static func retryPolicy(attempts: Int, interval: Double, serverRetries: Int) -> RetryPolicy {
        RetryPolicy(maxAttempts: max(attempts, serverRetries + 1), baseDelay: 1, maxDelay: 10, retryableStatuses: [],
                    overrides: [404: .init(retry: true, maxAttempts: attempts, fixedDelay: interval),
                                400: .init(retry: false),
                                500: .init(retry: true, maxAttempts: serverRetries + 1)])
    }

    /// A token older than 24 hours (from `--generated-at`) reads nothing: refused before the call.
    public static func checkAge(generatedAt: Double, now: Double) throws(BNCError) {
        if generatedAt > now + 300 { throw BNCError.usage("--generated-at", "is in the future") }
        let hours = (now - generatedAt) / 3600
        if now - generatedAt > tokenLife {
            throw BNCError.invalid("token", "is \(Int(hours)) hours old: AdServices tokens live 24 hours (Apple answers 404)",
                                   hint: "have the app generate a fresh token (AAAttribution.attributionToken())")
        }
    }

    /// The record of a 200, or the error of any other answer, explained.
    public static func record(_ response: HTTPResponse, redactor: Redactor) throws(BNCError) -> AttributionRecord {
        switch response.status {
        case 200:
            guard case .object(let o)? = response.json, o["attribution"]?.boolValue != nil else {
                throw BNCError(.malformedResponse, "AdServices answered 200 without an attribution record")
            }
            return AttributionRecord(o)
        case 400:
            throw BNCError(.invalidData, "Apple says the token is invalid (HTTP 400)",
                           hint: "check it arrived whole: no truncation, no '+' turned into ' ', one token per request")
        case 404:
            throw BNCError(.temporary, "no attribution record after \(Counting.of(response.attempts, "attempt")) (HTTP 404): too soon after the token was made, or the token is over 24 hours old",
                           hint: "Apple's rule is 5-second retries, 3 attempts at most (--attempts, --retry-interval)")
        case 500...599:
            throw BNCError(.temporary, "the Apple Ads server is unavailable (HTTP \(response.status)) after \(response.attempts) attempts")
        default:
            throw response.httpError(redactor: redactor)
        }
    }
}

/// An AdServices attribution record (A4), typed: 64-bit ids, and what kind of payload it is.
public struct AttributionRecord: Sendable {
    public let raw: JSONObject
    public init(_ raw: JSONObject) { self.raw = raw }

    public var attributed: Bool { raw["attribution"]?.boolValue == true }
    public func id(_ key: String) -> Int64? { raw[key]?.numberValue?.int64 }
    /// Detailed payloads (ATT authorized) carry the click or view time; standard ones do not.
    public var payload: String { raw["clickDate"] != nil || raw["impressionDate"] != nil ? "detailed" : "standard" }
    /// Apple's developer-mode sample (ids 1234567890), which users find in production data.
    public var isDeveloperMode: Bool { ["orgId", "campaignId", "adGroupId"].allSatisfy { id($0) == 1_234_567_890 } }

    /// Why a record says what it says, for people.
    public var explanation: String? {
        if !attributed {
            return "not attributed: no Apple Ads tap within 30 days before the download (nor a view within 24 hours), or the ad group uses age or gender targeting"
        }
        if raw["keywordId"] == nil { return "no keywordId: the ad group uses Search Match (or it is not a search-results campaign)" }
        return nil
    }

    /// `{attributed, payload, developer_mode, record}`: the record as Apple sent it, with what bnc read from it.
    public var json: JSON {
        var o: JSONObject = ["attributed": .bool(attributed), "payload": .string(payload), "developer_mode": .bool(isDeveloperMode)]
        if let explanation { o["explanation"] = .string(explanation) }
        o["record"] = .object(raw)
        return .object(o)
    }
}
