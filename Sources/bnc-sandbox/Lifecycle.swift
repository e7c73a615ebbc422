// bnc-sandbox status and stop: the background sandbox (`--detach`, or the one --sandbox started) found by its
// pid file, checked to be a bnc-sandbox before anything is said or signalled (a pid file can outlive its
// process, and its number be reused by another program).
import ArgumentParser
import BNCCommandSupport
import BNCCore
#if canImport(Glibc)
import Glibc
#endif

/// The background sandbox a pid file names, if it is still a running bnc-sandbox.
struct BackgroundSandbox {
    let pid: Int32
    /// Its command line: how it was started (its port).
    let arguments: [String]

    /// The pid file's sandbox, or nil (no file, not a pid, gone, or another program by that number).
    static func find(pidFile: String) throws(BNCError) -> BackgroundSandbox? {
        guard FileSystem.exists(pidFile) else { return nil }
        try FileSystem.requireOwnKind(pidFile, .pid, what: "--pid-file", reading: true)
        let text = String(decoding: try FileSystem.read(pidFile, what: "pid file", limit: 64), as: UTF8.self).trimmingWhitespace()
        guard let pid = Int32(text), pid > 1, kill(pid, 0) == 0 || errno == EPERM else { return nil }
        guard let raw = try? FileSystem.read("/proc/\(pid)/cmdline", what: "process", limit: 1 << 16) else { return nil }
        let arguments = raw.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard let program = arguments.first, program.hasSuffix("bnc-sandbox") else { return nil }
        return BackgroundSandbox(pid: pid, arguments: arguments)
    }

    /// The port it was started with (`--port N`; 8787 when not given).
    var port: String {
        if let i = arguments.firstIndex(of: "--port"), i + 1 < arguments.count { return arguments[i + 1] }
        if let a = arguments.first(where: { $0.hasPrefix("--port=") }) { return String(a.dropFirst("--port=".count)) }
        return "8787"
    }

    var scheme: String { arguments.contains("--tls") ? "https" : "http" }
}

/// A running sandbox's pid file and, beside it, its address (`FILE.url`: the port is only known once bound).
/// The pid file is the sandbox's own: never a symbolic link (another program's pid file through it was left naming
/// a dead sandbox), never one naming another sandbox still running (it ran on, lost to `stop` and `status`),
/// written whole by rename, and removed at exit only while it still names this process.
enum PidFile {
    /// Refuses a pid file that is a link or names a running sandbox other than this process (exit 75: stop it).
    static func requireFree(_ path: String) throws(BNCError) {
        var st = stat()
        if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK {
            throw BNCError.configuration("--pid-file: \(path) is a symbolic link; bnc-sandbox writes its pid file itself",
                                         hint: "name the file itself, or another one")
        }
        if let running = try BackgroundSandbox.find(pidFile: path), running.pid != getpid() {
            throw BNCError(.temporary, "a bnc-sandbox already runs as pid \(running.pid) (pid file \(path))",
                           hint: "stop it first (bnc-sandbox stop), or pass another --pid-file")
        }
    }

    static func write(_ path: String, address: String) throws(BNCError) {
        try requireFree(path)
        try FileSystem.requireOwnKind(path, .pid, what: "--pid-file")
        try FileSystem.requireOwnKind(path + ".url", .address, what: "--pid-file's address file")
        try AtomicFile.write(Array("\(address)\n".utf8), to: path + ".url", kind: .address, what: "--pid-file's address file")
        try AtomicFile.write(Array("\(getpid())\n".utf8), to: path, kind: .pid, what: "--pid-file")
    }

    /// Removes the pid file and its address, unless the pid file now names another process.
    static func remove(_ path: String) {
        guard let text = try? FileSystem.read(path, what: "pid file", limit: 64),
              String(decoding: text, as: UTF8.self).trimmingWhitespace() == "\(getpid())" else { return }
        unlink(path)
        unlink(path + ".url")
    }
}

/// `--pid-file` for status and stop: the file `--detach` wrote.
struct PidFileOption: ParsableArguments {
    @Option(name: .customLong("pid-file"), help: ArgumentHelp("The background sandbox's pid file (default: $XDG_STATE_HOME/bnc/sandbox.pid).", valueName: "FILE"),
            completion: .file())
    var pidFile: String?

    func path(_ environment: Environment) -> String {
        pidFile.map(environment.expandTilde) ?? environment.stateDirectory + "/sandbox.pid"
    }

    /// The pid file's path and its live sandbox, if one runs.
    func sandbox(_ context: ToolContext) throws(BNCError) -> (path: String, running: BackgroundSandbox?) {
        let path = path(context.environment)
        return (path, try BackgroundSandbox.find(pidFile: path))
    }
}

struct Status: BNCCommand {
    static let toolName = "bnc-sandbox"
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Say whether a background sandbox runs (pid, address); exit 1 when none does.")
    @OptionGroup var pid: PidFileOption

    func run(_ context: ToolContext) throws -> ExitStatus {
        let (path, running) = try pid.sandbox(context)
        guard let sandbox = running else {
            context.stdout.line("not running (no live bnc-sandbox in \(path))")
            return .partialFailure
        }
        // The address the sandbox wrote beside its pid file; else the one its command line asked for.
        let written = (try? FileSystem.requireOwnKind(path + ".url", .address, what: "address file", reading: true)) != nil
            ? (try? FileSystem.readText(path + ".url", what: "address file", limit: 128))?.trimmingWhitespace() : nil
        context.stdout.line("running as pid \(sandbox.pid), listening on \(written ?? "\(sandbox.scheme)://127.0.0.1:\(sandbox.port)")")
        return .success
    }
}

struct Stop: BNCCommand {
    static let toolName = "bnc-sandbox"
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop the background sandbox (SIGTERM, then wait up to 10 seconds); exit 1 when none runs.")
    @OptionGroup var pid: PidFileOption

    func run(_ context: ToolContext) throws -> ExitStatus {
        let (path, running) = try pid.sandbox(context)
        guard let sandbox = running else {
            context.diagnostics.note("no background sandbox runs (no live bnc-sandbox in \(path))")
            return .partialFailure
        }
        guard kill(sandbox.pid, SIGTERM) == 0 else {
            throw BNCError(.configuration, "cannot stop pid \(sandbox.pid): \(FileSystem.errnoText())")
        }
        let deadline = MonotonicClock.now() + 10
        while kill(sandbox.pid, 0) == 0 && MonotonicClock.now() < deadline { usleep(20_000) }
        guard kill(sandbox.pid, 0) != 0 else {
            throw BNCError(.temporary, "pid \(sandbox.pid) did not stop within 10 seconds", hint: "kill -KILL \(sandbox.pid)")
        }
        context.stdout.line("stopped pid \(sandbox.pid)")
        return .success
    }
}
