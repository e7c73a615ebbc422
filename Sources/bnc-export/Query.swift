// bnc-export query: the Query API's campaign-level aggregates (POST /v1/query/analytics), every page followed within
// its rate limits (5 a second, 20 a minute), each result a row.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCExport

struct Query: SendingCommand {
    static let toolName = "bnc-export"
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Aggregate events by dimensions (POST /v1/query/analytics), every page, as rows.",
        discussion: """
            At most 7 days (--end exclusive), within the last two years; the live key and secret. --filter \
            DIMENSION=V1,V2 keeps rows with one of the values (repeat for AND), !DIMENSION=... excludes. Pages are \
            followed by their query_id at most 5 a second and 20 a minute.
            """)
    @Option(name: .customLong("data-source"), help: ArgumentHelp("The topic: eo_install, eo_open, eo_commerce_event ...", valueName: "SOURCE"),
            completion: .list(AnalyticsRequest.queryDataSources))
    var dataSource: String
    @Option(name: .customLong("aggregation"), help: ArgumentHelp("unique_count, total_count, revenue, cost or cost_in_local_currency.", valueName: "AGG"),
            completion: .list(AnalyticsRequest.queryAggregations))
    var aggregation: String
    @Option(name: .customLong("dimension"), help: ArgumentHelp("A dimension to group by (repeatable).", valueName: "DIM")) var dimensions: [String] = []
    @Option(name: .customLong("start"), help: ArgumentHelp("Start: a date or an ISO 8601 date-time.", valueName: "DATE")) var start: String
    @Option(name: .customLong("end"), help: ArgumentHelp("End (exclusive).", valueName: "DATE")) var end: String
    @Option(name: .customLong("filter"), help: ArgumentHelp("DIMENSION=V1,V2 or !DIMENSION=V (repeatable).", valueName: "FILTER")) var filters: [String] = []
    @Option(name: .customLong("granularity"), help: ArgumentHelp("all (default) or day.", valueName: "G"), completion: .list(["all", "day"])) var granularity: String?
    @Option(name: .customLong("page-size"), help: ArgumentHelp("Results a page, 1000 at most.", valueName: "N")) var pageSize = 1000
    @OptionGroup var explain: ExplainOption
    @OptionGroup var shared: SharedOptions

    func validate() throws {
        guard (1...1000).contains(pageSize) else { throw ValidationError("--page-size must be between 1 and 1000") }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let out = try RowOutput(tool.output.output?.format ?? .ndjson, stdout: tool.stdout, redactor: tool.redactor, filter: tool.context.jq,
                                terminal: tool.environment.stdoutIsTTY)
        let (key, secret) = (try tool.settings.requireKey(), try tool.settings.requireSecret())
        let body = try AnalyticsRequest.queryBody(key: key, secret: secret, dataSource: dataSource, aggregation: aggregation, dimensions: dimensions,
                                                  start: start, end: end, filters: filters, granularity: granularity, now: MonotonicClock.wallSeconds())
        guard key.kind == .live else { throw BNCError.configuration("queries read live data only: use the app's live key (key_live_...)") }
        var request = AnalyticsRequest.query(body, limit: pageSize, after: 0, queryID: nil, baseURL: tool.settings.apiURL)
        explain.show(request, tool: tool, origins: ExportExplain.origins, fallback: "bnc-export")
        if try tool.render(request) { return .success }
        var sent: [Double] = []
        var pages = 0
        while true {
            // At most 5 a second and 20 a minute.
            let now = MonotonicClock.now()
            sent = sent.filter { now - $0 < 60 }
            if sent.count >= 20 { MonotonicClock.sleep(60 - (now - sent[0])) }
            if sent.filter({ now - $0 < 1 }).count >= 5 { MonotonicClock.sleep(1) }
            sent.append(MonotonicClock.now())
            let page = try AnalyticsRequest.page(try tool.deliver(request).1)
            pages += 1
            for row in page.rows { out.emit(row) }
            guard let next = page.next, !page.rows.isEmpty, pages < 10_000 else { break }
            request = AnalyticsRequest.query(body, limit: pageSize, after: next.after, queryID: next.id, baseURL: tool.settings.apiURL)
        }
        try out.finish()
        tool.diagnostics.note("\(out.rows) results in \(pages) page\(pages == 1 ? "" : "s")")
        return .success
    }
}
