// The Aggregate and Cohort APIs (POST /v2/analytics, GET /v2/analytics/JOB): one endpoint, the body's data_source
// telling them apart. Aggregate: counts, unique devices or revenue by dimensions, per day. Cohort (install_cohort):
// the devices that installed each day, and per measure what they did on day 0, 1, ... after. Jobs are QUEUED, then
// RUNNING, then FINISHED with a CSV or JSON file. Creates are held to 2 a second, 5 a minute and 150 an hour.
import BNCCore

extension Sandbox {
    static let cohortSources: Set<String> = ["install_cohort", "reengagement_cohort"]

    func analyticsCreate(_ r: SandboxRequest) throws -> SandboxResponse {
        let (appID, keys) = try exportApp(r)
        if let wait = overLimit("analytics|\(appID)", perMinute: 5, perHour: 150) { return limited(wait, org: appID) }
        let body = try jsonObject(r)
        guard let s = body["start_date"]?.stringValue.flatMap(Self.dayStart), let endDay = body["end_date"]?.stringValue.flatMap(Self.dayStart) else {
            throw Rejection("start_date and end_date are required: dates as YYYY-MM-DD")
        }
        let e = endDay + 86400  // the end date is a whole day
        guard e > s else { throw Rejection("end_date must not be before start_date") }
        guard let source = body["data_source"]?.stringValue else { throw Rejection("data_source is required") }
        let cohort = Self.cohortSources.contains(source)
        guard cohort || Self.dailyTopics.contains(source) else { throw Rejection("data_source \(source) is not an Event Ontology topic or a cohort") }
        guard e - s <= Double(cohort ? 90 : 7) * 86400 else { throw Rejection("An \(cohort ? "cohort" : "aggregate") export covers at most \(cohort ? 90 : 7) days") }
        let dims = body["dimensions"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard dims.count <= 11 else { throw Rejection("dimensions holds at most 11") }
        if !cohort && dims.isEmpty { throw Rejection("dimensions is required") }
        let columns = Set(Self.exportColumns)
        // A cohort's dimensions describe its install or re-engagement (install_activity_*, reengagement_activity_*).
        let cohortPrefixes = ["install_activity_", "reengagement_activity_", "user_data_", "app_id", "customer_event_alias"]
        for d in dims where !(cohort ? cohortPrefixes.contains { d.hasPrefix($0) } : columns.contains(d) || d == "app_id") {
            throw Rejection("dimensions: \(d) is not a dimension")
        }
        let mine = store.exportRows.filter { keys?.contains($0.key) ?? true }
        var rows: [[String: String]] = []
        var header: [String]
        if cohort {
            let measures = body["measures"]?.arrayValue?.compactMap(\.stringValue) ?? []
            guard (1...3).contains(measures.count) else { throw Rejection("measures holds 1 to 3 measures (users, OPEN, PURCHASE, revenue, ...)") }
            let bands = Int(body["granularity_band_count"]?.numberValue?.int64 ?? 7)
            guard (1...90).contains(bands) else { throw Rejection("granularity_band_count must be between 1 and 90") }
            header = ["measure", "users"] + dims + (0..<bands).map { "day\($0)" }
            rows = cohortRows(mine, start: s, end: e, dims: dims, measures: measures, bands: bands)
        } else {
            let aggregation = body["aggregation"]?.stringValue ?? "total_count"
            guard Self.aggregations.contains(aggregation) else { throw Rejection("aggregation must be unique_count, total_count or revenue") }
            let filter = body["filter"]?.objectValue ?? [:]
            let selected = mine.filter { $0.topic == source && $0.time >= s && $0.time < e && Self.passes($0.cells, filter) }
            header = ["timestamp"] + dims + [aggregation]
            for g in aggregate(selected, dimensions: dims, aggregation: aggregation, daily: true) {
                var row: [String: String] = ["timestamp": String(Self.iso8601(g.day ?? s).prefix(10)), aggregation: JSONNumber(g.value)?.literal ?? "\(g.value)"]
                for (d, v) in zip(dims, g.values) { row[d] = v ?? "" }
                rows.append(row)
            }
        }
        let limit = Int(r.query.first { $0.0 == "limit" }?.1 ?? "50000") ?? 0
        guard (1...50_000).contains(limit) else { throw Rejection("limit must be between 1 and 50000") }
        let json = r.query.first { $0.0 == "format" }?.1 == "json"
        let id = random.code() + "-" + random.code()
        analyticsJobs[id] = AnalyticsJob(appID: appID, rows: Array(rows.prefix(limit)), columns: header, json: json)
        bump(cohort ? "exports_cohort" : "exports_aggregate")
        return .json(200, ["code": 200, "job_id": .string(id), "status_url": .string("\(config.baseURL)/v2/analytics/\(id)")])
    }

    /// Per install day (and dimensions): the devices that installed, and per measure what they did on each day after.
    private func cohortRows(_ rows: [ExportRow], start: Double, end: Double, dims: [String], measures: [String], bands: Int) -> [[String: String]] {
        var installs: [String: (day: Double, values: [String])] = [:]
        for row in rows where row.topic == "eo_install" && row.time >= start && row.time < end {
            let device = Self.deviceIdentity(row.cells)
            if installs[device] == nil { installs[device] = ((row.time / 86400).rounded(.down) * 86400, dims.map { row.cells[$0] ?? "" }) }
        }
        var out: [[String: String]] = []
        let groups = Dictionary(grouping: installs, by: { "\($0.value.day)|" + $0.value.values.joined(separator: "\u{1}") })
        for (_, members) in groups.sorted(by: { $0.key < $1.key }) {
            let first = members[0].value
            let devices = Set(members.map(\.key))
            for measure in measures {
                var row: [String: String] = ["measure": measure, "users": String(devices.count)]
                for (d, v) in zip(dims, first.values) { row[d] = v }
                for band in 0..<bands {
                    let from = first.day + Double(band) * 86400
                    let acts = rows.filter { devices.contains(Self.deviceIdentity($0.cells)) && $0.time >= from && $0.time < from + 86400 }
                    let value: Double
                    switch measure {
                    case "users": value = Double(Set(acts.map { Self.deviceIdentity($0.cells) }).count)
                    case "revenue": value = acts.reduce(0) { $0 + (Double($1.cells["event_data_revenue"] ?? "") ?? 0) }
                    default: value = Double(acts.filter { $0.cells["name"] == measure }.count)
                    }
                    row["day\(band)"] = JSONNumber(value)?.literal ?? "\(value)"
                }
                out.append(row)
            }
        }
        return out
    }

    func analyticsStatus(_ r: SandboxRequest, job id: String) throws -> SandboxResponse {
        let (appID, _) = try exportApp(r)
        guard var job = analyticsJobs[id], job.appID == appID else { return .branchError(404, "Job ID Not Found") }
        job.polls += 1
        defer { analyticsJobs[id] = job }
        switch job.polls {
        case 1: return .json(200, ["code": 100, "status": "QUEUED", "error_message": "N/A"])
        case 2: return .json(200, ["code": 101, "status": "RUNNING", "error_message": "N/A"])
        default:
            if job.file == nil {
                let token = random.code() + random.code()
                let rows = job.rows.enumerated().map { i, cells in ExportRow(id: String(i), topic: "", key: "", time: 0, cells: cells) }
                exportFiles[token] = ExportFile(rows: rows, columns: job.columns, gzip: false, json: job.json)
                job.file = "\(config.baseURL)/_exports/\(token)/\(id).\(job.json ? "json" : "csv")?Signature=\(random.code())&Expires=\(Int(now) + 604800)"
            }
            return .json(200, ["code": 200, "status": "FINISHED", "response_url": .string(job.file!), "error_message": "N/A"])
        }
    }
}
