// NDJSON input, one line at a time from a file or stdin, in constant memory whatever the input's size; gzip
// input (its magic bytes, whatever the file's name) is inflated as it is read.
#if canImport(Glibc)
import Glibc
#endif

/// Reads lines from a file descriptor through a fixed buffer. Line numbers start at 1; the line break
/// (LF or CR LF) is not part of the line; a last line without a break still counts. Input that starts with
/// gzip's magic bytes (1f 8b) is inflated as it comes, from a file or a pipe alike.
public final class LineReader {
    private let fd: Int32
    private let ownsFD: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var eof = false
    public private(set) var lineNumber = 0
    /// Lines longer than this are an error (or, with `skipLongLines`, skipped), never a memory blow-up.
    public let maxLineLength: Int
    /// Skip a line over `maxLineLength` (its bytes read and dropped as they come) instead of failing: a log may
    /// hold a 10 MB line among ordinary ones. Counted in `longLinesSkipped`.
    public var skipLongLines = false
    public private(set) var longLinesSkipped = 0
    /// Keep the numbers of the lines skipped for their length, for `takeSkippedLineNumbers` (a batch gives each a
    /// result of its own).
    public var keepsSkippedNumbers = false
    private var skippedNumbers: [Int] = []

    /// The numbers of the lines skipped for their length since the last call (with `keepsSkippedNumbers`).
    public func takeSkippedLineNumbers() -> [Int] {
        defer { skippedNumbers.removeAll(keepingCapacity: true) }
        return skippedNumbers
    }
    /// Inside a long line being skipped: bytes up to its line break are dropped.
    private var skipping = false
    /// What the messages call the input.
    private let what: String
    /// The first bytes, held until there are two to tell gzip from plain text.
    private var head: [UInt8]? = []
    /// Set when the input is gzip.
    private var inflater: GzipInflater?
    /// Bytes read from the input as it is stored (compressed, for gzip): with the file's size, how far along a
    /// reader is.
    public private(set) var bytesRead = 0
    /// The bytes of the line being skipped dropped so far: past `maxSkippedLineLength` the input is no lines at all.
    private var skippedBytes = 0
    /// The longest line skipped rather than refused (64 times the bound, at least 64 MiB): past it the input ends
    /// with an error. `/dev/zero` was one endless line, skipped at full CPU for ever (QA round 29a).
    public var maxSkippedLineLength: Int { max(maxLineLength.multipliedReportingOverflow(by: 64).partialValue, 64 << 20) }
    /// Whether the input was gzip (known after the first read).
    public var isCompressed: Bool { inflater != nil }

    /// Opens a file, or standard input for `-`. A missing file is exit 66.
    public init(path: String, maxLineLength: Int = 16 * 1024 * 1024, what: String = "--batch") throws(BNCError) {
        self.what = what
        if path == "-" {
            fd = 0
            ownsFD = false
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            if fd < 0 { throw BNCError(.inputMissing, "\(what): cannot open \(path): \(FileSystem.errnoText())") }
            ownsFD = true
        }
        self.maxLineLength = maxLineLength
    }

    /// Lines of bytes already read (an input that was read whole to tell its format: a FIFO or a process
    /// substitution cannot be opened a second time). Plain text: gzip is inflated only as a file is read.
    public init(bytes: [UInt8], maxLineLength: Int = 16 * 1024 * 1024, what: String) {
        self.what = what
        fd = -1
        ownsFD = false
        buffer = bytes
        eof = true
        head = nil
        self.maxLineLength = maxLineLength
    }

    /// A read of this input may wait: anything but a regular file.
    private lazy var mayWait: Bool = {
        var st = stat()
        return fstat(fd, &st) != 0 || st.st_mode & S_IFMT != S_IFREG
    }()

    /// Where each read lands before its bytes join `buffer`: allocated once (a new zeroed array per read wrote
    /// every byte of the input once more).
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: GzipInflater.chunk, alignment: 16)

    deinit {
        if ownsFD { close(fd) }
        scratch.deallocate()
    }

    /// Only spaces and tabs, or a `#` comment: a line of a text input (logged URLs) with nothing to read.
    /// A line of spaces and tabs only (or none): no record, skipped and counted by a batch.
    public static func isBlank(_ line: ArraySlice<UInt8>) -> Bool { line.allSatisfy { $0 == 32 || $0 == 9 } }

    public static func isBlankOrComment(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first(where: { $0 != 32 && $0 != 9 }) else { return true }
        return first == UInt8(ascii: "#")
    }

    /// The next line's bytes, or nil at the end of input.
    public func next() throws(BNCError) -> ArraySlice<UInt8>? {
        while true {
            if skipping {
                if let nl = ByteSearch.first(10, in: buffer[start...]) {
                    start = nl + 1
                    skipping = false
                    lineNumber += 1
                    try tooLong()
                    continue
                }
                skippedBytes += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
                if skippedBytes > maxSkippedLineLength {
                    throw BNCError(.invalidData, "\(what): line \(lineNumber + 1) is longer than \(maxSkippedLineLength) bytes with no line break: not a file of lines")
                }
                if eof {
                    skipping = false
                    lineNumber += 1
                    try tooLong()
                    return nil
                }
            } else if let nl = ByteSearch.first(10, in: buffer[start...]) {
                var end = nl
                if end > start && buffer[end - 1] == 13 { end -= 1 }
                let line = buffer[start..<end]
                start = nl + 1
                lineNumber += 1
                // A whole line already read is held to the same bound as one still coming: where the reads
                // happened to end must not decide whether a 1.05 MB line is read under a 1 MiB limit.
                if line.count > maxLineLength { try tooLong(); continue }
                return line
            }
            if eof && !skipping {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                lineNumber += 1
                if line.count > maxLineLength { try tooLong(); return nil }
                return line
            }
            // Over the bound by more than a CR that a line break may yet follow: too long, whatever comes.
            if !skipping && buffer.count - start > maxLineLength + 1 {
                if skipLongLines {
                    skipping = true
                    skippedBytes = 0
                    continue
                }
                throw BNCError(.invalidData, "\(what): line \(lineNumber + 1) is longer than \(maxLineLength) bytes")
            }
            // A signal ends a read that has found no line yet (a log of NULs, /dev/zero: skipped as one long line,
            // read for ever): the input ends here, and the caller, seeing the signal, stops.
            if SignalWatcher.signalled { return nil }
            // Compact what is left, then read more.
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            try fill()
        }
    }

    /// The line just numbered is over `maxLineLength`: skipped and counted, or the error that ends the input.
    private func tooLong() throws(BNCError) {
        guard skipLongLines else {
            throw BNCError(.invalidData, "\(what): line \(lineNumber) is longer than \(maxLineLength) bytes")
        }
        longLinesSkipped += 1
        if keepsSkippedNumbers { skippedNumbers.append(lineNumber) }
    }

    /// `next()` would wait for input that has not come: no whole line is held, and the input (a pipe, a FIFO, a
    /// terminal; never a regular file) has nothing to read now.
    public var wouldWait: Bool {
        guard mayWait, !eof else { return false }
        if let inflater, !inflater.needsInput { return false }
        if !skipping, ByteSearch.first(10, in: buffer[start...]) != nil { return false }
        var fds = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&fds, 1, 0) == 0
    }

    /// Appends the next lines to `block` — their bytes as read, breaks included — with each line's number and its
    /// range in `block` (without its break), up to `maxLines` lines or about `maxBytes` bytes; none at the end of
    /// input. The lines are those `next()` gives, numbered alike: the whole lines already read are found in one pass
    /// and copied at once (a scan's reader hands thousands of lines at a time to its threads), and `next()` reads
    /// on when the buffer holds no whole line.
    public func nextLines(into block: inout [UInt8], lines: inout [(number: Int, range: Range<Int>)],
                          maxLines: Int, maxBytes: Int) throws(BNCError) {
        while lines.count < maxLines && block.count < maxBytes {
            if !skipping {
                let base = block.count, first = start
                var number = lineNumber
                let taken = buffer.withUnsafeBufferPointer { b -> Int in
                    var s = first
                    while lines.count < maxLines && base + (s - first) < maxBytes, let nl = ByteSearch.first(10, in: b, from: s, to: b.count) {
                        var end = nl
                        if end > s && b[end - 1] == 13 { end -= 1 }
                        if end - s > maxLineLength { break }  // left to next(), which skips it or fails
                        number += 1
                        lines.append((number, (base + s - first)..<(base + end - first)))
                        s = nl + 1
                    }
                    return s
                }
                if taken > first {
                    block.append(contentsOf: buffer[first..<taken])
                    start = taken
                    lineNumber = number
                    continue
                }
            }
            // Input that comes as it is written (`tail -f access.log | bnc-tune scan -`): the lines already here go
            // now, rather than once the chunk is full.
            if !lines.isEmpty && wouldWait { return }
            guard let line = try next() else { return }
            let at = block.count
            block.append(contentsOf: line)
            lines.append((lineNumber, at..<block.count))
        }
    }

    /// The input's next bytes as they come (inflated when it is gzip), whatever their line breaks: for a reader of
    /// another framing (a JSON array's elements, `JSONArrayReader`). nil at the end. Not mixed with `next()`.
    public func nextBytes() throws(BNCError) -> [UInt8]? {
        if start > 0 { buffer.removeFirst(start); start = 0 }
        while buffer.isEmpty && !eof && !SignalWatcher.signalled { try fill() }
        if buffer.isEmpty { return nil }
        defer { buffer.removeAll(keepingCapacity: true) }
        return buffer
    }

    /// Adds the next bytes of the input to `buffer` (inflated when it is gzip), or sets `eof`.
    private func fill() throws(BNCError) {
        if let inflater, !inflater.needsInput {
            if try inflater.inflate(into: &buffer) == 0 && !inflater.needsInput {
                throw BNCError(.invalidData, "\(what): the gzip data is damaged (no progress)")
            }
            return
        }
        // Input that may never come (a FIFO whose writer is idle, a terminal, stdin held open) is waited for with
        // the signal pipe: SIGINT, SIGTERM or SIGHUP may reach another thread, and then no read is interrupted
        // (a scan of a FIFO ignored every signal until its writer wrote). The caller sees the signal and stops.
        if mayWait, let wake = SignalWatcher.wakeFD {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            while poll(&fds, 2, -1) < 0 && errno == EINTR {}
            if fds[0].revents == 0 && fds[1].revents != 0 { return }
        }
        // A held first byte and the next read together never exceed one chunk.
        var n = 0
        while true {
            n = read(fd, scratch.baseAddress, GzipInflater.chunk - (head?.count ?? 0))
            if n >= 0 { break }
            if errno != EINTR { throw BNCError(.inputMissing, "\(what): read error: \(FileSystem.errnoText())") }
        }
        bytesRead += n
        var got = UnsafeRawBufferPointer(rebasing: scratch[0..<n])
        if var held = head {
            // Until two bytes have come (a pipe may give one), nothing is decided.
            held.append(contentsOf: got)
            if held.count < 2 && n > 0 { head = held; return }
            head = nil
            if held.starts(with: GzipInflater.magic) { inflater = try GzipInflater(what: what) }
            n = held.count
            held.withUnsafeBytes { scratch.copyMemory(from: $0) }
            got = UnsafeRawBufferPointer(rebasing: scratch[0..<n])
        }
        guard let inflater else {
            if n == 0 { eof = true } else { buffer.append(contentsOf: got) }
            return
        }
        if n == 0 {
            if inflater.insideMember { throw BNCError(.invalidData, "\(what): the gzip data ends early (a truncated file?)") }
            eof = true
            return
        }
        inflater.feed(got)
        _ = try inflater.inflate(into: &buffer)
    }
}

/// FNV-1a, 64 bits: a stable, fast fingerprint (shards, journal keys). Not for anything adversarial.
public struct FNV1a64: Sendable {
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    public mutating func add<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ add(bytes: $0) }) != nil { return }
        for b in bytes {
            value ^= UInt64(b)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    public mutating func add(byte b: UInt8) {
        value ^= UInt64(b)
        value = value &* 0x0000_0100_0000_01B3
    }

    /// A string's UTF-8 bytes (concrete, so the loop is specialised: this runs per line of a scanned log).
    public mutating func add(_ s: String) {
        s.withUTF8Bytes { add(bytes: $0) }
    }

    private mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
        for b in bytes {
            value ^= UInt64(b)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    public static func hash<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h = FNV1a64()
        h.add(bytes)
        return h.value
    }

    public var hex: String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
