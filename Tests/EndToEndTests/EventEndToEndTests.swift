// bnc-event against bnc-sandbox: the SDK fixture's PURCHASE rebuilt from flags, single and batch sends whose
// bodies the sandbox receives unchanged, and rules that stop a request before it is sent.
import Foundation
import Testing
import TestSupport

@Suite struct EventEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    func env(_ s: SandboxProcess? = nil) -> [String: String] {
        var e = ["BRANCH_KEY": "key_live_foo"]
        if let s { e["BNC_API_URL"] = s.url }
        return e
    }

    static let fixtureFlags: [String] = [
        "send", "PURCHASE",
        "--custom", "Custom_Event_Property_Key1=Custom_Event_Property_val1", "--custom", "Custom_Event_Property_Key2=Custom_Event_Property_val2",
        "--affiliation", "test_affiliation", "--coupon", "test_coupon", "--currency", "USD", "--description", "Event _description",
        "--shipping", "10.2", "--tax", "12.3", "--revenue", "1.5", "--transaction-id", "12344555", "--search-query", "Query",
        "--app-version", "1.2.3", "--brand", "Apple", "--country", "US", "--language", "en", "--local-ip", "192.168.192.60",
        "--model", "MacBookPro11,5", "--os-version", "10.13.5", "--os", "mac_OS", "--screen-dpi", "144", "--screen", "1440x900",
        "--user-data", "environment=FULL_APP", "--user-data", "mac_id=mac_0b18c0037a774211ed86853a7a8778f94144d23c",
        "--user-data", "sdk_version=0.1.1", "--user-data", "sdk=mac", "--developer-identity", "user-1", "--no-state",
    ]

    @Test func theSDKFixturesPurchaseFromFlags() throws {
        let items = try box.write("items.json", "[" + (try Fixtures.text("mac-BNCTestCase/content_item.json")) + "]")
        let r = try box.run("bnc-event", Self.fixtureFlags + ["--items", items, "--dry-run", "--output", "ndjson"], env: env())
        #expect(r.status == 0, "\(r.stderr)")
        let body = try #require((try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])?["body"] as? [String: Any])
        var fixture = try #require(try JSONSerialization.jsonObject(with: Data(Fixtures.text("mac-BNCTestCase/v2_event_standard_purchase_request.json").utf8)) as? [String: Any])
        // The one honest difference: the fixture's user_data (a Mac SDK's, identified by mac_id) has no identifier
        // the documented rule accepts, so the rebuilt event adds developer_identity.
        var user = fixture["user_data"] as! [String: Any]
        user["developer_identity"] = "user-1"
        fixture["user_data"] = user
        #expect(NSDictionary(dictionary: body).isEqual(to: fixture))
    }

    @Test func aSingleEventReachesTheSandboxAsBuilt() throws {
        let s = try SandboxProcess()
        let r = try box.run("bnc-event", ["send", "ADD_TO_CART", "--ip", "8.8.4.4", "--os", "iOS", "--idfv", "1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11",
                                          "--item", "$sku=42,$price=19.99,$quantity=1,$product_category=SOFTWARE", "--custom", "k=v",
                                          "--alias", "cart add"], env: env(s))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("branch_view_enabled"))
        let got = try #require(try s.received().first)
        #expect(got["path"] as? String == "/v2/event/standard")
        let body = try #require(got["body"] as? [String: Any])
        #expect((body["user_data"] as? [String: Any])?["ip"] as? String == "8.8.4.4")
        #expect((got["headers"] as? [String: Any])?["x-ip-override"] as? String == "8.8.4.4")
        #expect(((body["content_items"] as? [[String: Any]])?.first?["$product_category"] as? String) == "Software")
        #expect(body["customer_event_alias"] as? String == "cart add")
        let custom = try box.run("bnc-event", ["send", "level_up", "--developer-identity", "u1", "--custom-event"], env: env(s))
        #expect(custom.status == 0)
        #expect(try s.received().last?["path"] as? String == "/v2/event/custom")
    }

    @Test func aBatchArrivesUnchanged() throws {
        let s = try SandboxProcess()
        var lines: [String] = []
        for i in 0..<50 {
            let name = i % 2 == 0 ? "PURCHASE" : "my_event_\(i)"
            lines.append(#"{"name":"\#(name)","user_data":{"developer_identity":"u\#(i)"},"event_data":{"revenue":\#(i).5,"currency":"EUR"},"custom_data":{"n":"\#(i)"}}"#)
        }
        lines.append(#"{"name":"PURCHASE","user_data":{"developer_identity":"x"},"event_data":{"revenue":"free"}}"#)
        let input = try box.write("events.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try box.run("bnc-event", ["send", "--batch", input, "--concurrency", "8"], env: env(s))
        #expect(r.status == 1)
        let results = r.stdout.split(separator: "\n")
        #expect(results.count == 51)
        #expect(results.last?.contains("event_data.revenue must be a number") == true)
        let received = try s.received()
        #expect(received.count == 50, "the bad line was never sent")
        for got in received {
            let body = try #require(got["body"] as? [String: Any])
            let i = Int(((body["custom_data"] as? [String: Any])?["n"] as? String) ?? "") ?? -1
            var sent = try #require(try JSONSerialization.jsonObject(with: Data(lines[i].utf8)) as? [String: Any])
            sent["branch_key"] = "key_live_foo"
            #expect(NSDictionary(dictionary: body).isEqual(to: sent), "line \(i) arrived as written")
            #expect(got["path"] as? String == (i % 2 == 0 ? "/v2/event/standard" : "/v2/event/custom"))
        }
    }

    /// One transfer at a time: the one libcurl handle's URL changes with every line (standard, custom, standard,
    /// ...), and each request goes where its own line says (CurlEasy keeps the URL parsed while it stays the same).
    @Test func oneHandleFollowsEachLinesURL() throws {
        let s = try SandboxProcess()
        let names = ["PURCHASE", "level_up", "level_up", "ADD_TO_CART", "PURCHASE", "my_event"]
        let lines = names.enumerated().map { i, name in #"{"name":"\#(name)","user_data":{"developer_identity":"u\#(i)"}}"# }
        let input = try box.write("alternating.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try box.run("bnc-event", ["send", "--batch", input, "--concurrency", "1"], env: env(s))
        #expect(r.status == 0, "\(r.stderr)")
        let paths = try s.received().map { $0["path"] as? String ?? "" }
        #expect(paths == names.map { ["PURCHASE", "ADD_TO_CART"].contains($0) ? "/v2/event/standard" : "/v2/event/custom" }, "\(paths)")
    }

    @Test func oneEventFromABodyIsCheckedAsABatchLine() throws {
        let s = try SandboxProcess()
        let line = #"{"name":"my_event","user_data":{"developer_identity":"u1"},"event_data":{"revenue":2.5,"currency":"EUR"},"custom_data":{"n":"1"},"ip":"8.8.4.4"}"#
        let r = try box.run("bnc-event", ["send", "--body", "-"], env: env(s), stdin: line)
        #expect(r.status == 0, "\(r.output)")
        let got = try #require(try s.received().first)
        var sent = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        sent["ip"] = nil
        sent["branch_key"] = "key_live_foo"
        sent["user_data"] = ["developer_identity": "u1", "ip": "8.8.4.4"]  // the line's ip is user_data.ip too, as the SDKs send it
        #expect(NSDictionary(dictionary: got["body"] as? [String: Any] ?? [:]).isEqual(to: sent), "arrived as written: \(got)")
        #expect(got["path"] as? String == "/v2/event/custom" && (got["headers"] as? [String: Any])?["x-ip-override"] as? String == "8.8.4.4", "\(got)")
        // The same rules as a batch line (the batch test's bad line), and no mixing with the flags that build an event.
        let bad = #"{"name":"PURCHASE","user_data":{"developer_identity":"x"},"event_data":{"revenue":"free"}}"#
        let refused = try box.run("bnc-event", ["send", "--body", "-"], env: env(s), stdin: bad)
        #expect(refused.status == 65 && refused.stderr.contains("event_data.revenue must be a number"), "\(refused.output)")
        for (args, message) in [(["PURCHASE"], "not with a name argument"), (["--revenue", "1"], "not with --revenue"), (["--idfv", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"], "not with --idfv"),
                                (["--batch", "x.ndjson"], "not with --batch"), (["--explain"], "not with --body")] {
            let mixed = try box.run("bnc-event", ["send", "--body", "-"] + args, env: env(s), stdin: line)
            #expect(mixed.status == 64 && mixed.stderr.contains(message), "\(args): \(mixed.output)")
        }
        #expect(try s.received().count == 1)
    }

    @Test(arguments: [
        (["send", "PURCHASE", "--ip", "8.8.4.4"], "user_data must identify the user"),
        (["send", "PURCHASE", "--developer-identity", "u", "--revenue", "ten"], "--revenue must be a number"),
        (["send", "PURCHASE", "--developer-identity", "u", "--currency", "usd"], "event_data.currency must be three upper-case letters"),
        (["send", "PURCHASE", "--developer-identity", "u", "--item", "$condition=MINT"], "content_items[0].$condition must be one of"),
    ] as [([String], String)])
    func rulesSendNothing(_ args: [String], _ message: String) throws {
        let s = try SandboxProcess()
        let r = try box.run("bnc-event", args, env: env(s))
        #expect(r.status == 65)
        #expect(r.stderr.contains("bnc-event: error: \(message)"), "\(r.stderr)")
        #expect(try s.received().isEmpty)
    }

    @Test func listAndDidYouMean() throws {
        let list = try box.run("bnc-event", ["list", "--output", "table"])
        #expect(list.stdout.contains("PURCHASE") && list.stdout.contains("lifecycle") && list.stdout.contains("RESERVE"))
        let r = try box.run("bnc-event", ["send", "PURCHASED", "--developer-identity", "u", "--dry-run"], env: env())
        #expect(r.stderr.contains("did you mean PURCHASE?"))
        #expect(r.stdout.contains("/v2/event/custom"))
    }

    /// A line's device ids follow the flags' rules: the all-zero IDFA is absent (it was sent as the user's only
    /// id, every denied device one), an IDFV in lower case is sent upper case, and a user_data.ip other than the
    /// IP override is refused (Branch reads the header; the sandbox lints the pair).
    @Test func aLinesDeviceIDsAndIPFollowTheFlagsRules() throws {
        let s = try SandboxProcess()
        let zero = #"{"name":"level_up","user_data":{"os":"iOS","idfa":"00000000-0000-0000-0000-000000000000","user_agent":"UA"},"ip":"8.8.4.4"}"#
        let lower = #"{"name":"level_up","user_data":{"os":"iOS","idfv":"6ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11","user_agent":"UA"},"ip":"8.8.4.4"}"#
        let otherIP = #"{"name":"level_up","user_data":{"os":"iOS","developer_identity":"u","user_agent":"UA","ip":"198.51.100.42"},"ip":"8.8.4.4"}"#
        let input = try box.write("ids.ndjson", [zero, lower, otherIP].joined(separator: "\n") + "\n")
        let r = try box.run("bnc-event", ["send", "--no-state", "--batch", input], env: env(s))
        #expect(r.status == 1, "\(r.output)")
        let results = r.stdout.split(separator: "\n").map(String.init)
        #expect(results.count == 3 && results[0].contains("user_data must identify the user") && results[1].contains(#""ok":true"#), "\(r.stdout)")
        #expect(results[2].contains("user_data.ip must be the IP override's address (8.8.4.4"), "\(results[2])")
        let sent = try s.received().filter { ($0["path"] as? String)?.hasPrefix("/v2/event") == true }
        #expect(sent.count == 1)
        #expect(((sent.first?["body"] as? [String: Any])?["user_data"] as? [String: Any])?["idfv"] as? String == "6EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11")
        // One address however written is the override's (2001:DB8::1 and 2001:db8:0:0::1 were refused as another).
        let same = try box.run("bnc-event", ["send", "PURCHASE", "--os", "iOS", "--idfv", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11", "--user-agent", "UA",
                                             "--no-state", "--ip", "2001:DB8::1", "--user-data", "ip=2001:db8:0:0::1", "--dry-run"], env: env(s))
        #expect(same.status == 0, "\(same.output)")
    }
}
