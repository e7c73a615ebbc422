// Custom exports (POST /v2/logs, GET /v2/logs/HANDLE): an Access-Token and app_id; a job over one report type,
// a window within the last 120 days of at most 60 days, the fields asked for (or all), one filter, a limit; the
// job is pending, then running, then complete with a response_url, on successive polls. The documented rate
// limits (create 10 a minute and 25 an hour, status 50 a minute and 1000 an hour) answer 429 in the overview's shape.
import BNCCore

extension Sandbox {
    /// The app a custom export is for, from its Access-Token and app_id: its keys, or nil (any live key) without --keys.
    func exportApp(_ r: SandboxRequest) throws -> (appID: String, keys: Set<String>?) {
        guard let token = r.header("Access-Token"), !token.isEmpty else { throw Rejection("Authentication failed !") }
        guard let appID = r.query.first(where: { $0.0 == "app_id" || $0.0 == "organization_id" })?.1,
              KeyFormat.isDigits(appID) else {
            throw Rejection("app_id (or organization_id) is required in the query")
        }
        guard let keys = config.keys else { return (appID, nil) }
        let matching = keys.filter { $0.appID == appID && $0.accessToken == token }
        guard !matching.isEmpty else { throw Rejection("Authentication failed !") }
        return (appID, Set(matching.map(\.branchKey)))
    }

    /// A rolling-hour rate limit: true when this call is over `perMinute` in the last minute or `perHour` in the last hour.
    func overLimit(_ name: String, perMinute: Int, perHour: Int) -> Double? {
        var calls = (exportCalls[name] ?? []).filter { now - $0 < 3600 }
        defer { exportCalls[name] = calls }
        if calls.filter({ now - $0 < 60 }).count >= perMinute { return 60 - (now - calls.filter { now - $0 < 60 }.min()!) }
        if calls.count >= perHour { return 3600 - (now - calls.min()!) }
        calls.append(now)
        return nil
    }

    func limited(_ retryAfter: Double, org: String) -> SandboxResponse {
        let seconds = Int(retryAfter.rounded(.up))
        return .json(429, ["errors": .array([["message": .string("Limit is exceeded for org-\(org), retry after \(seconds) seconds"), "error_code": 7]])],
                     headers: [("Retry-After", String(seconds))])
    }

    func customExportCreate(_ r: SandboxRequest) throws -> SandboxResponse {
        let (appID, keys) = try exportApp(r)
        if let wait = overLimit("create|\(appID)", perMinute: 10, perHour: 25) { return limited(wait, org: appID) }
        let body = try jsonObject(r)
        // Offset-less dates are in `timezone` (a tz database name), else UTC.
        var zone: ZoneFile?
        if let tz = body["timezone"], !tz.isNull {
            guard let name = tz.stringValue, let file = ZoneFile(name: name) else {
                throw Rejection("timezone must be a tz database name such as America/New_York or UTC")
            }
            zone = file
        }
        func instant(_ text: String) -> Double? {
            guard let t = Self.isoDateTime(text) else { return nil }
            guard let zone, !Self.hasOffset(text) else { return t }
            return Double(zone.utc(ofLocal: Int64(t)))
        }
        guard let startText = body["start_date"]?.stringValue, let start = instant(startText) else {
            throw Rejection("start_date is required: an ISO 8601 date-time such as 2023-05-15T00:00:00Z")
        }
        guard let endText = body["end_date"]?.stringValue, let end = instant(endText) else {
            throw Rejection("end_date is required: an ISO 8601 date-time such as 2023-05-15T23:59:59Z")
        }
        guard end > start else { throw Rejection("end_date must be after start_date") }
        guard start >= now - 120 * 86400 else { throw Rejection("start_date must be within the last 120 days") }
        guard end - start <= 60 * 86400 else { throw Rejection("A custom export covers at most 60 days") }
        guard let topic = body["report_type"]?.stringValue, Self.customTopics.contains(topic) else {
            throw Rejection("report_type must be one of the Event Ontology topics (eo_install, eo_open, eo_commerce_event, ...)")
        }
        guard let fieldList = body["fields"]?.arrayValue, !fieldList.isEmpty else { throw Rejection("fields is required: a non-empty array") }
        var fields: [String] = [], unknown: [String] = [], seen = Set<String>()
        for f in fieldList {
            guard let name = f.stringValue, name.utf8.count <= 128 else { throw Rejection("fields: each is a field name (a string of at most 128 bytes)") }
            if name == "all" || Self.customExportFields.contains(name) { fields.append(name) } else if seen.insert(name).inserted { unknown.append(name) }
        }
        // Every field Branch does not export, in one answer of the Data APIs' `errors` shape: singer-io/tap-branch
        // reads "<name> field is not available for exports" from each, drops those fields and asks again once
        // (branch_utils.handle_branch_validation_error).
        if !unknown.isEmpty {
            return .json(400, ["errors": .array(unknown.prefix(300).map { ["message": .string("\($0) field is not available for exports")] })])
        }
        if fields.contains("all") { fields = Self.exportColumns }
        var limit = 100
        if let l = body["limit"] {
            guard let n = l.numberValue?.int64, l.numberValue?.isInteger == true, (1...15_000_000).contains(n) else {
                throw Rejection("limit must be a whole number from 1 to 15000000")
            }
            limit = Int(n)
        }
        var filter: (String, String, String)?
        // An empty array is no filter (the reference's `filter` has no minimum; tap-branch always sends []).
        if let f = body["filter"], !f.isNull, f.arrayValue?.isEmpty != true {
            guard let items = f.arrayValue, items.count == 3, let op = items[0].stringValue, let field = items[1].stringValue,
                  ["eq", "neq", "gt", "gte", "lt", "lte"].contains(op) else {
                throw Rejection("filter must be [operator, field, value] with an operator eq, neq, gt, gte, lt or lte")
            }
            filter = (op, field, items[2].stringValue ?? items[2].numberValue?.literal ?? SandboxJSON.encodeText(items[2]))
        }
        func given(_ name: String) -> JSON? { body[name].flatMap { $0.isNull ? nil : $0 } }
        if let format = given("response_format"), !["csv", "json"].contains(format.stringValue ?? "") {
            throw Rejection("response_format must be csv or json")
        }
        let json = given("response_format")?.stringValue == "json"
        if let multiple = given("allow_multiple_files"), multiple.boolValue == nil { throw Rejection("allow_multiple_files must be true or false") }
        let multiple = given("allow_multiple_files")?.boolValue == true
        var gzip = false
        if let c = given("response_format_compression") {
            switch c.stringValue {
            case "gz": gzip = true
            case "snappy": lint("response_format_compression snappy is not emulated: the file is served uncompressed")
            default: throw Rejection("response_format_compression must be gz or snappy")
            }
        } else if multiple {
            lint("allow_multiple_files without response_format_compression: the reference requires one (gz or snappy)")
        }
        // Identical requests within 60 minutes get the same job.
        let signature = appID + "|" + SandboxJSON.encodeText(.object(body))
        if let same = exportJobs.values.first(where: { $0.signature == signature && now - $0.createdAt < 3600 }) {
            return .json(200, ["handle": .string(same.handle), "export_job_status_url": .string(statusURL(same))])
        }
        let hex = Array("0123456789abcdef")
        let handle = String((0..<32).map { _ in hex[Int(random.unit() * 16) % 16] })
        let job = ExportJob(handle: handle, appID: appID, keys: keys, topic: topic, start: start, end: end, fields: fields,
                            filter: filter.map { (op: $0.0, field: $0.1, value: $0.2) }, limit: limit, json: json, gzip: gzip,
                            jsonLines: json && multiple, createdAt: now, signature: signature)
        exportJobs[handle] = job
        bump("exports_custom")
        return .json(200, ["handle": .string(handle), "export_job_status_url": .string(statusURL(job))])
    }

    private func statusURL(_ job: ExportJob) -> String { "\(config.baseURL)/v2/logs/\(job.handle)?app_id=\(job.appID)" }

    func customExportStatus(_ r: SandboxRequest, handle: String) throws -> SandboxResponse {
        let (appID, _) = try exportApp(r)
        if let wait = overLimit("status|\(appID)", perMinute: 50, perHour: 1000) { return limited(wait, org: appID) }
        guard var job = exportJobs[handle], job.appID == appID else { return .branchError(404, "Job ID Not Found") }
        job.polls += 1
        defer { exportJobs[handle] = job }
        switch job.polls {
        case 1: return .json(200, ["status": "pending", "code": 200, "lines_exported": 0, "response_url": .null])
        case 2: return .json(200, ["status": "running", "code": 200, "lines_exported": 0, "response_url": .null])
        default:
            if job.file == nil {
                var rows = store.exportRows.filter { row in
                    row.topic == job.topic && row.time >= job.start && row.time <= job.end && (job.keys?.contains(row.key) ?? true)
                }
                if let f = job.filter { rows = rows.filter { Self.matches($0.cells[f.field] ?? "", f.op, f.value) } }
                rows = Array(rows.prefix(job.limit))
                let token = random.code() + random.code()
                exportFiles[token] = ExportFile(rows: rows, columns: job.fields, gzip: job.gzip, json: job.json, jsonLines: job.jsonLines)
                let name = "\(job.appID)-\(job.topic)-\(job.handle).\(job.json ? "json" : "csv")\(job.gzip ? ".gz" : "")"
                job.file = "\(config.baseURL)/_exports/\(token)/\(name)?X-Amz-Expires=604800&X-Amz-Signature=\(random.code())"
                job.lines = rows.count
            }
            return .json(200, ["status": "complete", "code": 200, "lines_exported": .int(job.lines), "response_url": .string(job.file!)])
        }
    }

    /// One filter: numbers compared as numbers, anything else as text.
    static func matches(_ cell: String, _ op: String, _ value: String) -> Bool {
        if let a = Double(cell), let b = Double(value), op != "eq" && op != "neq" {
            switch op { case "gt": return a > b; case "gte": return a >= b; case "lt": return a < b; default: return a <= b }
        }
        switch op {
        case "eq": return cell == value
        case "neq": return cell != value
        case "gt": return cell > value
        case "gte": return cell >= value
        case "lt": return cell < value
        default: return cell <= value
        }
    }
}
