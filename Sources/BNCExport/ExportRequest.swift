// The Data APIs' requests, each checked against the documented limits before it is built, and their answers read.
import BNCCore
import BNCSuite

/// Builds and checks export requests.
public enum ExportRequest {
    /// `YYYY-MM-DD` within the rolling window: its UTC midnight.
    public static func checkDailyDate(_ date: String, now: Double) throws(BNCError) -> Double {
        guard date.count == 10, let day = Timestamp.parse(date), date.dropFirst(4).first == "-" else {
            throw BNCError.usage("--date", "must be a UTC date as YYYY-MM-DD (got \(date))")
        }
        let today = (now / 86400).rounded(.down) * 86400
        guard day <= today else { throw BNCError.usage("--date", "\(date) is in the future (UTC)") }
        guard day >= today - Double(ExportFields.dailyWindowDays) * 86400 else {
            throw BNCError.usage("--date", "must be within the last \(ExportFields.dailyWindowDays) days: daily exports are a rolling window (got \(date))")
        }
        return day
    }

    /// POST /v3/export: one day's files, every topic; the key and secret in the body.
    public static func daily(key: BranchKey, secret: Secret, date: String, baseURL: String?) -> HTTPRequest {
        HTTPRequest(method: "POST", base: baseURL ?? Branch.defaultBaseURL, path: "/v3/export", headers: ["Accept": "application/json"],
                    body: .json(["branch_key": .string(key.value), "branch_secret": .string(secret.exposed), "export_date": .string(date)]))
    }

    /// A date-time with its own offset (`Z`, `+02:00`, `-0500`), as against a wall-clock time that --timezone
    /// (else UTC) places.
    static func hasOffset(_ text: String) -> Bool {
        guard let t = text.firstIndex(where: { $0 == "T" || $0 == " " }) else { return false }
        let time = text[text.index(after: t)...]
        return time.contains { $0 == "Z" || $0 == "z" || $0 == "+" || $0 == "-" }
    }

    /// The instant as Branch takes it: with `Z` when the user gave an offset (normalised to UTC), else the wall-clock
    /// time without one, which the export's `timezone` places (it was always sent as UTC, so --timezone did nothing).
    static func iso(_ t: Double, zoned: Bool) -> String {
        let text = iso(t)
        return zoned || !text.hasSuffix("Z") ? text : String(text.dropLast())
    }

    /// A custom export's body, checked: the topic, the window (within the last 120 days, at most 60), the fields
    /// (did-you-mean for a typo), one filter `OP,FIELD,VALUE`, the limit.
    public static func customBody(topic: String, start: String, end: String, fields: [String], filter: String?, limit: Int?,
                                  timezone: String?, now: Double) throws(BNCError) -> JSONObject {
        guard ExportFields.customTopics.contains(topic) else {
            let guess = EditDistance.closest(to: topic, in: ExportFields.customTopics).map { "; did you mean \($0)?" } ?? ""
            throw BNCError.usage("--topic", "must be an Event Ontology topic such as eo_install or eo_commerce_event (got \(topic))\(guess)")
        }
        guard let s = Timestamp.parse(start), start.contains("-") else { throw BNCError.usage("--start", "must be an ISO 8601 date-time (got \(start))") }
        guard let e = Timestamp.parse(end), end.contains("-") else { throw BNCError.usage("--end", "must be an ISO 8601 date-time (got \(end))") }
        if let timezone { try checkZone(timezone) }
        // The window's instants, as Branch reads them: an offset-less time in --timezone (else UTC). The checks used
        // the UTC reading, refusing "today so far" east of UTC as in the future.
        func instant(_ t: Double, _ text: String) -> Double {
            guard let timezone, !hasOffset(text) else { return t }
            return Timestamp.instant(ofWallClock: t, inZone: timezone) ?? t
        }
        let (si, ei) = (instant(s, start), instant(e, end))
        guard ei > si else { throw BNCError.usage("--end", "must be after --start") }
        guard si <= now else { throw BNCError.usage("--start", "is in the future\(timezone.map { " (read in \($0))" } ?? " (UTC)"): an export reads what happened") }
        guard si >= now - Double(ExportFields.customHistoryDays) * 86400 else {
            throw BNCError.usage("--start", "must be within the last \(ExportFields.customHistoryDays) days")
        }
        guard ei - si <= Double(ExportFields.customMaxDays) * 86400 else {
            throw BNCError.usage("--end", "a custom export covers at most \(ExportFields.customMaxDays) days; split the window")
        }
        let known = Set(ExportFields.customFields)
        for f in fields where f != "all" && !known.contains(f) {
            let guess = EditDistance.closest(to: f, in: ExportFields.customFields).map { "; did you mean \($0)?" } ?? ""
            throw BNCError.usage("--field", "\(f) is not an export field\(guess)")
        }
        var body: JSONObject = [
            "report_type": .string(topic), "start_date": .string(Self.iso(s, zoned: Self.hasOffset(start))),
            "end_date": .string(Self.iso(e, zoned: Self.hasOffset(end))),
            "fields": .array((fields.isEmpty ? ["all"] : fields).map(JSON.string)),
            "limit": .int(limit ?? 100),
        ]
        if let limit, !(1...ExportFields.customMaxLimit).contains(limit) {
            throw BNCError.usage("--limit", "must be between 1 and \(ExportFields.customMaxLimit) (got \(limit))")
        }
        if let filter {
            let parts = filter.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, ExportFields.filterOperators.contains(parts[0]) else {
                throw BNCError.usage("--filter", "must be OP,FIELD,VALUE with OP one of \(ExportFields.filterOperators.joined(separator: ", ")) (got \(filter))")
            }
            guard known.contains(parts[1]) else { throw BNCError.usage("--filter", "\(parts[1]) is not an export field") }
            body["filter"] = .array(parts.map(JSON.string))
        }
        if let timezone { body["timezone"] = .string(timezone) }
        return body
    }

    /// An IANA zone name (America/New_York, UTC, Etc/GMT+5): checked against the system's zone database when it
    /// has one (a file of the database's own format, TZif: not `leapseconds` or `zone.tab`), else by its shape.
    static func checkZone(_ timezone: String) throws(BNCError) {
        let shaped = (1...64).contains(timezone.utf8.count) && !timezone.contains("..") && !timezone.hasPrefix("/")
            && timezone.utf8.allSatisfy { ASCII.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || "/_+-".utf8.contains($0) }
        let database = "/usr/share/zoneinfo"
        let known = !FileSystem.isDirectory(database) || (FileSystem.regularFileSize(database + "/" + timezone) != nil
            && (try? FileSystem.read(database + "/" + timezone, what: "--timezone", limit: 1 << 20))?.starts(with: Array("TZif".utf8)) == true)
        guard shaped, known else {
            throw BNCError.usage("--timezone", "must be an IANA time zone such as America/New_York or UTC (got \(JSON.string(timezone).serialized()))")
        }
    }

    /// `2023-05-15T00:00:00Z`.
    public static func iso(_ seconds: Double) -> String {
        let (date, time) = Timestamp.utcParts(seconds)
        return "\(date)T\(time)Z"
    }

    /// POST /v2/logs?app_id=: a custom export job, with the Access-Token.
    public static func customCreate(token: Secret, appID: String, body: JSONObject, baseURL: String?) -> HTTPRequest {
        HTTPRequest(method: "POST", base: baseURL ?? Branch.defaultBaseURL, path: "/v2/logs", query: [("app_id", appID)],
                    headers: ["Accept": "application/json", "Access-Token": token.exposed], body: .json(.object(body)))
    }

    /// GET /v2/logs/HANDLE?app_id=: the job's status.
    public static func customStatus(token: Secret, appID: String, handle: String, baseURL: String?) -> HTTPRequest {
        HTTPRequest(method: "GET", base: baseURL ?? Branch.defaultBaseURL, path: "/v2/logs/" + HTTPURL.percentEncode(handle),
                    query: [("app_id", appID)], headers: ["Accept": "application/json", "Access-Token": token.exposed])
    }
}

/// Reads the Data APIs' answers.
public enum ExportAnswers {
    /// The daily answer's files by topic (every URL an absolute http(s) URL), for the topics asked (all: nil).
    public static func dailyFiles(_ json: JSON, topics: [String]?) throws(BNCError) -> [(topic: String, urls: [String])] {
        guard let o = json.objectValue else { throw BNCError(.malformedResponse, "the daily export's answer is not an object of topics") }
        var out: [(String, [String])] = []
        var count = 0
        for (topic, value) in o where topics?.contains(topic) ?? true {
            // A topic names the files written for it (`TOPIC-N.csv.gz` under --dir): a name Branch may add is taken
            // when it is one (letters, digits and `_`); `../x`, a slash or a control character is no topic.
            guard isTopicName(topic) else {
                throw BNCError(.malformedResponse, "the daily export's answer names a topic that is not letters, digits and _: \(JSON.string(String(topic.prefix(100))).serialized())")
            }
            guard let list = value.arrayValue else { throw BNCError(.malformedResponse, "the daily export's \(topic) is not a list of files") }
            var urls: [String] = []
            for v in list {
                // One rule for every host (a loopback URL is an http URL, and passes it): an answer's
                // "http://127.0.0.1:1/f\r\nX: 1" or "http://127.0.0.1@evil.example/" skipped it (QA round 25b).
                guard let u = v.stringValue, FieldPattern.httpURL.matches(u) else {
                    throw BNCError(.malformedResponse, "the daily export's \(topic) holds something that is not a file URL")
                }
                count += 1
                guard count <= maxDailyFiles else {
                    throw BNCError(.malformedResponse, "the daily export's answer lists more than \(maxDailyFiles) files, the most bnc downloads in one run",
                                   hint: "name the topics you need with --topic")
                }
                urls.append(u)
            }
            out.append((topic, urls))
        }
        return out
    }

    /// The most files one daily export's answer may list (topics together): Branch's lists a few files a topic.
    public static let maxDailyFiles = 10_000

    /// Whether `s` can be an export topic: 1 to 64 ASCII letters, digits or `_` (every topic Branch documents is).
    public static func isTopicName(_ s: String) -> Bool {
        (1...64).contains(s.utf8.count) && s.utf8.allSatisfy { ASCII.isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") }
    }

    /// Whether `s` can be a job id in a status URL's path: 1 to 256 letters, digits, - . _ or ~, not `.` or `..`
    /// (a CR, a space or a slash would change the request). Branch's handles and job ids are such.
    public static func isJobID(_ s: String) -> Bool {
        (1...256).contains(s.utf8.count) && s != "." && s != ".."
            && s.utf8.allSatisfy { ASCII.isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "~") }
    }

    /// The job id an answer holds under `member`: one that is no job id is an answer that could not be read (76),
    /// never blamed on a flag the user did not pass.
    public static func jobID(_ json: JSON, member: String) throws(BNCError) -> String {
        guard let id = json[member]?.stringValue else { throw BNCError(.malformedResponse, "the answer has no \(member)") }
        guard isJobID(id) else {
            throw BNCError(.malformedResponse, "the answer's \(member) is not a job id (1 to 256 letters, digits, - . _ or ~): \(JSON.string(String(id.prefix(300))).serialized())")
        }
        return id
    }

    /// A custom export job's handle.
    public static func handle(_ json: JSON) throws(BNCError) -> String { try jobID(json, member: "handle") }

    /// A job's state: pending, running, complete (with its file) or fail.
    public enum JobState: Sendable, Equatable {
        case waiting(String)
        case complete(url: String, lines: Int)
        case failed(String)
    }

    public static func jobState(_ json: JSON) throws(BNCError) -> JobState {
        guard let status = json["status"]?.stringValue else { throw BNCError(.malformedResponse, "the job's status answer has no status") }
        switch status.lowercased() {
        case "pending", "running", "queued": return .waiting(status)
        case "complete", "completed", "finished":
            guard let url = json["response_url"]?.stringValue ?? json["status_url"]?.stringValue else {
                throw BNCError(.malformedResponse, "the job is complete but its answer names no file (response_url)")
            }
            // The daily files' rule (QA round 28b): "http://trusted@127.0.0.1/" sent Basic credentials, and an
            // `httpfoo:` scheme or a space was tried four times, then said to be an unreachable service.
            guard FieldPattern.httpURL.matches(url) else {
                throw BNCError(.malformedResponse, "the job's response_url is not a file URL (http or https, no user name, no white space or control)")
            }
            return .complete(url: url, lines: Int(json["lines_exported"]?.numberValue?.int64 ?? 0))
        default:
            return .failed(json["error_message"]?.stringValue ?? json["message"]?.stringValue ?? status)
        }
    }
}
