// NDJSON input, one line at a time from a file or stdin, in constant memory whatever the input's size.
#if canImport(Glibc)
import Glibc
#endif

/// Reads lines from a file descriptor through a fixed buffer. Line numbers start at 1; the line break
/// (LF or CR LF) is not part of the line; a last line without a break still counts.
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
    /// Inside a long line being skipped: bytes up to its line break are dropped.
    private var skipping = false

    /// Opens a file, or standard input for `-`. A missing file is exit 66.
    public init(path: String, maxLineLength: Int = 16 * 1024 * 1024) throws(BNCError) {
        if path == "-" {
            fd = 0
            ownsFD = false
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            if fd < 0 { throw BNCError(.inputMissing, "--batch: cannot open \(path): \(FileSystem.errnoText())") }
            ownsFD = true
        }
        self.maxLineLength = maxLineLength
    }

    deinit { if ownsFD { close(fd) } }

    /// Only spaces and tabs, or a `#` comment: a line of a text input (logged URLs) with nothing to read.
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
                    longLinesSkipped += 1
                    continue
                }
                buffer.removeAll(keepingCapacity: true)
                start = 0
                if eof {
                    skipping = false
                    lineNumber += 1
                    longLinesSkipped += 1
                    return nil
                }
            } else if let nl = ByteSearch.first(10, in: buffer[start...]) {
                var end = nl
                if end > start && buffer[end - 1] == 13 { end -= 1 }
                let line = buffer[start..<end]
                start = nl + 1
                lineNumber += 1
                return line
            }
            if eof && !skipping {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                lineNumber += 1
                return line
            }
            if !skipping && buffer.count - start > maxLineLength {
                if skipLongLines {
                    skipping = true
                    continue
                }
                throw BNCError(.invalidData, "--batch: line \(lineNumber + 1) is longer than \(maxLineLength) bytes")
            }
            // Compact what is left, then read more.
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw BNCError(.inputMissing, "--batch: read error: \(FileSystem.errnoText())")
            }
            if n == 0 { eof = true } else { buffer.append(contentsOf: chunk[0..<n]) }
        }
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
        var s = s
        s.withUTF8 { add(bytes: $0) }
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
