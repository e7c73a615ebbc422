// bnc-app update: the settings --set names, checked against the documented ones, compared with the app's
// current settings; the change shown as a diff on stderr, then sent (PUT /v1/app/{branch_key}).
import ArgumentParser
import BNCApp
import BNCCommandSupport
import BNCCore

struct Update: SendingCommand {
    static let toolName = "bnc-app"
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Change documented app settings (PUT /v1/app/{branch_key}), showing the diff first.",
        discussion: """
            Each --set is checked against the documented settings (bnc-app fields) before anything is sent: an \
            unknown name gets a did-you-mean (exit 64), a value breaking its rule exit 65, a field Branch sets \
            itself (branch_key, creation_date, the link domains) exit 65. The current settings are read first: \
            what would change is printed on stderr (NAME: old → new), settings that already hold the value are not \
            sent, and nothing is sent when nothing changes. dev_email, which the API requires with every update, is \
            the current one unless set. --dry-run reads the current settings (a GET changes nothing), prints the \
            diff and the PUT it would send, and sends no PUT.
            """)
    @Option(name: .customLong("set"), help: ArgumentHelp(
        "A setting: NAME=VALUE (typed by the setting: true/false, 0/1, a,b for a list) or NAME:=JSON (repeatable).", valueName: "NAME=VALUE"),
            completion: .assignments(AppFields.settings.names))
    var sets: [String] = []
    @OptionGroup var explain: ExplainOption
    @OptionGroup var shared: SharedOptions

    func validate() throws {
        if sets.isEmpty { throw ValidationError("give at least one --set NAME=VALUE (bnc-app fields lists the settings)") }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        var wanted = JSONObject()
        for set in sets {
            let (name, raw, json) = try FieldArgument.parseForm(set, flag: "--set")
            let (key, value) = try AppRequest.setting(name, raw, json: json)
            wanted[key] = value
        }
        let (key, secret) = (try tool.settings.requireKey(), try tool.settings.requireSecret())
        let (_, json) = try tool.deliver(AppRequest.get(key: key, secret: secret, baseURL: tool.settings.apiURL))
        let current = json.objectValue ?? [:]
        let changes = AppRequest.changes(current: current, wanted: wanted)
        if changes.isEmpty {
            tool.diagnostics.note("nothing to change: every setting already has that value")
            if !tool.output.dryRun && !tool.output.curl { try tool.emit(tool.redactor.redact(json)) { shown in TextTable.keyValue(shown.objectValue ?? [:], keyTitle: "SETTING") } }
            return .success
        }
        if !tool.output.quiet {
            for c in changes {
                tool.diagnostics.note("\(c.name): \(tool.redactor.redact(c.from).serialized()) → \(tool.redactor.redact(c.to).serialized())")
            }
        }
        guard let devEmail = wanted["dev_email"]?.stringValue ?? current["dev_email"]?.stringValue, !devEmail.isEmpty else {
            throw BNCError.invalid("dev_email", "is required with every update and the app has none: --set dev_email=ADDRESS")
        }
        // The app's own, sent back with every update: held to the field's rule as --set's is (QA round 28b: NUL, CR/LF
        // and 10 KB went back as they came).
        if wanted["dev_email"] == nil {
            do { _ = try AppRequest.setting("dev_email", .string(devEmail), json: true) } catch {
                throw BNCError(.malformedResponse, "the app's current dev_email, sent with every update, breaks its rule (\(error.message)); nothing sent",
                               hint: "give one: --set dev_email=ADDRESS")
            }
        }
        let request = AppRequest.update(key: key, secret: secret, devEmail: devEmail,
                                        changes: JSONObject(changes.map { ($0.name, $0.to) }), baseURL: tool.settings.apiURL)
        var origins = Dictionary(uniqueKeysWithValues: wanted.map { ($0.key, "--set \($0.key)") })
        origins["dev_email"] = origins["dev_email"] ?? "the app's current settings (dev_email, required with every update)"
        explain.show(request, tool: tool, origins: origins, fallback: "bnc-app")
        if try tool.render(request) { return .success }
        let (_, answer) = try tool.deliver(request)
        let shown = tool.redactor.redact(answer)
        try tool.emit(shown) { _ in shown.objectValue.map { TextTable.keyValue($0, keyTitle: "SETTING") } }
        return .success
    }
}
