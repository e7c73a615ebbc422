// --detach: start the sandbox again as a session leader in the background, wait for its listening line,
// print it and return, leaving a pid file behind for `kill $(cat …)`.
import BNCCommandSupport
import BNCCore
import BNCSandbox
#if canImport(Glibc)
import Glibc
#endif

enum SandboxLauncher {
    /// `keys`: the --keys file's bytes, written to the child's standard input (`--keys -`).
    static func detach(arguments: [String], context: ToolContext, pidFile: String?, logFile: String?, keys: [UInt8]? = nil) throws(BNCError) {
        guard let me = Subprocess.currentExecutable() else { throw BNCError(.internal, "cannot find my own executable") }
        let stateDir = context.environment.stateDirectory
        FileSystem.makeDirectories(stateDir)
        let pidPath = pidFile.map(context.environment.expandTilde) ?? stateDir + "/sandbox.pid"
        let logPath = logFile.map(context.environment.expandTilde) ?? stateDir + "/sandbox.log"
        var args = Array(arguments.dropFirst()).filter { $0 != "--detach" }
        if pidFile == nil { args += ["--pid-file", pidPath] }
        if keys != nil { args = Self.keysFromStdin(args) }

        // Neither may be a file of another kind: a pid file holds a pid, a log is appended to (or /dev/null).
        try PidFile.requireFree(pidPath)
        try FileSystem.requireOwnKind(pidPath, .pid, what: "--pid-file")
        if logPath != "/dev/null" { try FileSystem.requireLogFile(logPath, what: "--log-file", tool: "bnc-sandbox") }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw BNCError(.internal, "pipe: \(FileSystem.errnoText())") }
        let log = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (logPath == "/dev/null" ? 0 : O_NOFOLLOW), 0o600)
        guard log >= 0 else { throw BNCError(.io, "--log-file: cannot open \(logPath): \(FileSystem.errnoText())") }
        let logStart = lseek(log, 0, SEEK_END)  // where this start's lines begin (the log is appended to)
        var input: [Int32] = [-1, -1]
        if keys != nil, pipe(&input) != 0 { throw BNCError(.internal, "pipe: \(FileSystem.errnoText())") }
        // The child keeps no write end of its input, or its read of the keys would never see their end.
        let pid = try Subprocess.spawn(me, args, stdinFD: keys != nil ? input[0] : nil, stdoutFD: fds[1], stderrFD: log,
                                       closeInChild: [fds[0]] + (keys != nil ? [input[1]] : []), newSession: true)
        close(fds[1])
        close(log)
        if let keys {
            close(input[0])
            _ = FileSystem.writeAll(input[1], keys)  // a child that failed first closed its end: its log says why
            close(input[1])
        }
        defer { close(fds[0]) }
        guard let line = Subprocess.readLine(fds[0], timeout: 15), line.hasPrefix("listening on ") else {
            // The pipe ended or timed out: a child that failed is exiting (its log written); wait for it a moment,
            // so its own words can be said, before taking it for hung.
            var status: Int32 = 0
            var exited = false
            for _ in 0..<40 where !exited {
                exited = waitpid(pid, &status, WNOHANG) == pid
                if !exited { usleep(25_000) }
            }
            if !exited { kill(pid, SIGTERM) }
            if exited, let said = Self.firstError(logPath, from: logStart) {
                // Its own words (a port in use, a --keys file it refused), not only where to find them, and its
                // own exit status: a --state file of another kind is 78 whether the sandbox is detached or not.
                throw BNCError(Self.kind(ofExit: status), "the detached sandbox did not start: \(said)", hint: "see \(logPath)")
            }
            throw BNCError(.unreachable, "the detached sandbox did not start; see \(logPath)")
        }
        context.stdout.line(line)
        context.diagnostics.note("running in the background as pid \(pid) (pid file \(pidPath), log \(logPath))")
    }

    /// What a child's wait status says went wrong: its exit status's kind for the statuses a start fails with
    /// (64 usage, 65 data, 66 no input, 74 I/O, 78 configuration), else that it did not start (69).
    static func kind(ofExit status: Int32) -> BNCError.Kind {
        guard status & 0x7F == 0 else { return .unreachable }  // ended by a signal
        switch (status >> 8) & 0xFF {
        case 64: return .usage
        case 65: return .invalidData
        case 66: return .inputMissing
        case 74: return .io
        case 78: return .configuration
        default: return .unreachable
        }
    }

    /// The bytes of a --keys file. Too large is a bad keys file, exit 78 as any other (it was 65); missing, 66. It
    /// holds branch secrets (and access tokens): a file that others may read is refused, as --tls-key's private key
    /// is (a mode-644 one was taken: QA round 31a). A pipe or standard input has no mode to judge.
    static func readKeys(_ path: String) throws(BNCError) -> [UInt8] {
        let bytes: [UInt8]
        do throws(BNCError) { bytes = try FileSystem.read(path, what: "--keys") } catch {
            throw error.kind == .invalidData ? BNCError.configuration(error.message) : error
        }
        if path != "-" { try FileSystem.requirePrivate(path, holding: "branch secrets (--keys)") }
        return bytes
    }

    /// The credentials of a --keys file: the sandbox's own configuration, so a bad one is exit 78, as a bad config
    /// file is.
    static func keys(_ bytes: [UInt8], source: String) throws(BNCError) -> [KeyEntry] {
        let json: JSON
        do { json = try JSON.parse(bytes: bytes) } catch { throw BNCError.configuration("--keys \(source): \(error.description)") }
        do { return try SandboxConfig.parseKeys(json, source: source) } catch { throw BNCError.configuration(error.message) }
    }

    /// `arguments` with the --keys value (`--keys FILE` or `--keys=FILE`) replaced by `-`, standard input.
    static func keysFromStdin(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            if arguments[i] == "--" { out += arguments[i...]; break }
            if arguments[i] == "--keys", i + 1 < arguments.count {
                out += ["--keys", "-"]
                i += 2
                continue
            }
            out.append(arguments[i].hasPrefix("--keys=") ? "--keys=-" : arguments[i])
            i += 1
        }
        return out
    }

    /// The first error line the sandbox wrote to its log after `offset` (at most 64 KiB read), without its
    /// `bnc-sandbox: error: ` prefix.
    static func firstError(_ path: String, from offset: Int) -> String? {
        guard path != "/dev/null", offset >= 0 else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64 << 10)
        let n = pread(fd, &bytes, bytes.count, off_t(offset))
        guard n > 0 else { return nil }
        let prefix = "bnc-sandbox: error: "
        for line in String(decoding: bytes[..<n], as: UTF8.self).split(separator: "\n") where line.hasPrefix(prefix) {
            return String(line.dropFirst(prefix.count).prefix(1000))
        }
        return nil
    }
}
