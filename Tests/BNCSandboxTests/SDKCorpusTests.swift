// The SDK conformance corpus (Tests/Fixtures/sdk/): every request Branch's own SDKs (Android, iOS, Web) and
// other real clients (Branch's docs, its public API README, its MCP server) send to an endpoint the sandbox
// emulates, sent raw — JSON as JSON, the Web SDK's form as its exact wire text — and the answer read with the keys
// and types that client's parser reads. Each fixture names the repository, paths and commit it was read from.
import BNCCore
import Foundation
import Testing
@testable import BNCSandbox

struct CorpusFixture: CustomTestStringConvertible, Sendable {
    let file: String
    let json: JSON

    var testDescription: String { file }
    var client: String { json["sdk"]?.stringValue ?? "" }
    var request: JSON { json["request"]! }
    var method: String { request["method"]?.stringValue ?? "POST" }
    var path: String { request["path"]?.stringValue ?? "/" }
    var body: JSON? { request["body"].flatMap { $0.isNull ? nil : $0 } }
    /// A client built into an app or page (its traffic must draw no lint), not a person following a document.
    var isSDK: Bool { ["android", "ios", "web", "mac", "windows", "roku", "connected", "xamarin", "branch-io-cli", "adobe-launch",
                                  "roots"].contains(client) }
    /// The lints this SDK's own traffic is known to draw: a key Branch's documents do not read, named and
    /// explained in the fixture's `how` (e.g. the macOS SDK's `~alias`).
    var knownLints: [String] { json["response"]?["lints"]?.arrayValue?.compactMap(\.stringValue) ?? [] }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sdk")

    static func all() -> [CorpusFixture] {
        let fm = FileManager.default
        var out: [CorpusFixture] = []
        for client in ((try? fm.contentsOfDirectory(atPath: directory.path)) ?? []).sorted() {
            let folder = directory.appendingPathComponent(client)
            for name in ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() where name.hasSuffix(".json") {
                guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8),
                      let json = try? JSON.parse(text) else { continue }
                out.append(CorpusFixture(file: "\(client)/\(name)", json: json))
            }
        }
        return out
    }
}

@Suite struct SDKCorpusTests {
    static let fixtures = CorpusFixture.all()
    /// Endpoints of the corpus the sandbox does not emulate yet, each with the issue that brings it.
    /// Path prefixes, each with the issue that brings it.
    static let notEmulated: [String: String] = [:]
    static let placeholderHost = "https://example.app.link/"
    static let key = "key_test_sdkcorpus"

    @Test func theCorpusCoversEveryClientAndEndpoint() {
        let files = Set(Self.fixtures.map(\.file))
        #expect(Self.fixtures.count >= 50, "\(files.count) fixtures")
        for client in ["android", "ios", "web", "mac", "windows", "roku", "connected", "xamarin", "branch-io-cli", "adobe-launch", "docs"] {
            #expect(Self.fixtures.contains { $0.file.hasPrefix(client + "/") }, "no fixture from \(client)")
        }
        for endpoint in ["POST /v1/install", "POST /v1/open", "POST /v2/event/standard", "POST /v2/event/custom", "POST /v1/url",
                         "GET /v1/url", "PUT /v1/url", "DELETE /v1/url", "POST /v1/qr-code", "POST /v2/qr-code",
                         "GET /v1/app/\(Self.key)", "PUT /v1/app/\(Self.key)", "POST /v1/event", "GET /v1/has-app/\(Self.key)",
                         "GET /v1/app-link-settings/\(Self.key)"] {
            #expect(Self.fixtures.contains { "\($0.method) \($0.path)" == endpoint }, "no fixture for \(endpoint)")
        }
        #expect(Self.fixtures.contains { $0.path.hasPrefix("/v1/url/bulk/") })
        for f in Self.fixtures {
            let commit = f.json["source"]?["commit"]
            #expect(f.json["source"]?["repo"]?.stringValue?.isEmpty == false, "\(f.file) names no source")
            #expect(commit == .null || commit?.stringValue?.count == 40, "\(f.file): a 40-hex commit or null for a web page")
        }
    }

    @Test(arguments: fixtures)
    func theSandboxAnswersWhatTheClientReads(_ fixture: CorpusFixture) throws {
        if let issue = Self.notEmulated.first(where: { fixture.path.hasPrefix($0.key) })?.value {
            let h = try Harness()
            #expect(h.send(fixture.method, fixture.path, fixture.body).status == 404, "\(fixture.path) is emulated now: take it off notEmulated (\(issue))")
            return
        }
        let h = try Harness { config in
            var entry = KeyEntry(branchKey: Self.key, branchSecret: "secret_test_sdkcorpus", appID: "100000000000000001",
                                 accessToken: "api_app_PLACEHOLDER_sdkcorpus")
            entry.quickLinks = true
            // The Data APIs serve live keys only.
            let live = KeyEntry(branchKey: "key_live_sdkcorpus", branchSecret: "secret_live_PLACEHOLDER_sdkcorpus", appID: "100000000000000001",
                                accessToken: "api_app_PLACEHOLDER_sdkcorpus")
            config.keys = [entry, live]
        }
        // What the client's request needs to exist first (a link of an alias, the App settings it reads), as the
        // fixture's `before` names it: each must succeed.
        for step in fixture.json["before"]?.arrayValue ?? [] {
            let headers = (step["headers"]?.objectValue ?? [:]).map { ($0.0, $0.1.stringValue ?? "") }
            // A step is sent as the request is: its query, and its exact wire text (`body_text`, the Web SDK's form)
            // when it has one.
            var path = step["path"]?.stringValue ?? "/"
            if let query = step["query"]?.objectValue, !query.isEmpty {
                path += "?" + query.map { "\(HTTPURL.percentEncode($0.0))=\(HTTPURL.percentEncode($0.1.stringValue ?? $0.1.serialized()))" }.joined(separator: "&")
            }
            let body = step["body"].flatMap { $0.isNull ? nil : $0 }
            let text = step["body_text"]?.stringValue ?? body.map { String(decoding: $0.bytes, as: UTF8.self) }
            let made = h.send(step["method"]?.stringValue ?? "POST", path, text: text, headers: headers)
            // A browser's click on a link is a redirect; anything else must be a 200.
            let expected = Int(step["status"]?.numberValue?.int64 ?? 200)
            #expect(made.status == expected, "\(fixture.file): its step before, \(step["path"] ?? .null): \(made.status) \(made.message)")
        }
        var substitutions: [(String, String)] = []
        // A fixture about an existing link (read, update, delete) gets one: created with the fixture's alias, then
        // the placeholder URL and ~id are replaced by the created link's.
        if let url = fixture.request["query"]?["url"]?.stringValue, url.hasPrefix(Self.placeholderHost) {
            var create: JSONObject = ["branch_key": .string(Self.key)]
            if let alias = fixture.body?["alias"]?.stringValue { create["alias"] = .string(alias) }
            if let data = fixture.body?["data"]?.objectValue {
                create["data"] = .object(JSONObject(data.filter { !$0.0.hasPrefix("~") && !$0.0.hasPrefix("+") && $0.0 != "url" && $0.0 != "$one_time_use" }))
            }
            let created = h.send("POST", "/v1/url", .object(create), headers: [("Content-Type", "application/json")])
            let link = try #require(created.json?["url"]?.stringValue, "\(created.status) \(created.message)")
            let read = h.send("GET", "/v1/url?url=\(HTTPURL.percentEncode(link))&branch_key=\(Self.key)")
            let id = try #require(read.json?["data"]?["~id"]?.stringValue)
            substitutions = [(url, link)]
            if let placeholderID = fixture.body?["data"]?["~id"]?.stringValue { substitutions.append((placeholderID, id)) }
        }
        // An export fixture's dates are moved into the windows Branch allows today, and a status fixture asks for
        // a job made first.
        let now = h.sandbox.config.now()
        func iso(_ t: Double, dateOnly: Bool = false) -> String {
            let f = ISO8601DateFormatter()
            f.formatOptions = dateOnly ? [.withFullDate] : [.withInternetDateTime]
            return f.string(from: Date(timeIntervalSince1970: t))
        }
        // The path as routed: a trailing slash (singer-io/tap-branch sends one on every call) names the same endpoint.
        let routed = fixture.path.count > 1 && fixture.path.hasSuffix("/") ? String(fixture.path.dropLast()) : fixture.path
        if routed == "/v3/export", let d = fixture.body?["export_date"]?.stringValue { substitutions.append((d, iso(now, dateOnly: true))) }
        if routed == "/v2/logs", let s = fixture.body?["start_date"]?.stringValue, let e = fixture.body?["end_date"]?.stringValue {
            substitutions += [(s, iso(now - 3600)), (e, iso(now))]
        }
        // Query, Aggregate and Cohort dates (YYYY-MM-DD) become the last week's.
        if ["/v1/query/analytics", "/v2/analytics", "/v1/branch_aggregate/async/analytics"].contains(routed), let s = fixture.body?["start_date"]?.stringValue,
           let e = fixture.body?["end_date"]?.stringValue, s.count == 10, e.count == 10 {
            substitutions += [(s, iso(now - 6 * 86400, dateOnly: true)), (e, iso(now + (fixture.path == "/v1/query/analytics" ? 86400 : 0), dateOnly: true))]
        }
        if routed == "/v2/data/ready", let d = fixture.body?["date"]?.stringValue {
            substitutions.append((d, iso(now - 2 * 86400, dateOnly: true) + " 01:00:00"))
        }
        if fixture.method == "GET", fixture.path.hasPrefix("/v1/branch_aggregate/async/status/") {
            let body: JSON = ["start_date": .string(iso(now, dateOnly: true)), "end_date": .string(iso(now, dateOnly: true)), "response_format": "csv",
                              "aggregations": [["field_name": "total_count", "display_name": "installs", "data_source": "eo_install"]]]
            let made = h.send("POST", "/v1/branch_aggregate/async/analytics?app_id=100000000000000001", body,
                              headers: [("Content-Type", "application/json"), ("Access-Token", "api_app_PLACEHOLDER_sdkcorpus")])
            let job = try #require(made.json?["job_id"]?.stringValue, "\(made.status) \(made.message)")
            substitutions.append((String(fixture.path.dropFirst("/v1/branch_aggregate/async/status/".count)), job))
        }
        if fixture.method == "GET", fixture.path.hasPrefix("/v2/analytics/") {
            let body: JSON = ["data_source": "eo_install", "dimensions": ["name"], "start_date": .string(iso(now, dateOnly: true)),
                              "end_date": .string(iso(now, dateOnly: true))]
            let made = h.send("POST", "/v2/analytics?app_id=100000000000000001", body,
                              headers: [("Content-Type", "application/json"), ("Access-Token", "api_app_PLACEHOLDER_sdkcorpus")])
            let job = try #require(made.json?["job_id"]?.stringValue, "\(made.status) \(made.message)")
            substitutions.append((String(fixture.path.dropFirst("/v2/analytics/".count)), job))
        }
        if fixture.method == "GET", fixture.path.hasPrefix("/v2/logs/") {
            let body: JSON = ["report_type": "eo_install", "start_date": .string(iso(now - 3600)), "end_date": .string(iso(now)), "fields": ["name"], "limit": 10]
            let made = h.send("POST", "/v2/logs?app_id=100000000000000001", body,
                              headers: [("Content-Type", "application/json"), ("Access-Token", "api_app_PLACEHOLDER_sdkcorpus")])
            let handle = try #require(made.json?["handle"]?.stringValue, "\(made.status) \(made.message)")
            substitutions.append((String(routed.dropFirst("/v2/logs/".count)), handle))
        }
        func substitute(_ s: String) -> String { substitutions.reduce(s) { $0.replacingOccurrences(of: $1.0, with: $1.1) } }

        var target = substitute(fixture.path)
        if let query = fixture.request["query"]?.objectValue, !query.isEmpty {
            target += "?" + query.map { "\(HTTPURL.percentEncode($0.0))=\(HTTPURL.percentEncode(substitute($0.1.stringValue ?? $0.1.serialized())))" }
                .joined(separator: "&")
        }
        var headers: [(String, String)] = []
        for (name, value) in fixture.request["headers"]?.objectValue ?? [:] { headers.append((name, value.stringValue ?? "")) }
        // The wire text: the Web SDK's exact form string, or the JSON body as the client serialised it.
        var text: String? = fixture.request["body_text"]?.stringValue ?? fixture.body.map { substitute(String(decoding: $0.bytes, as: UTF8.self)) }
        // Android's org.json writes every "/" as "\/" (a JSON escape a real decoder must take).
        if fixture.client == "android" { text = text?.replacingOccurrences(of: "/", with: "\\/") }
        let reply = h.send(fixture.method, target, text: text, headers: headers)

        let expected = Int(fixture.json["response"]?["status"]?.numberValue?.int64 ?? 200)
        #expect(reply.status == expected, "\(fixture.file): \(reply.status) \(String(decoding: reply.body, as: UTF8.self).prefix(300))")
        if fixture.isSDK {
            let lints = reply.headers.filter { $0.0 == "X-Sandbox-Lint" }.map(\.1)
            #expect(lints.sorted() == fixture.knownLints.sorted(), "\(fixture.file): an SDK's own traffic drew lints \(lints), expected \(fixture.knownLints)")
        }
        guard reply.status == expected, expected < 300 || expected >= 400 else { return }
        // A page the client reads (an HTML page's meta tags): text it must hold.
        for text in fixture.json["response"]?["body_contains"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            #expect(String(decoding: reply.body, as: UTF8.self).contains(text), "\(fixture.file): the answer has no \(text)")
        }
        for (path, spec) in fixture.json["response"]?["reads"]?.objectValue ?? [:] {
            try Self.checkRead(path: path, spec: spec, in: reply, file: fixture.file)
        }
    }

    /// One key the client reads: present when required, of the type its parser takes.
    static func checkRead(path: String, spec: JSON, in reply: Reply, file: String) throws {
        let types = spec["type"]?.arrayValue?.compactMap(\.stringValue) ?? [spec["type"]?.stringValue ?? ""]
        let required = spec["required"]?.boolValue == true
        if path == "$body" {
            #expect(!reply.body.isEmpty, "\(file): an empty body")
            return
        }
        let root = try #require(reply.json, "\(file): the answer is not JSON")
        var values: [JSON] = [root]
        for part in path.split(separator: ".").map(String.init) {
            if part == "[]" {
                values = values.flatMap { $0.arrayValue ?? [] }
            } else if part.hasPrefix("[]") {
                values = values.flatMap { $0.arrayValue ?? [] }.compactMap { $0[String(part.dropFirst(2))] }
            } else {
                values = values.compactMap { $0[part] }
            }
        }
        if required { #expect(!values.isEmpty, "\(file): \(path) is missing") }
        for value in values where !value.isNull || required {
            #expect(types.contains { Self.has(value, type: $0) }, "\(file): \(path) is \(value.typeName), the client reads \(types)")
        }
    }

    static func has(_ value: JSON, type: String) -> Bool {
        switch type {
        case "string": value.stringValue != nil
        case "json-string": value.stringValue.flatMap { try? JSON.parse($0) }?.objectValue != nil
        case "number": value.numberValue != nil
        case "integer": value.numberValue?.isInteger == true
        case "boolean": value.boolValue != nil
        case "object": value.objectValue != nil
        case "array": value.arrayValue != nil
        case "null": value.isNull
        default: false
        }
    }
}
