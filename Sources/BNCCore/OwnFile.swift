// Users' files are sacred: a path a tool writes (a journal, a state database, a report, a pid file) never
// replaces or truncates a file of another kind, never a device or anything under /dev, and a report is written to
// a temporary file beside it and renamed over it only when complete, so a failed or interrupted run leaves the
// old one as it was.
#if canImport(Glibc)
import Glibc
#endif

/// What a file a tool writes must already hold, if it exists and is not empty.
public enum OwnKind: Sendable {
    /// A SQLite database (a journal, state.db, a cache, the sandbox's --state).
    case sqlite
    /// bnc's findings report (its namespace, urn:bnc:report).
    case findingsReport
    /// A JUnit XML report (a `testsuites` or `testsuite` root).
    case junit
    /// An HTML page bnc wrote (its generator meta, or its report's title).
    case html
    /// A process id and a newline (a pid or lock file).
    case pid
    /// A listening address bnc-sandbox wrote beside its pid file (`http://127.0.0.1:8787`).
    case address
    /// A HAR recording (`--record`): a JSON object whose first member is `log`.
    case har
    /// A PNG, JPEG or SVG image (a QR code): its signature bytes.
    case image

    var name: String {
        switch self {
        case .sqlite: "an SQLite database"
        case .findingsReport: "a bnc findings report"
        case .junit: "a JUnit report"
        case .html: "an HTML report bnc wrote"
        case .pid: "a process id"
        case .address: "a listening address"
        case .har: "a HAR recording"
        case .image: "a PNG, JPEG or SVG image"
        }
    }

    /// Whether a file's first bytes (up to 512) are this kind's.
    func accepts(_ head: [UInt8]) -> Bool {
        func contains(_ s: String) -> Bool {
            let n = Array(s.utf8)
            guard head.count >= n.count else { return false }
            return (0...(head.count - n.count)).contains { i in head[i..<i + n.count].elementsEqual(n) }
        }
        func starts(_ s: String) -> Bool {
            var h = head[...]
            if h.starts(with: [0xEF, 0xBB, 0xBF]) { h = h.dropFirst(3) }
            while let f = h.first, f == 0x20 || f == 0x09 || f == 0x0A || f == 0x0D { h = h.dropFirst() }
            return h.count >= s.utf8.count && zip(h, s.utf8).allSatisfy { ASCII.lower($0) == ASCII.lower($1) }
        }
        switch self {
        case .sqlite: return head.starts(with: Array("SQLite format 3\0".utf8))
        case .findingsReport: return contains("urn:bnc:report")
        case .junit: return (starts("<?xml") || starts("<")) && contains("<testsuite")
        case .html: return (starts("<!doctype html") || starts("<html")) && (contains("name=\"generator\" content=\"bnc") || contains("<title>TUNE requests in"))
        case .pid: return head.count <= 32 && head.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x0A || $0 == 0x20 }
        case .address: return head.count <= 128 && starts("http") && head.allSatisfy { $0 > 0x20 && $0 < 0x7F || $0 == 0x0A }
        case .har: return starts("{\"log\":{\"version\":\"1.2\"")
        case .image: return ImageFormat(signature: head) != nil
        }
    }
}

extension FileSystem {
    /// Refuses (exit 78) a path a tool is about to write when something other than its own kind of file is there:
    /// a directory, a device, a FIFO or socket, anything under /dev, or a regular file whose content is not `kind`.
    /// A missing or empty file is fine. Nothing is opened for writing, so the file is left as it was.
    /// - Parameter what: the flag or role named in the error (`--journal`, `--report`).
    public static func requireOwnKind(_ path: String, _ kind: OwnKind, what: String,
                                      hint: String = "name another file; bnc never writes over a file it did not make") throws(BNCError) {
        var resolved = path
        if let r = realpath(path, nil) { resolved = String(cString: r); free(r) }
        if resolved.hasPrefix("/dev/") || resolved == "/dev" || path.hasPrefix("/dev/") {
            throw BNCError.configuration("\(what): \(path) is a device or under /dev, not a file bnc may write", hint: hint)
        }
        var st = stat()
        guard stat(path, &st) == 0 else {
            var lst = stat()
            if lstat(path, &lst) == 0 {
                throw BNCError.configuration("\(what): \(path) is a dangling symbolic link", hint: hint)
            }
            return
        }
        guard st.st_mode & S_IFMT == S_IFREG else {
            let type = st.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
            throw BNCError.configuration("\(what): \(path) is \(type)", hint: hint)
        }
        guard st.st_size > 0 else { return }
        // Its first 512 bytes say its kind (a link was followed by the stat above, to a regular file).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw BNCError(.io, "\(what): cannot read \(path): \(errnoText())") }
        var head = [UInt8](repeating: 0, count: 512)
        let n = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard kind.accepts(Array(head.prefix(max(0, n)))) else {
            throw BNCError.configuration("\(what): \(path) holds something other than \(kind.name); it is left as it is", hint: hint)
        }
    }

    /// A log a tool appends to: a regular file or nothing, never a directory, a device or a FIFO (exit 78).
    public static func requireLogFile(_ path: String, what: String) throws(BNCError) {
        var st = stat()
        guard stat(path, &st) == 0 else { return }
        guard st.st_mode & S_IFMT == S_IFREG, !path.hasPrefix("/dev/") else {
            throw BNCError.configuration("\(what): \(path) is not a regular file", hint: "name a file, or /dev/null")
        }
    }

    /// True when two paths name the same file (the same device and inode).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }
}

/// A file written whole or not at all: bytes go to a temporary file in the target's directory (mode 0600),
/// which `commit()` syncs and renames over the target. Dropped without a commit, the temporary file is removed and
/// the target is untouched.
public final class AtomicFile {
    public let path: String
    public let fd: Int32
    private let temporary: String
    private var done = false

    /// Checks the target is `kind` (or absent), then creates the temporary file.
    public init(path: String, kind: OwnKind, what: String) throws(BNCError) {
        try FileSystem.requireOwnKind(path, kind, what: what)
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory.isEmpty ? "/" : directory)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        guard fd >= 0 else {
            throw BNCError(.io, "\(what): cannot create a file in \(directory): \(FileSystem.errnoText())")
        }
        self.path = path
        self.fd = fd
        temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// A file anyone may read (an image, not a secret): the mode the user's umask gives a new file.
    public func makePublic() {
        fchmod(fd, 0o666 & ~FileSystem.userUmask)
    }

    /// The whole file at once: written to the temporary file, then renamed over `path` (refused, exit 78, when
    /// something other than `kind` is there).
    public static func write(_ bytes: [UInt8], to path: String, kind: OwnKind, what: String, publicMode: Bool = false) throws(BNCError) {
        let file = try AtomicFile(path: path, kind: kind, what: what)
        if publicMode { file.makePublic() }
        guard FileSystem.writeAll(file.fd, bytes) else {
            let error = FileSystem.errnoText()
            file.discard()
            throw BNCError(.io, "\(what): cannot write \(path): \(error)")
        }
        try file.commit(what: what)
    }

    /// Syncs the data and renames it over the target.
    public func commit(what: String) throws(BNCError) {
        guard !done else { return }
        done = true
        let synced = fsync(fd) == 0 || errno == EINVAL || errno == EROFS
        let error = FileSystem.errnoText()
        close(fd)
        guard synced else {
            unlink(temporary)
            throw BNCError(.io, "\(what): cannot write \(path): \(error)")
        }
        guard rename(temporary, path) == 0 else {
            let e = FileSystem.errnoText()
            unlink(temporary)
            throw BNCError(.io, "\(what): cannot write \(path): \(e)")
        }
    }

    /// Abandons the write: the temporary file is removed, the target untouched.
    public func discard() {
        guard !done else { return }
        done = true
        close(fd)
        unlink(temporary)
    }

    deinit { discard() }
}

/// The image formats an API answers with (the QR Code API's), known by their first bytes.
public enum ImageFormat: String, Sendable {
    case png, jpeg, svg

    public init?(signature head: some Collection<UInt8>) {
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            // SVG: XML whose first 512 bytes open an <svg element.
            let text = String(decoding: head.prefix(512), as: UTF8.self)
            let trimmed = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
            guard trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<svg"), text.contains("<svg") else { return nil }
            self = .svg
        }
    }

    /// The file name extension.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}
