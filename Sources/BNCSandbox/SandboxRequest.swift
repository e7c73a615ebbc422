// A request as the emulator sees it, and its own percent-decoding: never the client's, so a client bug cannot
// hide behind a shared one.
import BNCCore

/// A request as the emulator sees it, independent of the HTTP server underneath.
public struct SandboxRequest: Sendable {
    public var method: String
    public var path: String
    public var query: [(String, String)]
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// The TCP peer's address (a click's IP when no X-Forwarded-For is given).
    public var peerIP: String
    /// The body decoded as JSON before the emulator's lock is taken (`Sandbox.handle`): a large body's decoding
    /// held every other client (QA round 28a). Nil: not decoded yet (not JSON-looking, or a request built in a test).
    var decoded: Result<JSON, SandboxJSON.Invalid>?
    /// A form body split before the lock, as JSON is (QA round 31a: 700,000 pairs held every client 12-15 s).
    var form: Result<FormPairs, Rejection>?
    /// Any other body as text, white space trimmed, made before the lock (an 8 MB AdServices token held every
    /// client 2 s: QA round 31a).
    var text: String?

    public init(method: String, path: String, query: [(String, String)] = [], headers: [(String, String)] = [],
                body: [UInt8] = [], peerIP: String = "127.0.0.1") {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.peerIP = peerIP
    }

    /// A header's value without the optional white space HTTP allows around it (RFC 9110 §5.5).
    public func header(_ name: String) -> String? {
        guard let raw = headers.first(where: { $0.0.lowercased() == name.lowercased() })?.1 else { return nil }
        return String(raw.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    public func queryValue(_ name: String) -> String? { query.first { $0.0 == name }?.1 }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The body as JSON: decoded before the lock when it looked like JSON, else now.
    func decodedBody() throws(SandboxJSON.Invalid) -> JSON {
        if let decoded { return try decoded.get() }
        return try SandboxJSON.decode(body)
    }

    /// Decodes a body that starts (after white space) with `{` or `[`, keeping the outcome for `decodedBody`;
    /// splits any other form body (`form`), and reads any other body as text (`text`).
    mutating func decodeAhead() {
        guard decoded == nil, form == nil, text == nil, !body.isEmpty else { return }
        let bytes = body
        let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            decoded = Result { () throws(SandboxJSON.Invalid) in try SandboxJSON.decode(bytes) }
        } else if header("Content-Type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false {
            form = Result { () throws(Rejection) in try FormBody.split(bytes) }
        } else {
            text = bodyText.trimmingWhitespace()
        }
    }

    /// The body as text, white space trimmed.
    var trimmedText: String { text ?? bodyText.trimmingWhitespace() }

    /// Splits `/path?a=1&b=%20` into the path and decoded query items.
    public static func splitTarget(_ target: String) -> (String, [(String, String)]) {
        guard let q = target.firstIndex(of: "?") else { return (Percent.decode(target, plus: false), []) }
        let path = String(target[..<q])
        let items = target[target.index(after: q)...].split(separator: "&").map { pair -> (String, String) in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Percent.decode(String(parts[0]), plus: true), parts.count > 1 ? Percent.decode(String(parts[1]), plus: true) : "")
        }
        return (Percent.decode(path, plus: false), items)
    }
}

extension SandboxRequest {
    /// Query parameters whose values the log never shows: credentials the emulator accepts (`branch_secret`,
    /// `access_token`), TUNE's conversion key (`key`, `conversion_key`) and Apple's attribution token.
    static let loggedSecrets: Set<String> = ["branch_secret", "access_token", "key", "conversion_key", "apple_attribution_token",
                                             "attribution_token", "client_secret", "api_key", "password"]

    /// A request target as the log shows it: each secret parameter's value `<redacted>`, its name matched as the
    /// emulator reads it (percent-decoded, so `branch%5Fsecret` is masked as `branch_secret` is).
    public static func loggedTarget(_ target: String) -> String {
        guard let q = target.firstIndex(of: "?") else { return target }
        let pairs = target[target.index(after: q)...].split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let eq = pair.firstIndex(of: "="),
                  loggedSecrets.contains(Percent.decode(String(pair[..<eq]), plus: true).lowercased()) else { return String(pair) }
            return String(pair[pair.startIndex...eq]) + "<redacted>"
        }
        return String(target[...q]) + pairs.joined(separator: "&")
    }
}

/// The emulator's own percent-decoding (`+` is a space in query strings); a bad escape stays as it is.
enum Percent {
    static func decode(_ s: String, plus: Bool) -> String {
        let bytes = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x25, i + 2 < bytes.count, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) {
                out.append(h << 4 | l)
                i += 3
                continue
            }
            out.append(plus && b == 0x2B ? 0x20 : b)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }
}
