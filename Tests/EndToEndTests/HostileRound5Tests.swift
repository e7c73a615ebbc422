// Hostile input, round 5 (a QA sweep of bnc-mcp, the front door, bnc-api, bnc-asa and bnc doctor): a number no
// double holds wedged bnc-mcp's stdin; a tool's stdin member ignored its schema's type; the AdServices token showed
// in the sandbox's log; an argument past Linux's limit failed as an internal error; doctor reached production when
// the settings failed.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound5Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let initialize = [
        #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    ]

    static func answers(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    static func text(_ answer: [String: Any]?) -> String {
        (((answer?["result"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
    }

    /// `1e400` in a message: the SDK refused it under an id it made up, the request stayed counted as in flight, and
    /// the end of stdin waited for its answer for ever. Now one -32700 with the request's id, and the server ends.
    @Test func aNumberNoDoubleHoldsIsRefusedAndTheServerStillEnds() throws {
        let messages = Self.initialize + [
            #"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"create_link","arguments":{"channel":"x","data":{"n":1e400}}}}"#,
            #"{"jsonrpc":"2.0","id":9,"method":"ping","params":{"x":-1e400}}"#,
            #"{"jsonrpc":"2.0","id":10,"method":"ping","params":{"x":1e-400}}"#,
            #"{"jsonrpc":"2.0","id":11,"method":"ping"}"#,
        ]
        let start = Date()
        let r = try box.run("bnc-mcp", ["--api-url", "http://127.0.0.1:9"], stdin: messages.joined(separator: "\n") + "\n")
        #expect(r.status == 0 && Date().timeIntervalSince(start) < 30, "\(r.stderr)")
        let answers = Self.answers(r.stdout)
        for id in [8, 9, 10] {
            let error = answers.first { $0["id"] as? Int == id }?["error"] as? [String: Any]
            #expect(error?["code"] as? Int == -32700, "\(id): \(answers)")
            #expect((error?["message"] as? String)?.contains("outside the range of a double") == true, "\(answers)")
        }
        #expect(answers.first { $0["id"] as? Int == 11 }?["result"] != nil)
        #expect(!answers.contains { ($0["id"] as? String)?.count == 36 }, "no made-up id: \(answers)")
    }

    /// asa_lookup's token given as null, true or a number went to Apple as that text; a string past Linux's
    /// 128 KiB an argument failed as an internal "Argument list too long".
    @Test func toolInputsKeepTheirSchemaBeforeAnythingIsSent() throws {
        let s = try SandboxProcess()
        var messages = Self.initialize
        for (i, token) in ["null", "true", "12345678", #""""#].enumerated() {
            messages.append(#"{"jsonrpc":"2.0","id":\#(i + 1),"method":"tools/call","params":{"name":"asa_lookup","arguments":{"adservices_token":\#(token),"send":true}}}"#)
        }
        messages.append(#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"create_link","arguments":{"channel":""# + String(repeating: "x", count: 200_000) + #""}}}"#)
        let r = try box.run("bnc-mcp", ["--api-url", s.url], stdin: messages.joined(separator: "\n") + "\n")
        #expect(r.status == 0, "\(r.stderr)")
        let answers = Self.answers(r.stdout)
        func said(_ id: Int) -> String { Self.text(answers.first { $0["id"] as? Int == id }) }
        #expect(said(1).contains("adservices_token must be of type string, got null; nothing sent"), "\(said(1))")
        #expect(said(2).contains("got boolean") && said(3).contains("got number"), "\(said(2)) \(said(3))")
        #expect(said(4).contains("must be at least 1 characters"), "\(said(4))")
        #expect(said(9).contains("channel is longer than 131071 bytes"), "\(said(9).prefix(300))")
        #expect(try s.received().isEmpty)
    }

    /// The sandbox's log showed the AdServices token a lookup sent (its body is the token: no name to mask it by),
    /// through bnc-api and bnc-mcp's sandbox_requests alike.
    @Test func theSandboxsLogMasksTheAdServicesToken() throws {
        let s = try SandboxProcess()
        let token = try s.control("/_sandbox/asa-token", method: "POST", body: #"{"attribution":true}"#) as? [String: Any]
        let t = try #require(token?["token"] as? String)
        let lookup = try box.run("bnc-asa", ["lookup", "-"], env: ["BNC_API_URL": s.url], stdin: t)
        #expect(lookup.status == 0, "\(lookup.output)")
        #expect((try s.received().first?["body"] as? String) == t, "the sandbox itself keeps what it received")
        let api = try box.run("bnc-api", ["GET", "/_sandbox/requests", "--no-key"], env: ["BNC_API_URL": s.url])
        #expect(api.status == 0 && api.stdout.contains("/api/v1/") && !api.output.contains(String(t.prefix(40))), "\(api.output.prefix(600))")
        let shown = try box.run("bnc-api", ["GET", "/_sandbox/requests", "--no-key", "--show-secrets"], env: ["BNC_API_URL": s.url])
        #expect(shown.stdout.contains(String(t.prefix(40))), "--show-secrets shows it")
        let mcp = try box.run("bnc-mcp", ["--api-url", s.url],
                              stdin: (Self.initialize + [#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"sandbox_requests","arguments":{}}}"#])
                                .joined(separator: "\n") + "\n")
        #expect(mcp.stdout.contains("/api/v1/") && !mcp.output.contains(String(t.prefix(40))), "\(mcp.stdout.prefix(600))")
    }

    /// A secret file readable by others failed the settings, and doctor then probed api2.branch.io and Apple
    /// although the profile's api_url named the sandbox.
    @Test func doctorAsksTheProfilesAddressWhenTheSettingsFail() throws {
        let s = try SandboxProcess()
        let secret = try box.write("secret.txt", "secret_live_PLACEHOLDER_DOCTOR5\n", mode: 0o644)
        try box.write(".config/bnc/config.toml", """
            default_profile = "local"
            [profile.local]
            branch_key = "key_live_doctor5aaaaaaaaaaaaaaaaaaaaaaaa"
            branch_secret_file = "\(secret)"
            api_url = "\(s.url)"

            """)
        let r = try box.run("bnc-doctor", ["--output", "json"])
        #expect(r.status == 78, "the secret file fails the configuration: \(r.output)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let checks = report["checks"] as? [[String: Any]] ?? []
        let upstreams = checks.filter { ($0["check"] as? String)?.hasPrefix("upstream") == true }
        #expect(upstreams.count == 1 && (upstreams.first?["detail"] as? String)?.contains(s.url) == true, "\(upstreams)")
        #expect(!r.output.contains("api2.branch.io") && !r.output.contains("adservices.apple.com"), "\(r.output)")
        #expect(!r.output.contains("DOCTOR5"), "no secret printed")
    }
}
