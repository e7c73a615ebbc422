// bnc-link bulk, read and update.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink

struct Bulk: SendingCommand {
    static let toolName = "bnc-link"
    static let configuration = CommandConfiguration(
        abstract: "Create many links (POST /v1/url/bulk/KEY) from NDJSON or a JSON array; one result line per item, in input order.",
        discussion: "Sent in chunks under the 100 KB payload cap. Answers are matched to items by position and checked by alias (users report Branch's bulk order as unreliable). Exit 1 when some items failed.")

    @Argument(help: ArgumentHelp("NDJSON or a JSON array of link objects; - reads stdin.", valueName: "file"), completion: .file())
    var file: String
    @OptionGroup var shared: SharedOptions
    var inputs: [(flag: String, path: String?)] { [("bulk FILE", file)] }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let key = try tool.settings.requireKey()
        let text = try FileSystem.readText(file, what: "bulk", limit: 64 << 20)
        let items = try BulkInput.parse(text)
        let warnings = Warnings()
        let (chunks, refused) = LinkRequest.bulk(items, key: key, baseURL: tool.settings.apiURL, warnings: warnings)
        try tool.admit(warnings)
        if tool.output.dryRun || tool.output.curl { for c in chunks { _ = tool.render(c.request) }; return .success }
        // Results in input order: refused items where they stand, each chunk's answers as they come.
        var results: [Int: JSONObject] = refused.mapValues { ["ok": false, "error": .string($0)] }
        var next = 0
        var failed = refused.count
        func flush() {
            while let r = results.removeValue(forKey: next) {
                var line: JSONObject = ["item": .int(next + 1)]
                for (k, v) in r { line[k] = v }
                tool.stdout.line(JSON.object(line).serialized())
                next += 1
            }
        }
        for chunk in chunks {
            let (_, json) = try tool.deliver(chunk.request)
            let answers = try BulkInput.match(json, items: chunk.indices.map { items[$0] })
            for (index, answer) in zip(chunk.indices, answers) {
                if answer["url"] == nil { failed += 1 }
                results[index] = answer["url"].map { ["ok": true, "url": $0] } ?? ["ok": false, "error": answer["error"] ?? "no answer"]
            }
            flush()
        }
        flush()
        tool.diagnostics.note("\(items.count) links, \(items.count - failed) created, \(failed) failed")
        return failed > 0 ? .partialFailure : .success
    }
}

struct Read: SendingCommand {
    static let toolName = "bnc-link"
    static let configuration = CommandConfiguration(abstract: "Show a link: its labels, data and type (GET /v1/url).")
    @Argument(help: ArgumentHelp("The link's URL.", valueName: "url")) var url: String
    @OptionGroup var shared: SharedOptions

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let request = try LinkRequest.read(url: url, key: try tool.settings.requireKey(), baseURL: tool.settings.apiURL)
        if tool.render(request) { return .success }
        tool.emit(try tool.deliver(request).1)
        return .success
    }
}

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
        tool.emit(answer)
        return .success
    }
}
