// Hostile input, round 6 (a QA sweep of bnc-tune, bnc-event, bnc-open and bnc-link): a system_date past any
// calendar trapped the scan; replay sent what check calls errors, and bytes that were not UTF-8; a delete batch's
// lines deleted from the run's app whatever they named; a journal resumed against another app skipped every line;
// a link's analytics object went unchecked; reconcile counted 5 and null as Branch's rows.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound6Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_live_round6PLACEHOLDER", secret = "secret_live_round6PLACEHOLDER"
    static let token = "api_app_round6TOKENPLACEHOLDER", app = "123456789"
    static let session = "/serve?action=session&advertiser_id=877&site_id=1234&sdk=server&ios_ifa=1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"
        + "&ios_ifv=1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11&device_brand=Apple&ios_ad_tracking_disabled=0&device_ip=8.8.4.4"
        + "&os_version=17.4&app_version=2.3.0&device_model=x&user_agent=UA"

    func env(_ s: SandboxProcess) -> [String: String] {
        ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret, "BRANCH_ACCESS_TOKEN": Self.token, "BRANCH_APP_ID": Self.app]
    }

    func keys() throws -> String {
        try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"\#(Self.secret)","app_id":"\#(Self.app)","access_token":"\#(Self.token)"}]"#)
    }

    /// `system_date=1e22` trapped the scan's and reconcile's hour arithmetic (exit 132, no report); a day the log's
    /// own times gave that no daily export holds was blamed on --date, a flag never given.
    @Test func aSystemDatePastAnyCalendarIsNoTime() throws {
        let log = try box.write("crash.log", Self.session + "&system_date=1e22\n")
        let report = box.home + "/scan.xml"
        let scan = try box.run("bnc-tune", ["scan", log, "--output", "json", "--report", report])
        #expect(scan.status == 1 && scan.stdout.contains("\"requests\": 1") && FileManager.default.fileExists(atPath: report), "\(scan.output)")
        let export = try box.write("exp.ndjson", #"{"name":"OPEN","timestamp":"1"}"# + "\n")
        let reconcile = try box.run("bnc-tune", ["reconcile", log, "--export", export, "--output", "json"])
        #expect(reconcile.status == 1 && reconcile.stdout.contains("\"missing\""), "\(reconcile.output)")
        let old = try box.write("old.log", Self.session + "&system_date=200000000000\n")
        let days = try box.run("bnc-tune", ["reconcile", old, "--dry-run"], env: ["BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret])
        #expect(days.status == 65 && days.stderr.contains("the log's day 1976-05-03 (its lines' times") && !days.stderr.contains("--date must"), "\(days.output)")
    }

    /// What check calls an error is never sent by replay nor printed by map (`site_id=-1`, a device model whose
    /// bytes are not UTF-8); with --strict, what check warns of (an unknown or repeated parameter) fails the line.
    @Test func replayAndMapSendNothingCheckRefuses() throws {
        let s = try SandboxProcess()
        let lines = [Self.session.replacing("site_id=1234", with: "site_id=-1"), Self.session.replacing("device_model=x", with: "device_model=iPh%FF%FEone"),
                     Self.session + "&devise_model=y", Self.session]
        let log = try box.write("replay.log", lines.joined(separator: "\n") + "\n")
        let r = try box.run("bnc-tune", ["replay", log, "--output", "ndjson"], env: env(s))
        let results = r.stdout.split(separator: "\n").map(String.init)
        #expect(r.status == 1 && results.count == 4, "\(r.output)")
        #expect(results[0].contains(#""ok":false"#) && results[0].contains("site_id must be between 1 and 9223372036854775807 (got -1)"), "\(results)")
        #expect(results[1].contains(#""ok":false"#) && results[1].contains("device_model is not valid UTF-8"), "\(results)")
        #expect(results[2].contains(#""ok":true"#) && results[3].contains(#""ok":true"#), "\(results)")
        // Lines 3 and 4 are one device: the sandbox answers its second session within 2 s 429 and it is retried.
        let accepted = { try s.received().filter { $0["status"] as? Int == 200 } }
        let models = try accepted().compactMap { ($0["body"] as? [String: Any])?["model"] as? String }
        #expect(models.count == 2 && !models.contains { $0.contains("\u{FFFD}") }, "\(models)")
        let strict = try box.run("bnc-tune", ["replay", log, "--output", "ndjson", "--strict"], env: env(s))
        #expect(strict.stdout.split(separator: "\n")[2].contains("devise_model is not a TUNE parameter (did you mean device_model?)"), "\(strict.output)")
        #expect(try accepted().count == 3, "only the good line again")
        // map: the same errors, the field named once; a screen size check now finds as map refuses it.
        let map = try box.run("bnc-tune", ["map", Self.session + "&screen_size=99999999999999999999x1"])
        #expect(map.status == 65 && map.stderr.contains("error: screen_size must be WIDTHxHEIGHT") && !map.stderr.contains("screen_size screen_size"), "\(map.stderr)")
        let check = try box.run("bnc-tune", ["check", Self.session + "&screen_size=99999999999999999999x1", "--output", "json"])
        #expect(check.stdout.contains(#""parameter": "screen_size""#) && check.stdout.contains("bad-value"), "\(check.stdout)")
        let strictMap = try box.run("bnc-tune", ["map", Self.session + "&foo=bar", "--strict"])
        #expect(strictMap.status == 65 && strictMap.stderr.contains("foo is not a TUNE parameter"), "\(strictMap.stderr)")
        // --batch FILE, which --help offers, is the log as the argument is.
        let batch = try box.run("bnc-tune", ["replay", "--batch", log, "--output", "ndjson"], env: env(s))
        #expect(batch.status == 1 && batch.stdout.split(separator: "\n").count == 4, "\(batch.output)")
        #expect(try box.run("bnc-tune", ["replay", log, "--batch", log], env: env(s)).status == 64)
    }

    /// A delete batch's line names its link and nothing else: another app's id or a token of its own was replaced
    /// by the run's and the link deleted; an unknown member passed even --strict; `{"url": 5}` was "url is required".
    @Test func aDeleteLineDeletesOnlyWhatItNames() throws {
        let s = try SandboxProcess(["--keys", try keys()])
        for alias in ["keep", "gone"] { #expect(try box.run("bnc-link", ["create", "--alias", alias], env: env(s)).status == 0) }
        let lines = [#"{"url":"\#(s.url)/keep","app_id":"999"}"#, #"{"url":"\#(s.url)/keep","access_token":"api_app_PLACEHOLDER_SOMEONE_ELSE"}"#,
                     #"{"url":"\#(s.url)/keep","bogus":1}"#, #"{"url":5}"#, #"{"url":"\#(s.url)/gone","app_id":\#(Self.app)}"#]
        let input = try box.write("delete.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try box.run("bnc-link", ["delete", "--batch", input, "--strict", "--output", "ndjson"], env: env(s))
        let results = r.stdout.split(separator: "\n").map(String.init)
        #expect(r.status == 1 && results.count == 5, "\(r.output)")
        #expect(results[0].contains("app_id is not this run's app (123456789)"), "\(results)")
        #expect(results[1].contains("access_token must not be on a line"), "\(results)")
        #expect(results[2].contains("bogus is not a field of a delete line"), "\(results)")
        #expect(results[3].contains("url must be a string (the link's URL), got number"), "\(results)")
        #expect(results[4].contains(#""deleted":true"#), "\(results)")
        let deletes = try s.received().filter { $0["method"] as? String == "DELETE" }
        #expect(deletes.count == 1, "\(deletes)")
        #expect(try box.run("bnc-link", ["read", s.url + "/keep"], env: env(s)).status == 0, "the link the refused lines named is still there")
        // URLs no link has: a bare domain, a path past any alias, a user name and password.
        let before = try s.received().count
        for url in [s.url + "/", s.url + "/" + String(repeating: "a", count: 5000), s.url.replacing("http://", with: "http://user:pass@") + "/keep"] {
            let read = try box.run("bnc-link", ["read", url], env: env(s))
            #expect(read.status == 64 && read.stderr.hasPrefix("bnc-link: error: URL ") && !read.stderr.contains("pass@"), "\(read.stderr)")
        }
        #expect(try s.received().count == before, "nothing sent")
    }

    /// A journal is of one destination: resumed against another key or API, it skipped every line as acknowledged
    /// and exited 0 with nothing sent there.
    @Test func aJournalResumesOnlyWhereItSent() throws {
        let (a, b) = (try SandboxProcess(), try SandboxProcess())
        let lines = (0..<5).map { #"{"name":"EV\#($0)","user_data":{"developer_identity":"u\#($0)","user_agent":"UA"},"ip":"8.8.4.4"}"# }
        let input = try box.write("five.ndjson", lines.joined(separator: "\n") + "\n")
        let journal = box.home + "/journal.db"
        let first = try box.run("bnc-event", ["send", "--batch", input, "--journal", journal], env: ["BNC_API_URL": a.url, "BRANCH_KEY": Self.key])
        #expect(first.status == 0, "\(first.stderr)")
        let elsewhere = try box.run("bnc-event", ["send", "--batch", input, "--journal", journal, "--resume"],
                                    env: ["BNC_API_URL": b.url, "BRANCH_KEY": "key_live_otherAPPPLACEHOLDER"])
        #expect(elsewhere.status == 78 && elsewhere.stderr.contains("was written sending to \(a.url), key \(Self.key)"), "\(elsewhere.stderr)")
        #expect(try b.received().isEmpty)
        let same = try box.run("bnc-event", ["send", "--batch", input, "--journal", journal, "--resume"], env: ["BNC_API_URL": a.url, "BRANCH_KEY": Self.key])
        #expect(same.status == 0 && same.stderr.contains("5 acknowledged earlier"), "\(same.stderr)")
        #expect(try a.received().count == 5)
    }

    /// A link's analytics object is held to the labels' rules in a batch and a bulk, as `~channel` is in data.
    @Test func analyticsLabelsAreCheckedInEveryPath() throws {
        let s = try SandboxProcess()
        let long = String(repeating: "c", count: 256)
        let input = try box.write("a.ndjson", #"{"analytics":{"~channel":"\#(long)"}}"# + "\n" + #"{"analytics":{"~tags":5}}"# + "\n")
        let batch = try box.run("bnc-link", ["create", "--batch", input, "--output", "ndjson"], env: env(s))
        #expect(batch.status == 1 && batch.stdout.contains("analytics.~channel must be at most 255 characters") && batch.stdout.contains("analytics.~tags"), "\(batch.output)")
        let bulk = try box.run("bnc-link", ["bulk", input], env: env(s))
        #expect(bulk.stdout.contains("analytics.~channel must be at most 255 characters"), "\(bulk.output)")
        #expect(try s.received().isEmpty)
        let scheme = try box.run("bnc-link", ["create", "--param", "$deeplink_path=myapp://x", "--strict"], env: env(s))
        #expect(scheme.status == 65 && scheme.stderr.contains("data.$deeplink_path takes an in-app path, not a URI with a scheme"), "\(scheme.stderr)")
        #expect(try s.received().isEmpty)
    }

    /// reconcile's --export: a row is an object (5, "x", null and [1] were counted as Branch's rows), and a file
    /// that begins with a byte-order mark is NDJSON still (it was read as CSV: no rows, every line "missing").
    @Test func exportRowsAreObjectsAndABOMIsNoCSV() throws {
        let log = try box.write("one.log", Self.session + "\n")
        let bad = try box.write("bad.ndjson", #"{"name":"OPEN"}"# + "\n5\n")
        let r = try box.run("bnc-tune", ["reconcile", log, "--export", bad])
        #expect(r.status == 65 && r.stderr.contains("--export \(bad) line 2 must be a JSON object (a row of Branch's export), got number"), "\(r.stderr)")
        let bom = try box.write("bom.ndjson", "\u{FEFF}" + #"{"name":"OPEN"}"# + "\n")
        let read = try box.run("bnc-tune", ["reconcile", log, "--export", bom])
        #expect(read.stderr.contains("against 1 Branch row:"), "\(read.stderr)")
        // check --output csv is CSV: a header and a row a finding.
        let csv = try box.run("bnc-tune", ["check", Self.session + "&site_id=7", "--output", "csv"])
        let rows = csv.stdout.split(separator: "\n")
        #expect(rows.first == "line,action,advertiser_id,site_id,sdk,platform,severity,rule,parameter,message,fix", "\(csv.stdout)")
        #expect(rows.count == 2 && rows[1].contains("repeated-parameter"), "\(csv.stdout)")
    }
}
