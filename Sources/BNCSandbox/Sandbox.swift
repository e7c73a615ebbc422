// The emulator's core: routes a request to the emulated endpoint, injects chaos, records what it received.
// Pure request -> response, behind one lock, so the HTTP server is thin and tests can call it directly.
import BNCCore
import NIOConcurrencyHelpers
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// Branch, Apple AdServices and TUNE, emulated from the reference documents.
public final class Sandbox: @unchecked Sendable {
    public let config: SandboxConfig
    let store: Store
    private let lock = NIOLock()
    var random: SeededRandom
    private var chaosRandom: SeededRandom
    /// What was received, kept raw: turned into JSON only when /_sandbox/requests asks (cheap on the hot path).
    /// A ring (NIO's CircularBuffer), so dropping the oldest is O(1) whichever bound drops it.
    private var recorded = CircularBuffer<Recorded>()
    private var recordedDropped = 0
    /// What the kept entries cost (`Recorded.cost`), held within `config.maxRecordedBytes`.
    private var recordedBytes = 0
    /// "POST /v1/open" -> status -> count.
    private var counts: [String: [Int: Int]] = [:]
    /// Named counters (installs, opens, non-referred opens counted and limited, ...).
    var counters: [String: Int] = [:]
    /// What the request being answered does that production silently mishandles (X-Sandbox-Lint).
    private var pendingLints: [String] = []
    private var pendingLintSet = Set<String>()
    private var droppedLints = 0
    /// Seconds the sandbox clock was moved forward (POST /_sandbox/clock): ages tokens, windows and links.
    private var clockOffset = 0.0
    /// Branch keys granted Quick Links (type 2) by POST /_sandbox/grant.
    var grantedQuickLinks: Set<String> = []
    /// Export files by token, and custom export jobs by handle (in memory: a restart expires their URLs).
    var exportFiles: [String: ExportFile] = [:]
    var exportJobs: [String: ExportJob] = [:]
    /// Query answers by query_id (their later pages), and aggregate jobs by id.
    var queryResults: [String: QueryResult] = [:]
    var analyticsJobs: [String: AnalyticsJob] = [:]
    /// Custom export calls per app, for their documented rate limits.
    var exportCalls: [String: [Double]] = [:]
    /// Answers given, for X-Branch-Request-Id (a counter: the seeded id stream is not disturbed).
    private var requestCount = 0

    public init(config: SandboxConfig) throws(BNCError) {
        self.config = config
        self.store = try Store(path: config.statePath)
        // Ids and codes are random unless a seed is given; chaos has its own stream so ids do not shift it.
        let seed = config.seed != 0 ? config.seed : UInt64(truncatingIfNeeded: Int64(config.now() * 1_000_003))
        random = SeededRandom(seed: seed)
        chaosRandom = SeededRandom(seed: config.seed ^ 0xC4A0_5C4A_05C4_A05C)
        rebaseRestoredLinks()
    }

    var now: Double { config.now() + clockOffset }

    /// Notes what production would accept but silently mishandle: answered normally, plus an X-Sandbox-Lint header.
    /// A lint for this answer: once each, at most `maxLints` (a body of 20,000 unknown members made 20,000 header
    /// lines, deduplicated by a linear search under the lock: QA round 25b), control characters of the client's text
    /// escaped and the line cut at 512 bytes, as a header value must hold neither CR nor LF.
    func lint(_ reason: String) {
        var text = ""
        for u in reason.unicodeScalars {
            if Self.isControl(u) { text += "\\u{\(String(u.value, radix: 16))}" } else { text.unicodeScalars.append(u) }
            if text.utf8.count > 512 { text = String(text.prefix(500)) + "…"; break }
        }
        guard pendingLintSet.insert(text).inserted else { return }
        if pendingLints.count < Self.maxLints { pendingLints.append(text) } else { droppedLints += 1 }
    }

    static let maxLints = 32

    /// A C0 or C1 control character or DEL: what no header, lint, app setting or HTML attribute of the sandbox
    /// holds as it came. The one definition the sandbox's checks use.
    static func isControl(_ u: Unicode.Scalar) -> Bool { u.value < 0x20 || (0x7F...0x9F).contains(u.value) }

    /// Whether `text` holds a control character (`isControl`).
    static func hasControl(_ text: String) -> Bool { text.unicodeScalars.contains(where: isControl) }

    /// Answers one request. Thread-safe.
    static func mergingSlashes(_ path: String) -> String {
        var out = ""
        for c in path where !(c == "/" && out.last == "/") { out.append(c) }
        return out
    }

    public func handle(_ request: SandboxRequest) -> SandboxResponse {
        // The log is copied under the lock (a copy-on-write ring: O(1)) and written out after it: written under the
        // lock, 40 large requests made a 316 MB answer that held every other client 31-34 s (QA round 31a).
        if request.method == "GET", Self.mergingSlashes(request.path) == "/_sandbox/requests" {
            let since = request.queryValue("since").flatMap(Int.init) ?? 0
            let log = lock.withLock { recorded }
            return Self.requestLog(log, since: since)
        }
        // The body's JSON is decoded before the lock, so one large body does not hold every other client while it
        // is read (QA round 28a: 5 s for 6 MB of members); only the answer's work is serialised.
        var request = request
        request.decodeAhead()
        return lock.withLock { handleLocked(request) }
    }

    /// GET /_sandbox/requests: the entries after the first `since`, each turned into JSON and written on its own,
    /// so the answer's bytes and one entry's tree are held at a time, never the trees of the whole log.
    private static func requestLog(_ log: CircularBuffer<Recorded>, since: Int) -> SandboxResponse {
        var out: [UInt8] = [UInt8(ascii: "[")]
        var first = true
        for entry in log.dropFirst(max(0, since)) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out += SandboxJSON.encode(entry.json)
        }
        out.append(UInt8(ascii: "]"))
        return SandboxResponse(status: 200, headers: [("Content-Type", "application/json")], body: out)
    }

    private func handleLocked(_ original: SandboxRequest) -> SandboxResponse {
        // Runs of slashes are one, as at Branch's nginx front (merge_slashes): the iOS and Web SDKs append
        // "/v1/open" to the API URL they are given, so one set as "http://127.0.0.1:8787/" asks for "//v1/open".
        var request = original
        if request.path.contains("//") { request.path = Self.mergingSlashes(request.path) }
        // A trailing slash on an API path names the path: singer-io/tap-branch sends every Data API request so
        // (`/v2/data/ready/`, `/v2/logs/`, `/v2/logs/HANDLE/`) and scripts post to `/v1/url/`. A link's is its own.
        if request.path.count > 1, request.path.hasSuffix("/"), Self.route(of: request.path) == nil,
           Self.route(of: String(request.path.dropLast())) != nil {
            request.path.removeLast()
        }
        let control = request.path.hasPrefix("/_sandbox/")
        if control { return routeControl(request) }
        // Branch's API answers browsers of any origin (the Web SDK's XHRs are cross-origin): a preflight is
        // answered here, and every Branch answer below carries Access-Control-Allow-Origin.
        let routed = Self.route(of: request.path)
        let branchAPI = !request.path.hasPrefix("/_exports/") && routed?.route.branch ?? true
        if request.method == "OPTIONS", branchAPI {
            return SandboxResponse(status: 204, headers: [
                ("Access-Control-Allow-Origin", "*"), ("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS"),
                ("Access-Control-Allow-Headers", request.header("Access-Control-Request-Headers") ?? "Content-Type, Accept"),
                ("Access-Control-Max-Age", "86400")], body: [])
        }

        // HEAD on one of the API's reads is that GET without its body (RFC 9110 9.3.2); on a link it is a click
        // that is not counted (click(counts:)).
        let head = request.method == "HEAD" && routed?.route.reads ?? false
        if head { request.method = "GET" }
        pendingLints = []
        pendingLintSet = []
        droppedLints = 0
        var response: SandboxResponse
        if let injected = chaos() {
            response = injected
        } else if !request.body.isEmpty, let coding = request.header("Content-Encoding"), coding.lowercased() != "identity" {
            // A compressed body was read as JSON and refused as "not valid JSON" (QA round 28a): say what it is.
            response = .branchError(415, "Request body has a Content-Encoding (compressed): Branch's API takes it uncompressed")
        } else {
            do {
                response = try route(request, routed)
            } catch let rejection as Rejection {
                response = .branchError(rejection.status, rejection.message)
            } catch {
                response = .branchError(500, "internal sandbox error: \(error)")
            }
        }
        if head { response.body = [] }
        response.delay = config.chaos.latency
        if droppedLints > 0 { pendingLints.append("\(droppedLints) more lints left out") }
        response.lints = pendingLints
        if request.path.hasPrefix("/_exports/") { record(request, response, routed?.route); return response }  // S3's, not Branch's: no id, no Date
        for reason in pendingLints { response.headers.append(("X-Sandbox-Lint", reason)) }
        // Every Branch answer carries a request id support can trace (not Apple's, not TUNE's).
        if !response.reset, routed?.route.branch ?? true {
            requestCount += 1
            response.headers.append(("X-Branch-Request-Id", "bnc-sandbox-\(requestCount)"))
        }
        // An origin server with a clock sends Date (RFC 9110 6.6.1), by the sandbox's clock: POST /_sandbox/clock
        // moves it too, so a client's clock check (bnc doctor) can be tried against a skewed server.
        if !response.reset { response.headers.append(("Date", Self.httpDate(now))) }
        if !response.reset, branchAPI { response.headers.append(("Access-Control-Allow-Origin", "*")) }
        if head { request.method = "HEAD" }
        record(request, response, routed?.route)
        return response
    }

    /// `Tue, 24 Nov 2026 18:40:00 GMT` (IMF-fixdate) for seconds since 1970.
    static func httpDate(_ seconds: Double) -> String {
        var t = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&t, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// One draw per request, so the same seed gives the same faults for the same request order.
    private func chaos() -> SandboxResponse? {
        let spec = config.chaos
        guard spec.total > 0 else { return nil }
        let roll = chaosRandom.unit()
        var response: SandboxResponse
        let html = spec.p429 + spec.p500 + spec.pReset
        if roll >= html && roll < html + spec.pHTML {
            let page = "<!DOCTYPE html><html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>Service Temporarily Unavailable</h1><p>(injected by bnc-sandbox --chaos)</p></body></html>\n"
            response = SandboxResponse(status: 503, headers: [("Content-Type", "text/html")], body: Array(page.utf8))
        } else if roll >= html + spec.pHTML && roll < spec.total {
            response = .branchError(402, "Not enough credits to redeem.")
        } else if roll < spec.p429 {
            response = .branchError(429, "Rate limit reached. (injected by bnc-sandbox --chaos)",
                                    headers: [("Retry-After", String(spec.retryAfter))])
        } else if roll < spec.p429 + spec.p500 {
            response = .branchError(500, "Internal server error (injected by bnc-sandbox --chaos)")
        } else if roll < spec.p429 + spec.p500 + spec.pReset {
            response = SandboxResponse(status: 0)
            response.reset = true
        } else {
            return nil
        }
        response.injected = true
        return response
    }

    /// The table's route (`Sandbox.routes`), else a link, an app's own domain, S3's export files, or 404.
    private func route(_ r: SandboxRequest, _ routed: (route: Route, segment: String)?) throws -> SandboxResponse {
        if let (route, segment) = routed {
            if let handler = route.handler(r.method) { return try handler(self, r, segment) }
            if route.refusesOthers { return .branchError(405, "Method \(r.method) is not allowed on \(r.path)") }
        }
        if r.method == "GET", r.path.hasPrefix("/_exports/") { return exportFile(r) }
        // Branch's README "dynamic" deep link on an app's own domain, https://yourapp.app.link?$deeplink_path=…:
        // that app's long link.
        if r.method == "GET" || r.method == "HEAD", r.path == "/", !r.query.isEmpty,
           let domain = r.header("Host").flatMap(hostDomain), let key = config.keys?.first(where: { $0.linkDomain == domain })?.branchKey {
            return click(r, link: try longLink(path: "/a/" + key, query: r.query), counts: r.method == "GET")
        }
        if (r.method == "GET" || r.method == "HEAD") && r.path.hasPrefix("/a/") {
            return click(r, link: try longLink(path: r.path, query: r.query), counts: r.method == "GET")
        }
        if r.method == "GET" || r.method == "HEAD" { return click(r, counts: r.method == "GET") }
        return .branchError(404, "The resource you were looking for could not be found.")
    }

    private func record(_ r: SandboxRequest, _ response: SandboxResponse, _ route: Route?) {
        let endpoint = Self.endpointName(r, route)
        counts[endpoint, default: [:]][response.reset ? 0 : response.status, default: 0] += 1
        // The decoded tree is not kept: it is derived again from the bytes when the log is read, and it cost ten
        // times the body (300 KB of `{}` kept 3 MB: QA round 31a).
        var kept = r
        kept.decoded = nil
        kept.form = nil
        kept.text = nil
        let entry = Recorded(request: kept, status: response.reset ? 0 : response.status, chaos: response.injected,
                             lints: response.lints)
        recorded.append(entry)
        recordedBytes += entry.cost
        // Bounded in count and in bytes, the oldest dropped first: a count alone let 100,000 bodies of up to 8 MiB
        // be kept (40 of 7.5 MB held 342 MB: QA round 31a). Whole entries go, not parts of bodies, so what a test
        // reads back is what was sent or nothing; the newest request is always kept, whatever its size.
        while recorded.count > 1, recorded.count > config.maxRecorded || recordedBytes > config.maxRecordedBytes {
            recordedBytes -= recorded.removeFirst().cost
            recordedDropped += 1
        }
        if config.maxRecorded == 0, let only = recorded.popFirst() { recordedBytes -= only.cost; recordedDropped += 1 }
    }

    /// Stats group requests by endpoint; every short link counts as `GET /{link}`.
    static func endpointName(_ r: SandboxRequest, _ route: Route?) -> String {
        if let route { return route.name(r.method) }
        if r.path.hasPrefix("/_exports/") { return "GET /_exports/{file}" }
        return "\(r.method) /{link}"
    }

    // MARK: control endpoints (never chaotic, never recorded)

    private func routeControl(_ r: SandboxRequest) -> SandboxResponse {
        switch (r.method, r.path) {
        case ("GET", "/_sandbox/requests"):
            return Self.requestLog(recorded, since: r.queryValue("since").flatMap(Int.init) ?? 0)
        case ("GET", "/_sandbox/stats"):
            return .json(200, stats())
        case ("POST", "/_sandbox/reset"):
            recorded = []
            recordedDropped = 0
            recordedBytes = 0
            counts = [:]
            counters = [:]
            grantedQuickLinks = []
            exportFiles = [:]; exportJobs = [:]; exportCalls = [:]; queryResults = [:]; analyticsJobs = [:]
            store.reset()
            return .json(200, ["reset": true])
        case ("POST", "/_sandbox/click"):
            return controlClick(r)
        case ("POST", "/_sandbox/asa-token"):
            return mintASAToken(r)
        case ("POST", "/_sandbox/clock"):
            guard let body = try? jsonObject(r), let n = body["advance_seconds"]?.numberValue?.double, n.isFinite, n >= 0, n <= 3.2e9 else {
                return .branchError(400, "POST /_sandbox/clock takes {\"advance_seconds\": N} with 0 <= N")
            }
            clockOffset += n
            return .json(200, ["now": .double(now), "advanced_seconds": .double(clockOffset)])
        case ("POST", "/_sandbox/grant"):
            guard let body = try? jsonObject(r), let key = body["branch_key"]?.stringValue, KeyFormat.kind(ofKey: key) != nil else {
                return .branchError(400, "POST /_sandbox/grant takes {\"branch_key\": KEY, \"quick_links\": true}")
            }
            if body["quick_links"]?.boolValue == false { grantedQuickLinks.remove(key) } else { grantedQuickLinks.insert(key) }
            return .json(200, ["branch_key": .string(key), "quick_links": .bool(grantedQuickLinks.contains(key))])
        case ("GET", "/_sandbox/clock"):
            return .json(200, ["now": .double(now), "advanced_seconds": .double(clockOffset)])
        default:
            return .branchError(404, "unknown control endpoint \(r.method) \(r.path)")
        }
    }

    private func stats() -> JSON {
        var endpoints = JSONObject()
        for name in counts.keys.sorted() {
            var byStatus = JSONObject()
            for (status, n) in counts[name]!.sorted(by: { $0.key < $1.key }) {
                byStatus[status == 0 ? "reset" : String(status)] = .int(n)
            }
            endpoints[name] = .object(byStatus)
        }
        var named = JSONObject()
        for k in counters.keys.sorted() { named[k] = .int(counters[k]!) }
        return ["endpoints": .object(endpoints), "counters": .object(named), "links": .int(store.links.count),
                "clicks": .int(store.clicks.count), "devices": .int(store.devices.count),
                "recorded": .int(recorded.count), "recorded_dropped": .int(recordedDropped), "recorded_bytes": .int(recordedBytes),
                "state_write_errors": .int(store.stateWriteErrors),
                "last_state_write_error": store.lastStateWriteError.map(JSON.string) ?? .null]
    }

    // MARK: shared checks

    /// The JSON object body, or a 400 naming what is wrong with it.
    func jsonObject(_ r: SandboxRequest) throws -> JSONObject {
        guard !r.body.isEmpty else { throw Rejection("Request body must be a JSON object") }
        // The Android SDK's QR request labels its JSON body a form (Tests/Fixtures/sdk/android/qr-code.json), and
        // the feature works: /v1/qr-code reads JSON whatever the label says.
        if !r.path.hasPrefix("/_sandbox/"), r.path != "/v1/qr-code",
           !(r.header("Content-Type")?.lowercased().hasPrefix("application/json") ?? false) {
            lint("JSON body sent without Content-Type: application/json (Branch may read it as a form and drop fields)")
        }
        let json: JSON
        do {
            json = try r.decodedBody()
        } catch {
            throw Rejection("Request body is not valid JSON: \(error.description)")
        }
        guard case .object(let o) = json else { throw Rejection("Request body must be a JSON object, got \(json.typeName)") }
        return o
    }

    /// The branch_key: well-formed and, with --keys, one of them. Without one, the numeric `app_id` a page gave
    /// the Web SDK's `branch.init` (its getUrl sends app_id, 15 to 20 digits, when the key is not a Branch key):
    /// with --keys, the key of the app with that id; without, the app's own stand-in live key, `key_live_app<ID>`.
    func checkKey(_ key: JSON?, appID: JSON? = nil, field: String = "branch_key") throws -> String {
        // A form that names the key twice sends a list: say so rather than "required".
        if key?.arrayValue != nil { throw Rejection("\(field) is given more than once") }
        if key?.stringValue?.isEmpty ?? true, let id = appID?.stringValue ?? appID?.numberValue?.literal {
            guard (15...20).contains(id.utf8.count), KeyFormat.isDigits(id) else {
                throw Rejection("Invalid or missing app id, Branch key, or secret")
            }
            guard let keys = config.keys else { return "key_live_app" + id }
            guard let entry = keys.first(where: { $0.appID == id }) else { throw Rejection("Invalid or missing app id, Branch key, or secret") }
            return entry.branchKey
        }
        guard let key = key?.stringValue, !key.isEmpty else { throw Rejection("\(field) is required") }
        guard KeyFormat.kind(ofKey: key) != nil else { throw Rejection("Invalid or missing app id, Branch key, or secret") }
        if let keys = config.keys, !keys.contains(where: { $0.branchKey == key }) {
            throw Rejection("Invalid or missing app id, Branch key, or secret")
        }
        return key
    }

    /// The branch_secret matching the key.
    func checkSecret(_ secret: JSON?, key: String) throws {
        guard let secret = secret?.stringValue, !secret.isEmpty else { throw Rejection("branch_secret is required") }
        if let keys = config.keys {
            guard keys.contains(where: { $0.branchKey == key && $0.branchSecret == secret }) else {
                throw Rejection("Authentication failed !")
            }
        } else if KeyFormat.kind(ofSecret: secret) != KeyFormat.kind(ofKey: key) {
            throw Rejection("Authentication failed !")
        }
    }

    /// X-IP-Override, when present, must be a bare IP address.
    func ipOverride(_ r: SandboxRequest, required: Bool) throws -> String? {
        guard let raw = r.header("X-IP-Override") else {
            if required { throw Rejection("X-IP-Override header is required: the device's public IP address") }
            return nil
        }
        guard SandboxIP.isValid(raw) else { throw Rejection("X-IP-Override must be an IPv4 or IPv6 address (got \(raw))") }
        return raw
    }

    func bump(_ counter: String, by n: Int = 1) { counters[counter, default: 0] += n }
}

/// One received request and how it was answered.
struct Recorded {
    let request: SandboxRequest
    let status: Int
    let chaos: Bool
    let lints: [String]

    /// About what the entry holds in memory: its bytes, and a little for each string's and array's overhead.
    var cost: Int {
        var n = 256 + request.body.count + request.method.utf8.count + request.path.utf8.count + request.peerIP.utf8.count
        for (k, v) in request.query { n += 64 + k.utf8.count + v.utf8.count }
        for (k, v) in request.headers { n += 64 + k.utf8.count + v.utf8.count }
        for lint in lints { n += 32 + lint.utf8.count }
        return n
    }

    /// `{method, path, query, headers, body, status, chaos}`; the body parsed when it is JSON.
    var json: JSON {
        var query = JSONObject()
        for (k, v) in request.query { query[k] = .string(v) }
        var headers = JSONObject()
        for (k, v) in request.headers { headers[k.lowercased()] = .string(v) }
        let body: JSON = request.body.isEmpty ? .null : ((try? request.decodedBody()) ?? .string(request.bodyText))
        return ["method": .string(request.method), "path": .string(request.path), "query": .object(query),
                "headers": .object(headers), "body": body, "status": .int(status), "chaos": .bool(chaos),
                "lint": .array(lints.map(JSON.string))]
    }
}
