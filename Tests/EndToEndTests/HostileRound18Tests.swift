// QA round 29a (hostile input on bnc-tune and bnc-link), end to end against loopback servers that play Branch:
// what is printed and written from a log's secrets and from Branch's answers, and which paths a report may take.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound18Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let ios = "https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&site_id=1234&sdk=server"
        + "&ios_ifv=6A14E2B0-1C3D-4E5F-8A9B-0C1D2E3F4A5B&ios_ad_tracking_disabled=0&device_ip=8.8.4.4&device_brand=Apple"
        + "&device_model=iPhone15%2C2&os_version=17.4&app_version=2.3.0&user_agent=Mozilla%2F5.0"
    static let env = ["BRANCH_KEY": "key_live_PLACEHOLDERround18"]

    /// F1: `map --command` printed a logged secret-shaped value and a branch_secret inside a URL in clear (the JSON
    /// output masked both). Masked the same, unless --show-secrets.
    @Test func mapsCommandLinesMaskWhatItsJSONMasks() throws {
        let shaped = "secret_live_PLACEHOLDERMAPCOMMAND07"
        let log = try box.write("log.txt", Self.ios.replacing("action=session", with: "action=conversion&site_event_name=\(shaped)") + "\n"
            + Self.ios + "&referral_url=https%3A%2F%2Fx.example%2F%3Fbranch_secret%3DREFSECRETPLACEHOLDER8\n")
        let command = try box.run("bnc-tune", ["map", log, "--command"])
        #expect(command.status == 0 && command.stdout.contains("printf") && command.stdout.contains("<redacted>"), "\(command.output)")
        #expect(!command.stdout.contains(shaped) && !command.stdout.contains("REFSECRETPLACEHOLDER8"), "\(command.stdout)")
        let shown = try box.run("bnc-tune", ["map", log, "--command", "--show-secrets"])
        #expect(shown.status == 0 && shown.stdout.contains(shaped) && shown.stdout.contains("REFSECRETPLACEHOLDER8"), "\(shown.output)")
    }

    /// F2 and F3: bulk printed Branch's answer unmasked (a branch_secret in a url, a credential in an error), and
    /// took any `url` (a number, `javascript:`) as a link, as did create --batch; a single create refuses it (76).
    @Test func bulkAndBatchResultsAreMaskedAndTheirURLsChecked() throws {
        let server = try LoopbackServer()
        server.choose { request in
            if request.path.hasPrefix("/v1/url/bulk/") {
                return .json(200, #"[{"url":"https://x.example/l?branch_secret=BULKSECRETPLACEHOLDER&k=secret_live_PLACEHOLDERBULKANSWER2"},"#
                             + #"{"error":"bad key secret_live_PLACEHOLDERBULKERROR3"},{"url":5},{"url":"javascript:alert(1)"}]"#)
            }
            return .json(200, #"{"url":"javascript:alert(1)"}"#)
        }
        let url = "http://127.0.0.1:\(server.port)"
        let items = try box.write("items.ndjson", (1...4).map { #"{"channel":"c\#($0)"}"# }.joined(separator: "\n") + "\n")
        let bulk = try box.run("bnc-link", ["bulk", items, "--api-url", url], env: Self.env)
        let lines = bulk.stdout.split(separator: "\n").map(String.init)
        #expect(bulk.status == 1 && lines.count == 4, "\(bulk.output)")
        #expect(!bulk.stdout.contains("PLACEHOLDERBULK") && !bulk.stdout.contains("BULKSECRETPLACEHOLDER"), "\(bulk.stdout)")
        #expect(lines.first?.contains(#""ok":true"#) == true && lines.first?.contains("branch_secret=<redacted>") == true)
        #expect(lines.dropFirst(2).allSatisfy { $0.contains(#""ok":false"#) && $0.contains("the answer holds no link url") }, "\(lines)")
        let batch = try box.run("bnc-link", ["create", "--batch", try box.write("one.ndjson", #"{"channel":"a"}"# + "\n"), "--api-url", url], env: Self.env)
        #expect(batch.status == 1 && batch.stdout.contains(#""ok":false"#) && batch.stdout.contains("the answer holds no link url"), "\(batch.output)")
        let single = try box.run("bnc-link", ["create", "--channel", "a", "--api-url", url], env: Self.env)
        #expect(single.status == 76 && single.stderr.contains("the answer holds no link url"), "\(single.output)")
    }

    /// F4: answers out of order gave the aliased item's link to the next item too, and the other link was lost.
    @Test func bulkAnswersOutOfOrderGoEachToOneItem() throws {
        let server = try LoopbackServer()
        server.choose { _ in .json(200, #"[{"url":"https://bnc.lt/zzz"},{"url":"https://bnc.lt/a"}]"#) }
        let items = try box.write("items.ndjson", #"{"alias":"a","channel":"x"}"# + "\n" + #"{"channel":"b"}"# + "\n")
        let run = try box.run("bnc-link", ["bulk", items, "--api-url", "http://127.0.0.1:\(server.port)"], env: Self.env)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout == #"{"line":1,"ok":true,"url":"https://bnc.lt/a"}"# + "\n" + #"{"line":2,"ok":true,"url":"https://bnc.lt/zzz"}"# + "\n", "\(run.stdout)")
    }

    /// F5: a secret written percent-encoded in a logged line (`secret%5Flive%5F…`, the run's own key as `%61…`)
    /// reached the source lines of scan's HTML page and JUnit file; the plain forms were masked.
    @Test func scansReportsMaskEncodedSecrets() throws {
        let key = try box.write("key.txt", "abcdefghijklmnop")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key)
        // A private device_ip: a finding, so the line's source is shown.
        let line = Self.ios.replacing("device_ip=8.8.4.4", with: "device_ip=10.0.0.1")
        let log = try box.write("log.txt", line + "&sub1=secret%5Flive%5FPLACEHOLDERENCODEDSCAN0&sub2=%61bcdefghijklmnop\n")
        let html = box.root.appendingPathComponent("h.html").path, junit = box.root.appendingPathComponent("j.xml").path
        let run = try box.run("bnc-tune", ["scan", log, "--conversion-key-file", key, "--html", html, "--junit", junit, "--output", "json"])
        #expect(run.status == 0 || run.status == 1, "\(run.output)")
        for path in [html, junit] {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(!text.contains("PLACEHOLDERENCODEDSCAN") && !text.contains("%61bcdefghijklmnop"), "\(path)")
            #expect(text.contains("sub1=&lt;redacted&gt;") && text.contains("sub2=&lt;redacted&gt;"), "\(path)")
        }
    }

    /// F6 and F7: a scan report named after the file stdout or stderr goes to replaced the summary printed there
    /// (reconcile refused it); `reconcile --html -` wrote the page after the NDJSON findings, two formats in one
    /// stream. Refused (64), and `--html -` is the page alone, as scan's `-` is.
    @Test func reportsNeverShareStandardOutput() throws {
        let log = try box.write("log.txt", Self.ios + "\n")
        let scan = Executables.path("bnc-tune")
        for flag in ["--report", "--junit", "--html"] {
            let run = try box.run("/bin/sh", ["-c", "'\(scan)' scan log.txt \(flag) out.txt --output json > out.txt"])
            #expect(run.status == 64 && run.stderr.contains("\(flag) names the file standard output goes to"), "\(run.output)")
            #expect(try String(contentsOfFile: box.root.appendingPathComponent("out.txt").path, encoding: .utf8).isEmpty)
        }
        let err = try box.run("/bin/sh", ["-c", "'\(scan)' scan log.txt --report err.txt 2> err.txt; echo $?"])
        let said = try String(contentsOfFile: box.root.appendingPathComponent("err.txt").path, encoding: .utf8)
        #expect(err.stdout.hasSuffix("64\n") && said.contains("standard error"), "\(err.output) \(said)")
        let export = try box.write("export.ndjson", #"{"name":"INSTALL","user_data_idfv":"6A14E2B0-1C3D-4E5F-8A9B-0C1D2E3F4A5B","timestamp":"1700000000000"}"# + "\n")
        let mixed = try box.run("bnc-tune", ["reconcile", log, "--export", export, "--output", "ndjson", "--html", "-"])
        #expect(mixed.status == 64 && mixed.stdout.isEmpty && mixed.stderr.contains("--html -"), "\(mixed.output)")
        let page = try box.run("bnc-tune", ["reconcile", log, "--export", export, "--html", "-"])
        #expect(page.stdout.hasPrefix("<!DOCTYPE html>") && !page.stdout.contains(#""status":"#), "\(page.stdout.prefix(300))")
    }

    /// F8 and F9: `/dev/zero` as the log was one endless line, skipped at full CPU for ever; a 900 KB parameter name
    /// was quoted whole in scan's NDJSON. The input ends with 65 past 64 MiB without a line break; a line's error
    /// quotes at most about 1,000 bytes.
    @Test func anEndlessLineEndsAndALongNameIsQuotedBounded() throws {
        for command in ["check", "scan"] {
            let run = try box.run("/usr/bin/timeout", ["60", Executables.path("bnc-tune"), command, "/dev/zero"])
            #expect(run.status == 65 && run.stderr.contains("with no line break: not a file of lines"), "\(command): \(run.output)")
        }
        let log = try box.write("long.txt", "/serve?action=session&" + String(repeating: "n", count: 900_000) + "=" + String(repeating: "v", count: 60_000) + "\n")
        let scan = try box.run("bnc-tune", ["scan", log, "--output", "ndjson"])
        #expect(scan.stdout.utf8.count < 4_000 && scan.stdout.contains("more bytes)"), "\(scan.stdout.utf8.count) bytes")
    }

    /// F10: `reconcile --export` held an export whole, inflated, with every column of every row: 350 KB of gzip
    /// (3,000 rows of 100 KB) took 600 MB. NDJSON is read a line at a time and a row keeps the columns reconciling
    /// reads; the peak stays far under the file's inflated size.
    @Test(arguments: ["ndjson", "json", "csv"]) func aWideExportIsReconciledInBoundedMemory(form: String) throws {
        let log = try box.write("log.txt", #"1.2.3.4 - - [10/Oct/2023:13:55:36 +0000] "GET /serve?action=conversion&advertiser_id=877&site_id=1234&sdk=ios&ios_ifv=1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11&revenue=5&currency_code=USD&device_ip=8.8.4.4&site_event_name=purchase&transaction_id=T1 HTTP/1.1" 200 1"# + "\n")
        let wide = String(repeating: "w", count: 100_000)
        let transactions = (0..<1500).map { i in "T\(i == 0 ? "1" : "x\(i)")" }
        let objects = transactions.map { t in
            #"{"name":"PURCHASE","event_data_transaction_id":"\#(t)","event_data_revenue":"5","event_data_currency":"USD","user_data_idfv":"1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11","timestamp":"1696946136000","custom_data_blob":"\#(wide)"}"#
        }
        // The same rows as NDJSON, as one JSON array on one line (a JSON array export was read whole, up to 1 GiB),
        // and as CSV (a regular CSV file was read whole too).
        let rows = switch form {
        case "ndjson": objects.joined(separator: "\n") + "\n"
        case "json": "[" + objects.joined(separator: ",") + "]\n"
        default: "name,event_data_transaction_id,event_data_revenue,event_data_currency,user_data_idfv,timestamp,custom_data_blob\n"
            + transactions.map { "PURCHASE,\($0),5,USD,1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11,1696946136000,\(wide)" }.joined(separator: "\n") + "\n"
        }
        let export = box.root.appendingPathComponent("rows.\(form).gz").path
        try GzipTool.gzip(rows).write(to: URL(fileURLWithPath: export))
        let probe = "import resource,subprocess,sys; r=subprocess.run(sys.argv[1:],capture_output=True); print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); sys.stdout.write(r.stdout.decode()[:2000]); sys.stdout.write(r.stderr.decode()[:500])"
        let run = try box.run("/usr/bin/env", ["python3", "-c", probe, Executables.path("bnc-tune"), "reconcile", log, "--export", export, "--output", "ndjson"])
        let head = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
        let parts = head.split(separator: " ")
        #expect(parts.first == "0" && run.stdout.contains(#""status":"matched""#), "\(form): \(run.output.prefix(600))")
        let peakKiB = parts.count > 1 ? Int(parts[1]) ?? .max : .max
        #expect(peakKiB < 100 * 1024, "\(form): peak \(peakKiB) KiB for 150 MB of rows inflated")
    }

    /// F11: `map --to-tune` took an advertiser id of 23 digits and a site id of any text, and printed a URL its own
    /// check refused. Both are held to the table's rule (64).
    @Test func toTunesIDsAreHeldToTheTablesRule() throws {
        let body = try box.write("b.json", #"{"name":"PURCHASE","user_data":{"os":"iOS","idfv":"6A14E2B0-1C3D-4E5F-8A9B-0C1D2E3F4A5B"}}"#)
        for (flag, bad) in [("--advertiser-id", "99999999999999999999999"), ("--site-id", "abc&x"), ("--site-id", "0")] {
            let args = ["map", "--to-tune", body, "--advertiser-id", flag == "--advertiser-id" ? bad : "877"] + (flag == "--site-id" ? ["--site-id", bad] : [])
            let run = try box.run("bnc-tune", args)
            #expect(run.status == 64 && run.stderr.contains("\(flag) must be TUNE's id, a whole number from 1 to"), "\(bad): \(run.output)")
            #expect(run.stdout.isEmpty)
        }
        let good = try box.run("bnc-tune", ["map", "--to-tune", body, "--advertiser-id", "877", "--site-id", "1234"])
        #expect(good.status == 0 && good.stdout.contains("site_id=1234"), "\(good.output)")
    }
}
