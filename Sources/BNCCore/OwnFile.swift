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
    /// Its write-ahead log beside it (`PATH-wal`): SQLite's WAL magic.
    case sqliteWAL
    /// Its shared-memory index beside it (`PATH-shm`): the index's version, 3007000.
    case sqliteSHM
    /// Its rollback journal beside it (`PATH-journal`, there while SQLite changes the database's journal mode):
    /// the journal's magic, or a header SQLite has zeroed.
    case sqliteRollback
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
    /// An export file bnc downloaded (gzip CSV): gzip's magic bytes.
    case gzip

    var name: String {
        switch self {
        case .sqlite: "an SQLite database"
        case .sqliteWAL: "an SQLite write-ahead log"
        case .sqliteSHM: "an SQLite shared-memory index"
        case .sqliteRollback: "an SQLite rollback journal"
        case .findingsReport: "a bnc findings report"
        case .junit: "a JUnit report"
        case .html: "an HTML report bnc wrote"
        case .pid: "a process id"
        case .address: "a listening address"
        case .har: "a HAR recording"
        case .image: "a PNG, JPEG or SVG image"
        case .gzip: "a gzip export file bnc downloaded"
        }
    }

    /// The bytes a file of this kind starts with, where that alone says its kind (a download's partial file is
    /// checked against them before it is resumed).
    public var signature: [UInt8]? { self == .gzip ? GzipInflater.magic : nil }

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
        case .sqliteWAL: return head.starts(with: [0x37, 0x7F, 0x06, 0x82]) || head.starts(with: [0x37, 0x7F, 0x06, 0x83])
        // The index's version number in the host's byte order (little-endian here), then its copy: 3007000.
        // (or zeros: an index SQLite has sized but not yet written).
        case .sqliteSHM: return head.count >= 4 && (head.prefix(4).elementsEqual([0x18, 0xE2, 0x2D, 0x00]) || head.prefix(4).allSatisfy { $0 == 0 })
        // A journal's header starts with these 8 bytes; a committed journal that SQLite keeps has its header zeroed.
        case .sqliteRollback:
            return head.starts(with: [0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7]) || (head.count >= 28 && head.prefix(28).allSatisfy { $0 == 0 })
        // XML kinds by their root element, not by a string anywhere in the head: the report's schema names its
        // namespace too, and a stylesheet may hold a <testsuite> template.
        case .findingsReport:
            guard let root = XMLHead.rootElement(head), root.name == "report" else { return false }
            return root.tag.contains("xmlns=\"urn:bnc:report")  // urn:bnc:report:1, and the versions after it
        case .junit: return ["testsuites", "testsuite"].contains(XMLHead.rootElement(head)?.name)
        case .html: return (starts("<!doctype html") || starts("<html")) && (contains("name=\"generator\" content=\"bnc") || contains("<title>TUNE requests in"))
        // One number (at most 10 digits: pid_max is 2^22) and its newline, as bnc writes it; "4111 1111 1111 1111"
        // is a user's file, not a pid.
        case .pid:
            let digits = head.last == 0x0A ? head.dropLast() : head[...]
            return (1...10).contains(digits.count) && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        case .address: return head.count <= 128 && starts("http") && head.allSatisfy { $0 > 0x20 && $0 < 0x7F || $0 == 0x0A }
        case .har: return starts("{\"log\":{\"version\":\"1.2\"")
        case .image: return ImageFormat(signature: head) != nil
        case .gzip: return head.starts(with: GzipInflater.magic)
        }
    }
}

extension FileSystem {
    /// Refuses (exit 78) a path a tool is about to write when something other than its own kind of file is there:
    /// a directory, a device, a FIFO or socket, anything under /dev, or a regular file whose content is not `kind`.
    /// A missing or empty file is fine. Nothing is opened for writing, so the file is left as it was.
    /// - Parameter what: the flag or role named in the error (`--journal`, `--report`).
    /// A file the user has made read-only is not replaced either (exit 74), as the shell's `>` would not.
    /// - Parameter reading: the file is only read (a pid file looked up), so its write permission does not matter.
    public static func requireOwnKind(_ path: String, _ kind: OwnKind, what: String,
                                      hint: String = "name another file; bnc never writes over a file it did not make",
                                      reading: Bool = false) throws(BNCError) {
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
        if !reading, access(path, W_OK) != 0 {
            if errno == EROFS { throw BNCError(.io, "\(what): cannot write \(path): \(errnoText())") }  // the mount, not the file's mode
            throw BNCError(.io, "\(what): \(path) is write-protected; bnc does not replace it", hint: "make it writable (chmod u+w), or name another file")
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

    /// A database path and the three files SQLite keeps beside it (`-wal`, `-shm`, `-journal`), which opening it,
    /// or starting it afresh, writes or removes: each must be SQLite's or absent (exit 78). SQLite unlinks a
    /// `-journal` when it opens a database or turns on WAL, so a user's `notes-journal` beside `--journal notes`
    /// was deleted.
    public static func requireOwnDatabase(_ path: String, what: String, hint: String = "name another file; bnc never writes over a file it did not make") throws(BNCError) {
        try requireOwnKind(path, .sqlite, what: what, hint: hint)
        try requireOwnKind(path + "-wal", .sqliteWAL, what: "\(what)'s write-ahead log", hint: hint)
        try requireOwnKind(path + "-shm", .sqliteSHM, what: "\(what)'s shared-memory index", hint: hint)
        try requireOwnKind(path + "-journal", .sqliteRollback, what: "\(what)'s rollback journal", hint: hint)
    }

    /// A log a tool appends to: nothing yet, or a regular file that is already this tool's log (its lines start
    /// with the tool's name) — never a link, a directory, a device, a FIFO or a user's other file (exit 78).
    public static func requireLogFile(_ path: String, what: String, tool: String) throws(BNCError) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        guard st.st_mode & S_IFMT == S_IFREG, !path.hasPrefix("/dev/") else {
            let kind = st.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a regular file"
            throw BNCError.configuration("\(what): \(path) is \(kind)", hint: "name a file, or /dev/null")
        }
        guard st.st_size > 0 else { return }
        var head = [UInt8](repeating: 0, count: tool.utf8.count)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        let n = fd < 0 ? -1 : head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if fd >= 0 { close(fd) }
        guard n == head.count, head.elementsEqual(tool.utf8) else {
            throw BNCError.configuration("\(what): \(path) holds something other than \(tool)'s log; it is left as it is",
                                         hint: "name another file; bnc never appends to a file it did not make")
        }
        if access(path, W_OK) != 0 {
            throw BNCError(.io, "\(what): \(path) is write-protected; bnc does not append to it", hint: "make it writable (chmod u+w), or name another file")
        }
    }

    /// Two files of a run that are one (`-` and empty paths, stdin and stdout, aside): the first two writers naming
    /// one file, else the first writer naming a reader's file. For the checks that each file a run writes is its own,
    /// before anything is read or sent; each command words its own refusal.
    public static func sharedFile(writers: [(flag: String, path: String?)], readers: [(flag: String, path: String?)] = [])
        -> (writer: String, other: String, path: String, otherIsInput: Bool)? {
        func named(_ files: [(flag: String, path: String?)]) -> [(flag: String, path: String)] {
            files.compactMap { f in f.path.flatMap { $0 == "-" || $0.isEmpty ? nil : (f.flag, $0) } }
        }
        let written = named(writers), read = named(readers)
        for (i, a) in written.enumerated() {
            if let b = written[(i + 1)...].first(where: { sameFile(a.path, $0.path) }) { return (a.flag, b.flag, a.path, false) }
        }
        for a in written {
            if let r = read.first(where: { sameFile(a.path, $0.path) }) { return (a.flag, r.flag, a.path, true) }
        }
        return nil
    }

    /// What a flag naming `path` is told when `path` is the file a standard stream goes to (`--report out > out`:
    /// the shell emptied it, and one output would write over the other); nil when it is not.
    public static func standardStreamConflict(_ path: String) -> String? {
        standardStream(at: path).map { "names the file \($0) goes to (\(path)): one would write over the other; name another file" }
    }

    /// "standard output" or "standard error" when `path` is the regular file that stream is redirected to.
    public static func standardStream(at path: String) -> String? {
        var file = stat()
        guard stat(path, &file) == 0, file.st_mode & S_IFMT == S_IFREG else { return nil }
        for (fd, name) in [(Int32(1), "standard output"), (2, "standard error")] {
            var st = stat()
            if fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_dev == file.st_dev, st.st_ino == file.st_ino { return name }
        }
        return nil
    }

    /// True when two paths name the same file: the same device and inode, or, while one is not there yet (an
    /// output a run will write), the same name in the same directory however written (`a.xml`, `./a.xml`,
    /// `../dir/a.xml`, a link to the directory).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        if stat(a, &x) == 0 && stat(b, &y) == 0 { return x.st_dev == y.st_dev && x.st_ino == y.st_ino }
        func place(_ path: String) -> String {
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
            return Subprocess.absolutePath(directory) + "/" + (slash.map { String(path[path.index(after: $0)...]) } ?? path)
        }
        return place(a) == place(b)
    }
}

/// A file written whole or not at all: bytes go to an unnamed temporary file in the target's directory (Linux's
/// O_TMPFILE; a named `.NAME.XXXXXX` where the file system has none), mode 0600, which `commit()` syncs, names and
/// renames over the target. Dropped without a commit — or the process killed, even by SIGKILL — the unnamed file
/// is gone with its descriptor, and the target is untouched.
public final class AtomicFile {
    public let path: String
    public let fd: Int32
    private let directory: String
    private let name: String
    /// The named temporary file (nil while the file has no name: O_TMPFILE).
    private var temporary: String?
    private var done = false
    /// What the target may be when the file is renamed over it, checked again then: a long run (a scan's report)
    /// must not replace what appeared at the path while it ran.
    private let kind: OwnKind

    /// O_TMPFILE (`__O_TMPFILE | O_DIRECTORY`), which Glibc's module does not export.
    private static let tmpFileFlag: Int32 = 0o20000000 | O_DIRECTORY

    /// The directory a file at `path` is made in ("." for a bare name, "/" at the root).
    static func directory(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
    }

    /// What `init` will need, checked before anything is sent (an image Branch made was lost to a --out in a
    /// missing directory): a path that is not empty (exit 64), `kind` or absent there (78), in an existing
    /// directory this user may create files in (74, as the creation would fail).
    public static func requireCreatable(_ path: String, kind: OwnKind, what: String) throws(BNCError) {
        if path.isEmpty { throw BNCError.usage(what, "must name a file (it is empty)") }
        try FileSystem.requireOwnKind(path, kind, what: what)
        let directory = Self.directory(of: path)
        if !FileSystem.isDirectory(directory) {
            errno = FileSystem.exists(directory) ? ENOTDIR : ENOENT
            throw BNCError(.io, "\(what): cannot create a file in \(directory): \(FileSystem.errnoText())")
        }
        if access(directory, W_OK | X_OK) != 0 {
            throw BNCError(.io, "\(what): cannot create a file in \(directory): \(FileSystem.errnoText())")
        }
    }

    /// Checks the target is `kind` (or absent), then creates the temporary file. A symbolic link to a file of
    /// the kind (`latest.xml` -> `reports/2026-11.xml`) is kept: the file it names is the one replaced.
    public init(path given: String, kind: OwnKind, what: String) throws(BNCError) {
        try FileSystem.requireOwnKind(given, kind, what: what)
        var path = given
        var st = stat()
        if lstat(given, &st) == 0, st.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(given, nil) {
            path = String(cString: resolved)
            free(resolved)
        }
        let directory = Self.directory(of: path)
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        // Named at commit through /proc/self/fd: without /proc (a bare chroot) the file could not be named.
        var fd: Int32 = access("/proc/self/fd", F_OK) == 0 ? open(directory, Self.tmpFileFlag | O_WRONLY | O_CLOEXEC, 0o600) : -1
        var temporary: String?
        if fd < 0 {
            // No O_TMPFILE here (an older kernel, a file system without it): a named temporary file.
            var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if fd >= 0 {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            }
        }
        guard fd >= 0 else {
            throw BNCError(.io, "\(what): cannot create a file in \(directory): \(FileSystem.errnoText())")
        }
        self.path = path
        self.fd = fd
        self.directory = directory
        self.name = name
        self.temporary = temporary
        self.kind = kind
    }

    /// A file anyone may read (an image, not a secret): the mode the user's umask gives a new file, or the mode
    /// of the file it replaces (a 0600 image stays 0600).
    public func makePublic() {
        var st = stat()
        if stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG {
            fchmod(fd, st.st_mode & 0o777)
        } else {
            fchmod(fd, 0o666 & ~FileSystem.userUmask)
        }
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

    /// Syncs the data, gives an unnamed file a temporary name beside the target, and renames it over the target.
    public func commit(what: String) throws(BNCError) {
        guard !done else { return }
        done = true
        let synced = fsync(fd) == 0 || errno == EINVAL || errno == EROFS
        var error = FileSystem.errnoText()
        if synced && temporary == nil {
            // linkat through /proc/self/fd (AT_EMPTY_PATH would need a capability): a fresh name, never an existing file.
            for _ in 0..<16 {
                let candidate = "\(directory)/.\(name).\(String(UInt64.random(in: 0..<UInt64.max), radix: 36))"
                if linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, candidate, AT_SYMLINK_FOLLOW) == 0 { temporary = candidate; break }
                error = FileSystem.errnoText()
                if errno != EEXIST { break }
            }
        }
        close(fd)
        guard synced, let temporary else {
            if let temporary { unlink(temporary) }
            throw BNCError(.io, "\(what): cannot write \(path): \(error)")
        }
        do {
            try FileSystem.requireOwnKind(path, kind, what: what)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let e = FileSystem.errnoText()
            unlink(temporary)
            throw BNCError(.io, "\(what): cannot write \(path): \(e)")
        }
    }

    /// Abandons the write: the temporary file is removed (an unnamed one is gone with its descriptor), the target
    /// untouched.
    public func discard() {
        guard !done else { return }
        done = true
        close(fd)
        if let temporary { unlink(temporary) }
    }

    deinit { discard() }
}

/// The first element of an XML document's first bytes, past the BOM, white space, the declaration, comments,
/// processing instructions and the DOCTYPE.
enum XMLHead {
    static func rootElement(_ head: some Collection<UInt8>) -> (name: String, tag: String)? {
        var b = Array(head)[...]
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { b = b.dropFirst(3) }
        func skip(past end: [UInt8]) -> Bool {
            var i = b.startIndex
            while i + end.count <= b.endIndex {
                if b[i..<(i + end.count)].elementsEqual(end) { b = b[(i + end.count)...]; return true }
                i += 1
            }
            return false
        }
        while true {
            while let f = b.first, f == 0x20 || f == 0x09 || f == 0x0A || f == 0x0D { b = b.dropFirst() }
            guard b.first == UInt8(ascii: "<") else { return nil }
            if b.starts(with: Array("<?".utf8)) { guard skip(past: Array("?>".utf8)) else { return nil }; continue }
            if b.starts(with: Array("<!--".utf8)) { guard skip(past: Array("-->".utf8)) else { return nil }; continue }
            if b.starts(with: Array("<!".utf8)) { guard skip(past: Array(">".utf8)) else { return nil }; continue }
            let rest = b.dropFirst()
            let nameEnd = rest.firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "/") } ?? rest.endIndex
            let tagEnd = rest.firstIndex(of: UInt8(ascii: ">")) ?? rest.endIndex
            var name = String(decoding: rest[..<nameEnd], as: UTF8.self)
            // A prefixed root (`svg:svg`) is named by its local part.
            if let colon = name.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
            return name.isEmpty ? nil : (name, String(decoding: rest[..<tagEnd], as: UTF8.self))
        }
    }
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
            // SVG: XML whose root element, in the first 512 bytes, is <svg> (an XHTML page with an inline <svg> is
            // not an image).
            guard XMLHead.rootElement(head.prefix(512))?.name == "svg" else { return nil }
            self = .svg
        }
    }

    /// The file name extension.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The format a file name's extension says (`.png`, `.jpg`, `.jpeg`, `.svg`, any case), or nil.
    public init?(fileName path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "svg": self = .svg
        default: return nil
        }
    }

    /// The format an image file already at `path` holds (nil: none there, or not an image).
    public init?(fileAt path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: 512)
        let n = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        self.init(signature: head.prefix(max(0, n)))
    }

    /// `image_format` as the QR Code API takes it (`jpg` is JPEG; absent, PNG: the API's default).
    public init?(requested value: String?) {
        switch value?.lowercased() {
        case nil, "png": self = .png
        case "jpeg", "jpg": self = .jpeg
        case "svg": self = .svg
        default: return nil
        }
    }

    /// Its name in a sentence: "a PNG image".
    public var described: String { self == .svg ? "an SVG image" : "a \(rawValue.uppercased()) image" }
}
