// Branch's aggregate Data APIs over the rows the sandbox keeps: the Query API (POST /v1/query/analytics, paged
// answers) and the Aggregate API (POST /v2/analytics, a job polled at GET /v2/analytics/JOB until FINISHED with
// a file). Counts, unique devices or revenue, grouped by the dimensions asked, over all or per day.
// Facts: Tests/Fixtures/facts/data-apis.md §3, §4.
import BNCCore

/// A finished query: its rows, kept for its pages (query_id).
struct QueryResult {
    var rows: [JSON]
    var createdAt: Double
}

/// An aggregate job: its rows once computed, and how many times its status was asked.
struct AnalyticsJob {
    var appID: String
    var rows: [[String: String]]
    var columns: [String]
    var json: Bool
    var polls = 0
    var file: String?
}

extension Sandbox {
    static let aggregations = ["unique_count", "total_count", "revenue"]

    /// A device's identity for unique counts: its first id, else its IP and browser.
    static func deviceIdentity(_ cells: [String: String]) -> String {
        for c in ["user_data_developer_identity", "user_data_idfa", "user_data_idfv", "user_data_aaid", "user_data_android_id"] {
            if let v = cells[c], !v.isEmpty { return c + "=" + v }
        }
        return "ip=" + (cells["user_data_ip"] ?? "") + "|" + (cells["user_data_user_agent"] ?? "")
    }

    /// Rows grouped by the dimensions (and the day with `daily`), each group's aggregation.
    func aggregate(_ rows: [ExportRow], dimensions: [String], aggregation: String, daily: Bool) -> [(day: Double?, values: [String?], value: Double)] {
        var groups: [String: (day: Double?, values: [String?], count: Int, devices: Set<String>, revenue: Double)] = [:]
        var order: [String] = []
        for row in rows {
            let day = daily ? (row.time / 86400).rounded(.down) * 86400 : nil
            let values = dimensions.map { d -> String? in
                if d == "timestamp" { return nil }
                let v = row.cells[d] ?? (d == "name" ? nil : nil)
                return (v?.isEmpty ?? true) ? nil : v
            }
            let key = "\(day ?? -1)|" + values.map { $0 ?? "\u{0}" }.joined(separator: "\u{1}")
            if groups[key] == nil { groups[key] = (day, values, 0, [], 0); order.append(key) }
            groups[key]!.count += 1
            groups[key]!.devices.insert(Self.deviceIdentity(row.cells))
            groups[key]!.revenue += Double(row.cells["event_data_revenue"] ?? "") ?? 0
        }
        return order.map { k in
            let g = groups[k]!
            let value = aggregation == "revenue" ? (g.revenue * 100).rounded() / 100 : aggregation == "unique_count" ? Double(g.devices.count) : Double(g.count)
            return (g.day, g.values, value)
        }
    }

    /// A date (`2023-05-01`) or date-time: seconds, or nil.
    static func dateOrDateTime(_ text: String) -> Double? { text.count == 10 ? dayStart(text) : isoDateTime(text) }

    /// Filters `{dimension: [values]}`: AND across keys, OR within one, `!` before a key excludes.
    static func passes(_ cells: [String: String], _ filters: JSONObject) -> Bool {
        for (rawKey, values) in filters {
            let exclude = rawKey.hasPrefix("!")
            let key = exclude ? String(rawKey.dropFirst()) : rawKey
            let allowed = Set((values.arrayValue ?? [values]).compactMap { $0.stringValue })
            let hit = allowed.contains(cells[key] ?? "")
            if hit == exclude { return false }
        }
        return true
    }

    // MARK: POST /v1/query/analytics

    func query(_ r: SandboxRequest) throws -> SandboxResponse {
        let limit = Int(r.query.first { $0.0 == "limit" }?.1 ?? "100") ?? -1
        guard (1...1000).contains(limit) else { throw Rejection("limit must be between 1 and 1000") }
        let after = Int(r.query.first { $0.0 == "after" }?.1 ?? "0") ?? -1
        guard after >= 0 else { throw Rejection("after must be a whole number") }
        if let id = r.query.first(where: { $0.0 == "query_id" })?.1 {
            guard let kept = queryResults[id] else { throw Rejection("query_id \(id) is unknown or expired") }
            return page(kept.rows, id: id, limit: limit, after: after)
        }
        let body = try jsonObject(r)
        let key = try checkKey(body["branch_key"])
        try checkSecret(body["branch_secret"], key: key)
        guard KeyFormat.kind(ofKey: key) == "live" else { throw Rejection("Queries read live data only: use the app's live key") }
        guard let s = body["start_date"]?.stringValue.flatMap(Self.dateOrDateTime), let e = body["end_date"]?.stringValue.flatMap(Self.dateOrDateTime) else {
            throw Rejection("start_date and end_date are required: dates (2023-05-01) or ISO 8601 date-times")
        }
        guard e > s else { throw Rejection("end_date (exclusive) must be after start_date") }
        guard e - s <= 7 * 86400 else { throw Rejection("A query covers at most 7 days") }
        guard let source = body["data_source"]?.stringValue, Self.dailyTopics.contains(source) else {
            throw Rejection("data_source must be an Event Ontology topic such as eo_install or eo_commerce_event")
        }
        let aggregation = body["aggregation"]?.stringValue ?? ""
        guard Self.aggregations.contains(aggregation) else { throw Rejection("aggregation must be unique_count, total_count or revenue") }
        guard let dims = body["dimensions"]?.arrayValue?.compactMap(\.stringValue), !dims.isEmpty else { throw Rejection("dimensions is required") }
        let columns = Set(Self.exportColumns)
        for d in dims where !columns.contains(d) { throw Rejection("dimensions: \(d) is not a dimension") }
        let filters = body["filters"]?.objectValue ?? [:]
        let daily = body["granularity"]?.stringValue == "day"
        let rows = store.exportRows.filter { $0.key == key && $0.topic == source && $0.time >= s && $0.time < e && Self.passes($0.cells, filters) }
        var results: [JSON] = aggregate(rows, dimensions: dims, aggregation: aggregation, daily: daily).map { g in
            var result = JSONObject()
            for (d, v) in zip(dims, g.values) { result[d] = v.map(JSON.string) ?? .null }
            result[aggregation] = aggregation == "revenue" ? .double(g.value) : .int(Int(g.value))
            return ["result": .object(result), "timestamp": .string(Self.iso8601(g.day ?? s))]
        }
        let descending = body["ordered"]?.stringValue != "ascending"
        results.sort { a, b in
            let x = a["result"]?[aggregation]?.numberValue?.double ?? 0, y = b["result"]?[aggregation]?.numberValue?.double ?? 0
            return descending ? x > y : x < y
        }
        let id = random.code()
        queryResults[id] = QueryResult(rows: results, createdAt: now)
        bump("queries")
        return page(results, id: id, limit: limit, after: after)
    }

    private func page(_ rows: [JSON], id: String, limit: Int, after: Int) -> SandboxResponse {
        let slice = rows.count > after ? Array(rows[after..<min(rows.count, after + limit)]) : []
        var paging: JSONObject = ["total_count": .int(rows.count)]
        if after + limit < rows.count { paging["next_url"] = .string("/v1/query/analytics?query_id=\(id)&limit=\(limit)&after=\(after + limit)") }
        return .json(200, ["results": .array(slice), "paging": .object(paging)])
    }
}
