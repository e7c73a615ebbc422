// bnc-link update: change one link (its data merged or replaced as asked), or a batch of links.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink

struct Update: SendingCommand {
    static let toolName = "bnc-link"
    static let fieldTables = LinkUpdateBuilder.tables
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Change a link (PUT /v1/url); Branch replaces its data wholesale.",
        discussion: "--merge reads the link, merges your changes into its data (KEY:=null via --data removes) and writes it back. Without --merge an update that would drop data keys is refused unless --replace says so. With --batch each line is {url, ...changes}, sent as is (--replace is required).")

    @Argument(help: ArgumentHelp("The link's URL (not with --batch).", valueName: "url")) var url: String?
    @OptionGroup(title: "Link") var link: LinkFlags
    @Flag(name: .customLong("merge"), help: "Read the link first and keep the data keys not given.") var merge = false
    @Flag(name: .customLong("replace"), help: "Replace the data wholesale, dropping keys not given.") var replace = false
    @Flag(name: .customLong("explain"), help: "On stderr, each field of the change with its value and where it came from (a flag, --param, the --data file, the link as read for --merge, the settings).")
    var explain = false
    @OptionGroup var shared: SharedOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions
    var batchOptions: BatchOptions? { batch }
    var inputs: [(flag: String, path: String?)] { [("--data", link.data)] }

    func validate() throws {
        if merge && replace { throw ValidationError("--merge and --replace cannot be combined") }
        if (url == nil) == (batch.batch == nil) { throw ValidationError("name one link URL, or pass --batch FILE") }
        if explain && batch.batch != nil { throw ValidationError("--explain explains one link: not with --batch") }
        if batch.batch != nil && !replace { throw ValidationError("--batch updates replace each link's data as sent: pass --replace") }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let (key, secret) = (try tool.settings.requireKey(), try tool.settings.requireSecret())
        if tool.isBatch {
            return try tool.runBatch(LinkUpdateBuilder(key: key, secret: secret, baseURL: tool.settings.apiURL),
                                     defaultRate: LinkFields.defaultRates["PUT"])
        }
        var body = try LinkRequest.body(link.input(tool))
        var kept = Set<String>()
        if !replace && body["data"] != nil {
            let existing = try LinkTool.current(url!, key: key, tool: tool)
            if merge {
                let given = Set(body["data"]?.objectValue?.keys ?? [])
                body = LinkAnswers.merged(existing: existing, changes: body)
                kept = Set(body["data"]?.objectValue?.keys ?? []).subtracting(given)
            } else if case let dropped = LinkAnswers.droppedKeys(existing: existing, changes: body), !dropped.isEmpty {
                throw BNCError.invalid("data", "would lose \(dropped.joined(separator: ", ")): Branch replaces a link's data wholesale",
                                       hint: "--merge keeps them; --replace drops them")
            }
        }
        let builder = LinkUpdateBuilder(key: key, secret: secret, baseURL: tool.settings.apiURL, url: url!)
        let request = try tool.request(builder, body)
        if explain {
            for line in LinkExplanation.lines(request, flags: link, settings: tool.settings, kept: kept, redactor: tool.redactor, userAgent: tool.context.userAgent) {
                tool.diagnostics.note("explain: " + line)
            }
        }
        if try tool.render(request) { return .success }
        try tool.emit(try builder.answer(try tool.send(request), redactor: tool.redactor))
        return .success
    }
}
