// bnc-open: report an app session to Branch's POST /v1/open and print its deep-link data.
// Flags -> BNCOpen builds and checks the request, and keeps the session state -> Core sends -> the answer printed.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCOpen
import BNCSuite

struct BncOpen: BNCRootCommand, SendingCommand {
    static let toolName = "bnc-open"
    static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: ToolCatalog.open.abstract + ".",
        discussion: """
            Builds the server-to-server POST /v1/open body from the device (--device FILE and the device flags), the \
            flags below, --body and --field, checks it against Branch's rules (os iOS or Android, os_version never \
            blank, per-OS device ids, ad_tracking_enabled omitted under Limit Ad Tracking, install-only fields only \
            in a first session, the IP override required) and sends it. Nothing that fails a rule is sent (exit 65).

            --first-session auto (the default) sends first_session true the first time this Branch key sees the \
            device and false afterwards. In a --batch each line is decided so and each answer kept: a device's lines \
            go one after another (its install before its opens, each made from the answers before it), different \
            devices' lines at --concurrency. With --server-to-server-identity the randomized_bundle_token of the first \
            answer is kept in $XDG_STATE_HOME/bnc/state.db and sent on every later call that passes the flag too; \
            `bnc-open state` shows \
            and forgets what is kept.

            A batch line is a body without credentials, over the flags' body; two of its members are the device's, \
            not v1/open's: "ip" (its X-IP-Override) and "limit_ad_tracking" (true or false, 1 or 0: when true, \
            ad_tracking_enabled is left out, as with --limit-ad-tracking true). A --body file may carry both too.

            The answer's data (a JSON string) is decoded: --output json prints {session_id, \
            randomized_device_token, randomized_bundle_token, link, data}; the table shows the routing keys first; \
            --route KEY prints one value (exit 1 when absent).

            BODY FIELDS: `bnc-open fields` lists each with its type and rules, then the rules between them (any can be \
            set with --field; the flags below set most of them); bnc-open(1) has the same list.

            EXAMPLES:
              bnc-open --sandbox --ip 8.8.4.4 --os iOS --os-version 17.4 --model iPhone15,2 --app-version 2.3.0 --user-agent "$UA" --idfv 1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11
              bnc-open --device pixel.json --ip 8.8.4.4 --opened-with 'myapp://open?link_click_id=823569794275788167'
              bnc-open --device iphone.json --ip 8.8.4.4 --route '$deeplink_path'
              bnc-open --device iphone.json --ip 8.8.4.4 --server-to-server-identity --identity U1923847128356
              bnc-open --sandbox --batch sessions.ndjson --concurrency 8 > results.ndjson
            """,
        version: BNCVersion.string,
        subcommands: [StateCommand.self, FieldsCommand<OpenFieldCatalog>.self])

    static let fieldTables = OpenBuilder.tables

    @OptionGroup(title: "Session") var session: SessionFlags
    @OptionGroup var shared: SharedOptions
    @OptionGroup(title: "Device") var device: DeviceOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions

    var deviceOptions: DeviceOptions? { device }
    var batchOptions: BatchOptions? { batch }
    var inputs: [(flag: String, path: String?)] { [("--body", session.body), ("--asa-token", session.asaToken)] }

    func validate() throws {
        if session.explain && batch.batch != nil { throw ValidationError("--explain explains one request: not with --batch (try one line with --body)") }
        if session.route != nil && (shared.output.dryRun || shared.output.curl) {
            throw ValidationError("--route reads an answer; --dry-run and --curl send nothing")
        }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let key = try tool.settings.requireKey()
        let secret = try tool.settings.requireSecret()
        var options = session.options
        if let token = session.asaToken {
            let value = token == "-" ? try FileSystem.readText("-", what: "--asa-token").trimmingWhitespace() : token
            options.asaToken = value
            tool.addSecret(value)
        }
        let overrides = try FieldArgument.parseAll(session.fields)
        // -f branch_key=/branch_secret= of another app: refused as a --body's or a line's (it was dropped unsaid).
        try tool.requireOneApp(JSONObject(overrides))
        let baseURL = tool.settings.apiURL

        if tool.isBatch {
            // Each line is a body (minus credentials; "ip" is its X-IP-Override); flags fill what a line leaves out.
            // Each line completed from the state as one call is (--first-session auto, the kept bundle token).
            let (defaults, flags) = try OpenRequest.made(device: tool.device, options: options, fields: overrides)
            let store = session.noState ? nil : try StateStore(path: StateStore.defaultPath(tool.environment))
            let sessions = OpenBatchSession(session: OpenSession(store: store, key: key),
                                            builder: OpenBuilder(key: key, secret: secret, baseURL: baseURL, ip: tool.ip, defaults: defaults, flags: flags),
                                            decideFirstSession: session.firstSession == .auto, keepToken: session.serverToServerIdentity)
            let redactor = tool.redactor
            return try tool.runBatch(answer: { try sessions.answered($0, $1, redactor: redactor) }, settled: { sessions.settled($0.line) },
                                     serialKey: { number, line throws(BNCError) in try sessions.serialKey(number: number, line: line) }) {
                number, line, warnings throws(BNCError) in try sessions.request(number: number, line: line, warnings: warnings)
            }
        }

        var start = JSONObject()
        var ip = tool.ip
        var bodyDevice = tool.device
        let warnings = Warnings()
        if let file = session.body {
            guard case .object(let o) = try tool.readJSON(file, what: "--body") else { throw BNCError.invalid("--body", "must be a JSON object") }
            try tool.requireOneApp(o)
            // The batch-line shape: an "ip" member is the X-IP-Override (--ip wins).
            var (fileBody, bodyIP) = try Branch.splitLineIP(o, fallback: nil, warnings: nil)
            // Its limit_ad_tracking is the device's, as in a batch line (the device flags and file win); the body
            // is then held to the rule with the rest (OpenRequest.body).
            if let limited = try OpenRequest.takeLimitAdTracking(&fileBody), bodyDevice.limitAdTracking == nil {
                try bodyDevice.set("limit_ad_tracking", limited ? "true" : "false", source: "limit_ad_tracking in --body", warn: { _ in })
            }
            start = fileBody
            if ip == nil, let bodyIP {
                ip = bodyIP
                if let w = bodyIP.warning { warnings.add(w) }
            }
        }
        let store = session.noState ? nil : try StateStore(path: StateStore.defaultPath(tool.environment))
        let state = OpenSession(store: store, key: key)
        let draft = try OpenRequest.body(base: start, device: bodyDevice, options: options, fields: overrides)
        let (body, deviceKey) = try state.prepare(draft, ip: ip, decideFirstSession: session.firstSession == .auto,
                                                  keepToken: session.serverToServerIdentity)
        let builder = OpenBuilder(key: key, secret: secret, baseURL: baseURL, ip: ip)
        let request = try tool.request(builder, body, warnings: warnings)
        if session.explain {
            let explanation = OpenExplanation(start: start, startSource: session.body.map { "--body \($0 == "-" ? "(stdin)" : $0)" }, device: bodyDevice,
                                              options: options, overrides: overrides, prepared: body, settings: tool.settings,
                                              ipSource: tool.ip != nil ? "--ip" : "ip in --body", stateKept: store != nil)
            for line in try explanation.lines(request, redactor: tool.redactor, userAgent: tool.context.userAgent) { tool.diagnostics.note("explain: " + line) }
        }
        if try tool.render(request) { return .success }

        let answer = try builder.answer(try tool.send(request), redactor: tool.redactor)
        try state.record(answer, device: deviceKey, keepToken: session.serverToServerIdentity, identity: session.identity)
        if let route = session.route { return session.print(route, of: answer, tool) }
        try tool.emit(answer.json) { _ in answer.table(redactor: tool.redactor) }
        return .success
    }
}

/// `bnc-open fields`: v1/open's table and its rules.
enum OpenFieldCatalog: FieldCatalog {
    static let toolName = "bnc-open"
    static var tables: [FieldTable] { OpenBuilder.tables }
}

/// bnc-open's entry point: its own executable and the multi-call binary installed under its name call it.
public enum Entry {
    public static func main() { BncOpen.main() }
}
