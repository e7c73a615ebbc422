// bnc-export aggregate and cohort: jobs on /v2/analytics (Access-Token, app id), polled until FINISHED, their file
// as rows.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCExport

/// What both jobs share: the token, the app, the wait, the file.
struct AnalyticsOptions: ParsableArguments {
    @Option(name: .customLong("app-id"), help: ArgumentHelp("The numeric Branch app id (or the profile's app_id, or BRANCH_APP_ID).", valueName: "ID")) var appID: String?
    @Option(name: .customLong("limit"), help: ArgumentHelp("Most records (at most 50000).", valueName: "N")) var limit: Int?
    @Option(name: .customLong("job"), help: ArgumentHelp("Pick up a job made earlier instead of making one.", valueName: "ID")) var job: String?
    @Option(name: .customLong("wait"), help: ArgumentHelp("Seconds to wait for the job.", valueName: "S")) var wait = 3600.0
    @Option(name: .customLong("dir"), help: ArgumentHelp("Keep the downloaded file here.", valueName: "DIR"), completion: .directory) var dir: String?
    @OptionGroup var explain: ExplainOption

    func validate() throws {
        if let limit, !(1...50_000).contains(limit) { throw ValidationError("--limit must be between 1 and 50000") }
        guard wait >= 0.001, wait <= 86400 else { throw ValidationError("--wait must be between 0.001 and 86400 seconds (got \(wait))") }
    }

    /// Makes the job (unless --job), waits for it, prints its rows: an Aggregate or Cohort job on /v2/analytics.
    func run(_ tool: ToolRun, body: () throws(BNCError) -> JSONObject) throws(BNCError) -> ExitStatus {
        try run(tool, create: { token, app, json throws(BNCError) in
            AnalyticsRequest.create(token: token, appID: app, body: try body(), format: json ? "json" : "csv", limit: limit, baseURL: tool.settings.apiURL)
        }, status: { token, app, job in AnalyticsRequest.status(token: token, appID: app, job: job, baseURL: tool.settings.apiURL) })
    }

    /// The same for any job API: `create` (token, app id, JSON wanted) and `status` (token, app id, job).
    func run(_ tool: ToolRun, create: (Secret, String, Bool) throws(BNCError) -> HTTPRequest,
             status: @escaping (Secret, String, String) -> HTTPRequest) throws(BNCError) -> ExitStatus {
        let out = try RowOutput(tool.output.output?.format ?? .ndjson, stdout: tool.stdout, redactor: tool.redactor, filter: tool.context.jq,
                                terminal: tool.environment.stdoutIsTTY)
        let (token, app) = (try tool.settings.requireAccessToken(), try tool.settings.requireAppID(appID))
        try ExportFiles.requireDirectory(dir, tool: tool, app: app)
        var id = job
        if id == nil {
            let request = try create(token, app, out.format == .json)
            explain.show(request, tool: tool, origins: ExportExplain.origins, fallback: "bnc-export")
            if try tool.render(request) { return .success }
            id = try AnalyticsRequest.jobID(try tool.deliver(request).1)
            tool.diagnostics.note("job \(id!) created")
        }
        let job = id!
        guard let (url, _) = try JobWait.complete(job, flag: "--job", wait: wait, tool: tool, status: { status(token, app, job) }) else { return .success }
        try JobWait.rows(url, job: job, dir: dir, app: app, out: out, tool: tool)
        tool.diagnostics.note(Counting.of(out.rows, "row"))
        return .success
    }
}

struct Aggregate: SendingCommand {
    static let toolName = "bnc-export"
    static let configuration = CommandConfiguration(
        commandName: "aggregate",
        abstract: "Aggregate events by 1 to 11 dimensions over at most 7 days (an Aggregate job on /v2/analytics).")
    @Option(name: .customLong("data-source"), help: ArgumentHelp("The topic: eo_install, eo_open, eo_commerce_event ...", valueName: "SOURCE")) var dataSource: String
    @Option(name: .customLong("aggregation"), help: ArgumentHelp("total_count, unique_count, revenue, cost ...", valueName: "AGG")) var aggregation = "total_count"
    @Option(name: .customLong("dimension"), help: ArgumentHelp("A dimension (repeatable, 1 to 11).", valueName: "DIM")) var dimensions: [String] = []
    @Option(name: .customLong("start"), help: ArgumentHelp("First day, YYYY-MM-DD.", valueName: "DATE")) var start: String
    @Option(name: .customLong("end"), help: ArgumentHelp("Last day, YYYY-MM-DD (at most 7 days).", valueName: "DATE")) var end: String
    @Option(name: .customLong("granularity"), help: ArgumentHelp("day (default), week or month.", valueName: "G"),
            completion: .list(["day", "week", "month"])) var granularity: String?
    @Option(name: .customLong("filter"), help: ArgumentHelp("DIMENSION=V1,V2 (repeatable).", valueName: "FILTER")) var filters: [String] = []
    @OptionGroup(title: "Job") var job: AnalyticsOptions
    @OptionGroup var shared: SharedOptions

    func run(_ tool: ToolRun) throws -> ExitStatus {
        try job.run(tool) { () throws(BNCError) in
            try AnalyticsRequest.aggregateBody(dataSource: dataSource, aggregation: aggregation, dimensions: dimensions, start: start, end: end,
                                               granularity: granularity, filters: filters, now: MonotonicClock.wallSeconds())
        }
    }
}

struct Cohort: SendingCommand {
    static let toolName = "bnc-export"
    static let configuration = CommandConfiguration(
        commandName: "cohort",
        abstract: "What each day's installs (or re-engagements) did on the days after (a Cohort job on /v2/analytics).")
    @Option(name: .customLong("data-source"), help: ArgumentHelp("install_cohort or reengagement_cohort.", valueName: "SOURCE")) var dataSource = "install_cohort"
    @Option(name: .customLong("measure"), help: ArgumentHelp("users, OPEN, PURCHASE, revenue ... (repeatable, 1 to 3).", valueName: "MEASURE")) var measures: [String] = []
    @Option(name: .customLong("bands"), help: ArgumentHelp("Days after the cohort's day.", valueName: "N")) var bands = 7
    @Option(name: .customLong("dimension"), help: ArgumentHelp("A dimension (repeatable, at most 11).", valueName: "DIM")) var dimensions: [String] = []
    @Option(name: .customLong("start"), help: ArgumentHelp("First day, YYYY-MM-DD.", valueName: "DATE")) var start: String
    @Option(name: .customLong("end"), help: ArgumentHelp("Last day, YYYY-MM-DD (at most 90 days).", valueName: "DATE")) var end: String
    @OptionGroup(title: "Job") var job: AnalyticsOptions
    @OptionGroup var shared: SharedOptions

    func run(_ tool: ToolRun) throws -> ExitStatus {
        try job.run(tool) { () throws(BNCError) in
            try AnalyticsRequest.cohortBody(dataSource: dataSource, measures: measures, bands: bands, dimensions: dimensions, start: start, end: end,
                                            now: MonotonicClock.wallSeconds())
        }
    }
}

/// Where the members of bnc-export's requests come from, for --explain.
enum ExportExplain {
    static let origins: [String: String] = [
        "export_date": "--date", "date": "--date", "report_type": "--topic", "start_date": "--start", "end_date": "--end",
        "fields": "--field", "limit": "--limit", "filter": "--filter", "filters": "--filter", "timezone": "--timezone",
        "data_source": "--data-source", "aggregation": "--aggregation", "aggregations": "--aggregation", "dimensions": "--dimension",
        "granularity": "--granularity", "measures": "--measure", "granularity_band_count": "--bands", "warehouse_meta_type": "--aggregate",
        "response_format": "--output", "topic": "--topic",
    ]
}
