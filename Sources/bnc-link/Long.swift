// bnc-link long: a long link built offline, no call (the tables are listed by the shared fields and params).
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink

struct Long: SendingCommand {
    static let toolName = "bnc-link"
    static let fieldTables = LinkCreateBuilder.tables
    static let configuration = CommandConfiguration(
        commandName: "long",
        abstract: "Print a long link, built offline: https://DOMAIN/a/KEY?... (tags repeated, values percent-encoded).",
        discussion: "Long links need no API call and never expire; the same rules as create apply to their parameters. Data of strings goes as plain query keys; data with numbers, booleans, objects or a key a long link reads as its own (channel, tags, ...) goes whole as data=BASE64 of its JSON, as the SDKs' long links carry it.")
    @OptionGroup(title: "Link") var link: LinkFlags
    @Option(name: .customLong("domain"), help: ArgumentHelp("The app's link domain, e.g. example.app.link (default: bnc.lt; with --sandbox the sandbox, which serves the link).", valueName: "HOST"))
    var domain: String?

    func validate() throws {
        if let domain, case .failure(let e) = HostName.validate(domain) { throw ValidationError("--domain \(e.rule)") }
    }
    @OptionGroup var shared: SharedOptions
    var inputs: [(flag: String, path: String?)] { [("--data", link.data)] }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let warnings = Warnings()
        let body = try LinkRequest.validate(try LinkRequest.body(link.input(tool)), warnings: warnings)
        try tool.admit(warnings)
        let ignored = ["alias", "type", "identity"].filter { body[$0] != nil }
        if !ignored.isEmpty { tool.diagnostics.warning("a long link has no \(ignored.joined(separator: " or ")): ignored") }
        // Against the sandbox the link is the sandbox's own (http://127.0.0.1:PORT/a/KEY?...), which it serves; a
        // bnc.lt link made with its test key led nowhere (QA round 31b).
        let base = domain ?? (tool.settings.sandbox ? tool.settings.apiURL : nil) ?? "bnc.lt"
        let url = LinkAnswers.longLink(domain: base, key: try tool.settings.requireKey(), body: body)
        try tool.emitOne("url", url)
        return .success
    }
}
