// A real bnc-sandbox process on an ephemeral port, for end-to-end tests; stopped with SIGTERM.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public final class SandboxProcess: @unchecked Sendable {
    public let pid: pid_t
    public let url: String
    public let port: Int
    private var exitStatus: Int32?
    /// The certificate a --tls sandbox is checked against by `control`.
    public var caCertificate: String?

    /// Starts `bnc-sandbox --port 0 ARGS` and waits for its listening line.
    /// Spawned with posix_spawn, not Foundation's Process: on Linux, Process reaps its children one at a time
    /// with a blocking wait, so a long-lived child started with it stalls every later Process.waitUntilExit().
    /// `environment` replaces the test's own (as `TestSupport.Sandbox.environment()` builds one).
    public init(_ arguments: [String] = [], environment: [String: String]? = nil) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        let path = Executables.path("bnc-sandbox")
        let argv = ([path, "--port", "0"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        let rc = envp.map { posix_spawn(&child, path, &actions, nil, argv, $0) } ?? posix_spawn(&child, path, &actions, nil, argv, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard rc == 0 else { throw POSIXError(.ENOENT) }
        pid = child
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(fds[0], &byte, 1) == 1 && byte != 10 { line.append(byte) }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening on http://127.0.0.1:") || text.hasPrefix("listening on https://127.0.0.1:") else {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            throw POSIXError(.ECONNREFUSED)
        }
        url = String(text.dropFirst("listening on ".count))
        port = Int(url.split(separator: ":").last!)!
    }

    /// SIGTERM, then the exit status (128+N when killed by signal N).
    @discardableResult
    public func stop() -> Int32 {
        if let exitStatus { return exitStatus }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let result = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = result
        return result
    }

    deinit { stop() }

    /// GET or POST a control endpoint with curl and parse the JSON answer.
    public func control(_ path: String, method: String = "GET", body: String? = nil) throws -> Any {
        var args = ["-s", "-X", method, url + path]
        if let caCertificate { args += ["--cacert", caCertificate] }
        if let body { args += ["-d", body] }
        return try JSONSerialization.jsonObject(with: ProcessOutput.bytes("/usr/bin/curl", args))
    }

    /// What the sandbox received, oldest first.
    public func received() throws -> [[String: Any]] {
        try control("/_sandbox/requests") as? [[String: Any]] ?? []
    }
}

/// A tool run in the background with posix_spawn, its stdout and stderr going to files: for tests that kill
/// or interrupt it mid-run.
public final class BackgroundTool: @unchecked Sendable {
    public let pid: pid_t
    public let stdoutPath: String
    public let stderrPath: String
    private var status: Int32?

    public init(_ tool: String, _ arguments: [String], environment: [String: String], directory: String) throws {
        stdoutPath = directory + "/bg-\(UUID().uuidString).out"
        stderrPath = directory + "/bg-\(UUID().uuidString).err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let path = tool.hasPrefix("/") ? tool : Executables.path(tool)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        // The stopping signals start at their defaults, whatever the test runner ignores (a CI run under nohup):
        // a test of a signal's effect must not depend on its parent's dispositions.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        guard posix_spawn(&child, path, &actions, &attributes, argv, envp) == 0 else { throw POSIXError(.ENOENT) }
        pid = child
    }

    /// Lines written to stdout so far.
    public var outputLines: [String] {
        ((try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Waits until stdout has at least `count` lines (or `timeout` seconds pass); true when it has.
    public func waitForLines(_ count: Int, timeout: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if outputLines.count >= count { return true }
            usleep(20_000)
        }
        return false
    }

    public func signal(_ sig: Int32) { kill(pid, sig) }

    /// Whether it has ended (its status then kept for `wait()`), without waiting.
    public var hasExited: Bool {
        if status != nil { return true }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return false }
        status = Self.exitStatus(raw)
        return true
    }

    /// The exit status (128+N when killed by signal N).
    @discardableResult
    public func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        let s = Self.exitStatus(raw)
        status = s
        return s
    }

    /// A wait status as a shell reports it: the exit code, or 128+N when signal N ended it.
    private static func exitStatus(_ raw: Int32) -> Int32 { raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F) }

    deinit {
        if status == nil { kill(pid, SIGKILL); wait() }
    }
}
