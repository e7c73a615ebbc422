// Finding a byte in a slice with libc's memchr: the per-line scans of a log (line breaks, `?`, `#`, NUL, quotes)
// otherwise cost a bounds-checked loop each, several times over every byte of a long line.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds a byte in a byte slice with libc's memchr instead of a bounds-checked loop.
public enum ByteSearch {
    /// The index of the first `byte` in `bytes` (in the slice's own indices), or nil.
    public static func first(_ byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { b in first(byte, in: b, from: 0, to: b.count).map { bytes.startIndex + $0 } }
    }

    /// The offset of the first `byte` in `buffer[from..<to]` (an offset from the buffer's start), or nil: for code
    /// that reads a line through one buffer pointer, with no slice (each of which retains the line) per field.
    @inlinable public static func first(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let base = buffer.baseAddress, let hit = memchr(base + from, Int32(byte), to - from) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }

    /// Whether `count` bytes at `a` and `b` are equal: eight at a time, the last eight overlapping, inline (for the
    /// names and values of a line, a call to memcmp cost more than the comparison).
    @inlinable @inline(__always)
    public static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count n: Int) -> Bool {
        if n < 8 {
            for i in 0..<n where a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
            return true
        }
        var i = 0
        while i < n - 8 {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i += 8
        }
        return a.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
    }
}
