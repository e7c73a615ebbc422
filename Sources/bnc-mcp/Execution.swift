// Running one suite executable for a tool call: a body on stdin, stdout kept up to a bound (a tool's answer goes
// to an agent's context: an export of millions of rows must be narrowed, not pasted), stderr kept for its notes.
import BNCCore
import Foundation

enum Execution {
    /// Most bytes of an answer a tool returns; past it the command is stopped and the call fails, saying so.
    static let maxAnswer = 8 << 20

    struct Result {
        let status: Int32
        let stdout: Data
        let stderr: String
        /// The answer passed `maxAnswer` and the command was stopped.
        let cutOff: Bool
    }

    /// The commands running now, so that the server's end ends them too (a scan of a FIFO no one writes to would
    /// otherwise outlive it, reading on its own).
    private static let lock = NSLock()
    nonisolated(unsafe) private static var running = Set<Int32>()
    /// The server is ending: a command that started after `running` was read is told to end by its own caller.
    nonisolated(unsafe) private static var ending = false

    /// SIGTERM, SIGINT and SIGHUP end the server and every command it runs (each told SIGTERM, then SIGKILL),
    /// with "bnc-mcp: interrupted" and exit 130, as bnc-mcp(1)'s EXIT STATUS says (it ended silently with 143).
    /// Caught by a handler, not ignored: an ignored signal stays ignored in the commands started after it.
    static func endChildrenOnSignals() throws {
        let watcher = try SignalWatcher.install()
        Thread.detachNewThread {
            watcher.wait()
            endRunning()
            OutputStream.stderr.line("bnc-mcp: interrupted")
            exit(ExitStatus.interrupted.rawValue)
        }
    }

    /// Ends every command still running (SIGTERM, then SIGKILL): the server is ending, and no one will read their
    /// answers (a call the client cancelled just before its input ended is still being told to end).
    static func endRunning() {
        lock.lock()
        ending = true
        let pids = running
        lock.unlock()
        for pid in pids { kill(pid, SIGTERM) }
        if !pids.isEmpty { usleep(200_000) }
        lock.lock()
        let left = running.intersection(pids)
        lock.unlock()
        for pid in left { kill(pid, SIGKILL) }
    }

    /// A call's command, stopped when the client cancels the call (MCP's `notifications/cancelled`): told SIGTERM,
    /// as the server's own end tells it, whether it is running already or about to start.
    final class Stopper: @unchecked Sendable {
        private let lock = NSLock()
        private var pid: Int32?
        private var stopped = false

        /// The command started: false (and it is told to end) when the call was cancelled first.
        fileprivate func started(_ pid: Int32) -> Bool {
            lock.withLock { self.pid = pid; return !stopped }
        }
        fileprivate func ended() { lock.withLock { pid = nil } }
        var isStopped: Bool { lock.withLock { stopped } }

        /// SIGTERM now, SIGKILL if it is still running three seconds later.
        func stop() {
            let pid: Int32? = lock.withLock { stopped = true; return self.pid }
            guard let pid else { return }
            kill(pid, SIGTERM)
            DispatchQueue.global().asyncAfter(deadline: .now() + 3) { [self] in
                if lock.withLock({ self.pid == pid }) { kill(pid, SIGKILL) }
            }
        }
    }

    static func run(_ path: String, _ arguments: [String], stdin: Data?, environment extra: [String: String] = [:],
                    stopper: Stopper? = nil) -> Result {
        if stopper?.isStopped == true { return Result(status: 143, stdout: Data(), stderr: "", cutOff: false) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        for (k, v) in extra { environment[k] = v }
        p.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = errors
        do { try p.run() } catch { return Result(status: 127, stdout: Data(), stderr: "bnc-mcp: cannot run \(path): \(error)", cutOff: false) }
        let pid = p.processIdentifier
        // Under the lock endRunning reads `running` by: a signal between run() and here ended the server without it.
        if lock.withLock({ running.insert(pid); return ending }) { kill(pid, SIGTERM) }
        defer { lock.lock(); running.remove(pid); lock.unlock() }
        if let stopper, !stopper.started(pid) { stopper.stop() }
        defer { stopper?.ended() }
        // stderr is read and stdin written on threads of their own, not Dispatch's pool: each blocks until the
        // command ends, and on Linux that pool also runs the server's Swift tasks (16 calls held by a silent server
        // left a ping unanswered for 10 s, QA round 29b).
        let group = DispatchGroup()
        nonisolated(unsafe) var err = Data()
        group.enter()
        Thread.detachNewThread { err = errors.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        Thread.detachNewThread {
            if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
            try? input.fileHandleForWriting.close()
            group.leave()
        }
        var out = Data()
        var cutOff = false
        let reader = output.fileHandleForReading
        while let chunk = try? reader.read(upToCount: 1 << 16), !chunk.isEmpty {
            out.append(chunk)
            if out.count > maxAnswer {
                cutOff = true
                p.terminate()
                break
            }
        }
        try? reader.close()
        group.wait()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: out, stderr: String(decoding: err, as: UTF8.self), cutOff: cutOff)
    }
}
