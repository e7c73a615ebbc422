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

@main
struct BncSandbox: BNCRootCommand, BNCCommand {
    static let toolName = "bnc-sandbox"
    static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: ToolCatalog.sandbox.abstract + ".",
        discussion: """
            Emulates, on 127.0.0.1 only: Branch's POST /v1/open, /v2/event/standard and /v2/event/custom, the \
            Deep Linking API (POST /v1/url, POST /v1/url/bulk/KEY, GET, PUT and DELETE /v1/url) and the links \
            themselves (GET /ALIAS records a click and redirects by User-Agent; ?debug=1 shows the link data); \
            Apple's AdServices POST /api/v1/; and TUNE's /serve. A later /v1/open from the IP (X-IP-Override) and \
            User-Agent of a click, within the link's match duration, is attributed to the link.

            The first line on stdout is always 'listening on http://127.0.0.1:PORT'. Control endpoints for tests \
            and scripts: GET /_sandbox/requests (what was received, secrets included), GET /_sandbox/stats, \
            POST /_sandbox/reset, POST /_sandbox/click {url, ip, user_agent}, and POST /_sandbox/asa-token \
            {attribution, detailed, not_found_times, expired, server_error_times, developer_mode} which mints an \
            AdServices token with the behaviour wanted, GET and POST /_sandbox/clock {advance_seconds} which moves \
            the sandbox's clock forward (ages tokens, match windows, the 4-hour non-referred window). Control \
            endpoints are never chaotic nor recorded.

            What production accepts but silently mishandles is answered normally plus one X-Sandbox-Lint header per \
            reason (also in /_sandbox/requests as "lint"; clients print them with -v): ad_tracking_enabled false, an \
            event's X-IP-Override without a matching user_data.ip, a JSON body without Content-Type: \
            application/json, an unknown kept randomized_bundle_token. Every Branch answer carries \
            X-Branch-Request-Id.

            Links: long links (GET /a/KEY?channel=...&tags=a&tags=b&data=BASE64) are clickable and attribute the \
            next open; Quick Links (type 2) answer 403 unless granted ("quick_links": true in --keys, or POST \
            /_sandbox/grant {branch_key}); --chaos also takes html=P (a 503 outage page) and 402=P.

            Knowingly not emulated (yet): aliases are unique across apps (the sandbox serves one link domain), and \
            an install is not attributed to Apple Search Ads through apple_attribution_token.

            By default any well-formed key_test_/key_live_ key is accepted with a secret of the same kind; --keys \
            takes a JSON array of {branch_key, branch_secret, app_id, access_token} to accept only those.

            EXAMPLES:
              bnc-sandbox --port 0
              bnc-sandbox --detach --state ~/.local/state/bnc/sandbox.db
              bnc-sandbox --chaos 429=0.1,500=0.05,reset=0.02,latency=20ms --seed 7
              curl -s -X POST http://127.0.0.1:8787/_sandbox/asa-token -d '{"detailed":true}'
            """,
        version: BNCVersion.string)

    @Option(name: .customLong("port"), help: ArgumentHelp("Port on 127.0.0.1; 0 picks a free one.", valueName: "N"))
    var port: Int = 8787

    @Option(name: .customLong("state"), help: ArgumentHelp("SQLite file keeping links, clicks, devices and tokens across restarts (default: in memory).", valueName: "FILE"),
            completion: .file())
    var state: String?

    @Option(name: .customLong("keys"), help: ArgumentHelp("JSON file of accepted credentials: [{branch_key, branch_secret, app_id, access_token}].", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var keys: String?

    @Flag(name: .customLong("detach"), help: "Run in the background; print the listening line, write the pid file, return.")
    var detach = false

    @Option(name: .customLong("pid-file"), help: ArgumentHelp("Where to write the process id (default with --detach: $XDG_STATE_HOME/bnc/sandbox.pid).", valueName: "FILE"),
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
    var threads: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    @Option(name: .customLong("max-recorded"), help: ArgumentHelp("Requests kept for /_sandbox/requests; older ones are dropped.", valueName: "N"))
    var maxRecorded: Int = 100_000

    @Flag(name: .customLong("log"), help: "Print one line per request on stderr.")
    var log = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard burstWindow >= 0 else { throw ValidationError("--burst-window must not be negative") }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be between 1 and 64") }
        guard maxRecorded >= 0 else { throw ValidationError("--max-recorded must not be negative") }
    }

    func run(_ context: ToolContext) throws -> ExitStatus {
        Subprocess.closeInheritedDescriptors()
        if detach {
            try SandboxLauncher.detach(arguments: CommandLine.arguments, context: context, pidFile: pidFile, logFile: logFile)
            return .success
        }

        var config = SandboxConfig(baseURL: "http://127.0.0.1:\(port)")
        config.burstWindow = burstWindow
        config.legacy409 = legacy409
        config.seed = seed
        config.maxRecorded = maxRecorded
        config.statePath = state.map(context.environment.expandTilde)
        if let chaos { config.chaos = try ChaosSpec.parse(chaos) }
        if let keys {
            let bytes = try FileSystem.read(keys, what: "--keys")
            let json: JSON
            do { json = try JSON.parse(bytes: bytes) } catch { throw BNCError(.invalidData, "--keys \(keys): \(error.description)") }
            config.keys = try SandboxConfig.parseKeys(json, source: keys)
        }
        // SIGTERM and SIGINT close the server. Installed before the server's threads exist, so they inherit
        // an unblocked mask whatever mask our parent gave us.
        let stop = try SignalWatcher.install([SIGTERM, SIGINT])

        // Port 0 is only known after binding: bind first, then fix the base URL the links are minted under.
        let diagnostics = context.diagnostics
        var logLine: (@Sendable (String) -> Void)?
        if log { logLine = { @Sendable line in diagnostics.note(line) } }
        let server = try SandboxServer.start(config: config, port: port, threads: threads, log: logLine)
        // The listening line says "ready": everything else (the pid file) is in place before it.
        if let pidFile { try FileSystem.write(Array("\(getpid())\n".utf8), to: context.environment.expandTilde(pidFile)) }
        context.stdout.line("listening on \(server.url)")

        stop.wait()
        server.close()
        server.wait()
        if let pidFile { unlink(context.environment.expandTilde(pidFile)) }
        return .success
    }
}
