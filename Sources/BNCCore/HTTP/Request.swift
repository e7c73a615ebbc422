// Requests are values: built by an API module, then sent, printed as JSON (--dry-run) or as curl (--curl).
import FoundationEssentials

/// Header fields in order, looked up without regard to case.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)] = []

    public init() {}
    public init(dictionaryLiteral elements: (String, String)...) {
        fields.reserveCapacity(elements.count + 2)  // a request adds Content-Type, often an IP override
        for (n, v) in elements { add(n, v) }
    }

    /// Header names compare without regard to ASCII case (RFC 9110); names are ASCII tokens, so no Unicode
    /// case mapping (and no lowercased copy per comparison: responses are read header by header in a batch).
    static func sameName(_ a: String, _ b: String) -> Bool { ASCII.equalIgnoringCase(a.utf8, b.utf8) }

    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            if let newValue {
                if let i = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
                    fields[i].value = newValue
                    var j = fields.count - 1
                    while j > i {
                        if Self.sameName(fields[j].name, name) { fields.remove(at: j) }
                        j -= 1
                    }
                } else {
                    fields.append((name, newValue))
                }
            } else {
                fields.removeAll { Self.sameName($0.name, name) }
            }
        }
    }

    public mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }
    public mutating func reserveCapacity(_ n: Int) { fields.reserveCapacity(n) }
    public var isEmpty: Bool { fields.isEmpty }
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    public static func == (a: HTTPHeaders, b: HTTPHeaders) -> Bool {
        a.fields.count == b.fields.count && zip(a.fields, b.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}

/// A request body.
public enum HTTPBody: Sendable, Equatable {
    /// A JSON document, sent compact as application/json.
    case json(JSON)
    /// Plain text (Apple's AdServices API takes the token as a raw body).
    case text(String)

    public var bytes: [UInt8] {
        switch self {
        case .json(let j): j.bytes
        case .text(let t): Array(t.utf8)
        }
    }

    /// The bytes on the wire, lent for the call.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch self {
        case .json(let j): return j.withUTF8(body)
        case .text(let t):
            var t = t
            return t.withUTF8(body)
        }
    }

    public var contentType: String {
        switch self {
        case .json: "application/json"
        case .text: "text/plain"
        }
    }
}

/// One HTTP request, complete: nothing is added when it is sent but transport details (User-Agent, Expect).
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: String
    public var headers: HTTPHeaders
    public var body: HTTPBody?

    public init(method: String, url: String, headers: HTTPHeaders = [:], body: HTTPBody? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        if let body, self.headers["Content-Type"] == nil { self.headers["Content-Type"] = body.contentType }
    }

    /// A request to `path` under a base URL (`http://h:1/prefix` + `/v1/open`), with query items encoded.
    public init(method: String, base: String, path: String, query: [(String, String)] = [],
                headers: HTTPHeaders = [:], body: HTTPBody? = nil) {
        var url = (base.hasSuffix("/") ? String(base.dropLast()) : base) + path
        if !query.isEmpty {
            url += "?" + query.map { "\(HTTPURL.percentEncode($0.0))=\(HTTPURL.percentEncode($0.1))" }.joined(separator: "&")
        }
        self.init(method: method, url: url, headers: headers, body: body)
    }
}

/// Minimal, strict view of an http(s) URL.
public struct HTTPURL: Sendable, Equatable {
    public let scheme: String
    public let host: String
    public let port: Int?
    public let path: String
    public let query: String?
    public let fragment: String?

    public init?(_ text: String) {
        guard let c = URLComponents(string: text), let scheme = c.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = c.host, !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = c.port
        self.path = c.percentEncodedPath
        self.query = c.percentEncodedQuery
        self.fragment = c.fragment
    }

    /// Decodes %XX escapes (and `+` as a space when `plus`, as in form-encoded queries); bad escapes stay as they are.
    public static func percentDecode(_ s: String, plus: Bool = true) -> String { percentDecode(bytes: Array(s.utf8), plus: plus) }

    /// The same over bytes, then UTF-8 (invalid sequences become U+FFFD); no copy when there is nothing to decode.
    public static func percentDecode(bytes: [UInt8], plus: Bool = true) -> String { percentDecode(bytes: bytes[...], plus: plus) }

    /// The same over a slice (a query's name or value in place: no copy when there is nothing to decode).
    public static func percentDecode(bytes: ArraySlice<UInt8>, plus: Bool = true) -> String {
        let plain = bytes.withUnsafeBufferPointer { b in
            for c in b where c == UInt8(ascii: "%") || (plus && c == UInt8(ascii: "+")) { return false }
            return true
        }
        if plain {
            return String(decoding: bytes, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "%"), i + 2 < bytes.endIndex, let h = Hex.digit(bytes[i + 1]), let l = Hex.digit(bytes[i + 2]) {
                out.append(h << 4 | l)
                i += 3
                continue
            }
            out.append(plus && b == UInt8(ascii: "+") ? 0x20 : b)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters (safe in any query or path segment).
    public static func percentEncode(_ s: String) -> String {
        var out = ""
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}

/// What came back.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Timings of the last attempt.
    public var timing: Timing?
    /// How many attempts it took (1 when the first one answered).
    public var attempts: Int = 1

    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = [], timing: Timing? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.timing = timing
    }

    /// Branch's `X-Branch-Request-Id`, shown with errors so support can trace the call.
    public var requestID: String? { headers["X-Branch-Request-Id"] }
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body as JSON, or nil when it is not JSON (an HTML outage page, an empty body).
    public var json: JSON? { try? JSON.parse(bytes: body) }

    /// `Retry-After` in seconds: delta-seconds, or an HTTP date relative to `now`.
    public func retryAfter(now: Date = Date()) -> Double? {
        guard let raw = headers["Retry-After"]?.trimmingWhitespace(), !raw.isEmpty else { return nil }
        if let seconds = Double(raw), seconds >= 0 { return seconds }
        if let date = HTTPDate.parse(raw) { return max(0, date.timeIntervalSince(now)) }
        return nil
    }
}

/// Phases of one exchange, in seconds from the start (libcurl's *_TIME_T infos).
public struct Timing: Sendable, Equatable {
    public var dns: Double
    public var connect: Double
    public var tls: Double
    public var firstByte: Double
    public var total: Double

    public init(dns: Double, connect: Double, tls: Double, firstByte: Double, total: Double) {
        self.dns = dns
        self.connect = connect
        self.tls = tls
        self.firstByte = firstByte
        self.total = total
    }

    /// `dns 0.1ms  connect 0.3ms  tls 0.0ms  first-byte 2.0ms  total 2.1ms` (`--timing` prints it on stderr).
    public var summary: String {
        func ms(_ s: Double) -> String {
            let v = (s * 10_000).rounded() / 10
            return "\(v)ms"
        }
        return "dns \(ms(dns))  connect \(ms(connect))  tls \(ms(tls))  first-byte \(ms(firstByte))  total \(ms(total))"
    }
}

/// HTTP dates (RFC 9110 IMF-fixdate), for Retry-After.
enum HTTPDate {
    static func parse(_ s: String) -> Date? {
        // "Sun, 06 Nov 1994 08:49:37 GMT"
        let parts = s.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let year = Int(parts[3]) else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard let monthIndex = months.firstIndex(of: String(parts[2])) else { return nil }
        let hms = parts[4].split(separator: ":").compactMap { Int($0) }
        guard hms.count == 3 else { return nil }
        let seconds = Timestamp.civilSeconds(year: year, month: monthIndex + 1, day: day) + hms[0] * 3600 + hms[1] * 60 + hms[2]
        return Date(timeIntervalSince1970: Double(seconds))
    }
}
