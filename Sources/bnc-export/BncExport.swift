// bnc-export: Branch's Data APIs — a day's daily export, custom export jobs — downloaded (resumed, verified) and
// streamed as rows (NDJSON, CSV or JSON) in constant memory. Flags -> BNCExport checks the documented limits and
// builds the requests -> Core sends and downloads -> rows out.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCExport
import BNCSuite

struct BncExport: BNCRootCommand {
    static let configuration = CommandConfiguration(
        commandName: "bnc-export",
        abstract: ToolCatalog.export.abstract + ".",
        discussion: """
            Exports hold live data only (a live key, its secret; an API access token and the app id for custom \
            exports). Files are downloaded into --dir (default: the state directory's exports/), resumed after an \
            interruption (HTTP ranges, only while the server's file is the one begun: its ETag is kept with the \
            partial file and sent as If-Range) and kept, so a rerun reads them again without a download; gzip files are \
            verified (their checksum) as they are read. The kept files are Branch's as served (mode 0600): a secret \
            in the data is masked in what bnc prints, not in them; remove them when done. An answer listing more \
            than 10,000 files, or a file past 64 GiB, is exit 76 (name the topics you need). Rows go to standard output as NDJSON (each row's non-empty \
            cells), CSV (--output csv: the header once) or one JSON array (--output json), a row at a time.

            EXAMPLES:
              bnc-export daily --date 2026-11-23 --topic eo_install --topic eo_open > installs-and-opens.ndjson
              bnc-export daily --date 2026-11-23 --topic eo_commerce_event --output csv > purchases.csv
              bnc-export custom --topic eo_commerce_event --start 2026-11-01T00:00:00Z --end 2026-11-08T00:00:00Z \\
                --field name --field timestamp --field event_data_revenue --filter eq,name,PURCHASE
              export BRANCH_KEY=key_live_demo0123456789   # bnc-sandbox serves exports of live keys
              export BRANCH_SECRET=secret_live_PLACEHOLDER
              bnc-export daily --api-url http://127.0.0.1:8787 --date "$(date -u -d yesterday +%F)"
            """,
        version: BNCVersion.string,
        subcommands: [Daily.self, Custom.self, Query.self, Aggregate.self, Cohort.self, CrossEvent.self, Ready.self, Topics.self])
}

/// `bnc-export topics`: the topics and the custom export's fields.
struct Topics: BNCCommand {
    static let toolName = "bnc-export"
    static let configuration = CommandConfiguration(commandName: "topics", abstract: "List the export topics (and with --fields, the custom export's fields).")
    @Flag(name: .customLong("fields"), help: "List the fields a custom export may ask for instead.") var fields = false
    @OptionGroup(title: "Output") var print: PrintOptions

    func run(_ context: ToolContext) throws -> ExitStatus {
        let names = fields ? ExportFields.customFields : ExportFields.customTopics
        let rows = names.map { JSON.object([fields ? "field" : "topic": .string($0),
                                           "daily": .bool(ExportFields.dailyTopics.contains($0))]) }
        try context.emit(rows: rows, format: print.format(context.environment), columns: [fields ? "FIELD" : "TOPIC", "DAILY"]) {
            [$0[fields ? "field" : "topic"]?.stringValue ?? "", $0["daily"]?.boolValue == true ? "yes" : ""]
        }
        return .success
    }
}

/// `bnc-export daily`: a day's files for the topics asked (all by default), as rows.
struct Daily: SendingCommand {
    static let toolName = "bnc-export"
    static let configuration = CommandConfiguration(
        commandName: "daily",
        abstract: "Export a UTC day's events (POST /v3/export), then its files, as rows.",
        discussion: """
            --date is a UTC day within the last 7 (the rolling window; refused otherwise, exit 65). Until the day is \
            over Branch answers every topic empty. Each row carries its topic first.
            """)
    @Option(name: .customLong("date"), help: ArgumentHelp("The UTC day, YYYY-MM-DD (within the last 7 days).", valueName: "DATE")) var date: String
    @Option(name: .customLong("topic"), help: ArgumentHelp("A topic to export (repeatable; default all).", valueName: "TOPIC"),
            completion: .list(ExportFields.dailyTopics))
    var topics: [String] = []
    @Option(name: .customLong("dir"), help: ArgumentHelp("Keep the downloaded files here.", valueName: "DIR"), completion: .directory) var dir: String?
    @OptionGroup var explain: ExplainOption
    @OptionGroup var shared: SharedOptions

    func run(_ tool: ToolRun) throws -> ExitStatus {
        // A topic is checked as `custom` checks its own: a rule of the value (exit 65), named with the value.
        for t in topics where !ExportFields.dailyTopics.contains(t) {
            let guess = EditDistance.closest(to: t, in: ExportFields.dailyTopics).map { "; did you mean \($0)?" } ?? ""
            throw BNCError.usage("--topic", "must be a daily export topic such as eo_install (got \(t))\(guess)")
        }
        let out = try RowOutput(tool.output.output?.format ?? .ndjson, stdout: tool.stdout, redactor: tool.redactor, filter: tool.context.jq,
                                terminal: tool.environment.stdoutIsTTY)
        let day = try ExportRequest.checkDailyDate(date, now: MonotonicClock.wallSeconds())
        let (key, secret) = (try tool.settings.requireKey(), try tool.settings.requireSecret())
        guard key.kind == .live else {
            throw BNCError.configuration("exports hold live data only: use the app's live key (key_live_...), not \(key.kind.rawValue)")
        }
        try ExportFiles.requireDirectory(dir, tool: tool, app: key.value)
        let request = ExportRequest.daily(key: key, secret: secret, date: date, baseURL: tool.settings.apiURL)
        explain.show(request, tool: tool, origins: ExportExplain.origins, fallback: "bnc-export")
        if try tool.render(request) { return .success }
        if MonotonicClock.wallSeconds() < day + 86400 {
            tool.diagnostics.warning("\(date) is not over yet (UTC): Branch answers its topics empty until it is")
        }
        let (_, json) = try tool.deliver(request)
        let files = try ExportAnswers.dailyFiles(json, topics: topics.isEmpty ? nil : topics)
        let directory = try ExportFiles.directory(dir, tool: tool, app: key.value) + "/" + date
        FileSystem.makeDirectories(directory)
        for (topic, urls) in files {
            for (n, url) in urls.enumerated() {
                let path = try ExportFiles.file(url, to: "\(directory)/\(topic)-\(n).csv.gz", label: "\(topic) \(n + 1)/\(urls.count)", tool: tool)
                try out.copy(csv: path, extra: [("topic", topic)])
            }
        }
        try out.finish()
        tool.diagnostics.note("\(Counting.of(out.rows, "row")) from \(Counting.of(files.reduce(0) { $0 + $1.urls.count }, "file")) of \(date)")
        return .success
    }
}

/// bnc-export's entry point: its own executable and the multi-call binary installed under its name call it.
public enum Entry {
    public static func main() { BncExport.main() }
}
