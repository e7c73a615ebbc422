// The aggregate Data APIs' requests, checked against their documented limits: the Query API (synchronous, paged),
// and the Aggregate and Cohort APIs (jobs on /v2/analytics). Facts: Tests/Fixtures/facts/data-apis.md §3-5.
import BNCCore
import BNCSuite

/// Builds and checks Query, Aggregate and Cohort requests.
public enum AnalyticsRequest {
    public static let queryDataSources = ExportFields.dailyTopics + ["xx_impression", "xx_click", "cost"]
    public static let queryAggregations = ["unique_count", "total_count", "revenue", "cost", "cost_in_local_currency"]
    public static let aggregateAggregations = ["unique_count", "total_count", "revenue", "cost", "cost-in-local-currency"]
    public static let cohortSources = ["install_cohort", "reengagement_cohort"]
    public static let cohortMeasures = ["OPEN", "users", "Retention", "ARPPU", "LTV", "ARPU", "revenue", "PURCHASE", "ADD_TO_CART",
                                        "ADD_TO_WISHLIST", "VIEW_CART", "INITIATE_PURCHASE", "ADD_PAYMENT_INFO", "SPEND_CREDITS", "RESERVE",
                                        "CLICK_AD", "VIEW_AD", "SEARCH", "VIEW_ITEM", "VIEW_ITEMS", "RATE", "SHARE", "COMPLETE_REGISTRATION",
                                        "COMPLETE_TUTORIAL", "ACHIEVE_LEVEL", "UNLOCK_ACHIEVEMENT", "INVITE", "LOGIN", "SUBSCRIBE",
                                        "START_TRIAL", "cost", "GROSS_PROFIT", "ROI", "ROAS", "eCPA"]

    static func pick(_ value: String, _ allowed: [String], flag: String) throws(BNCError) {
        guard allowed.contains(value) else {
            let guess = EditDistance.closest(to: value, in: allowed).map { "; did you mean \($0)?" } ?? ""
            throw BNCError.usage(flag, "must be one of \(allowed.prefix(8).joined(separator: ", "))\(allowed.count > 8 ? ", ..." : "") (got \(value))\(guess)")
        }
    }

    /// Dimensions as Branch names them (`user_data_os`, `last_attributed_touch_data_tilde_channel`): letters,
    /// digits, `_`, `~`, `.`, `$` and `-`, at most 200 bytes. Anything else (an empty name, a line feed) is refused
    /// before sending, as every one-line field is; Branch judges whether a well-formed name is one of its own.
    static func checkDimensions(_ dimensions: [String], flag: String = "--dimension") throws(BNCError) -> JSON {
        for d in dimensions {
            let allowed = d.utf8.allSatisfy { b in
                ASCII.isLetter(b) || (0x30...0x39).contains(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "~") || b == UInt8(ascii: ".")
                    || b == UInt8(ascii: "$") || b == UInt8(ascii: "-")
            }
            guard !d.isEmpty, d.utf8.count <= 200, allowed else {
                throw BNCError.usage(flag, "\(flag == "--dimension" ? "must be a dimension's name" : "must name a dimension") (letters, digits, _ ~ . $ -; at most 200 bytes), e.g. user_data_os (got \(d.isEmpty ? "''" : JSON.string(d).serialized()))")
            }
        }
        return .array(dimensions.map(JSON.string))
    }

    /// A date (`2026-11-01`) or an ISO 8601 date-time, in seconds.
    static func time(_ text: String, flag: String) throws(BNCError) -> Double {
        guard text.contains("-"), let t = Timestamp.parse(text) else { throw BNCError.usage(flag, "must be a date (YYYY-MM-DD) or an ISO 8601 date-time (got \(text))") }
        return t
    }

    /// `DIM=V1,V2` (or `!DIM=V` to exclude) as the Query API's filters object.
    public static func filters(_ specs: [String]) throws(BNCError) -> JSONObject {
        var o = JSONObject()
        for spec in specs {
            guard let eq = spec.firstIndex(of: "="), eq != spec.startIndex else {
                throw BNCError.usage("--filter", "must be DIMENSION=VALUE[,VALUE...] (or !DIMENSION=... to exclude) (got \(spec))")
            }
            let values = spec[spec.index(after: eq)...].split(separator: ",", omittingEmptySubsequences: false).map { JSON.string(String($0)) }
            // A dimension given again adds its values (--filter os=IOS --filter os=ANDROID is both), never drops the
            // first; the same dimension both kept and excluded is a contradiction.
            let dimension = String(spec[..<eq])
            // The dimension's name passes --dimension's rule (a line feed in it went into the body), each value the
            // one-line rule.
            _ = try checkDimensions([String(dimension.drop { $0 == "!" })], flag: "--filter")
            for v in values { if let bad = v.stringValue.flatMap({ FieldSpec.forbiddenCharacter(in: $0, multiline: false) }) {
                throw BNCError.usage("--filter", "\(dimension)'s values must not contain \(bad)")
            } }
            let other = dimension.hasPrefix("!") ? String(dimension.dropFirst()) : "!" + dimension
            if o[other] != nil { throw BNCError.usage("--filter", "\(dimension.drop { $0 == "!" }) is both kept and excluded") }
            o[dimension] = .array((o[dimension]?.arrayValue ?? []) + values.filter { !(o[dimension]?.arrayValue ?? []).contains($0) })
        }
        return o
    }

    /// The Query API's body: at most 7 days (the end exclusive), not before 2017-10-14, within two years.
    public static func queryBody(key: BranchKey, secret: Secret, dataSource: String, aggregation: String, dimensions: [String],
                                 start: String, end: String, filters: [String], granularity: String?, now: Double) throws(BNCError) -> JSONObject {
        try pick(dataSource, queryDataSources, flag: "--data-source")
        try pick(aggregation, queryAggregations, flag: "--aggregation")
        guard !dimensions.isEmpty else { throw BNCError.usage("--dimension", "give at least one (name, user_data_os, last_attributed_touch_data_tilde_channel ...)") }
        let (s, e) = (try time(start, flag: "--start"), try time(end, flag: "--end"))
        guard e > s else { throw BNCError.usage("--end", "must be after --start (the end is exclusive)") }
        guard e - s <= 7 * 86400 else { throw BNCError.usage("--end", "a query covers at most 7 days; split the window") }
        guard s >= now - 2 * 366 * 86400, s >= Double(Timestamp.civilSeconds(year: 2017, month: 10, day: 14)) else {
            throw BNCError.usage("--start", "must be within the last two years (and not before 2017-10-14)")
        }
        if let granularity { try pick(granularity, ["all", "day"], flag: "--granularity") }
        var body: JSONObject = ["branch_key": .string(key.value), "branch_secret": .string(secret.exposed), "start_date": .string(start),
                                "end_date": .string(end), "data_source": .string(dataSource), "aggregation": .string(aggregation),
                                "dimensions": try checkDimensions(dimensions)]
        let f = try Self.filters(filters)
        if !f.isEmpty { body["filters"] = .object(f) }
        if let granularity { body["granularity"] = .string(granularity) }
        return body
    }

    /// POST /v1/query/analytics, a page of it: the first (limit, after) or a later one (query_id from next_url).
    public static func query(_ body: JSONObject, limit: Int, after: Int, queryID: String?, baseURL: String?) -> HTTPRequest {
        var q: [(String, String)] = [("limit", String(limit)), ("after", String(after))]
        if let queryID { q.insert(("query_id", queryID), at: 0) }
        return HTTPRequest(method: "POST", base: baseURL ?? Branch.defaultBaseURL, path: "/v1/query/analytics", query: q,
                           headers: ["Accept": "application/json"], body: .json(.object(body)))
    }

    /// A page's rows (each result with its timestamp), and the next page's query_id and offset when there is one. The
    /// next_url is read for those two values only: it is never followed as given (a hostile answer cannot send
    /// the credentials elsewhere).
    public static func page(_ json: JSON) throws(BNCError) -> (rows: [JSONObject], next: (id: String, after: Int)?, total: Int?) {
        guard let results = json["results"]?.arrayValue else { throw BNCError(.malformedResponse, "the query's answer has no results") }
        let rows: [JSONObject] = results.compactMap { r in
            guard var o = r["result"]?.objectValue else { return nil }
            if let t = r["timestamp"] { o.prepend("timestamp", t) }
            return o
        }
        var next: (String, Int)?
        if let url = json["paging"]?["next_url"]?.stringValue, let query = url.split(separator: "?", maxSplits: 1).dropFirst().first {
            var id: String?, after: Int?
            for pair in query.split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if kv.count == 2, kv[0] == "query_id" { id = HTTPURL.percentDecode(kv[1]) }
                if kv.count == 2, kv[0] == "after" { after = Int(kv[1]) }
            }
            if let id, let after, !id.isEmpty, id.count <= 200 { next = (id, after) }
        }
        return (rows, next, json["paging"]?["total_count"]?.numberValue?.int64.map(Int.init))
    }

    /// The Aggregate API's body: dates, at most 7 days, 1 to 11 dimensions.
    public static func aggregateBody(dataSource: String, aggregation: String, dimensions: [String], start: String, end: String,
                                     granularity: String?, filters: [String], now: Double) throws(BNCError) -> JSONObject {
        try pick(dataSource, ExportFields.customTopics.filter { !$0.hasPrefix("skadnetwork") && $0 != "webhook2" && $0 != "eo_san_touch" } + ["cost"],
                 flag: "--data-source")
        try pick(aggregation, aggregateAggregations, flag: "--aggregation")
        guard (1...11).contains(dimensions.count) else { throw BNCError.usage("--dimension", "give 1 to 11 dimensions") }
        let (s, e) = try dates(start, end, maxDays: 7, now: now)
        _ = (s, e)
        var body: JSONObject = ["data_source": .string(dataSource), "aggregation": .string(aggregation), "dimensions": try checkDimensions(dimensions),
                                "start_date": .string(start), "end_date": .string(end)]
        if let granularity { try pick(granularity, ["day", "week", "month"], flag: "--granularity"); body["granularity"] = .string(granularity) }
        let f = try Self.filters(filters)
        if !f.isEmpty { body["filter"] = .object(f) }
        return body
    }

    /// The Cohort API's body: install or re-engagement cohorts, 1 to 3 measures, at most 90 days.
    public static func cohortBody(dataSource: String, measures: [String], bands: Int, dimensions: [String], start: String, end: String,
                                  now: Double) throws(BNCError) -> JSONObject {
        try pick(dataSource, cohortSources, flag: "--data-source")
        guard (1...3).contains(measures.count) else { throw BNCError.usage("--measure", "give 1 to 3 measures (users, OPEN, PURCHASE, revenue ...)") }
        for m in measures { try pick(m, cohortMeasures, flag: "--measure") }
        guard (1...90).contains(bands) else { throw BNCError.usage("--bands", "must be between 1 and 90 (got \(bands))") }
        guard dimensions.count <= 11 else { throw BNCError.usage("--dimension", "give at most 11 dimensions") }
        _ = try dates(start, end, maxDays: 90, now: now)
        var body: JSONObject = ["data_source": .string(dataSource), "measures": .array(measures.map(JSON.string)),
                                "granularity_band_count": .int(bands), "start_date": .string(start), "end_date": .string(end)]
        if !dimensions.isEmpty { body["dimensions"] = try checkDimensions(dimensions) }
        return body
    }

    /// Two dates (`YYYY-MM-DD`, the end included), in order, at most `maxDays`, within two years.
    static func dates(_ start: String, _ end: String, maxDays: Int, now: Double) throws(BNCError) -> (Double, Double) {
        guard start.count == 10, let s = Timestamp.parse(start) else { throw BNCError.usage("--start", "must be a date as YYYY-MM-DD (got \(start))") }
        guard end.count == 10, let e = Timestamp.parse(end) else { throw BNCError.usage("--end", "must be a date as YYYY-MM-DD (got \(end))") }
        guard e >= s else { throw BNCError.usage("--end", "must not be before --start") }
        guard e - s < Double(maxDays) * 86400 else { throw BNCError.usage("--end", "this export covers at most \(maxDays) days; split the window") }
        guard s >= now - 2 * 366 * 86400 else { throw BNCError.usage("--start", "must be within the last two years") }
        // As a custom export's window: what has not happened yet has nothing to count (a job was made for 2099).
        guard s <= now else { throw BNCError.usage("--start", "is in the future (UTC): an export reads what happened") }
        return (s, e + 86400)
    }

    /// POST /v2/analytics?app_id=: an Aggregate or Cohort job.
    public static func create(token: Secret, appID: String, body: JSONObject, format: String, limit: Int?, baseURL: String?) -> HTTPRequest {
        var q = [("app_id", appID), ("format", format)]
        if let limit { q.append(("limit", String(limit))) }
        return HTTPRequest(method: "POST", base: baseURL ?? Branch.defaultBaseURL, path: "/v2/analytics", query: q,
                           headers: ["Accept": "application/json", "Access-Token": token.exposed], body: .json(.object(body)))
    }

    /// GET /v2/analytics/JOB?app_id=.
    public static func status(token: Secret, appID: String, job: String, baseURL: String?) -> HTTPRequest {
        HTTPRequest(method: "GET", base: baseURL ?? Branch.defaultBaseURL, path: "/v2/analytics/" + HTTPURL.percentEncode(job),
                    query: [("app_id", appID)], headers: ["Accept": "application/json", "Access-Token": token.exposed])
    }

    /// A job's id from its create answer.
    public static func jobID(_ json: JSON) throws(BNCError) -> String { try ExportAnswers.jobID(json, member: "job_id") }
}

/// The Cross-Events Export API and data readiness.
public enum CrossEventRequest {
    public static let fields = ["total_count", "sketch_unique_count", "revenue", "cost", "cost_in_local_currency", "cost_in_app_local_currency",
                                "revenue_in_local_currency"]

    /// `FIELD:SOURCE[:NAME]` (total_count:eo_install:installs) as an aggregation object.
    public static func aggregation(_ spec: String) throws(BNCError) -> JSON {
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard (2...3).contains(parts.count), !parts[1].isEmpty else {
            throw BNCError.usage("--aggregation", "must be FIELD:SOURCE[:NAME], e.g. total_count:eo_install:installs (got \(spec))")
        }
        try AnalyticsRequest.pick(parts[0], fields, flag: "--aggregation")
        try AnalyticsRequest.pick(parts[1], ExportFields.dailyTopics + ["xx_click", "xx_impression", "cost"], flag: "--aggregation")
        return ["field_name": .string(parts[0]), "data_source": .string(parts[1]),
                "display_name": .string(parts.count == 3 && !parts[2].isEmpty ? parts[2] : "\(parts[0])_\(parts[1])")]
    }

    /// The body: at most 90 days, one or more aggregations, an `in` filter, csv or json (never parquet: no reader here).
    public static func body(start: String, end: String, aggregations: [String], dimensions: [String], granularity: String?,
                            filter: String?, json: Bool, now: Double) throws(BNCError) -> JSONObject {
        guard !aggregations.isEmpty else { throw BNCError.usage("--aggregation", "give at least one FIELD:SOURCE[:NAME]") }
        _ = try AnalyticsRequest.dates(start, end, maxDays: 90, now: now)
        var body: JSONObject = ["start_date": .string(start), "end_date": .string(end),
                                "aggregations": .array(try aggregations.map { s throws(BNCError) in try aggregation(s) }),
                                "response_format": .string(json ? "json" : "csv")]
        if !dimensions.isEmpty { body["dimensions"] = try AnalyticsRequest.checkDimensions(dimensions) }
        if let granularity { try AnalyticsRequest.pick(granularity, ["all", "day", "week", "month"], flag: "--granularity"); body["granularity"] = .string(granularity) }
        if let filter {
            let f = try AnalyticsRequest.filters([filter])
            guard let (dimension, values) = f.first(where: { _ in true }) else { throw BNCError.usage("--filter", "must be DIMENSION=V1,V2") }
            // The cross-event filter is `in` only: an exclusion cannot be sent.
            if dimension.hasPrefix("!") { throw BNCError.usage("--filter", "cross-event exports filter by inclusion only (DIMENSION=V1,V2), not !\(dimension.dropFirst())") }
            body["filter"] = ["type": "in", "dimension": .string(dimension), "values": values]
        }
        return body
    }

    public static func create(token: Secret, appID: String, body: JSONObject, baseURL: String?) -> HTTPRequest {
        HTTPRequest(method: "POST", base: baseURL ?? Branch.defaultBaseURL, path: "/v1/branch_aggregate/async/analytics", query: [("app_id", appID)],
                    headers: ["Accept": "application/json", "Access-Token": token.exposed], body: .json(.object(body)))
    }

    public static func status(token: Secret, appID: String, job: String, baseURL: String?) -> HTTPRequest {
        HTTPRequest(method: "GET", base: baseURL ?? Branch.defaultBaseURL, path: "/v1/branch_aggregate/async/status/" + HTTPURL.percentEncode(job),
                    query: [("app_id", appID)], headers: ["Accept": "application/json", "Access-Token": token.exposed])
    }

    /// POST /v2/data/ready: whether an hour's data of a topic is complete (`YYYY-MM-DD hh:mm:ss`, within a year).
    public static func ready(token: Secret, appID: String, date: String, topic: String, aggregate: Bool, now: Double, baseURL: String?) throws(BNCError) -> HTTPRequest {
        // Exactly the documented shape: digits, `-` `-` ` ` `:` `:` in their places (an epoch or a `T` passed).
        let b = Array(date.utf8)
        let shaped = b.count == 19 && b.indices.allSatisfy { i in
            switch i {
            case 4, 7: b[i] == UInt8(ascii: "-")
            case 10: b[i] == UInt8(ascii: " ")
            case 13, 16: b[i] == UInt8(ascii: ":")
            default: b[i] >= 0x30 && b[i] <= 0x39
            }
        }
        guard shaped, let t = Timestamp.parse(date), b[17] < UInt8(ascii: "6") else {
            throw BNCError.usage("--date", "must be YYYY-MM-DD hh:mm:ss (got \(date))")
        }
        guard t >= now - 366 * 86400 else { throw BNCError.usage("--date", "must be within the past year") }
        try AnalyticsRequest.pick(topic, ExportFields.customTopics, flag: "--topic")
        guard let app = Int64(appID) else { throw BNCError.usage("--app-id", "must be the numeric Branch app id") }
        return HTTPRequest(method: "POST", base: baseURL ?? Branch.defaultBaseURL, path: "/v2/data/ready",
                           headers: ["Accept": "application/json", "Access-Token": token.exposed],
                           body: .json(["date": .string(date), "warehouse_meta_type": .string(aggregate ? "AGGREGATE" : "EVENT"), "topic": .string(topic),
                                        "app_id": .number(JSONNumber(app))]))
    }
}
