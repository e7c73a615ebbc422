// One logged TUNE request, read from a line of any log a support engineer has: a URL (any TUNE host), a bare
// `/serve?...` target, a common or combined web-server log line, or a line with a URL somewhere in it (SDK debug
// output). Bytes in, bounded: at most `maxParameters` parameters of at most `maxValue` bytes each.
import BNCCore

public struct TuneRequest: Sendable {
    /// The query parameters in order, percent-decoded (`+` is a space), as TUNE read them.
    public private(set) var parameters: [(name: String, value: String)] = []
    private var index: [String: Int] = [:]
    /// Names given more than once (TUNE reads the first).
    public private(set) var repeated: [String] = []
    /// Names that came out of the decrypted `data` parameter.
    public private(set) var decrypted: Set<String> = []
    public var host: String?
    public var path = ""
    public var method: String?
    /// From an access log: the connecting address, the time, the status and the User-Agent header.
    public var clientIP: String?
    public var time: Double?
    public var status: Int?
    public var userAgentHeader: String?

    public static let maxParameters = 512
    public static let maxValue = 16 * 1024

    public init() {}

    public subscript(name: String) -> String? { index[name].map { parameters[$0].value } }

    public func has(_ name: String) -> Bool { index[name] != nil }

    /// A parameter present with a non-empty value.
    public func value(_ name: String) -> String? {
        guard let v = self[name], !v.isEmpty else { return nil }
        return v
    }

    public mutating func add(_ name: String, _ value: String, decrypted fromData: Bool = false) {
        if index[name] != nil {
            // A clear parameter wins over the same one inside `data` (TUNE reads the query first).
            if !fromData && !repeated.contains(name) { repeated.append(name) }
            return
        }
        index[name] = parameters.count
        parameters.append((name, value))
        if fromData { decrypted.insert(name) }
    }

    /// The platform the request is about: from `sdk`, else from which identifiers it carries.
    public var platform: TunePlatform? {
        if let sdk = self["sdk"], let p = TunePlatform(sdk: sdk) { return p }
        if value("ios_ifa") != nil || value("ios_ifv") != nil || has("ios_ad_tracking_disabled") || has("ios_ad_tracking") { return .iOS }
        if value("google_aid") != nil || value("android_id") != nil || value("fire_aid") != nil || has("google_ad_tracking_disabled") { return .android }
        if has("windows_aid") { return .windows }
        if value("os_id") != nil { return .android }
        return nil
    }

    /// Server-to-server (`sdk=server`) rather than SDK traffic.
    public var isServerToServer: Bool { self["sdk"]?.lowercased() == "server" }

    public var action: String? { value("action")?.lowercased() }

    /// The `data` parameter still holds parameters nobody could read.
    public var hasEncryptedData: Bool { value("data") != nil && decrypted.isEmpty }

    /// The request's time: the access log's, else the device clock's `system_date`.
    public var effectiveTime: Double? {
        time ?? value("system_date").flatMap(Double.init).flatMap { $0.isFinite && $0 > 0 ? ($0 > 1e11 ? $0 / 1000 : $0) : nil }
    }

    /// The request as a TUNE URL again (host from the log, or the measurement host of its advertiser).
    public var url: String {
        let h = host ?? "\(self["advertiser_id"] ?? "0").measure.mobileapptracking.com"
        let q = parameters.map { "\(HTTPURL.percentEncode($0.name))=\(HTTPURL.percentEncode($0.value))" }.joined(separator: "&")
        return "https://\(h)\(path.isEmpty ? "/serve" : path)?\(q)"
    }

    /// Reads a query string's parameters (bytes after `?`, up to `#`).
    public mutating func addQuery<C: Collection>(_ query: C, fromData: Bool = false) throws(TuneLineError) where C.Element == UInt8 {
        var name: [UInt8] = []
        var value: [UInt8] = []
        var inValue = false
        func flush() throws(TuneLineError) {
            defer { name.removeAll(keepingCapacity: true); value.removeAll(keepingCapacity: true); inValue = false }
            if name.isEmpty { return }
            if parameters.count >= Self.maxParameters { throw TuneLineError("more than \(Self.maxParameters) parameters") }
            if value.count > Self.maxValue * 3 { throw TuneLineError("parameter \(HTTPURL.percentDecode(bytes: name)) is longer than \(Self.maxValue) bytes") }
            add(HTTPURL.percentDecode(bytes: name), HTTPURL.percentDecode(bytes: value), decrypted: fromData)
        }
        for b in query {
            switch b {
            case UInt8(ascii: "&"): try flush()
            case UInt8(ascii: "="):
                if inValue { value.append(b) } else { inValue = true }
            default:
                if inValue { value.append(b) } else { name.append(b) }
            }
        }
        try flush()
    }
}

/// Why a line is not a TUNE request.
public struct TuneLineError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

public enum TuneLog {
    /// Hosts the fact sheet lists for TUNE measurement, clicks and links (B2).
    public static let hostSuffixes = [".engine.mobileapptracking.com", ".measure.mobileapptracking.com", "engine.mobileapptracking.com",
                                      "engine.stage.mobileapptracking.com", ".api-01.com", ".tlnk.io"]

    public static func isTuneHost(_ host: String) -> Bool {
        let h = host.lowercased()
        return hostSuffixes.contains { h.hasSuffix($0) || h == String($0.drop { $0 == "." }) }
    }

    /// A blank line or a `#` comment: nothing to read.
    public static func isSkippable<C: Collection>(_ line: C) -> Bool where C.Element == UInt8 { LineReader.isBlankOrComment(line) }

    /// Reads one line. Throws when it is neither a URL, a request target nor an access-log line.
    public static func parse(_ line: ArraySlice<UInt8>) throws(TuneLineError) -> TuneRequest {
        var bytes = line
        while let f = bytes.first, f == 32 || f == 9 { bytes = bytes.dropFirst() }
        while let l = bytes.last, l == 32 || l == 9 || l == 13 { bytes = bytes.dropLast() }
        if bytes.contains(0) { throw TuneLineError("contains a NUL byte") }
        var request = TuneRequest()
        if starts(bytes, "http://") || starts(bytes, "https://") {
            try readURL(bytes.prefix { $0 != 32 && $0 != 9 }, into: &request)
        } else if bytes.first == UInt8(ascii: "/") {
            try readTarget(bytes.prefix { $0 != 32 && $0 != 9 }, into: &request)
        } else if let open = bytes.firstIndex(of: UInt8(ascii: "[")), let quote = bytes[open...].firstIndex(of: UInt8(ascii: "\"")) {
            try readAccessLog(bytes, open: open, quote: quote, into: &request)
        } else if let at = find(bytes, "https://") ?? find(bytes, "http://") {
            try readURL(bytes[at...].prefix { $0 != 32 && $0 != 9 && $0 != UInt8(ascii: "\"") }, into: &request)
        } else {
            throw TuneLineError("is not a URL, a /serve?... target or a web-server log line")
        }
        return request
    }

    /// `1.2.3.4 - - [10/Oct/2026:13:55:36 -0700] "GET /serve?... HTTP/1.1" 200 2326 "referer" "user agent"`
    static func readAccessLog(_ b: ArraySlice<UInt8>, open: Int, quote: Int, into r: inout TuneRequest) throws(TuneLineError) {
        let client = b[b.startIndex..<open].prefix { $0 != 32 }
        if !client.isEmpty { r.clientIP = String(decoding: client, as: UTF8.self) }
        if let close = b[open...].firstIndex(of: UInt8(ascii: "]")) {
            r.time = parseLogTime(Array(b[(open + 1)..<close]))
        }
        guard let end = b[(quote + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { throw TuneLineError("has an unterminated request in quotes") }
        let parts = b[(quote + 1)..<end].split(separator: 32)
        guard parts.count >= 2 else { throw TuneLineError("has no request target in its quoted request") }
        r.method = String(decoding: parts[0], as: UTF8.self)
        if starts(parts[1], "http://") || starts(parts[1], "https://") { try readURL(parts[1], into: &r) } else { try readTarget(parts[1], into: &r) }
        // After the request: status, size, then (combined) "referer" "user-agent".
        let rest = b[(end + 1)...]
        let fields = rest.split(separator: 32, maxSplits: 2)
        if let s = fields.first, let status = Int(String(decoding: s, as: UTF8.self)) { r.status = status }
        var quoted: [ArraySlice<UInt8>] = []
        var i = rest.startIndex
        while i < rest.endIndex, quoted.count < 2 {
            guard let q1 = rest[i...].firstIndex(of: UInt8(ascii: "\"")),
                  let q2 = rest[(q1 + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            quoted.append(rest[(q1 + 1)..<q2])
            i = q2 + 1
        }
        if quoted.count == 2, quoted[1] != Array("-".utf8)[...], !quoted[1].isEmpty {
            r.userAgentHeader = String(decoding: quoted[1], as: UTF8.self)
        }
    }

    static func readURL(_ u: ArraySlice<UInt8>, into r: inout TuneRequest) throws(TuneLineError) {
        guard let sep = find(u, "://") else { throw TuneLineError("is not a URL") }
        let afterScheme = u[(sep + 3)...]
        let hostEnd = afterScheme.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? afterScheme.endIndex
        var host = afterScheme[afterScheme.startIndex..<hostEnd]
        if let at = host.lastIndex(of: UInt8(ascii: "@")) { host = host[(at + 1)...] }
        if let colon = host.lastIndex(of: UInt8(ascii: ":")), !host.contains(UInt8(ascii: "]")) { host = host[..<colon] }
        guard !host.isEmpty else { throw TuneLineError("has no host") }
        r.host = String(decoding: host, as: UTF8.self).lowercased()
        try readTarget(afterScheme[hostEnd...], into: &r)
    }

    static func readTarget(_ t: ArraySlice<UInt8>, into r: inout TuneRequest) throws(TuneLineError) {
        let noFragment = t.prefix { $0 != UInt8(ascii: "#") }
        if let q = noFragment.firstIndex(of: UInt8(ascii: "?")) {
            r.path = String(decoding: noFragment[..<q], as: UTF8.self)
            try r.addQuery(noFragment[(q + 1)...])
        } else {
            r.path = String(decoding: noFragment, as: UTF8.self)
        }
        if r.path.isEmpty { r.path = "/" }
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `10/Oct/2026:13:55:36 -0700` (the common log format's time) as epoch seconds.
    static func parseLogTime(_ t: [UInt8]) -> Double? {
        guard t.count >= 20 else { return nil }
        func num(_ from: Int, _ n: Int) -> Int? {
            guard from + n <= t.count else { return nil }
            var v = 0
            for b in t[from..<from + n] { guard (48...57).contains(b) else { return nil }; v = v * 10 + Int(b - 48) }
            return v
        }
        guard let day = num(0, 2), let month = months.firstIndex(of: String(decoding: t[3..<6], as: UTF8.self)),
              let year = num(7, 4), let h = num(12, 2), let m = num(15, 2), let s = num(18, 2), h < 24, m < 60, s < 61 else { return nil }
        var offset = 0
        if t.count >= 26, t[20] == 32, t[21] == UInt8(ascii: "+") || t[21] == UInt8(ascii: "-"), let oh = num(22, 2), let om = num(24, 2) {
            offset = (oh * 3600 + om * 60) * (t[21] == UInt8(ascii: "-") ? -1 : 1)
        }
        return Double(Timestamp.civilSeconds(year: year, month: month + 1, day: day) + h * 3600 + m * 60 + s - offset)
    }

    static func starts(_ b: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        let p = Array(prefix.utf8)
        guard b.count >= p.count else { return false }
        return zip(b.prefix(p.count), p).allSatisfy { ($0 | 0x20) == ($1 | 0x20) }
    }

    static func find(_ b: ArraySlice<UInt8>, _ needle: String) -> Int? {
        let n = Array(needle.utf8)
        guard b.count >= n.count else { return nil }
        var i = b.startIndex
        while i <= b.endIndex - n.count {
            if b[i] == n[0] && b[i..<(i + n.count)].elementsEqual(n) { return i }
            i += 1
        }
        return nil
    }
}
