// Closed standard descriptors are given /dev/null before anything is opened: a closed stdout would otherwise be
// the next file opened (a journal, its lock, a report) and results would be written into it. In BNCSuite so the
// front door and every tool call the same code.
#if canImport(Glibc)
import Glibc
#endif

/// Descriptors 0, 1 and 2 kept from being taken by a file the tool opens when the caller closed them.
public enum StandardDescriptors {
    /// Each closed descriptor of 0, 1 and 2 gets /dev/null opened read-only, so a write to a reserved stdout fails
    /// (exit 74) instead of vanishing.
    public static func reserve() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
    }
}
