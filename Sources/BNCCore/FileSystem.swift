// Reading input files and stdin with errors that name the file (exit 66), plus the permission checks secrets need.
import BNCSuite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File helpers on libc: bounded reads of files and stdin, private writes and creates, and permission checks.
public enum FileSystem {
    /// The cap on inputs that must be small (a secret, a device file, a body): 1 MiB.
    public static let smallInputLimit = 1 << 20

    /// Reads a whole file; `-` reads standard input. Missing or unreadable files are `inputMissing` (exit 66);
    /// one longer than `limit` bytes is refused (exit 65) before more is read (`--secret-file /dev/zero`).
    /// - Parameter what: what the file is for, named in the error (`--device`, `--secret-file`).
    /// - Parameter wait: for a file that is not a regular one (a FIFO), the most milliseconds to wait for its first
    ///   bytes (or its end) before it is refused (exit 66): a FIFO no one writes to hung every tool reading it
    ///   as its config file. Nil waits as long as it takes.
    public static func read(_ path: String, what: String, limit: Int = smallInputLimit, wait: Int32? = nil) throws(BNCError) -> [UInt8] {
        let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC | (wait != nil ? O_NONBLOCK : 0))
        if fd < 0 {
            throw BNCError(.inputMissing, "\(what): cannot open \(path): \(errnoText())")
        }
        defer { if fd != 0 { close(fd) } }
        if let wait, fd != 0 {
            var st = stat()
            if fstat(fd, &st) == 0 && st.st_mode & S_IFMT != S_IFREG {
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                var n: Int32
                repeat { n = poll(&ready, 1, wait) } while n < 0 && errno == EINTR
                if n == 0 {
                    throw BNCError(.inputMissing, "\(what): \(path) is not a regular file, and nothing came to read from it in \(wait / 1000) s (a FIFO no one writes to?)")
                }
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw BNCError(.inputMissing, "\(what): cannot read \(path): \(errnoText())")
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            if out.count > limit {
                throw BNCError(.invalidData, "\(what): \(path == "-" ? "standard input" : path) is larger than \(limit) bytes")
            }
        }
        return out
    }

    /// Reads a UTF-8 text file (or `-`), without the byte order mark it may begin with.
    public static func readText(_ path: String, what: String, limit: Int = smallInputLimit, wait: Int32? = nil) throws(BNCError) -> String {
        var bytes = try read(path, what: what, limit: limit, wait: wait)[...]
        // A leading byte order mark (Notepad writes one) says the text is UTF-8; it is not part of the text.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw BNCError(.invalidData, "\(what): \(path) is not UTF-8 text")
        }
        return text
    }

    public static func exists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0
    }

    /// Creates a directory and its parents, private to the user (mode 700) where they are new, or with the mode the
    /// user's umask gives when `shared` (a folder of images).
    public static func makeDirectories(_ path: String, shared: Bool = false) {
        let mode = shared ? 0o777 & ~userUmask : 0o700
        // A relative path stays relative (its first part is not made at the root).
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, mode) == 0, shared { chmod(current, mode) }
        }
    }

    /// The umask the user ran the tool with (a tool runs with 077 so that what it keeps is private): files meant
    /// to be shared, such as images, get the mode it gives.
    nonisolated(unsafe) public static var userUmask: mode_t = 0o022

    /// Why a path that is a symbolic link leads nowhere (its target missing, or links that loop); nil when the path
    /// is no link, or a link that leads to a file.
    public static func brokenLink(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK, stat(path, &st) != 0 else { return nil }
        return errnoText()
    }

    /// True when the path is a directory (a link to one too).
    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    /// A regular file this process may execute.
    public static func isExecutable(_ path: String) -> Bool {
        regularFileMode(path) != nil && access(path, X_OK) == 0
    }

    /// The size of a regular file in bytes, or nil for anything else (a pipe has no size to measure progress by).
    public static func regularFileSize(_ path: String) -> Int? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(st.st_size)
    }

    /// When a file was last changed (seconds since 1970), or nil when it cannot be read.
    public static func modificationTime(_ path: String) -> Double? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
    }

    /// The permission bits of a regular file, or nil for anything else (pipes, /dev/fd, missing files).
    public static func regularFileMode(_ path: String) -> mode_t? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return st.st_mode & 0o7777
    }

    /// Refuses a regular file holding secrets that its group or others may read (exit 78), with the fix.
    public static func requirePrivate(_ path: String, holding what: String) throws(BNCError) {
        guard let mode = regularFileMode(path), mode & 0o077 != 0 else { return }
        throw BNCError.configuration(
            "\(path) holds \(what) but is readable by its group or others (mode \(String(mode, radix: 8)))",
            hint: "run: chmod 600 \(ShellQuote.quote(path))")
    }

    /// Writes a whole file atomically enough for our needs (create/truncate); used by tests and state helpers.
    /// A small file written whole (exit 74 when it cannot be: an output, not an input); `what` names the flag.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600, what: String? = nil) throws(BNCError) {
        let named = what.map { "\($0): " } ?? ""
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        if fd < 0 { throw BNCError(.io, "\(named)cannot write \(path): \(errnoText())") }
        defer { close(fd) }
        if !writeAll(fd, bytes) { throw BNCError(.io, "\(named)cannot write \(path): \(errnoText())") }
    }

    /// Creates a file that does not exist yet (O_EXCL: never an existing file, a link's target or a device),
    /// private to the user; a failed write removes what it made. Exit 74 when it cannot.
    public static func create(_ bytes: [UInt8], at path: String, mode: mode_t = 0o600) throws(BNCError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        if fd < 0 { throw BNCError(.io, "cannot create \(path): \(errnoText())") }
        let written = writeAll(fd, bytes) && fsync(fd) == 0
        let error = errnoText()
        close(fd)
        if !written {
            unlink(path)
            throw BNCError(.io, "cannot write \(path): \(error)")
        }
    }

    /// Writes every byte to a descriptor, retrying short writes and EINTR; false on an error (errno says which).
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    public static func errnoText() -> String { String(cString: strerror(errno)) }
}
