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
        bytes.withUnsafeBufferPointer { b -> Int? in
            guard let base = b.baseAddress, !b.isEmpty, let hit = memchr(base, Int32(byte), b.count) else { return nil }
            return bytes.startIndex + (UnsafeRawPointer(hit) - UnsafeRawPointer(base))
        }
    }
}
