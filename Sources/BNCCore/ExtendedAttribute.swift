// A file's user extended attributes: where bnc keeps what it knows of a file it wrote (a download's validator and
// its "bnc began this" mark, an export file's source). One way to read and write them, by descriptor (a file bnc
// holds open) or by path. Best effort: a file system without user attributes keeps none.
import CCurl  // <sys/xattr.h>, which Glibc's module does not bring in
#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes a file's `user.` extended attributes, by descriptor or by path.
public enum ExtendedAttribute {
    /// What reading an attribute found.
    public enum Found: Equatable {
        case value([UInt8])
        /// The file has no such attribute.
        case absent
        /// It holds more than the reader's limit: not a value bnc wrote.
        case tooLong
        /// The file system keeps no user attributes (or another error): nothing is known.
        case unknown
    }

    /// The attribute `name` of an open file, at most `limit` bytes.
    public static func read(_ name: String, fd: Int32, limit: Int) -> Found {
        #if canImport(Glibc)
        return read(limit) { fgetxattr(fd, name, $0, $1) }
        #else
        return .unknown
        #endif
    }

    /// The attribute `name` of the file at `path` (links followed), at most `limit` bytes.
    public static func read(_ name: String, path: String, limit: Int) -> Found {
        #if canImport(Glibc)
        return read(limit) { getxattr(path, name, $0, $1) }
        #else
        return .unknown
        #endif
    }

    /// One read into a buffer of `limit` + 1 bytes (one more than a value may hold, to tell a longer one).
    private static func read(_ limit: Int, _ call: (UnsafeMutableRawPointer, Int) -> Int) -> Found {
        var buffer = [UInt8](repeating: 0, count: limit + 1)
        let n = buffer.withUnsafeMutableBytes { call($0.baseAddress!, $0.count) }
        #if canImport(Glibc)
        if n < 0 { return errno == ENODATA ? .absent : errno == ERANGE ? .tooLong : .unknown }
        #endif
        return n > limit ? .tooLong : .value(Array(buffer[..<n]))
    }

    /// The attribute as text (nil unless it holds a value).
    public static func text(_ name: String, path: String, limit: Int = 4096) -> String? {
        if case .value(let bytes) = read(name, path: path, limit: limit) { return String(decoding: bytes, as: UTF8.self) }
        return nil
    }

    /// Sets `name` on an open file (best effort).
    public static func write(_ name: String, _ value: String, fd: Int32) {
        #if canImport(Glibc)
        _ = fsetxattr(fd, name, value, value.utf8.count, 0)
        #endif
    }

    /// Sets `name` on the file at `path` (best effort).
    public static func write(_ name: String, _ value: String, path: String) {
        #if canImport(Glibc)
        _ = setxattr(path, name, value, value.utf8.count, 0)
        #endif
    }

    /// Removes `name` from an open file (best effort).
    public static func remove(_ name: String, fd: Int32) {
        #if canImport(Glibc)
        _ = fremovexattr(fd, name)
        #endif
    }
}
