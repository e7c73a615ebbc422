// A custom export's request members beyond the fields (QA round 25a, singer-io/tap-branch): `filter: []`, the file's
// compression and layout, and every refused field named in one answer, bounded however many a request names.
import BNCCore
import Foundation
import Testing
@testable import BNCSandbox

@Suite struct CustomExportShapeTests {
    static let token = "api_app_PLACEHOLDER_shape"

    func harness() throws -> Harness {
        try Harness { config in
            config.keys = [KeyEntry(branchKey: "key_live_shape0001", branchSecret: "secret_live_PLACEHOLDER_shape", appID: "42", accessToken: Self.token)]
        }
    }

    func create(_ h: Harness, _ changes: JSONObject) -> Reply {
        let now = h.sandbox.config.now()
        let f = ISO8601DateFormatter()
        var body: JSONObject = ["start_date": .string(f.string(from: Date(timeIntervalSince1970: now - 3600))),
                                "end_date": .string(f.string(from: Date(timeIntervalSince1970: now))),
                                "report_type": "eo_open", "fields": ["id", "name"], "limit": 10]
        for (k, v) in changes { body[k] = v }
        return h.send("POST", "/v2/logs?app_id=42", .object(body), headers: [("Content-Type", "application/json"), ("Access-Token", Self.token)])
    }

    @Test func membersAreCheckedAndAnEmptyFilterIsNone() throws {
        let h = try harness()
        #expect(create(h, ["filter": []]).status == 200)
        #expect(create(h, ["filter": ["eq", "name"]]).status == 400)
        for bad: JSON in [["response_format": "xml"], ["response_format": 1], ["allow_multiple_files": "yes"],
                          ["response_format_compression": "zip"], ["response_format_compression": true]].map(JSON.object) {
            let r = create(h, bad.objectValue!)
            #expect(r.status == 400 && !r.message.isEmpty, "\(bad): \(r.status)")
        }
        let snappy = create(h, ["response_format_compression": "snappy", "allow_multiple_files": true])
        #expect(snappy.status == 200 && snappy.header("X-Sandbox-Lint")?.contains("snappy is not emulated") == true)
        let bare = create(h, ["allow_multiple_files": true, "limit": 11])
        #expect(bare.status == 200 && bare.header("X-Sandbox-Lint")?.contains("requires one (gz or snappy)") == true)
    }

    @Test func everyRefusedFieldIsNamedOnceInOneAnswer() throws {
        let h = try harness()
        let r = create(h, ["fields": ["id", "request_id", "tune_site_id", "request_id", "name"]])
        #expect(r.status == 400)
        #expect(r.json == ["errors": [["message": "request_id field is not available for exports"],
                                      ["message": "tune_site_id field is not available for exports"]]], "\(r.json ?? .null)")
        // A hostile list (as many names as a 1 MiB body holds): the answer names at most 300.
        let flood = create(h, ["fields": .array((0..<20_000).map { .string("f\($0)") })])
        #expect(flood.status == 400 && flood.json?["errors"]?.arrayValue?.count == 300)
        #expect(create(h, ["fields": [1]]).status == 400)
        #expect(create(h, ["fields": [.string(String(repeating: "x", count: 129))]]).message.contains("at most 128 bytes"))
    }

    @Test func aGzipJSONLinesFileWhenAsked() throws {
        let h = try harness()
        _ = h.send("POST", "/v1/open", Harness.iosOpen(["branch_key": "key_live_shape0001", "branch_secret": "secret_live_PLACEHOLDER_shape"]),
                   headers: [("X-IP-Override", "8.8.4.4"), ("Content-Type", "application/json")])
        let made = create(h, ["response_format": "json", "allow_multiple_files": true, "response_format_compression": "gz", "limit": 12])
        let handle = try #require(made.json?["handle"]?.stringValue, "\(made.status) \(made.message)")
        var status = Reply(status: 0, headers: [], body: [])
        for _ in 0..<3 { status = h.send("GET", "/v2/logs/\(handle)/?app_id=42", headers: [("Access-Token", Self.token)]) }
        let url = try #require(status.json?["response_url"]?.stringValue, "\(status.status)")
        #expect(url.contains(".json.gz?"), "\(url)")
        let file = h.send("GET", String(url.dropFirst(Harness.base.count)))
        #expect(file.header("Content-Type") == "application/gzip" && Array(file.body.prefix(2)) == [0x1f, 0x8b])
        // The same job as a plain JSON file: one array.
        let plain = create(h, ["response_format": "json", "limit": 13])
        let plainHandle = try #require(plain.json?["handle"]?.stringValue)
        for _ in 0..<3 { status = h.send("GET", "/v2/logs/\(plainHandle)?app_id=42", headers: [("Access-Token", Self.token)]) }
        let plainFile = h.send("GET", String((status.json?["response_url"]?.stringValue ?? "").dropFirst(Harness.base.count)))
        #expect(plainFile.body.first == UInt8(ascii: "["), "\(String(decoding: plainFile.body.prefix(40), as: UTF8.self))")
    }
}
