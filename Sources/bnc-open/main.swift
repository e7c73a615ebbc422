// bnc-open: report an app session to Branch's POST /v1/open and print its deep-link data.
// Flags -> a body built and checked by BNCOpen -> sent by Core -> the decoded answer printed; state kept per device.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCOpen
import BNCSuite
import FoundationEssentials

@main
struct BncOpen: BNCRootCommand, BNCCommand {
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
            device and false afterwards. With --server-to-server-identity the randomized_bundle_token of the first \
            answer is kept in $XDG_STATE_HOME/bnc/state.db and sent on every later call; `bnc-open state` shows \
            and forgets what is kept.

            The answer's data (a JSON string) is decoded: --output json prints {session_id, \
            randomized_device_token, randomized_bundle_token, link, data}; the table shows the routing keys first; \
            --route KEY prints one value (exit 1 when absent).

            BODY FIELDS (any can be set with --field; the flags above set most of them):
            \(OpenFields.helpText)

            EXAMPLES:
              bnc-open --sandbox --ip 8.8.4.4 --os iOS --os-version 17.4 --model iPhone15,2 --app-version 2.3.0 --user-agent "$UA" --idfv 1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11
              bnc-open --device pixel.json --ip 8.8.4.4 --opened-with 'myapp://open?link_click_id=823569794275788167'
              bnc-open --device iphone.json --ip 8.8.4.4 --route '$deeplink_path'
              bnc-open --device iphone.json --ip 8.8.4.4 --server-to-server-identity --identity U1923847128356
              bnc-open --sandbox --batch sessions.ndjson --concurrency 8 > results.ndjson
            """,
        version: BNCVersion.string,
        subcommands: [StateCommand.self])

    @Option(name: .customLong("first-session"), help: ArgumentHelp("auto, true or false: INSTALL/REINSTALL (true) or OPEN (false); auto asks the state.", valueName: "WHEN"))
    var firstSession: FirstSession = .auto

    @Option(name: .customLong("opened-with"), help: ArgumentHelp("The URI or web URL that opened the app: link_identifier, universal_link_url or android_app_link_url (and gbraid).", valueName: "URL"))
    var openedWith: String?

    @Option(name: .customLong("install-referrer"), help: ArgumentHelp("Android: the Play install referrer (link_click_id, google_search_install_referrer, gclid; the whole as install_referrer_extras).", valueName: "REFERRER"))
    var installReferrer: String?

    @Option(name: .customLong("clicked-referrer-ts"), help: ArgumentHelp("Android: referrer click time, epoch seconds.", valueName: "TS"))
    var clickedReferrerTS: Int?

    @Option(name: .customLong("install-begin-ts"), help: ArgumentHelp("Android: install begin time, epoch seconds.", valueName: "TS"))
    var installBeginTS: Int?

    @Option(name: .customLong("clipboard-url"), help: ArgumentHelp("NativeLink: the Branch URL on the clipboard at first open (local_url).", valueName: "URL"))
    var clipboardURL: String?

    @Option(name: .customLong("asa-token"), help: ArgumentHelp("iOS: the AdServices attribution token (apple_attribution_token); - reads it from stdin.", valueName: "TOKEN"))
    var asaToken: String?

    @Option(name: .customLong("search-ad-encoded"), help: ArgumentHelp("iOS, deprecated: Base64 of the legacy iAd response (first session only).", valueName: "B64"))
    var searchAdEncoded: String?

    @Option(name: .customLong("facebook-app-link-checked"), help: ArgumentHelp("true or false (false: Branch asks Facebook's deferred deep link API).", valueName: "BOOL"))
    var facebookAppLinkChecked: Bool?

    @Flag(name: .customLong("tracking-disabled"), help: "Branch stores no data from this session.")
    var trackingDisabled = false

    @Flag(name: .customLong("disable-ad-network-callouts"), help: "Keep this session from ad networks.")
    var disableAdNetworkCallouts = false

    @Flag(name: .customLong("server-to-server-identity"), help: "Have Branch issue a randomized_bundle_token, kept and sent on later calls.")
    var serverToServerIdentity = false

    @Option(name: .customLong("randomized-bundle-token"), help: ArgumentHelp("Send this token instead of the kept one.", valueName: "TOKEN"))
    var randomizedBundleToken: String?

    @Option(name: .customLong("identity"), help: ArgumentHelp("Your user id for this session (at most 127 characters; never personal data).", valueName: "ID"))
    var identity: String?

    @Option(name: .customLong("custom-param-1"), help: ArgumentHelp("Custom dimension 1 for Branch reports.", valueName: "VALUE")) var customParam1: String?
    @Option(name: .customLong("custom-param-2"), help: ArgumentHelp("Custom dimension 2 for Branch reports.", valueName: "VALUE")) var customParam2: String?
    @Option(name: .customLong("custom-param-3"), help: ArgumentHelp("Custom dimension 3 for Branch reports.", valueName: "VALUE")) var customParam3: String?

    @Option(name: .customLong("body"), help: ArgumentHelp("A JSON body to start from (flags override it); - reads stdin.", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var body: String?

    @Option(name: [.customShort("f"), .customLong("field")], help: ArgumentHelp("Any body field: KEY=VALUE (string) or KEY:=JSON; applied last; KEY:=null removes.", valueName: "KEY=VALUE"),
            completion: .list(OpenFields.all.map { $0.name + "=" }))
    var fields: [String] = []

    @Option(name: .customLong("route"), help: ArgumentHelp("Print only this key of the deep-link data (or of the answer), for scripts; exit 1 when absent.", valueName: "KEY"))
    var route: String?

    @Flag(name: .customLong("no-state"), help: "Neither read nor write the state database.")
    var noState = false

    @OptionGroup(title: "Credentials") var credentials: CredentialOptions
    @OptionGroup(title: "Network") var network: NetworkOptions
    @OptionGroup(title: "Device") var device: DeviceOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions

    enum FirstSession: String, ExpressibleByArgument, CaseIterable { case auto, `true`, `false` }

    func validate() throws {
        if batch.batch != nil && (output.dryRun || output.curl) { throw ValidationError("--batch sends; --dry-run and --curl render one request") }
        if route != nil && (output.dryRun || output.curl) { throw ValidationError("--route reads an answer; --dry-run and --curl send nothing") }
    }

    var options: OpenOptions {
        var o = OpenOptions()
        o.facebookAppLinkChecked = facebookAppLinkChecked
        o.trackingDisabled = trackingDisabled ? true : nil
        o.disableAdNetworkCallouts = disableAdNetworkCallouts ? true : nil
        o.serverToServerIdentity = serverToServerIdentity
        o.randomizedBundleToken = randomizedBundleToken
        o.identity = identity
        o.customParams = [customParam1, customParam2, customParam3]
        o.openedWith = openedWith
        o.installReferrer = installReferrer
        o.clickedReferrerTS = clickedReferrerTS
        o.installBeginTS = installBeginTS
        o.clipboardURL = clipboardURL
        o.searchAdEncoded = searchAdEncoded
        switch firstSession {
        case .true: o.firstSession = true
        case .false: o.firstSession = false
        case .auto: o.firstSession = nil
        }
        return o
    }

    func run(_ context: ToolContext) throws {
        let (settings, ip, dev) = try context.checkShared(credentials: credentials, network: network, device: device, output: output)
        let key = try settings.requireKey()
        let secret = try settings.requireSecret()
        var options = self.options
        if let asaToken {
            options.asaToken = asaToken == "-" ? try FileSystem.readText("-", what: "--asa-token").trimmingWhitespace() : asaToken
        }
        let redactor = context.redactor(settings, output, extra: options.asaToken.map { [Secret($0)] } ?? [])
        let overrides = try fields.map { f throws(BNCError) in try FieldArgument.parse(f) }
        let base = settings.baseURL(default: "https://api2.branch.io")

        func request(_ body: JSONObject, ip: IPAddress?) throws(BNCError) -> HTTPRequest {
            var checked = try OpenRequest.validate(body, ipOverride: ip)
            checked["branch_key"] = nil
            checked["branch_secret"] = nil
            var full: JSONObject = ["branch_key": .string(key.value), "branch_secret": .string(secret.exposed)]
            for (k, v) in checked { full[k] = v }
            return HTTPRequest(method: "POST", base: base, path: "/v1/open",
                               headers: ["Accept": "application/json", "X-IP-Override": ip!.text], body: .json(.object(full)))
        }

        if batch.batch != nil {
            // Each line is a body (minus credentials; "ip" is its X-IP-Override); flags fill what a line leaves out.
            try context.runBatch(batch, network: network, redactor: redactor) { _, line throws(BNCError) in
                let (lineBody, lineIP) = try splitLineIP(line, fallback: ip)
                let built = try OpenRequest.body(base: [:], device: dev ?? Device(), options: options,
                                                 fields: overrides + lineBody.map { ($0.key, $0.value) })
                return try request(built, ip: lineIP)
            }
        }

        var start = JSONObject()
        if let file = body {
            let bytes = try FileSystem.read(file, what: "--body")
            guard case .object(let o) = try JSON.parseInput(bytes, what: "--body \(file)") else {
                throw BNCError.invalid("--body", "must be a JSON object")
            }
            start = o
        }
        // What the state knows of this device: whether it had its first session, its bundle token.
        let store = noState ? nil : try StateStore(path: StateStore.defaultPath(context.environment))
        var draft = try OpenRequest.body(base: start, device: dev ?? Device(), options: options, fields: overrides)
        let deviceKey = OpenRequest.deviceKey(draft, ip: ip)
        let known = try store?.device(key: key.value, device: deviceKey)
        if draft["first_session"] == nil, firstSession == .auto { draft["first_session"] = .bool(known == nil) }
        if serverToServerIdentity, draft["randomized_bundle_token"] == nil, let token = known?.randomizedBundleToken {
            draft["randomized_bundle_token"] = .string(token)
        }
        let req = try request(draft, ip: ip)
        if context.render(req, output: output, network: network, redactor: redactor) { return }

        let response = try context.send(req, network: network, redactor: redactor)
        guard response.isSuccess else {
            var error = response.httpError(redactor: redactor)
            if response.status == 429 {
                error.hint = "Branch answers 429 when one device opens again in rapid succession (testing): wait a few minutes or vary the device. Separately, non-referred opens count once per IP every 4 hours (the rest still return data)."
            }
            throw error
        }
        guard let json = response.json else { throw BNCError(.malformedResponse, "v1/open answered something that is not JSON", requestID: response.requestID) }
        let answer = try OpenResponse(json)
        try store?.recordSession(key: key.value, device: deviceKey,
                                 bundleToken: serverToServerIdentity ? answer.randomizedBundleToken : nil,
                                 deviceToken: answer.randomizedDeviceToken, identity: identity, at: Date().timeIntervalSince1970)

        if let route {
            let value = answer.data[route] ?? answer.json[route]
            guard let value, !value.isNull else { throw ExitCode(1) }
            context.stdout.line(value.plainText)
            return
        }
        context.emit(answer.json, format: output.format(context.environment)) { _ in
            var t = TextTable(columns: ["KEY", "VALUE"])
            for (k, v) in answer.tableRows { t.add([k, v]) }
            return t
        }
    }
}

/// `bnc-open state list|show|forget`: what bnc-open keeps per Branch key and device.
struct StateCommand: BNCCommand {
    static let toolName = "bnc-open"
    static let configuration = CommandConfiguration(
        commandName: "state", abstract: "Show or forget what bnc-open keeps per Branch key and device (first sessions, tokens).",
        subcommands: [List.self, Show.self, Forget.self], defaultSubcommand: List.self)

    func run(_ context: ToolContext) throws {}

    struct List: BNCCommand {
        static let toolName = "bnc-open"
        static let configuration = CommandConfiguration(abstract: "List the devices kept, newest first.")
        @Option(name: .customLong("key"), help: ArgumentHelp("Only this Branch key's devices.", valueName: "KEY")) var key: String?
        @OptionGroup(title: "Output") var output: OutputOptions

        func run(_ context: ToolContext) throws {
            context.apply(output)
            let rows = try StateStore(path: StateStore.defaultPath(context.environment)).devices(key: key)
            StateCommand.print(rows, context: context, output: output)
        }
    }

    struct Show: BNCCommand {
        static let toolName = "bnc-open"
        static let configuration = CommandConfiguration(abstract: "Show one device (its id as `state list` prints it).")
        @Argument(help: ArgumentHelp("The device id.", valueName: "device")) var device: String
        @OptionGroup(title: "Output") var output: OutputOptions

        func run(_ context: ToolContext) throws {
            context.apply(output)
            let rows = try StateStore(path: StateStore.defaultPath(context.environment)).devices(device: device)
            guard !rows.isEmpty else { throw BNCError(.invalidData, "no state for device \(device)") }
            StateCommand.print(rows, context: context, output: output)
        }
    }

    struct Forget: BNCCommand {
        static let toolName = "bnc-open"
        static let configuration = CommandConfiguration(abstract: "Forget one device (its next session is a first session again), or all with --all.")
        @Argument(help: ArgumentHelp("The device id.", valueName: "device")) var device: String?
        @Flag(name: .customLong("all"), help: "Forget every device.") var all = false
        @Option(name: .customLong("key"), help: ArgumentHelp("Only this Branch key's devices.", valueName: "KEY")) var key: String?

        func validate() throws {
            if (device == nil) == !all { throw ValidationError("name one device, or pass --all") }
        }

        func run(_ context: ToolContext) throws {
            let n = try StateStore(path: StateStore.defaultPath(context.environment)).forget(key: key, device: device)
            context.diagnostics.note("forgot \(n) device\(n == 1 ? "" : "s")")
        }
    }

    static func print(_ rows: [DeviceState], context: ToolContext, output: OutputOptions) {
        let format = output.format(context.environment)
        switch format {
        case .ndjson: rows.forEach { context.stdout.line($0.json.serialized()) }
        case .json: context.stdout.line(JSON.array(rows.map(\.json)).serialized(pretty: true))
        case .table:
            var t = TextTable(columns: ["BRANCH_KEY", "DEVICE", "SESSIONS", "BUNDLE_TOKEN", "IDENTITY"])
            for r in rows { t.add([r.branchKey, r.device, String(r.sessions), r.randomizedBundleToken ?? "", r.identity ?? ""]) }
            context.stdout.write(t.render())
        }
    }
}
