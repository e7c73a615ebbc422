// bnc-sandbox: the local emulator of Branch, Apple AdServices and TUNE — the suite's test oracle and a
// playground for building integrations offline. Flags in, a Sandbox and its server out; the work is in BNCSandbox.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCSandbox
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

struct BncSandbox: BNCRootCommand, BNCCommand {
    static let toolName = "bnc-sandbox"
    static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: ToolCatalog.sandbox.abstract + ".",
        discussion: SandboxHelp.discussion,
        version: BNCVersion.string,
        subcommands: [Status.self, Stop.self])

    @Option(name: .customLong("port"), help: ArgumentHelp("Port on 127.0.0.1; 0 picks a free one.", valueName: "N"))
    var port: Int = 8787

    @Option(name: .customLong("state"), help: ArgumentHelp("SQLite file keeping links, clicks, devices and tokens across restarts (default: in memory).", valueName: "FILE"),
            completion: .file())
    var state: String?

    @Option(name: .customLong("keys"), help: ArgumentHelp("JSON file of accepted credentials: [{branch_key, branch_secret, app_id, access_token, quick_links, link_domain}].", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var keys: String?

    @Flag(name: .customLong("detach"), help: "Run in the background; print the listening line, write the pid file, return.")
    var detach = false

    @Option(name: .customLong("pid-file"), help: ArgumentHelp("Where to write the process id (default with --detach: $XDG_STATE_HOME/bnc/sandbox.pid); refused (75) while it names a running sandbox, or when it is a symbolic link.", valueName: "FILE"),
            completion: .file())
    var pidFile: String?

    @Option(name: .customLong("log-file"), help: ArgumentHelp("Where a detached sandbox writes its stderr (default: $XDG_STATE_HOME/bnc/sandbox.log).", valueName: "FILE"),
            completion: .file())
    var logFile: String?

    @Option(name: .customLong("chaos"), help: ArgumentHelp("Injected faults: 429=P,500=P,402=P,html=P,reset=P,latency=20ms,retry-after=S.", valueName: "SPEC"))
    var chaos: String?

    @Option(name: .customLong("seed"), help: ArgumentHelp("Seed for ids and chaos: the same seed and request order give the same answers.", valueName: "N"))
    var seed: UInt64 = 0

    @Option(name: .customLong("burst-window"), help: ArgumentHelp("Seconds within which a second /v1/open of the same device gets 429.", valueName: "S"))
    var burstWindow: Double = 2

    @Flag(name: .customLong("legacy-409"), help: "Answer alias conflicts with 409, as Branch did before, instead of 400.")
    var legacy409 = false

    @Option(name: .customLong("threads"), help: ArgumentHelp("Event-loop threads (default: one per core).", valueName: "N"))
    var threads: Int?

    @Option(name: .customLong("max-recorded"), help: ArgumentHelp("Requests kept for /_sandbox/requests; older ones are dropped.", valueName: "N"))
    var maxRecorded: Int = 100_000

    @Flag(name: .customLong("tls"), help: "Serve HTTPS, TLS 1.2 and later as Branch does (the Android SDK's custom API URL must be https): with --tls-cert and --tls-key, or a self-signed pair for 127.0.0.1, ::1, 10.0.2.2 and localhost kept in $XDG_STATE_HOME/bnc/sandbox-tls.pem and .key.")
    var tls = false

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("PEM certificate (chain) for --tls.", valueName: "FILE"), completion: .file(extensions: ["pem", "crt"]))
    var tlsCert: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("PEM private key for --tls (mode 600).", valueName: "FILE"), completion: .file(extensions: ["pem", "key"]))
    var tlsKey: String?

    @Flag(name: .customLong("log"), help: "Print one line per request on stderr.")
    var log = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard burstWindow >= 0 else { throw ValidationError("--burst-window must not be negative") }
        guard (1...64).contains(threads ?? 1) else { throw ValidationError("--threads must be between 1 and 64") }
        guard maxRecorded >= 0 else { throw ValidationError("--max-recorded must not be negative") }
        guard (tlsCert == nil) == (tlsKey == nil) else { throw ValidationError("--tls-cert and --tls-key go together") }
        // Each file has one role: a log appended to the keys file, or a pid written over the state, would ruin it.
        if let shared = FileSystem.sharedFile(writers: [("--state", state), ("--keys", keys), ("--pid-file", pidFile), ("--log-file", logFile),
                                                         ("--tls-cert", tlsCert), ("--tls-key", tlsKey)]) {
            throw ValidationError("\(shared.writer) and \(shared.other) name the same file (\(shared.path)): each needs its own")
        }
    }

    func run(_ context: ToolContext) throws -> ExitStatus {
        // Read before the inherited descriptors are closed: `--keys <(...)` names one of them (/dev/fd/63).
        let keyBytes = try keys.map { path throws(BNCError) in try SandboxLauncher.readKeys(path) }
        Subprocess.closeInheritedDescriptors()
        if detach {
            // The keys read here go to the detached sandbox on its standard input: a pipe (a descriptor, a FIFO,
            // stdin) cannot be read again, and a file read twice could change between the reads.
            try SandboxLauncher.detach(arguments: CommandLine.arguments, context: context, pidFile: pidFile, logFile: logFile, keys: keyBytes)
            return .success
        }

        var config = SandboxConfig(baseURL: "http://127.0.0.1:\(port)")
        config.burstWindow = burstWindow
        config.legacy409 = legacy409
        config.seed = seed
        config.maxRecorded = maxRecorded
        config.statePath = state.map(context.environment.expandTilde)
        if let chaos { config.chaos = try ChaosSpec.parse(chaos) }
        if let pidFile { try PidFile.requireFree(context.environment.expandTilde(pidFile)) }  // before binding a port
        if let keys, let bytes = keyBytes { config.keys = try SandboxLauncher.keys(bytes, source: keys) }
        // SIGTERM, SIGINT and SIGHUP close the server (state saved, pid file removed). Installed before the server's threads exist, so they inherit
        // an unblocked mask whatever mask our parent gave us.
        let stop = try SignalWatcher.install()

        // Port 0 is only known after binding: bind first, then fix the base URL the links are minted under.
        let diagnostics = context.diagnostics
        var logLine: (@Sendable (String) -> Void)?
        if log { logLine = { @Sendable line in diagnostics.note(line) } }
        var certificate: SandboxTLS?
        if let tlsCert, let tlsKey {
            certificate = try SandboxTLS.load(certificate: context.environment.expandTilde(tlsCert), key: context.environment.expandTilde(tlsKey))
        } else if tls {
            certificate = try SandboxTLS.own(in: context.environment.stateDirectory)
        }
        if let path = certificate?.certificatePath {
            context.diagnostics.note("TLS certificate \(path) (self-signed ones cover 127.0.0.1, ::1, 10.0.2.2 and localhost: trust it in the app's debug build)")
        }
        let server = try SandboxServer.start(config: config, port: port, threads: threads ?? max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))), tls: certificate, log: logLine)
        // The listening line says "ready": everything else (the pid file) is in place before it.
        if let pidFile { try PidFile.write(context.environment.expandTilde(pidFile), address: server.url) }
        context.stdout.line("listening on \(server.url)")
        // Nobody can learn the port (with --port 0) nor that the sandbox is ready: stop rather than serve unseen.
        if let errno = context.stdout.writeError, errno != EPIPE {
            server.close()
            server.wait()
            throw BNCError(.io, "cannot write the listening line to standard output: \(String(cString: strerror(errno)))")
        }

        stop.wait()
        server.close(); server.wait()
        if let pidFile { PidFile.remove(context.environment.expandTilde(pidFile)) }
        return .success
    }
}

/// bnc-sandbox's entry point: its own executable and the multi-call binary installed under its name call it.
public enum Entry {
    public static func main() { BncSandbox.main() }
}
