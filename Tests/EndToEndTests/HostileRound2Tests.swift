// Hostile input and faults, round 2: users' files are never replaced or truncated by a file of another kind,
// reports are whole or not written, closed standard streams are never reused, damaged databases are a
// configuration error naming the file, and the front door fails as a shell would.
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct HostileRound2Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    func env(_ s: SandboxProcess) -> [String: String] { ["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_round2"] }
    static let events = (1...5).map { #"{"name":"LOGIN","user_data":{"developer_identity":"u\#($0)"}}"# }.joined(separator: "\n") + "\n"
    static let notes = "my notes, not a journal\n"

    /// --journal at a user's file, at the --batch input itself, at a device, at a directory: refused, untouched,
    /// nothing sent.
    @Test(arguments: ["notes.txt", "events.ndjson", "/dev/null", "dir"])
    func aJournalPathOfAnotherKindIsRefusedAndLeftAlone(_ target: String) throws {
        let s = try SandboxProcess()
        let input = try box.write("events.ndjson", Self.events)
        let notes = try box.write("notes.txt", Self.notes)
        try FileManager.default.createDirectory(atPath: box.root.appendingPathComponent("dir").path, withIntermediateDirectories: true)
        let path = target.hasPrefix("/") ? target : box.root.appendingPathComponent(target).path
        let r = try box.run("bnc-event", ["send", "--batch", input, "--journal", path], env: env(s))
        #expect(r.status == (target == "events.ndjson" ? 64 : 78), "\(r.stderr)")
        #expect(r.stderr.hasPrefix("bnc-event: error: --journal"), "\(r.stderr)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == Self.notes)
        #expect(try String(contentsOfFile: input, encoding: .utf8) == Self.events)
        #expect(!FileManager.default.fileExists(atPath: notes + ".lock"))
        #expect(try s.received().isEmpty, "nothing sent")
    }

    @Test func aFinishedRunLeavesNoJournalBehindButANamedOneIsKept() throws {
        let s = try SandboxProcess()
        let input = try box.write("events.ndjson", Self.events)
        let journals = box.root.appendingPathComponent(".local/state/bnc/journals").path
        let r = try box.run("bnc-event", ["send", "--batch", input], env: env(s))
        #expect(r.status == 0, "\(r.stderr)")
        // Only its record is left (a few bytes, for a --resume to send nothing again), no journal.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: journals)) ?? []
        #expect(left.count == 1 && left.allSatisfy { $0.hasSuffix(".done") }, "the finished run's journal is removed: \(left)")
        let named = box.root.appendingPathComponent("kept.db").path
        #expect(try box.run("bnc-event", ["send", "--batch", input, "--journal", named], env: env(s)).status == 0)
        #expect(FileManager.default.fileExists(atPath: named), "a --journal is the user's: kept")
    }

    /// With stdout closed, the journal must not take descriptor 1: results are not written into it, exit 74.
    @Test func aClosedStdoutIsNeverReusedAndIsExit74() throws {
        let s = try SandboxProcess()
        let input = try box.write("events.ndjson", Self.events)
        let journal = box.root.appendingPathComponent("j.db").path
        let tool = Executables.path("bnc-event")
        let r = try box.run("/bin/sh", ["-c", "exec \"$0\" send --batch \"$1\" --journal \"$2\" >&-", tool, input, journal], env: env(s))
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write results to standard output"))
        let head = try #require(FileHandle(forReadingAtPath: journal)?.readData(ofLength: 16))
        #expect(String(decoding: head, as: UTF8.self) == "SQLite format 3\0", "the journal is a database, no result line in it")
        let lock = try String(contentsOfFile: journal + ".lock", encoding: .utf8)
        #expect(lock.allSatisfy { $0.isNumber || $0 == "\n" }, "the lock holds a pid only: \(lock.debugDescription)")
    }

    @Test func aDamagedStateDatabaseIsExit78NamingTheFileAndTheFix() throws {
        let state = try box.write(".local/state/bnc/state.db", "SQLite format 3\0" + String(repeating: "garbage", count: 200))
        let r = try box.run("bnc-open", ["--dry-run", "--key", "key_test_round2", "--os", "ios", "--os-version", "17", "--model", "iPhone",
                                         "--app-version", "1", "--user-agent", "UA", "--idfv", "0C381C08-B808-4C25-BE51-B00BC165B5F8",
                                         "--ip", "8.8.4.4"], env: ["BRANCH_SECRET": "secret_test_round2"])
        #expect(r.status == 78, "\(r.stderr)")
        #expect(r.stderr.contains(state) && r.stderr.contains("mv \(state) \(state).damaged"), "\(r.stderr)")
        let text = try box.write("not-state.db", Self.notes)
        let sandbox = try box.run("bnc-sandbox", ["--port", "0", "--state", text])
        #expect(sandbox.status == 78 && sandbox.stderr.contains("holds something other than an SQLite database"), "\(sandbox.stderr)")
        #expect(try String(contentsOfFile: text, encoding: .utf8) == Self.notes)
        let pid = try box.write("pid.txt", Self.notes)
        let detached = try box.run("bnc-sandbox", ["--port", "0", "--pid-file", pid, "--detach"])
        #expect(detached.status == 78, "\(detached.stderr)")
        #expect(try String(contentsOfFile: pid, encoding: .utf8) == Self.notes)
    }

    static func tuneLog(_ lines: Int) -> String {
        (0..<lines).map { "https://877.api-01.com/serve?action=conversion&advertiser_id=877&site_id=1&sdk=server&device_ip=8.8.4.4&site_event_name=e\($0)" }
            .joined(separator: "\n") + "\n"
    }

    /// A report is written beside its path and renamed over it when complete: a path holding another kind of
    /// file is refused; an interrupted scan leaves the old report as it was, and no temporary file.
    @Test func reportsAreWholeOrNotWritten() throws {
        let log = try box.write("access.log", Self.tuneLog(20))
        let notes = try box.write("notes.txt", Self.notes)
        for flag in ["--report", "--junit", "--html"] {
            let r = try box.run("bnc-tune", ["scan", log, flag, notes])
            #expect(r.status == 78 && r.stderr.contains("holds something other than"), "\(flag): \(r.stderr)")
            #expect(try String(contentsOfFile: notes, encoding: .utf8) == Self.notes)
        }
        let report = box.root.appendingPathComponent("findings.xml").path
        let first = try box.run("bnc-tune", ["scan", log, "--report", report, "--output", "json"])
        #expect(first.status == 0 || first.status == 1, "\(first.stderr)")
        let old = try String(contentsOfFile: report, encoding: .utf8)
        #expect(old.hasPrefix("<?xml"))

        let big = try box.write("big.log", Self.tuneLog(400_000))
        let run = try BackgroundTool("bnc-tune", ["scan", big, "--report", report, "--jobs", "1"], environment: box.environment(), directory: box.home)
        usleep(300_000)
        run.signal(SIGINT)
        let status = run.wait()
        #expect(status == 130, "\(run.stderr)")
        #expect(try String(contentsOfFile: report, encoding: .utf8) == old, "the old report is intact")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: box.home).filter { $0.hasPrefix(".findings.xml.") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func aTenMegabyteLogLineIsSkippedAndCounted() throws {
        let log = try box.write("access.log", Self.tuneLog(3) + String(repeating: "x", count: 10 << 20) + "\n" + Self.tuneLog(2))
        let r = try box.run("bnc-tune", ["scan", log, "--output", "json"])
        #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["long_lines_skipped"] as? Int == 1 && json["requests"] as? Int == 5, "\(json)")
        #expect(r.stderr.contains("1 line longer than 1 MiB skipped"))
    }

    @Test func theFrontDoorFailsAsAShellWould() throws {
        let plugins = box.root.appendingPathComponent("plugins").path
        try box.write("plugins/bnc-notexec", "#!/bin/sh\necho hi\n", mode: 0o644)
        try box.write("plugins/bnc-esc", "#!/bin/sh\n# bnc-abstract: \u{1B}[31mred\u{1B}[0m\n", mode: 0o755)
        try box.write("plugins/bnc-\u{1B}x", "#!/bin/sh\n", mode: 0o755)
        try box.write("plugins/bnc-broken", "#!/nonexistent/interpreter\n", mode: 0o755)
        let path = ["PATH": "\(plugins):/usr/bin:/bin"]
        // A name no one can type is not listed as a plugin; a missing #! interpreter is 126, said plainly.
        let names = try box.run("bnc", ["--list"], env: path)
        #expect(!names.stdout.contains("\\x1bx") && names.stderr.contains("is not a usable plugin name"), "\(names.stdout) \(names.stderr)")
        let broken = try box.run("bnc", ["broken"], env: path)
        #expect(broken.status == 126 && broken.stderr.contains("its interpreter (the #! line) was not found"), "\(broken.stderr)")
        let notExec = try box.run("bnc", ["notexec"], env: path)
        #expect(notExec.status == 126 && notExec.stderr.contains("chmod +x"), "\(notExec.stderr)")
        let list = try box.run("bnc", ["--list"], env: path)
        #expect(!list.stdout.contains("\u{1B}") && list.stdout.contains("\\x1b[31mred"), "\(list.stdout)")
        let typed = try box.run("bnc", ["\u{1B}]0;owned\u{7}"], env: path)
        #expect(typed.status == 64 && !typed.stderr.contains("\u{1B}") && !typed.stderr.contains("\u{7}"), "\(typed.stderr.debugDescription)")
        for args in [["--list"], ["--help"], ["--version"]] {
            let full = try box.run("/bin/sh", ["-c", "\"$0\" \"$@\" > /dev/full", Executables.path("bnc")] + args)
            #expect(full.status == 74 && full.stderr.contains("cannot write to standard output"), "\(args): \(full.stderr)")
        }
        for tool in ["bnc-open", "bnc-link"] {
            for flag in ["--help", "--version"] {
                let full = try box.run("/bin/sh", ["-c", "\"$0\" \"$@\" > /dev/full", Executables.path(tool), flag])
                #expect(full.status == 74, "\(tool) \(flag): \(full.stderr)")
            }
        }
    }

    /// Every wait wakes on SIGINT or SIGTERM at once: the rate limiter's (one request in 10 s) and a retry's
    /// back-off (500s answered, 8 retries); without it the first took up to 10 s to stop.
    @Test(arguments: [(["--rate", "0.1"], SIGTERM), (["--retries", "8"], SIGINT)] as [([String], Int32)])
    func aSignalEndsAnyWaitAtOnce(_ flags: [String], _ sig: Int32) throws {
        let s = try SandboxProcess(["--chaos", "500=1"])
        let input = try box.write("events.ndjson", Self.events)
        let run = try BackgroundTool("bnc-event", ["send", "--batch", input, "-v"] + flags, environment: box.environment(env(s)), directory: box.home)
        // Signal once the run is in its wait (-v says "retrying in" when the first answer is taken), however long
        // a loaded machine took to start it: the sandbox's log said only that the request had arrived, and the
        // answer could still be on its way 300 ms later.
        let deadline = Date().addingTimeInterval(20)
        while !run.stderr.contains("retrying in") && Date() < deadline { usleep(20_000) }
        let start = Date()
        run.signal(sig)
        let status = run.wait()
        let took = Date().timeIntervalSince(start)
        #expect(status == 130, "\(run.stderr)")
        #expect(took < 5, "stopped \(took) s after the signal (the waits run to 10 s and more)")
        // Each line taken was sent and is waiting to retry: a failure that says so, not "not sent".
        #expect(run.stderr.contains("interrupted after "), "\(run.stderr)")
        let out = run.outputLines.joined(separator: "\n")
        #expect(out.contains("interrupted while waiting to retry: sent ") && !out.contains("before it was sent"), "\(out)")
    }

    /// A batch line is held to the single request's rules: its os and os_version too; nothing of it is sent.
    @Test func batchLinesOSRulesAreTheSingleRequests() throws {
        let s = try SandboxProcess()
        let input = try box.write("os.ndjson", #"{"name":"LOGIN","user_data":{"developer_identity":"u","os":"Windows"}}"# + "\n"
            + #"{"name":"LOGIN","user_data":{"developer_identity":"u","os":"ios","os_version":" "}}"# + "\n"
            + #"{"name":"LOGIN","user_data":{"developer_identity":"u","os":"ios","os_version":"17.4"}}"# + "\n")
        let r = try box.run("bnc-event", ["send", "--batch", input], env: env(s))
        #expect(r.status == 1, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].contains("user_data.os must be iOS, Android, tv_OS or mac_OS (got Windows)"))
        #expect(lines[1].contains("user_data.os_version must not be blank"))
        let received = try s.received()
        #expect(received.count == 1, "only the valid line is sent")
        #expect((received.first?["body"] as? [String: Any]).flatMap { ($0["user_data"] as? [String: Any])?["os"] as? String } == "iOS", "sent in Branch's case")
    }

    /// An error that quotes the user's input masks the secrets the tool knows (here the environment's) and the
    /// value of any parameter named as secret, as results and traces do: a single request's error printed the
    /// secret (`(got S3cret…)`), and so did a usage error quoting a path. --show-secrets shows them.
    @Test func errorsQuotingTheInputMaskSecrets() throws {
        let s = try SandboxProcess()
        let secret = "S3cret-round2-value"
        var withSecret = env(s)
        withSecret["BRANCH_SECRET"] = secret
        let single = try box.run("bnc-event", ["send", "PURCHASE", "--os", secret, "--developer-identity", "u"], env: withSecret)
        #expect(single.status == 65, "\(single.stderr)")
        #expect(single.stderr.contains("(got <redacted>)") && !single.stderr.contains(secret), "\(single.stderr)")
        let path = try box.run("bnc-api", ["GET", "/v1/app/\(secret)?x=1"], env: withSecret)
        #expect(path.status == 64, "\(path.stderr)")
        #expect(path.stderr.contains("/v1/app/<redacted>?x=1") && !path.stderr.contains(secret), "\(path.stderr)")
        let named = try box.run("bnc-api", ["GET", "/v1/app/key?branch_secret=never-configured-42"], env: env(s))
        #expect(named.status == 64, "\(named.stderr)")
        #expect(named.stderr.contains("branch_secret=<redacted>") && !named.stderr.contains("never-configured-42"), "\(named.stderr)")
        let shown = try box.run("bnc-event", ["send", "PURCHASE", "--os", secret, "--developer-identity", "u", "--show-secrets"], env: withSecret)
        #expect(shown.status == 65 && shown.stderr.contains("(got \(secret))"), "\(shown.stderr)")
        #expect(try s.received().isEmpty, "nothing sent")
    }

    /// `bnc-sandbox --log` writes each request's line masked too: a client's branch_secret in a query string was
    /// logged as sent.
    @Test func theSandboxLogMasksSecretsInQueries() throws {
        let server = try BackgroundTool("bnc-sandbox", ["--port", "0", "--log"], environment: box.environment(), directory: box.root.path)
        #expect(server.waitForLines(1, timeout: 30), "\(server.stderr)")
        let url = try #require(server.outputLines.first?.split(separator: " ").last.map(String.init), "the listening line")
        let r = try box.run("bnc-api", ["GET", "/v1/url", "-q", "url=x", "-q", "branch_secret=logged-secret-77"], env: ["BNC_API_URL": url, "BRANCH_KEY": "key_test_round2"])
        #expect(r.status != 0, "the sandbox has no such link")
        let deadline = Date().addingTimeInterval(10)
        while !server.stderr.contains("GET /v1/url") && Date() < deadline { usleep(20_000) }
        server.signal(SIGTERM)
        server.wait()
        #expect(server.stderr.contains("branch_secret=<redacted>"), "\(server.stderr)")
        #expect(!server.stderr.contains("logged-secret-77"), "\(server.stderr)")
    }

    /// Secrets found in the data — a logged URL's branch_secret, access tokens, an AdServices token — are masked
    /// in every report, table and trace (they were copied into JUnit and HTML); --show-secrets shows them.
    @Test func secretsInLoggedRequestsAreMaskedInEveryReport() throws {
        let leaks = ["secret_live_PLACEHOLDER_LEAK1", "api_app_PLACEHOLDER_LEAK2", "api_LEAK3", "key_LEAK4", "LEAKASA5", "LEAKADSVC6", "LEAKCONV7"]
        let line = "https://877.api-01.com/serve?action=conversion&advertiser_id=877&site_id=1&sdk=server&device_ip=8.8.4.4"
            + "&site_event_name=e&branch_secret=\(leaks[0])&access_token=\(leaks[1])&Access-Token=\(leaks[2])&api_key=\(leaks[3])"
            + "&apple_attribution_token=\(leaks[4])&attribution_token=\(leaks[5])&conversion_key=\(leaks[6])"
        let log = try box.write("a.log", line + "\n" + line.replacing("action=conversion", with: "action=session") + "\n")
        var texts: [String] = []
        for format in ["table", "json", "ndjson"] {
            let r = try box.run("bnc-tune", ["scan", log, "--output", format, "--report", "r.xml", "--junit", "j.xml", "--html", "h.html"])
            texts += [r.stdout, r.stderr]
            for f in ["r.xml", "j.xml", "h.html"] { texts.append(try String(contentsOfFile: box.root.appendingPathComponent(f).path, encoding: .utf8)) }
        }
        #expect(texts.joined().contains("&lt;redacted&gt;"), "masked, as XML and HTML escape it")
        for leak in leaks { #expect(!texts.joined().contains(leak), "\(leak) leaked") }
        let shown = try box.run("bnc-tune", ["scan", log, "--junit", "-", "--show-secrets"])
        #expect(shown.stdout.contains(leaks[0]), "--show-secrets shows them")
    }

    /// An answer that echoes an access token (the sandbox's record of a DELETE) masks it as it masks a secret.
    @Test func anEchoedAccessTokenIsMaskedLikeAnEchoedSecret() throws {
        let s = try SandboxProcess()
        let token = "api_app_PLACEHOLDER_ECHOED77"
        _ = try box.run("/usr/bin/curl", ["-s", "-X", "DELETE", "-H", "Access-Token: \(token)", s.url + "/v1/url?url=x&app_id=1"])
        _ = try box.run("/usr/bin/curl", ["-s", "-H", "Content-Type: application/json", "-d", #"{"branch_key":"key_test_a","branch_secret":"secret_test_ECHOED88","name":"x"}"#, s.url + "/v2/event/custom"])
        for format in ["json", "table", "ndjson"] {
            let r = try box.run("bnc-api", ["GET", "/_sandbox/requests", "--no-key", "--output", format, "-v"], env: env(s))
            #expect(r.status == 0, "\(r.stderr)")
            #expect(!r.stdout.contains(token) && !r.stderr.contains(token), "\(format): the access token leaked")
            #expect(!r.stdout.contains("secret_test_ECHOED88") && !r.stderr.contains("secret_test_ECHOED88"))
            #expect(r.stdout.contains("<redacted>"))
        }
    }

    /// bnc-api is held to the other tools' rules: a 2xx that is not JSON (a captive portal) is exit 76, and a
    /// batch line answered so is never acknowledged in the journal (--resume sends it again); --raw opts out.
    @Test func bncAPIsNonJSONSuccessIs76AndNeverAcknowledged() throws {
        let portal = ScriptedReply.respond(status: 200, headers: [("Content-Type", "text/html")], body: "<html>log in to the Wi-Fi</html>")
        let server = try LoopbackServer(fallback: portal)
        let api = ["BNC_API_URL": server.baseURL, "BRANCH_KEY": "key_test_round2"]
        let single = try box.run("bnc-api", ["GET", "/v1/url", "-q", "url=x"], env: api)
        #expect(single.status == 76 && single.stderr.contains("not JSON (text/html)"), "\(single.stderr)")
        #expect(single.stdout.isEmpty)
        let raw = try box.run("bnc-api", ["GET", "/v1/url", "-q", "url=x", "--raw"], env: api)
        #expect(raw.status == 0 && raw.stdout.contains("log in to the Wi-Fi"))

        let input = try box.write("events.ndjson", Self.events)
        let journal = box.root.appendingPathComponent("j.db").path
        let batch = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", input, "--journal", journal], env: api)
        #expect(batch.status == 1, "\(batch.stderr)")
        #expect(batch.stdout.split(separator: "\n").allSatisfy { $0.contains("\"ok\":false") && $0.contains("not JSON") })
        let sent = server.received.count
        let resumed = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", input, "--journal", journal, "--resume"], env: api)
        #expect(!resumed.stderr.contains("acknowledged earlier"), "no line was acknowledged: \(resumed.stderr)")
        #expect(server.received.count > sent, "nothing acknowledged, so --resume sends the lines again")
        // Numbers a service cannot read are refused, in a single request and a batch line alike.
        let huge = try box.run("bnc-api", ["POST", "/v2/event/custom", "-f", "n:=1e999"], env: api)
        #expect(huge.status == 65 && huge.stderr.contains("n must be a finite number within 64 bits"), "\(huge.stderr)")
        let lines = try box.write("nums.ndjson", #"{"name":"x","n":123456789012345678901234567890}"# + "\n")
        let numbers = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", lines], env: api)
        #expect(numbers.stdout.contains("n must be a finite number within 64 bits"), "\(numbers.stdout)")
        server.stop()
    }

    /// The probe's second round: another program's SQLite database (bnc's own state.db among them) is no journal
    /// and no sandbox state; a report path holding another XML or HTML file is not a report's.
    @Test func anotherProgramsDatabaseOrPageIsNeverWrittenOver() throws {
        let s = try SandboxProcess()
        let input = try box.write("events.ndjson", Self.events)
        let db = box.root.appendingPathComponent("app.db").path
        #expect(try box.run("/usr/bin/env", ["python3", "-c", "import sqlite3; c=sqlite3.connect('\(db)'); c.execute('create table precious(x)'); c.execute('insert into precious values (42)'); c.commit()"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let r = try box.run("bnc-event", ["send", "--batch", input, "--journal", db], env: env(s))
        #expect(r.status == 78 && r.stderr.contains("another program's database (tables precious)"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "the database is byte for byte as it was")
        let state = try box.run("bnc-sandbox", ["--port", "0", "--state", db])
        #expect(state.status == 78, "\(state.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        #expect(try s.received().isEmpty)
        // A database with a table named like one of a journal's (`meta` is common), with or without others, is not
        // a journal: it was taken for one, unlinked and made again (the user's tables gone).
        for tables in [["users", "meta"], ["meta"]] {
            let app = box.root.appendingPathComponent("app-\(tables.count).db").path
            let made = tables.map { "c.execute('create table \($0)(k, v)'); c.execute(\"insert into \($0) values ('schema', '7')\")" }.joined(separator: "; ")
            #expect(try box.run("/usr/bin/env", ["python3", "-c", "import sqlite3; c=sqlite3.connect('\(app)'); \(made); c.commit()"]).status == 0)
            let kept = try Data(contentsOf: URL(fileURLWithPath: app))
            for resume in [false, true] {
                let j = try box.run("bnc-event", ["send", "--batch", input, "--journal", app] + (resume ? ["--resume"] : []), env: env(s))
                #expect(j.status == 78 && j.stderr.contains("another program's database"), "\(tables) \(resume): \(j.stderr)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: app)) == kept, "\(tables): byte for byte as it was")
            }
        }
        #expect(try s.received().isEmpty)

        let log = try box.write("access.log", Self.tuneLog(3))
        let pom = try box.write("pom.xml", "<?xml version=\"1.0\"?>\n<project><modelVersion>4.0.0</modelVersion></project>\n")
        let page = try box.write("index.html", "<!DOCTYPE html>\n<html><body>my site</body></html>\n")
        for (flag, path) in [("--report", pom), ("--junit", pom), ("--html", page)] {
            let scan = try box.run("bnc-tune", ["scan", log, flag, path])
            #expect(scan.status == 78 && scan.stderr.contains("holds something other than"), "\(flag): \(scan.stderr)")
        }
        #expect(try String(contentsOfFile: pom, encoding: .utf8).contains("<project>"))
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("my site"))
        // A report bnc wrote is its own kind: written over on the next run.
        let html = box.root.appendingPathComponent("r.html").path
        for _ in 0..<2 { #expect([0, 1].contains(try box.run("bnc-tune", ["scan", log, "--html", html]).status)) }
    }

    @Test func aSandboxWhoseListeningLineCannotBeWrittenStops() throws {
        let r = try box.run("/bin/sh", ["-c", "exec \"$0\" --port 0 >&-", Executables.path("bnc-sandbox")])
        #expect(r.status == 74 && r.stderr.contains("cannot write the listening line"), "\(r.stderr)")
    }

    @Test func aSecretFilesByteOrderMarkIsNotPartOfTheSecret() throws {
        let s = try SandboxProcess()
        let file = try box.write("secret.txt", "\u{FEFF}secret_test_bom1\n")
        let r = try box.run("bnc-open", ["--secret-file", file, "--os", "ios", "--os-version", "17", "--model", "iPhone", "--app-version", "1",
                                         "--user-agent", "UA", "--idfv", "0C381C08-B808-4C25-BE51-B00BC165B5F8", "--ip", "8.8.4.4", "--no-state"],
                            env: env(s))
        #expect(r.status == 0, "\(r.stderr)")
        let body = try #require(try s.received().first?["body"] as? [String: Any])
        #expect(body["branch_secret"] as? String == "secret_test_bom1")
    }

    /// bnc-tune replay sends a batch from its argument: the batch flags (--journal, --resume) are its own.
    @Test func replayTakesTheBatchFlags() throws {
        let s = try SandboxProcess()
        let log = try box.write("access.log", Self.tuneLog(3).replacing("site_event_name=e", with: "site_event_name=e&user_id=u1"))
        let journal = box.root.appendingPathComponent("replay.db").path
        let r = try box.run("bnc-tune", ["replay", log, "--journal", journal], env: env(s).merging(["BRANCH_SECRET": "secret_test_round2"]) { a, _ in a })
        #expect(r.status != 64, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: journal))
        let again = try box.run("bnc-tune", ["replay", log, "--journal", journal, "--resume"], env: env(s).merging(["BRANCH_SECRET": "secret_test_round2"]) { a, _ in a })
        #expect(again.status != 64, "\(again.stderr)")
    }
}
