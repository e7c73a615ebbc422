// QA round 24: a server's topic names wrote files outside --dir; secrets after `"` or `#` escaped the masking of
// -v, --record and reports; --replay sent what --body and -H refuse; bnc-mcp's sandbox_clock forwarded what its
// own schema refuses.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound12Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let today: String = {
        var t = time(nil) - 86_400
        var parts = tm()
        gmtime_r(&t, &parts)
        return String(format: "%04d-%02d-%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday)
    }()

    /// `bnc-export daily` named each file after the answer's topic: `../../x` wrote outside --dir, and escape codes
    /// reached the progress line and a file name. A topic is letters, digits and `_`; anything else is an answer
    /// that could not be read (76), with nothing written.
    @Test(arguments: ["../../../../ESCAPED", "eo_\u{1B}]0;PWNED\u{07}\u{1B}[2Jinstall", "eo/install", ""])
    func aDailyAnswersTopicIsNoPath(_ topic: String) throws {
        let store = try LoopbackServer(script: [.respond(status: 200, headers: [("Content-Type", "application/octet-stream")], body: "x")])
        let name = String(decoding: try JSONSerialization.data(withJSONObject: [topic], options: []), as: UTF8.self).dropFirst().dropLast()
        let api = try LoopbackServer(script: [.json(200, #"{\#(name): ["\#(store.baseURL)/eo_install-0.csv.gz"]}"#)])
        let dir = box.root.appendingPathComponent("exports/a/b/c/d").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let run = try box.runOnTerminal("bnc-export", ["daily", "--date", Self.today, "--dir", dir],
                                        env: ["BNC_API_URL": api.baseURL, "BRANCH_KEY": "key_live_PLACEHOLDER", "BRANCH_SECRET": "secret_live_PLACEHOLDER"])
        #expect(run.status == 76, "\(run.terminal)")
        #expect(run.terminal.contains("names a topic that is not letters, digits and _"), "\(run.terminal)")
        #expect(!run.terminal.contains("\u{1B}]0;") && !run.terminal.contains("\u{07}"), "no control character reaches the terminal")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("ESCAPED-0.csv.gz").path))
        #expect(store.received.isEmpty, "no file downloaded")
    }

    /// A secret right after a quote or `#` was masked on stdout but kept by -v, --record and the scan's JUnit and
    /// HTML reports (the text redactor took only `?`, `&`, space and `;` as where a name starts).
    @Test func aSecretAfterAQuoteOrAFragmentIsMaskedEverywhere() throws {
        let s = try SandboxProcess()
        let key = "PLACEHOLDER_conversion_key_0001"
        _ = try curlPost(s.url + "/v1/open", body: "conversion_key=\(key)&branch_key=key_test_PLACEHOLDER")
        let har = box.root.appendingPathComponent("rec.har").path
        let api = try box.run("bnc-api", ["GET", "/_sandbox/requests", "-v", "--record", har], env: ["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_PLACEHOLDER"])
        #expect(api.status == 0, "\(api.stderr)")
        #expect(api.stdout.contains("conversion_key=<redacted>"), "the form body was logged: \(api.stdout.prefix(300))")
        #expect(!api.stdout.contains(key) && !api.stderr.contains(key))
        #expect(!(try String(contentsOfFile: har, encoding: .utf8)).contains(key), "the recording")

        let log = try box.write("t.log", "https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&site_id=1&sdk=ios&ios_ifa=6D92078A-8246-4BA4-AE5B-76104861E7DC#branch_secret=PLACEHOLDERFRAG\n")
        let junit = box.root.appendingPathComponent("j.xml").path, html = box.root.appendingPathComponent("h.html").path
        let scan = try box.run("bnc-tune", ["scan", log, "--junit", junit, "--html", html, "--output", "json"])
        #expect([0, 1].contains(scan.status), "\(scan.stderr)")
        for path in [junit, html] {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(!text.contains("PLACEHOLDERFRAG") && text.contains("branch_secret=&lt;redacted&gt;"), "\(path)")
        }
        #expect(!scan.stdout.contains("PLACEHOLDERFRAG"))
    }

    /// A POST with curl (the sandbox logs it as sent; no bnc code involved).
    func curlPost(_ url: String, body: String) throws -> ProcessResult {
        try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-H", "Content-Type: application/x-www-form-urlencoded", "--data", body, url])
    }

    /// `bnc-api --replay` built each entry's request without --body's checks, and sent the framing headers -H
    /// refuses (Upgrade, TE, Trailer, Keep-Alive, Proxy-Connection).
    @Test func aReplayedEntryPassesBodysChecksAndSendsNoFramingHeader() throws {
        let s = try SandboxProcess()
        func har(_ body: String, headers: [(String, String)] = []) throws -> String {
            let entry: [String: Any] = ["request": ["method": "POST", "url": "https://api2.branch.io/v1/url",
                                                    "headers": headers.map { ["name": $0.0, "value": $0.1] },
                                                    "postData": ["mimeType": "application/json", "text": body]] as [String: Any],
                                        "response": ["status": 200]]
            let data = try JSONSerialization.data(withJSONObject: ["log": ["version": "1.2", "entries": [entry]]])
            return try box.write("r\(body.count).har", String(decoding: data, as: UTF8.self))
        }
        let env = ["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_PLACEHOLDER"]
        for (body, rule) in [(#"{"branch_key":"<redacted>","data":{"p":"x\u0000y"}}"#, "body data.p must not contain NUL characters"),
                             (#"{"branch_key":"<redacted>","data":{"n":123456789012345678901234567890}}"#, "data.n")] {
            let run = try box.run("bnc-api", ["--replay", try har(body)], env: env)
            #expect(run.status == 65 && run.stderr.contains("--replay: entry 1: ") && run.stderr.contains(rule), "\(run.stderr)")
        }
        #expect(try s.received().isEmpty, "nothing sent")
        let framed = try box.run("bnc-api", ["--replay", try har(#"{"branch_key":"<redacted>","channel":"a"}"#, headers: [
            ("Upgrade", "h2c"), ("TE", "trailers"), ("Trailer", "X-Foo"), ("Keep-Alive", "timeout=999"), ("Proxy-Connection", "keep-alive"), ("X-Kept", "1")])], env: env)
        #expect(framed.status == 0, "\(framed.stderr)")
        let headers = try #require(try s.received().first?["headers"] as? [String: Any])
        #expect(!headers.keys.contains { ["upgrade", "te", "trailer", "keep-alive", "proxy-connection"].contains($0.lowercased()) }, "\(headers.keys.sorted())")
        #expect(headers.keys.contains { $0.lowercased() == "x-kept" }, "other headers are replayed")
    }
}
