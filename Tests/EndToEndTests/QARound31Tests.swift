// QA round 31b (a new user's walk through the docs), end to end against bnc-sandbox and loopback servers: what the
// tools send, print and exit with where the docs and the tools disagreed.
import Foundation
import Testing
import TestSupport

@Suite struct QARound31Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_live_PLACEHOLDERround31", secret = "secret_live_PLACEHOLDER0ROUND31SECRET0123"
    static let env = ["BRANCH_KEY": key, "BRANCH_SECRET": secret]
    static let idfv = "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"
    static let session = #"{"os":"iOS","os_version":"17.4","model":"iPhone15,2","app_version":"2.3.0","user_agent":"UA","ios_vendor_id":"1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11","ip":"8.8.4.4"}"#

    static func bodies(_ server: LoopbackServer) -> [[String: Any]] {
        server.received.compactMap { try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any] }
    }

    /// H1: an IDFV given as its v1/open field (`ios_vendor_id`, as `bnc-open fields` and MCP's open_session name it)
    /// was sent with is_hardware_id_real false and no hardware_id; it fills hardware_id as --idfv does, in --body,
    /// a batch line and open_session alike. A body that states is_hardware_id_real keeps it.
    @Test func anIDFVGivenAsItsFieldIsTheHardwareID() throws {
        let server = try LoopbackServer()
        server.choose { _ in .json(200, #"{"session_id":"1","randomized_device_token":"d1","data":"{}"}"#) }
        let url = "http://127.0.0.1:\(server.port)"
        let body = try box.write("s.json", Self.session)
        let single = try box.run("bnc-open", ["--body", body, "--no-state", "--api-url", url], env: Self.env)
        #expect(single.status == 0, "\(single.output)")
        let lines = try box.write("s.ndjson", Self.session + "\n" + Self.session.replacing(#""ip""#, with: #""is_hardware_id_real":false,"ip""#) + "\n")
        let batch = try box.run("bnc-open", ["--batch", lines, "--no-state", "--api-url", url], env: Self.env)
        #expect(batch.status == 0, "\(batch.output)")
        let messages = [
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"open_session","arguments":\#(Self.session.dropLast()),"send":true}}}"#,
        ]
        let mcp = try box.run("/usr/bin/timeout", ["60", Executables.path("bnc-mcp"), "--api-url", url], env: Self.env,
                              stdin: messages.joined(separator: "\n") + "\n")
        #expect(mcp.status == 0 && !mcp.stdout.contains(#""isError":true"#), "\(mcp.stdout.prefix(600))")
        let sent = Self.bodies(server)
        #expect(sent.count == 4, "single, two batch lines, open_session: \(sent.count)")
        let filled = sent.filter { $0["hardware_id"] as? String == Self.idfv }
        #expect(filled.count == 3, "\(sent.map { ($0["hardware_id"] as? String ?? "-") + " " + ($0["ios_vendor_id"] as? String ?? "-") + " " + String(describing: $0["is_hardware_id_real"]) })")
        #expect(filled.allSatisfy { $0["hardware_id_type"] as? String == "vendor_id" && $0["is_hardware_id_real"] as? Bool == true && $0["ios_vendor_id"] as? String == Self.idfv })
        #expect(sent.contains { $0["hardware_id"] == nil && $0["is_hardware_id_real"] as? Bool == false }, "a stated false is kept: \(sent)")
        let explained = try box.run("bnc-open", ["--body", body, "--no-state", "--dry-run", "--explain"], env: Self.env)
        #expect(explained.stderr.contains("body.hardware_id = \"\(Self.idfv)\" ← --body \(body); iOS: the IDFV given as ios_vendor_id"), "\(explained.stderr)")
    }

    /// H2: `map --to-tune` built the TUNE URL on the profile's or BNC_API_URL's api_url (Branch's host); only this
    /// command line's --api-url or --sandbox names another measurement host.
    @Test func toTuneKeepsTUNEsHostUnlessTheCommandLineNamesOne() throws {
        let body = try box.write("b.json", #"{"os":"iOS","os_version":"17","model":"x","app_version":"1","user_agent":"ua","ios_vendor_id":"\#(Self.idfv)","hardware_id":"\#(Self.idfv)","hardware_id_type":"vendor_id","is_hardware_id_real":true,"server_to_server":true,"ip":"8.8.4.4"}"#)
        let fromEnv = try box.run("bnc-tune", ["map", "--to-tune", body, "--advertiser-id", "877"], env: ["BNC_API_URL": "https://api2.branch.io"])
        #expect(fromEnv.status == 0 && fromEnv.stdout.hasPrefix("https://877.measure.mobileapptracking.com/serve?"), "\(fromEnv.output)")
        let flag = try box.run("bnc-tune", ["map", "--to-tune", body, "--advertiser-id", "877", "--api-url", "http://127.0.0.1:9"], env: ["BNC_API_URL": "https://api2.branch.io"])
        #expect(flag.stdout.hasPrefix("http://127.0.0.1:9/serve?"), "\(flag.output)")
        let sandbox = try box.run("bnc-tune", ["map", "--to-tune", body, "--advertiser-id", "877", "--sandbox"], env: ["BNC_SANDBOX_URL": "http://127.0.0.1:8"])
        #expect(sandbox.stdout.hasPrefix("http://127.0.0.1:8/serve?"), "\(sandbox.output)")
    }

    /// M1 and M3: a v2 event piped to bnc-open was refused for a missing app_version; it is named for what it is.
    /// `bnc-tune replay` took a v1/open answer bnc-open refuses (`data` a number) as ok, and printed `data` as the
    /// string bnc-open decodes.
    @Test func replayedSessionsAreReadAsBncOpenReadsThem() throws {
        let event = try box.run("bnc-open", ["--body", "-", "--dry-run"], env: Self.env, stdin: #"{"name":"PURCHASE","user_data":{"os":"iOS"},"ip":"8.8.4.4"}"#)
        #expect(event.status == 65 && event.stderr.contains("the body is a v2 event (name, user_data), not a v1/open session") && event.stderr.contains("bnc-event send --body -"), "\(event.output)")
        let log = try box.write("t.log", "/serve?action=session&advertiser_id=877&site_id=1234&sdk=ios&ios_ifv=\(Self.idfv)&device_ip=8.8.4.4&app_version=1&os_version=17&device_model=x&user_agent=UA\n")
        let bad = try LoopbackServer()
        bad.choose { _ in .json(200, #"{"session_id":"1","randomized_bundle_token":"b1","data":7}"#) }
        let refused = try box.run("bnc-tune", ["replay", log, "--api-url", "http://127.0.0.1:\(bad.port)", "--journal", box.home + "/j1"], env: Self.env)
        #expect(refused.status == 1 && refused.stdout.contains(#""ok":false"#) && refused.stdout.contains("v1/open's data is a number"), "\(refused.output)")
        let good = try LoopbackServer()
        good.choose { _ in .json(200, #"{"session_id":"1","randomized_bundle_token":"b1","data":"{\"+clicked_branch_link\":false}"}"#) }
        let decoded = try box.run("bnc-tune", ["replay", log, "--api-url", "http://127.0.0.1:\(good.port)", "--journal", box.home + "/j2"], env: Self.env)
        #expect(decoded.status == 0 && decoded.stdout.contains(#""data":{"+clicked_branch_link":false}"#), "\(decoded.output)")
    }

    /// M2: scan's NDJSON findings carried their line last and no request; each names its line, action, advertiser
    /// and app first.
    @Test func scanFindingsNameTheirLineAndRequest() throws {
        let log = try box.write("a.log", "/serve?action=session&advertiser_id=877&site_id=1234&sdk=ios&ios_ifv=\(Self.idfv)&site-ID=1\nnot a request\n")
        let r = try box.run("bnc-tune", ["scan", log, "--output", "ndjson"])
        let first = r.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix(#"{"line":1,"action":"session","advertiser_id":"877","site_id":"1234","rule":"#), "\(r.stdout)")
        #expect(r.stdout.contains(#"{"line":2,"error":"#), "\(r.stdout)")
    }

    /// M4 and M5: doctor failed the clock against a sandbox whose clock was advanced on purpose; long_link under
    /// bnc-mcp --sandbox used the default profile's key, and `bnc-link long --sandbox` made a bnc.lt link the sandbox
    /// cannot serve.
    @Test func theSandboxsClockAndLinksAreItsOwn() throws {
        let s = try SandboxProcess(environment: box.environment())
        defer { s.stop() }
        _ = try s.control("/_sandbox/clock", method: "POST", body: #"{"advance_seconds":86400}"#)
        let doctor = try box.run("bnc-doctor", ["--sandbox", "--output", "json"], env: ["BNC_SANDBOX_URL": s.url])
        #expect(doctor.stdout.contains(#""detail": "within 2 s of \#(s.url)""#), "\(doctor.stdout)")
        let long = try box.run("bnc-link", ["long", "--sandbox", "--channel", "sms"], env: ["BNC_SANDBOX_URL": s.url])
        #expect(long.stdout == "\(s.url)/a/key_test_bncsandbox?channel=sms\n", "\(long.output)")
        let served = try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "\(s.url)/a/key_test_bncsandbox?channel=sms"])
        #expect(served.stdout == "200" || served.stdout.hasPrefix("30"), "the sandbox serves its link: \(served.stdout)")
        let messages = [
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"long_link","arguments":{"channel":"sms"}}}"#,
        ]
        let mcp = try box.run("/usr/bin/timeout", ["60", Executables.path("bnc-mcp"), "--sandbox"], env: ["BNC_SANDBOX_URL": s.url, "BRANCH_KEY": "key_live_PLACEHOLDERdefault"],
                              stdin: messages.joined(separator: "\n") + "\n")
        #expect(mcp.stdout.contains("\(s.url)/a/key_test_bncsandbox?channel=sms") && !mcp.stdout.contains("PLACEHOLDERdefault"), "\(mcp.stdout.prefix(600))")
    }

    /// L6 and L8: a device flag's message quotes the value it refused; --route names a key the answer lacks when
    /// a person watches (-v), and stays silent, exit 1, in a script.
    @Test func messagesSayWhatTheyRefusedAndWhatIsMissing() throws {
        let screen = try box.run("bnc-open", ["--screen", "100by200", "--dry-run"], env: Self.env)
        #expect(screen.stderr.contains(#"must be WIDTHxHEIGHT in pixels, e.g. 1179x2556 (got "100by200")"#), "\(screen.output)")
        let server = try LoopbackServer()
        server.choose { _ in .json(200, #"{"session_id":"1","randomized_device_token":"d1","data":"{\"$deeplink_path\":\"a\"}"}"#) }
        let body = try box.write("s.json", Self.session)
        let args = ["--body", body, "--no-state", "--api-url", "http://127.0.0.1:\(server.port)", "--route", "$canonical_url"]
        let quiet = try box.run("bnc-open", args, env: Self.env)
        #expect(quiet.status == 1 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.output)")
        let told = try box.run("bnc-open", args + ["-v"], env: Self.env)
        #expect(told.status == 1 && told.stderr.contains("$canonical_url is not in the answer's data or the answer"), "\(told.stderr.suffix(400))")
    }

    /// QA round 31c: MCP open_session refused every integer ("must be of type integer, got number"); a blank
    /// hardware_id was sent and the sandbox refused it; `server_to_server` false was sent as true from --body, and
    /// -f branch_key of another app was dropped unsaid; a length was counted in graphemes where the schema counts
    /// code points.
    @Test func everyEntryPointJudgesAValueAlike() throws {
        let server = try LoopbackServer()
        server.choose { _ in .json(200, #"{"session_id":"1","randomized_device_token":"d1","data":"{}"}"#) }
        let url = "http://127.0.0.1:\(server.port)"
        let messages = [
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"open_session","arguments":\#(Self.session.dropLast()),"screen_height":2556,"screen_width":1179,"send":true}}}"#,
        ]
        let mcp = try box.run("/usr/bin/timeout", ["60", Executables.path("bnc-mcp"), "--api-url", url], env: Self.env, stdin: messages.joined(separator: "\n") + "\n")
        #expect(!mcp.stdout.contains("must be of type integer") && !mcp.stdout.contains(#""isError":true"#), "\(mcp.stdout.prefix(800))")
        #expect(Self.bodies(server).first?["screen_height"] as? Int == 2556, "the integer reached Branch")
        let refused: [(String, [String], String)] = [
            (Self.session.replacing(#""ip""#, with: #""hardware_id":"","is_hardware_id_real":false,"ip""#), [], "hardware_id must not be blank"),
            (Self.session.replacing(#""ip""#, with: #""server_to_server":false,"ip""#), [], "server_to_server"),
            (Self.session, ["-f", "branch_key=key_live_PLACEHOLDERotherapp"], "branch_key is not this run's key"),
            (Self.session.replacing(#""ip""#, with: #""identity":"\#(String(repeating: "e\u{301}", count: 127))","ip""#), [], "identity must be at most 127 characters (got 254)"),
        ]
        for (body, extra, message) in refused {
            let r = try box.run("bnc-open", ["--body", "-", "--no-state", "--api-url", url] + extra, env: Self.env, stdin: body)
            #expect(r.status == 65 && r.stderr.contains(message), "\(message): \(r.output)")
        }
        #expect(server.received.count == 1, "only the MCP call was sent")
    }

    /// L3: profile completion offered the config file's profiles but not the built-in sandbox.
    @Test func profileCompletionOffersTheSandbox() throws {
        let r = try box.run("bnc-open", ["---completion", "--", "--profile", "2", "0"])
        #expect(r.stdout.split(separator: "\n").contains("sandbox"), "\(r.output)")
    }
}
