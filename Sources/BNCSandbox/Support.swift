// Shared pieces of the emulator: its request/response values, Branch's error envelope, seeded randomness, and
// its own small parsers (IP addresses, percent-decoding) — never the client's, so a client bug cannot hide
// behind a shared one.
import BNCCore
#if canImport(Glibc)
import Glibc
#endif

/// A request as the emulator sees it, independent of the HTTP server underneath.
public struct SandboxRequest: Sendable {
    public var method: String
    public var path: String
    public var query: [(String, String)]
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// The TCP peer's address (a click's IP when no X-Forwarded-For is given).
    public var peerIP: String

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

/// The emulator's own address check: what inet_pton(3) accepts as IPv4 or IPv6, nothing else.
enum SandboxIP {
    static func isValid(_ s: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, s, &v4) == 1 || inet_pton(AF_INET6, s, &v6) == 1
    }
}

/// What the emulator answers.
public struct SandboxResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// Close the connection without answering (chaos `reset`).
    public var reset = false
    /// Seconds to wait before answering (chaos `latency`).
    public var delay: Double = 0
    /// True when chaos, not the emulated service, produced this answer.
    public var injected = false
    /// What production would silently mishandle in the request, sent as `X-Sandbox-Lint` headers.
    public var lints: [String] = []

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func json(_ status: Int, _ value: JSON, headers: [(String, String)] = []) -> SandboxResponse {
        SandboxResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: SandboxJSON.encode(value))
    }

    /// Branch's error envelope: `{"error":{"code":N,"message":"…"}}`.
    public static func branchError(_ status: Int, _ message: String, headers: [(String, String)] = []) -> SandboxResponse {
        .json(status, ["error": ["code": .int(status), "message": .string(message)]], headers: headers)
    }
}

/// A rule broken by a request, answered as a 400 in Branch's envelope.
struct Rejection: Error {
    let status: Int
    let message: String
    init(_ message: String, status: Int = 400) {
        self.status = status
        self.message = message
    }
}

/// SplitMix64: small, fast, and the same sequence for the same seed on every machine.
struct SeededRandom: Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// An 18-digit decimal id, like Branch's.
    mutating func branchID() -> String { String(100_000_000_000_000_000 + next() % 900_000_000_000_000_000) }

    /// A short-link code: 11 letters and digits.
    mutating func code(length: Int = 11) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
    }

    mutating func bytes(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8(truncatingIfNeeded: next()) } }
}

/// Base64 without Foundation (AdServices tokens).
enum Base64 {
    private static let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(table[Int(b0 >> 2)])
            out.append(table[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(i + 1 < bytes.count ? table[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? table[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True for well-formed standard Base64 (padding included, length a multiple of 4).
    static func isValid(_ s: String) -> Bool {
        let chars = Array(s.utf8)
        guard !chars.isEmpty, chars.count % 4 == 0 else { return false }
        let padding = chars.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2 else { return false }
        return chars.dropLast(padding).allSatisfy { table.contains($0) }
    }
}

/// Key/secret validity as Branch checks it (format, and live/test agreement).
enum KeyFormat {
    static func kind(ofKey key: String) -> String? {
        for kind in ["live", "test"] where key.hasPrefix("key_\(kind)_") {
            let rest = key.dropFirst(kind.count + 5)
            return !rest.isEmpty && rest.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? kind : nil
        }
        return nil
    }

    static func kind(ofSecret secret: String) -> String? {
        for kind in ["live", "test"] where secret.hasPrefix("secret_\(kind)_") && secret.count > kind.count + 8 { return kind }
        return nil
    }
}
