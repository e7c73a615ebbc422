// bnc-link update: change one link (its data merged or replaced as asked), or a batch of links.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink

struct Update: SendingCommand {
    static let toolName = "bnc-link"
    static let configuration = CommandConfiguration(
        abstract: "Change a link (PUT /v1/url); Branch replaces its data wholesale.",
        discussion: "--merge reads the link, merges your changes into its data (KEY:=null via --data removes) and writes it back. Without --merge an update that would drop data keys is refused unless --replace says so. With --batch each line is {url, ...changes}, sent as is (--replace is required).")

    @Argument(help: ArgumentHelp("The link's URL (not with --batch).", valueName: "url")) var url: String?
    @OptionGroup(title: "Link") var link: LinkFlags
    @Flag(name: .customLong("merge"), help: "Read the link first and keep the data keys not given.") var merge = false
    @Flag(name: .customLong("replace"), help: "Replace the data wholesale, dropping keys not given.") var replace = false
    @OptionGroup var shared: SharedOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions
    var batchOptions: BatchOptions? { batch }
    var inputs: [(flag: String, path: String?)] { [("--data", link.data)] }

    func validate() throws {
        if merge && replace { throw ValidationError("--merge and --replace cannot be combined") }
        if (url == nil) == (batch.batch == nil) { throw ValidationError("name one link URL, or pass --batch FILE") }
        if batch.batch != nil && !replace { throw ValidationError("--batch updates replace each link's data as sent: pass --replace") }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let (key, secret) = (try tool.settings.requireKey(), try tool.settings.requireSecret())
        if tool.isBatch {
            return try tool.runBatch(LinkUpdateBuilder(key: key, secret: secret, baseURL: tool.settings.apiURL),
                                     defaultRate: LinkFields.defaultRates["PUT"])
        }
        var body = try LinkRequest.body(link.input(tool))
        if !replace && body["data"] != nil {
            let existing = try LinkTool.current(url!, key: key, tool: tool)
            if merge {
                body = LinkAnswers.merged(existing: existing, changes: body)
            } else if case let dropped = LinkAnswers.droppedKeys(existing: existing, changes: body), !dropped.isEmpty {
                throw BNCError.invalid("data", "would lose \(dropped.joined(separator: ", ")): Branch replaces a link's data wholesale",
                                       hint: "--merge keeps them; --replace drops them")
            }
        }
        guard let answer = try tool.exchange(LinkUpdateBuilder(key: key, secret: secret, baseURL: tool.settings.apiURL, url: url!), body) else {
            return .success
        }
        try tool.emit(answer)
        return .success
    }
}
