// bnc-open against bnc-sandbox: organic and attributed sessions, identity kept across runs, 429, and rules that
// stop a request before anything is sent.
import Foundation
import Testing
import TestSupport

@Suite struct OpenEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15"
    static let iphone = ["--os", "ios", "--os-version", "17.4", "--model", "iPhone15,2", "--app-version", "2.3.0",
                         "--user-agent", ua, "--idfv", "1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11", "--ip", "8.8.4.4"]

    func env(_ s: SandboxProcess) -> [String: String] {
        ["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_open", "BRANCH_SECRET": "secret_test_open"]
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func anOrganicFirstSession() throws {
        let s = try SandboxProcess()
        let r = try box.run("bnc-open", Self.iphone + ["--output", "json"], env: env(s))
        #expect(r.status == 0, "\(r.stderr)")
        let answer = try json(r.stdout)
        #expect((answer["session_id"] as? String)?.count == 18)
        let data = try #require(answer["data"] as? [String: Any])
        #expect(data["+is_first_session"] as? Bool == true && data["+clicked_branch_link"] as? Bool == false)
        let sent = try #require(try s.received().first?["body"] as? [String: Any])
        #expect(sent["os"] as? String == "iOS", "canonical case sent")
        #expect(sent["hardware_id"] as? String == "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11" && sent["hardware_id_type"] as? String == "vendor_id")
        #expect(sent["first_session"] as? Bool == true && sent["server_to_server"] as? Bool == true)
        #expect(sent["branch_secret"] as? String == "secret_test_open")
        #expect(!r.output.contains("secret_test_open"))
        let table = try box.run("bnc-open", Self.iphone + ["--output", "table", "--idfv", "2EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"], env: env(s))
        #expect(table.stdout.hasPrefix("KEY "))
        #expect(table.stdout.contains("+is_first_session        true"))
    }

    @Test func aClickedLinkIsAttributed() throws {
        let s = try SandboxProcess()
        let link = try box.run("bnc-api", ["POST", "/v1/url", "-f", "channel=email", "-f", "alias=spring",
                                           "-f", #"data:={"$deeplink_path":"product/42"}"#], env: env(s))
        #expect(link.status == 0)
        let url = s.url + "/spring"
        let click = try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-A", Self.ua, "-H", "X-Forwarded-For: 8.8.4.4", url])
        #expect(click.stdout == "200")
        let route = try box.run("bnc-open", Self.iphone + ["--route", "$deeplink_path"], env: env(s))
        #expect(route.status == 0, "\(route.stderr)")
        #expect(route.stdout == "product/42\n")
        let missing = try box.run("bnc-open", Self.iphone + ["--route", "~campaign", "--idfv", "3EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"], env: env(s))
        #expect(missing.status == 1 && missing.stdout.isEmpty)
    }

    @Test func linkClickIDFromAURISchemeIsAGuaranteedMatch() throws {
        let s = try SandboxProcess()
        _ = try box.run("bnc-api", ["POST", "/v1/url", "-f", "alias=uri1", "-f", "channel=sms"], env: env(s))
        let click = try s.control("/_sandbox/click", method: "POST", body: #"{"url":"\#(s.url)/uri1","ip":"9.9.9.9","user_agent":"x"}"#) as? [String: Any]
        let id = try #require(click?["click_id"] as? String)
        let r = try box.run("bnc-open", Self.iphone + ["--opened-with", "myapp://open?link_click_id=\(id)", "--output", "json"], env: env(s))
        let data = try #require(try json(r.stdout)["data"] as? [String: Any])
        #expect(data["+match_guaranteed"] as? Bool == true && data["~channel"] as? String == "sms")
    }

    @Test func theBundleTokenIsKeptAcrossRuns() throws {
        let s = try SandboxProcess(["--burst-window", "0"])
        let first = try box.run("bnc-open", Self.iphone + ["--server-to-server-identity", "--identity", "U1", "--output", "json"], env: env(s))
        let token = try #require(try json(first.stdout)["randomized_bundle_token"] as? String)
        let second = try box.run("bnc-open", Self.iphone + ["--server-to-server-identity", "--output", "json"], env: env(s))
        #expect(second.status == 0, "\(second.stderr)")
        let bodies = try s.received().map { $0["body"] as? [String: Any] ?? [:] }
        #expect(bodies[0]["randomized_bundle_token"] == nil && bodies[0]["first_session"] as? Bool == true)
        #expect(bodies[1]["randomized_bundle_token"] as? String == token, "the kept token is sent")
        #expect(bodies[1]["first_session"] as? Bool == false, "auto: the device had its first session")
        let list = try box.run("bnc-open", ["state", "list", "--output", "ndjson"])
        #expect(list.stdout.contains(token) && list.stdout.contains("\"sessions\":2"))
        let forget = try box.run("bnc-open", ["state", "forget", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"])
        #expect(forget.status == 0 && forget.stderr.contains("forgot 1 device"))
        _ = try box.run("bnc-open", Self.iphone, env: env(s))
        #expect((try s.received().last?["body"] as? [String: Any])?["first_session"] as? Bool == true)
    }

    @Test func aBatchDecidesFirstSessionPerLineAsOneCallDoes() throws {
        // A batch line took no state: first_session was never sent unless the line set it, so a line with an
        // install-only field (search_ad_encoded) was refused where the same body as --body was sent.
        let s = try SandboxProcess(["--burst-window", "0"])
        func phone(_ idfv: String, _ extra: String = "") -> String {
            #"{"os":"iOS","os_version":"17.4","model":"iPhone15,2","app_version":"2.3.0","user_agent":"UA","ios_vendor_id":"\#(idfv)","ip":"8.8.4.4"\#(extra)}"#
        }
        let a = "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11", b = "2EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A12"
        let lines = [phone(a), phone(a), phone(b, #","search_ad_encoded":"eyJ2ZXJzaW9uMy4xIjp7fX0=""#)]
        let input = try box.write("first.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try box.run("bnc-open", ["--batch", input], env: env(s))
        #expect(r.status == 0, "\(r.stderr)\n\(r.stdout)")
        var bodies = try s.received().map { $0["body"] as? [String: Any] ?? [:] }
        #expect(bodies.count == 3)
        func firstSession(_ idfv: String) -> [Bool?] {
            bodies.filter { $0["ios_vendor_id"] as? String == idfv }.map { $0["first_session"] as? Bool }
        }
        #expect(firstSession(a) == [true, false], "a device's lines one after another, its first line its first session")
        #expect(firstSession(b) == [true])
        // The answers were kept: the same batch again is every device's second session, and the install-only
        // field is refused by name with nothing sent for its line.
        let again = try box.run("bnc-open", ["--batch", input], env: env(s))
        #expect(again.status == 1)
        bodies = try s.received().map { $0["body"] as? [String: Any] ?? [:] }
        #expect(bodies.count == 5 && bodies[3...].allSatisfy { $0["first_session"] as? Bool == false })
        #expect(again.stdout.split(separator: "\n").last?.contains("search_ad_encoded") == true, "\(again.stdout)")
        let list = try box.run("bnc-open", ["state", "list", "--output", "ndjson"])
        let kept = list.stdout.split(separator: "\n")
        #expect(kept.contains { $0.contains(a) && $0.contains("\"sessions\":4") }, "\(list.stdout)")
        #expect(kept.contains { $0.contains(b) && $0.contains("\"sessions\":1") }, "\(list.stdout)")
        // --no-state: nothing to go by, every line a first session, as every call is; nothing kept.
        let none = try box.run("bnc-open", ["--batch", input, "--no-state"], env: env(s))
        #expect(none.status == 0, "\(none.stdout)")
        #expect(try s.received()[5...].map { ($0["body"] as? [String: Any])?["first_session"] as? Bool } == [true, true, true])
        #expect(try box.run("bnc-open", ["state", "list", "--output", "ndjson"]).stdout == list.stdout)
    }

    /// At --concurrency 8 a device's lines went together: its open could reach Branch before its install (429,
    /// then the install answered as not first), later lines left without the bundle token the first answer gave,
    /// and a failed first line was followed by opens that said the device had had its install.
    @Test func aBatchSendsADevicesLinesOneAfterAnother() throws {
        let s = try SandboxProcess(["--burst-window", "0"])
        let devices = (0..<4).map { String(format: "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A%02d", $0) }
        var lines: [String] = []
        for round in 0..<3 {
            for d in devices {
                lines.append(#"{"os":"iOS","os_version":"17.4","model":"iPhone15,2","app_version":"2.3.0","user_agent":"UA","ios_vendor_id":"\#(d)","ip":"8.8.4.4","identity":"r\#(round)"}"#)
            }
        }
        let input = try box.write("devices.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try box.run("bnc-open", ["--batch", input, "--server-to-server-identity", "--concurrency", "8"], env: env(s))
        #expect(r.status == 0, "\(r.stderr)\n\(r.stdout)")
        let received = try s.received().map { $0["body"] as? [String: Any] ?? [:] }
        for d in devices {
            let sent = received.filter { $0["ios_vendor_id"] as? String == d }
            #expect(sent.map { $0["identity"] as? String } == ["r0", "r1", "r2"], "in input order: \(d)")
            #expect(sent.map { $0["first_session"] as? Bool } == [true, false, false])
            let tokens = sent.map { $0["randomized_bundle_token"] as? String }
            #expect(tokens[0] == nil && tokens[1] != nil && tokens[1] == tokens[2], "the first answer's token on every later line: \(tokens)")
        }
        // A first line that fails is followed by a first session: nothing was kept from it.
        let server = try LoopbackServer(fallback: .json(200, #"{"session_id":"1","randomized_device_token":"d","data":"{}"}"#))
        server.choose { $0.bodyText.contains(#""identity":"fails""#) ? .json(500, "{}") : nil }
        let failing = [#"{"identity":"fails"}"#, #"{"identity":"then"}"#].map {
            String($0.dropLast()) + #","os":"Android","os_version":"14","model":"m","app_version":"1","user_agent":"UA","hardware_id":"f00d","is_hardware_id_real":true,"ip":"8.8.4.4"}"#
        }
        let second = try box.write("failing.ndjson", failing.joined(separator: "\n") + "\n")
        let f = try box.run("bnc-open", ["--batch", second, "--retries", "0"],
                            env: ["BNC_API_URL": server.baseURL, "BRANCH_KEY": "key_test_open", "BRANCH_SECRET": "secret_test_open"])
        #expect(f.status == 1)
        let sentBodies = server.received.map { (try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any]) ?? [:] }
        #expect(sentBodies.map { $0["identity"] as? String } == ["fails", "then"])
        #expect(sentBodies.map { $0["first_session"] as? Bool } == [true, true], "\(sentBodies)")
    }

    @Test func rapidRepeatsAre429WithTheRulesExplained() throws {
        // An hour's window: the sandbox's 2 s default was shorter than two debug runs on a loaded machine.
        let s = try SandboxProcess(["--burst-window", "3600"])
        #expect(try box.run("bnc-open", Self.iphone + ["--no-state"], env: env(s)).status == 0)
        let r = try box.run("bnc-open", Self.iphone + ["--no-state", "--retries", "0"], env: env(s))
        #expect(r.status == 75)
        #expect(r.stderr.contains("HTTP 429"))
        #expect(r.stderr.contains("hint:") && r.stderr.contains("4 hours"))
    }

    @Test(arguments: [
        (["--os", "windows"], "os must be iOS or Android"),
        (["--os-version", "NA", "-f", "os_version= "], "os_version must not be blank"),
        (["--limit-ad-tracking", "true", "-f", "ad_tracking_enabled:=false"], "ad_tracking_enabled must be omitted"),
        (["--gaid", "38400000-8cf0-11bd-b23e-10b96e40000d", "-f", "google_advertising_id=38400000-8cf0-11bd-b23e-10b96e40000e"], "google_advertising_id is Android only"),
        (["--install-referrer", "link_click_id=1", "--os", "android"], "install_referrer_extras is only sent with an app's first session"),
        (["-f", "identity:=12"], "identity must be a string"),
    ] as [([String], String)])
    func brokenRulesSendNothing(_ extra: [String], _ message: String) throws {
        let s = try SandboxProcess()
        // A device that has had its first session, so install-only fields are refused under auto.
        _ = try box.run("bnc-open", Self.iphone + ["--os", "android", "--android-id", "abc123"], env: env(s))
        let before = try s.received().count
        let r = try box.run("bnc-open", Self.iphone + ["--android-id", "abc123"] + extra, env: env(s))
        #expect(r.status == 65, "\(r.stderr)")
        // The one error line names the rule (a warning may precede it: --android-id on an iPhone is named).
        let errors = r.stderr.split(separator: "\n").filter { $0.hasPrefix("bnc-open: error: ") }
        #expect(errors.count == 1 && errors[0].hasPrefix("bnc-open: error: \(message)"), "\(r.stderr)")
        #expect(try s.received().count == before, "nothing reached the sandbox")
    }

    @Test func noIPIsRefusedLocally() throws {
        let s = try SandboxProcess()
        let r = try box.run("bnc-open", Array(Self.iphone.dropLast(2)), env: env(s))
        #expect(r.status == 65)
        #expect(r.stderr.contains("--ip is required"))
        #expect(try s.received().isEmpty)
    }

    @Test func dryRunRedactsTheSecretAndTheAdServicesToken() throws {
        let r = try box.run("bnc-open", Self.iphone + ["--asa-token", "c7ya5fQsXrqhCiG0eQTvpS8+tNpBom1Rwl", "--dry-run"],
                            env: ["BRANCH_KEY": "key_test_open", "BRANCH_SECRET": "secret_test_open"])
        #expect(r.status == 0)
        #expect(!r.stdout.contains("secret_test_open") && !r.stdout.contains("c7ya5fQsXrqhCiG0eQTvpS8"))
        #expect(r.stdout.contains(#""apple_attribution_token": "<redacted>""#))
        #expect(r.stdout.contains(#""url": "https://api2.branch.io/v1/open""#))
    }

    @Test func aBatchOfSessions() throws {
        let s = try SandboxProcess(["--burst-window", "0"])
        let lines = (0..<20).map { i in
            #"{"os":"Android","os_version":"34","model":"Pixel 8","app_version":"1.0","user_agent":"UA","is_hardware_id_real":true,"hardware_id":"a\#(i)","ip":"8.8.8.\#(i)"}"#
        } + [#"{"os":"Windows","os_version":"1","model":"m","app_version":"1","user_agent":"u","is_hardware_id_real":false,"ip":"8.8.8.8"}"#]
        let input = try box.write("sessions.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try box.run("bnc-open", ["--batch", input], env: env(s))
        #expect(r.status == 1)
        let results = r.stdout.split(separator: "\n")
        #expect(results.count == 21)
        #expect(results.last?.contains("os must be iOS or Android") == true)
        #expect(try s.received().count == 20)
        let ips = Set(try s.received().compactMap { ($0["headers"] as? [String: Any])?["x-ip-override"] as? String })
        #expect(ips == Set((0..<20).map { "8.8.8.\($0)" }), "each line's ip is its X-IP-Override")
    }

    /// One Limit Ad Tracking rule for a batch line as for one request: the flags' LAT holds a line to it (a line's
    /// ad_tracking_enabled true was sent for a limited device), lat_val 1 limits whatever limit_ad_tracking says,
    /// -f's ad_tracking_enabled is refused under a line's LAT, -f limit_ad_tracking is LAT (it was dropped as "not
    /// a v1/open field" and ad_tracking_enabled true sent); a line's own IDFV carries hardware_id with it.
    @Test func batchLinesFollowTheFlagsLimitAdTracking() throws {
        let s = try SandboxProcess(["--burst-window", "0"])
        let android = ["--os", "Android", "--os-version", "14", "--model", "Pixel", "--app-version", "1.0", "--user-agent", "UA",
                       "--android-id", "abcdef0123456789", "--ip", "8.8.4.4", "--no-state", "--first-session", "true"]
        let lines = [#"{"ad_tracking_enabled":true}"#, #"{"limit_ad_tracking":false,"lat_val":1}"#, #"{"custom_param_1":"x"}"#]
        let input = try box.write("lat-flags.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try box.run("bnc-open", android + ["--limit-ad-tracking", "true", "--batch", input, "--concurrency", "1"], env: env(s))
        let results = r.stdout.split(separator: "\n").map(String.init)
        #expect(r.status == 1 && results.count == 3, "\(r.output)")
        #expect(results.first?.contains("ad_tracking_enabled must be omitted when Limit Ad Tracking is on") == true, "\(results)")
        let sent = try s.received().compactMap { $0["body"] as? [String: Any] }
        #expect(sent.count == 2 && sent.allSatisfy { $0["ad_tracking_enabled"] == nil }, "\(sent)")

        let fieldLAT = try box.run("bnc-open", android + ["-f", "limit_ad_tracking:=true", "--dry-run"], env: env(s))
        #expect(fieldLAT.status == 0 && !fieldLAT.stdout.contains("ad_tracking_enabled") && !fieldLAT.stderr.contains("not a v1/open field"), "\(fieldLAT.output)")
        let lineLAT = try box.write("lat-line.ndjson", #"{"limit_ad_tracking":true}"# + "\n")
        let fieldEnabled = try box.run("bnc-open", android + ["-f", "ad_tracking_enabled:=true", "--batch", lineLAT], env: env(s))
        #expect(fieldEnabled.status == 1 && fieldEnabled.stdout.contains("must be omitted when Limit Ad Tracking is on"), "\(fieldEnabled.output)")

        let ios = ["--os", "iOS", "--os-version", "17.4", "--model", "iPhone15,2", "--app-version", "1.0", "--user-agent", "UA",
                   "--idfv", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11", "--ip", "8.8.4.4", "--no-state", "--first-session", "true"]
        let other = try box.write("idfv.ndjson", #"{"ios_vendor_id":"2ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11"}"# + "\n")
        let moved = try box.run("bnc-open", ios + ["--batch", other], env: env(s))
        #expect(moved.status == 0, "\(moved.output)")
        let last = try #require(try s.received().last?["body"] as? [String: Any])
        #expect(last["hardware_id"] as? String == "2EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11" && last["ios_vendor_id"] as? String == "2EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11", "\(last)")
        let mismatch = try box.run("bnc-open", ios + ["-f", "hardware_id=3EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11", "--dry-run"], env: env(s))
        #expect(mismatch.status == 65 && mismatch.stderr.contains("hardware_id must be the ios_vendor_id"), "\(mismatch.output)")
        // A blank AdServices token is refused (it was sent, and can never be attributed); a line naming another app's
        // key fails (it was sent with the run's key without a word).
        let blank = try box.run("bnc-open", ios + ["--asa-token", "   ", "--dry-run"], env: env(s))
        #expect(blank.status == 65 && blank.stderr.contains("apple_attribution_token must not be blank"), "\(blank.output)")
        let otherApp = try box.write("other-app.ndjson", #"{"branch_key":"key_test_OTHERAPP"}"# + "\n")
        let mixed = try box.run("bnc-open", ios + ["--batch", otherApp], env: env(s))
        #expect(mixed.status == 1 && mixed.stdout.contains("branch_key is not this run's key"), "\(mixed.output)")
    }

    /// A line or --body says its device limits ad tracking as the device file does (`limit_ad_tracking`, any BOOL
    /// form): ad_tracking_enabled is then left out, as `--limit-ad-tracking true` leaves it out; it was warned
    /// about as "not a v1/open field" and ad_tracking_enabled true sent.
    @Test func aLineOrBodyCarriesLimitAdTracking() throws {
        let s = try SandboxProcess(["--burst-window", "0"])
        let device = #""os":"Android","os_version":"34","model":"Pixel 8","brand":"Google","app_version":"1.0","user_agent":"UA","ip":"8.8.8.8""#
        let lines = [#"{\#(device),"hardware_id":"a1","is_hardware_id_real":true,"limit_ad_tracking":true}"#,
                     #"{\#(device),"hardware_id":"a2","is_hardware_id_real":true,"limit_ad_tracking":0}"#,
                     #"{\#(device),"hardware_id":"a3","is_hardware_id_real":true,"limit_ad_tracking":"TRUE"}"#,
                     #"{\#(device),"hardware_id":"a4","is_hardware_id_real":true,"limit_ad_tracking":true,"ad_tracking_enabled":true}"#,
                     #"{\#(device),"hardware_id":"a5","is_hardware_id_real":true,"limit_ad_tracking":"maybe"}"#]
        let input = try box.write("lat.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try box.run("bnc-open", ["--batch", input], env: env(s))
        #expect(r.status == 1, "\(r.stderr)")
        #expect(!r.stderr.contains("not a v1/open field"), "\(r.stderr)")
        let results = r.stdout.split(separator: "\n").map(String.init)
        #expect(results.count == 5)
        #expect(results[3].contains("ad_tracking_enabled must be omitted when Limit Ad Tracking is on"), "\(results[3])")
        #expect(results[4].contains("limit_ad_tracking must be true or false (or 1 or 0)"), "\(results[4])")
        var sent: [String: [String: Any]] = [:]
        for request in try s.received() {
            let body = try #require(request["body"] as? [String: Any])
            #expect(body["limit_ad_tracking"] == nil, "not a v1/open field: never sent")
            sent[body["hardware_id"] as? String ?? ""] = body
        }
        #expect(sent.keys.sorted() == ["a1", "a2", "a3"], "the refused lines send nothing")
        #expect(sent["a1"]?.keys.contains("ad_tracking_enabled") == false)
        #expect(sent["a2"]?["ad_tracking_enabled"] as? Bool == true)
        #expect(sent["a3"]?.keys.contains("ad_tracking_enabled") == false)

        // --body: the same member, below the device flags.
        let body = try box.write("lat.json", #"{\#(device),"hardware_id":"b1","is_hardware_id_real":true,"limit_ad_tracking":1}"#)
        let limited = try box.run("bnc-open", ["--body", body, "--dry-run"], env: env(s))
        #expect(limited.status == 0, "\(limited.stderr)")
        #expect(!limited.stdout.contains("ad_tracking_enabled") && !limited.stdout.contains("limit_ad_tracking"), "\(limited.stdout)")
        let overridden = try box.run("bnc-open", ["--body", body, "--dry-run", "--limit-ad-tracking", "false"], env: env(s))
        #expect(overridden.stdout.contains(#""ad_tracking_enabled": true"#), "the flag wins: \(overridden.stdout)")
    }

    /// A line's device ids follow the flags' rules: the all-zero IDFA as hardware_id is no device id (two denied
    /// phones were one device, the second's INSTALL an OPEN), a lower-case IDFV is the same iPhone the flag named
    /// (it made a second INSTALL), a non-UUID IDFV is refused as --idfv refuses it; -f and lat_val keep Limit Ad
    /// Tracking's rule.
    @Test func aLinesDeviceIDsFollowTheFlagsRules() throws {
        let s = try SandboxProcess(["--burst-window", "0"])
        let idfv = "6ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11"
        let flag = try box.run("bnc-open", Self.iphone.filter { $0 != "1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11" && $0 != "--idfv" } + ["--idfv", idfv], env: env(s))
        #expect(flag.status == 0, "\(flag.output)")
        let phone = #""os":"iOS","os_version":"17","model":"P","app_version":"1","user_agent":"UA""#
        let lines = [#"{\#(phone),"ip":"8.8.4.4","hardware_id":"\#(idfv)","hardware_id_type":"vendor_id","is_hardware_id_real":true,"ios_vendor_id":"\#(idfv)"}"#,
                     #"{\#(phone),"ip":"9.9.9.9","hardware_id":"00000000-0000-0000-0000-000000000000","hardware_id_type":"idfa","is_hardware_id_real":true}"#,
                     #"{\#(phone),"ip":"9.9.9.8","ios_vendor_id":"not-a-uuid","is_hardware_id_real":false}"#]
        let input = try box.write("ids.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try box.run("bnc-open", ["--batch", input], env: env(s))
        #expect(r.status == 1, "\(r.output)")
        #expect(r.stdout.split(separator: "\n").last?.contains("ios_vendor_id must be a UUID") == true, "\(r.stdout)")
        // The batch's two devices go at once: their requests are found by their IP override, not their order.
        let received = try s.received()
        #expect(received.count == 3, "the refused line sent nothing")
        func sent(from ip: String) -> [String: Any] {
            received.dropFirst().first { ($0["headers"] as? [String: Any])?["x-ip-override"] as? String == ip }?["body"] as? [String: Any] ?? [:]
        }
        let again = sent(from: "8.8.4.4"), denied = sent(from: "9.9.9.9")
        #expect(again["first_session"] as? Bool == false && again["ios_vendor_id"] as? String == idfv.uppercased(), "the flag's iPhone again: \(again)")
        #expect(!denied.isEmpty && denied["hardware_id"] == nil && denied["is_hardware_id_real"] as? Bool == false, "\(denied)")
        #expect(r.stderr.contains("hardware_id is the all-zero id"), "\(r.stderr)")

        let android = ["--ip", "8.8.4.4", "--os", "Android", "--os-version", "14", "--model", "P", "--app-version", "1", "--user-agent", "UA",
                       "--android-id", "3f9a1c7e5b2d8e40", "--no-state", "--dry-run"]
        let both = try box.run("bnc-open", android + ["--limit-ad-tracking", "true", "-f", "ad_tracking_enabled:=true"], env: env(s))
        #expect(both.status == 65 && both.stderr.contains("ad_tracking_enabled must be omitted"), "\(both.output)")
        // A --body's own ad_tracking_enabled contradicts the flag as -f's does (it was dropped without a word).
        let ate = try box.write("ate.json", #"{"ad_tracking_enabled":true}"#)
        let fromBody = try box.run("bnc-open", android + ["--limit-ad-tracking", "true", "--body", ate], env: env(s))
        #expect(fromBody.status == 65 && fromBody.stderr.contains("ad_tracking_enabled must be omitted when Limit Ad Tracking is on"), "\(fromBody.output)")
        let lat = try box.run("bnc-open", android + ["-f", "lat_val:=1"], env: env(s))
        #expect(lat.status == 0 && !lat.stdout.contains("ad_tracking_enabled"), "\(lat.output)")
    }
}
