// bnc-export cross-event and ready: the Cross-Events Export API (several aggregations, each over its own data
// source, side by side) as a job; and whether an hour's data is complete (POST /v2/data/ready).
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCExport

struct CrossEvent: SendingCommand {
    static let toolName = "bnc-export"
    static let configuration = CommandConfiguration(
        commandName: "cross-event",
        abstract: "Several aggregations side by side, each over its own data source (a Cross-Events job), over at most 90 days.",
        discussion: "Each --aggregation is FIELD:SOURCE[:NAME]: total_count:eo_install:installs, sketch_unique_count:eo_open:openers, revenue:eo_commerce_event.")
    @Option(name: .customLong("aggregation"), help: ArgumentHelp("FIELD:SOURCE[:NAME] (repeatable).", valueName: "SPEC")) var aggregations: [String] = []
    @Option(name: .customLong("dimension"), help: ArgumentHelp("A dimension (repeatable).", valueName: "DIM")) var dimensions: [String] = []
    @Option(name: .customLong("start"), help: ArgumentHelp("First day, YYYY-MM-DD.", valueName: "DATE")) var start: String
    @Option(name: .customLong("end"), help: ArgumentHelp("Last day, YYYY-MM-DD (at most 90 days).", valueName: "DATE")) var end: String
    @Option(name: .customLong("granularity"), help: ArgumentHelp("all (default), day, week or month.", valueName: "G"),
            completion: .list(["all", "day", "week", "month"])) var granularity: String?
    @Option(name: .customLong("filter"), help: ArgumentHelp("DIMENSION=V1,V2: only rows with one of the values.", valueName: "FILTER")) var filter: String?
    @OptionGroup(title: "Job") var job: AnalyticsOptions
    @OptionGroup var shared: SharedOptions

    func run(_ tool: ToolRun) throws -> ExitStatus {
        try job.run(tool, create: { token, app, json throws(BNCError) in
            CrossEventRequest.create(token: token, appID: app, body: try CrossEventRequest.body(
                start: start, end: end, aggregations: aggregations, dimensions: dimensions, granularity: granularity, filter: filter,
                json: json, now: MonotonicClock.wallSeconds()), baseURL: tool.settings.apiURL)
        }, status: { token, app, id in CrossEventRequest.status(token: token, appID: app, job: id, baseURL: tool.settings.apiURL) })
    }
}

struct Ready: SendingCommand {
    static let toolName = "bnc-export"
    static let configuration = CommandConfiguration(
        commandName: "ready",
        abstract: "Whether an hour's data of a topic is complete (POST /v2/data/ready); exit 1 when it is not yet.",
        discussion: "Custom exports lag 2 to 6 hours and aggregates about 1.5: ask before exporting the latest hours.")
    @Option(name: .customLong("date"), help: ArgumentHelp("The hour, YYYY-MM-DD hh:mm:ss (UTC).", valueName: "TIME")) var date: String
    @Option(name: .customLong("topic"), help: ArgumentHelp("The topic, e.g. eo_install.", valueName: "TOPIC"), completion: .list(ExportFields.customTopics))
    var topic: String
    @Flag(name: .customLong("aggregate"), help: "Ask about aggregate data (Aggregate, Cohort, Cross-Events) instead of events.") var aggregate = false
    @Option(name: .customLong("app-id"), help: ArgumentHelp("The numeric Branch app id (or the profile's app_id, or BRANCH_APP_ID).", valueName: "ID")) var appID: String?
    @OptionGroup var explain: ExplainOption
    @OptionGroup var shared: SharedOptions

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let (token, app) = (try tool.settings.requireAccessToken(), try tool.settings.requireAppID(appID))
        let request = try CrossEventRequest.ready(token: token, appID: app, date: date, topic: topic, aggregate: aggregate,
                                                  now: MonotonicClock.wallSeconds(), baseURL: tool.settings.apiURL)
        explain.show(request, tool: tool, origins: ExportExplain.origins, fallback: "bnc-export")
        if try tool.render(request) { return .success }
        let (_, json) = try tool.deliver(request)
        guard let ready = json["data_ready"]?.boolValue else { throw BNCError(.malformedResponse, "the answer has no data_ready") }
        try tool.emitOne("data_ready", ready ? "true" : "false", json: ["date": json["date"] ?? .string(date), "topic": .string(topic)])
        return ready ? .success : .partialFailure
    }
}
