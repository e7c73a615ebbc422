// The files a tool's input names, checked before the command runs: a path the command opens must be a file it
// can read to its end (QA round 25b: a FIFO as sandbox_start's keys held the call, and the sandbox, for ever).
import BNCCore
#if canImport(Glibc)
import Glibc
#endif

extension ToolRunner {
    /// The tools whose file is read once as they start (sandbox_start's keys): a FIFO there held the detached
    /// sandbox in open() and the call unanswered. A scan streams its log, which may be a FIFO a process writes.
    static let readAtStart: Set<String> = ["sandbox_start", "tune_reconcile"]  // reconcile reads its log and exports whole (QA round 30a)

    /// The tools whose positional input is a logged request or the path of a file of them (bnc-tune map, check).
    static let requestOrFile: Set<String> = ["tune_map", "tune_check"]

    /// A file an input names: one that exists and is a regular file (a link to one too), or a FIFO where the tool
    /// streams it. `-` (stdin) is the server's own input, not the client's.
    static func checkFile(_ path: String, name: String, fifo: Bool) throws(BNCError) {
        if path == "-" { throw BNCError.invalid(name, "must name a file; - (stdin) is the MCP server's own input") }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw BNCError.invalid(name, "\(path) cannot be read: \(String(cString: strerror(errno)))")
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || (fifo && kind == S_IFIFO) else {
            let what = kind == S_IFIFO ? "a FIFO" : kind == S_IFDIR ? "a directory" : kind == S_IFCHR || kind == S_IFBLK ? "a device" : kind == S_IFSOCK ? "a socket" : "not a regular file"
            throw BNCError.invalid(name, "must name a regular file; \(path) is \(what)")
        }
    }
}
