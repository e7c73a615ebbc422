// bnc-mcp with a real MCP client (the official Python SDK, `mcp` from PyPI, in a virtual environment this test
// makes under .build/): every tool listed with a valid JSON Schema 2020-12, tools called against bnc-sandbox as a
// dry run (nothing received) and with send: true (received), credentials and sending refused as documented.
import Foundation
import Testing
import TestSupport

@Suite(.serialized) struct McpEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mcp/client.py").path
    static let venv = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/mcp-venv").path

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

    /// Runs the client: the server's arguments, the calls; what it listed and each call's result.
    func session(_ server: [String], _ calls: [[String: Any]], env: [String: String]) throws -> (tools: [[String: Any]], results: [[String: Any]]) {
        let input = try calls.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }.joined(separator: "\n") + "\n"
        let r = try box.run(try python(), [Self.client, Executables.path("bnc-mcp")] + server, env: env, stdin: input)
        #expect(r.status == 0, "\(r.stderr.suffix(2000))")
        let out = try #require(try JSONSerialization.jsonObject(with: Data((r.stdout.split(separator: "\n").last ?? "").utf8)) as? [String: Any], "\(r.output)")
        return (out["tools"] as? [[String: Any]] ?? [], out["results"] as? [[String: Any]] ?? [])
    }

    @Test func aRealClientListsValidSchemasAndCallsTheToolsInBothModes() throws {
        let s = try SandboxProcess()
        let env = ["BRANCH_KEY": "key_test_mcp0001", "BRANCH_SECRET": "secret_test_mcp0001", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        var send = Self.device
        send["send"] = true
        let (tools, results) = try session(["--api-url", s.url], [
            ["tool": "open_session", "arguments": Self.device],
            ["tool": "sandbox_requests"],
            ["tool": "open_session", "arguments": send],
            ["tool": "open_session", "arguments": ["os": "Windows", "os_version": "1", "app_version": "1", "ip": "8.8.4.4", "send": true]],
            ["tool": "open_session", "arguments": ["branch_secret": "secret_test_other0001"]],
            ["tool": "long_link", "arguments": ["domain": "example.app.link", "channel": "sms", "$deeplink_path": "item/42"]],
            ["tool": "tune_map", "arguments": ["request": "https://1.measurementapi.com/serve?action=conversion&advertiser_id=1&site_id=2&sdk=ios&site_event_name=purchase&device_ip=8.8.4.4&ios_ifa=6D92078A-8246-4BA4-AE5B-76104861E7DC"]],
        ], env: env)
        #expect(Set(tools.compactMap { $0["name"] as? String }) == ["open_session", "read_link", "long_link", "tune_map", "sandbox_requests"])
        for t in tools { #expect(t["schema_valid"] as? Bool == true, "\(t["name"] ?? "?"): \(t["schema_valid"] ?? "?")") }
        let open = try #require(tools.first { $0["name"] as? String == "open_session" }?["inputSchema"] as? [String: Any])
        let properties = try #require(open["properties"] as? [String: Any])
        #expect(properties["os_version"] != nil && properties["send"] != nil && properties["branch_key"] == nil && properties["branch_secret"] == nil,
                "generated from the spec, without credentials")
        func text(_ i: Int) -> String { results[i]["text"] as? String ?? "" }
        func failed(_ i: Int) -> Bool { results[i]["isError"] as? Bool == true }
        // A dry run by default: the request, the secret redacted, nothing received.
        #expect(!failed(0) && text(0).contains("\"url\": \"\(s.url)/v1/open\"") && text(0).contains("<redacted>") && !text(0).contains("secret_test_mcp0001"), "\(text(0))")
        #expect(text(1).trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "nothing sent: \(text(1))")
        // send: true sends.
        #expect(!failed(2) && text(2).contains("\"session_id\""), "\(text(2))")
        #expect(try s.received().filter { $0["path"] as? String == "/v1/open" }.count == 1)
        // Validation errors name the field, nothing sent; credentials in arguments are refused.
        #expect(failed(3) && text(3).contains("os"), "\(text(3))")
        #expect(failed(4) && text(4).contains("branch_secret: credentials come from the server's profile or environment"), "\(text(4))")
        #expect(!failed(5) && text(5).contains("https://example.app.link/a/key_test_mcp0001?"), "\(text(5))")
        #expect(!failed(6) && text(6).contains("\"name\": \"PURCHASE\""), "\(text(6))")
        #expect(try s.received().filter { $0["path"] as? String == "/v1/open" }.count == 1, "only the send: true call reached the sandbox")
    }

    @Test func aServerThatMayNotSendRefusesEverySend() throws {
        let s = try SandboxProcess()
        let env = ["BRANCH_KEY": "key_test_mcp0001", "BRANCH_SECRET": "secret_test_mcp0001", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        var send = Self.device
        send["send"] = true
        let (_, results) = try session(["--api-url", s.url, "--allow-send", "false"], [["tool": "open_session", "arguments": send],
                                                                                      ["tool": "open_session", "arguments": Self.device]], env: env)
        #expect(results.first?["isError"] as? Bool == true && (results.first?["text"] as? String)?.contains("--allow-send false") == true, "\(results)")
        #expect(results.last?["isError"] as? Bool == false, "a dry run is still allowed")
        #expect(try s.received().isEmpty)
    }
}
