// v2 events, AdServices, TUNE, the control endpoints, chaos and --state.
import BNCCore
import Foundation
import Testing
import TestSupport
@testable import BNCSandbox

@Suite struct EventTests {
    static func purchase(_ changes: [String: JSON?] = [:]) -> JSON {
        var o: JSONObject = [
            "branch_key": .string(Harness.key), "name": "PURCHASE",
            "user_data": ["os": "iOS", "os_version": "17.4", "idfv": "0C381C08-B808-4C25-BE51-B00BC165B5F8", "ip": "8.8.4.4",
                          "user_agent": .string(Harness.iosUA), "limit_ad_tracking": false, "developer_identity": "user-1"],
            "event_data": ["transaction_id": "tr-1", "currency": "USD", "revenue": 1.5, "shipping": 0, "tax": 0.1, "coupon": "X"],
            "custom_data": ["k": "v"], "customer_event_alias": "my purchase",
            "content_items": [["$sku": "1101123445", "$price": 12.3, "$quantity": 1, "$product_category": "Baby & Toddler",
                               "$condition": "NEW", "$content_schema": "COMMERCE_PRODUCT", "$keywords": ["a"], "color": "blue"]],
        ]
        for (k, v) in changes { o[k] = v }
        return .object(o)
    }

    func send(_ h: Harness, _ body: JSON, standard: Bool = true) -> Reply {
        h.send("POST", standard ? "/v2/event/standard" : "/v2/event/custom", body, headers: [("X-IP-Override", "8.8.4.4"), ("Content-Type", "application/json")])
    }

    @Test func aFullPurchaseIsAccepted() throws {
        let h = try Harness()
        let r = send(h, Self.purchase())
        #expect(r.status == 200, "\(r.message)")
        #expect(r.json == ["branch_view_enabled": false])
        #expect(send(h, Self.purchase(["name": "my_custom_thing"]), standard: false).status == 200)
        let enumForm = Self.purchase(["content_items": [["$product_category": "BABY_AND_TODDLER"]]])
        #expect(send(h, enumForm).status == 200)
    }

    @Test(arguments: [
        (["name": "PURCHASED"], "not a standard event"),
        (["name": nil], "name is required"),
        (["user_data": ["os": "iOS"]], "user_data must identify the user"),
        (["user_data": ["os": "Android", "idfa": "x"]], "user_data must identify the user"),
        (["user_data": ["developer_identity": "u", "limit_ad_tracking": "no"]], "limit_ad_tracking must be a boolean"),
        (["event_data": ["revenue": "1.5"]], "event_data.revenue must be a number"),
        (["event_data": ["currency": "usd"]], "three-letter ISO 4217"),
        (["event_data": ["colour": "x"]], "not an event_data field"),
        (["custom_data": "x"], "custom_data must be an object"),
        (["content_items": [["$condition": "MINT"]]], "content_items[0].$condition"),
        (["content_items": [["$price": "12"]]], "content_items[0].$price must be a number"),
        (["content_items": [["$product_category": "Toys"]]], "not a product category"),
        (["content_items": [["nested": ["a": 1]]]], "custom item keys are flat"),
    ] as [([String: JSON?], String)])
    func rules(_ changes: [String: JSON?], _ message: String) throws {
        let h = try Harness()
        let r = send(h, Self.purchase(changes))
        #expect(r.status == 400)
        #expect(r.message.contains(message), "\(r.message)")
    }

    /// Branch answers a missing user_data with its field-level shape (branch-deep-linking-public-api#43), JSON or form.
    @Test func aMissingUserDataGetsTheFieldLevelShape() throws {
        let h = try Harness()
        let r = send(h, Self.purchase(["user_data": nil]))
        #expect(r.status == 400 && r.json == ["error": ["user_data": "missing required field"]])
        let bracketed = h.send("POST", "/v2/event/custom", text: "branch_key=\(Harness.key)&name=x&user_data%5Bos%5D=iOS",
                               headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(bracketed.status == 400 && bracketed.json == ["error": ["user_data": "missing required field"]])
    }

    /// SDKs add top-level keys to every v2 body (retryNumber, instrumentation, ...: Tests/Fixtures/sdk); Branch
    /// ignores unknown ones, so the sandbox answers 200 and lints only keys no SDK sends.
    @Test func topLevelExtrasAreAcceptedAndUnknownOnesLinted() throws {
        let h = try Harness()
        let sdk = send(h, Self.purchase(["retryNumber": 1, "instrumentation": ["v1/open-brtt": "120"], "debug": false,
                                         "branch_sdk_request_timestamp": 1_790_000_000_000]))
        #expect(sdk.status == 200 && sdk.headers.allSatisfy { $0.0 != "X-Sandbox-Lint" }, "\(sdk.message)")
        let odd = send(h, Self.purchase(["extra": 1]))
        #expect(odd.status == 200)
        #expect(odd.header("X-Sandbox-Lint")?.hasPrefix("extra is not a top-level event field") == true)
        #expect(send(h, Self.purchase(["retryNumber": "1"])).message == "retryNumber must be an integer")
    }

    /// The Web SDK's transport: a form whose user_data, event_data, custom_data and content_items are JSON text
    /// (src/2_resources.js, src/3_api.js); and JSON text under a form Content-Type (`curl -d`, Branch's README).
    @Test func formBodiesAndJSONUnderAFormTypeAreRead() throws {
        let h = try Harness()
        let user = #"{"browser_fingerprint_id":"1198233472948193321","sdk":"web","screen_width":1920}"#
        let form = "name=PURCHASE&user_data=\(HTTPURL.percentEncode(user))&event_data=\(HTTPURL.percentEncode(#"{"revenue":1.5,"currency":"USD"}"#))&branch_key=\(Harness.key)"
        let r = h.send("POST", "/v2/event/standard", text: form, headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(r.status == 200, "\(r.message)")
        let badEventData = form.replacingOccurrences(of: "1.5", with: "%221.5%22")
        #expect(h.send("POST", "/v2/event/standard", text: badEventData, headers: [("Content-Type", "application/x-www-form-urlencoded")]).message
                == "event_data.revenue must be a number, got string")
        let json = h.send("POST", "/v2/event/standard", text: String(decoding: Self.purchase().bytes, as: UTF8.self),
                          headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(json.status == 200)
        #expect(json.header("X-Sandbox-Lint")?.hasPrefix("JSON body sent without Content-Type: application/json") == true)
    }
}

@Suite struct AdServicesTests {
    func mint(_ h: Harness, _ spec: JSON = [:]) throws -> String {
        try #require(h.send("POST", "/_sandbox/asa-token", spec).json?["token"]?.stringValue)
    }

    func lookup(_ h: Harness, _ token: String) -> Reply {
        h.send("POST", "/api/v1/", text: token, headers: [("Content-Type", "text/plain")])
    }

    @Test func standardAndDetailedRecords() throws {
        let h = try Harness()
        let standard = lookup(h, try mint(h))
        #expect(standard.status == 200)
        #expect(standard.json?["attribution"] == true && standard.json?["clickDate"] == nil)
        #expect(standard.json?["orgId"] != 1234567890, "a production token reads its own ids, not Apple's developer-mode sample")
        #expect(standard.json?["campaignId"]?.numberValue?.int64 ?? 0 >= 1_000_000_000)
        let sample = lookup(h, try mint(h, ["developer_mode": true]))
        #expect(sample.json?["orgId"] == 1234567890 && sample.json?["keywordId"] == 123222 && sample.json?["adId"] == 542317136)
        let detailed = lookup(h, try mint(h, ["detailed": true]))
        #expect(detailed.json?["clickDate"] == "2020-04-08T17:17Z")
        #expect(lookup(h, try mint(h, ["attribution": false])).json == ["attribution": false])
        #expect(lookup(h, try mint(h, ["attribution": false, "developer_mode": true])).json?["attribution"] == true)
        #expect(lookup(h, try mint(h, ["record": ["campaignId": 42]])).json?["campaignId"] == 42)
    }

    @Test func notYetServerErrorsExpiryAndInvalidTokens() throws {
        let h = try Harness()
        let slow = try mint(h, ["not_found_times": 2, "server_error_times": 1])
        let sequence: [Int] = (0..<4).map { _ in lookup(h, slow).status }
        #expect(sequence == [500, 404, 404, 200])
        let expired = try mint(h, ["expired": true])
        #expect(lookup(h, expired).status == 404 && lookup(h, expired).status == 404)
        #expect(lookup(h, "not base64 !").status == 400)
        #expect(lookup(h, "QUJDRA==").status == 400, "well-formed but never minted")
        #expect(h.send("POST", "/_sandbox/asa-token", ["colour": 1]).status == 400)
        let token = try mint(h)
        #expect(token.count >= 160 && token.count % 4 == 0)
        #expect(token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0)) })
    }
}

@Suite struct TuneTests {
    @Test func sessionsAndConversions() throws {
        let h = try Harness()
        let q = "/serve?action=session&advertiser_id=877&site_id=1&sdk=server&device_ip=8.8.4.4&ios_ifa=D5B89252-FCF8-4065-88FC-B70F49186988&ios_ad_tracking_disabled=0&response_format=json"
        let first = h.send("GET", q)
        #expect(first.status == 200 && first.json?["success"] == true && first.json?["site_event_type"] == "install")
        #expect(first.json?["log_id"]?.stringValue?.count == 18 && first.json?["errors"] == [])
        #expect(h.send("GET", q).json?["site_event_type"] == "open")
        let conv = h.send("POST", "/serve?action=conversion&advertiser_id=877&site_event_name=Purchase")
        #expect(conv.json?["site_event_type"] == "Purchase", "kept as sent")
        #expect(conv.headers.contains { $0.0 == "X-Sandbox-Lint" && $0.1.hasPrefix("TUNE request without REQUIRED device_ip, device_brand") })
    }

    @Test func rejectionsCarryTheResponderHeader() throws {
        let h = try Harness()
        let r = h.send("GET", "/serve?action=session")
        #expect(r.status == 400 && r.header("X-MAT-Responder") != nil)
        #expect(r.json?["errors"] == ["advertiser_id is required"])
        let header = h.send("GET", "/serve?action=session&advertiser_id=1&site_id=2&sdk=server", headers: [("X-IP-Override", "8.8.8.8")])
        #expect(header.json?["errors"]?.arrayValue?.first?.stringValue?.contains("never from X-IP-Override") == true)
        let lat = h.send("GET", "/serve?action=session&advertiser_id=1&google_aid=abc")
        #expect(lat.json?["errors"] == ["google_ad_tracking_disabled must be sent with google_aid"])
    }
}

@Suite struct ControlAndChaosTests {
    @Test func requestsAreRecordedInOrderWithSecrets() throws {
        let h = try Harness()
        _ = h.open(Harness.iosOpen())
        _ = h.send("GET", "/v1/url?url=x&branch_key=bad")
        _ = h.send("GET", "/_sandbox/stats")
        let log = try #require(h.send("GET", "/_sandbox/requests").json?.arrayValue)
        #expect(log.count == 2, "control endpoints are not recorded")
        #expect(log[0]["method"] == "POST" && log[0]["path"] == "/v1/open" && log[0]["status"] == 200 && log[0]["chaos"] == false)
        #expect(log[0]["body"]?["branch_secret"]?.stringValue == Harness.secret)
        #expect(log[0]["headers"]?["x-ip-override"] == "8.8.4.4")
        #expect(log[1]["query"] == ["url": "x", "branch_key": "bad"] && log[1]["status"] == 400)
        #expect(h.send("GET", "/_sandbox/requests?since=1").json?.arrayValue?.count == 1)
        let stats = h.send("GET", "/_sandbox/stats").json
        #expect(stats?["endpoints"]?["POST /v1/open"]?["200"] == 1)
        #expect(stats?["endpoints"]?["GET /v1/url"]?["400"] == 1)
        _ = h.send("POST", "/_sandbox/reset")
        #expect(h.send("GET", "/_sandbox/requests").json == [])
        #expect(h.open(Harness.iosOpen()).data?["+is_first_session"] == true, "reset forgets devices")
    }

    func statuses(seed: UInt64) throws -> [Int] {
        let h = try Harness {
            $0.seed = seed
            $0.chaos = try! ChaosSpec.parse("429=0.1,500=0.05,reset=0.02")
        }
        return (0..<400).map { _ in h.send("POST", "/v2/event/custom", EventTests.purchase(["name": "x"]), headers: [("X-IP-Override", "8.8.4.4")]).status }
    }

    @Test func chaosIsDeterministicForASeed() throws {
        let a = try statuses(seed: 7), b = try statuses(seed: 7), c = try statuses(seed: 8)
        #expect(a == b)
        #expect(a != c)
        let n429 = a.filter { $0 == 429 }.count, n500 = a.filter { $0 == 500 }.count, resets = a.filter { $0 == 0 }.count
        #expect((20...60).contains(n429) && (8...35).contains(n500) && (1...20).contains(resets), "\(n429) \(n500) \(resets)")
        #expect(a.filter { $0 == 200 }.count == 400 - n429 - n500 - resets)
    }

    @Test func injectedAnswersAreMarked() throws {
        let h = try Harness { $0.chaos = try! ChaosSpec.parse("429=1,retry-after=3") }
        let r = h.send("POST", "/v2/event/custom", EventTests.purchase(["name": "x"]))
        #expect(r.status == 429 && r.header("Retry-After") == "3")
        let log = h.send("GET", "/_sandbox/requests").json?.arrayValue
        #expect(log?.first?["chaos"] == true)
        #expect(h.send("GET", "/_sandbox/stats").status == 200, "control endpoints are never chaotic")
    }

    @Test(arguments: ["429=2", "bogus=0.1", "429", "latency=fast", "429=0.6,500=0.6"])
    func badChaosSpecs(_ spec: String) {
        #expect(throws: BNCError.self) { try ChaosSpec.parse(spec) }
    }

    @Test func latencyParses() throws {
        #expect(try ChaosSpec.parse("latency=20ms").latency == 0.02)
        #expect(try ChaosSpec.parse("latency=1.5s").latency == 1.5)
    }

    @Test func stateSurvivesARestart() throws {
        let dir = try TestSupport.Sandbox()
        let path = dir.root.appendingPathComponent("state.db").path
        // Each sandbox in turn: one holds the state file's lock at a time (a restart).
        var url = "", token = ""
        do {
            let first = try Harness { $0.statePath = path }
            url = try #require(first.createLink(["alias": "kept", "channel": "sms"]).json?["url"]?.stringValue)
            #expect(first.open(Harness.iosOpen()).data?["+is_first_session"] == true)
            token = try mintToken(first)
        }
        do {
            let second = try Harness { $0.statePath = path }
            second.clock.advance(10)
            #expect(second.send("GET", "/kept?debug=1").json?["url"]?.stringValue == url)
            #expect(second.open(Harness.iosOpen()).data?["+is_first_session"] == false)
            #expect(second.send("POST", "/api/v1/", text: token).status == 200)
        }
        // Restarted on another port (`--port 0`): the link's old URL, by any name of this machine, is still its.
        let moved = try Harness { $0.statePath = path; $0.baseURL = "http://127.0.0.1:40999" }
        let code = try #require(url.split(separator: "/").last.map(String.init))
        for old in [url, url.replacingOccurrences(of: "127.0.0.1", with: "localhost"), "http://[::1]:1234/\(code)", "https://10.0.2.2:8787/\(code)"] {
            let read = moved.send("GET", "/v1/url?branch_key=\(Harness.key)&url=" + old.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            #expect(read.status == 200 && read.json?["data"]?["url"]?.stringValue == "http://127.0.0.1:40999/kept", "\(old): \(read.status)")
        }
        #expect(moved.send("GET", "/v1/url?branch_key=\(Harness.key)&url=" + "http%3A%2F%2Fexample.com%2Fkept").status == 404,
                "another host's link is not this sandbox's")
    }

    func mintToken(_ h: Harness) throws -> String {
        try #require(h.send("POST", "/_sandbox/asa-token").json?["token"]?.stringValue)
    }
}
