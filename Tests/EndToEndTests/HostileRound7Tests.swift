// Users' files and secrets, round 7 (a QA sweep with full and read-only disks, other programs' databases and
// echoing servers): a SQLite database SQLite could not read at that moment (a crashed writer's hot journal, a
// damaged schema) was taken for bnc's own journal and deleted.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound7Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_live_round7PLACEHOLDER", secret = "secret_live_PLACEHOLDER_round7"
    static let token = "api_app_PLACEHOLDER_round7", app = "123456789"

    func python(_ script: String) throws {
        let r = try box.run("/usr/bin/env", ["python3", "-c", script])
        #expect(r.status == 0 || r.status == 9, "\(r.stderr)")
    }

    /// A user's database that SQLite would not read read-only — its writer crashed mid-transaction (a hot rollback
    /// journal beside it), or one schema entry is damaged — was taken for bnc's own journal: deleted and replaced,
    /// exit 0. It is refused and left as it is: the committed rows stay (the crashed transaction rolled back, as
    /// any reader of it would), and a damaged schema is named.
    @Test func aDatabaseSQLiteCannotListIsNeverTakenForAJournal() throws {
        let db = box.root.appendingPathComponent("app.db").path
        try python("""
        import sqlite3, os
        c = sqlite3.connect('\(db)', isolation_level=None)
        c.execute('create table customers(id integer primary key, name text)')
        c.execute("insert into customers values (1, 'alice'), (2, 'bob')")
        c.execute('PRAGMA cache_size=1'); c.execute('BEGIN')
        for i in range(3, 20000): c.execute('insert into customers values (?, ?)', (i, 'x' * 100))
        os._exit(9)
        """)
        #expect(FileManager.default.fileExists(atPath: db + "-journal"), "the writer's hot journal")
        let lines = try box.write("ev.ndjson", #"{"name":"EV1","user_data":{"developer_identity":"u1","user_agent":"UA"},"ip":"8.8.4.4"}"# + "\n")
        let env = ["BRANCH_KEY": Self.key, "BNC_API_URL": "http://127.0.0.1:9"]
        for extra in [[], ["--resume"]] {
            let r = try box.run("bnc-event", ["send", "--batch", lines, "--no-state", "--journal", db] + extra, env: env)
            #expect(r.status == 78 && r.stderr.contains("another program's database (tables customers)"), "\(extra): \(r.output)")
        }
        let rows = try box.run("/usr/bin/env", ["python3", "-c", "import sqlite3; print(sqlite3.connect('\(db)').execute('select count(*) from customers').fetchone()[0])"])
        #expect(rows.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2", "the committed rows: \(rows.output)")
        let tables = try box.run("/usr/bin/env", ["python3", "-c", "import sqlite3; print(sorted(r[0] for r in sqlite3.connect('\(db)').execute('select name from sqlite_master')))"])
        #expect(tables.stdout.contains("['customers']"), "no bnc table written into it: \(tables.stdout)")

        let damaged = box.root.appendingPathComponent("damaged.db").path
        try python("""
        import sqlite3
        c = sqlite3.connect('\(damaged)', isolation_level=None)
        c.execute('create table customers(id integer primary key, name text)'); c.execute("insert into customers values (1, 'alice')")
        c.execute('PRAGMA writable_schema=ON'); c.execute("update sqlite_master set sql='CREATE TABLE customers(' where name='customers'")
        """)
        let before = try Data(contentsOf: URL(fileURLWithPath: damaged))
        let r = try box.run("bnc-event", ["send", "--batch", lines, "--no-state", "--journal", damaged], env: env)
        #expect(r.status == 78 && r.stderr.contains("\(damaged) is damaged or not a database") && r.stderr.contains("malformed")
                && r.stderr.contains("it is left as it is"), "\(r.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: damaged)) == before, "left byte for byte")
        let state = try box.run("bnc-sandbox", ["--port", "0", "--state", damaged])
        #expect(state.status == 78 && state.stderr.contains("--state \(damaged) is damaged or not a database"), "\(state.output)")
    }

    /// A server that echoes the request, as JSON with one Latin-1 byte (not UTF-8) or gzip-encoded: the recording
    /// kept the answer as Base64 of its raw bytes, the echoed branch_secret and Access-Token readable once decoded,
    /// while stdout, stderr and -v masked them.
    @Test func aRecordingMasksSecretsInAnswersThatAreNotUTF8OrAreGzip() throws {
        let script = box.root.appendingPathComponent("echo.py").path
        try """
        import http.server, json, gzip, sys
        class H(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *a): pass
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get('Content-Length') or 0))
                echo = json.dumps({"headers": dict(self.headers), "body": body.decode('utf-8', 'replace')}).encode()
                hdrs = [("Content-Type", "application/json")]
                if self.path.startswith('/latin1'):
                    data = b'{"note":"caf\\xe9","echo":' + echo + b'}'
                else:
                    data = gzip.compress(echo); hdrs.append(("Content-Encoding", "gzip"))
                self.send_response(200)
                for k, v in hdrs: self.send_header(k, v)
                self.send_header("Content-Length", str(len(data))); self.end_headers(); self.wfile.write(data)
        s = http.server.HTTPServer(('127.0.0.1', 0), H)
        print(s.server_address[1], flush=True)
        s.serve_forever()
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let server = try BackgroundTool("/usr/bin/python3", [script], environment: ["PATH": "/usr/bin:/bin"], directory: box.root.path)
        defer { server.signal(SIGKILL); _ = server.wait() }  // the test runner's ignored SIGTERM is inherited
        #expect(server.waitForLines(1, timeout: 30), "\(server.stderr)")
        let url = "http://127.0.0.1:" + (server.outputLines.first ?? "")
        let env = ["BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret, "BRANCH_ACCESS_TOKEN": Self.token]
        for path in ["/latin1/v1/url", "/gzip/v1/url"] {
            let har = box.root.appendingPathComponent("rec\(path.count).har").path
            let r = try box.run("bnc-api", ["POST", path, "--api-url", url, "--with-secret", "--with-access-token", "-f", "channel=x", "--record", har, "-v"], env: env)
            #expect(!r.output.contains(Self.secret) && !r.output.contains(Self.token), "\(path): \(r.output)")
            let recorded = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: har))) as? [String: Any])
            let entries = (recorded["log"] as? [String: Any])?["entries"] as? [[String: Any]] ?? []
            let content = try #require((entries.first?["response"] as? [String: Any])?["content"] as? [String: Any], "\(recorded)")
            let text = content["text"] as? String ?? ""
            let bytes = content["encoding"] as? String == "base64" ? [UInt8](Data(base64Encoded: text) ?? Data()) : Array(text.utf8)
            let decoded = String(decoding: bytes, as: UTF8.self)
            #expect(decoded.contains("<redacted>") && decoded.contains("channel"), "\(path): the echo, masked: \(decoded)")
            #expect(!decoded.contains(Self.secret) && !decoded.contains(Self.token), "\(path): \(decoded)")
            if path.hasPrefix("/latin1") {
                #expect(content["encoding"] as? String == "base64" && bytes.contains(0xE9), "the byte that is not UTF-8 kept: \(content)")
            } else {
                #expect(content["encoding"] == nil && (content["compression"] as? Int ?? 0) > 0, "recorded decoded: \(content)")
            }
        }
    }

    /// A second --detach wrote over the pid file of a sandbox still running (which ran on, lost to stop and status),
    /// a user's file of digits and spaces was taken for a pid file, written over and deleted at exit, and a link to
    /// another program's pid file was written through. A sandbox removes the pid file only while it names it.
    @Test func aPidFileIsTheSandboxsOwn() throws {
        let env = ["XDG_STATE_HOME": box.root.appendingPathComponent("state").path]
        let first = try box.run("bnc-sandbox", ["--detach", "--port", "0"], env: env)
        #expect(first.status == 0, "\(first.output)")
        defer { _ = try? box.run("bnc-sandbox", ["stop"], env: env) }
        let second = try box.run("bnc-sandbox", ["--detach", "--port", "0"], env: env)
        #expect(second.status == 75 && second.stderr.contains("a bnc-sandbox already runs as pid"), "\(second.output)")
        let foreground = try box.run("bnc-sandbox", ["--port", "0", "--pid-file", box.root.appendingPathComponent("state/bnc/sandbox.pid").path])
        #expect(foreground.status == 75 && !foreground.stdout.contains("listening"), "refused before it listens: \(foreground.output)")
        let status = try box.run("bnc-sandbox", ["status"], env: env)
        #expect(status.status == 0 && first.stdout.contains(status.stdout.components(separatedBy: "listening on ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"),
                "the first one is still the one named: \(status.stdout) / \(first.stdout)")

        let card = try box.write("card.txt", "4111 1111 1111 1111\n")
        let r = try box.run("bnc-sandbox", ["--port", "0", "--pid-file", card])
        #expect(r.status == 78 && r.stderr.contains("holds something other than a process id"), "\(r.output)")
        #expect(try String(contentsOfFile: card, encoding: .utf8) == "4111 1111 1111 1111\n")
        let other = try box.write("other/nginx.pid", "4242\n")
        let link = box.root.appendingPathComponent("my.pid").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: other)
        let linked = try box.run("bnc-sandbox", ["--port", "0", "--pid-file", link])
        #expect(linked.status == 78 && linked.stderr.contains("is a symbolic link"), "\(linked.output)")
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "4242\n")

        // A stale pid file (no such process) is the sandbox's to write; at exit it is removed only if still its own.
        let stale = try box.write("stale.pid", "999999\n")
        let s = try SandboxProcess(["--pid-file", stale])
        #expect(try String(contentsOfFile: stale, encoding: .utf8) != "999999\n")
        try "4242\n".write(toFile: stale, atomically: true, encoding: .utf8)
        _ = s.stop()
        #expect(try String(contentsOfFile: stale, encoding: .utf8) == "4242\n", "another's pid file now: left")
    }

    /// `bnc-link qr --batch` on a disk that filled up went on: every later line made a link on Branch and lost
    /// its image, and the run ended 1. It stops at the first image it cannot write, and ends 74.
    @Test(.enabled(if: SmallFileSystem.available)) func aFullDiskStopsAQRBatch() throws {
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"\#(Self.secret)","app_id":"\#(Self.app)","access_token":"\#(Self.token)"}]"#)
        let s = try SandboxProcess(["--keys", keys])
        let fs = try #require(SmallFileSystem(under: box.root.path, bytes: 64 << 10))
        let lines = try box.write("q.ndjson", (0..<40).map { #"{"alias":"full\#($0)"}"# }.joined(separator: "\n") + "\n")
        let env = ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret, "BRANCH_ACCESS_TOKEN": Self.token, "BRANCH_APP_ID": Self.app]
        let r = try box.run("bnc-link", ["qr", "--batch", lines, "--out-dir", fs.path + "/qd", "--output", "ndjson"], env: env)
        #expect(r.status == 74 && r.stderr.contains("No space left on device"), "\(r.stderr)")
        let sent = try s.received().filter { ($0["path"] as? String)?.hasSuffix("qr-code") == true }.count
        #expect(sent < 40, "it stopped sending: \(sent) sent")
        let results = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let failed = results.filter { $0["ok"] as? Bool == false }
        #expect(!failed.isEmpty && failed.allSatisfy { ($0["error"] as? String)?.contains("No space left on device") == true
            || ($0["error"] as? String)?.contains("the run stopped when an answer could not be written") == true }, "\(failed)")
        #expect(results.count < 40, "the lines after it were not read: \(results.count) results")
    }

    /// A report on a read-only file system was "write-protected", with a chmod hint for a file of mode 600.
    @Test(.enabled(if: SmallFileSystem.available)) func aReadOnlyFileSystemIsNamed() throws {
        let fs = try #require(SmallFileSystem(under: box.root.path, bytes: 1 << 20))
        let log = try box.write("a.log", "/serve?action=session&advertiser_id=877&site_id=1234&sdk=server&device_ip=8.8.4.4\n")
        let report = fs.path + "/r.xml"
        #expect(try box.run("bnc-tune", ["scan", log, "--report", report]).status == 1)
        #expect(fs.makeReadOnly())
        let r = try box.run("bnc-tune", ["scan", log, "--report", report])
        #expect(r.status == 74 && r.stderr.contains("Read-only file system") && !r.stderr.contains("chmod"), "\(r.stderr)")
    }

    /// libxml2 printed its own "I/O error" lines beside bnc's one line on a full disk, in about one run of ten: its
    /// error handlers are per thread, and were silenced on the thread that loaded it, not on the scan's others.
    @Test(.enabled(if: SmallFileSystem.available)) func aFullDiskIsOneLineWhicheverThreadWritesTheReport() throws {
        let fs = try #require(SmallFileSystem(under: box.root.path, bytes: 64 << 10))
        let log = try box.write("big.log", (0..<3000).map {
            "/serve?action=conversion&advertiser_id=877&site_id=1234&sdk=server&device_ip=8.8.4.4&site_event_name=e\($0)&user_agent=UA"
        }.joined(separator: "\n") + "\n")
        for _ in 0..<12 {
            let r = try box.run("bnc-tune", ["scan", log, "--report", fs.path + "/r.xml", "--junit", fs.path + "/j.xml", "--jobs", "2", "--output", "json"])
            #expect(r.status == 74 && r.stderr.split(separator: "\n").count == 1 && !r.stderr.contains("I/O error"), "\(r.stderr)")
        }
    }

    /// A value shaped like a Branch credential was quoted when it was not the run's own: a secret pasted where its
    /// file's name goes (in errors and doctor's JSON), another app's token as --ip, another app's secret in a batch
    /// line. Its shape alone masks it now, unless --show-secrets.
    @Test func credentialShapedValuesAreMaskedWhereverTheyAreQuoted() throws {
        let other = "secret_live_PLACEHOLDER_otherapp7", otherToken = "api_app_PLACEHOLDER_othertoken7"
        let config = try box.write("c.toml", "default_profile = \"a\"\n[profile.a]\nbranch_key = \"\(Self.key)\"\nbranch_secret_file = \"\(other)\"\n")
        let link = try box.run("bnc-link", ["create", "--dry-run"], env: ["BNC_CONFIG": config])
        #expect(link.status != 0 && link.stderr.contains("branch_secret_file: cannot open <redacted>") && !link.output.contains(other), "\(link.output)")
        let doctor = try box.run("bnc-doctor", ["--offline", "--output", "json"], env: ["BNC_CONFIG": config])
        #expect(doctor.stdout.contains("branch_secret_file") && !doctor.output.contains(other), "\(doctor.output)")
        let ip = try box.run("bnc-api", ["GET", "/v1/url", "--ip", otherToken], env: ["BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret])
        #expect(ip.status == 64 && ip.stderr.contains("(got \"<redacted>\")") && !ip.output.contains(otherToken), "\(ip.output)")
        let lines = try box.write("e.ndjson", #"{"name":"EV1","user_data":{"developer_identity":"u1","user_agent":"UA"},"ip":"\#(other)"}"# + "\n")
        let batch = try box.run("bnc-event", ["send", "--batch", lines, "--no-state"], env: ["BRANCH_KEY": Self.key, "BNC_API_URL": "http://127.0.0.1:9"])
        #expect(batch.status == 1 && batch.stdout.contains("<redacted>") && !batch.output.contains(other), "\(batch.output)")
        let shown = try box.run("bnc-api", ["GET", "/v1/url", "--ip", otherToken, "--show-secrets"], env: ["BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret])
        #expect(shown.stderr.contains(otherToken), "--show-secrets shows it: \(shown.output)")
    }

    /// Two flags naming one file were found only when the run wrote it, after every line was sent (exit 78, the
    /// recording lost, a retry sending again); `--replay X --record X` replaced the recording being replayed. Each
    /// pair is refused before anything is read or sent (64).
    @Test func twoFlagsNamingOneFileAreRefusedBeforeAnythingIsSent() throws {
        let s = try SandboxProcess()
        let env = ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret, "BRANCH_ACCESS_TOKEN": Self.token, "BRANCH_APP_ID": Self.app]
        let lines = try box.write("ev.ndjson", #"{"name":"EV1","user_data":{"developer_identity":"u1","user_agent":"UA"},"ip":"8.8.4.4"}"# + "\n")
        let same = box.root.appendingPathComponent("same").path
        let cases: [(tool: String, args: [String], flags: String)] = [
            ("bnc-event", ["send", "--batch", lines, "--no-state", "--journal", same, "--record", same], "--record and --journal"),
            ("bnc-event", ["send", "--batch", lines, "--no-state", "--record", lines], "--record"),
            ("bnc-link", ["qr", "--alias", "same7", "--out", same + ".png", "--record", same + ".png"], "--record and --out"),
        ]
        for c in cases {
            let r = try box.run(c.tool, c.args, env: env)
            #expect(r.status == 64 && r.stderr.contains(c.flags), "\(c.args): \(r.output)")
        }
        #expect(try s.received().isEmpty, "nothing sent")
        #expect(try String(contentsOfFile: lines, encoding: .utf8).contains("EV1"), "the input kept")
        let recording = box.root.appendingPathComponent("rec.har").path
        #expect(try box.run("bnc-api", ["GET", "/v1/url", "-q", "url=\(s.url)/nolink", "--record", recording], env: env).status != 64)
        let before = try Data(contentsOf: URL(fileURLWithPath: recording))
        let replay = try box.run("bnc-api", ["--replay", recording, "--record", recording], env: env)
        #expect(replay.status == 64 && replay.stderr.contains("--record names the --replay input itself"), "\(replay.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: recording)) == before, "the recording kept")
        let log = try box.write("scan.log", "/serve?action=session&advertiser_id=877&site_id=1234&sdk=server&device_ip=8.8.4.4\n")
        let scan = try box.run("bnc-tune", ["scan", log, "--html", log])
        #expect(scan.status == 64 && scan.stderr.contains("--html names the log itself"), "\(scan.output)")
    }
}
