// An exclusive lock a run holds on a file it keeps (a batch journal, a sandbox's --state): `PATH.lock`, flocked
// and holding the holder's pid, so a second run is refused at once with the pid that holds it, not after SQLite's
// busy timeout, nor let in to write over the first's rows.
#if canImport(Glibc)
import Glibc
#endif

/// `PATH.lock`, locked by this process until `deinit` (the kernel lets go of it when the process ends, however).
public final class FileLock {
    public let path: String
    private let fd: Int32
    /// This lock made the file: a run refused after taking it (`abandon`) leaves none behind.
    private let created: Bool

    /// Takes the lock of `file` (`file.lock`). Another process holding it: 75 with `busy` and the holder's pid.
    /// - Parameters: what: the flag named when the lock file is not a lock (`--journal lock`).
    public init(for file: String, what: String, busy: String, hint: String) throws(BNCError) {
        path = file + ".lock"
        try FileSystem.requireOwnKind(path, .pid, what: what)
        created = !FileSystem.exists(path)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw BNCError(.io, "cannot create the lock \(path): \(FileSystem.errnoText())") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let holder = (try? FileSystem.read(path, what: "lock", limit: 64)).map { String(decoding: $0, as: UTF8.self) }?
                .trimmingWhitespace() ?? ""
            close(fd)
            throw BNCError(.temporary, busy + (holder.isEmpty ? "" : " (pid \(holder))"), hint: hint)
        }
        self.fd = fd
    }

    /// Writes this process's pid into the lock, for the next run's refusal to name.
    public func sign() {
        _ = ftruncate(fd, 0)
        _ = FileSystem.writeAll(fd, Array("\(getpid())\n".utf8))
    }

    /// Lets go of a lock taken for a file then refused: the lock file goes too when this lock made it.
    public func abandon() {
        if created { unlink(path) }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
