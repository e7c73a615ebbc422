// bnc-tune run as a support engineer runs it: check's exit codes, map piped into bnc-open against the sandbox,
// --to-tune, decrypt, a generated 100,000-line log scanned with its XML and JUnit reports validated by xmllint,
// and replay through the batch runner — asserting what the sandbox received.
import Foundation
import Testing
import TestSupport

@Suite struct TuneEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let session = "https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&site_id=1234&sdk=server"
        + "&ios_ifa=6D92078A-8246-4BA4-AE5B-76104861E7DC&ios_ad_tracking_disabled=0&ios_ifv=1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"
        + "&device_ip=8.8.4.4&device_brand=Apple&device_model=iPhone15%2C2&os_version=17.4&app_version=2.3.0&user_agent=Mozilla%2F5.0+(iPhone)"
    static let purchase = "/serve?action=conversion&advertiser_id=877&site_id=1234&sdk=android&site_event_name=purchase"
        + "&google_aid=38400000-8CF0-11BD-B23E-10B96E40000D&google_ad_tracking_disabled=0&device_ip=8.8.8.8&device_brand=Google"
        + "&device_model=Pixel+8&user_agent=Dalvik&revenue=9.99&currency_code=USD"

    var credentials: [String: String] { ["BRANCH_KEY": "key_test_tune0001", "BRANCH_SECRET": "secret_test_tune0001"] }

    func xmllint(_ args: [String]) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["xmllint"] + args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }

    static var schemas: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path + "/schemas" }

    /// A log with no line break (one endless line, skipped as it is read) was read for ever: SIGTERM set the
    /// scan's flag, which was asked only between lines. (/dev/zero now ends at the skipped line's bound, 64 MiB,
    /// with 65: `anEndlessLineEndsAndALongNameIsQuotedBounded`; a pipe that keeps a line open stops on the signal.)
    @Test func aScanOfAnEndlessLineStopsOnASignal() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Executables.path("bnc-tune"))
        p.arguments = ["scan", "-"]
        p.environment = box.environment()
        let errors = Pipe(), input = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = errors
        p.standardInput = input
        try p.run()
        // 8 MiB of one line, past the line bound (skipped as it comes), and the pipe left open.
        for _ in 0..<8 { input.fileHandleForWriting.write(Data(repeating: UInt8(ascii: "a"), count: 1 << 20)) }
        usleep(700_000)
        kill(p.processIdentifier, SIGTERM)
        var waited = 0
        while p.isRunning && waited < 60 { usleep(50_000); waited += 1 }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        #expect(p.terminationStatus == 130, "ended by the first SIGTERM, in \(waited * 50) ms")
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("interrupted after 0 lines"), "\(said)")
        try? input.fileHandleForWriting.close()
    }

    @Test func checkExitsZeroWhenCleanAndOneWithFindings() throws {
        let clean = try box.run("bnc-tune", ["check", Self.session, "--output", "json"])
        #expect(clean.status == 0, "\(clean.output)")
        #expect(clean.stdout.contains(#""findings" : [ ]"#) || clean.stdout.contains(#""findings": []"#), "\(clean.stdout)")
        let faulty = try box.run("bnc-tune", ["check", Self.session.replacing("&ios_ad_tracking_disabled=0", with: "") + "&site-ID=1", "--output", "ndjson"])
        #expect(faulty.status == 1)
        #expect(faulty.stdout.contains(#""rule":"ad-id-without-flag""#) && faulty.stdout.contains(#""rule":"misspelt-key""#))
        let info = try box.run("bnc-tune", ["check", Self.session + "&local_ip=10.0.0.2", "--fail-on", "warning"])
        #expect(info.status == 0, "an info finding does not fail at --fail-on warning")
        let junk = try box.run("bnc-tune", ["check", "-"], stdin: "not a request\n")
        #expect(junk.status == 65)
        #expect(junk.stderr.contains("bnc-tune: error: line 1 is not a URL"))
        // A logged value's control characters (an OSC title or clipboard sequence) are shown, never sent to the
        // terminal: the per-line heading printed them raw while the table below escaped them.
        let hostile = try box.write("esc.log", Self.session.replacing("advertiser_id=877", with: "advertiser_id=8%1B]0;pwn%07") + "\n")
        let table = try box.run("bnc-tune", ["check", hostile, "--output", "table"])
        #expect(table.status == 1 && !table.stdout.contains("\u{1B}") && !table.stdout.contains("\u{07}"), "\(table.stdout)")
        #expect(table.stdout.contains("advertiser 8\\x1b]0;pwn\\x07"), "\(table.stdout)")
        #expect(table.stdout.contains("send advertiser_id as TUNE advertiser"), "an acronym keeps its case: \(table.stdout)")
    }

    /// Another page of the same web server is not a TUNE request because it has an `action` (WordPress's
    /// heartbeat was scanned as one: five errors, exit 1); TUNE's routing pair on another path is one.
    @Test func otherPagesOfAnAccessLogAreNotTuneRequests() throws {
        func logged(_ target: String) -> String { #"66.249.66.1 - - [22/Nov/2026:05:30:02 +0000] "GET \#(target) HTTP/1.1" 200 100 "-" "Mozilla/5.0""# }
        let log = try box.write("mixed.log", [logged("/wp-admin/admin-ajax.php?action=heartbeat"), logged("/login?action=logout"),
                                              logged("/index.html"), logged(Self.purchase), logged("/proxy/tune?action=session&advertiser_id=877")]
                                    .joined(separator: "\n") + "\n")
        let scan = try box.run("bnc-tune", ["scan", log, "--output", "json"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [String: Any], "\(scan.output)")
        #expect(summary["requests"] as? Int == 2 && summary["other_requests_skipped"] as? Int == 3, "\(summary)")
        #expect((summary["actions"] as? [String: Any])?["heartbeat"] == nil)
        let check = try box.run("bnc-tune", ["check", "https://www.example.com/wp-admin/admin-ajax.php?action=heartbeat"])
        #expect(check.status == 65 && check.stderr.contains("is not a TUNE request (/wp-admin/admin-ajax.php"), "\(check.output)")
        // A file's other pages are named and the rest checked (the first ended the run, --output json's array left open).
        let checked = try box.run("bnc-tune", ["check", log, "--output", "json", "--fail-on", "error"])
        let array = try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [[String: Any]]
        #expect(checked.status == 1 && array?.compactMap { $0["line"] as? Int } == [4, 5], "\(checked.output)")
        #expect(checked.stderr.contains("line 1 is not a TUNE request") && checked.stderr.contains("line 3 is not a TUNE request"), "\(checked.stderr)")
    }

    /// A credential a log's line repeats was quoted in its repeated-parameter finding (check's and scan's output and
    /// all three reports); a JSON-escaped line's `\u0026key=`/`\u0026branch_secret=` values showed in the JUnit and
    /// HTML excerpts; an excerpt cut at 2,000 bytes showed the start of a secret it cut.
    @Test func secretsInLoggedLinesStayOutOfFindingsAndReports() throws {
        let repeated = Self.session + "&branch_secret=SUPERSECRET1&branch_secret=SUPERSECRET2&Access_Token=TOKEN12345&Access_Token=2"
        let check = try box.run("bnc-tune", ["check", repeated, "--output", "json"])
        #expect(check.stdout.contains("branch_secret is given more than once") && !check.stdout.contains("SUPERSECRET") && !check.stdout.contains("TOKEN12345"),
                "\(check.output)")
        let escaped = #"{"url":"\#(Self.session.replacingOccurrences(of: "&", with: "\\u0026"))\u0026key=CONVKEYSECRET99\u0026branch_secret=BSECRETVAL77"}"#
        // The conversion key is known by value: a line quoting it in a parameter of no secret name, cut mid-key.
        let conversionKey = "CUTKEY0123456789ABCDEFGHIJKLMNOP"
        let keyFile = try box.write("cut-key.txt", conversionKey, mode: 0o600)
        let cut = Self.session + "&x=" + String(repeating: "p", count: 1990 - Self.session.count - 12) + "&note=" + conversionKey
        let log = try box.write("secrets.log", [repeated, escaped, cut].joined(separator: "\n") + "\n")
        let dir = box.root.appendingPathComponent("reports").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let scan = try box.run("bnc-tune", ["scan", log, "--conversion-key-file", keyFile, "--report", dir + "/f.xml", "--junit", dir + "/j.xml",
                                            "--html", dir + "/h.html", "--output", "ndjson"])
        #expect([0, 1].contains(scan.status), "\(scan.output)")
        for file in ["f.xml", "j.xml", "h.html"] {
            let text = try String(contentsOfFile: dir + "/" + file, encoding: .utf8)
            for secret in ["SUPERSECRET1", "TOKEN12345", "CONVKEYSECRET99", "BSECRETVAL77", "CUTKEY0"] {
                #expect(!text.contains(secret), "\(file) shows \(secret)")
            }
        }
        #expect(!scan.stdout.contains("SUPERSECRET1"), "\(scan.stdout.prefix(600))")
    }

    @Test func mapPipesIntoBncOpenAndTheSandboxGetsTheDeviceIP() throws {
        let s = try SandboxProcess()
        let env = credentials.merging(["BNC_API_URL": s.url]) { $1 }
        let mapped = try box.run("bnc-tune", ["map", Self.session])
        #expect(mapped.status == 0, "\(mapped.stderr)")
        let open = try box.run("bnc-open", ["--body", "-", "--no-state", "--output", "json"], env: env, stdin: mapped.stdout)
        #expect(open.status == 0, "\(open.output)")
        let got = try #require(try s.received().last { ($0["path"] as? String) == "/v1/open" })
        let headers = got["headers"] as? [String: Any] ?? [:]
        #expect(headers["x-ip-override"] as? String == "8.8.4.4", "device_ip became X-IP-Override")
        let body = try #require(got["body"] as? [String: Any])
        #expect(body["hardware_id"] as? String == "6D92078A-8246-4BA4-AE5B-76104861E7DC")
        #expect(body["ad_tracking_enabled"] as? Bool == true)
        #expect(body["ip"] == nil, "the line's ip is a header, not a body field")

        let dry = try box.run("bnc-tune", ["map", Self.session, "--dry-run"], env: credentials)
        #expect(dry.stdout.contains(#""X-IP-Override" : "8.8.4.4""#) || dry.stdout.contains(#""X-IP-Override": "8.8.4.4""#))
        #expect(!dry.output.contains("secret_test_tune0001"), "the secret is redacted")
        let curl = try box.run("bnc-tune", ["map", "https://1.engine.mobileapptracking.com" + Self.purchase, "--curl"], env: credentials)
        #expect(curl.stdout.hasPrefix("curl") && curl.stdout.contains("/v2/event/standard") && curl.stdout.contains("PURCHASE"))
        let command = try box.run("bnc-tune", ["map", "https://1.engine.mobileapptracking.com" + Self.purchase, "--command"])
        #expect(command.stdout.hasPrefix("printf '%s\\n' '{") && command.stdout.hasSuffix("| bnc-event send --batch -\n"))
        let refused = try box.run("bnc-tune", ["map", Self.session.replacing("&device_model=iPhone15%2C2", with: "")])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("device_model is required: Branch's v1/open needs model"))
        #expect(refused.stdout.isEmpty)
    }

    @Test func mapToTuneAndBack() throws {
        let line = try box.run("bnc-tune", ["map", Self.session])
        let back = try box.run("bnc-tune", ["map", "--to-tune", "-", "--advertiser-id", "877", "--site-id", "1234"], stdin: line.stdout.replacing("\n", with: "") + "\n")
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout.hasPrefix("https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&site_id=1234&sdk=server"))
        let recheck = try box.run("bnc-tune", ["check", back.stdout.trimmingCharacters(in: .whitespacesAndNewlines)])
        #expect(recheck.status == 0, "the URL --to-tune writes passes check: \(recheck.stdout)")
        // A base URL keeps its scheme and path prefix (an http sandbox got an https URL it cannot answer).
        let local = try box.run("bnc-tune", ["map", "--to-tune", "-", "--advertiser-id", "877", "--api-url", "http://127.0.0.1:9/prefix/"],
                                stdin: line.stdout.replacing("\n", with: "") + "\n")
        #expect(local.stdout.hasPrefix("http://127.0.0.1:9/prefix/serve?action=session&advertiser_id=877"), "\(local.output)")
        let v6 = try box.run("bnc-tune", ["map", "--to-tune", "-", "--advertiser-id", "877", "--api-url", "http://[::1]:9"],
                             stdin: line.stdout.replacing("\n", with: "") + "\n")
        #expect(v6.stdout.hasPrefix("http://[::1]:9/serve?action=session"), "\(v6.output)")
    }

    /// The README's `map --to-tune body.json`: a pretty-printed body (one member a line) is one body, as are
    /// NDJSON lines after it; a body the file ends inside, or broken in its middle, is named by the line it began on.
    @Test func mapToTuneReadsABodyOverSeveralLines() throws {
        let line = try box.run("bnc-tune", ["map", Self.session])
        let compact = line.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let object = try JSONSerialization.jsonObject(with: Data(compact.utf8))
        let pretty = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        #expect(pretty.split(separator: "\n").count > 5)
        let file = try box.write("body.json", pretty + "\n" + compact + "\n" + pretty + "\n")
        let r = try box.run("bnc-tune", ["map", "--to-tune", file, "--advertiser-id", "877"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.output)")
        let urls = r.stdout.split(separator: "\n")
        #expect(urls.count == 3 && Set(urls).count == 1 && urls[0].hasPrefix("https://877.measure.mobileapptracking.com/serve?action=session"), "\(r.stdout)")
        let cut = try box.write("cut.json", pretty + "\n" + pretty.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n")
        let c = try box.run("bnc-tune", ["map", "--to-tune", cut, "--advertiser-id", "877"])
        let start = pretty.split(separator: "\n").count + 1
        #expect(c.status == 1 && c.stdout.split(separator: "\n").count == 1, "\(c.output)")
        #expect(c.stderr.contains("line \(start): --to-tune input: the JSON body from here is not complete at the end of the input"), "\(c.stderr)")
        let broken = try box.write("broken.json", "{\"os\": \"iOS\",\n\"os_version\": x}\n")
        let b = try box.run("bnc-tune", ["map", "--to-tune", broken, "--advertiser-id", "877"])
        #expect(b.status == 1 && b.stderr.contains("line 2 (a body from line 1): --to-tune input: invalid JSON"), "\(b.stderr)")
    }

    @Test func decryptWithTheConversionKey() throws {
        // Encrypted by the openssl tool as the Android SDK does: AES-256-CBC, fixed IV, space padding.
        let key = "0123456789abcdef0123456789ABCDEF"
        let sealed = try box.tuneSealed("&device_brand=Google&device_model=Pixel+8&google_aid=38400000-8CF0-11BD-B23E-10B96E40000D&google_ad_tracking_disabled=0&user_agent=Dalvik&os_version=14&app_version=1.0", key: key)
        let url = "https://877.engine.mobileapptracking.com/serve?action=session&advertiser_id=877&sdk=android&package_name=com.example&device_ip=8.8.8.8&data=\(sealed)"
        let d = try box.run("bnc-tune", ["decrypt", url, "--conversion-key-file", "key.txt", "--output", "json"])
        #expect(d.status == 0, "\(d.stderr)")
        #expect(d.stdout.contains(#""device_model" : "Pixel 8""#) || d.stdout.contains(#""device_model": "Pixel 8""#), "\(d.stdout)")
        #expect(!d.output.contains(key), "the conversion key is never printed")
        let sealedCheck = try box.run("bnc-tune", ["check", url, "--output", "ndjson"])
        #expect(sealedCheck.stdout.contains("encrypted-data"))
        let opened = try box.run("bnc-tune", ["check", url, "--conversion-key-file", "key.txt", "--output", "ndjson"])
        #expect(!opened.stdout.contains("encrypted-data") && !opened.stdout.contains("missing-required"), "\(opened.stdout)")
        let mapped = try box.run("bnc-tune", ["map", url, "--conversion-key-file", "key.txt"])
        #expect(mapped.status == 0 && mapped.stdout.contains("38400000-8cf0-11bd-b23e-10b96e40000d"), "\(mapped.output)")
        let wrong = try box.run("bnc-tune", ["decrypt", url, "--conversion-key-file", try box.write("bad.txt", String(key.reversed()))])
        #expect(wrong.status == 65 && wrong.stderr.contains("does not decrypt with this conversion key"))
        // A scan with the wrong key says so once a request (twice, the second advising to pass the key).
        let log = try box.write("sealed.log", url + "\n")
        let scanned = try box.run("bnc-tune", ["scan", log, "--conversion-key-file", "bad.txt", "--output", "json"])
        #expect(scanned.stdout.contains(#""encrypted-data" : 1"#) || scanned.stdout.contains(#""encrypted-data": 1"#), "\(scanned.stdout)")

        // A log mixing SDK and server-to-server lines goes through `decrypt --url | check -` whole: a line without
        // data is passed on as it is (the first one ended the run, exit 65), a line that cannot be decrypted is
        // named and the rest read (exit 1).
        let mixed = try box.write("mixed.log", [url, Self.session, url.replacing("&data=", with: "&data=ABC"), url].joined(separator: "\n") + "\n")
        let clear = try box.run("bnc-tune", ["decrypt", mixed, "--conversion-key-file", "key.txt", "--url"])
        #expect(clear.status == 1 && clear.stdout.split(separator: "\n").count == 3, "\(clear.output)")
        #expect(clear.stderr.contains("line 3: data must be hex of whole 16-byte AES blocks"), "\(clear.stderr)")
        let checked = try box.run("bnc-tune", ["check", "-", "--output", "ndjson"], stdin: clear.stdout)
        #expect(checked.stdout.split(separator: "\n").count == 3 && !checked.stdout.contains("encrypted-data"), "\(checked.output)")

        // A line over 1 MiB is named and skipped; the lines after it are mapped (they were dropped, exit 65).
        let long = try box.write("long.log", [url, Self.session + "&user_id=" + String(repeating: "a", count: 2 << 20), url].joined(separator: "\n") + "\n")
        let mappedLong = try box.run("bnc-tune", ["map", long, "--conversion-key-file", "key.txt"])
        #expect(mappedLong.status == 1 && mappedLong.stdout.split(separator: "\n").count == 2, "\(mappedLong.stderr)")
        #expect(mappedLong.stderr.contains("line 2 is longer than 1048576 bytes: not read"), "\(mappedLong.stderr)")

        // decrypt, map and replay --dry-run report a file's bad line the one way: named once, first ("line 2: line 2
        // is not ..." from map; "... on line 1" at the end from decrypt), and the rest read.
        let junk = try box.write("junk.log", [Self.session, "not a request", Self.session].joined(separator: "\n") + "\n")
        let mappedJunk = try box.run("bnc-tune", ["map", junk])
        #expect(mappedJunk.status == 1 && mappedJunk.stdout.split(separator: "\n").count == 2, "\(mappedJunk.output)")
        #expect(mappedJunk.stderr.contains("error: line 2 is not a URL") && !mappedJunk.stderr.contains("line 2: line 2"), "\(mappedJunk.stderr)")
        let replayed = try box.run("bnc-tune", ["replay", junk, "--dry-run"], env: ["BRANCH_KEY": "key_test_replay", "BRANCH_SECRET": "secret_test_replay"])
        #expect(replayed.status == 1 && replayed.stderr.contains("error: line 2 is not a URL"), "\(replayed.output)")
        let undata = try box.run("bnc-tune", ["decrypt", junk, "--conversion-key-file", "key.txt"])
        #expect(undata.status == 1 && undata.stderr.contains("error: line 1: data is missing or empty: nothing to decrypt")
                && undata.stderr.contains("error: line 2 is not a URL"), "\(undata.stderr)")
    }

    @Test func aHundredThousandLineLogIsScannedWithValidReports() throws {
        // 100,000 lines: sessions, duplicated purchases (same device, same minute), a private IP, other paths, junk.
        var log = ""
        for i in 0..<100_000 {
            let minute = String(format: "%02d", i / 1000 % 60)
            switch i % 5 {
            case 0: log += Self.session + "\n"
            case 1: log += "203.0.113.\(i % 250) - - [22/Nov/2026:05:\(minute):00 +0000] \"GET \(Self.purchase)&advertiser_ref_id=o\(i / 10) HTTP/1.1\" 200 64 \"-\" \"Dalvik\"\n"
            case 2: log += "203.0.113.1 - - [22/Nov/2026:05:00:00 +0000] \"GET /favicon.ico HTTP/1.1\" 404 0 \"-\" \"x\"\n"
            case 3: log += Self.session.replacing("8.8.4.4", with: "10.0.0.\(i % 200)").replacing("6D92078A-8246-4BA4-AE5B-76104861E7DC", with: "nope%01<b>") + "&x=1&amp\n"
            default: log += i % 1000 == 4 ? "junk line \(i)\n" : Self.session.replacing("&ios_ad_tracking_disabled=0", with: "") + "\n"
            }
        }
        let path = try box.write("access.log", log)
        let r = try box.run("bnc-tune", ["scan", path, "--report", "report.xml", "--junit", "junit.xml", "--html", "page.html", "--output", "json"])
        #expect(r.status == 1, "findings: \(r.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(summary["lines"] as? Int == 100_000)
        #expect(summary["other_requests_skipped"] as? Int == 20_000)
        #expect(summary["unreadable_lines"] as? Int == 100)
        #expect(summary["requests"] as? Int == 79_900)
        let rules = summary["rules"] as? [String: Int] ?? [:]
        #expect(rules["device-ip-not-public"] == 20_000)
        #expect(rules["unknown-key"] == 40_000, "x and amp")
        #expect(rules["bad-value"] == 20_000, "the hostile ios_ifa")
        #expect(rules["ad-id-without-flag"] == 19_900)
        #expect(rules["duplicate-conversion"] == 10_000, "each advertiser_ref_id is sent twice within the hour by the same device")
        let zero = try box.run("bnc-tune", ["scan", path, "--jobs", "0"])
        #expect(zero.status == 64 && zero.stderr.contains("--jobs must be between 1 and 64") && zero.stdout.isEmpty)
        let schemas = Self.schemas
        #expect(try xmllint(["--noout", "--schema", "\(schemas)/bnc-report.xsd", box.home + "/report.xml"]).0 == 0)
        let junit = try xmllint(["--noout", "--schema", "\(schemas)/junit.xsd", box.home + "/junit.xml"])
        #expect(junit.0 == 0, "\(junit.1)")
        let tests = try xmllint(["--xpath", "string(/testsuites/testsuite/@tests)", box.home + "/junit.xml"]).1.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(tests == "80000", "one testcase per request, and one per unreadable line (errors)")
        #expect(try xmllint(["--xpath", "string(/testsuites/testsuite/@errors)", box.home + "/junit.xml"]).1.trimmingCharacters(in: .whitespacesAndNewlines) == "100")
        #expect(try xmllint(["--noout", "--html", box.home + "/page.html"]).0 == 0)
        let page = try String(contentsOfFile: box.home + "/page.html", encoding: .utf8)
        #expect(page.contains("Worst examples") && page.contains("junk line"), "unreadable lines weigh most among the worst")
        let report = try String(contentsOfFile: box.home + "/report.xml", encoding: .utf8)
        // A control character in a value is named by its code point (a field's rule); no raw one reaches the XML.
        #expect(report.contains("ios_ifa must not contain control characters (U+0001)") && !report.contains("\u{01}"), "control characters named, never written")
    }

    /// Compressed logs and batches are read as they are, by their gzip magic: a file, a pipe, any name.
    @Test func gzipInputIsReadByEveryTool() throws {
        let log = (0..<300).map { i in i % 3 == 0 ? Self.session : Self.session.replacing("&ios_ad_tracking_disabled=0", with: "") }
            .joined(separator: "\n") + "\n"
        let plain = try box.write("access.log", log)
        let gz = box.home + "/access.log.gz"
        #expect(try box.run("/bin/sh", ["-c", "gzip -c access.log > access.log.gz"]).status == 0)
        let fromPlain = try box.run("bnc-tune", ["scan", plain, "--output", "json"])
        let fromGzip = try box.run("bnc-tune", ["scan", gz, "--output", "json"])
        #expect(fromGzip.status == fromPlain.status, "\(fromGzip.stderr)")
        func counts(_ r: ProcessResult) throws -> [String: Int] {
            let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            return ["lines": o["lines"] as? Int ?? -1, "requests": o["requests"] as? Int ?? -1]
        }
        #expect(try counts(fromGzip) == counts(fromPlain) && counts(fromGzip)["lines"] == 300)
        let piped = try box.run("/bin/sh", ["-c", "gzip -c access.log | '\(Executables.path("bnc-tune"))' scan - --output json"])
        #expect(try counts(piped) == counts(fromPlain), "\(piped.stderr)")
        // A batch: a gzip file and a gzip pipe, every line sent and acknowledged.
        let s = try SandboxProcess()
        let env = credentials.merging(["BNC_API_URL": s.url]) { $1 }
        _ = try box.write("events.ndjson", (0..<50).map { #"{"name":"e\#($0)","user_data":{"developer_identity":"u\#($0)","user_agent":"UA"}}"# }
            .joined(separator: "\n") + "\n")
        #expect(try box.run("/bin/sh", ["-c", "gzip -c events.ndjson > events.ndjson.gz"]).status == 0)
        let batch = try box.run("bnc-event", ["send", "--batch", box.home + "/events.ndjson.gz"], env: env)
        #expect(batch.status == 0 && batch.stdout.split(separator: "\n").count == 50, "\(batch.stderr)")
        let fromPipe = try box.run("/bin/sh", ["-c", "gzip -c events.ndjson | '\(Executables.path("bnc-event"))' send --batch -"], env: env)
        #expect(fromPipe.status == 0 && fromPipe.stdout.split(separator: "\n").count == 50, "\(fromPipe.stderr)")
        #expect(try s.received().count == 100)
        // Cut short: named, refused, nothing more sent.
        #expect(try box.run("/bin/sh", ["-c", "head -c 60 events.ndjson.gz > cut.gz"]).status == 0)
        let cut = try box.run("bnc-event", ["send", "--batch", box.home + "/cut.gz"], env: env)
        #expect(cut.status == 65 && cut.stderr.contains("the gzip data ends early"), "\(cut.stderr)")
    }

    /// A device's sessions are replayed in log order: at --concurrency 8 a later session could reach Branch first
    /// and become the device's install (first session), the earlier one then an open.
    @Test func replayKeepsADevicesLinesInLogOrder() throws {
        let s = try SandboxProcess(["--burst-window", "0"])
        let env = credentials.merging(["BNC_API_URL": s.url]) { $1 }
        let session = "/serve?action=session&advertiser_id=877&site_id=1234&sdk=ios&ios_ifa=7D92078A-8246-4BA4-AE5B-76104861E7DC"
            + "&ios_ifv=7D92078A-8246-4BA4-AE5B-76104861E7DD&ios_ad_tracking_disabled=0&app_version=1.2&os_version=17.1&device_brand=Apple"
            + "&device_model=iPhone14,2&user_agent=Mozilla%2F5.0"
        let lines = (1...6).map { session + "&device_ip=81.2.72.\($0)" }
        let path = try box.write("order.log", lines.joined(separator: "\n") + "\n")
        let r = try box.run("bnc-tune", ["replay", path, "--concurrency", "8"], env: env)
        #expect(r.status == 0, "\(r.output)")
        let sent = try s.received().filter { ($0["path"] as? String) == "/v1/open" }
            .compactMap { ($0["headers"] as? [String: Any])?["x-ip-override"] as? String }
        #expect(sent == (1...6).map { "81.2.72.\($0)" }, "one device's lines in log order: \(sent)")
    }

    @Test func replaySendsMappedRequestsThroughTheBatchRunner() throws {
        let s = try SandboxProcess()
        let env = credentials.merging(["BNC_API_URL": s.url]) { $1 }
        let path = try box.write("replay.log", [Self.session, "# a comment", "", "https://877.engine.mobileapptracking.com" + Self.purchase,
                                                 Self.session.replacing("action=session", with: "action=click")].joined(separator: "\n") + "\n")
        let r = try box.run("bnc-tune", ["replay", path, "--concurrency", "2"], env: env)
        #expect(r.status == 1, "one line cannot be mapped: \(r.output)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 3, "one result per request line; comments and blanks skipped")
        #expect(lines[0].contains(#""line":1,"ok":true"#) && lines[1].contains(#""line":4,"ok":true"#))
        #expect(lines[2].contains(#""line":5,"ok":false"#) && lines[2].contains("click has no Branch server-to-server counterpart"))
        let received = try s.received().filter { ($0["path"] as? String ?? "").hasPrefix("/v") }
        #expect(received.map { $0["path"] as? String } == ["/v1/open", "/v2/event/standard"] || received.map { $0["path"] as? String } == ["/v2/event/standard", "/v1/open"])
        let event = try #require(received.first { ($0["path"] as? String) == "/v2/event/standard" })
        let body = try #require(event["body"] as? [String: Any])
        #expect(body["name"] as? String == "PURCHASE")
        #expect((body["user_data"] as? [String: Any])?["aaid"] as? String == "38400000-8cf0-11bd-b23e-10b96e40000d")
        #expect((body["event_data"] as? [String: Any])?["currency"] as? String == "USD")
        #expect((event["headers"] as? [String: Any])?["x-ip-override"] as? String == "8.8.8.8")
    }
}
