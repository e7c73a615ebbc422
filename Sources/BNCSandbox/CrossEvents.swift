// The Cross-Events Export API (POST /v1/branch_aggregate/async/analytics, GET .../async/status/JOB): several
// aggregations, each over its own data source, side by side per dimension (and per date range unless the
// granularity is all), as a job; and data readiness (POST /v2/data/ready): whether an hour's data is complete.
// Facts: Tests/Fixtures/facts/data-apis.md §2.6, §6.
import BNCCore

extension Sandbox {
    static let crossEventFields: Set<String> = ["total_count", "sketch_unique_count", "revenue", "cost", "cost_in_local_currency",
                                                "cost_in_app_local_currency", "revenue_in_local_currency"]

    func crossEventCreate(_ r: SandboxRequest) throws -> SandboxResponse {
        let (appID, keys) = try exportApp(r)
        if let wait = overLimit("crossevent|\(appID)", perMinute: 5, perHour: 150) { return limited(wait, org: appID) }
        let body = try jsonObject(r)
        guard let s = body["start_date"]?.stringValue.flatMap(Self.dayStart), let endDay = body["end_date"]?.stringValue.flatMap(Self.dayStart) else {
            throw Rejection("start_date and end_date are required: dates as YYYY-MM-DD")
        }
        let e = endDay + 86400
        guard e > s else { throw Rejection("end_date must not be before start_date") }
        guard e - s <= 90 * 86400 else { throw Rejection("A cross-events export covers at most 90 days") }
        guard s >= now - 2 * 366 * 86400 else { throw Rejection("start_date must be within the last two years") }
        guard let aggregations = body["aggregations"]?.arrayValue, !aggregations.isEmpty else {
            throw Rejection("aggregations is required: [{field_name, display_name, data_source}]")
        }
        var specs: [(field: String, name: String, source: String)] = []
        for a in aggregations {
            guard let field = a["field_name"]?.stringValue, Self.crossEventFields.contains(field),
                  let source = a["data_source"]?.stringValue, Self.dailyTopics.contains(source) || source.hasPrefix("xx_") else {
                throw Rejection("each aggregation needs a field_name (total_count, sketch_unique_count, revenue ...) and a data_source (eo_install ...)")
            }
            specs.append((field, a["display_name"]?.stringValue ?? "\(field)_\(source)", source))
        }
        let dims = body["dimensions"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let granularity = body["granularity"]?.stringValue ?? "all"
        guard ["all", "day", "week", "month"].contains(granularity) else { throw Rejection("granularity must be all, day, week or month") }
        var filter: JSONObject = [:]
        if let f = body["filter"]?.objectValue {
            guard let dimension = f["dimension"]?.stringValue, let values = f["values"]?.arrayValue, f["type"]?.stringValue == "in" else {
                throw Rejection("filter must be {\"type\": \"in\", \"dimension\": ..., \"values\": [...]}")
            }
            filter[dimension] = .array(values)
        }
        let format = body["response_format"]?.stringValue ?? "parquet"
        if format == "parquet" { lint("response_format parquet (the default): the sandbox writes CSV; ask for csv or json") }
        let mine = store.exportRows.filter { ($0.keys(keys)) && $0.time >= s && $0.time < e && Self.passes($0.cells, filter) }
        // Group by date range (unless all) and the dimensions; each aggregation a column of its own source.
        var groups: [String: [String: String]] = [:]
        var order: [String] = []
        for spec in specs {
            let rows = mine.filter { $0.topic == spec.source }
            for g in aggregate(rows, dimensions: dims, aggregation: spec.field == "sketch_unique_count" ? "unique_count" : spec.field == "revenue" ? "revenue" : "total_count",
                               daily: granularity != "all") {
                let range = g.day.map { String(Self.iso8601($0).prefix(10)) } ?? ""
                let k = range + "|" + g.values.map { $0 ?? "" }.joined(separator: "\u{1}")
                if groups[k] == nil {
                    var row: [String: String] = granularity == "all" ? [:] : ["date_range": range]
                    for (d, v) in zip(dims, g.values) { row[d] = v ?? "" }
                    groups[k] = row
                    order.append(k)
                }
                groups[k]![spec.name] = JSONNumber(g.value)?.literal ?? "\(g.value)"
            }
        }
        let columns = (granularity == "all" ? [] : ["date_range"]) + dims + specs.map(\.name)
        let id = random.code() + "-" + random.code()
        analyticsJobs[id] = AnalyticsJob(appID: appID, rows: order.map { k in groups[k]!.merging(specs.map { ($0.name, "0") }) { a, _ in a } },
                                         columns: columns, json: format == "json")
        bump("exports_cross_event")
        return .json(200, ["code": 200, "job_id": .string(id), "status_url": .string("\(config.baseURL)/v1/branch_aggregate/async/status/\(id)")])
    }

    /// POST /v2/data/ready: whether the hour holding `date` is complete on the sandbox clock (data lands at once here).
    func dataReady(_ r: SandboxRequest) throws -> SandboxResponse {
        guard let token = r.header("Access-Token"), !token.isEmpty else { throw Rejection("Authentication failed !") }
        let body = try jsonObject(r)
        let appID = body["app_id"]?.numberValue?.literal ?? body["app_id"]?.stringValue ?? ""
        guard KeyFormat.isDigits(appID) else { throw Rejection("app_id is required (an integer)") }
        if body["app_id"]?.stringValue != nil { lint("app_id sent as a string: the API documents an integer") }
        if let keys = config.keys, !keys.contains(where: { $0.appID == appID && $0.accessToken == token }) { throw Rejection("Authentication failed !") }
        guard let date = body["date"]?.stringValue, let t = Self.isoDateTime(date.replacing(" ", with: "T")) else {
            throw Rejection("date is required as YYYY-MM-DD hh:mm:ss")
        }
        guard ["EVENT", "AGGREGATE"].contains(body["warehouse_meta_type"]?.stringValue ?? "") else { throw Rejection("warehouse_meta_type must be EVENT or AGGREGATE") }
        guard let topic = body["topic"]?.stringValue, Self.customTopics.contains(topic) else { throw Rejection("Topic is invalid or data retention for requested data has expired.") }
        guard t >= now - 366 * 86400 else { throw Rejection("Topic is invalid or data retention for requested data has expired.") }
        let hourEnd = ((t / 3600).rounded(.down) + 1) * 3600
        return .json(200, ["data_ready": .bool(hourEnd <= now), "date": .string(date)])
    }
}

extension ExportRow {
    /// Whether the row belongs to one of the keys (nil: any key).
    func keys(_ keys: Set<String>?) -> Bool { keys?.contains(key) ?? true }
}
