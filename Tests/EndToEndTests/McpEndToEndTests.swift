// bnc-mcp with a real MCP client (the official Python SDK, `mcp` from PyPI, in a virtual environment this test
// makes under .build/): every tool listed with a valid JSON Schema 2020-12 generated from the specs and the
// commands' declarations; every tool called against bnc-sandbox as a dry run (nothing received) and with
// send: true (received); credentials, sending and deleting refused as documented; the resources read.
import Foundation
import Testing
import TestSupport

@Suite(.serialized) struct McpEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let client = Fixtures.directory.appendingPathComponent("mcp/client.py").path
    static let venv = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/mcp-venv").path

    static let tools: Set<String> = ["open_session", "send_event", "create_link", "bulk_create_links", "read_link", "update_link", "delete_link",
                                     "long_link", "link_qr", "asa_lookup", "iad_decode", "tune_map", "tune_check", "tune_scan", "tune_reconcile",
                                     "export_daily", "export_custom", "export_query", "export_aggregate", "export_cohort", "export_cross_event",
                                     "sandbox_start", "sandbox_stop", "sandbox_requests", "sandbox_reset", "sandbox_clock"]
    static let key = "key_live_mcp0001", secret = "secret_live_PLACEHOLDER_MCP0001", token = "api_app_PLACEHOLDER_MCP0001"

    /// The virtual environment with the MCP SDK and jsonschema, made once.
    func python() throws -> String {
        let python = Self.venv + "/bin/python"
        let path = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        var ready = false
        if FileManager.default.isExecutableFile(atPath: python) { ready = try box.run(python, ["-c", "import mcp, jsonschema"], env: path).status == 0 }
        if !ready {
            #expect(try box.run("/usr/bin/env", ["python3", "-m", "venv", Self.venv], env: path).status == 0)
            let pip = try box.run(Self.venv + "/bin/pip", ["install", "--quiet", "mcp", "jsonschema"], env: path)
            #expect(pip.status == 0, "\(pip.stderr)")
        }
        return python
    }

    static var device: [String: Any] { ["os": "iOS", "os_version": "17.4", "app_version": "2.3.0", "model": "iPhone15,2", "user_agent": "UA",
                                        "ios_vendor_id": "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11", "ip": "8.8.4.4"] }

    struct Session {
        var tools: [[String: Any]] = []
        var resources: [String] = []
        var results: [[String: Any]] = []
        func text(_ i: Int) -> String { results[i]["text"] as? String ?? "" }
        func failed(_ i: Int) -> Bool { results[i]["isError"] as? Bool == true }
        func schema(_ name: String) -> [String: Any] { tools.first { $0["name"] as? String == name }?["inputSchema"] as? [String: Any] ?? [:] }
    }

    /// Runs the client: the server's arguments, the calls; what it listed and each call's result.
    func session(_ server: [String], _ calls: [[String: Any]], env: [String: String]) throws -> Session {
        let input = try calls.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }.joined(separator: "\n") + "\n"
        var env = env
        env["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let r = try box.run(try python(), [Self.client, Executables.path("bnc-mcp")] + server, env: env, stdin: input)
        #expect(r.status == 0, "\(r.stderr.suffix(2000))")
        let out = try #require(try JSONSerialization.jsonObject(with: Data((r.stdout.split(separator: "\n").last ?? "").utf8)) as? [String: Any], "\(r.output)")
        return Session(tools: out["tools"] as? [[String: Any]] ?? [], resources: out["resources"] as? [String] ?? [],
                       results: out["results"] as? [[String: Any]] ?? [])
    }

    func liveSandbox() throws -> SandboxProcess {
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"\#(Self.secret)","app_id":"777","access_token":"\#(Self.token)"}]"#)
        return try SandboxProcess(["--keys", keys])
    }

    var env: [String: String] { ["BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret, "BRANCH_ACCESS_TOKEN": Self.token, "BRANCH_APP_ID": "777"] }

    static func day(_ offset: Int) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withFullDate]
        return f.string(from: Date().addingTimeInterval(Double(offset) * 86400))
    }

    /// The man pages where `man -w` finds them (as an installed MANPATH has them).
    func manPath() throws -> String {
        let source = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("man")
        for page in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            let section = String(page.suffix(1))
            try box.write("man/man\(section)/\(page)", try String(contentsOf: source.appendingPathComponent(page), encoding: .utf8), mode: 0o644)
        }
        return box.root.appendingPathComponent("man").path
    }

    @Test func everyToolIsListedWithASchemaFromTheSpecsAndTheResourcesRead() throws {
        let s = try liveSandbox()
        var e = env
        e["MANPATH"] = try manPath()
        let m = try session(["--api-url", s.url], [["read": "bnc://fields/event"], ["read": "bnc://man/bnc-mcp"]], env: e)
        #expect(Set(m.tools.compactMap { $0["name"] as? String }) == Self.tools)
        for t in m.tools { #expect(t["schema_valid"] as? Bool == true, "\(t["name"] ?? "?"): \(t["schema_valid"] ?? "?")") }
        // Bodies from the field tables, credentials left out; options from the commands' declarations, typed by the specs.
        let open = m.schema("open_session")["properties"] as? [String: Any] ?? [:]
        #expect(open["os_version"] != nil && open["send"] != nil && open["branch_key"] == nil && open["branch_secret"] == nil)
        let event = m.schema("send_event")
        let userData = ((event["properties"] as? [String: Any])?["user_data"] as? [String: Any])?["properties"] as? [String: Any] ?? [:]
        #expect(userData["os"] != nil && userData["developer_identity"] != nil && (event["required"] as? [String])?.contains("name") == true)
        let link = m.schema("create_link")["properties"] as? [String: Any] ?? [:]
        #expect((link["type"] as? [String: Any])?["type"] as? String == "integer" && (link["tag"] as? [String: Any])?["type"] as? String == "array"
                && link["data"] != nil && link["send"] != nil, "\(link)")
        let qr = m.schema("link_qr")["properties"] as? [String: Any] ?? [:]
        #expect((qr["width"] as? [String: Any])?["maximum"] as? Double == 2000, "\(qr["width"] ?? "none")")
        #expect((m.schema("export_daily")["required"] as? [String]) == ["date"])
        // The device's IP is required of open_session as bnc-open requires it (the schema left it out).
        #expect((m.schema("open_session")["required"] as? [String])?.contains("ip") == true, "\(m.schema("open_session")["required"] ?? "none")")
        #expect((m.schema("tune_scan")["properties"] as? [String: Any])?["send"] == nil, "a tool that sends nothing takes no send")
        #expect(m.schema("export_custom")["additionalProperties"] as? Bool == false)
        #expect(m.resources.contains("bnc://fields/open") && m.resources.contains("bnc://man/bnc-link") && m.resources.contains("bnc://man/bnc-config"))
        #expect((m.results[0]["text"] as? String)?.contains("\"name\": \"developer_identity\"") == true)
        #expect((m.results[1]["text"] as? String)?.contains(".Nm bnc-mcp") == true && m.results[1]["mimeType"] as? String == "text/troff")
    }

    @Test func everyToolAgainstTheSandboxInBothModes() throws {
        let s = try liveSandbox()
        let server = ["--api-url", s.url, "--allow-delete"]
        let made = try session(server, [["tool": "create_link", "arguments": ["channel": "sms", "data": ["$deeplink_path": "item/1"], "send": true]]], env: env)
        let url = try #require((made.results.first?["structured"] as? [String: Any])?["url"] as? String, "\(made.results)")
        let minted = try box.run("/usr/bin/curl", ["-sf", "-X", "POST", s.url + "/_sandbox/asa-token", "-d", "{}"])
        let asaToken = try #require((try JSONSerialization.jsonObject(with: Data(minted.stdout.utf8)) as? [String: Any])?["token"] as? String)
        let log = try box.write("tune.log", "https://1.measurementapi.com/serve?action=conversion&advertiser_id=1&site_id=2&sdk=ios&site_event_name=purchase&ios_ifv=1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11&device_ip=8.8.4.4\n")
        let event: [String: Any] = ["name": "PURCHASE", "user_data": ["os": "Android", "os_version": "14", "android_id": "a1b2c3d4e5f60718", "user_agent": "UA"],
                                    "event_data": ["revenue": 9.99, "currency": "USD"], "ip": "8.8.4.4"]
        UTCDay.awayFromMidnight()
        let (today, tomorrow) = (Self.day(0), Self.day(1))
        // Each tool that sends, with the path the sandbox receives when it does.
        let sending: [(tool: String, arguments: [String: Any], path: String)] = [
            ("open_session", Self.device, "/v1/open"),
            ("send_event", event, "/v2/event/standard"),
            ("create_link", ["channel": "email", "tag": ["a", "b"], "type": 0, "data": ["$deeplink_path": "item/2"]], "/v1/url"),
            ("bulk_create_links", ["links": [["channel": "a"], ["channel": "b", "data": ["k": "v"]]]], "/v1/url/bulk/\(Self.key)"),
            ("read_link", ["url": url], "/v1/url"),
            ("update_link", ["url": url, "merge": true, "data": ["k": "v"]], "/v1/url"),
            ("link_qr", ["channel": "qr", "width": 400, "data": ["$deeplink_path": "item/3"]], "/v2/qr-code"),
            ("asa_lookup", ["adservices_token": asaToken], "/api/v1/"),
            ("tune_reconcile", ["file": log, "date": [today]], "/v3/export"),
            ("export_daily", ["date": today, "topic": ["eo_open"]], "/v3/export"),
            ("export_custom", ["topic": "eo_open", "start": today + "T00:00:00Z", "end": today + "T23:59:59Z"], "/v2/logs"),
            ("export_query", ["data_source": "eo_open", "aggregation": "total_count", "dimension": ["name"], "start": today, "end": tomorrow], "/v1/query/analytics"),
            ("export_aggregate", ["data_source": "eo_open", "aggregation": "total_count", "dimension": ["name"], "start": today, "end": tomorrow], "/v2/analytics"),
            ("export_cohort", ["data_source": "install_cohort", "measure": ["users"], "start": today, "end": today], "/v2/analytics"),
            ("export_cross_event", ["aggregation": ["total_count:eo_open:opens"], "start": today, "end": tomorrow], "/v2/analytics"),
            ("delete_link", ["url": url], "/v1/url"),
        ]
        // Dry runs: each answers its request (at the sandbox's URL, secrets redacted), and nothing is received.
        let before = try s.received().count
        let dry = try session(server, sending.map { ["tool": $0.tool, "arguments": $0.arguments] }, env: env)
        for (i, call) in sending.enumerated() {
            let (failed, text) = (dry.failed(i), dry.text(i))
            #expect(!failed && text.contains("\"method\"") && text.contains(s.url), "\(call.tool): \(text)")
            for secret in [Self.secret, Self.token, asaToken] { #expect(!dry.text(i).contains(secret), "\(call.tool) shows a secret") }
        }
        let afterDry = try s.received()
        #expect(afterDry.count == before + 1, "dry runs send nothing (the one read is update_link's --merge GET): \(afterDry.dropFirst(before).map { $0["path"] ?? "" })")
        // Sent: each answers, and the sandbox received it. The day is closed (the sandbox's clock moved 2 days)
        // before the first export, so the daily export holds it; the AdServices token is asked for before that.
        let closing = sending.firstIndex { $0.tool == "tune_reconcile" }!
        var calls = sending.map { c -> [String: Any] in var a = c.arguments; a["send"] = true; return ["tool": c.tool, "arguments": a] }
        calls.insert(["tool": "sandbox_clock", "arguments": ["advance_seconds": 172_800]], at: closing)
        let sent = try session(server, calls, env: env)
        func at(_ i: Int) -> Int { i < closing ? i : i + 1 }
        #expect(!sent.failed(closing) && sent.text(closing).contains("\"advanced_seconds\": 172800"), "\(sent.text(closing))")
        let paths = try s.received().dropFirst(afterDry.count).compactMap { $0["path"] as? String }
        for (i, call) in sending.enumerated() {
            let (failed, text) = (sent.failed(at(i)), sent.text(at(i)))
            #expect(!failed, "\(call.tool): \(text)")
            #expect(paths.contains(call.path), "\(call.tool) reached \(call.path): \(paths)")
            for secret in [Self.secret, Self.token, asaToken] { #expect(!text.contains(secret), "\(call.tool) shows a secret") }
        }
        let qr = try #require((sent.results[at(6)]["images"] as? [[String: Any]])?.first, "link_qr answers an image")
        #expect(qr["mimeType"] as? String == "image/png" && qr["head"] as? String == "89504e470d0a1a0a")
        #expect(sent.text(at(7)).contains("\"attributed\": true"), "asa_lookup: \(sent.text(at(7)))")
        #expect(sent.text(at(8)).contains("\"status\": \"missing\"") && sent.text(at(8)).contains("1 line against ") && !sent.text(at(8)).contains("against 0 Branch rows"),
                "tune_reconcile read the closed day's export (the log's iOS purchase is not in it): \(sent.text(at(8)))")
        // Tools that send nothing answer offline, and refuse send.
        let local: [(String, [String: Any], String)] = [
            ("long_link", ["domain": "example.app.link", "channel": "sms", "data": ["$deeplink_path": "item/42"]], "https://example.app.link/a/\(Self.key)?"),
            ("iad_decode", ["payload": ["Version3.1": ["iad-attribution": "true", "iad-campaign-id": "1234"]]], "\"campaignId\": 1234"),
            ("tune_map", ["request": "https://1.measurementapi.com/serve?action=conversion&advertiser_id=1&site_id=2&sdk=ios&site_event_name=purchase&device_ip=8.8.4.4&ios_ifa=6D92078A-8246-4BA4-AE5B-76104861E7DC"], "\"name\": \"PURCHASE\""),
            ("tune_check", ["request": "https://1.measurementapi.com/serve?action=conversion&advertiser_id=1&site_id=2&sdk=ios"], "\"missing-required\""),
            ("tune_scan", ["file": log, "fail_on": "error"], "\"requests\": 1"),
        ]
        let received = try s.received().count
        let offline = try session(server, local.flatMap { t -> [[String: Any]] in
            var a = t.1
            a["send"] = true
            return [["tool": t.0, "arguments": t.1], ["tool": t.0, "arguments": a]]
        }, env: env)
        for (i, t) in local.enumerated() {
            #expect(!offline.failed(2 * i) && offline.text(2 * i).contains(t.2), "\(t.0): \(offline.text(2 * i))")
            #expect(offline.failed(2 * i + 1) && offline.text(2 * i + 1).contains("send: \(t.0) sends nothing to Branch"), "\(t.0): \(offline.text(2 * i + 1))")
        }
        #expect(try s.received().count == received, "the offline tools sent nothing")
        // The sandbox's control tools: what it received, then forgotten.
        let control = try session(server, [["tool": "sandbox_requests"], ["tool": "sandbox_reset"], ["tool": "sandbox_requests"]], env: env)
        #expect(!control.failed(0) && control.text(0).contains("\"path\": \"/v1/open\""), "\(control.text(0).prefix(300))")
        #expect(!control.failed(1) && control.text(1).contains("\"reset\": true"), "\(control.text(1))")
        #expect(control.text(2).trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(control.text(2).prefix(300))")
        #expect(try s.received().isEmpty)
    }

    @Test func whatTheServerRefuses() throws {
        let s = try liveSandbox()
        var send = Self.device
        send["send"] = true
        let calls: [[String: Any]] = [
            ["tool": "open_session", "arguments": send],
            ["tool": "open_session", "arguments": Self.device],
            ["tool": "open_session", "arguments": ["branch_secret": "secret_live_PLACEHOLDER_OTHER"]],
            ["tool": "create_link", "arguments": ["key": "key_live_other0001", "channel": "x"]],
            ["tool": "create_link", "arguments": ["channel": "x", "colour": "red"]],
            ["tool": "create_link", "arguments": ["channel": ["x", "y"]]],
            ["tool": "send_event", "arguments": ["name": "PURCHASE", "user_data": ["os": "Windows"], "send": true]],
            ["tool": "delete_link", "arguments": ["url": "https://example.app.link/abc", "send": true]],
            ["tool": "no_such_tool"],
            // A command-line word ends at a NUL: the link was made with channel "a".
            ["tool": "create_link", "arguments": ["channel": "a\u{0}b", "send": true]],
            ["tool": "export_daily", "arguments": ["date": "2026-11-27\u{0}xx", "topic": "eo_install"]],
            // The schema's minItems, as the client was shown it (an empty list answered success).
            ["tool": "bulk_create_links", "arguments": ["links": [Any](), "send": true]],
            // sandbox_clock's schema (a number, 0 to 3.2e9) held: they were forwarded (QA round 24).
            ["tool": "sandbox_clock", "arguments": ["advance_seconds": "86400; rm -rf /"]],
            ["tool": "sandbox_clock", "arguments": ["advance_seconds": -1e300]],
            ["tool": "sandbox_clock", "arguments": ["advance_seconds": 1e12]],
        ]
        let denied = try session(["--api-url", s.url, "--allow-send", "false"], Array(calls.prefix(2)), env: env)
        #expect(denied.failed(0) && denied.text(0).contains("--allow-send false"), "\(denied.text(0))")
        #expect(!denied.failed(1), "a dry run is still allowed: \(denied.text(1))")
        // --allow-send false changes nothing, the sandbox neither (an agent reset it, started and stopped it, and
        // sandbox_start created its state file at any path the agent chose: that input is gone).
        let frozen = try session(["--api-url", s.url, "--allow-send", "false"], [
            ["tool": "sandbox_reset"], ["tool": "sandbox_clock", "arguments": ["advance_seconds": 60]], ["tool": "sandbox_stop"],
            ["tool": "sandbox_start", "arguments": ["port": 0]], ["tool": "sandbox_clock"], ["tool": "sandbox_requests"],
        ], env: env)
        for i in 0..<4 { #expect(frozen.failed(i) && frozen.text(i).contains("--allow-send false, which changes nothing"), "\(i): \(frozen.text(i))") }
        #expect(!frozen.failed(4) && !frozen.failed(5), "reading the clock and the requests changes nothing: \(frozen.text(4))")
        let state = try session(["--api-url", s.url], [["tool": "sandbox_start", "arguments": ["state": box.home + "/agent.db"]]], env: env)
        #expect(state.failed(0) && state.text(0).contains("state is not an input of sandbox_start"), "\(state.text(0))")
        #expect(!FileManager.default.fileExists(atPath: box.home + "/agent.db"))
        // A path an input names is opened by the command: a FIFO blocked sandbox_start's child, and the call, for
        // ever (QA round 25b); a directory or a device is no file either. Each is refused, nothing started.
        let fifo = box.home + "/keys.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let paths = try session(["--api-url", s.url], [
            ["tool": "sandbox_start", "arguments": ["keys": fifo, "port": 0]],
            ["tool": "tune_scan", "arguments": ["file": box.home]],
            ["tool": "tune_scan", "arguments": ["file": "/dev/zero"]],
            ["tool": "tune_scan", "arguments": ["file": "-"]],
            ["tool": "tune_scan", "arguments": ["file": box.home + "/no-such.log"]],
        ], env: env)
        #expect(paths.failed(0) && paths.text(0).contains("keys must name a regular file; \(fifo) is a FIFO; nothing sent"), "\(paths.text(0))")
        #expect(paths.failed(1) && paths.text(1).contains("is a directory"), "\(paths.text(1))")
        #expect(paths.failed(2) && paths.text(2).contains("/dev/zero is a device"), "\(paths.text(2))")
        #expect(paths.failed(3) && paths.text(3).contains("the MCP server's own input"), "\(paths.text(3))")
        #expect(paths.failed(4) && paths.text(4).contains("cannot be read: No such file or directory"), "\(paths.text(4))")
        let m = try session(["--api-url", s.url], Array(calls.dropFirst(2)), env: env)
        #expect(m.failed(0) && m.text(0).contains("branch_secret: credentials come from the server's profile or environment"), "\(m.text(0))")
        #expect(m.failed(1) && m.text(1).hasPrefix("key: credentials come from"), "\(m.text(1))")
        #expect(m.failed(2) && m.text(2).contains("colour is not an input of create_link (its inputs: alias, campaign, channel, data,"), "\(m.text(2))")
        #expect(m.failed(3) && m.text(3).contains("channel takes one value, not a list"), "\(m.text(3))")
        #expect(m.failed(4) && m.text(4).contains("user_data.os must be iOS, Android"), "validation names the field: \(m.text(4))")
        #expect(m.failed(5) && m.text(5).contains("--allow-delete"), "\(m.text(5))")
        #expect(m.failed(6) && m.text(6).contains("unknown tool no_such_tool"))
        #expect(m.failed(7) && m.text(7).contains("channel must not contain NUL characters; nothing sent"), "\(m.text(7))")
        #expect(m.failed(8) && m.text(8).contains("date must not contain NUL characters"), "\(m.text(8))")
        #expect(m.failed(9) && m.text(9).contains("links must hold at least 1 item; nothing sent"), "\(m.text(9))")
        #expect(m.failed(10) && m.text(10).contains("advance_seconds must be of type number, got string; nothing sent"), "\(m.text(10))")
        #expect(m.failed(11) && m.text(11).contains("advance_seconds must be at least 0; nothing sent"), "\(m.text(11))")
        #expect(m.failed(12) && m.text(12).contains("advance_seconds must be at most 3200000000; nothing sent"), "\(m.text(12))")
        #expect(try s.received().isEmpty, "nothing refused was sent")
        let nowhere = try session([], [["tool": "sandbox_reset"]], env: env)
        #expect(nowhere.failed(0) && nowhere.text(0).contains("does not point at a sandbox"), "\(nowhere.text(0))")
        // BNC_API_URL names the sandbox as --api-url does (bnc(1)).
        let byEnvironment = try session([], [["tool": "sandbox_requests"]], env: env.merging(["BNC_API_URL": s.url]) { $1 })
        #expect(!byEnvironment.failed(0), "\(byEnvironment.text(0))")
    }

    /// bnc-mcp started on a pipe, initialised, with call 1 running `bnc-tune scan` of a new FIFO no one writes to.
    func serverScanning(_ fifo: String) throws -> (Process, Pipe, Pipe) {
        #expect(mkfifo(fifo, 0o600) == 0)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Executables.path("bnc-mcp"))
        p.environment = box.environment(env)
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        try p.run()
        let messages = [#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
                        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tune_scan","arguments":{"file":"\#(fifo)"}}}"#]
        input.fileHandleForWriting.write(Data((messages.joined(separator: "\n") + "\n").utf8))
        return (p, input, output)
    }

    /// The processes scanning `fifo` (this test's FIFO, no other run's).
    static func scans(of fifo: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { pid in
            guard Int(pid) != nil, let cmd = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return nil }
            return cmd.contains(fifo) && cmd.contains("scan") ? pid : nil
        }
    }

    /// A tool call blocked on its input (a scan of a FIFO no one writes to) outlived the server: SIGTERM ended
    /// bnc-mcp, and its `bnc-tune scan` read on, alone. The server's end now ends the commands it runs.
    @Test func theServersEndEndsTheCommandsItRuns() throws {
        let fifo = box.home + "/never-written.log"
        let (p, input, _) = try serverScanning(fifo)
        func scans() throws -> [String] { try Self.scans(of: fifo) }
        // A failed run must not leave a scan blocked on the FIFO for ever.
        defer { for pid in (try? scans()) ?? [] { if let n = pid_t(pid) { kill(n, SIGKILL) } } }
        var waited = 0
        while try scans().isEmpty && waited < 300 { usleep(50_000); waited += 1 }  // up to 15 s: the suite runs beside others
        #expect(try !scans().isEmpty, "the call runs bnc-tune scan on the FIFO")
        kill(p.processIdentifier, SIGTERM)
        p.waitUntilExit()
        #expect(p.terminationStatus == 130, "ended by the signal, as bnc-mcp(1) says")
        waited = 0
        while try !scans().isEmpty && waited < 100 { usleep(50_000); waited += 1 }
        #expect(try scans().isEmpty, "no scan outlives the server")
        try? input.fileHandleForWriting.close()
    }

    /// `notifications/cancelled` was not acted on: the cancelled call's command ran on (here a scan of a FIFO no one
    /// writes to, for ever), and the end of stdin waited ten minutes for its answer. Now the command is told to end,
    /// the call gets no answer (MCP: a cancelled request is not answered), and the server ends with its input, every
    /// other request answered.
    @Test func aCancelledCallEndsItsCommandAndIsNotAnswered() throws {
        let fifo = box.home + "/cancelled-scan.log"
        let (p, input, output) = try serverScanning(fifo)
        func send(_ lines: [String]) { input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8)) }
        func scans() throws -> [String] { try Self.scans(of: fifo) }
        defer {
            for pid in (try? scans()) ?? [] { if let n = pid_t(pid) { kill(n, SIGKILL) } }
            if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        }
        var waited = 0
        while try scans().isEmpty && waited < 300 { usleep(50_000); waited += 1 }
        #expect(try !scans().isEmpty, "the call runs bnc-tune scan on the FIFO")
        send([#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"the user stopped it"}}"#,
              #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#])
        try input.fileHandleForWriting.close()
        waited = 0
        while p.isRunning && waited < 600 { usleep(50_000); waited += 1 }  // up to 30 s; it waited 600 s before
        #expect(!p.isRunning, "the server ends with its input")
        waited = 0
        while try !scans().isEmpty && waited < 100 { usleep(50_000); waited += 1 }  // SIGTERM told, its exit a moment later
        #expect(try scans().isEmpty, "the cancelled call's scan was ended")
        guard !p.isRunning else { return }
        #expect(p.terminationStatus == 0)
        let answers = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(answers.contains { $0["id"] as? Int == 2 && $0["result"] != nil }, "\(answers)")
        #expect(!answers.contains { $0["id"] as? Int == 1 }, "a cancelled call is not answered: \(answers)")
    }

    /// The SDK's stdio reader searched its whole buffer for a line break after every 4 KiB: a 5 MB message got no
    /// answer in a minute and held every call behind it. A request whose id is an object got no answer, and the
    /// end of stdin then waited for it; a tools/call whose arguments were a list was an "internal error".
    @Test func largeAndMalformedMessagesAreAnsweredAtOnce() throws {
        let messages = [
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""# + String(repeating: "x", count: 5_000_000) + #""}}"#,
            #"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"tune_scan","arguments":[1,2]}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"ping"}"#,
        ]
        let start = Date()
        let r = try box.run("bnc-mcp", [], env: env, stdin: messages.joined(separator: "\n") + "\n")
        #expect(r.status == 0 && Date().timeIntervalSince(start) < 30, "\(r.stderr)")
        let answers = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        func answer(_ id: Int) -> [String: Any]? { answers.first { ($0["id"] as? Int) == id } }
        #expect(answer(0)?["result"] != nil && answer(1)?["result"] != nil && answer(4)?["result"] != nil, "\(r.stdout.prefix(800))")
        let invalid = answers.first { $0["id"] is NSNull }?["error"] as? [String: Any]
        #expect(invalid?["code"] as? Int == -32600 && (invalid?["message"] as? String)?.contains("id must be a string or a number") == true)
        let params = answer(3)?["error"] as? [String: Any]
        #expect(params?["code"] as? Int == -32602 && params?["message"] as? String == "Invalid params: arguments must be an object", "\(answers)")
    }

    /// JSON-RPC's error answers: a text that does not parse (or is not UTF-8) and an empty batch are answered with a
    /// null id (a made-up id, or no answer at all, before); a request without `"jsonrpc":"2.0"` or with a null id
    /// is an invalid request (-32600), and a tools/call without a name invalid params (-32602).
    @Test func malformedRequestsGetTheirJSONRPCErrors() throws {
        let messages = [
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":12,"method":"ping""#,
            "[]",
            #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#,
            #"{"id":13,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{}}"#,
            #"{"jsonrpc":"2.0","id":15,"method":"ping"}"#,
            // JSON, but no request: the SDK called these parse errors (-32700).
            #"{"jsonrpc":"2.0","id":16,"method":5}"#,
            #"{"jsonrpc":"2.0","id":17}"#,
            "5",
            // A batch of more than 100 messages (QA round 26a: 1,000 calls held the server for minutes).
            "[" + (100..<201).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }.joined(separator: ",") + "]",
        ]
        let r = try box.run("bnc-mcp", [], env: env, stdin: messages.joined(separator: "\n") + "\n")
        #expect(r.status == 0, "\(r.stderr)")
        let answers = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        func code(_ a: [String: Any]) -> Int? { (a["error"] as? [String: Any])?["code"] as? Int }
        let nullIDs = answers.filter { $0["id"] is NSNull }.compactMap(code).sorted()
        #expect(nullIDs == [-32700, -32600, -32600, -32600, -32600], "\(answers)")
        #expect(answers.contains { (($0["error"] as? [String: Any])?["message"] as? String)?.contains("a batch holds at most 100 messages (got 101)") == true },
                "\(answers)")
        #expect(!answers.contains { $0["id"] as? Int == 150 }, "no call of the refused batch ran")
        #expect(answers.first { $0["id"] as? Int == 16 }.flatMap(code) == -32600, "\(answers)")
        #expect(answers.first { $0["id"] as? Int == 17 }.flatMap(code) == -32600, "\(answers)")
        #expect(answers.first { $0["id"] as? Int == 13 }.flatMap(code) == -32600, "\(answers)")
        #expect(answers.first { $0["id"] as? Int == 14 }.flatMap(code) == -32602, "\(answers)")
        #expect(answers.first { $0["id"] as? Int == 15 }?["result"] != nil)
        #expect(!answers.contains { ($0["id"] as? String)?.count == 36 }, "no made-up id: \(answers)")
    }

    /// At the end of stdin the server waits for every request's answer, counted by id: an id of -0 was answered
    /// as 0 and counted as another, and the server waited ten minutes for it; a fractional or huge id the SDK cannot
    /// echo likewise; a reused id let the server exit before the second answer. Ids are counted by value, ones no
    /// answer can name are refused, and each request is counted.
    @Test func theEndOfInputWaitsForEveryAnswerAndNoLonger() throws {
        let messages = [
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":-0,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":18446744073709551616,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":"p","method":"ping","result":{}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"ping"}"#,
        ]
        let start = Date()
        let r = try box.run("/usr/bin/timeout", ["60", Executables.path("bnc-mcp")], env: env, stdin: messages.joined(separator: "\n") + "\n")
        #expect(r.status == 0 && Date().timeIntervalSince(start) < 30, "\(r.status) \(r.stderr.suffix(400))")
        let answers = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(answers.filter { ($0["id"] as? Int) == 7 && $0["result"] != nil }.count == 2, "both requests with id 7: \(answers)")
        let refused = answers.compactMap { $0["error"] as? [String: Any] }.filter { ($0["message"] as? String)?.contains("a numeric id must be a whole number within 2^53") == true }
        #expect(refused.count == 2, "\(answers)")
    }

    @Test func sandboxStartAndStop() throws {
        let port = FreePort.belowEphemeralRange()
        let url = "http://127.0.0.1:\(port)"
        let m = try session(["--sandbox"], [
            ["tool": "sandbox_start", "arguments": ["seed": 7]],
            ["tool": "open_session", "arguments": ["os": "Android", "os_version": "14", "app_version": "1.0", "model": "Pixel 8", "user_agent": "UA",
                                                   "android_id": "a1b2c3d4e5f60718", "ip": "8.8.4.4", "send": true]],
            ["tool": "sandbox_requests"],
            ["tool": "sandbox_stop"],
        ], env: ["BNC_SANDBOX_URL": url])
        #expect(!m.failed(0) && m.text(0).contains("listening on \(url)"), "\(m.text(0))")
        #expect(!m.failed(1) && m.text(1).contains("\"session_id\""), "\(m.text(1))")
        #expect(!m.failed(2) && m.text(2).contains("\"path\": \"/v1/open\""), "\(m.text(2))")
        #expect(!m.failed(3), "\(m.text(3))")
        let again = try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", url + "/_sandbox/requests"])
        #expect(again.stdout == "000", "stopped: nothing answers at \(url)")
    }

    /// `bnc-mcp --http 127.0.0.1:0` against the sandbox `s`: the process, its /mcp URL and its environment.
    func httpServer(_ s: SandboxProcess) throws -> (BackgroundTool, String, [String: String]) {
        var e = box.environment(env)
        e["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let server = try BackgroundTool("bnc-mcp", ["--api-url", s.url, "--http", "127.0.0.1:0"], environment: e, directory: box.home)
        var url = ""
        for _ in 0..<500 where url.isEmpty {
            if let m = server.stderr.firstMatch(of: /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/) { url = String(m.1) } else { usleep(20_000) }
        }
        #expect(!url.isEmpty, "\(server.stderr)")
        return (server, url, e)
    }

    @Test func streamableHTTPOnLoopback() throws {
        let s = try liveSandbox()
        let (server, url, e) = try httpServer(s)
        defer { server.signal(SIGTERM); server.wait() }
        var send = Self.device
        send["send"] = true
        let input = try [["tool": "open_session", "arguments": Self.device], ["tool": "open_session", "arguments": send]]
            .map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }.joined(separator: "\n")
        let r = try box.run(try python(), [Self.client, url], env: ["PATH": e["PATH"]!], stdin: input)
        let out = try #require(try JSONSerialization.jsonObject(with: Data((r.stdout.split(separator: "\n").last ?? "").utf8)) as? [String: Any], "\(r.output)")
        #expect((out["tools"] as? [Any])?.count == Self.tools.count)
        let results = out["results"] as? [[String: Any]] ?? []
        #expect(results.first?["isError"] as? Bool == false && (results.first?["text"] as? String)?.contains("\"method\": \"POST\"") == true, "\(results)")
        #expect(results.last?["isError"] as? Bool == false && (results.last?["text"] as? String)?.contains("\"session_id\"") == true, "\(results)")
        #expect(try s.received().count == 1)
        // A web page cannot drive it: a foreign Origin is refused (DNS rebinding), and nothing listens off loopback.
        let foreign = try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", url, "-H", "Origin: http://attacker.example",
                                                    "-H", "Content-Type: application/json", "-H", "Accept: application/json, text/event-stream",
                                                    "-d", #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#])
        #expect(foreign.stdout == "403", "\(foreign.output)")
        // A second client initializes too (the SDK answered only the first: "Server is already initialized"), and
        // an open_session without the device's IP is refused by the input the schema names, nothing run or sent.
        let noIP = try box.run(try python(), [Self.client, url], env: ["PATH": e["PATH"]!],
                               stdin: String(decoding: try JSONSerialization.data(withJSONObject: ["tool": "open_session", "arguments": Self.device.filter { $0.key != "ip" }]), as: UTF8.self))
        #expect(noIP.stdout.contains("ip: is required (open_session's input schema); nothing sent"), "\(noIP.output)")
        #expect(try s.received().count == 1)
        let refused = try box.run("bnc-mcp", ["--http", "0.0.0.0:8808"])
        #expect(refused.status == 64 && refused.stderr.contains("the host must be 127.0.0.1, ::1 or localhost"), "\(refused.output)")
    }

    /// Over HTTP as over stdio: a JSON-RPC batch is answered member by member in one array (the SDK's transport
    /// refused every batch as unparsable), each message judged first (a number no double holds made the POST wait
    /// for an answer under an id the SDK made up; a method that is not a string was a parse error), and a request
    /// whose id is already being answered is refused (it took the first one's place and that POST waited for ever).
    @Test func httpBatchesAndMessagesAreJudgedAsOnStdio() throws {
        let s = try liveSandbox()
        let (server, url, e) = try httpServer(s)
        defer { server.signal(SIGTERM); server.wait() }
        func post(_ body: String) throws -> (status: String, body: Any?) {
            let r = try box.run("/usr/bin/curl", ["-s", "-m", "60", "-w", "\n%{http_code}", "-X", "POST", url, "-H", "Content-Type: application/json",
                                                  "-H", "Accept: application/json, text/event-stream", "-H", "MCP-Protocol-Version: 2025-06-18", "-d", body])
            let parts = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            return (String(parts.last ?? ""), try? JSONSerialization.jsonObject(with: Data(parts.dropLast().joined(separator: "\n").utf8)))
        }
        func code(_ a: Any?) -> Int? { ((a as? [String: Any])?["error"] as? [String: Any])?["code"] as? Int }
        let initialize = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
        #expect(try post(initialize).status == "200")
        let batch = try post(#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},"#
                             + #"{"jsonrpc":"2.0","id":2,"method":5},7,[],{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"tune_map","arguments":{"request":"x"}}}]"#)
        let answers = batch.body as? [[String: Any]] ?? []
        #expect(batch.status == "200" && answers.count == 5, "\(batch)")
        #expect(answers.first { $0["id"] as? Int == 1 }?["result"] != nil, "\(answers)")
        #expect(code(answers.first { $0["id"] as? Int == 2 }) == -32600, "\(answers)")
        #expect(answers.filter { $0["id"] is NSNull }.compactMap { code($0) } == [-32600, -32600], "\(answers)")
        #expect(((answers.first { $0["id"] as? Int == 3 }?["result"] as? [String: Any])?["isError"] as? Bool) == true, "\(answers)")
        let notifications = try post(#"[{"jsonrpc":"2.0","method":"notifications/initialized"}]"#)
        #expect(notifications.status == "202" && notifications.body == nil, "\(notifications)")
        let huge = try post(#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"tune_map","arguments":{"request":1e400}}}"#)
        #expect(huge.status == "400" && code(huge.body) == -32700 && (huge.body as? [String: Any])?["id"] as? Int == 9, "\(huge)")
        let method = try post(#"{"jsonrpc":"2.0","id":10,"method":5}"#)
        #expect(method.status == "400" && code(method.body) == -32600, "\(method)")
        // A request held in flight (tune_scan reading a FIFO no one writes yet); the same id again is refused until
        // its answer is written, then taken.
        let fifo = box.home + "/held.log"
        #expect(mkfifo(fifo, 0o600) == 0)
        let held = try BackgroundTool("/usr/bin/curl", ["-s", "-m", "300", "-X", "POST", url, "-H", "Content-Type: application/json",
                                                        "-H", "Accept: application/json, text/event-stream", "-H", "MCP-Protocol-Version: 2025-06-18",
                                                        "-d", #"{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"tune_scan","arguments":{"file":""# + fifo + #""}}}"#],
                                      environment: e, directory: box.home)
        // Once bnc-tune has the FIFO open for reading (ENXIO before), the request is in flight: asking with its id
        // before then could put the ping in flight first, and the held request was the one refused.
        var writer: Int32 = -1
        for _ in 0..<4000 where writer < 0 {  // 120 s at most: a loaded machine (a build beside it) took 10x
            writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer < 0 { usleep(30_000) }
        }
        #expect(writer >= 0, "bnc-tune never opened the FIFO: \(held.outputLines)")
        let refusal = try post(#"{"jsonrpc":"2.0","id":11,"method":"ping"}"#).body
        #expect(((refusal as? [String: Any])?["error"] as? [String: Any])?["message"] as? String == "Invalid Request: a request with id 11 is already being answered",
                "\(refusal ?? "no answer")")
        _ = "https://1.measurementapi.com/serve?action=session&advertiser_id=1&site_id=2\n".withCString { write(writer, $0, strlen($0)) }
        close(writer)
        held.wait()
        let heldAnswer = held.outputLines.joined(separator: "\n")
        #expect(heldAnswer.contains(#""id":11"#) && heldAnswer.contains(#"\"requests\": 1"#), "\(heldAnswer)")
        #expect((try post(#"{"jsonrpc":"2.0","id":11,"method":"ping"}"#).body as? [String: Any])?["result"] != nil, "the id is free once answered")
        #expect(try post("[]").status == "400")
        #expect(try s.received().isEmpty, "nothing sent: every tool call above was a dry run or refused")
    }
}
