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
    private let failure = Mutex<Int32>(0)

    init(fd: Int32) { self.fd = fd }

    public func write(_ text: String) {
        failure.withLock { error in
            guard error == 0 else { return }
            if !FileSystem.writeAll(fd, Array(text.utf8)) { error = errno == 0 ? EIO : errno }
        }
    }

    public func line(_ text: String) { write(text + "\n") }

    public func write(bytes: [UInt8]) {
        failure.withLock { error in
            guard error == 0 else { return }
            if !FileSystem.writeAll(fd, bytes) { error = errno == 0 ? EIO : errno }
        }
    }

    /// The errno of the first write that failed, if any.
    public var writeError: Int32? {
        let e = failure.withLock { $0 }
        return e == 0 ? nil : e
    }
}
