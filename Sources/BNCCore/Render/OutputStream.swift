// Standard output or error, written whole and checked (a full disk or a closed pipe is an I/O error).
import BNCSuite
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Writes to a file descriptor. A failed write is remembered, not fatal: later writes are skipped and the
/// command shape turns `writeError` into the exit status (a closed pipe, `| head`, is a quiet 0 for one answer;
/// a full disk or a closed descriptor is 74). Library code never ends the process.
public final class OutputStream: Sendable {
    public static let stdout = OutputStream(fd: 1)
    public static let stderr = OutputStream(fd: 2)

    let fd: Int32
    /// Held while writing, so writes from several threads do not interleave.
    private let writing = Mutex(())
    /// The errno of the first failed write (0: none), read without the lock: a scan asks after every line whether
    /// its output failed, and taking the lock each time was 1% of its cycles.
    private let failed = Atomic<Int32>(0)

    init(fd: Int32) { self.fd = fd }

    public func write(_ text: String) { write(bytes: Array(text.utf8)) }

    public func line(_ text: String) { write(text + "\n") }

    public func write(bytes: [UInt8]) {
        writing.withLock { _ in
            guard failed.load(ordering: .relaxed) == 0 else { return }
            if !FileSystem.writeAll(fd, bytes) { failed.store(errno == 0 ? EIO : errno, ordering: .releasing) }
        }
    }

    /// The errno of the first write that failed, if any.
    public var writeError: Int32? {
        let e = failed.load(ordering: .acquiring)
        return e == 0 ? nil : e
    }
}
