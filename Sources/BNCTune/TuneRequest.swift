// One logged TUNE request, read from a line of any log a support engineer has: a URL (any TUNE host), a bare
// `/serve?...` target, a common or combined web-server log line, or a line with a URL somewhere in it (SDK debug
// output). Bytes in, bounded: at most `maxParameters` parameters of at most `maxValue` bytes each.
import BNCCore

/// One TUNE request read from a log line: its query parameters in order, with the host, path and access-log details.
public struct TuneRequest: Sendable {
    /// One query parameter, percent-decoded (`+` is a space).
    public struct Parameter: Sendable {
        /// The name as given, kept only when TUNE does not know it: a known name is its row's, and holding the
        /// table's String in each parameter retained and released it for every parameter of every line.
        private let unknownName: String?
        public var name: String { unknownName ?? TuneParameters.name(row: row!) }
        public let value: String
        /// Its row in `TuneParameters.all`, or nil for a name TUNE does not know.
        public let row: Int?
        let hash: UInt64

        init(name: String, value: String, row: Int?, hash: UInt64) {
            unknownName = row == nil ? name : nil
            self.value = value
            self.row = row
            self.hash = hash
        }
    }

    /// The query parameters in order, as TUNE read them.
    public private(set) var parameters: [Parameter] = []
    /// Names given more than once (TUNE reads the first).
    public private(set) var repeated: [String] = []
    /// Names that came out of the decrypted `data` parameter.
    public private(set) var decrypted: Set<String> = []
    public var host: String?
    /// The URL's scheme when it is not https (a TUNE URL made for a base URL of this machine, `http://127.0.0.1:PORT`).
    public var scheme: String?
    public var path = ""
    public var method: String?
    /// From an access log: the connecting address, the time, the status and the User-Agent header.
    public var clientIP: String?
    public var time: Double?
    public var status: Int?
    public var userAgentHeader: String?

    /// Which rows of `TuneParameters.all` are present, as bits (the first 256 rows): the checks mostly look up
    /// names a request does not carry, and a known name's absence is then one bit, not a search.
    private var rows: RowBits = (0, 0, 0, 0)
    /// Rows present with an empty value (rare: set only then), so "present and not empty" is two bits too.
    private var emptyRows: RowBits = (0, 0, 0, 0)

    /// Rows of `TuneParameters.all` as bits: the first 256, a word for each 64.
    typealias RowBits = (UInt64, UInt64, UInt64, UInt64)

    /// Every row of `present` is here, and every row of `filled` is here with a value that is not empty.
    func covers(present p: RowBits, filled f: RowBits) -> Bool {
        rows.0 & p.0 == p.0 && rows.1 & p.1 == p.1 && rows.2 & p.2 == p.2 && rows.3 & p.3 == p.3
            && rows.0 & ~emptyRows.0 & f.0 == f.0 && rows.1 & ~emptyRows.1 & f.1 == f.1
            && rows.2 & ~emptyRows.2 & f.2 == f.2 && rows.3 & ~emptyRows.3 & f.3 == f.3
    }

    public static let maxParameters = 512
    public static let maxValue = 16 * 1024

    /// Room for parameters is made by the first `addQuery` (once: reserving here too allocated twice a line).
    public init() {}

    public subscript(name: String) -> String? { position(of: name, hash: NameHash.of(name)).map { parameters[$0].value } }

    public func has(_ name: String) -> Bool { position(of: name, hash: NameHash.of(name)) != nil }

    /// A linear search on hashes: a request has a few dozen parameters, and checks look names up dozens of times
    /// per request — cheaper than a Dictionary (SipHash of every name, an allocation per request).
    func position(of name: String, hash: UInt64) -> Int? {
        position(of: name, hash: hash, row: TuneParameters.row(of: name, hash: hash))
    }

    /// The same, the name's row known: a known name not marked present is absent without a search, and a present
    /// one is found by its row (a row is one name, and a name with a row is never stored as unknown).
    func position(of name: String, hash: UInt64, row: Int?) -> Int? {
        if let row { return position(row: row) }
        for i in parameters.indices where parameters[i].row == nil && parameters[i].hash == hash && parameters[i].name == name { return i }
        return nil
    }

    /// A declared name's place, by its row.
    func position(row: Int) -> Int? {
        if !isMarked(row) { return nil }
        for i in parameters.indices where parameters[i].row == row { return i }
        return nil
    }

    /// Whether a declared name's row is present with a value that is not empty, from the bits alone (rows past
    /// 256: searched).
    func isFilled(row: Int) -> Bool {
        let bit = UInt64(1) << UInt64(row & 63)
        switch row >> 6 {
        case 0: return rows.0 & ~emptyRows.0 & bit != 0
        case 1: return rows.1 & ~emptyRows.1 & bit != 0
        case 2: return rows.2 & ~emptyRows.2 & bit != 0
        case 3: return rows.3 & ~emptyRows.3 & bit != 0
        default: return position(row: row).map { !parameters[$0].value.isEmpty } ?? false
        }
    }

    private mutating func markEmpty(_ row: Int) { Self.set(row, in: &emptyRows) }

    private func isMarked(_ row: Int) -> Bool {
        let bit = UInt64(1) << UInt64(row & 63)
        switch row >> 6 {
        case 0: return rows.0 & bit != 0
        case 1: return rows.1 & bit != 0
        case 2: return rows.2 & bit != 0
        case 3: return rows.3 & bit != 0
        default: return true  // beyond the bits: searched
        }
    }

    private mutating func mark(_ row: Int) { Self.set(row, in: &rows) }

    /// Sets a row's bit in four words of bits (rows past 256 have none).
    @inline(__always)
    static func set(_ row: Int, in words: inout RowBits) {
        let bit = UInt64(1) << UInt64(row & 63)
        switch row >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        case 3: words.3 |= bit
        default: break
        }
    }

    /// A parameter present with a non-empty value.
    public func value(_ name: String) -> String? {
        guard let v = self[name], !v.isEmpty else { return nil }
        return v
    }

    public mutating func add(_ name: String, _ value: String, decrypted fromData: Bool = false) {
        let hash = NameHash.of(name)
        add(name, value, row: TuneParameters.row(of: name, hash: hash), hash: hash, decrypted: fromData)
    }

    /// The same with the name's row and hash already found.
    mutating func add(_ name: String, _ value: String, row: Int?, hash: UInt64, decrypted fromData: Bool) {
        if position(of: name, hash: hash, row: row) != nil {
            // A clear parameter wins over the same one inside `data` (TUNE reads the query first).
            if !fromData && !repeated.contains(name) { repeated.append(name) }
            return
        }
        parameters.append(Parameter(name: name, value: value, row: row, hash: hash))
        if let row {
            mark(row)
            if value.isEmpty { markEmpty(row) }
        }
        if fromData { decrypted.insert(name) }
    }

    /// A known name found by its bytes: its row says whether it is already here, and it needs no String until a
    /// repeat or the data parameter names it.
    /// (`value` consumed: it moves into the parameter, where a borrowed one was retained there and released here.)
    mutating func addKnown(row: Int, _ value: consuming String, hash: UInt64, decrypted fromData: Bool) {
        if isMarked(row) || fromData {
            add(TuneParameters.name(row: row), value, row: row, hash: hash, decrypted: fromData)
            return
        }
        if value.isEmpty { markEmpty(row) }
        parameters.append(Parameter(name: "", value: value, row: row, hash: hash))
        mark(row)
    }

    /// The platform the request is about: from `sdk`, else from which identifiers it carries.
    public var platform: TunePlatform? {
        if let sdk = self[.sdk], let p = TunePlatform(sdk: sdk) { return p }
        if value(.iosIFA) != nil || value(.iosIFV) != nil || has(.iosAdTrackingDisabled) || has(.iosAdTracking) { return .iOS }
        if value(.googleAID) != nil || value(.androidID) != nil || value(.fireAID) != nil || has(.googleAdTrackingDisabled) { return .android }
        if has(.windowsAID) { return .windows }
        if value(.osID) != nil { return .android }
        return nil
    }

    /// A TUNE measurement request, not another page of the same web server's log: its path is `/serve`, its host is
    /// one of TUNE's, or it carries TUNE's routing pair (`action` and `advertiser_id`). An `action` alone is not
    /// enough (WordPress's `admin-ajax.php?action=heartbeat`, `/login?action=logout`).
    public var isTuneRequest: Bool {
        if path.hasSuffix("/serve") || (has(.action) && has(.advertiserID)) { return true }
        return host.map(TuneLog.isTuneHost) ?? false
    }

    /// Server-to-server (`sdk=server`) rather than SDK traffic.
    public var isServerToServer: Bool {
        // "server" in any case, compared without lower-casing a copy (this runs several times per scanned line).
        guard let sdk = self[.sdk] else { return false }
        return sdk == "server" || ASCII.equalIgnoringCase(sdk, "server")
    }

    /// `action` in lower case (the value itself when it has no upper-case letter: no new String per call).
    public var action: String? {
        guard let a = value(.action) else { return nil }
        // The two actions nearly every line carries, as logged, are compared first (a comparison of small Strings).
        if a == "session" || a == "conversion" { return a }
        return ASCII.isLowerCaseASCII(a) ? a : a.lowercased()
    }

    /// The `data` parameter still holds parameters nobody could read.
    public var hasEncryptedData: Bool { value(.data) != nil && decrypted.isEmpty }

    /// The request's time: the access log's, else the device clock's `system_date`.
    /// A `system_date` in milliseconds (past 1e11) is read as seconds; one past the year 9999 is no time at all
    /// (1e22 trapped the scan's and reconcile's hour arithmetic, and named a day no calendar has).
    public var effectiveTime: Double? {
        time ?? value(.systemDate).flatMap(Double.init).flatMap { d -> Double? in
            guard d.isFinite, d > 0 else { return nil }
            let seconds = d > 1e11 ? d / 1000 : d
            return seconds <= Self.lastSecond ? seconds : nil
        }
    }

    /// 9999-12-31T23:59:59Z: the last time a request's day can be written as YYYY-MM-DD.
    public static let lastSecond: Double = 253_402_300_799

    /// The request as a TUNE URL again (host from the log, or the measurement host of its advertiser when
    /// advertiser_id is a number — any other text would change the URL's host, found by fuzzing).
    public var url: String {
        let advertiser = value(.advertiserID).flatMap { $0.utf8.allSatisfy { (48...57).contains($0) } ? $0 : nil }
        let h = host ?? advertiser.map { "\($0).measure.mobileapptracking.com" } ?? "engine.mobileapptracking.com"
        let p = Self.pathForURL(path.isEmpty ? "/serve" : path.hasPrefix("/") ? path : "/" + path)
        let q = parameters.map { "\(HTTPURL.percentEncode($0.name))=\(HTTPURL.percentEncode($0.value))" }.joined(separator: "&")
        return "\(scheme ?? "https")://\(h)\(p)?\(q)"
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
        try addQuery(query, fromData: fromData, recent: nil)
    }

    /// The same, a known parameter's value taken from `recent` when the line logs it as the line before did.
    mutating func addQuery(_ query: ArraySlice<UInt8>, fromData: Bool = false, recent: RecentValues?) throws(TuneLineError) {
        if parameters.isEmpty { parameters.reserveCapacity(32) }
        let names = TuneParameters.rows  // read once, not once a parameter
        try query.withUnsafeBufferPointer { (q) throws(TuneLineError) in
            let n = q.count
            var start = 0
            // Where the thread's memory of which name follows which is read and taught (`RecentValues.guess`).
            var after = RecentValues.atStart
            while start < n {
                // The name this integration sent after the last one, if the bytes here are it; else memchr for the
                // `=`. Then memchr for the pair's end.
                let guess = recent?.guess(after: after, q, at: start) ?? -1
                let eq: Int, end: Int
                if guess >= 0, let recent {
                    eq = start + recent.nameLength(row: guess)
                    end = ByteSearch.first(UInt8(ascii: "&"), in: q, from: eq, to: n) ?? n
                } else {
                    end = ByteSearch.first(UInt8(ascii: "&"), in: q, from: start, to: n) ?? n
                    eq = ByteSearch.first(UInt8(ascii: "="), in: q, from: start, to: end) ?? end
                }
                if eq > start {
                    let valueStart = min(eq + 1, end)
                    if parameters.count >= Self.maxParameters { throw TuneLineError("more than \(Self.maxParameters) parameters") }
                    let nameBytes = UnsafeBufferPointer(rebasing: q[start..<eq])
                    // The bound is on the value as decoded (an escape is 3 bytes of 1); its encoded form is bounded first.
                    func tooLong() -> TuneLineError {
                        TuneLineError("parameter \(HTTPURL.percentDecode(bytes: query[(query.startIndex + start)..<(query.startIndex + eq)])) is longer than \(Self.maxValue) bytes")
                    }
                    if end - valueStart > Self.maxValue * 3 { throw tooLong() }
                    let valueBytes = UnsafeBufferPointer(rebasing: q[valueStart..<end])
                    // A name TUNE knows, spelt plainly (the common case), is found by its bytes and takes the table's
                    // String: no decoding, hashing or String made per parameter. No known name has a `%` or `+`, so
                    // a name the table has byte for byte needs no decoding; any other is decoded and looked up again.
                    let hash = guess >= 0 ? recent?.nameHash(row: guess) ?? 0 : NameHash.of(bytes: nameBytes)
                    if let row = guess >= 0 ? guess : names.position(ofBytes: nameBytes, hash: hash) {
                        if guess < 0 { recent?.learn(after: after, row) }
                        after = row
                        let value = recent?.value(row: row, valueBytes) ?? HTTPURL.percentDecode(buffer: valueBytes)
                        if end - valueStart > Self.maxValue, value.utf8.count > Self.maxValue { throw tooLong() }
                        addKnown(row: row, value, hash: hash, decrypted: fromData)
                    } else {
                        after = RecentValues.afterUnknown
                        let value = HTTPURL.percentDecode(buffer: valueBytes)
                        if end - valueStart > Self.maxValue, value.utf8.count > Self.maxValue { throw tooLong() }
                        add(HTTPURL.percentDecode(buffer: nameBytes), value, decrypted: fromData)
                    }
                }
                start = end + 1
            }
        }
    }
}
