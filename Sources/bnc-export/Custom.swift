// bnc-export custom: a custom export job (POST /v2/logs) polled within the status endpoint's rate limit until
// complete, then its file as rows; --handle picks up a job made earlier.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCExport

struct Custom: SendingCommand {
    static let toolName = "bnc-export"
    static let configuration = CommandConfiguration(
        commandName: "custom",
        abstract: "Run a custom export job (POST /v2/logs), wait for it, and print its rows.",
        discussion: """
            Needs the API access token (--access-token-file, BRANCH_ACCESS_TOKEN or the profile) and the app id \
            (--app-id or the profile's app_id). The window starts within the last 120 days and covers at most 60; \
            fields are checked against the documented list (did-you-mean); --filter takes one OP,FIELD,VALUE. The \
            job's status is asked every few seconds, backing off, within 50 a minute; --wait bounds the wait (exit \
            75 with the job's handle, which --handle picks up later).
            """)
    @Option(name: .customLong("topic"), help: ArgumentHelp("The report type, e.g. eo_install or eo_commerce_event.", valueName: "TOPIC"),
            completion: .list(ExportFields.customTopics))
    var topic: String?
    @Option(name: .customLong("start"), help: ArgumentHelp("Start, ISO 8601 (2026-11-01T00:00:00Z).", valueName: "TIME")) var start: String?
    @Option(name: .customLong("end"), help: ArgumentHelp("End, ISO 8601.", valueName: "TIME")) var end: String?
    @Option(name: .customLong("field"), help: ArgumentHelp("A field to export (repeatable; default all).", valueName: "FIELD"),
            completion: .list(ExportFields.customFields))
    var fields: [String] = []
    @Option(name: .customLong("filter"), help: ArgumentHelp("One filter OP,FIELD,VALUE (eq, neq, gt, gte, lt, lte).", valueName: "FILTER")) var filter: String?
    @Option(name: .customLong("limit"), help: ArgumentHelp("Most rows (default 100, at most 15000000).", valueName: "N")) var limit: Int?
    @Option(name: .customLong("timezone"), help: ArgumentHelp("Time zone of dates without an offset (default the dashboard's).", valueName: "TZ")) var timezone: String?
    @Option(name: .customLong("app-id"), help: ArgumentHelp("The numeric Branch app id (or the profile's app_id, or BRANCH_APP_ID).", valueName: "ID")) var appID: String?
    @Option(name: .customLong("handle"), help: ArgumentHelp("Pick up a job made earlier instead of making one.", valueName: "HANDLE")) var handle: String?
    @Option(name: .customLong("wait"), help: ArgumentHelp("Seconds to wait for the job.", valueName: "S")) var wait = 3600.0
    @Option(name: .customLong("dir"), help: ArgumentHelp("Keep the downloaded file here.", valueName: "DIR"), completion: .directory) var dir: String?
    @OptionGroup var explain: ExplainOption
    @OptionGroup var shared: SharedOptions

    func validate() throws {
        if handle == nil && (topic == nil || start == nil || end == nil) { throw ValidationError("give --topic, --start and --end (or --handle of a job)") }
        guard wait >= 0.001, wait <= 86400 else { throw ValidationError("--wait must be between 0.001 and 86400 seconds (got \(wait))") }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let out = try RowOutput(tool.output.output?.format ?? .ndjson, stdout: tool.stdout, redactor: tool.redactor, filter: tool.context.jq,
                                terminal: tool.environment.stdoutIsTTY)
        let (token, app) = (try tool.settings.requireAccessToken(), try tool.settings.requireAppID(appID))
        let base = tool.settings.apiURL
        try ExportFiles.requireDirectory(dir, tool: tool, app: app)
        var job = handle
        if job == nil {
            let body = try ExportRequest.customBody(topic: topic!, start: start!, end: end!, fields: fields, filter: filter, limit: limit,
                                                    timezone: timezone, now: MonotonicClock.wallSeconds())
            let request = ExportRequest.customCreate(token: token, appID: app, body: body, baseURL: base)
            var origins = ExportExplain.origins
            if fields.isEmpty { origins["fields"] = "the default, every field (--field)" }
            if limit == nil { origins["limit"] = "the default (--limit)" }
            explain.show(request, tool: tool, origins: origins, fallback: "bnc-export")
            if try tool.render(request) { return .success }
            job = try ExportAnswers.handle(try tool.deliver(request).1)
            tool.diagnostics.note("job \(job!) created")
        }
        guard let (url, lines) = try JobWait.complete(job!, flag: "--handle", wait: wait, tool: tool, status: {
            ExportRequest.customStatus(token: token, appID: app, handle: job!, baseURL: base)
        }) else { return .success }
        try JobWait.rows(url, job: job!, dir: dir, app: app, out: out, tool: tool)
        tool.diagnostics.note("\(Counting.of(out.rows, "row")) (Branch counted \(lines))")
        return .success
    }
}

/// A job polled until it completes, backing off within the status endpoint's limit, then its file as rows.
enum JobWait {
    /// nil when --dry-run or --curl asked for the status request (printed, not sent).
    static func complete(_ job: String, flag: String, wait: Double, tool: ToolRun, status: () -> HTTPRequest) throws(BNCError) -> (url: String, lines: Int)? {
        // A job id goes into the status URL's path: Branch's are letters, digits and -._~ (a CR, a space or a
        // slash would change the request).
        guard ExportAnswers.isJobID(job) else {
            throw BNCError.usage(flag, "must be a job id: 1 to 256 letters, digits, - . _ or ~ (got \(JSON.string(job).serialized()))")
        }
        if try tool.render(status()) { return nil }
        let deadline = MonotonicClock.now() + wait
        var interval = 1.5  // at most 40 a minute: under the status endpoints' 50
        while true {
            switch try ExportAnswers.jobState(try tool.deliver(status()).1) {
            case .waiting(let state):
                guard MonotonicClock.now() + interval < deadline else {
                    throw BNCError(.temporary, "job \(job) is still \(state) after \(Int(wait)) s; pick it up later with \(flag) \(job)")
                }
                if tool.network.verbose { tool.diagnostics.note("job \(job) is \(state); asking again in \(interval) s") }
                MonotonicClock.sleep(interval)
                interval = min(interval * 1.5, 30)
            case .failed(let why):
                throw BNCError(.http(status: 500), "job \(job) failed: \(why)")
            case .complete(let url, let lines):
                return (url, lines)
            }
        }
    }

    /// The job's file (CSV or JSON by its name) fetched and printed as rows.
    static func rows(_ url: String, job: String, dir: String?, app: String, out: RowOutput, tool: ToolRun) throws(BNCError) {
        let json = url.split(separator: "?").first?.hasSuffix(".json") == true
        let path = try ExportFiles.file(url, to: try ExportFiles.directory(dir, tool: tool, app: app) + "/\(job).\(json ? "json" : "csv")",
                                        label: "job \(job)", tool: tool)
        if json { try out.copy(jsonArray: path, extra: []) } else { try out.copy(csv: path, extra: []) }
        try out.finish()
    }
}
