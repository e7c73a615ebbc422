// bnc-export against bnc-sandbox: traffic sent with a live key comes back through the daily export once the day is
// over and through a custom export job, as NDJSON, CSV or JSON rows; downloads resume from a partial file and a
// damaged file is refused; the documented limits are checked before anything is sent; no secret is printed.
import CCurl
import Foundation
import Testing
import TestSupport

@Suite struct ExportEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_live_export0001"
    static let secret = "secret_live_PLACEHOLDER_EXPORT"
    static let token = "api_app_PLACEHOLDER_EXPORT"

    func sandbox() throws -> SandboxProcess {
        UTCDay.awayFromMidnight()  // the tests send, then ask for Self.today
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"\#(Self.secret)","app_id":"777","access_token":"\#(Self.token)"}]"#)
        return try SandboxProcess(["--keys", keys])
    }

    func env(_ s: SandboxProcess) -> [String: String] {
        ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret, "BRANCH_ACCESS_TOKEN": Self.token, "BRANCH_APP_ID": "777"]
    }

    /// The server validator a download keeps in its file's extended attribute.
    static func validator(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = getxattr(path, "user.bnc.validator", &buffer, buffer.count)
        return n < 0 ? nil : String(decoding: buffer[..<n], as: UTF8.self)
    }

    static func setValidator(_ path: String, _ value: String) {
        #expect(setxattr(path, "user.bnc.validator", value, value.utf8.count, 0) == 0, "this test needs a file system with user extended attributes")
    }

    static var today: String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withFullDate]
        return f.string(from: Date())
    }

    /// Sends 3 purchases and a custom event, then moves the sandbox's clock past the end of the day.
    func traffic(_ s: SandboxProcess) throws {
        for i in 1...3 {
            let r = try box.run("bnc-event", ["send", "PURCHASE", "--developer-identity", "u\(i)", "--user-agent", "UA", "--os", "ios",
                                              "--revenue", "9.9\(i)", "--currency", "USD", "--transaction-id", "T\(i)"], env: env(s))
            #expect(r.status == 0, "\(r.output)")
        }
        #expect(try box.run("bnc-event", ["send", "signup", "--custom-event", "--developer-identity", "u9", "--user-agent", "UA"], env: env(s)).status == 0)
    }

    func rows(_ ndjson: String) -> [[String: Any]] {
        ndjson.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Another app's secret or an access token in an export's rows (here a transaction id an app sent) was printed
    /// in clear from a CSV file, while the same value in a JSON row was masked (QA round 21).
    @Test func credentialsInExportRowsAreMaskedInEveryFormat() throws {
        let s = try sandbox()
        let foreign = ["secret_test_OTHERAPP_PLACEHOLDER_VALUE", "api_app_OTHERAPP_PLACEHOLDER_TOKEN"]
        for (i, value) in foreign.enumerated() {
            let r = try box.run("bnc-event", ["send", "PURCHASE", "--developer-identity", "u\(i)", "--user-agent", "UA", "--os", "ios",
                                              "--revenue", "1", "--currency", "USD", "--transaction-id", value], env: env(s))
            #expect(r.status == 0, "\(r.output)")
        }
        _ = try s.control("/_sandbox/clock", method: "POST", body: #"{"advance_seconds": 86400}"#)
        for output in ["csv", "ndjson", "json"] {
            let r = try box.run("bnc-export", ["daily", "--date", Self.today, "--topic", "eo_commerce_event", "--output", output], env: env(s))
            #expect(r.status == 0, "\(r.output)")
            #expect(r.stdout.components(separatedBy: "<redacted>").count - 1 >= 2, "\(output): \(r.stdout.prefix(400))")
            for value in foreign { #expect(!r.stdout.contains(value), "\(output) printed \(value)") }
        }
    }

    /// A job handle that is no job id is an answer that could not be read (76): it blamed a --handle the user never
    /// passed (64). (A damaged export file is 76 too: anInterruptedDownloadResumesAndADamagedFileIsRefused.)
    @Test func aHandleThatIsNoJobIDIs76() throws {
        let s = try sandbox()
        let server = try LoopbackServer(script: [.json(200, #"{"handle":"h\u001b[31mX"}"#)])
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        let start = day.string(from: Date().addingTimeInterval(-3 * 86400)) + "T00:00:00Z", end = day.string(from: Date().addingTimeInterval(-2 * 86400)) + "T00:00:00Z"
        let r = try box.run("bnc-export", ["custom", "--topic", "eo_install", "--start", start, "--end", end, "--api-url", "http://127.0.0.1:\(server.port)"],
                            env: env(s).merging(["BNC_API_URL": ""]) { $1 })
        #expect(r.status == 76 && r.stderr.contains("the answer's handle is not a job id"), "\(r.output)")
        #expect(!r.stderr.contains("--handle"), "\(r.stderr)")
    }

    @Test func aDaysTrafficComesBackThroughTheDailyExport() throws {
        let s = try sandbox()
        try traffic(s)
        let early = try box.run("bnc-export", ["daily", "--date", Self.today], env: env(s))
        #expect(early.status == 0 && early.stdout.isEmpty && early.stderr.contains("is not over yet"), "\(early.output)")
        _ = try s.control("/_sandbox/clock", method: "POST", body: #"{"advance_seconds": 86400}"#)
        let r = try box.run("bnc-export", ["daily", "--date", Self.today], env: env(s))
        #expect(r.status == 0, "\(r.output)")
        let all = rows(r.stdout)
        let purchases = all.filter { $0["name"] as? String == "PURCHASE" }
        #expect(purchases.count == 3 && purchases.allSatisfy { $0["topic"] as? String == "eo_commerce_event" }, "\(all)")
        #expect(Set(purchases.compactMap { $0["event_data_transaction_id"] as? String }) == ["T1", "T2", "T3"])
        #expect(all.contains { $0["name"] as? String == "signup" && $0["topic"] as? String == "eo_custom_event" })
        #expect(!r.stdout.contains(Self.secret) && !r.stderr.contains(Self.secret))
        // One topic, as CSV: the header once, then the rows.
        let csv = try box.run("bnc-export", ["daily", "--date", Self.today, "--topic", "eo_commerce_event", "--output", "csv"], env: env(s))
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.count == 4 && lines[0].hasPrefix("topic,id,name,timestamp,timestamp_iso,origin,"), "\(csv.output)")
        let json = try box.run("bnc-export", ["daily", "--date", Self.today, "--output", "json"], env: env(s))
        #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.count == 4, "\(json.stdout.prefix(300))")
        // The files were kept: a rerun reads them without a download.
        let before = try s.received().filter { ($0["path"] as? String)?.hasPrefix("/_exports/") == true }.count
        _ = try box.run("bnc-export", ["daily", "--date", Self.today], env: env(s))
        #expect(try s.received().filter { ($0["path"] as? String)?.hasPrefix("/_exports/") == true }.count == before)
        // --jq filters each row (ndjson) or the whole array (json); it was ignored.
        let names = try box.run("bnc-export", ["daily", "--date", Self.today, "--topic", "eo_commerce_event", "--jq", ".name"], env: env(s))
        #expect(names.status == 0 && names.stdout == "PURCHASE\nPURCHASE\nPURCHASE\n", "\(names.output)")
        let count = try box.run("bnc-export", ["daily", "--date", Self.today, "--output", "json", "--jq", "length"], env: env(s))
        #expect(count.status == 0 && count.stdout == "4\n", "\(count.output)")
    }

    /// A custom export's offset-less dates go without an offset, so --timezone places them (they were sent as UTC
    /// `Z`, and --timezone did nothing); a window starting in the future is refused, as a daily date is; a
    /// documented field whose name the list had broken at a line wrap is taken.
    @Test func customDatesFollowTheTimeZoneAndTheFieldList() throws {
        let env = ["BNC_API_URL": "http://127.0.0.1:9", "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret, "BRANCH_ACCESS_TOKEN": Self.token, "BRANCH_APP_ID": "777"]
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withFullDate]
        let start = f.string(from: Date().addingTimeInterval(-3 * 86400)), end = f.string(from: Date().addingTimeInterval(-2 * 86400))
        let local = try box.run("bnc-export", ["custom", "--topic", "eo_install", "--start", start + "T00:00:00", "--end", end + "T00:00:00",
                                               "--timezone", "America/New_York", "--field", "last_cta_view_data_tilde_creative_id", "--dry-run"], env: env)
        #expect(local.status == 0 && local.stdout.contains(#""start_date": "\#(start)T00:00:00""#), "\(local.output)")
        let zoned = try box.run("bnc-export", ["custom", "--topic", "eo_install", "--start", start + "T00:00:00Z", "--end", end + "T00:00:00+00:00", "--dry-run"], env: env)
        #expect(zoned.stdout.contains(#""start_date": "\#(start)T00:00:00Z""#), "\(zoned.output)")
        let future = try box.run("bnc-export", ["custom", "--topic", "eo_install", "--start", "2099-01-01T00:00:00Z", "--end", "2099-01-02T00:00:00Z", "--dry-run"], env: env)
        #expect(future.status == 64 && future.stderr.contains("--start is in the future"), "\(future.output)")
        // The checks read an offset-less time in --timezone too: Kiritimati's wall clock 13 hours ahead of UTC's is an
        // hour ago there (it was refused as in the future); a file of the zone directory that is no zone is refused.
        let wall = ISO8601DateFormatter()
        wall.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        let east = try box.run("bnc-export", ["custom", "--topic", "eo_install", "--start", wall.string(from: Date().addingTimeInterval(13 * 3600)),
                                              "--end", wall.string(from: Date().addingTimeInterval(14 * 3600)), "--timezone", "Pacific/Kiritimati", "--dry-run"], env: env)
        #expect(east.status == 0, "\(east.output)")
        let utc = try box.run("bnc-export", ["custom", "--topic", "eo_install", "--start", wall.string(from: Date().addingTimeInterval(13 * 3600)),
                                             "--end", wall.string(from: Date().addingTimeInterval(14 * 3600)), "--dry-run"], env: env)
        #expect(utc.status == 64 && utc.stderr.contains("--start is in the future (UTC)"), "\(utc.output)")
        let notZone = try box.run("bnc-export", ["custom", "--topic", "eo_install", "--start", start + "T00:00:00", "--end", end + "T00:00:00",
                                                 "--timezone", "leapseconds", "--dry-run"], env: env)
        #expect(notZone.status == 64 && notZone.stderr.contains("--timezone must be an IANA time zone"), "\(notZone.output)")
        let fragment = try box.run("bnc-export", ["custom", "--topic", "eo_install", "--start", start + "T00:00:00Z", "--end", end + "T00:00:00Z", "--field", "user_", "--dry-run"], env: env)
        #expect(fragment.status == 64, "a fragment of a name is no field: \(fragment.output)")
    }

    /// A --dir shared by two apps: each gets its own rows (the second printed the first's kept file, exit 0).
    @Test func aSharedDirectoryGivesEachAppItsOwnRows() throws {
        let s = try SandboxProcess()
        let dir = box.root.appendingPathComponent("shared").path
        func app(_ n: String) -> [String: String] { ["BNC_API_URL": s.url, "BRANCH_KEY": "key_live_app\(n)", "BRANCH_SECRET": "secret_live_PLACEHOLDER_APP\(n)"] }
        for (n, count) in [("AAAAAAAAAAAA", 2), ("BBBBBBBBBBBB", 1)] {
            for i in 0..<count {
                let sent = try box.run("bnc-event", ["send", "PURCHASE", "--developer-identity", "\(n)-\(i)", "--user-agent", "UA", "--os", "ios"], env: app(n))
                #expect(sent.status == 0, "\(sent.output)")
            }
        }
        _ = try s.control("/_sandbox/clock", method: "POST", body: #"{"advance_seconds": 86400}"#)
        let a = try box.run("bnc-export", ["daily", "--date", Self.today, "--dir", dir, "--topic", "eo_commerce_event", "--jq", ".user_data_developer_identity"],
                            env: app("AAAAAAAAAAAA"))
        let b = try box.run("bnc-export", ["daily", "--date", Self.today, "--dir", dir, "--topic", "eo_commerce_event", "--jq", ".user_data_developer_identity"],
                            env: app("BBBBBBBBBBBB"))
        #expect(a.stdout.split(separator: "\n").sorted() == ["AAAAAAAAAAAA-0", "AAAAAAAAAAAA-1"], "\(a.output)")
        #expect(b.stdout == "BBBBBBBBBBBB-0\n", "\(b.output)")
    }

    /// On a terminal a download draws its progress line on stderr (and erases it); rows still go to stdout; --quiet
    /// draws none.
    @Test func aDownloadShowsItsProgressOnATerminal() throws {
        let s = try sandbox()
        try traffic(s)
        _ = try s.control("/_sandbox/clock", method: "POST", body: #"{"advance_seconds": 86400}"#)
        let t = try box.runOnTerminal("bnc-export", ["daily", "--date", Self.today, "--topic", "eo_commerce_event"], env: env(s))
        #expect(t.status == 0 && rows(t.stdout).count == 3, "\(t.terminal)")
        #expect(t.terminal.contains("eo_commerce_event 1/1  [") && (t.terminal.contains(" KB of ") || t.terminal.contains(" B of ")) && t.terminal.contains("\r\u{1B}[K"), "\(t.terminal)")
        let dir = box.root.appendingPathComponent("quiet").path
        let quiet = try box.runOnTerminal("bnc-export", ["daily", "--date", Self.today, "--topic", "eo_commerce_event", "--quiet", "--dir", dir], env: env(s))
        #expect(quiet.status == 0 && !quiet.terminal.contains("eo_commerce_event 1/1"), "\(quiet.terminal)")
    }

    @Test func anInterruptedDownloadResumesAndADamagedFileIsRefused() throws {
        let s = try sandbox()
        try traffic(s)
        _ = try s.control("/_sandbox/clock", method: "POST", body: #"{"advance_seconds": 86400}"#)
        let dir = box.root.appendingPathComponent("exports").path
        let args = ["daily", "--date", Self.today, "--topic", "eo_commerce_event", "--dir", dir]
        let whole = try box.run("bnc-export", args, env: env(s))
        #expect(whole.status == 0)
        // Half the file left as an interrupted run leaves it.
        let file = "\(dir)/\(Self.today)/eo_commerce_event-0.csv.gz"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let etag = try #require(Self.validator(file), "the server file's ETag is kept with its bytes")
        try FileManager.default.removeItem(atPath: file)
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: file + ".part"))
        Self.setValidator(file + ".part", etag)
        let resumed = try box.run("bnc-export", args, env: env(s))
        #expect(resumed.status == 0 && resumed.stdout == whole.stdout, "\(resumed.output)")
        #expect(resumed.stderr.contains("resumed at byte \(bytes.count / 2)"), "\(resumed.stderr)")
        // The partial file was made 0644 here (as a planted one may be): the kept file is the user's alone.
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600)
        let ranged = try s.received().last { ($0["path"] as? String)?.hasPrefix("/_exports/") == true }
        #expect((ranged?["headers"] as? [String: Any])?["range"] as? String == "bytes=\(bytes.count / 2)-", "\(String(describing: ranged))")
        // The ETag was sent back: the range holds only for that file.
        #expect(etag.hasPrefix("\"") && (ranged?["headers"] as? [String: Any])?["if-range"] as? String == etag, "\(String(describing: ranged))")
        // The file changed on the server since half of an older one was kept (another file's gzip bytes, its
        // ETag): If-Range does not hold, the whole file comes and replaces the old half, said on stderr. Before,
        // the new file's second half was spliced onto the old one's first (the gzip checksum then failed every run).
        var older = bytes.prefix(40)
        for i in 20..<40 { older[i] ^= 0x55 }
        try FileManager.default.removeItem(atPath: file)
        try older.write(to: URL(fileURLWithPath: file + ".part"))
        Self.setValidator(file + ".part", "\"0123456789abcdef0123456789abcdef\"")
        let changed = try box.run("bnc-export", args, env: env(s))
        #expect(changed.status == 0 && changed.stdout == whole.stdout, "\(changed.output)")
        #expect(changed.stderr.contains("the server did not resume the 40 bytes kept (the file changed, or it answered another range); downloaded it whole") && !changed.stderr.contains("resumed"), "\(changed.stderr)")
        let asked = try s.received().last { ($0["path"] as? String)?.hasPrefix("/_exports/") == true }?["headers"] as? [String: Any]
        #expect(asked?["if-range"] as? String == "\"0123456789abcdef0123456789abcdef\"" && asked?["range"] as? String == "bytes=40-", "\(String(describing: asked))")
        #expect(Self.validator(file) == etag)
        // A validator that is no header value (planted: a line break would add a header) is never sent; the kept
        // bytes are not trusted without it and the file comes whole, from byte 0.
        try FileManager.default.removeItem(atPath: file)
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: file + ".part"))
        Self.setValidator(file + ".part", "\"x\"\r\nX-Injected: 1")
        let planted = try box.run("bnc-export", args, env: env(s))
        #expect(planted.status == 0 && planted.stdout == whole.stdout && !planted.stderr.contains("resumed"), "\(planted.output)")
        let fresh = try s.received().last { ($0["path"] as? String)?.hasPrefix("/_exports/") == true }?["headers"] as? [String: Any]
        #expect(fresh?["range"] == nil && fresh?["if-range"] == nil && fresh?["x-injected"] == nil, "\(String(describing: fresh))")
        // A kept file damaged on disk: its gzip checksum fails, named.
        var damaged = try Data(contentsOf: URL(fileURLWithPath: file))
        damaged[damaged.count - 6] ^= 0xFF
        try damaged.write(to: URL(fileURLWithPath: file))
        let bad = try box.run("bnc-export", args, env: env(s))
        // The file is the service's answer: one that could not be read is 76, as a ragged row is (it was 65).
        #expect(bad.status == 76 && bad.stderr.contains("gzip data is damaged"), "\(bad.output)")
    }

    /// Whatever sat at a kept file's name was read as Branch's rows: a PNG printed its bytes as two rows (exit 0),
    /// a link was followed and another file read as the export, a foreign .part was "resumed" and the file it
    /// made kept failing every later run. Each is refused by name, with nothing read, written or sent for it.
    @Test func onlyItsOwnDownloadsAreReadAsAnExport() throws {
        let s = try sandbox()
        try traffic(s)
        _ = try s.control("/_sandbox/clock", method: "POST", body: #"{"advance_seconds": 86400}"#)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("DATA".utf8)
        func run(_ dir: String) throws -> ProcessResult {
            try box.run("bnc-export", ["daily", "--date", Self.today, "--topic", "eo_commerce_event", "--dir", box.root.appendingPathComponent(dir).path], env: env(s))
        }
        func place(_ dir: String, _ name: String = "eo_commerce_event-0.csv.gz") throws -> String {
            let folder = box.root.appendingPathComponent("\(dir)/\(Self.today)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return folder + "/" + name
        }
        let planted = try place("a")
        try png.write(to: URL(fileURLWithPath: planted))
        let a = try run("a")
        #expect(a.status == 78 && a.stdout.isEmpty && a.stderr.contains("holds something other than a gzip export file bnc downloaded"), "\(a.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: planted)) == png)
        let victim = try box.write("victim.txt", "precious\n")
        let link = try place("b")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        let b = try run("b")
        #expect(b.status == 78 && b.stdout.isEmpty && b.stderr.contains("is a symbolic link"), "\(b.output)")
        let part = try place("c", "eo_commerce_event-0.csv.gz.part")
        try png.write(to: URL(fileURLWithPath: part))
        let c = try run("c")
        #expect(c.status == 78 && c.stdout.isEmpty && c.stderr.contains("does not start as this download does"), "\(c.status) \(c.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: part)) == png && !FileManager.default.fileExists(atPath: String(part.dropLast(5))))
        #expect(try run("d").status == 0, "a directory of its own downloads as before")
    }

    @Test func aCustomExportJobIsPolledAndItsRowsPrinted() throws {
        let s = try sandbox()
        try traffic(s)
        let f = ISO8601DateFormatter()
        let start = f.string(from: Date().addingTimeInterval(-3600)), end = f.string(from: Date().addingTimeInterval(3600))
        let r = try box.run("bnc-export", ["custom", "--topic", "eo_commerce_event", "--start", start, "--end", end, "--field", "name",
                                           "--field", "event_data_revenue", "--field", "event_data_transaction_id",
                                           "--filter", "gt,event_data_revenue,9.915", "-v"], env: env(s))
        #expect(r.status == 0, "\(r.output)")
        let got = rows(r.stdout)
        #expect(got.count == 2 && Set(got.compactMap { $0["event_data_transaction_id"] as? String }) == ["T2", "T3"], "\(r.stdout)")
        #expect(Set(got.flatMap { $0.keys }) == ["name", "event_data_revenue", "event_data_transaction_id"])
        #expect(!r.stderr.contains(Self.token) && !r.stderr.contains(Self.secret), "the access token and secret stay out of -v")
        let polls = try s.received().filter { ($0["path"] as? String)?.hasPrefix("/v2/logs/") == true }
        #expect(polls.count == 3, "pending, running, complete")
        // A job picked up by its handle.
        let handle = try #require((polls.first?["path"] as? String)?.split(separator: "/").last.map(String.init))
        let again = try box.run("bnc-export", ["custom", "--handle", handle, "--output", "csv"], env: env(s))
        #expect(again.status == 0 && again.stdout.hasPrefix("name,event_data_revenue,event_data_transaction_id\n"), "\(again.output)")
        // A documented field the sandbox's list had split in two (QA round 25a): the client and the sandbox agree.
        let dma = try box.run("bnc-export", ["custom", "--topic", "eo_commerce_event", "--start", start, "--end", end, "--field", "name",
                                             "--field", "user_data_dma_ad_user_data", "--output", "csv"], env: env(s))
        #expect(dma.status == 0 && dma.stdout.hasPrefix("name,user_data_dma_ad_user_data\n"), "\(dma.output)")
    }

    /// An aggregate job's JSON file as CSV had no header and each row's cells in its own key order (misaligned,
    /// exit 0); its numbers became strings and its nulls the text "null". Now one header, the cells laid under it,
    /// a row with another column refused, types kept in NDJSON, a null an empty cell; a cell's escape sequences are
    /// shown escaped on a terminal.
    @Test func anAggregateJobsJSONFileAsCSVAndNDJSON() throws {
        let files = ["ok.json": #"[{"a":1,"b":"x"},{"b":"y","a":2},{"a":null,"b":"z\u001b[31m"}]"#,
                     "stray.json": #"[{"a":1,"b":"x"},{"b":"y","c":3}]"#]
        let server = try LoopbackServer()
        let base = server.baseURL
        server.choose { request in
            if request.path.hasPrefix("/v2/analytics/") {
                let job = String(request.path.split(separator: "/").last ?? "")
                return .json(200, #"{"status":"FINISHED","response_url":"\#(base)/files/\#(job).json"}"#)
            }
            if request.path.hasPrefix("/files/"), let text = files[String(request.path.dropFirst(7))] {
                return .respond(status: 200, headers: [("Content-Type", "application/json")], body: text)
            }
            return nil
        }
        let env = ["BNC_API_URL": base, "BRANCH_ACCESS_TOKEN": Self.token, "BRANCH_APP_ID": "777"]
        func run(_ job: String, _ output: String, _ dir: String) throws -> ProcessResult {
            try box.run("bnc-export", ["aggregate", "--data-source", "eo_commerce_event", "--start", Self.today, "--end", Self.today, "--job", job,
                                       "--dir", box.root.appendingPathComponent(dir).path, "--output", output], env: env)
        }
        let csv = try run("ok", "csv", "d1")
        #expect(csv.status == 0 && csv.stdout == "a,b\n1,x\n2,y\n,z\u{1b}[31m\n", "\(csv.output)")
        let ndjson = try run("ok", "ndjson", "d2")
        #expect(ndjson.stdout == #"{"a":1,"b":"x"}"# + "\n" + #"{"b":"y","a":2}"# + "\n" + #"{"b":"z\u001b[31m"}"# + "\n", "\(ndjson.output)")
        let stray = try run("stray", "csv", "d3")
        #expect(stray.status != 0 && stray.stderr.contains("row 2 has a column the first row has not (c); ask for --output ndjson"), "\(stray.output)")
        // On a terminal the escape is shown, not sent to it.
        let tty = try box.run("/usr/bin/script", ["-qfec", ([Executables.path("bnc-export"), "aggregate", "--data-source", "eo_commerce_event", "--start", Self.today,
                                                             "--end", Self.today, "--job", "ok", "--dir", box.root.appendingPathComponent("d4").path,
                                                             "--output", "csv"]).map { "'\($0)'" }.joined(separator: " "), "/dev/null"], env: env)
        #expect(tty.stdout.contains(",z\\x1b[31m") && !tty.stdout.contains("z\u{1b}"), "\(tty.stdout.debugDescription)")
        withExtendedLifetime(server) {}
    }

    /// The sandbox read a custom export's offset-less dates as UTC whatever its `timezone`: they are now that zone's
    /// wall-clock times (read from tzdata), as Branch reads them; a zone the database does not name is refused.
    @Test func aCustomExportsTimezonePlacesItsOffsetLessDates() throws {
        let s = try sandbox()
        try traffic(s)
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        let start = f.string(from: Date().addingTimeInterval(-3600)), end = f.string(from: Date().addingTimeInterval(3600))
        #expect(!start.hasSuffix("Z") && start.count == 19, "\(start)")
        func purchases(_ zone: String) throws -> Int {
            let r = try box.run("bnc-export", ["custom", "--topic", "eo_commerce_event", "--start", start, "--end", end, "--timezone", zone, "--field", "name"], env: env(s))
            #expect(r.status == 0, "\(zone): \(r.output)")
            return rows(r.stdout).count
        }
        #expect(try purchases("UTC") == 3, "the UTC wall clock around now holds the three purchases")
        // Kiritimati is 14 hours ahead: its wall clock around UTC's now ended some 13 hours ago.
        #expect(try purchases("Pacific/Kiritimati") == 0)
        let bad = try box.write("zone.json", #"{"report_type":"eo_install","start_date":"\#(start)","end_date":"\#(end)","fields":["name"],"timezone":"Mars/Olympus_Mons"}"#)
        let refused = try box.run("bnc-api", ["POST", "/v2/logs", "-q", "app_id=777", "--with-access-token", "--no-key", "--body", bad], env: env(s))
        #expect(refused.status != 0 && refused.output.contains("timezone must be a tz database name"), "\(refused.output)")
    }

    @Test(arguments: [
        (["daily", "--date", "2020-01-01"], 64, "--date must be within the last 7 days"),
        (["daily", "--date", "tomorrow"], 64, "--date must be a UTC date as YYYY-MM-DD"),
        (["daily", "--date", today, "--topic", "eo_instal"], 64, "did you mean eo_install?"),
        (["daily", "--date", today, "--output", "table"], 64, "an export streams rows"),
        (["custom", "--topic", "eo_install", "--start", "2020-01-01T00:00:00Z", "--end", "2020-01-02T00:00:00Z"], 64, "--start must be within the last 120 days"),
        (["custom", "--topic", "eo_install", "--start", "-", "--end", "x"], 64, "--start must be an ISO 8601 date-time"),
        (["custom", "--topic", "eo_commerce_event", "--start", isoAgo(70), "--end", isoAgo(1)], 64, "covers at most 60 days"),
        (["custom", "--topic", "eo_install", "--start", isoAgo(2), "--end", isoAgo(1), "--field", "user_data_odfa"], 64, "did you mean user_data_idfa?"),
        (["custom", "--topic", "eo_install", "--start", isoAgo(2), "--end", isoAgo(1), "--filter", "like,name,x"], 64, "--filter must be OP,FIELD,VALUE"),
        // Every option of an export is the command line's: a bad value is a usage error (64), ranges included.
        (["custom", "--topic", "eo_install", "--start", isoAgo(2), "--end", isoAgo(1), "--limit", "0"], 64, "--limit must be between 1 and 15000000 (got 0)"),
        // The analytics jobs' windows and filters pass the rules a custom export's do (QA round 21).
        (["aggregate", "--data-source", "eo_install", "--aggregation", "total_count", "--dimension", "name", "--start", "2099-01-01", "--end", "2099-01-02"],
         64, "--start is in the future (UTC)"),
        (["cohort", "--measure", "users", "--start", "2099-01-01", "--end", "2099-01-02"], 64, "--start is in the future (UTC)"),
        (["aggregate", "--data-source", "eo_install", "--aggregation", "total_count", "--dimension", "name", "--start", today, "--end", today,
          "--filter", "a\nb=x"], 64, #"--filter must name a dimension (letters, digits, _ ~ . $ -; at most 200 bytes), e.g. user_data_os (got "a\nb")"#),
        (["aggregate", "--data-source", "eo_install", "--aggregation", "total_count", "--dimension", "name", "--start", today, "--end", today,
          "--filter", "user_data_os=IOS\r\nX"], 64, "--filter user_data_os's values must not contain"),
    ] as [([String], Int32, String)])
    func theDocumentedLimitsAreCheckedBeforeSending(_ args: [String], _ status: Int32, _ message: String) throws {
        let s = try sandbox()
        let r = try box.run("bnc-export", args, env: env(s))
        #expect(r.status == status && r.stderr.contains(message), "\(args): \(r.output)")
        #expect(try s.received().isEmpty)
    }

    static func isoAgo(_ days: Double) -> String { ISO8601DateFormatter().string(from: Date().addingTimeInterval(-days * 86400)) }

    @Test func testKeysAndMissingTokensAreRefused() throws {
        let s = try sandbox()
        let test = try box.run("bnc-export", ["daily", "--date", Self.today], env: env(s).merging(["BRANCH_KEY": "key_test_export0001", "BRANCH_SECRET": "secret_test_PLACEHOLDER_EXPORT"]) { $1 })
        #expect(test.status == 78 && test.stderr.contains("exports hold live data only"), "\(test.output)")
        var noToken = env(s)
        noToken["BRANCH_ACCESS_TOKEN"] = nil
        let custom = try box.run("bnc-export", ["custom", "--topic", "eo_install", "--start", Self.isoAgo(1), "--end", Self.isoAgo(0)], env: noToken)
        #expect(custom.status == 78 && custom.stderr.contains("no access token"), "\(custom.output)")
        #expect(try s.received().isEmpty)
    }

    /// Query (paged: every page followed by its query_id), Aggregate and Cohort jobs, from the same traffic.
    @Test func aggregatesComeBackThroughQueryAggregateAndCohort() throws {
        let s = try sandbox()
        try traffic(s)
        let open = try box.run("bnc-open", ["--os", "ios", "--os-version", "17.4", "--model", "iPhone15,2", "--app-version", "2.3.0", "--user-agent", "UA",
                                            "--ip", "8.8.4.4", "--idfv", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11", "--no-state"], env: env(s))
        #expect(open.status == 0, "\(open.output)")
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withFullDate]
        let tomorrow = f.string(from: Date().addingTimeInterval(86400))
        let q = try box.run("bnc-export", ["query", "--data-source", "eo_commerce_event", "--aggregation", "revenue", "--dimension", "user_data_developer_identity",
                                           "--start", Self.today, "--end", tomorrow, "--page-size", "2"], env: env(s))
        #expect(q.status == 0 && q.stderr.contains("3 results in 2 pages"), "\(q.output)")
        let results = rows(q.stdout)
        #expect(results.compactMap { $0["user_data_developer_identity"] as? String }.sorted() == ["u1", "u2", "u3"])
        #expect(results.first?["revenue"] as? Double == 9.93, "largest first: \(results)")
        let pages = try s.received().filter { $0["path"] as? String == "/v1/query/analytics" }
        #expect(pages.count == 2 && (pages.last?["query"] as? [String: Any])?["query_id"] != nil, "the second page by its query_id")
        let excluded = try box.run("bnc-export", ["query", "--data-source", "eo_commerce_event", "--aggregation", "total_count", "--dimension", "user_data_developer_identity",
                                                  "--start", Self.today, "--end", tomorrow, "--filter", "!user_data_developer_identity=u1,u2", "--output", "csv"], env: env(s))
        #expect(excluded.stdout == "timestamp,user_data_developer_identity,total_count\n\(Self.today)T00:00:00.000Z,u3,1\n", "\(excluded.output)")

        let a = try box.run("bnc-export", ["aggregate", "--data-source", "eo_commerce_event", "--dimension", "name", "--aggregation", "revenue",
                                           "--start", Self.today, "--end", Self.today], env: env(s))
        #expect(a.status == 0, "\(a.output)")
        #expect(rows(a.stdout).first?["revenue"] as? String == "29.76" && rows(a.stdout).first?["name"] as? String == "PURCHASE", "\(a.stdout)")
        let c = try box.run("bnc-export", ["cohort", "--measure", "users", "--bands", "2", "--start", Self.today, "--end", Self.today, "--output", "csv"], env: env(s))
        #expect(c.status == 0 && c.stdout == "measure,users,day0,day1\nusers,1,1,0\n", "\(c.output)")
        let polls = try s.received().filter { ($0["path"] as? String)?.hasPrefix("/v2/analytics/") == true }
        #expect(polls.count == 6, "three polls a job: QUEUED, RUNNING, FINISHED")
        // Cross-events: two aggregations over their own sources, side by side.
        let x = try box.run("bnc-export", ["cross-event", "--aggregation", "total_count:eo_install:installs", "--aggregation", "revenue:eo_commerce_event:revenue",
                                           "--start", Self.today, "--end", Self.today, "--output", "csv"], env: env(s))
        #expect(x.status == 0 && x.stdout == "installs,revenue\n1,29.76\n", "\(x.output)")
        let created = try #require(try s.received().last { $0["path"] as? String == "/v1/branch_aggregate/async/analytics" })
        #expect((created["body"] as? [String: Any])?["response_format"] as? String == "csv", "never parquet, which bnc cannot read")
        // As JSON: the job's file is a JSON array, read one row at a time.
        let xj = try box.run("bnc-export", ["cross-event", "--aggregation", "total_count:eo_install:installs", "--aggregation", "revenue:eo_commerce_event:revenue",
                                            "--start", Self.today, "--end", Self.today, "--output", "json"], env: env(s))
        #expect(xj.status == 0 && (try? JSONSerialization.jsonObject(with: Data(xj.stdout.utf8))) as? [[String: String]] == [["installs": "1", "revenue": "29.76"]],
                "\(xj.output)")
        let createdJSON = try #require(try s.received().last { $0["path"] as? String == "/v1/branch_aggregate/async/analytics" })
        #expect((createdJSON["body"] as? [String: Any])?["response_format"] as? String == "json")
        // Readiness: an hour past is ready (exit 0), the current one not yet (exit 1).
        let yesterday = f.string(from: Date().addingTimeInterval(-86400))
        let past = try box.run("bnc-export", ["ready", "--date", "\(yesterday) 12:00:00", "--topic", "eo_install"], env: env(s))
        let hour = ISO8601DateFormatter().string(from: Date()).prefix(13).replacingOccurrences(of: "T", with: " ") + ":00:00"
        let now = try box.run("bnc-export", ["ready", "--date", hour, "--topic", "eo_install"], env: env(s))
        #expect(past.status == 0 && past.stdout == "true\n" && now.status == 1 && now.stdout == "false\n", "\(past.output) \(now.output)")
        for bad in [["query", "--data-source", "eo_commerce_event", "--aggregation", "sum", "--dimension", "name", "--start", Self.today, "--end", tomorrow],
                    ["aggregate", "--data-source", "eo_install", "--start", Self.today, "--end", Self.today],
                    ["cohort", "--measure", "users", "--measure", "OPEN", "--measure", "LTV", "--measure", "ROI", "--start", Self.today, "--end", Self.today]] {
            let r = try box.run("bnc-export", bad, env: env(s))
            #expect([64, 65].contains(r.status), "\(bad): \(r.output)")
        }
    }

    /// The errors the Data APIs document, each one line and its exit status: the custom export's rate limit (429,
    /// the overview's {"errors":[...]} body), an unknown job (404), a signed URL the file store refuses (403 XML).
    @Test func documentedErrorsAreOneLineEach() throws {
        let s = try sandbox()
        let f = ISO8601DateFormatter()
        let start = f.string(from: Date().addingTimeInterval(-3600)), end = f.string(from: Date())
        let body = try box.write("job.json", #"{"report_type":"eo_install","start_date":"\#(start)","end_date":"\#(end)","fields":["name"],"limit":10}"#)
        for n in 0..<10 {
            // Ten different jobs (the limit 1..10): the create limit is 10 a minute.
            let b = try box.write("job\(n).json", try String(contentsOfFile: body, encoding: .utf8).replacingOccurrences(of: "\"limit\":10", with: "\"limit\":\(n + 1)"))
            let made = try box.run("bnc-api", ["POST", "/v2/logs", "-q", "app_id=777", "--with-access-token", "--no-key", "--body", b], env: env(s))
            #expect(made.status == 0, "\(made.output)")
        }
        let limited = try box.run("bnc-export", ["custom", "--topic", "eo_install", "--start", start, "--end", end, "--retries", "0"], env: env(s))
        #expect(limited.status == 75, "\(limited.output)")
        #expect(limited.stderr.contains("HTTP 429: Limit is exceeded for org-777, retry after "), "\(limited.stderr)")
        #expect(limited.stderr.split(separator: "\n").filter { $0.contains("error:") }.count == 1)

        let unknown = try box.run("bnc-export", ["custom", "--handle", "0000000000000000"], env: env(s))
        #expect(unknown.status == 65 && unknown.stderr.contains("HTTP 404: Job ID Not Found"), "\(unknown.output)")

        // A daily export whose file URL the store refuses (an expired signature).
        let store = try LoopbackServer(script: [.respond(status: 403, headers: [("Content-Type", "application/xml")],
                                                         body: "<?xml version=\"1.0\"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>")])
        let api = try LoopbackServer(script: [.json(200, #"{"eo_install":["\#(store.baseURL)/y%3D2026/eo_install-0.csv.gz?X-Amz-Signature=abc"]}"#)])
        let expired = try box.run("bnc-export", ["daily", "--date", Self.today, "--dir", box.root.appendingPathComponent("x").path],
                                  env: env(s).merging(["BNC_API_URL": api.baseURL]) { $1 })
        #expect(expired.status == 77, "\(expired.output)")
        #expect(expired.stderr.contains("the file store answered AccessDenied: Request has expired (a signed URL that expired or was altered"),
                "\(expired.stderr)")
        #expect(!expired.stderr.contains("abc"), "the URL's signature is redacted")
        withExtendedLifetime((store, api)) {}
    }
}

