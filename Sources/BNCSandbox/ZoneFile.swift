// A tz database zone, read from its TZif file (RFC 8536) under /usr/share/zoneinfo (Debian's tzdata): the UTC offset
// in effect at an instant, and the instant a zone's wall-clock time names. A custom export's offset-less
// start_date and end_date are in its `timezone` (Branch's: "offset-less dates use timezone, else UTC").
#if canImport(Glibc)
import Glibc
#endif

struct ZoneFile {
    static let directory = "/usr/share/zoneinfo"

    let name: String
    /// Transition instants (UTC seconds, ascending) and the offset in effect from each.
    private let transitions: [Int64]
    private let offsets: [Int64]
    /// The offset before the first transition (the file's first local time type).
    private let initial: Int64

    /// nil when `name` is not a zone of the database: a name of letters, digits, `_ - + /` (never `.`, so never a
    /// path out of the directory) whose file is a TZif file.
    init?(name: String, directory: String = ZoneFile.directory) {
        let allowed = name.utf8.allSatisfy { b in
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D || b == 0x2B || b == 0x2F
        }
        guard (1...64).contains(name.utf8.count), allowed, !name.hasPrefix("/"), !name.hasSuffix("/"), !name.contains("//"),
              let bytes = Self.read(directory + "/" + name) else { return nil }
        guard let parsed = Self.parse(bytes) else { return nil }
        self.name = name
        (transitions, offsets, initial) = parsed
    }

    /// The offset from UTC, in seconds, at a UTC instant.
    func offset(atUTC t: Int64) -> Int64 {
        var low = 0, high = transitions.count  // the first transition after t
        while low < high {
            let mid = (low + high) / 2
            if transitions[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? initial : offsets[low - 1]
    }

    /// The UTC instant of a wall-clock time in this zone (given as seconds since the epoch as if it were UTC). A
    /// time a clock change skips is read with the offset before the change; one it repeats, the first of the two.
    func utc(ofLocal local: Int64) -> Int64 {
        let guess = local - offset(atUTC: local)
        // The offsets a day before and after the guess: the readings a change near this time allows.
        let before = local - offset(atUTC: guess - 86400), after = local - offset(atUTC: guess + 86400)
        if local - offset(atUTC: before) == before { return before }  // the earlier reading, when it holds
        if local - offset(atUTC: after) == after { return after }
        return before  // skipped: neither holds
    }

    private static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= 1 << 20 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var got = 0
        while got < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + got, $0.count - got) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            got += n
        }
        return bytes
    }

    /// The version 2+ data block when there is one (64-bit instants), else version 1's.
    private static func parse(_ b: [UInt8]) -> (transitions: [Int64], offsets: [Int64], initial: Int64)? {
        func be(_ at: Int, _ width: Int) -> Int64? {
            guard at >= 0, at + width <= b.count else { return nil }
            var v: UInt64 = 0
            for i in 0..<width { v = v << 8 | UInt64(b[at + i]) }
            return width == 4 ? Int64(Int32(bitPattern: UInt32(v))) : Int64(bitPattern: v)
        }
        func header(_ at: Int) -> (isut: Int, isstd: Int, leap: Int, time: Int, type: Int, chars: Int)? {
            guard at + 44 <= b.count, Array(b[at..<at + 4]) == Array("TZif".utf8) else { return nil }
            var c: [Int] = []
            for i in 0..<6 {
                guard let v = be(at + 20 + 4 * i, 4), (0...100_000).contains(v) else { return nil }
                c.append(Int(v))
            }
            return (c[0], c[1], c[2], c[3], c[4], c[5])
        }
        guard let first = header(0) else { return nil }
        var at = 44, width = 4, h = first
        if b[4] >= UInt8(ascii: "2") {
            at += first.time * 4 + first.time + first.type * 6 + first.chars + first.leap * 8 + first.isstd + first.isut
            guard let second = header(at) else { return nil }
            h = second
            at += 44
            width = 8
        }
        guard h.type >= 1 else { return nil }
        var transitions: [Int64] = [], types: [Int] = []
        for i in 0..<h.time {
            guard let t = be(at + i * width, width) else { return nil }
            transitions.append(t)
        }
        at += h.time * width
        for i in 0..<h.time {
            guard at + i < b.count, Int(b[at + i]) < h.type else { return nil }
            types.append(Int(b[at + i]))
        }
        at += h.time
        var typeOffsets: [Int64] = []
        for i in 0..<h.type {
            guard let o = be(at + i * 6, 4), abs(o) <= 26 * 3600 else { return nil }
            typeOffsets.append(o)
        }
        guard zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        return (transitions, types.map { typeOffsets[$0] }, typeOffsets[0])
    }
}
