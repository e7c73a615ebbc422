// bnc-event: send Branch v2 events — standard commerce, content and lifecycle events, and custom events —
// one from flags, or a million from NDJSON through the batch runner.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCEvent
import BNCSuite

@main
struct BncEvent: BNCRootCommand {
    static let configuration = CommandConfiguration(
        commandName: "bnc-event",
        abstract: ToolCatalog.event.abstract + ".",
        discussion: """
            `bnc-event send NAME` posts to /v2/event/standard when NAME is a standard event (`bnc-event list`) and to \
            /v2/event/custom otherwise (--custom-event forces custom). user_data comes from the device flags, \
            --developer-identity and --ip (sent as X-IP-Override and user_data.ip); it must identify the user \
            (developer_identity, or idfa/idfv on iOS, or android_id/aaid on Android), checked before sending.
            """,
        version: BNCVersion.string,
        subcommands: [Send.self, List.self],
        defaultSubcommand: Send.self)
}

struct Send: BNCCommand {
    static let toolName = "bnc-event"
    static let configuration = CommandConfiguration(
        abstract: "Send one event, or a batch of them.",
        discussion: """
            Numbers (--revenue, --shipping, --tax, item prices) are sent as JSON numbers; --currency must be three \
            upper-case letters (a warning when it is not in the ISO 4217 list). custom_data values are strings \
            (--custom KEY=VALUE) unless they come from --custom-json FILE, which keeps their types. Content items \
            come from --item (repeatable) and --items FILE.json; $product_category takes the enum or the display \
            form and is sent in the display form the SDKs use (--category-form enum for the other).

            With --batch, each line is an event: {name, user_data, event_data, custom_data, content_items, \
            customer_event_alias, ip}; each is routed by its name and checked like one from flags.

            EXAMPLES:
              bnc-event send PURCHASE --sandbox --ip 8.8.4.4 --os iOS --idfv 1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11 --revenue 19.99 --currency USD --item '$sku=42,$price=19.99,$quantity=1'
              bnc-event send level_up --developer-identity user-1 --custom level=7 --ip 8.8.4.4
              bnc-event send --batch events.ndjson --concurrency 16 --rate 200 > results.ndjson
              bnc-event list
            """)

    @Argument(help: ArgumentHelp("The event name: standard (see `bnc-event list`) or your own.", valueName: "name"),
              completion: .list(EventCatalog.standard.map(\.name)))
    var name: String?

    @Flag(name: .customLong("custom-event"), help: "Send to /v2/event/custom even when the name is a standard one.")
    var customEvent = false

    @Option(name: .customLong("developer-identity"), help: ArgumentHelp("Your user id (user_data.developer_identity).", valueName: "ID"))
    var developerIdentity: String?

    @Option(name: .customLong("user-data"), help: ArgumentHelp("Another user_data field: KEY=VALUE or KEY:=JSON (repeatable).", valueName: "KEY=VALUE"))
    var userData: [String] = []

    @Option(name: .customLong("transaction-id"), help: ArgumentHelp("event_data.transaction_id.", valueName: "ID")) var transactionID: String?
    @Option(name: .customLong("currency"), help: ArgumentHelp("event_data.currency: ISO 4217, e.g. USD.", valueName: "CODE")) var currency: String?
    @Option(name: .customLong("revenue"), help: ArgumentHelp("event_data.revenue, a number.", valueName: "AMOUNT")) var revenue: String?
    @Option(name: .customLong("shipping"), help: ArgumentHelp("event_data.shipping, a number.", valueName: "AMOUNT")) var shipping: String?
    @Option(name: .customLong("tax"), help: ArgumentHelp("event_data.tax, a number.", valueName: "AMOUNT")) var tax: String?
    @Option(name: .customLong("coupon"), help: ArgumentHelp("event_data.coupon.", valueName: "CODE")) var coupon: String?
    @Option(name: .customLong("affiliation"), help: ArgumentHelp("event_data.affiliation, e.g. a store.", valueName: "TEXT")) var affiliation: String?
    @Option(name: .customLong("description"), help: ArgumentHelp("event_data.description.", valueName: "TEXT")) var eventDescription: String?
    @Option(name: .customLong("search-query"), help: ArgumentHelp("event_data.search_query.", valueName: "TEXT")) var searchQuery: String?
    @Option(name: .customLong("ad-type"), help: ArgumentHelp("event_data.ad_type: BANNER, INTERSTITIAL, REWARDED_VIDEO or NATIVE.", valueName: "TYPE"),
            completion: .list(EventCatalog.adTypes))
    var adType: String?

    @Option(name: .customLong("custom"), help: ArgumentHelp("custom_data KEY=VALUE, a string (repeatable).", valueName: "KEY=VALUE"))
    var custom: [String] = []

    @Option(name: .customLong("custom-json"), help: ArgumentHelp("custom_data from a JSON object file (types kept).", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var customJSON: String?

    @Option(name: .customLong("alias"), help: ArgumentHelp("customer_event_alias: your own label for the event.", valueName: "TEXT"))
    var alias: String?

    @Option(name: .customLong("item"), help: ArgumentHelp("A content item: '$sku=42,$price=19.99,$quantity=1,color=blue' (repeatable).", valueName: "SPEC"))
    var items: [String] = []

    @Option(name: .customLong("items"), help: ArgumentHelp("Content items from a JSON array file.", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var itemsFile: String?

    @Option(name: .customLong("category-form"), help: ArgumentHelp("Send $product_category as display (\"Baby & Toddler\") or enum (BABY_AND_TODDLER).", valueName: "FORM"))
    var categoryForm: CategoryFormArgument = .display

    @Flag(name: .customLong("no-state"), help: "Do not read randomized_device_token from bnc-open's state.")
    var noState = false

    @OptionGroup(title: "Credentials") var credentials: CredentialOptions
    @OptionGroup(title: "Network") var network: NetworkOptions
    @OptionGroup(title: "Device") var device: DeviceOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions

    enum CategoryFormArgument: String, ExpressibleByArgument, CaseIterable { case display, `enum` }

    func validate() throws {
        if batch.batch == nil && name == nil { throw ValidationError("name the event (e.g. PURCHASE), or pass --batch FILE") }
        if batch.batch != nil && (output.dryRun || output.curl) { throw ValidationError("--batch sends; --dry-run and --curl render one request") }
    }

    func run(_ context: ToolContext) throws {
        let (settings, ip, dev) = try context.checkShared(credentials: credentials, network: network, device: device, output: output)
        let key = try settings.requireKey()
        let redactor = context.redactor(settings, output)
        let form: CategoryForm = categoryForm == .enum ? .enum : .display
        let base = settings.baseURL(default: "https://api2.branch.io")

        func request(_ body: JSONObject, ip: IPAddress?) throws(BNCError) -> HTTPRequest {
            var checked = try EventRequest.validate(body, categoryForm: form, warn: context.diagnostics.warning)
            let name = checked["name"]!.stringValue!
            if !customEvent, let guess = EventCatalog.suggestion(for: name) {
                context.diagnostics.warning("\(name) is not a standard event: sending it as a custom event (did you mean \(guess)?)")
            }
            checked["branch_key"] = nil
            var full: JSONObject = ["branch_key": .string(key.value)]
            for (k, v) in checked { full[k] = v }
            var headers: HTTPHeaders = ["Accept": "application/json"]
            if let ip { headers["X-IP-Override"] = ip.text }
            return HTTPRequest(method: "POST", base: base, path: EventRequest.path(for: name, forceCustom: customEvent),
                               headers: headers, body: .json(.object(full)))
        }

        if batch.batch != nil {
            try context.runBatch(batch, network: network, redactor: redactor) { _, line throws(BNCError) in
                var (body, lineIP) = try splitLineIP(line, fallback: ip)
                // The documented pair: X-IP-Override and user_data.ip carry the same address.
                if let lineIP, case .object(var user)? = body["user_data"], user["ip"] == nil {
                    user["ip"] = .string(lineIP.text)
                    body["user_data"] = .object(user)
                }
                return try request(body, ip: lineIP)
            }
        }

        let device = dev ?? Device()
        var token: String?
        if !noState, let id = device.idfa ?? device.idfv ?? device.androidID ?? device.gaid {
            let store = try StateStore(path: StateStore.defaultPath(context.environment))
            token = try store.device(key: key.value, device: id)?.randomizedDeviceToken
        }
        var user = EventRequest.userData(device: device, ip: ip, developerIdentity: developerIdentity, randomizedDeviceToken: token)
        for f in userData {
            let (k, v) = try FieldArgument.parse(f)
            user[k] = v.isNull ? nil : v
        }
        var body: JSONObject = ["name": .string(name!)]
        body["customer_event_alias"] = alias.map(JSON.string)
        body["user_data"] = .object(user)
        var eventData = JSONObject()
        for (field, value) in [("transaction_id", transactionID), ("currency", currency), ("coupon", coupon), ("affiliation", affiliation),
                               ("description", eventDescription), ("search_query", searchQuery), ("ad_type", adType)] {
            if let value { eventData[field] = .string(value) }
        }
        for (field, value) in [("revenue", revenue), ("shipping", shipping), ("tax", tax)] {
            guard let value else { continue }
            guard let n = JSONNumber(literal: value.trimmingWhitespace()) else { throw BNCError.invalid("--\(field)", "must be a number (got \(value))") }
            eventData[field] = .number(n)
        }
        if !eventData.isEmpty { body["event_data"] = .object(eventData) }
        var customData = JSONObject()
        if let file = customJSON {
            guard case .object(let o) = try JSON.parseInput(try FileSystem.read(file, what: "--custom-json"), what: "--custom-json \(file)") else {
                throw BNCError.invalid("--custom-json", "must hold a JSON object")
            }
            customData = o
        }
        for c in custom {
            guard let eq = c.firstIndex(of: "="), eq != c.startIndex else { throw BNCError.usage("--custom", "must be KEY=VALUE (got \(c))") }
            customData[String(c[..<eq])] = .string(String(c[c.index(after: eq)...]))
        }
        if !customData.isEmpty { body["custom_data"] = .object(customData) }
        var contentItems: [JSON] = []
        if let file = itemsFile {
            guard case .array(let list) = try JSON.parseInput(try FileSystem.read(file, what: "--items"), what: "--items \(file)") else {
                throw BNCError.invalid("--items", "must hold a JSON array of content items")
            }
            contentItems = list
        }
        for spec in items { contentItems.append(.object(try EventRequest.parseItem(spec))) }
        if !contentItems.isEmpty { body["content_items"] = .array(contentItems) }

        let req = try request(body, ip: ip)
        if context.render(req, output: output, network: network, redactor: redactor) { return }
        let response = try context.deliver(req, network: network, redactor: redactor)
        context.emit(response.json ?? ["status": .int(response.status)], format: output.format(context.environment))
    }
}

struct List: BNCCommand {
    static let toolName = "bnc-event"
    static let configuration = CommandConfiguration(abstract: "List the standard events by group (commerce, content, lifecycle).")
    @OptionGroup(title: "Output") var output: OutputOptions

    func run(_ context: ToolContext) throws {
        context.apply(output)
        let rows: [JSON] = EventCatalog.standard.map { ["name": .string($0.name), "group": .string($0.group.rawValue), "description": .string($0.help)] }
        switch output.format(context.environment) {
        case .ndjson: rows.forEach { context.stdout.line($0.serialized()) }
        case .json: context.stdout.line(JSON.array(rows).serialized(pretty: true))
        case .table:
            var t = TextTable(columns: ["NAME", "GROUP", "DESCRIPTION"])
            for e in EventCatalog.standard { t.add([e.name, e.group.rawValue, e.help]) }
            context.stdout.write(t.render())
        }
    }
}
