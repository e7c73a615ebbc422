// QA round 27a (hostile input on bnc-link qr, bnc-app, bnc-asa and batch journals), end to end against
// `bnc-sandbox --port 0` and loopback servers: each finding's reproduction, and what is sent or written.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound15Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_test_round15", secret = "secret_test_PLACEHOLDER_r15"

    func sandbox(_ extra: [String] = []) throws -> SandboxProcess {
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"\#(Self.secret)","app_id":"1515"}]"#)
        return try SandboxProcess(["--keys", keys] + extra)
    }

    func env(_ s: SandboxProcess) -> [String: String] { ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret] }

    static let event = #"{"name":"PURCHASE","user_data":{"os":"iOS","developer_identity":"u1"},"ip":"8.8.4.4"}"#

    func events(_ s: SandboxProcess) throws -> Int { try s.received().filter { ($0["path"] as? String)?.hasPrefix("/v2/event") == true }.count }

    /// F1: 5,000 `{` crashed bnc-asa's plist reader (SIGSEGV). Nesting is bounded as JSON's is: exit 65, one line.
    @Test func deeplyNestedIAdTextIsRefusedNotACrash() throws {
        let deep = try box.run("bnc-asa", ["decode-iad", "-"], stdin: String(repeating: "{", count: 5000))
        #expect(deep.status == 65 && deep.stderr.contains("nesting deeper than 256 levels"), "\(deep.output.prefix(500))")
        let encode = try box.run("bnc-asa", ["encode-iad", "-"], stdin: String(repeating: "{", count: 20000))
        #expect(encode.status == 65, "\(encode.output.prefix(500))")
        // 200 levels, well-formed, read as they are.
        let nested = #"{ "Version3.1" = "# + String(repeating: #"{ "a" = "#, count: 200) + "1;" + String(repeating: " };", count: 200) + " }"
        let fine = try box.run("bnc-asa", ["decode-iad", "-", "--output", "json"], stdin: nested)
        #expect(![134, 139].contains(fine.status), "\(fine.output.prefix(500))")
    }

    /// F2: SQLite unlinks `FILE-journal` when it opens FILE: a user's `run-journal` beside `--journal run` (or
    /// `st.db-journal` beside the sandbox's `--state st.db`) was deleted. Refused (78), the file kept, nothing sent.
    @Test func aUsersFileNamedLikeTheRollbackJournalIsKept() throws {
        let s = try sandbox()
        let lines = try box.write("ev.ndjson", Self.event + "\n")
        let notes = try box.write("run-journal", "my notes, do not delete\n")
        let run = try box.run("bnc-event", ["send", "--batch", lines, "--journal", box.root.appendingPathComponent("run").path], env: env(s))
        #expect(run.status == 78 && run.stderr.contains("rollback journal"), "\(run.output)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes, do not delete\n")
        #expect(try events(s) == 0)

        let state = try box.write("st.db-journal", "notes\n")
        let server = try box.run("bnc-sandbox", ["--port", "0", "--state", box.root.appendingPathComponent("st.db").path])
        #expect(server.status == 78 && server.stderr.contains("rollback journal"), "\(server.output)")
        #expect(try String(contentsOfFile: state, encoding: .utf8) == "notes\n")
    }

    /// F3 and F10: `--journal ""` (an unset variable) kept no journal and left `./.lock`; a journal that is the file
    /// standard output goes to wrote over the results. Both are usage errors, before anything is sent.
    @Test func anEmptyJournalOrOneThatIsStandardOutputIsRefused() throws {
        let s = try sandbox()
        let lines = try box.write("ev.ndjson", Self.event + "\n")
        let empty = try box.run("bnc-event", ["send", "--batch", lines, "--journal", ""], env: env(s))
        #expect(empty.status == 64 && empty.stderr.contains("--journal must name a file (it is empty)"), "\(empty.output)")
        #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent(".lock").path))
        let bnc = Executables.path("bnc-event")
        let same = try box.run("/bin/sh", ["-c", "'\(bnc)' send --batch ev.ndjson --journal results.ndjson > results.ndjson"], env: env(s))
        #expect(same.status == 64 && same.stderr.contains("names the file standard output goes to"), "\(same.output)")
        let qr = try box.run("bnc-link", ["qr", "--batch", lines, "--out-dir", ""], env: env(s))
        #expect(qr.status == 64 && qr.stderr.contains("--out-dir must name a directory (it is empty)"), "\(qr.output)")
        #expect(try events(s) == 0)
    }

    /// F4: a run without --resume wiped a kept journal's unfinished run, whose acknowledged lines then had to be sent
    /// again. Refused (78) while it holds acknowledged lines of a run that did not finish; a finished run may start afresh.
    @Test func aKeptJournalsUnfinishedRunIsNotWipedByAFreshRun() throws {
        let s = try sandbox()
        // The second line is refused before it is sent: the run ends with one line acknowledged, one failed.
        let bad = Self.event.replacingOccurrences(of: "\"PURCHASE\"", with: "\"P\\u202eURCHASE\"")
        let lines = try box.write("two.ndjson", Self.event + "\n" + bad + "\n")
        let journal = box.root.appendingPathComponent("kept.db").path
        let first = try box.run("bnc-event", ["send", "--batch", lines, "--journal", journal], env: env(s))
        #expect(first.status == 1 && first.stdout.contains("bidirectional overrides"), "\(first.output)")
        #expect(try events(s) == 1)
        let other = try box.write("other.ndjson", Self.event.replacingOccurrences(of: "u1", with: "u2") + "\n")
        for input in [other, lines] {
            let fresh = try box.run("bnc-event", ["send", "--batch", input, "--journal", journal], env: env(s))
            #expect(fresh.status == 78 && fresh.stderr.contains("holds an unfinished run of") && fresh.stderr.contains("acknowledged 1 line;")
                    && fresh.stderr.contains("--resume"), "\(fresh.output)")
        }
        #expect(try events(s) == 1, "nothing sent by the refused runs")
        let fixed = try box.write("two.ndjson", Self.event + "\n" + Self.event.replacingOccurrences(of: "u1", with: "u3") + "\n")
        _ = fixed
        try FileManager.default.removeItem(atPath: journal)
        let finished = try box.run("bnc-event", ["send", "--batch", lines, "--journal", journal], env: env(s))
        #expect(finished.status == 0, "\(finished.output)")
        let again = try box.run("bnc-event", ["send", "--batch", lines, "--journal", journal], env: env(s))
        #expect(again.status == 0, "a finished run's journal starts afresh: \(again.output)")
        #expect(try events(s) == 5)
    }

    /// F5: the QR answer's first bytes were all that was checked: an SVG with a script, an event handler or a
    /// javascript: link was saved as the user's image. Such an answer is unreadable (76) and nothing is written.
    @Test(arguments: [
        #"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>"#,
        #"<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(2)"><text>x</text></a></svg>"#,
    ])
    func anSVGAnswerWithActiveContentIsNotWritten(_ svg: String) throws {
        let server = try LoopbackServer(script: [.respond(status: 200, headers: [("Content-Type", "image/svg+xml")], body: svg)])
        let out = box.root.appendingPathComponent("code.svg").path
        let run = try box.run("bnc-link", ["qr", "--format", "svg", "--out", out], env: ["BNC_API_URL": server.baseURL, "BRANCH_KEY": Self.key])
        #expect(run.status == 76 && run.stderr.contains("nothing was written"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// F5: the sandbox's own images, as Branch's, still pass: a PNG, a JPEG and an SVG.
    @Test func theSandboxsImagesPassTheirChecks() throws {
        let s = try sandbox()
        for format in ["png", "jpg", "svg"] {
            let out = box.root.appendingPathComponent("code.\(format)").path
            let run = try box.run("bnc-link", ["qr", "--format", format, "--out", out], env: env(s))
            #expect(run.status == 0 && FileManager.default.fileExists(atPath: out), "\(format): \(run.output)")
        }
    }

    /// F6: bnc-app sent `javascript:` fallback URLs and malformed identifiers. Each is refused (65) naming the
    /// setting; well-formed values pass.
    static let appCases: [(String, Bool)] = [
        ("ios_url=javascript:alert(1)", false), ("ios_url=data:text/html,<script>alert(1)</script>", false),
        ("android_url=javascript:alert(document.cookie)", false), ("ios_bundle_id=com..example", false),
        ("ios_bundle_id=.com.example", false), ("ios_bundle_id=-", false), ("ios_bundle_id=1", false),
        ("android_package_name=example", false), ("android_package_name=com.1example", false),
        ("android_package_name=com.ex-ample", false), ("ios_team_id=abcde12345", false), ("ios_uri_scheme=http://", false),
        ("ios_url=https://apps.apple.com/app/id512451233", true), ("ios_url=id512451233", true),
        ("android_url=com.example.app", true), ("ios_bundle_id=com.example.my-app", true),
        ("android_package_name=com.example.my_app", true), ("ios_team_id=ABCDE12345", true), ("ios_uri_scheme=myapp://", true),
    ]

    @Test(arguments: appCases)
    func appSettingsAreHeldToTheirRules(_ setting: String, _ passes: Bool) throws {
        let s = try sandbox()
        let run = try box.run("bnc-app", ["update", "--set", setting, "--dry-run"], env: env(s))
        let name = String(setting.prefix { $0 != "=" })
        if passes {
            #expect(run.status == 0, "\(setting): \(run.output)")
        } else {
            #expect(run.status == 65 && run.stderr.contains("\(name) must be"), "\(setting): \(run.output)")
        }
    }

    @Test func aFingerprintListedTwiceIsRefused() throws {
        let s = try sandbox()
        let f = Array(repeating: "AB", count: 32).joined(separator: ":")
        let run = try box.run("bnc-app", ["update", "--set", "sha256_cert_fingerprints=\(f),\(f.lowercased())", "--dry-run"], env: env(s))
        #expect(run.status == 65 && run.stderr.contains("sha256_cert_fingerprints[1] repeats [0]"), "\(run.output)")
    }

    /// F7: hostile values were echoed whole: 100 KB to 500 KB on one stderr line or one result. A message keeps
    /// 1,000 bytes of it and says how much it cut.
    @Test func aHostileValueIsQuotedWithinBounds() throws {
        let s = try sandbox()
        let flag = try box.run("bnc-event", ["send", "PURCHASE", "--developer-identity", "x", "--ip", "8.8.4.4",
                                             "--currency", String(repeating: "U", count: 100_000), "--dry-run"], env: env(s))
        #expect(flag.status == 65 && flag.stderr.utf8.count < 1200 && flag.stderr.contains("more bytes)"), "\(flag.stderr.utf8.count) bytes")
        let long = Self.event.replacingOccurrences(of: "\"ip\"", with: #""event_data":{"revenue":\#(String(repeating: "9", count: 500_000))},"ip""#)
        let lines = try box.write("long.ndjson", long + "\n")
        let batch = try box.run("bnc-event", ["send", "--batch", lines], env: env(s))
        #expect(batch.status == 1 && batch.stdout.utf8.count < 1400 && batch.stdout.contains("more bytes)"), "\(batch.stdout.utf8.count) bytes")
    }

    /// F8: a token indented by four spaces (a log line) was taken for one whose '+' signs became spaces.
    @Test func anIndentedTokenIsRead() throws {
        let s = try sandbox()
        var token = ""
        for _ in 0..<50 {
            let answer = try s.control("/_sandbox/asa-token", method: "POST", body: "{}") as? [String: Any]
            token = try #require(answer?["token"] as? String)
            if !token.contains("+") { break }
        }
        try #require(!token.contains("+"))
        let run = try box.run("bnc-asa", ["lookup", "    " + token, "--output", "json"], env: ["BNC_API_URL": s.url])
        #expect(run.status == 0, "\(run.output)")
    }

    /// F9: a token file holding the sandbox's token twice, one a line, was joined and sent (Apple answers 400).
    /// Refused (65) before sending; the token read once from the same kind of file is looked up.
    @Test func aTokenFileOfTwoTokensIsRefusedBeforeSending() throws {
        let s = try sandbox()
        let answer = try s.control("/_sandbox/asa-token", method: "POST", body: "{}") as? [String: Any]
        let token = try #require(answer?["token"] as? String)
        let two = try box.write("two.txt", token + "\n" + token + "\n")
        let run = try box.run("bnc-asa", ["lookup", "--token-file", two, "--no-cache"], env: ["BNC_API_URL": s.url])
        #expect(run.status == 65 && run.stderr.contains("holds 2 tokens, one a line"), "\(run.status) \(run.stderr)")
        #expect(!run.stderr.contains(token), "a token is secret")
        #expect(try s.received().filter { ($0["path"] as? String) == "/api/v1/" }.isEmpty)
        let one = try box.write("one.txt", token + "\n")
        let fine = try box.run("bnc-asa", ["lookup", "--token-file", one, "--no-cache", "--output", "json"], env: ["BNC_API_URL": s.url])
        #expect(fine.status == 0, "\(fine.output)")
    }

    /// F11 and F12: a code whose colours are one is a blank square; controls and bidi overrides in labels, event
    /// names and app names were sent. Refused (65) before sending; free data (custom_data) is the user's.
    @Test func blankCodesAndControlsInLabelsAreRefused() throws {
        let s = try sandbox()
        let blank = try box.run("bnc-link", ["qr", "--code-color", "#fff", "--out", box.root.appendingPathComponent("b.png").path], env: env(s))
        #expect(blank.status == 65 && blank.stderr.contains("code_color must differ from background_color"), "\(blank.output)")
        let channel = try box.run("bnc-link", ["create", "--channel", "ch\u{1B}]0;pwned\u{07}"], env: env(s))
        #expect(channel.status == 65 && channel.stderr.contains("channel must not contain control characters (U+001B)"), "\(channel.output)")
        let name = try box.run("bnc-app", ["update", "--set", "app_name=\u{202E}evil", "--dry-run"], env: env(s))
        #expect(name.status == 65 && name.stderr.contains("app_name must not contain bidirectional overrides"), "\(name.output)")
        #expect(try s.received().filter { ($0["path"] as? String) != "/v1/app/\(Self.key)" }.isEmpty, "nothing sent but the settings read")
        let low = try box.run("bnc-link", ["qr", "--code-color", "#AAAAAA", "--out", box.root.appendingPathComponent("l.png").path], env: env(s))
        #expect(low.status == 0 && low.stderr.contains("below 3:1 a code may not scan"), "\(low.output)")
    }

    /// bnc-mcp --http on a port in use printed ArgumentParser's `Error: bind(descriptor:ptr:bytes:): ...` and exit 1;
    /// the sandbox's message had NIO's text. Both say the system's reason in one line, exit 69.
    @Test func aPortInUseIsOneLineAndExit69() throws {
        let s = try sandbox()
        let port = try #require(s.url.split(separator: ":").last.map(String.init))
        let mcp = try box.run("bnc-mcp", ["--http", "127.0.0.1:\(port)"], stdin: "")
        #expect(mcp.status == 69 && mcp.stderr.hasPrefix("bnc-mcp: error: cannot listen on 127.0.0.1:\(port): Address already in use"), "\(mcp.output)")
        let again = try box.run("bnc-sandbox", ["--port", port])
        #expect(again.status == 69 && again.stderr.contains("cannot listen on 127.0.0.1:\(port): Address already in use\n"), "\(again.output)")
    }
}
