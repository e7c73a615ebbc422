// --sandbox: start a local bnc-sandbox in the background when none answers.
import BNCCore
import BNCSuite

/// With `--sandbox`: starts a detached bnc-sandbox when nothing answers at its loopback address.
struct SandboxStarter {
    let context: ToolContext

    /// - Parameter ownAddress: the URL is the sandbox profile's (BNC_SANDBOX_URL or 127.0.0.1:8787), not one the
    ///   user named with --api-url: only there is a sandbox started, never on a port the user did not choose for it.
    func ensure(for url: String, ownAddress: Bool) throws(BNCError) {
        guard let u = HTTPURL(url), u.host == "127.0.0.1" || u.host == "localhost" else { return }
        let port = u.port ?? (u.scheme == "https" ? 443 : 80)
        if TCPProbe.isListening(host: u.host, port: port) { return }
        guard ownAddress else {
            throw BNCError(.unreachable, "nothing answers at \(u.host):\(port), and --sandbox starts a sandbox only at its own address (BNC_SANDBOX_URL, default 127.0.0.1:8787)",
                           hint: "start one there yourself: bnc-sandbox --port \(port) --detach")
        }
        let own = Subprocess.currentExecutable().map { String($0[..<($0.lastIndex(of: "/") ?? $0.endIndex)]) }
        // Beside this tool, then PATH's absolute directories only: a relative entry (`.`) would run whatever
        // bnc-sandbox the current directory holds, as a dispatcher never may.
        let candidates = (own.map { [$0] } ?? []) + (context.environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        guard let sandbox = candidates.map({ $0 + "/bnc-sandbox" }).first(where: { FileSystem.isExecutable($0) }) else {
            throw BNCError(.unreachable, "no sandbox answers at 127.0.0.1:\(port) and bnc-sandbox was not found to start one",
                           hint: "install bnc-sandbox beside \(context.tool), or start one yourself: bnc-sandbox --port \(port)")
        }
        context.diagnostics.note("no sandbox at 127.0.0.1:\(port): starting \(sandbox) --detach --port \(port)")
        let pid = try Subprocess.spawn(sandbox, ["--detach", "--port", String(port)], stderrFD: 2)
        let status = Subprocess.wait(pid)
        guard status == 0, TCPProbe.isListening(host: u.host, port: port) else {
            throw BNCError(.unreachable, "bnc-sandbox could not be started on port \(port) (exit \(status))",
                           hint: "see \(context.environment.stateDirectory)/sandbox.log")
        }
    }
}
