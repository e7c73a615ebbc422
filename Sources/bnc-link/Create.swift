// bnc-link create: one short link from flags (explaining an alias conflict), or a batch of them.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink
import BNCSuite

struct Create: SendingCommand {
    static let toolName = "bnc-link"
    static let fieldTables = LinkCreateBuilder.tables
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a short link (POST /v1/url), or one per NDJSON line with --batch.",
        discussion: """
            An alias is idempotent: the same alias with the same parameters answers the same link; with other \
            parameters Branch refuses it (409, or 400 "Link alias conflict") and bnc-link names what differs. \
            Nothing falls back to a long link silently: --fallback-long prints one when creation fails, and says so.
            """)

    @OptionGroup(title: "Link") var link: LinkFlags
    @Flag(name: .customLong("fallback-long"), help: "When creation fails, print a long link built offline instead (said on stderr).")
    var fallbackLong = false
    @Option(name: .customLong("domain"), help: ArgumentHelp("Link domain for --fallback-long.", valueName: "HOST"))
    var domain = "bnc.lt"

    func validate() throws {
        if explain && batch.batch != nil { throw ValidationError("--explain explains one link: not with --batch") }
        if case .failure(let e) = HostName.validate(domain) { throw ValidationError("--domain \(e.rule)") }
    }
    @Flag(name: .customLong("explain"), help: "On stderr, each field of the link with its value and where it came from (a flag, --param, the --data file, the settings).")
    var explain = false
    @OptionGroup(title: "Quick Link QR code (type 2 links)") var qr: QRFlags
    @OptionGroup var shared: SharedOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions

    var batchOptions: BatchOptions? { batch }
    var inputs: [(flag: String, path: String?)] { [("--data", link.data)] }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let key = try tool.settings.requireKey()
        let builder = LinkCreateBuilder(key: key, baseURL: tool.settings.apiURL)
        if tool.isBatch { return try tool.runBatch(builder, defaultRate: LinkFields.defaultRates["POST"]) }
        var body = try LinkRequest.body(link.input(tool))
        let settings = try qr.settings()
        if !settings.isEmpty { body["qr_code_settings"] = .object(settings) }
        let request = try tool.request(builder, body)
        if explain {
            for line in LinkExplanation.lines(request, flags: link, settings: tool.settings, redactor: tool.redactor, userAgent: tool.context.userAgent) {
                tool.diagnostics.note("explain: " + line)
            }
        }
        if try tool.render(request) { return .success }
        do {
            let response = try tool.send(request)
            if LinkAnswers.isAliasConflict(response) { throw LinkTool.explainConflict(response, body: body, key: key, tool: tool) }
            try tool.emitOne("url", try builder.answer(response, redactor: tool.redactor))
        } catch let error as BNCError where fallbackLong {
            tool.diagnostics.warning("short link creation failed (\(error.message)); --fallback-long: printing a long link instead")
            try tool.emitOne("url", LinkAnswers.longLink(domain: domain, key: key, body: body), json: ["long": true])
        }
        return .success
    }
}
