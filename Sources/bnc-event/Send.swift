// bnc-event send: one event from flags, or a batch of them.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCEvent
import BNCSuite

struct Send: SendingCommand {
    static let toolName = "bnc-event"
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send one event, or a batch of them.",
        discussion: """
            Numbers (--revenue, --shipping, --tax, item prices) are sent as JSON numbers; --currency must be three \
            upper-case letters (a warning when it is not in the ISO 4217 list). custom_data values are strings \
            (--custom KEY=VALUE) unless they come from --custom-json FILE, which keeps their types. Content items \
            come from --item (repeatable) and --items FILE.json; $product_category takes the enum or the display \
            form and is sent in the display form the SDKs use (--category-form enum for the other).

            With --batch, each line is an event: {name, user_data, event_data, custom_data, content_items, \
            customer_event_alias, ip}; each is routed by its name and checked like one from flags. --body FILE \
            sends one event of that shape, checked as a batch line is (the shape bnc-mcp's send_event takes).

            The fields of user_data (--user-data KEY=VALUE sets any of them), event_data and content items \
            (--item '$sku=42,$price=19.99'; other keys are custom and flat), with their types and rules: \
            `bnc-event fields`, and FIELDS in bnc-event(1).

            EXAMPLES:
              bnc-event send PURCHASE --sandbox --ip 8.8.4.4 --os iOS --idfv 1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11 --revenue 19.99 --currency USD --item '$sku=42,$price=19.99,$quantity=1'
              bnc-event send level_up --developer-identity user-1 --custom level=7 --ip 8.8.4.4
              bnc-event send --body purchase.json --dry-run
              bnc-event send --batch events.ndjson --concurrency 16 --rate 200 > results.ndjson
              bnc-event list
            """)

    @Argument(help: ArgumentHelp("The event name: standard (see `bnc-event list`) or your own.", valueName: "name"),
              completion: .list(EventCatalog.standard.map(\.name)))
    var name: String?

    @OptionGroup(title: "Event") var event: EventFlags
    @OptionGroup var shared: SharedOptions
    @OptionGroup(title: "Device") var device: DeviceOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions

    static let fieldTables = EventBuilder.tables
    var deviceOptions: DeviceOptions? { device }
    var batchOptions: BatchOptions? { batch }
    var inputs: [(flag: String, path: String?)] { [("--body", event.body), ("--custom-json", event.customJSON), ("--items", event.itemsFile)] }

    func validate() throws {
        if event.explain && batch.batch != nil { throw ValidationError("--explain explains one event: not with --batch") }
        // `send` is the default command: `bnc-event lsit` sent an event named lsit (QA round 26b). A name one or
        // two edits from a command is refused unless --custom-event says it is meant.
        if let name, !event.customEvent, !EventCatalog.isStandard(name),
           let command = EditDistance.closest(to: name, in: ["send", "list", "fields"]) {
            throw ValidationError("'\(name)' is not a bnc-event command; did you mean '\(command)'? (to send an event of that name, add --custom-event)")
        }
        if let body = event.body {
            if event.explain { throw ValidationError("--explain explains an event built from flags: not with --body") }
            if batch.batch != nil { throw ValidationError("--body is one event: not with --batch") }
            if name != nil { throw ValidationError("--body \(body) is the whole event, its name included (\"name\": \"PURCHASE\"): not with a name argument") }
            if let flag = (event.partsGiven + device.given).first { throw ValidationError("--body \(body) is the whole event: not with \(flag)") }
        } else if batch.batch == nil && name == nil {
            throw ValidationError("name the event (e.g. PURCHASE), or pass --body FILE or --batch FILE")
        }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let key = try tool.settings.requireKey()
        let builder = EventBuilder(key: key, baseURL: tool.settings.apiURL, ip: tool.ip, forceCustom: event.customEvent,
                                   categoryForm: event.categoryFormValue)
        if tool.isBatch { return try tool.runBatch(builder) }
        if let file = event.body {
            guard case .object(let line) = try tool.readJSON(file, what: "--body") else { throw BNCError.invalid("--body", "must hold a JSON object (one event)") }
            try tool.requireOneApp(line)
            let warnings = Warnings()
            let request = try builder.request(line: line, warnings: warnings)
            try tool.admit(warnings)
            if try tool.render(request) { return .success }
            try tool.emit(try builder.answer(try tool.send(request), redactor: tool.redactor))
            return .success
        }
        var input = event.input(name: name!)
        if !event.noState, let id = tool.device.idfa ?? tool.device.idfv ?? tool.device.androidID ?? tool.device.gaid {
            let store = try StateStore(path: StateStore.defaultPath(tool.environment))
            input.randomizedDeviceToken = try store.device(key: key.value, device: id)?.randomizedDeviceToken
            if let token = input.randomizedDeviceToken {
                try EventFields.userData["randomized_device_token"]?.checkKept(token, what: "the randomized_device_token bnc-open kept for device \(id)", device: id)
            }
        }
        input.userData = try FieldArgument.parseAll(event.userData, flag: "--user-data")
        if let file = event.customJSON {
            guard case .object(let o) = try tool.readJSON(file, what: "--custom-json") else {
                throw BNCError.invalid("--custom-json", "must hold a JSON object")
            }
            input.customJSON = o
        }
        if let file = event.itemsFile {
            guard case .array(let list) = try tool.readJSON(file, what: "--items", limit: 64 << 20) else {
                throw BNCError.invalid("--items", "must hold a JSON array of content items")
            }
            input.items = list
        }
        let warnings = Warnings()
        let request = try tool.request(builder, try EventRequest.body(input, device: tool.device, ip: tool.ip), warnings: warnings)
        if event.explain {
            let explanation = EventExplanation(flags: event, device: tool.device, settings: tool.settings, ipFromFlag: tool.ip != nil,
                                               tokenFromState: input.randomizedDeviceToken != nil)
            for line in explanation.lines(request, redactor: tool.redactor, userAgent: tool.context.userAgent) { tool.diagnostics.note("explain: " + line) }
        }
        if try tool.render(request) { return .success }
        try tool.emit(try builder.answer(try tool.send(request), redactor: tool.redactor))
        return .success
    }
}
