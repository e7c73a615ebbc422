// One logged TUNE request, read from a line of any log a support engineer has: a URL (any TUNE host), a bare
// `/serve?...` target, a common or combined web-server log line, or a line with a URL somewhere in it (SDK debug
// output). Bytes in, bounded: at most `maxParameters` parameters of at most `maxValue` bytes each.
import BNCCore

/// One TUNE request read from a log line: its query parameters in order, with the host, path and access-log details.
public struct TuneRequest: Sendable {
    /// One query parameter, percent-decoded (`+` is a space).
    public struct Parameter: Sendable {
        public let name: String
        public let value: String
        /// Its row in `TuneParameters.all`, or nil for a name TUNE does not know.
        public let row: Int?
        let hash: UInt64
    }

    /// The query parameters in order, as TUNE read them.
    public private(set) var parameters: [Parameter] = []
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

    public init() { parameters.reserveCapacity(24) }

    public subscript(name: String) -> String? { position(of: name, hash: NameHash.of(name)).map { parameters[$0].value } }

    public func has(_ name: String) -> Bool { position(of: name, hash: NameHash.of(name)) != nil }

    /// A linear search on hashes: a request has a few dozen parameters, and checks look names up dozens of times
    /// per request — cheaper than a Dictionary (SipHash of every name, an allocation per request).
    private func position(of name: String, hash: UInt64) -> Int? {
        for i in parameters.indices where parameters[i].hash == hash && parameters[i].name == name { return i }
        return nil
    }

    /// A parameter present with a non-empty value.
    public func value(_ name: String) -> String? {
        guard let v = self[name], !v.isEmpty else { return nil }
        return v
    }

    public mutating func add(_ name: String, _ value: String, decrypted fromData: Bool = false) {
        let hash = NameHash.of(name)
        if position(of: name, hash: hash) != nil {
            // A clear parameter wins over the same one inside `data` (TUNE reads the query first).
            if !fromData && !repeated.contains(name) { repeated.append(name) }
            return
        }
        parameters.append(Parameter(name: name, value: value, row: TuneParameters.row(of: name, hash: hash), hash: hash))
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
    public var isServerToServer: Bool {
        // "server" in any case, compared without lower-casing a copy (this runs several times per scanned line).
        guard let sdk = self["sdk"] else { return false }
        return ASCII.equalIgnoringCase(sdk.utf8, "server".utf8)
    }

    public var action: String? { value("action")?.lowercased() }

    /// The `data` parameter still holds parameters nobody could read.
    public var hasEncryptedData: Bool { value("data") != nil && decrypted.isEmpty }

    /// The request's time: the access log's, else the device clock's `system_date`.
    public var effectiveTime: Double? {
        time ?? value("system_date").flatMap(Double.init).flatMap { $0.isFinite && $0 > 0 ? ($0 > 1e11 ? $0 / 1000 : $0) : nil }
    }

    /// The request as a TUNE URL again (host from the log, or the measurement host of its advertiser when
    /// advertiser_id is a number — any other text would change the URL's host, found by fuzzing).
    public var url: String {
        let advertiser = value("advertiser_id").flatMap { $0.utf8.allSatisfy { (48...57).contains($0) } ? $0 : nil }
        let h = host ?? advertiser.map { "\($0).measure.mobileapptracking.com" } ?? "engine.mobileapptracking.com"
        let p = Self.pathForURL(path.isEmpty ? "/serve" : path.hasPrefix("/") ? path : "/" + path)
        let q = parameters.map { "\(HTTPURL.percentEncode($0.name))=\(HTTPURL.percentEncode($0.value))" }.joined(separator: "&")
        return "https://\(h)\(p)?\(q)"
    }

    /// A logged path as it may stand in a URL: white space, controls, non-ASCII bytes and the delimiters that would
    /// end it (`?`, `#`) percent-encoded; escapes already there kept (the path is stored as it came).
    static func pathForURL(_ path: String) -> String {
        var out = ""
        for b in path.utf8 {
            switch b {
            case 0x21...0x7E where !"\"#<>?\\^`{|}".utf8.contains(b):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out += "%" + Hex.encode([b], upper: true)
            }
        }
        return out
    }

    /// Reads a query string's parameters (bytes after `?`, up to `#`), each name and value decoded in place.
    public mutating func addQuery(_ query: ArraySlice<UInt8>, fromData: Bool = false) throws(TuneLineError) {
        var start = query.startIndex
        while start < query.endIndex {
            let end = ByteSearch.first(UInt8(ascii: "&"), in: query[start...]) ?? query.endIndex
            let pair = query[start..<end]
            let eq = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let name = pair[..<eq]
            if !name.isEmpty {
                let value = eq < pair.endIndex ? pair[(eq + 1)...] : pair[pair.endIndex...]
                if parameters.count >= Self.maxParameters { throw TuneLineError("more than \(Self.maxParameters) parameters") }
                if value.count > Self.maxValue * 3 {
                    throw TuneLineError("parameter \(HTTPURL.percentDecode(bytes: name)) is longer than \(Self.maxValue) bytes")
                }
                add(HTTPURL.percentDecode(bytes: name), HTTPURL.percentDecode(bytes: value), decrypted: fromData)
            }
            start = end + 1
        }
    }
}

/// Why a line is not a TUNE request.
public struct TuneLineError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Reads a log line (a URL, a request target or a web-server log line) into a TuneRequest.
public enum TuneLog {
    /// Hosts the fact sheet lists for TUNE measurement, clicks and links (B2).
    public static let hostSuffixes = [".engine.mobileapptracking.com", ".measure.mobileapptracking.com", "engine.mobileapptracking.com",
                                      "engine.stage.mobileapptracking.com", ".api-01.com", ".tlnk.io"]

    public static func isTuneHost(_ host: String) -> Bool {
        let h = host.lowercased()
        return hostSuffixes.contains { h.hasSuffix($0) || h == String($0.drop { $0 == "." }) }
    }

    /// A blank line or a `#` comment: nothing to read.
    public static func isSkippable(_ line: ArraySlice<UInt8>) -> Bool { LineReader.isBlankOrComment(line) }

    /// Reads one line. Throws when it is neither a URL, a request target nor an access-log line.
    public static func parse(_ line: ArraySlice<UInt8>) throws(TuneLineError) -> TuneRequest {
        var bytes = line
        while let f = bytes.first, f == 32 || f == 9 { bytes = bytes.dropFirst() }
        while let l = bytes.last, l == 32 || l == 9 || l == 13 { bytes = bytes.dropLast() }
        if ByteSearch.first(0, in: bytes) != nil { throw TuneLineError("contains a NUL byte") }
        var request = TuneRequest()
        if starts(bytes, "http://") || starts(bytes, "https://") {
            try readURL(bytes.prefix { $0 != 32 && $0 != 9 }, into: &request)
        } else if bytes.first == UInt8(ascii: "/") {
            try readTarget(bytes.prefix { $0 != 32 && $0 != 9 }, into: &request)
        } else if let open = ByteSearch.first(UInt8(ascii: "["), in: bytes), let quote = ByteSearch.first(UInt8(ascii: "\""), in: bytes[open...]) {
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
            r.time = parseLogTime(b[(open + 1)..<close])
        }
        guard let end = ByteSearch.first(UInt8(ascii: "\""), in: b[(quote + 1)...]) else { throw TuneLineError("has an unterminated request in quotes") }
        // METHOD SP TARGET [SP VERSION], read in place.
        let method = b[(quote + 1)..<end].drop { $0 == 32 }.prefix { $0 != 32 }
        let target = b[method.endIndex..<end].drop { $0 == 32 }.prefix { $0 != 32 }
        guard !method.isEmpty, !target.isEmpty else { throw TuneLineError("has no request target in its quoted request") }
        r.method = String(decoding: method, as: UTF8.self)
        if starts(target, "http://") || starts(target, "https://") { try readURL(target, into: &r) } else { try readTarget(target, into: &r) }
        // After the request: status, size, then (combined) "referer" "user-agent".
        let rest = b[(end + 1)...]
        let status = rest.drop { $0 == 32 }.prefix { $0 != 32 }
        if (1...3).contains(status.count), status.allSatisfy({ (48...57).contains($0) }) {
            r.status = status.reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        var quoted: [ArraySlice<UInt8>] = []
        var i = rest.startIndex
        while i < rest.endIndex, quoted.count < 2 {
            guard let q1 = ByteSearch.first(UInt8(ascii: "\""), in: rest[i...]),
                  let q2 = ByteSearch.first(UInt8(ascii: "\""), in: rest[(q1 + 1)...]) else { break }
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
        let noFragment = t[..<(ByteSearch.first(UInt8(ascii: "#"), in: t) ?? t.endIndex)]
        if let q = ByteSearch.first(UInt8(ascii: "?"), in: noFragment) {
            r.path = String(decoding: noFragment[..<q], as: UTF8.self)
            try r.addQuery(noFragment[(q + 1)...])
        } else {
            r.path = String(decoding: noFragment, as: UTF8.self)
        }
        if r.path.isEmpty { r.path = "/" }
    }

    static let months: [StaticString] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `10/Oct/2026:13:55:36 -0700` (the common log format's time) as epoch seconds.
    static func parseLogTime(_ slice: ArraySlice<UInt8>) -> Double? {
        guard slice.count >= 20 else { return nil }
        let s = slice.startIndex
        func num(_ from: Int, _ n: Int) -> Int? {
            guard from + n <= slice.count else { return nil }
            var v = 0
            for b in slice[(s + from)..<(s + from + n)] { guard (48...57).contains(b) else { return nil }; v = v * 10 + Int(b - 48) }
            return v
        }
        guard let day = num(0, 2), let month = months.firstIndex(where: { starts(slice[(s + 3)..<(s + 6)], $0) }),
              let year = num(7, 4), let h = num(12, 2), let m = num(15, 2), let sec = num(18, 2), h < 24, m < 60, sec < 61 else { return nil }
        var offset = 0
        if slice.count >= 26, slice[s + 20] == 32, slice[s + 21] == UInt8(ascii: "+") || slice[s + 21] == UInt8(ascii: "-"),
           let oh = num(22, 2), let om = num(24, 2) {
            offset = (oh * 3600 + om * 60) * (slice[s + 21] == UInt8(ascii: "-") ? -1 : 1)
        }
        return Double(Timestamp.civilSeconds(year: year, month: month + 1, day: day) + h * 3600 + m * 60 + sec - offset)
    }

    /// `b` starts with `prefix`, ASCII letters compared case-insensitively.
    static func starts(_ b: ArraySlice<UInt8>, _ prefix: StaticString) -> Bool {
        ASCII.hasPrefixIgnoringCase(b, UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
    }

    static func find(_ b: ArraySlice<UInt8>, _ needle: StaticString) -> Int? {
        let n = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard b.count >= n.count else { return nil }
        var i = b.startIndex
        while i <= b.endIndex - n.count {
            if b[i] == n[0] && b[i..<(i + n.count)].elementsEqual(n) { return i }
            i += 1
        }
        return nil
    }
}

