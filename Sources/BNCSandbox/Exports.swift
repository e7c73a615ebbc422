// Branch's Data APIs from what the sandbox received: every install, open, event and click of a live key becomes a
// row of its exports, in the Event Ontology's topics and columns, on the sandbox clock. The daily export
// (POST /v3/export) answers a day's files once the day has ended; custom exports (POST /v2/logs) are jobs that
// complete after a few status polls; files are served from signed-looking URLs of the sandbox itself, gzip CSV
// with HTTP ranges, as Branch's S3 links serve them. Facts: Tests/Fixtures/facts/data-apis.md.
import BNCCore
import CZlib
#if canImport(Glibc)
import Glibc
#endif

/// One exported event: its topic, app, time (seconds) and Event Ontology cells.
struct ExportRow {
    var id: String
    var topic: String
    var key: String
    var time: Double
    var cells: [String: String]

    var json: JSON {
        var c = JSONObject()
        for (k, v) in cells.sorted(by: { $0.key < $1.key }) { c[k] = .string(v) }
        return ["id": .string(id), "topic": .string(topic), "key": .string(key), "time": .double(time), "cells": .object(c)]
    }

    init(id: String, topic: String, key: String, time: Double, cells: [String: String]) {
        self.id = id; self.topic = topic; self.key = key; self.time = time; self.cells = cells
    }

    init?(json: JSON) {
        guard let id = json["id"]?.stringValue, let topic = json["topic"]?.stringValue, let key = json["key"]?.stringValue,
              let time = json["time"]?.numberValue?.double else { return nil }
        var cells: [String: String] = [:]
        for (k, v) in json["cells"]?.objectValue ?? [:] { cells[k] = v.stringValue }
        self.init(id: id, topic: topic, key: key, time: time, cells: cells)
    }
}

/// A custom export job: its request, and how many times its status was asked.
struct ExportJob {
    var handle: String
    var appID: String
    var keys: Set<String>?
    var topic: String
    var start: Double
    var end: Double
    var fields: [String]
    var filter: (op: String, field: String, value: String)?
    var limit: Int
    var json: Bool
    /// `response_format_compression: "gz"`: the file gzip-compressed.
    var gzip = false
    /// `allow_multiple_files: true` with JSON: one object a line (JSON Lines), as singer-io/tap-branch reads it.
    var jsonLines = false
    var polls = 0
    var createdAt: Double
    var signature: String
    var file: String?
    var lines = 0
}

/// A file an export answer points to, made when first fetched and kept for ranges.
struct ExportFile {
    var rows: [ExportRow]
    var columns: [String]
    var gzip: Bool
    var json = false
    /// JSON as one object a line instead of one array.
    var jsonLines = false
    var bytes: [UInt8]?
    /// The rendered bytes' ETag, made with them.
    var etag = ""
}

extension Sandbox {
    /// The daily export's topics (every one is a key of the answer, empty or not).
    static let dailyTopics = ["eo_branch_cta_view", "eo_click", "eo_commerce_event", "eo_content_event", "eo_custom_event", "eo_impression",
                              "eo_install", "eo_open", "eo_pageview", "eo_reinstall", "eo_user_lifecycle_event", "eo_web_session_start",
                              "eo_web_to_app_auto_redirect", "eo_dismissal"]
    /// A custom export's report types: the daily topics, their _blocked twins and a few more.
    static let customTopics: Set<String> = Set(dailyTopics + dailyTopics.map { $0 + "_blocked" }
        + ["skadnetwork_valid_messages", "skadnetwork_invalid_messages", "webhook2", "eo_san_touch"])
    static let commerceEvents: Set<String> = ["ADD_TO_CART", "ADD_TO_WISHLIST", "VIEW_CART", "INITIATE_PURCHASE", "ADD_PAYMENT_INFO",
                                              "PURCHASE", "SPEND_CREDITS", "CLICK_AD", "VIEW_AD", "RESERVE"]
    static let contentEvents: Set<String> = ["SEARCH", "VIEW_ITEM", "VIEW_ITEMS", "RATE", "SHARE"]
    /// Rows in one daily file (the overview's 200K).
    static let rowsPerDailyFile = 200_000

    /// The topic of a v2 event: its Event Ontology group (commerce, content, lifecycle) or custom.
    static func eventTopic(_ name: String, standard: Bool) -> String {
        guard standard else { return "eo_custom_event" }
        if commerceEvents.contains(name) { return "eo_commerce_event" }
        if contentEvents.contains(name) { return "eo_content_event" }
        return "eo_user_lifecycle_event"
    }

    /// Keeps one row for the exports: live keys only, as Branch's exports serve live data.
    func recordExport(_ topic: String, key: String, name: String, cells: [String: String]) {
        guard KeyFormat.kind(ofKey: key) == "live" else { return }
        var c = cells
        let id = random.branchID()
        let ms = String(Int64((now * 1000).rounded(.down)))
        c["id"] = id
        c["name"] = name
        c["timestamp"] = ms
        c["timestamp_iso"] = Self.exportISO(now)
        c["event_timestamp"] = c["event_timestamp"] ?? ms
        c["origin"] = "BRANCH"
        c["hash_version"] = "1"
        store.save(exportRow: ExportRow(id: id, topic: topic, key: key, time: now, cells: c))
    }

    /// user_data (or a session body) as the user_data_ columns.
    static func userCells(_ user: JSONObject) -> [String: String] {
        var c: [String: String] = [:]
        func text(_ v: JSON?) -> String? {
            guard let v else { return nil }
            if let s = v.stringValue { return s }
            if let b = v.boolValue { return b ? "true" : "false" }
            if let n = v.numberValue { return n.literal }
            return nil
        }
        let os = text(user["os"])?.uppercased()
        if let os { c["user_data_os"] = os == "IOS" ? "IOS" : os; c["user_data_platform"] = os == "IOS" ? "IOS_APP" : os == "ANDROID" ? "ANDROID_APP" : "WEB" }
        c["user_data_environment"] = "FULL_APP"
        let map = ["os_version": "user_data_os_version", "model": "user_data_model", "brand": "user_data_brand",
                   "app_version": "user_data_app_version", "sdk_version": "user_data_sdk_version", "aaid": "user_data_aaid",
                   "idfa": "user_data_idfa", "idfv": "user_data_idfv", "ios_vendor_id": "user_data_idfv", "android_id": "user_data_android_id",
                   "user_agent": "user_data_user_agent", "ip": "user_data_ip",
                   "developer_identity": "user_data_developer_identity", "identity": "user_data_developer_identity",
                   "language": "user_data_language", "country": "user_data_geo_country_code", "screen_width": "user_data_screen_width",
                   "screen_height": "user_data_screen_height", "google_advertising_id": "user_data_aaid"]
        for (field, column) in map where c[column] == nil {
            if let v = text(user[field]), !v.isEmpty { c[column] = v }
        }
        // A session's hardware_id is the id its type names (an iOS IDFA or IDFV, an Android ID or GAID).
        if let hw = text(user["hardware_id"]), !hw.isEmpty, user["is_hardware_id_real"]?.boolValue != false {
            let column: String
            switch text(user["hardware_id_type"])?.lowercased() {
            case "idfa": column = "user_data_idfa"
            case "vendor_id", "idfv": column = "user_data_idfv"
            case "aaid", "gaid", "google_advertising_id": column = "user_data_aaid"
            case "android_id": column = "user_data_android_id"
            default: column = os == "IOS" ? "user_data_idfv" : "user_data_android_id"
            }
            if c[column] == nil { c[column] = hw }
        }
        if let lat = user["limit_ad_tracking"]?.boolValue { c["user_data_limit_ad_tracking"] = lat ? "true" : "false" }
        if let enabled = user["ad_tracking_enabled"]?.boolValue { c["user_data_limit_ad_tracking"] = enabled ? "false" : "true" }
        return c
    }

    /// A link's data as last_attributed_touch_data_ columns (~channel -> _tilde_channel), with the touch itself.
    func touchCells(_ data: JSONObject, type: String, time: Double?) -> [String: String] {
        var c: [String: String] = ["last_attributed_touch_type": type]
        if let time {
            c["last_attributed_touch_timestamp"] = String(Int64((time * 1000).rounded(.down)))
            c["last_attributed_touch_timestamp_iso"] = Self.exportISO(time)
        }
        let columns = Set(Self.exportColumns)
        for (k, v) in data {
            var column: String
            if k.hasPrefix("~") { column = "last_attributed_touch_data_tilde_" + k.dropFirst() }
            else if k.hasPrefix("$") { column = "last_attributed_touch_data_dollar_" + k.dropFirst() }
            else if k.hasPrefix("+") { column = "last_attributed_touch_data_plus_" + k.dropFirst() }
            else { continue }
            guard columns.contains(column) else { continue }
            c[column] = v.stringValue ?? SandboxJSON.encodeText(v)
        }
        return c
    }

    /// `2021-02-14 01:00:12+0000`, as the exports write timestamp_iso.
    static func exportISO(_ seconds: Double) -> String {
        var t = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))+0000"
    }

    /// The UTC day (00:00) of `YYYY-MM-DD`, or nil.
    static func dayStart(_ date: String) -> Double? {
        let parts = date.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int32(parts[0]), let m = Int32(parts[1]), let d = Int32(parts[2]), (1...12).contains(m), (1...31).contains(d) else { return nil }
        var t = tm()
        t.tm_year = y - 1900; t.tm_mon = m - 1; t.tm_mday = d
        let s = timegm(&t)
        var back = tm()
        var copy = s
        gmtime_r(&copy, &back)
        guard back.tm_mday == d else { return nil }  // 2026-02-30
        return Double(s)
    }

    /// An ISO 8601 date-time (`2023-05-15T00:00:00Z`, `.000`, `+02:00`, or none: UTC) in seconds, or nil.
    /// Whether an ISO 8601 date-time (as `isoDateTime` reads it) names its offset: `Z` or `±hh:mm` after the time.
    static func hasOffset(_ text: String) -> Bool {
        let rest = text.dropFirst(19)
        return rest.hasSuffix("Z") || rest.contains("+") || rest.contains("-")
    }

    static func isoDateTime(_ text: String) -> Double? {
        guard text.count >= 19, let day = dayStart(String(text.prefix(10))), text.dropFirst(10).first == "T" else { return nil }
        let clock = text.dropFirst(11).prefix(8).split(separator: ":")
        guard clock.count == 3, let h = Int(clock[0]), let m = Int(clock[1]), let s = Int(clock[2]), h < 24, m < 60, s < 61 else { return nil }
        var rest = text.dropFirst(19)
        if rest.first == "." || rest.first == ":" { rest = rest.dropFirst().drop { $0.isASCII && $0.isNumber } }
        var offset = 0.0
        if rest == "Z" || rest.isEmpty {
        } else if let sign = rest.first, sign == "+" || sign == "-" {
            let hm = rest.dropFirst().split(separator: ":")
            guard hm.count == 2, let oh = Int(hm[0]), let om = Int(hm[1]) else { return nil }
            offset = Double(oh * 3600 + om * 60) * (sign == "+" ? 1 : -1)
        } else {
            return nil
        }
        return day + Double(h * 3600 + m * 60 + s) - offset
    }

    // MARK: POST /v3/export

    func dailyExport(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try jsonObject(r)
        let key = try checkKey(body["branch_key"])
        try checkSecret(body["branch_secret"], key: key)
        guard KeyFormat.kind(ofKey: key) == "live" else {
            throw Rejection("Exports hold live data only: use the app's live key (key_live_...)")
        }
        guard let date = body["export_date"]?.stringValue else { throw Rejection("export_date is required (YYYY-MM-DD)") }
        guard let day = Self.dayStart(date) else { throw Rejection("export_date must be a date as YYYY-MM-DD (got \(date))") }
        let today = (now / 86400).rounded(.down) * 86400
        guard day <= today, day >= today - 7 * 86400 else {
            throw Rejection("export_date must be within the last 7 days (the rolling window; UTC)")
        }
        let ended = now >= day + 86400
        var answer = JSONObject()
        let appID = config.keys?.first { $0.branchKey == key }?.appID ?? "100000000000000001"
        for topic in Self.dailyTopics {
            // Until the UTC day is over every topic is a blank array (the docs' own tip).
            let rows = ended ? store.exportRows.filter { $0.key == key && $0.topic == topic && $0.time >= day && $0.time < day + 86400 } : []
            var urls: [JSON] = []
            var part = 0
            while part * Self.rowsPerDailyFile < rows.count {
                let slice = Array(rows[(part * Self.rowsPerDailyFile)..<min(rows.count, (part + 1) * Self.rowsPerDailyFile)])
                // Stable for the app's day, topic and part, as Branch's file paths are (a rerun finds the same file;
                // another app's file is another path).
                let token = String(Self.digest(Array("\(key)|\(date)|\(topic)|\(part)|\(slice.count)".utf8)).prefix(20))
                let name = "\(appID)-\(date)-\(topic)-v2-\(token)-\(part).csv.gz"
                exportFiles[token] = ExportFile(rows: slice, columns: Self.exportColumns, gzip: true)
                urls.append(.string("\(config.baseURL)/_exports/\(token)/\(name)?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=604800&X-Amz-Signature=\(random.code())"))
                part += 1
            }
            answer[topic] = .array(urls)
        }
        bump("exports_daily")
        return .json(200, .object(answer))
    }

    // MARK: files

    /// GET /_exports/TOKEN/NAME: the file, whole or from a byte (Range: bytes=N-), or S3's AccessDenied.
    func exportFile(_ r: SandboxRequest) -> SandboxResponse {
        let parts = r.path.split(separator: "/")
        guard parts.count >= 2, var file = exportFiles[String(parts[1])] else {
            let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>"
            return SandboxResponse(status: 403, headers: [("Content-Type", "application/xml")], body: Array(xml.utf8))
        }
        if file.bytes == nil {
            let rendered = render(file)
            file.bytes = rendered
            file.etag = "\"" + Self.digest(rendered) + "\""
            exportFiles[String(parts[1])] = file
        }
        let bytes = file.bytes ?? [], etag = file.etag
        let type = file.gzip ? "application/gzip" : file.json ? "application/json" : "text/csv"
        // S3's strong ETag (a digest of the bytes, quoted). A Range is served only while an If-Range sent with it
        // names this ETag: otherwise the file changed since the client's copy began, and it gets the whole file.
        if let range = r.header("Range"), range.hasPrefix("bytes="), let from = Int(range.dropFirst(6).prefix { $0.isASCII && $0.isNumber }),
           r.header("If-Range").map({ $0 == etag }) ?? true {
            guard from < bytes.count else {
                return SandboxResponse(status: 416, headers: [("Content-Range", "bytes */\(bytes.count)")])
            }
            return SandboxResponse(status: 206, headers: [("Content-Type", type), ("Content-Range", "bytes \(from)-\(bytes.count - 1)/\(bytes.count)"),
                                                          ("Accept-Ranges", "bytes"), ("ETag", etag)], body: Array(bytes[from...]))
        }
        bump("export_files_served")
        return SandboxResponse(status: 200, headers: [("Content-Type", type), ("Accept-Ranges", "bytes"), ("ETag", etag)], body: bytes)
    }

    /// 32 hex digits standing in for S3's MD5 (two FNV-1a passes: a name for these bytes, not a security check).
    static func digest(_ bytes: [UInt8]) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
            b = (b ^ UInt64(byte ^ 0x5A)) &* 0x100_0000_01b3
        }
        func hex(_ v: UInt64) -> String { let h = String(v, radix: 16); return String(repeating: "0", count: 16 - h.count) + h }
        return hex(a) + hex(b)
    }

    /// A file's bytes: a CSV header and one line per row (or JSON: an array, or an object a line), gzip-compressed
    /// for daily files and the custom exports that ask for it.
    private func render(_ file: ExportFile) -> [UInt8] {
        var text: [UInt8] = []
        func cell(_ s: String) -> String {
            s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) ? "\"" + s.replacing("\"", with: "\"\"") + "\"" : s
        }
        if file.json {
            let rows = file.rows.map { row in JSON.object(JSONObject(file.columns.map { ($0, JSON.string(row.cells[$0] ?? "")) })) }
            if file.jsonLines {
                for row in rows { text += SandboxJSON.encode(row); text.append(10) }
            } else {
                text = SandboxJSON.encode(.array(rows))
            }
        } else {
            text.append(contentsOf: file.columns.joined(separator: ",").utf8)
            text.append(10)
            for row in file.rows {
                text.append(contentsOf: file.columns.map { cell(row.cells[$0] ?? "") }.joined(separator: ",").utf8)
                text.append(10)
            }
        }
        return file.gzip ? Self.gzip(text) : text
    }

    static func gzip(_ input: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard bnc_deflate_init_gzip(&stream) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
        let produced: Int = input.withUnsafeBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in
                stream.next_in = UnsafeMutablePointer(mutating: i.baseAddress)
                stream.avail_in = uInt(i.count)
                stream.next_out = o.baseAddress
                stream.avail_out = uInt(o.count)
                _ = deflate(&stream, Z_FINISH)
                return o.count - Int(stream.avail_out)
            }
        }
        return Array(out.prefix(produced))
    }
}
