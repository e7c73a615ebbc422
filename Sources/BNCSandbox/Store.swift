// The emulator's memory: links, clicks, devices, AdServices tokens, TUNE logs. Kept in dictionaries and, with
// --state, written through to SQLite as JSON documents so a restarted sandbox knows what it knew.
import BNCCore

/// A short link created through /v1/url.
struct StoredLink: Sendable {
    var id: String
    var branchKey: String
    var code: String
    /// A long link (`/a/KEY?…`), built without an API call: its query is the link itself, never data appended to it.
    var isLong: Bool { code.hasPrefix("a/") }
    var alias: String?
    var url: String
    /// The creation parameters as sent (minus credentials): what alias idempotency compares.
    var params: JSONObject
    var data: JSONObject
    var type: Int
    var duration: Int
    var createdAt: Double
    var clicks: Int = 0
    var matched: Int = 0

    /// How long after a click an open may be matched to it.
    var matchDuration: Double {
        if let d = data["$match_duration"]?.numberValue?.int64 { return Double(d) }
        if let s = data["$match_duration"]?.stringValue, let d = Double(s) { return d }
        return Double(duration)
    }

    var json: JSON {
        var o: JSONObject = ["id": .string(id), "branch_key": .string(branchKey), "code": .string(code), "url": .string(url),
                             "params": .object(params), "data": .object(data), "type": .int(type), "duration": .int(duration),
                             "created_at": .double(createdAt), "clicks": .int(clicks), "matched": .int(matched)]
        o["alias"] = alias.map(JSON.string)
        return .object(o)
    }

    init(id: String, branchKey: String, code: String, alias: String?, url: String, params: JSONObject, data: JSONObject,
         type: Int, duration: Int, createdAt: Double) {
        self.id = id
        self.branchKey = branchKey
        self.code = code
        self.alias = alias
        self.url = url
        self.params = params
        self.data = data
        self.type = type
        self.duration = duration
        self.createdAt = createdAt
    }

    init?(json: JSON) {
        guard let id = json["id"]?.stringValue, let key = json["branch_key"]?.stringValue, let code = json["code"]?.stringValue,
              let url = json["url"]?.stringValue, let params = json["params"]?.objectValue, let data = json["data"]?.objectValue
        else { return nil }
        self.init(id: id, branchKey: key, code: code, alias: json["alias"]?.stringValue, url: url, params: params, data: data,
                  type: Int(json["type"]?.numberValue?.int64 ?? 0), duration: Int(json["duration"]?.numberValue?.int64 ?? 7200),
                  createdAt: json["created_at"]?.numberValue?.double ?? 0)
        clicks = Int(json["clicks"]?.numberValue?.int64 ?? 0)
        matched = Int(json["matched"]?.numberValue?.int64 ?? 0)
    }
}

/// A click on a short link: who (IP, User-Agent) and when.
struct Click: Sendable {
    var id: String
    var code: String
    var ip: String
    var userAgent: String
    var time: Double
    var consumed = false
    /// The page the browser came from (its Referer header), given back as `+referrer`.
    var referrer: String?
    /// Data appended to the short link's URL for this click (`https://x.app.link/abc?content_id=123`), given to
    /// the session it opens over the link's own.
    var appended: JSONObject = [:]

    var json: JSON {
        ["id": .string(id), "code": .string(code), "ip": .string(ip), "user_agent": .string(userAgent),
         "time": .double(time), "consumed": .bool(consumed), "referrer": referrer.map(JSON.string) ?? .null,
         "appended": .object(appended)]
    }

    init(id: String, code: String, ip: String, userAgent: String, time: Double) {
        self.id = id
        self.code = code
        self.ip = ip
        self.userAgent = userAgent
        self.time = time
    }

    init?(json: JSON) {
        guard let id = json["id"]?.stringValue, let code = json["code"]?.stringValue, let ip = json["ip"]?.stringValue,
              let ua = json["user_agent"]?.stringValue, let t = json["time"]?.numberValue?.double else { return nil }
        self.init(id: id, code: code, ip: ip, userAgent: ua, time: t)
        consumed = json["consumed"]?.boolValue ?? false
        referrer = json["referrer"]?.stringValue
        appended = json["appended"]?.objectValue ?? [:]
    }
}

/// A device as /v1/open knows it, per Branch key.
struct DeviceRecord: Sendable {
    var randomizedDeviceToken: String
    var sessions = 0
    var lastOpen = -Double.infinity
    var bundleTokens: [String] = []
    /// The deep-link data of the last session a link referred, and when (what /v1/cpid/latd answers).
    var lastTouch: JSONObject?
    var lastTouchTime = 0.0

    var json: JSON {
        ["randomized_device_token": .string(randomizedDeviceToken), "sessions": .int(sessions),
         "last_open": lastOpen.isFinite ? .double(lastOpen) : .null, "bundle_tokens": .array(bundleTokens.map(JSON.string)),
         "last_touch": lastTouch.map(JSON.object) ?? .null, "last_touch_time": .double(lastTouchTime)]
    }

    init(randomizedDeviceToken: String) { self.randomizedDeviceToken = randomizedDeviceToken }

    /// Makes `token` the device's current user (its first bundle token), keeping the others it has had.
    mutating func makeCurrent(_ token: String) {
        bundleTokens.removeAll { $0 == token }
        bundleTokens.insert(token, at: 0)
    }

    init?(json: JSON) {
        guard let token = json["randomized_device_token"]?.stringValue else { return nil }
        randomizedDeviceToken = token
        sessions = Int(json["sessions"]?.numberValue?.int64 ?? 0)
        lastOpen = json["last_open"]?.numberValue?.double ?? -Double.infinity
        bundleTokens = json["bundle_tokens"]?.arrayValue?.compactMap(\.stringValue) ?? []
        lastTouch = json["last_touch"]?.objectValue
        lastTouchTime = json["last_touch_time"]?.numberValue?.double ?? 0
    }
}

/// An AdServices token minted by /_sandbox/asa-token, with the behaviour chosen for it.
struct ASAToken: Sendable {
    var attribution = true
    var detailed = false
    var notFoundRemaining = 0
    var serverErrorRemaining = 0
    var expired = false
    var developerMode = false
    var record: JSONObject = [:]
    /// When the sandbox minted it: Apple's tokens live 24 hours.
    var mintedAt = 0.0

    var json: JSON {
        ["attribution": .bool(attribution), "detailed": .bool(detailed), "not_found_remaining": .int(notFoundRemaining),
         "server_error_remaining": .int(serverErrorRemaining), "expired": .bool(expired), "developer_mode": .bool(developerMode),
         "record": .object(record), "minted_at": .double(mintedAt)]
    }

    init() {}

    init?(json: JSON) {
        guard case .object = json else { return nil }
        attribution = json["attribution"]?.boolValue ?? true
        detailed = json["detailed"]?.boolValue ?? false
        notFoundRemaining = Int(json["not_found_remaining"]?.numberValue?.int64 ?? 0)
        serverErrorRemaining = Int(json["server_error_remaining"]?.numberValue?.int64 ?? 0)
        expired = json["expired"]?.boolValue ?? false
        developerMode = json["developer_mode"]?.boolValue ?? false
        record = json["record"]?.objectValue ?? [:]
        mintedAt = json["minted_at"]?.numberValue?.double ?? 0
    }
}

/// Everything the emulator remembers, with optional write-through persistence.
final class Store {
    var links: [String: StoredLink] = [:]          // by code (alias or generated code)
    var clicks: [String: Click] = [:]              // by click id
    var clickOrder: [String] = []                  // newest last
    var devices: [String: DeviceRecord] = [:]      // by "key|device"
    var asaTokens: [String: ASAToken] = [:]        // by token
    var tuneDevices: Set<String> = []              // "advertiser|device" seen by /serve
    var nonReferredByIP: [String: Double] = [:]    // "key|ip" -> time of the last counted non-referred open
    var tuneEvents: [String: Double] = [:]          // "advertiser|device|event|transaction" -> time last accepted
    var apps: [String: JSONObject] = [:]            // App API settings by branch key (made on first read)
    var exportRows: [ExportRow] = []                // the exports' rows, oldest first (live keys only)
    var identities: [String: String] = [:]          // "key|identity" -> the bundle token (user) /v1/profile gave it

    private let database: SQLiteDatabase?
    /// Held while --state is open: two sandboxes on one file each kept their own view and wrote over the other's
    /// rows (an acknowledged link lost, one's reset wiping the other's).
    private let lock: FileLock?
    /// Write-through failures of --state (a full disk, a removed file), shown in /_sandbox/stats.
    private(set) var stateWriteErrors = 0
    private(set) var lastStateWriteError: String?

    init(path: String?) throws(BNCError) {
        guard let path else { database = nil; lock = nil; return }
        // A file that is not a database at all is refused before a lock file is made beside it.
        try FileSystem.requireOwnDatabase(path, what: "--state")
        let lock = try FileLock(for: path, what: "--state lock", busy: "--state \(path) is used by another sandbox",
                                hint: "stop that sandbox (bnc sandbox stop), or pass another --state")
        do {
            try SQLiteDatabase.requireOwnSchema(path, tables: ["sandbox_state"], what: "--state")
        } catch {
            lock.abandon()
            throw error
        }
        lock.sign()
        self.lock = lock
        let db = try SQLiteDatabase(path: path, what: "--state")
        try db.execute("CREATE TABLE IF NOT EXISTS sandbox_state (kind TEXT NOT NULL, id TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (kind, id))")
        database = db
        for row in try db.query("SELECT kind, id, json FROM sandbox_state") {
            guard let kind = row[0].text, let id = row[1].text, let text = row[2].text, let json = try? SandboxJSON.decode(text) else { continue }
            switch kind {
            case "link": if let l = StoredLink(json: json) { links[id] = l }
            case "click": if let c = Click(json: json) { clicks[id] = c }
            case "device": if let d = DeviceRecord(json: json) { devices[id] = d }
            case "asa": if let t = ASAToken(json: json) { asaTokens[id] = t }
            case "tune": tuneDevices.insert(id)
            case "nonreferred": nonReferredByIP[id] = json.numberValue?.double
            case "tuneevent": tuneEvents[id] = json.numberValue?.double
            case "app": if let o = json.objectValue { apps[id] = o }
            case "eo": if let row = ExportRow(json: json) { exportRows.append(row) }
            case "identity": if let token = json.stringValue { identities[id] = token }
            default: continue
            }
        }
        clickOrder = clicks.values.sorted { $0.time < $1.time }.map(\.id)
        exportRows.sort { $0.time < $1.time }
    }

    /// Writes one document through to the state file (no-op in memory mode).
    func persist(_ kind: String, _ id: String, _ json: JSON?) {
        guard let database else { return }
        do {
            if let json {
                try database.query("INSERT OR REPLACE INTO sandbox_state (kind, id, json) VALUES (?, ?, ?)",
                                   [.text(kind), .text(id), .text(SandboxJSON.encodeText(json))])
            } else {
                try database.query("DELETE FROM sandbox_state WHERE kind = ? AND id = ?", [.text(kind), .text(id)])
            }
        } catch {
            stateWriteErrors += 1
            lastStateWriteError = error.message
        }
    }

    func save(link: StoredLink) { links[link.code] = link; persist("link", link.code, link.json) }
    func save(click: Click) {
        if clicks[click.id] == nil { clickOrder.append(click.id) }
        clicks[click.id] = click
        persist("click", click.id, click.json)
    }
    func save(device: DeviceRecord, id: String) { devices[id] = device; persist("device", id, device.json) }
    func save(asa: ASAToken, token: String) { asaTokens[token] = asa; persist("asa", token, asa.json) }
    func save(app: JSONObject, key: String) { apps[key] = app; persist("app", key, .object(app)) }
    func save(exportRow row: ExportRow) { exportRows.append(row); persist("eo", row.id, row.json) }
    func save(identity: String, token: String) { identities[identity] = token; persist("identity", identity, .string(token)) }

    func reset() {
        links = [:]; clicks = [:]; clickOrder = []; devices = [:]; asaTokens = [:]; tuneDevices = []; nonReferredByIP = [:]; tuneEvents = [:]; apps = [:]; exportRows = []; identities = [:]
        try? database?.execute("DELETE FROM sandbox_state")
    }
}
