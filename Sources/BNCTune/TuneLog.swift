// Logged TUNE requests, line by line: URL, access-log and JSON forms, and a line's error.
import BNCCore

/// Why a line is not a TUNE request.
public struct TuneLineError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// Bounded as every message is (a 900 KB parameter name was quoted whole in scan's NDJSON and each report,
    /// QA round 29a): its first 1,000 bytes and how many more there were.
    public init(_ description: String) { self.description = MessageBound.cut(description) }
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
    /// - Parameter recent: the thread's last value of each known parameter (a scan's), reused when logged alike.
    public static func parse(_ line: ArraySlice<UInt8>, recent: RecentValues? = nil) throws(TuneLineError) -> TuneRequest {
        var bytes = line
        while let f = bytes.first, f == 32 || f == 9 { bytes = bytes.dropFirst() }
        while let l = bytes.last, l == 32 || l == 9 || l == 13 { bytes = bytes.dropLast() }
        if ByteSearch.first(0, in: bytes) != nil { throw TuneLineError("contains a NUL byte") }
        var request = TuneRequest()
        if starts(bytes, "http://") || starts(bytes, "https://") {
            try readURL(bytes.prefix { $0 != 32 && $0 != 9 }, into: &request, recent: recent)
        } else if bytes.first == UInt8(ascii: "/") {
            try readTarget(bytes.prefix { $0 != 32 && $0 != 9 }, into: &request, recent: recent)
        } else if let open = ByteSearch.first(UInt8(ascii: "["), in: bytes), let quote = ByteSearch.first(UInt8(ascii: "\""), in: bytes[open...]) {
            do {
                try readAccessLog(bytes, open: open, quote: quote, into: &request, recent: recent)
            } catch {
                // Not an access-log line after all, but a line with a URL in it that has a `[` and a quote: an
                // NSLog line (`MyApp[1234:5678] TUNE: Sending "https://..."`), a JSON line with an array.
                guard let found = embeddedURL(bytes) else { throw error }
                request = TuneRequest()
                try readURL(found, into: &request, recent: recent)
            }
        } else if let found = embeddedURL(bytes) {
            try readURL(found, into: &request, recent: recent)
        } else {
            throw TuneLineError("is not a URL, a /serve?... target or a web-server log line")
        }
        return request
    }

    /// The URL in a line of other text: from `http(s)://` (or JSON's escaped `https:\/\/`) to white space or a
    /// quote, without what closes it in the text — `<URL>`, `(URL)`, `'URL'`, `URL,` — which no URL ends with
    /// unencoded (a value's own parentheses, balanced, are kept); JSON's escapes undone.
    static func embeddedURL(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let at = find(bytes, "https://") ?? find(bytes, "http://") ?? find(bytes, "https:\\/\\/") ?? find(bytes, "http:\\/\\/") else { return nil }
        var url = bytes[at...].prefix { $0 != 32 && $0 != 9 && $0 != UInt8(ascii: "\"") }
        let opener: UInt8? = at > bytes.startIndex ? bytes[at - 1] : nil
        let closers: [UInt8: UInt8] = [UInt8(ascii: "<"): UInt8(ascii: ">"), UInt8(ascii: "("): UInt8(ascii: ")"), UInt8(ascii: "["): UInt8(ascii: "]"),
                                       UInt8(ascii: "{"): UInt8(ascii: "}"), UInt8(ascii: "'"): UInt8(ascii: "'"), UInt8(ascii: "`"): UInt8(ascii: "`")]
        let closer = opener.flatMap { closers[$0] }
        // `>` never stands in a URL unencoded: the first one ends it.
        if closer == UInt8(ascii: ">"), let end = url.firstIndex(of: UInt8(ascii: ">")) { url = url[..<end] }
        // The parentheses counted once, at the first `)` to drop (most URLs end in none): counting them again at
        // each one made a URL ending in 40,000 of them take minutes (QA round 26a).
        var counted: (opens: Int, closes: Int)?
        while let last = url.last {
            if last == UInt8(ascii: ",") || last == UInt8(ascii: ";") || last == UInt8(ascii: ".") || last == UInt8(ascii: "!") {
                url = url.dropLast()
            } else if last == UInt8(ascii: ")") {
                // A closing parenthesis the URL did not open (`(see URL)`), whatever came just before it.
                if counted == nil {
                    var opens = 0, closes = 0
                    for b in url { if b == UInt8(ascii: "(") { opens += 1 } else if b == UInt8(ascii: ")") { closes += 1 } }
                    counted = (opens, closes)
                }
                guard counted!.closes > counted!.opens else { break }
                counted!.closes -= 1
                url = url.dropLast()
            } else if let closer, last == closer {
                url = url.dropLast()
            } else {
                break
            }
        }
        // A URL inside a JSON string (`https:\/\/`, Gson's `\u0026`): read as the string it is.
        if url.contains(UInt8(ascii: "\\")), case .string(let text)? = try? JSON.parse(bytes: [UInt8(ascii: "\"")] + url + [UInt8(ascii: "\"")]) {
            return ArraySlice(Array(text.utf8))
        }
        return url
    }

    /// `1.2.3.4 - - [10/Oct/2026:13:55:36 -0700] "GET /serve?... HTTP/1.1" 200 2326 "referer" "user agent"`
    static func readAccessLog(_ b: ArraySlice<UInt8>, open: Int, quote: Int, into r: inout TuneRequest, recent: RecentValues?) throws(TuneLineError) {
        // The fields are found as positions in the line's buffer (memchr and byte loops, no sub-slice per field: each
        // retained the line); only the request target is handed on as a slice.
        let s = b.startIndex
        let target: Range<Int> = try b.withUnsafeBufferPointer { (p) throws(TuneLineError) -> Range<Int> in
            let n = p.count, o = open - s, q = quote - s
            func find(_ byte: UInt8, from i: Int) -> Int? { ByteSearch.first(byte, in: p, from: i, to: n) }
            func spaces(from i: Int, to end: Int) -> Int { var i = i; while i < end && p[i] == 32 { i += 1 }; return i }
            // memchr for the space: a target is hundreds of bytes (a byte loop over it was 2,000 instructions a line).
            func word(from i: Int, to end: Int) -> Int { ByteSearch.first(32, in: p, from: i, to: end) ?? max(i, end) }
            func text(_ range: Range<Int>, _ slot: Int) -> String {
                let bytes = UnsafeBufferPointer(rebasing: p[range])
                return recent?.text(slot, bytes) ?? String(decoding: bytes, as: UTF8.self)
            }
            let client = word(from: 0, to: o)
            if client > 0 { r.clientIP = text(0..<client, RecentValues.clientText) }
            if let close = find(UInt8(ascii: "]"), from: o) {
                let time = UnsafeBufferPointer(rebasing: p[(o + 1)..<close])
                r.time = recent.map { $0.time(time) } ?? parseLogTime(time)
            }
            guard let end = find(UInt8(ascii: "\""), from: q + 1) else { throw TuneLineError("has an unterminated request in quotes") }
            // METHOD SP TARGET [SP VERSION].
            let methodStart = spaces(from: q + 1, to: end), methodEnd = word(from: methodStart, to: end)
            let targetStart = spaces(from: methodEnd, to: end), targetEnd = word(from: targetStart, to: end)
            guard methodEnd > methodStart, targetEnd > targetStart else { throw TuneLineError("has no request target in its quoted request") }
            r.method = text(methodStart..<methodEnd, RecentValues.methodText)
            // After the request: status, size, then (combined) "referer" "user-agent".
            let statusStart = spaces(from: end + 1, to: n), statusEnd = word(from: statusStart, to: n)
            if (1...3).contains(statusEnd - statusStart), p[statusStart..<statusEnd].allSatisfy({ (48...57).contains($0) }) {
                r.status = p[statusStart..<statusEnd].reduce(0) { $0 * 10 + Int($1 - 48) }
            }
            // The second quoted field (the first is the referer).
            var i = end + 1, found = 0
            while found < 2, let q1 = find(UInt8(ascii: "\""), from: i), let q2 = find(UInt8(ascii: "\""), from: q1 + 1) {
                found += 1
                if found == 2, q2 > q1 + 1, !(q2 == q1 + 2 && p[q1 + 1] == UInt8(ascii: "-")) { r.userAgentHeader = text((q1 + 1)..<q2, RecentValues.userAgentText) }
                i = q2 + 1
            }
            return (s + targetStart)..<(s + targetEnd)
        }
        let t = b[target]
        if starts(t, "http://") || starts(t, "https://") { try readURL(t, into: &r, recent: recent) } else { try readTarget(t, into: &r, recent: recent) }
    }

    static func readURL(_ u: ArraySlice<UInt8>, into r: inout TuneRequest, recent: RecentValues? = nil) throws(TuneLineError) {
        guard let sep = find(u, "://") else { throw TuneLineError("is not a URL") }
        let afterScheme = u[(sep + 3)...]
        let hostEnd = afterScheme.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? afterScheme.endIndex
        var host = afterScheme[afterScheme.startIndex..<hostEnd]
        if let at = host.lastIndex(of: UInt8(ascii: "@")) { host = host[(at + 1)...] }
        if let colon = host.lastIndex(of: UInt8(ascii: ":")), !host.contains(UInt8(ascii: "]")) { host = host[..<colon] }
        guard !host.isEmpty else { throw TuneLineError("has no host") }
        r.host = String(decoding: host, as: UTF8.self).lowercased()
        try readTarget(afterScheme[hostEnd...], into: &r, recent: recent)
    }

    static func readTarget(_ t: ArraySlice<UInt8>, into r: inout TuneRequest, recent: RecentValues? = nil) throws(TuneLineError) {
        let noFragment = t[..<(ByteSearch.first(UInt8(ascii: "#"), in: t) ?? t.endIndex)]
        if let q = ByteSearch.first(UInt8(ascii: "?"), in: noFragment) {
            let path = noFragment[..<q]
            r.path = recent.map { recent in path.withUnsafeBufferPointer { recent.text(RecentValues.pathText, $0) } } ?? String(decoding: path, as: UTF8.self)
            try r.addQuery(noFragment[(q + 1)...], recent: recent)
        } else {
            r.path = String(decoding: noFragment, as: UTF8.self)
        }
        if r.path.isEmpty { r.path = "/" }
    }

    static let months: [StaticString] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Each month's three letters in lower case as one number: a line's month is found by one comparison per
    /// month, case-insensitively (`| 0x20` maps only a letter's two cases onto the lower one).
    static let monthKeys: [UInt32] = months.map { m in
        UnsafeBufferPointer(start: m.utf8Start, count: 3).reduce(0) { $0 << 8 | UInt32($1 | 0x20) }
    }

    /// `10/Oct/2026:13:55:36 -0700` (the common log format's time) as epoch seconds.
    static func parseLogTime(_ slice: UnsafeBufferPointer<UInt8>) -> Double? {
        guard slice.count >= 20 else { return nil }
        let s = slice.startIndex
        func num(_ from: Int, _ n: Int) -> Int? {
            guard from + n <= slice.count else { return nil }
            var v = 0
            for b in slice[(s + from)..<(s + from + n)] { guard (48...57).contains(b) else { return nil }; v = v * 10 + Int(b - 48) }
            return v
        }
        guard let day = num(0, 2), let month = monthKeys.firstIndex(of: slice[(s + 3)..<(s + 6)].reduce(0) { $0 << 8 | UInt32($1 | 0x20) }),
              let year = num(7, 4), let h = num(12, 2), let m = num(15, 2), let sec = num(18, 2), h < 24, m < 60, sec < 61 else { return nil }
        var offset = 0
        if slice.count >= 26, slice[s + 20] == 32, slice[s + 21] == UInt8(ascii: "+") || slice[s + 21] == UInt8(ascii: "-"),
           let oh = num(22, 2), let om = num(24, 2) {
            offset = (oh * 3600 + om * 60) * (slice[s + 21] == UInt8(ascii: "-") ? -1 : 1)
        }
        return Double(Timestamp.civilSeconds(year: year, month: month + 1, day: day) + h * 3600 + m * 60 + sec - offset)
    }

    /// `b` starts with `prefix`, ASCII letters compared case-insensitively.
    static func starts<C: Collection<UInt8>>(_ b: C, _ prefix: StaticString) -> Bool {
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
