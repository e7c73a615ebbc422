// bnc-doctor (`bnc doctor`): is the setup right? The config file and profile with the source of every setting,
// the key and secret, proxy and TLS, each upstream's reachability and the clock, the local state and journals —
// each check with its status, one line and the fix. Never prints a secret.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

struct BncDoctor: BNCRootCommand, BNCCommand {
    static let toolName = "bnc-doctor"
    static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: ToolCatalog.doctor.abstract + ".",
        discussion: """
            Each check prints its name, ok, warn, fail or skip, one line, and for anything not ok the command that \
            fixes it. Upstreams are asked once each with a short timeout (any HTTP answer is reachable): Branch and \
            Apple's AdServices, or the one address api_url sets (the sandbox). Exit 0 when nothing fails, 78 when \
            the configuration, the clock or the local state fails, 69 when only an upstream is unreachable. No \
            secret is printed: a secret is said to be set, and where from.

            EXAMPLES:
              bnc doctor
              bnc doctor --sandbox
              bnc doctor --profile prod --output json --jq '.checks[] | select(.status != "ok")'
              bnc doctor --offline
            """,
        version: BNCVersion.string)

    @OptionGroup(title: "Profile") var profile: ProfileOptions
    @Option(name: .customLong("api-url"), help: ArgumentHelp("Base URL the tools would use instead of the real hosts. Env: BNC_API_URL.", valueName: "URL"))
    var apiURL: String?
    @Option(name: .customLong("cacert"), help: ArgumentHelp("CA certificate bundle the tools would verify TLS with.", valueName: "FILE"), completion: .file())
    var cacert: String?
    @Option(name: .customLong("timeout"), help: ArgumentHelp("Seconds each upstream may take.", valueName: "S"))
    var timeout = 5.0
    @Flag(name: .customLong("offline"), help: "Ask no upstream: check the configuration and the local state only.")
    var offline = false
    @Flag(name: [.customShort("v"), .customLong("verbose")], help: "Trace the exchanges with the upstreams on stderr (secrets redacted).")
    var verbose = false
    @OptionGroup(title: "Output") var output: PrintOptions
    /// `bnc-doctor help`, as the completions (and every other tool) offer it; doctor takes no other word.
    @Argument(help: .hidden) var words: [String] = []

    func validate() throws {
        if words == ["help"] { throw CleanExit.helpRequest(self) }
        if let word = words.first { throw ValidationError("Unexpected argument '\(word)'") }
        guard timeout > 0, timeout <= 60 else { throw ValidationError("--timeout must be more than 0 and at most 60 seconds") }
    }

    func run(_ context: ToolContext) throws -> ExitStatus {
        try context.apply(output)
        let environment = context.environment
        var (checks, settings, profileURL) = ConfigChecks.run(environment, flags: profile.flags(apiURL: apiURL))
        // "No secret is printed": the configured ones by value, credentials by name, a URL's password and an
        // Authorization header in the -v trace — in the report, the trace and every error alike.
        let redactor = Redactor(secrets: settings?.secrets ?? ConfigurationResolver.environmentSecrets(environment),
                                showSecrets: output.showSecrets)
        context.use(redactor)
        checks.append(NetworkChecks.proxy(environment))
        checks.append(NetworkChecks.tls(environment, cacert: cacert))
        // Where the tools would go even when the settings could not be resolved (a bad profile): never the real
        // hosts when the user named another address, nor when a refused config file may name one.
        let base = settings?.apiURL ?? apiURL ?? environment["BNC_API_URL"] ?? profileURL
        if offline {
            checks.append(Check(name: "upstream", status: .skip, detail: "--offline: none asked", kind: .upstream))
            checks.append(NetworkChecks.clockSkipped("--offline: no server's Date to compare with"))
        } else if base == nil, checks.contains(where: { $0.name == "config file" && $0.status == .fail }) {
            checks.append(Check(name: "upstream", status: .skip, detail: "none asked: the config file was refused, and the address it names is unknown",
                                kind: .upstream))
            checks.append(NetworkChecks.clockSkipped("no upstream asked: nothing to compare with"))
        } else {
            let targets = base.map { [("upstream", $0)] } ?? NetworkChecks.upstreams(settings)
            checks += NetworkChecks.reach(targets, timeout: timeout, cacert: cacert.map(environment.expandTilde),
                                          redactor: redactor, trace: verbose ? context.diagnostics : nil)
            if base == nil {
                checks.append(Check(name: "tune", status: .skip, detail: "TUNE's services ended on 4 Sep 2023: bnc-tune maps and replays to Branch"))
            }
        }
        checks += StateChecks.run(environment, now: Double(time(nil)))

        let report = JSON.object(["checks": .array(checks.map(\.json)), "ok": .bool(!checks.contains { $0.status == .fail })])
        try context.emit(report, format: output.format(environment)) { _ in
            var table = TextTable(columns: ["CHECK", "STATUS", "DETAIL"])
            for c in checks { table.add(c.cells.map(redactor.redact), paint: [nil, c.paint]) }
            return table
        }
        let failed = checks.filter { $0.status == .fail }
        if failed.contains(where: { $0.kind != .upstream }) { return .configuration }
        return failed.isEmpty ? .success : .unavailable
    }
}

/// bnc-doctor's entry point: its own executable and the multi-call binary installed under its name call it.
public enum Entry {
    public static func main() { BncDoctor.main() }
}
