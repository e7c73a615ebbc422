// bnc-tune reconcile against bnc-sandbox: a TUNE log replayed in part (one line twice, one with another revenue,
// one never), the day closed, then reconciled through the daily exports and through bnc-export's files: exactly the
// missing line is named missing, the others duplicated, different or matched; exit 1; an HTML page.
import Foundation
import Testing
import TestSupport

@Suite struct ReconcileEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_live_recon0001"
    static let secret = "secret_live_PLACEHOLDER_recon0001"
    static let ifa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"
    static let base = "https://1234.measurementapi.com/serve?advertiser_id=1234&site_id=5678&sdk=ios&device_ip=8.8.4.4&user_agent=UA"

    static func conversion(_ ref: String, revenue: String, currency: String = "USD") -> String {
        "\(base)&action=conversion&site_event_name=purchase&revenue=\(revenue)&currency_code=\(currency)&advertiser_ref_id=\(ref)&ios_ifa=\(ifa)&user_id=u1"
    }
    static let session = "\(base)&action=session&ios_ifa=\(ifa)&os_version=17.4&device_model=iPhone15,2&app_version=2.3"

    static var today: String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withFullDate]
        return f.string(from: Date())
    }

    @Test func exactlyTheMissingLinesAreNamed() throws {
        UTCDay.awayFromMidnight()  // sent today, reconciled for Self.today
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"\#(Self.secret)"}]"#)
        let s = try SandboxProcess(["--keys", keys])
        let env = ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret]
        // What reached Branch: ORD-1 twice, ORD-2 at 19.99, the session; ORD-3 never.
        let sent = try box.write("sent.log", [Self.conversion("ORD-1", revenue: "9.99"), Self.conversion("ORD-2", revenue: "19.99"), Self.session,
                                              Self.conversion("ORD-1", revenue: "9.99")].joined(separator: "\n") + "\n")
        #expect(try box.run("bnc-tune", ["replay", sent], env: env).status == 0)
        _ = try s.control("/_sandbox/clock", method: "POST", body: #"{"advance_seconds": 86400}"#)
        // What TUNE logged.
        let log = try box.write("tune.log", [Self.conversion("ORD-1", revenue: "9.99"), Self.conversion("ORD-2", revenue: "5.00"),
                                             Self.conversion("ORD-3", revenue: "7.00", currency: "EUR"), "# a comment", Self.session,
                                             "not a request"].joined(separator: "\n") + "\n")
        let html = box.root.appendingPathComponent("reconcile.html").path
        let r = try box.run("bnc-tune", ["reconcile", log, "--date", Self.today, "--html", html], env: env)
        #expect(r.status == 1, "a missing line: \(r.output)")
        let findings = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let byLine = Dictionary(uniqueKeysWithValues: findings.map { ($0["line"] as? Int ?? 0, $0) })
        #expect(findings.filter { $0["status"] as? String == "missing" }.compactMap { $0["line"] as? Int } == [3], "\(r.stdout)")
        #expect(byLine[3]?["transaction_id"] as? String == "ORD-3")
        #expect(byLine[1]?["status"] as? String == "duplicated" && (byLine[1]?["branch_ids"] as? [String])?.count == 2)
        #expect(byLine[2]?["status"] as? String == "differs" && (byLine[2]?["differences"] as? [String]) == ["revenue: TUNE 5, Branch 19.99"])
        #expect(byLine[5]?["status"] as? String == "matched" && byLine[5]?["kind"] as? String == "session")
        #expect(r.stderr.contains("4 lines against 4 Branch rows: 1 matched, 1 differs, 1 duplicated, 1 missing"), "\(r.stderr)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("Missing from Branch") && page.contains("ORD-3") && !page.contains("<script"), "\(page.prefix(300))")

        // --dry-run prints each day's export request and sends nothing (it did send before: a dry run that sent).
        let sentBefore = try s.received().count
        let dry = try box.run("bnc-tune", ["reconcile", log, "--date", Self.today, "--dry-run"], env: env)
        #expect(dry.status == 0 && dry.stdout.contains("\"url\": \"\(s.url)/v3/export\"") && !dry.stdout.contains(Self.secret), "\(dry.output)")
        #expect(try s.received().count == sentBefore, "a dry run sent nothing")

        // The same from bnc-export's file, without asking Branch again.
        let exported = box.root.appendingPathComponent("branch.ndjson").path
        #expect(try box.run("/bin/sh", ["-c", "\"$0\" daily --date \"$1\" > \"$2\"", Executables.path("bnc-export"), Self.today, exported], env: env).status == 0)
        let before = try s.received().count
        let offline = try box.run("bnc-tune", ["reconcile", log, "--export", exported], env: ["BRANCH_KEY": Self.key])
        #expect(offline.status == 1 && offline.stdout == r.stdout, "\(offline.output)")
        #expect(try s.received().count == before, "nothing asked of Branch")
        // The export as CSV through a pipe (`<(...)`): the file was opened again to read its rows, found empty, and
        // every line was "missing" against 0 rows.
        let csv = box.root.appendingPathComponent("branch.csv").path
        #expect(try box.run("/bin/sh", ["-c", "\"$0\" daily --date \"$1\" --output csv > \"$2\"", Executables.path("bnc-export"), Self.today, csv], env: env).status == 0)
        let piped = try box.run("/bin/bash", ["-c", "\"$0\" reconcile \"$1\" --export <(cat \"$2\")", Executables.path("bnc-tune"), log, csv], env: ["BRANCH_KEY": Self.key])
        #expect(piped.status == 1 && piped.stdout == r.stdout, "\(piped.output)")
        #expect(piped.stderr.contains("against 4 Branch rows"), "\(piped.stderr)")
        // gzip: CSV through a pipe (read again to inflate: empty), and NDJSON from a file (taken for CSV: no rows).
        for (export, through) in [(csv, "<(gzip -c \"$2\")"), (exported, "\"$2.gz\"")] {
            #expect(try box.run("/bin/sh", ["-c", "gzip -kf \"$0\"", export]).status == 0)
            let zipped = try box.run("/bin/bash", ["-c", "\"$0\" reconcile \"$1\" --export \(through)", Executables.path("bnc-tune"), log, export], env: ["BRANCH_KEY": Self.key])
            #expect(zipped.status == 1 && zipped.stdout == r.stdout, "\(through): \(zipped.output)")
            #expect(zipped.stderr.contains("against 4 Branch rows"), "\(through): \(zipped.stderr)")
        }

        // A row answers one line only: ORD-2 logged twice against its one row (both lines were "matched" to it,
        // exit 0); ORD-1 logged twice against its two rows, one each.
        let twice = try box.write("twice.log", [Self.conversion("ORD-2", revenue: "19.99"), Self.conversion("ORD-2", revenue: "19.99"),
                                                Self.conversion("ORD-1", revenue: "9.99"), Self.conversion("ORD-1", revenue: "9.99")].joined(separator: "\n") + "\n")
        let shared = try box.run("bnc-tune", ["reconcile", twice, "--export", exported], env: ["BRANCH_KEY": Self.key])
        let statuses = shared.stdout.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["status"] as? String }
        #expect(shared.status == 1 && statuses == ["matched", "missing", "matched", "matched"], "\(shared.output)")
        let rows = shared.stdout.split(separator: "\n").map { ((try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["branch_ids"] as? [String]) ?? [] }
        #expect(rows.count == 4 && rows[2].count == 1 && rows[3].count == 1 && rows[2] != rows[3], "\(shared.stdout)")
    }

    @Test func aTestKeyAndAnHTMLPathOfAnotherKindAreRefused() throws {
        let log = try box.write("tune.log", Self.session + "\n")
        let notes = try box.write("notes.html", "<p>mine</p>\n", mode: 0o644)
        let r = try box.run("bnc-tune", ["reconcile", log, "--date", Self.today, "--html", notes], env: ["BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret])
        let kept = try String(contentsOfFile: notes, encoding: .utf8)
        #expect(r.status == 78 && kept == "<p>mine</p>\n", "\(r.output)")
        let test = try box.run("bnc-tune", ["reconcile", log, "--date", Self.today], env: ["BRANCH_KEY": "key_test_recon0001", "BRANCH_SECRET": "secret_test_recon0001"])
        #expect(test.status == 78 && test.stderr.contains("live data only"), "\(test.output)")
    }
}
