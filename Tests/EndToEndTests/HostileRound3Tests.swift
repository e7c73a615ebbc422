// Hostile input and users' files, round 3 (a QA sweep of the built tools): secrets in --explain, findings,
// decrypted data, echoed answers, doctor and the sandbox's log; downloads and reports never written through a
// link or over another kind of file; SQLite's companions; the same IP rules for a flag and a batch line; bnc-api
// paths that stay under --api-url; arguments that are not UTF-8; bnc-mcp's sibling tools.
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct HostileRound3Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_live_round3000000000000000000000"
    static let secret = "secret_live_PLACEHOLDER_ROUND3leak"
    func env(_ s: SandboxProcess, _ extra: [String: String] = [:]) -> [String: String] {
        ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret].merging(extra) { $1 }
    }

    // MARK: secrets

    /// --explain printed a secret-named field's value in clear while --dry-run in the same run masked it.
    @Test func explainMasksSecretNamedFieldsAsDryRunDoes() throws {
        let s = try SandboxProcess()
        // The body's secret is the run's own (another app's is refused since QA round 28a), given by the body only.
        let body = try box.write("body.json", #"{"branch_secret":"secret_live_PLACEHOLDER_EXPLAIN1","note":"x"}"#)
        let api = try box.run("bnc-api", ["POST", "/v1/open", "--body", body, "--dry-run", "--explain"], env: ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key])
        #expect(api.status == 0, "\(api.stderr)")
        #expect(api.stderr.contains(#"explain: body.branch_secret = "<redacted>""#), "\(api.stderr)")
        let link = try box.run("bnc-link", ["create", "--channel", "qa", "--param", "access_token=api_app_PLACEHOLDER_EXPLAIN2", "--dry-run", "--explain"], env: env(s))
        #expect(link.status == 0, "\(link.stderr)")
        #expect(link.stderr.contains(#"body.data.access_token = "<redacted>""#), "\(link.stderr)")
        for r in [api, link] { #expect(!r.output.contains("EXPLAIN"), "\(r.output)") }
        let shown = try box.run("bnc-link", ["create", "--channel", "qa", "--param", "access_token=api_app_PLACEHOLDER_EXPLAIN2", "--dry-run", "--explain", "--show-secrets"], env: env(s))
        #expect(shown.stderr.contains("api_app_PLACEHOLDER_EXPLAIN2"), "--show-secrets shows it: \(shown.stderr)")
        #expect(try s.received().isEmpty, "dry runs send nothing")
    }

    /// A repeated `key` (TUNE's conversion key) was quoted in the finding, and so in every report.
    @Test func aRepeatedSecretParameterIsNotQuotedInFindings() throws {
        let url = "https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&site_id=1&key=ROUND3first&key=ROUND3second"
        let check = try box.run("bnc-tune", ["check", url, "--output", "json"])
        #expect(check.stdout.contains("key is given more than once; TUNE reads the first (<redacted>)"), "\(check.stdout)")
        let log = try box.write("t.log", url + "\n")
        let scan = try box.run("bnc-tune", ["scan", log, "--report", "r.xml", "--junit", "j.xml", "--html", "h.html", "--output", "json"])
        var texts = [check.output, scan.output]
        for f in ["r.xml", "j.xml", "h.html"] { texts.append(try String(contentsOfFile: box.root.appendingPathComponent(f).path, encoding: .utf8)) }
        #expect(!texts.joined().contains("ROUND3"), "\(texts.joined())")
    }

    /// decrypt showed the credentials inside `data` (key, conversion_key, branch_secret) whatever --show-secrets said.
    @Test func decryptMasksTheCredentialsInsideData() throws {
        let sealed = try box.tuneSealed("&device_model=Pixel+8&key=ROUND3inner&branch_secret=secret_live_PLACEHOLDER_ROUND3inner&os_version=14",
                                        key: "0123456789abcdef0123456789ABCDEF")
        let url = "https://877.engine.mobileapptracking.com/serve?action=session&advertiser_id=877&sdk=android&data=\(sealed)"
        for extra in [["--output", "json"], ["--output", "table"], ["--url"]] {
            let d = try box.run("bnc-tune", ["decrypt", url, "--conversion-key-file", "key.txt"] + extra)
            #expect(d.status == 0, "\(d.stderr)")
            #expect(d.stdout.contains("Pixel 8") || d.stdout.contains("Pixel%208"), "\(d.stdout)")
            #expect(!d.output.contains("ROUND3inner"), "\(extra): \(d.output)")
        }
        let shown = try box.run("bnc-tune", ["decrypt", url, "--conversion-key-file", "key.txt", "--output", "json", "--show-secrets"])
        #expect(shown.stdout.contains("secret_live_PLACEHOLDER_ROUND3inner"), "\(shown.stdout)")
    }

    /// An answer that echoes a secret (a link's data holding an access token, the configured secret) printed it
    /// on stdout, though the -v trace and the HAR of the same exchange masked it.
    @Test func answersEchoedOnStdoutAreMasked() throws {
        let s = try SandboxProcess()
        let create = try box.run("bnc-link", ["create", "--channel", "qa", "--param", "note=\(Self.secret)", "--param", "access_token=api_app_PLACEHOLDER_ROUND3echo"], env: env(s))
        #expect(create.status == 0, "\(create.stderr)")
        let link = create.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        for format in ["json", "table"] {
            let read = try box.run("bnc-link", ["read", link, "--output", format], env: env(s))
            #expect(read.status == 0, "\(read.stderr)")
            #expect(read.stdout.contains("<redacted>"), "\(read.stdout)")
            #expect(!read.output.contains("ROUND3"), "\(format): \(read.output)")
        }
        let shown = try box.run("bnc-link", ["read", link, "--output", "json", "--show-secrets"], env: env(s))
        #expect(shown.stdout.contains("api_app_PLACEHOLDER_ROUND3echo") && shown.stdout.contains(Self.secret), "\(shown.stdout)")
    }

    /// doctor printed a password in --api-url's user info, and libcurl's Authorization header in -v.
    @Test func doctorNeverPrintsAURLPassword() throws {
        let s = try SandboxProcess()
        let url = s.url.replacing("http://", with: "http://u:secret_live_PLACEHOLDER_ROUND3doc@")
        let r = try box.run("bnc-doctor", ["-v", "--output", "json"], env: ["BNC_API_URL": url])
        #expect(r.stdout.contains("u:<redacted>@"), "\(r.stdout)")
        #expect(r.stderr.contains("Authorization: <redacted>"), "\(r.stderr)")
        #expect(!r.output.contains("ROUND3doc") && !r.output.contains("Authorization: Basic"), "\(r.output)")
    }

    /// The sandbox's log masked `branch_secret=` as typed but not `branch%5Fsecret=`, which it decodes and
    /// accepts, nor TUNE's `key`.
    @Test func theSandboxLogMasksEscapedNamesAndTheTuneKey() throws {
        let server = try BackgroundTool("bnc-sandbox", ["--port", "0", "--log"], environment: box.environment(), directory: box.root.path)
        #expect(server.waitForLines(1, timeout: 30), "\(server.stderr)")
        let url = try #require(server.outputLines.first?.split(separator: " ").last.map(String.init), "the listening line")
        _ = try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "\(url)/v1/app/\(Self.key)?branch%5Fsecret=ROUND3log1"])
        _ = try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "\(url)/serve?action=session&advertiser_id=877&key=ROUND3log2&conversion_key=ROUND3log3"])
        let deadline = Date().addingTimeInterval(10)
        while !server.stderr.contains("GET /serve") && Date() < deadline { usleep(20_000) }
        server.signal(SIGTERM)
        server.wait()
        #expect(server.stderr.contains("branch%5Fsecret=<redacted>") && server.stderr.contains("&key=<redacted>&"), "\(server.stderr)")
        #expect(!server.stderr.contains("ROUND3"), "\(server.stderr)")
    }

    // MARK: users' files

    /// A report path that is a link to a report keeps the link: the report it names is rewritten.
    @Test func aLinkToAReportStaysALink() throws {
        let log = try box.write("a.log", "https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&site_id=1&sdk=server\n")
        try FileManager.default.createDirectory(atPath: box.root.appendingPathComponent("reports").path, withIntermediateDirectories: true)
        #expect(try box.run("bnc-tune", ["scan", log, "--report", "reports/2026-11.xml"]).status <= 1)
        let latest = box.root.appendingPathComponent("latest.xml").path
        try FileManager.default.createSymbolicLink(atPath: latest, withDestinationPath: "reports/2026-11.xml")
        let before = try String(contentsOfFile: latest, encoding: .utf8)
        let other = try box.write("b.log", "https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=878&site_id=2\n")
        let again = try box.run("bnc-tune", ["scan", other, "--report", latest])
        #expect(again.status <= 1, "\(again.stderr)")
        #expect((try FileManager.default.destinationOfSymbolicLink(atPath: latest)) == "reports/2026-11.xml", "still a link")
        #expect(try String(contentsOfFile: latest, encoding: .utf8) != before, "the report it names was rewritten")
    }

    /// A file that merely mentions a kind's marker is not that kind: the report's own schema names its namespace,
    /// a stylesheet may hold a <testsuite>, an XHTML page may hold an inline <svg>.
    @Test(arguments: [
        ("schema.xsd", #"<?xml version="1.0"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:bnc:report"/>"#, "--report"),
        ("style.xsl", #"<?xml version="1.0"?><xsl:stylesheet version="1.0"><xsl:template match="/"><testsuite/></xsl:template></xsl:stylesheet>"#, "--junit"),
    ])
    func aFileNamingAKindsMarkerIsNotThatKind(_ file: String, _ text: String, _ flag: String) throws {
        let log = try box.write("a.log", "https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&site_id=1\n")
        let target = try box.write(file, text)
        let r = try box.run("bnc-tune", ["scan", log, flag, target])
        #expect(r.status == 78, "\(r.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == text)
    }

    @Test func qrOutAtAnXHTMLPageWithAnInlineSVGIsRefused() throws {
        let s = try SandboxProcess()
        let page = #"<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><svg width="1"/></body></html>"#
        let target = try box.write("page.xhtml", page)
        let r = try box.run("bnc-link", ["qr", "--channel", "qa", "--out", target], env: env(s))
        #expect(r.status == 78, "\(r.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == page)
    }

    /// `--journal` deleted a user's PATH-wal and PATH-shm when starting afresh; the sandbox's --state overwrote them.
    @Test func sqliteCompanionsOfAnotherKindAreRefusedAndKept() throws {
        let s = try SandboxProcess()
        let input = try box.write("events.ndjson", #"{"name":"LOGIN","user_data":{"developer_identity":"u1"}}"# + "\n")
        let journal = box.root.appendingPathComponent("runs.db").path
        let wal = try box.write("runs.db-wal", "my write-ahead notes\n")
        let r = try box.run("bnc-event", ["send", "--batch", input, "--journal", journal], env: env(s))
        #expect(r.status == 78 && r.stderr.contains("runs.db-wal"), "\(r.stderr)")
        #expect(try String(contentsOfFile: wal, encoding: .utf8) == "my write-ahead notes\n")
        #expect(try s.received().isEmpty, "nothing sent")
        let shm = try box.write("sb.db-shm", "my shared notes\n")
        let sandbox = try box.run("bnc-sandbox", ["--port", "0", "--state", box.root.appendingPathComponent("sb.db").path])
        #expect(sandbox.status == 78 && sandbox.stderr.contains("sb.db-shm"), "\(sandbox.stderr)")
        #expect(try String(contentsOfFile: shm, encoding: .utf8) == "my shared notes\n")
    }

    /// Another program's database at state.db was given bnc's tables beside its own.
    @Test func anotherProgramsDatabaseAtStateDbIsRefused() throws {
        let state = box.root.appendingPathComponent(".local/state/bnc/state.db").path
        try FileManager.default.createDirectory(atPath: (state as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(try box.run("/usr/bin/sqlite3", [state, "CREATE TABLE people (name TEXT); INSERT INTO people VALUES ('ada');"]).status == 0)
        let r = try box.run("bnc-open", ["--dry-run", "--os", "ios", "--os-version", "17", "--model", "iPhone", "--app-version", "1",
                                         "--user-agent", "UA", "--idfv", "0C381C08-B808-4C25-BE51-B00BC165B5F8", "--ip", "8.8.4.4"],
                            env: ["BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret])
        #expect(r.status == 78 && r.stderr.contains("another program's database (tables people)"), "\(r.stderr)")
        let tables = try box.run("/usr/bin/sqlite3", [state, ".tables"])
        #expect(tables.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "people", "\(tables.stdout)")
    }

    /// The sandbox's --log-file appended to any regular file, through a link too.
    @Test func theSandboxLogFileIsOnlyItsOwnLog() throws {
        let source = try box.write("main.c", "int main(void) { return 0; }\n")
        let r = try box.run("bnc-sandbox", ["--port", "0", "--detach", "--log-file", source, "--pid-file", "sb.pid"])
        #expect(r.status == 78 && r.stderr.contains("holds something other than bnc-sandbox's log"), "\(r.stderr)")
        #expect(try String(contentsOfFile: source, encoding: .utf8) == "int main(void) { return 0; }\n")
        let link = box.root.appendingPathComponent("link.log").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: box.root.appendingPathComponent("elsewhere.log").path)
        let linked = try box.run("bnc-sandbox", ["--port", "0", "--detach", "--log-file", link, "--pid-file", "sb.pid"])
        #expect(linked.status == 78 && linked.stderr.contains("is a symbolic link"), "\(linked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("elsewhere.log").path))
    }

    /// `bnc-sandbox status|stop --pid-file F` looked at the default pid file: a sandbox started with its own
    /// pid file could not be stopped by the documented command.
    @Test func statusAndStopReadTheirOwnPidFile() throws {
        let pid = box.root.appendingPathComponent("own.pid").path
        let start = try box.run("bnc-sandbox", ["--port", "0", "--detach", "--pid-file", pid])
        #expect(start.status == 0, "\(start.stderr)")
        defer { if let text = try? String(contentsOfFile: pid, encoding: .utf8), let p = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) { kill(p, SIGKILL) } }
        let status = try box.run("bnc-sandbox", ["status", "--pid-file", pid])
        #expect(status.status == 0 && status.stdout.hasPrefix("running as pid"), "\(status.output)")
        let stop = try box.run("bnc-sandbox", ["stop", "--pid-file", pid])
        #expect(stop.status == 0, "\(stop.output)")
        #expect(try box.run("bnc-sandbox", ["status", "--pid-file", pid]).status == 1)
    }

    // MARK: input

    /// `"ip":"8.8.4.4\u0000"` passed (inet_pton stops at the NUL) and was sent as 8.8.4.4; a line's loopback
    /// address skipped the warning --ip draws, and --strict.
    @Test func aBatchLinesIPPassesTheFlagsRules() throws {
        let s = try SandboxProcess()
        let device = #""os":"Android","os_version":"14","model":"Pixel8","app_version":"2.3.0","user_agent":"UA""#
        let input = try box.write("lines.ndjson", "{\(device),\"ip\":\"8.8.4.4\\u0000\"}\n{\(device),\"ip\":\"127.0.0.1\"}\n")
        let r = try box.run("bnc-open", ["--no-state", "--batch", input, "--strict"], env: env(s))
        #expect(r.status == 1, "\(r.output)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains(#""ok":false"#) }, "\(r.stdout)")
        #expect(lines.first?.contains("ip must not contain NUL") == true, "\(r.stdout)")
        #expect(lines.last?.contains("loopback") == true, "\(r.stdout)")
        #expect(try s.received().isEmpty, "nothing sent")
        let flag = try box.run("bnc-open", ["--no-state", "--ip", "8.8.4.4\u{7}", "--os", "android", "--os-version", "14", "--model", "P",
                                            "--app-version", "1", "--user-agent", "UA"], env: env(s))
        #expect(flag.status == 64 && flag.stderr.contains("--ip must not contain NUL or other control characters"), "\(flag.stderr)")
    }

    /// libcurl collapses dot segments: `/../admin` under `--api-url http://host/prefix` left the prefix while
    /// --dry-run showed it inside; `%00` was sent.
    @Test(arguments: ["/../../admin", "/v1/%2e%2E/admin", "/v1/./url", "/v1/url%00", "/v1/url%0A"])
    func aBncAPIPathStaysUnderTheBaseURL(_ path: String) throws {
        let s = try SandboxProcess()
        let r = try box.run("bnc-api", ["GET", path, "--api-url", s.url + "/prefix"], env: env(s))
        #expect(r.status == 64 && r.stderr.hasPrefix("bnc-api: error: path must not contain"), "\(r.stderr)")
        #expect(try s.received().isEmpty, "nothing sent")
    }

    /// Swift repairs argv: `--identity $'a\xff'` reached the command as "a\u{FFFD}" and was sent.
    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
        let s = try SandboxProcess()
        let tool = Executables.path("bnc-open")
        let r = try box.run("/bin/sh", ["-c", "exec \"$0\" --no-state --ip 8.8.4.4 --os android --os-version 14 --model P --app-version 1 --user-agent UA --identity \"$(printf 'a\\377b')\"", tool],
                            env: env(s))
        #expect(r.status == 64, "\(r.output)")
        #expect(r.stderr == "bnc-open: error: --identity's value is not valid UTF-8 text\n", "\(r.stderr)")
        #expect(try s.received().isEmpty, "nothing sent")
    }

    /// Started by name from PATH (as MCP clients start it), bnc-mcp ran ./bnc-open from the working directory.
    @Test func bncMCPRunsItsSiblingsNotTheWorkingDirectorysPrograms() throws {
        let decoy = try box.write("bnc-open", "#!/bin/sh\necho ran >> \"$(dirname \"$0\")/decoy-ran\"\n", mode: 0o755)
        let bin = (Executables.path("bnc-mcp") as NSString).deletingLastPathComponent
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        ].joined(separator: "\n") + "\n"
        let r = try box.run("/bin/sh", ["-c", "(cat; sleep 3) | bnc-mcp"], env: ["PATH": "\(bin):/usr/bin:/bin"], stdin: requests)
        #expect(r.stdout.contains("open_session"), "the tools were listed from the real bnc-open: \(r.output)")
        #expect(!FileManager.default.fileExists(atPath: (decoy as NSString).deletingLastPathComponent + "/decoy-ran"), "the decoy never ran")
    }

    /// Piped requests then the end of stdin: the SDK's loop ended at EOF and the process exited before the
    /// answers to the requests still being handled were written (tools/list was lost about half the time).
    @Test func bncMCPAnswersWhatWasAskedBeforeStdinEnded() throws {
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        ].joined(separator: "\n") + "\n"
        for _ in 0..<3 {
            let r = try box.run("bnc-mcp", ["--sandbox"], stdin: requests)
            #expect(r.stdout.contains(#""id":2"#) && r.stdout.contains("open_session"), "\(r.output.prefix(400))")
        }
    }

    /// `--output json` promised one JSON array; check and map printed a line per request. Without it they
    /// stay NDJSON (what `bnc-event send --batch -` reads).
    @Test func tuneCheckAndMapPrintOneArrayWithOutputJSON() throws {
        let line = "https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&site_id=1&sdk=ios"
            + "&ios_ifv=1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11&device_ip=8.8.8.8&os_version=17&device_model=iPhone&app_version=1&user_agent=UA"
        let log = try box.write("m.log", line + "\n" + line + "\n")
        for sub in ["check", "map"] {
            let array = try box.run("bnc-tune", [sub, log, "--output", "json"])
            let parsed = try JSONSerialization.jsonObject(with: Data(array.stdout.utf8)) as? [Any]
            #expect(parsed?.count == 2, "\(sub): \(array.output)")
            let lines = try box.run("bnc-tune", [sub, log])
            #expect(lines.stdout.split(separator: "\n").count == 2 && lines.stdout.hasPrefix("{"), "\(sub): \(lines.stdout)")
        }
    }

    /// A port past 65535 passed --dry-run and failed at send time as "unreachable" (69). A flag's malformed value
    /// is a usage error (64); the same from the environment, a configuration error (78).
    @Test func aBaseURLPortPast65535IsRefused() throws {
        let r = try box.run("bnc-api", ["GET", "/v1/url", "--api-url", "http://127.0.0.1:99999", "--dry-run"], env: ["BRANCH_KEY": Self.key])
        #expect(r.status == 64 && r.stderr.contains("is not a base URL"), "\(r.stderr)")
        let e = try box.run("bnc-api", ["GET", "/v1/url", "--dry-run"], env: ["BRANCH_KEY": Self.key, "BNC_API_URL": "http://127.0.0.1:99999"])
        #expect(e.status == 78 && e.stderr.contains("is not a base URL"), "\(e.stderr)")
    }

    /// A recording replayed passes the rules a typed request does: a header with CR/LF (another header injected),
    /// a path with dot segments (out of --api-url's prefix) or an escaped NUL is refused, nothing sent.
    @Test(arguments: [
        (#"https://api2.branch.io/v1/url"#, #"{"name":"X-A","value":"a\r\nX-Injected: 1"}"#, "header X-A must not contain control characters"),
        (#"https://api2.branch.io/../../admin/x"#, #"{"name":"X-A","value":"a"}"#, "its URL's path must not contain . or .. segments"),
        (#"https://api2.branch.io/v2/event/custom%00"#, #"{"name":"X-A","value":"a"}"#, "its URL's path must not contain an escaped control character"),
    ])
    func aReplayedRecordingPassesTheTypedRequestsRules(_ url: String, _ header: String, _ rule: String) throws {
        let s = try SandboxProcess()
        let entry = #"{"request":{"method":"GET","url":"\#(url)","headers":[\#(header)]},"response":{"status":200}}"#
        let har = try box.write("r.har", #"{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[\#(entry)]}}"#)
        let r = try box.run("bnc-api", ["--replay", har, "--api-url", s.url + "/pfx"], env: ["BRANCH_KEY": Self.key])
        #expect(r.status == 65 && r.stderr.contains("entry 1: \(rule)"), "\(r.stderr)")
        #expect(try s.received().isEmpty, "nothing sent")
    }

    /// --resume took a journal another command wrote (bnc-link create's, resumed by bnc-link qr) and reported every
    /// line sent, though none was.
    @Test func aJournalIsResumedOnlyByTheCommandThatWroteIt() throws {
        let s = try SandboxProcess()
        let input = try box.write("links.ndjson", #"{"channel":"a"}"# + "\n" + #"{"channel":"b"}"# + "\n")
        let journal = box.root.appendingPathComponent("j.db").path
        #expect(try box.run("bnc-link", ["create", "--batch", input, "--journal", journal], env: env(s)).status == 0)
        let qr = try box.run("bnc-link", ["qr", "--batch", input, "--out-dir", "qrs", "--journal", journal, "--resume"], env: env(s))
        #expect(qr.status == 78 && qr.stderr.contains("belongs to another command (bnc-link create; this is bnc-link qr)"), "\(qr.stderr)")
        let api = box.root.appendingPathComponent("k.db").path
        let events = try box.write("e.ndjson", #"{"name":"x","user_data":{"developer_identity":"u"}}"# + "\n")
        #expect(try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", events, "--journal", api], env: env(s)).status == 0)
        let other = try box.run("bnc-api", ["POST", "/v2/event/standard", "--batch", events, "--journal", api, "--resume"], env: env(s))
        #expect(other.status == 78 && other.stderr.contains("belongs to another command"), "\(other.stderr)")
        let same = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", events, "--journal", api, "--resume", "--concurrency", "2"], env: env(s))
        #expect(same.status == 0, "the same command resumes, other options or not: \(same.stderr)")
    }

    /// A line's image path held a file of another kind: the link was made, then the line failed, and --resume
    /// made it again. The path is checked before the request goes.
    @Test func aQRLinesImagePathIsCheckedBeforeItsRequest() throws {
        let s = try SandboxProcess()
        let input = try box.write("links.ndjson", #"{"channel":"a"}"# + "\n" + #"{"channel":"b"}"# + "\n")
        _ = try box.write("out/qr-1.png", "my notes\n")
        let r = try box.run("bnc-link", ["qr", "--batch", input, "--out-dir", "out"], env: env(s))
        #expect(r.status == 1, "\(r.output)")
        #expect(r.stdout.split(separator: "\n").first?.contains("holds something other than") == true, "\(r.stdout)")
        #expect(try s.received().count == 1, "only line 2 was sent")
        #expect(try String(contentsOfFile: box.root.appendingPathComponent("out/qr-1.png").path, encoding: .utf8) == "my notes\n")
    }

    /// SIGKILL mid-scan left a hidden temporary report of tens of MB beside the target, never removed: the report
    /// is written to an unnamed file (O_TMPFILE) that dies with the process.
    @Test func aKilledScanLeavesNoTemporaryFile() throws {
        let line = "https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&site_id=1\n"
        let log = try box.write("big.log", String(repeating: line, count: 200_000))
        let run = try BackgroundTool("bnc-tune", ["scan", log, "--report", "r.xml", "--jobs", "1"], environment: box.environment(), directory: box.home)
        usleep(700_000)
        run.signal(SIGKILL)
        _ = run.wait()
        let left = try FileManager.default.contentsOfDirectory(atPath: box.home).filter { $0.hasPrefix(".r.xml") || $0 == "r.xml" }
        #expect(left.isEmpty, "\(left)")
    }

    /// `bnc-tune replay FILE --dry-run` sent every line (a preview that sends live sessions and events); then it
    /// was refused, though its help lists --dry-run and --curl. It renders each line's request and sends nothing.
    @Test func replayRendersEachLineOnADryRunAndSendsNothing() throws {
        let s = try SandboxProcess()
        let line = #"203.0.113.7 - - [10/Mar/2023:13:55:36 +0000] "GET /serve?action=session&advertiser_id=877&site_id=1234&sdk=android&google_aid=38400000-8cf0-11bd-b23e-10b96e40000d&os_version=13&device_model=Pixel%207&app_version=2.1&device_ip=198.51.100.9 HTTP/1.1" 200 12 "-" "Dalvik/2.1.0 (Linux; U; Android 13)""#
        let log = try box.write("t.log", line + "\n" + line.replacing("action=session", with: "action=click") + "\n" + line + "\n")
        let dry = try box.run("bnc-tune", ["replay", log, "--dry-run", "--output", "ndjson"], env: env(s))
        #expect(dry.status == 1 && dry.stdout.split(separator: "\n").count == 2 && dry.stdout.contains(#""url":"\#(s.url)/v1/open""#), "\(dry.output)")
        #expect(dry.stderr.contains("line 2") && !dry.stdout.contains("secret_test"), "\(dry.stderr)")
        let curl = try box.run("bnc-tune", ["replay", log, "--curl"], env: env(s))
        #expect(curl.stdout.split(separator: "\n").filter { $0.hasPrefix("curl ") }.count == 2, "\(curl.output)")
        #expect(try s.received().isEmpty, "nothing sent")
        let resume = try box.run("bnc-tune", ["replay", log, "--dry-run", "--resume"], env: env(s))
        #expect(resume.status == 64, "\(resume.output)")
    }

    /// `--handle`/`--job` with --dry-run sent the status request with the access token; a job id with CR/LF was
    /// sent percent-encoded.
    @Test func anExportJobsStatusIsRenderedNotSentOnADryRun() throws {
        let s = try SandboxProcess()
        let e = env(s, ["BRANCH_APP_ID": "100000000000000001", "BRANCH_ACCESS_TOKEN": "api_app_PLACEHOLDER_round3token"])
        let custom = try box.run("bnc-export", ["custom", "--topic", "eo_install", "--start", "2026-11-01T00:00:00Z", "--end", "2026-11-08T00:00:00Z",
                                                "--handle", "XYZ", "--dry-run"], env: e)
        #expect(custom.status == 0 && custom.stdout.contains("/v2/logs/XYZ"), "\(custom.output)")
        let bad = try box.run("bnc-export", ["aggregate", "--data-source", "eo_install", "--dimension", "user_data_os", "--start", "2026-11-21",
                                             "--end", "2026-11-27", "--job", "a\r\nX: 1"], env: e)
        #expect(bad.status == 64 && bad.stderr.contains("--job must be a job id"), "\(bad.stderr)")
        #expect(try s.received().isEmpty, "nothing sent")
    }

    /// A repeated --filter on one dimension dropped the earlier values; an app's redirect took javascript:.
    @Test func filtersMergeAndAppRedirectsAreURLs() throws {
        let s = try SandboxProcess()
        let e = env(s, ["BRANCH_APP_ID": "100000000000000001", "BRANCH_ACCESS_TOKEN": "api_app_PLACEHOLDER_round3token"])
        let q = try box.run("bnc-export", ["query", "--data-source", "eo_install", "--aggregation", "total_count", "--dimension", "user_data_os",
                                           "--start", "2026-11-21", "--end", "2026-11-27", "--filter", "user_data_os=IOS", "--filter", "user_data_os=ANDROID", "--dry-run"], env: e)
        #expect(q.stdout.contains(#""user_data_os" : ["#) || q.stdout.contains(#""user_data_os": ["#), "\(q.stdout)")
        #expect(q.stdout.contains("IOS") && q.stdout.contains("ANDROID"), "\(q.stdout)")
        for set in ["default_desktop_url=javascript:alert(1)", "web_url=ftp://x", "ios_uri_scheme=javascript:"] {
            let r = try box.run("bnc-app", ["update", "--set", set, "--dry-run"], env: e)
            #expect(r.status == 65, "\(set): \(r.output)")
        }
        #expect(try s.received().isEmpty)
    }

    /// An iPhone whose user allowed tracking after its first session was a new device (hardware_id turned from the
    /// IDFV to the IDFA): first_session true again, a second row in the state.
    @Test func anIPhoneIsTheSameDeviceOnceItsIDFAAppears() throws {
        let s = try SandboxProcess()
        let device = ["--os", "iOS", "--os-version", "17.1", "--model", "iPhone15,2", "--app-version", "1.0", "--user-agent", "UA7",
                      "--ip", "8.8.4.7", "--idfv", "33333333-1111-1111-1111-111111111111"]
        let e = env(s, ["BRANCH_KEY": "key_test_round3", "BRANCH_SECRET": "secret_test_round3"])
        #expect(try box.run("bnc-open", device, env: e).status == 0)
        let later = try box.run("bnc-open", device + ["--idfa", "CCCCCCCC-1111-1111-1111-111111111111", "--dry-run"], env: e)
        #expect(later.stdout.contains(#""first_session" : false"#) || later.stdout.contains(#""first_session": false"#), "\(later.stdout)")
        let state = try box.run("bnc-open", ["state", "list", "--output", "json"], env: e)
        #expect(state.stdout.components(separatedBy: "\"device\"").count == 2, "one device: \(state.stdout)")
    }

    /// 2026-02-30 was read as 2 March; a time zone was sent unchecked; a non-numeric --app-id was "required".
    @Test func datesZonesAndAppIDsAreCheckedForWhatTheyAre() throws {
        let s = try SandboxProcess()
        let e = env(s, ["BRANCH_APP_ID": "100000000000000001", "BRANCH_ACCESS_TOKEN": "api_app_PLACEHOLDER_round3token"])
        let day = try box.run("bnc-export", ["daily", "--date", "2026-02-30", "--dry-run"], env: e)
        #expect(day.status == 64 && day.stderr.contains("must be a UTC date as YYYY-MM-DD (got 2026-02-30)"), "\(day.stderr)")
        let window = ["custom", "--topic", "eo_install", "--start", "2026-11-01T00:00:00Z", "--end", "2026-11-08T00:00:00Z", "--dry-run"]
        let zone = try box.run("bnc-export", window + ["--timezone", "Not/AZone"], env: e)
        #expect(zone.status == 64 && zone.stderr.contains("--timezone must be an IANA time zone"), "\(zone.stderr)")
        let app = try box.run("bnc-export", window + ["--app-id", "abc"], env: e)
        #expect(app.status == 64 && app.stderr.contains("--app-id must be the numeric Branch app id"), "\(app.stderr)")
        #expect(try s.received().isEmpty)
    }

    /// `--duration -5` was "Missing value for '--duration <S>'" (64) where the batch line's -5 names the rule.
    @Test func aNegativeNumberAfterAnOptionIsItsValue() throws {
        let s = try SandboxProcess()
        let flag = try box.run("bnc-link", ["create", "--duration", "-5", "--dry-run"], env: env(s))
        #expect(flag.status == 65 && flag.stderr == "bnc-link: error: duration must be between 0 and 31536000 (got -5)\n", "\(flag.stderr)")
        let line = try box.run("bnc-link", ["create", "--batch", "-"], env: env(s), stdin: #"{"duration":-5}"# + "\n")
        #expect(line.stdout.contains("duration must be between 0 and 31536000 (got -5)"), "\(line.stdout)")
        #expect(try s.received().isEmpty)
    }

    /// A numeric flag's value its type cannot read got ArgumentParser's "The value '1.5' is invalid for
    /// '--duration <S>'" (64) where a batch line's 1.5 names the rule (65): now the same words and status.
    @Test func aNumericFlagNamesItsFieldsRuleAsABatchLineDoes() throws {
        let s = try SandboxProcess()
        // The field's range, not a 64-bit one; 100.0 is whole, but written as no integer field takes it.
        for (value, said) in [("1.5", "a whole number between 0 and 31536000"), ("1e400", "a whole number between 0 and 31536000"),
                              ("99999999999999999999", "a whole number between 0 and 31536000"),
                              ("100.0", "written as a whole number, without a fraction or an exponent"),
                              ("1e2", "written as a whole number, without a fraction or an exponent")] {
            let flag = try box.run("bnc-link", ["create", "--duration", value], env: env(s))
            let line = try box.run("bnc-link", ["create", "--batch", "-"], env: env(s), stdin: #"{"duration":\#(value)}"# + "\n")
            let rule = "duration must be \(said) (got \(value))"
            #expect(flag.status == 65 && flag.stderr == "bnc-link: error: \(rule)\n", "\(flag.stderr)")
            #expect(line.stdout.contains(rule), "\(line.stdout)")
        }
        let word = try box.run("bnc-link", ["qr", "https://x.app.link/a", "--width", "wide"], env: env(s))
        #expect(word.status == 65 && word.stderr == "bnc-link: error: width must be a whole number between 300 and 2000 (got \"wide\")\n", "\(word.stderr)")
        let spaced = try box.run("bnc-link", ["create", "--duration", " 100"], env: env(s))
        #expect(spaced.status == 65 && spaced.stderr.contains(#"duration must be a whole number between 0 and 31536000 (got " 100")"#), "\(spaced.stderr)")
        let open = try box.run("bnc-open", ["--os", "android", "--install-begin-ts", "1.5", "--no-state"], env: env(s))
        #expect(open.status == 65 && open.stderr.contains("install_begin_ts must be a whole number"), "\(open.stderr)")
        // A flag that sets no field keeps ArgumentParser's words (a usage error).
        let other = try box.run("bnc-event", ["send", "--batch", "-", "--concurrency", "1.5"], env: env(s), stdin: "")
        #expect(other.status == 64 && other.stderr.contains("The value '1.5' is invalid for '--concurrency <N>'"), "\(other.stderr)")
        #expect(try s.received().isEmpty)
    }

    /// Two BOOL flags had two rules: `--limit-ad-tracking yes` was true, `--facebook-app-link-checked yes` was
    /// ArgumentParser's "The value 'yes' is invalid" (64). One rule now (true/false in any case, 1/0 as the Android
    /// SDK sends), named with the field, exit 65; a device file's value is held to it too.
    @Test func everyBoolFlagHasOneRule() throws {
        let s = try SandboxProcess()
        let device = ["--os", "iOS", "--os-version", "17.1", "--model", "iPhone15,2", "--app-version", "1.0", "--user-agent", "UA7",
                      "--idfv", "00000000-0000-0000-0000-000000000001", "--ip", "8.8.4.4", "--no-state", "--dry-run"]
        let event = ["send", "LOGIN", "--developer-identity", "u1", "--dry-run"]
        for flag in ["--limit-ad-tracking", "--facebook-app-link-checked"] {
            let (tool, args) = flag == "--limit-ad-tracking" ? ("bnc-event", event) : ("bnc-open", device)
            for (value, sent) in [("TRUE", "true"), ("0", "false")] {
                let r = try box.run(tool, args + [flag, value], env: env(s))
                let field = flag == "--limit-ad-tracking" ? "limit_ad_tracking" : "facebook_app_link_checked"
                #expect(r.status == 0 && r.stdout.contains("\"\(field)\": \(sent)"), "\(flag) \(value): \(r.output)")
            }
            for value in ["yes", "on", "maybe"] {
                let r = try box.run(tool, args + [flag, value], env: env(s))
                #expect(r.status == 65 && r.stderr.hasSuffix(" must be true or false (or 1 or 0) (got \"\(value)\")\n") && r.stdout.isEmpty, "\(flag) \(value): \(r.output)")
            }
        }
        let file = try box.write("device.json", #"{"os":"iOS","idfv":"00000000-0000-0000-0000-000000000001","limit_ad_tracking":"yes"}"#)
        let r = try box.run("bnc-open", ["--device", file] + device.dropFirst(2), env: env(s))
        #expect(r.status == 65 && r.stderr.contains("limit_ad_tracking in \(file) must be true or false (or 1 or 0) (got \"yes\")"), "\(r.output)")
        #expect(try s.received().isEmpty)
        // A batch line is held to the same rule (1 is what the Android SDK sends), and sends JSON's true.
        let lines = [#"1"#, #""TRUE""#, #""yes""#, #"2"#].map { #"{"name":"a","user_data":{"developer_identity":"u","limit_ad_tracking":\#($0)}}"# }
        let batch = try box.run("bnc-event", ["send", "--batch", "-"], env: env(s), stdin: lines.joined(separator: "\n") + "\n")
        #expect(batch.stdout.contains(#"limit_ad_tracking must be true or false (or 1 or 0) (got \"yes\")"#)
                && batch.stdout.contains("limit_ad_tracking must be true or false (or 1 or 0) (got 2)"), "\(batch.stdout)")
        let sent = try s.received().compactMap { (($0["body"] as? [String: Any])?["user_data"] as? [String: Any])?["limit_ad_tracking"] }
        let written = try sent.map { String(decoding: try JSONSerialization.data(withJSONObject: ["v": $0]), as: UTF8.self) }
        #expect(written == [#"{"v":true}"#, #"{"v":true}"#], "JSON's true, not 1 or \"TRUE\": \(written)")
    }

    /// `--output csv` on a batch was accepted and ignored (the results came out as NDJSON).
    @Test func aBatchRefusesCSVItCannotPrint() throws {
        let s = try SandboxProcess()
        let input = try box.write("e.ndjson", #"{"name":"LOGIN","user_data":{"developer_identity":"u1"}}"# + "\n")
        let r = try box.run("bnc-event", ["send", "--batch", input, "--output", "csv"], env: env(s))
        #expect(r.status == 64 && r.stderr.contains("--output csv cannot show a batch"), "\(r.stderr)")
        #expect(try s.received().isEmpty)
    }
}
