// The HTML pages of bnc-tune scan and reconcile, rendered by headless Chromium (a screenshot that is not empty):
// a headline a manager reads (readiness shares), the log's time range, the command line and bnc's version, charts as
// inline SVG, each rule linked to its example, and nothing that runs or loads: no script, no event handler, no URL.
import Foundation
import Testing
import TestSupport

@Suite struct ReportRenderingTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    /// A log of `n` requests over several hours: sessions and conversions, some with findings.
    func log(_ n: Int) throws -> String {
        let base = "/serve?action=session&advertiser_id=877&site_id=1234&sdk=server&ios_ifa=6D92078A-8246-4BA4-AE5B-76104861E7DC"
            + "&ios_ifv=1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11&device_model=iPhone15%2C2&os_version=17.4&app_version=2.3.0&user_agent=UA"
        let lines = (0..<n).map { i -> String in
            let ip = i % 4 == 0 ? "10.0.0.\(i % 250)" : "8.8.\(i % 250).\(i % 200)"
            var q = i % 2 == 1 ? base.replacingOccurrences(of: "action=session", with: "action=conversion&site_event_name=purchase&advertiser_ref_id=o\(i)") : base
            if i % 7 == 0 { q += "&site-ID=1" }
            return "\(ip) - - [22/Nov/2026:\(String(format: "%02d", i / 20 % 24)):\(String(format: "%02d", i % 60)):00 +0000] \"GET \(q)&device_ip=\(ip) HTTP/1.1\" 200 64 \"-\" \"x\""
        }
        return try box.write("access.log", lines.joined(separator: "\n") + "\n")
    }

    /// Chromium's screenshot of the page: its PNG bytes.
    func screenshot(_ html: String) throws -> Data {
        let png = html + ".png"
        let profile = box.root.appendingPathComponent("chromium").path
        let r = try box.run("/usr/bin/timeout", ["120", "/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                                  "--user-data-dir=\(profile)", "--window-size=1200,2000", "--screenshot=\(png)", "file://\(html)"])
        #expect(r.status == 0, "\(r.stderr.suffix(600))")
        return try Data(contentsOf: URL(fileURLWithPath: png))
    }

    /// Nothing on the page runs or loads anything.
    func expectInert(_ page: String) {
        for forbidden in ["<script", "javascript:", " onload=", " onclick=", " onerror=", "src=\"http", "href=\"http", "<iframe", "<object", "@import"] {
            #expect(!page.lowercased().contains(forbidden), "the page holds \(forbidden)")
        }
    }

    @Test func theScanPageRendersWithItsHeadlineAndCharts() throws {
        let html = box.root.appendingPathComponent("scan.html").path
        let r = try box.run("bnc-tune", ["scan", try log(400), "--html", html, "--output", "json"])
        #expect(r.status == 1, "errors found: \(r.stderr)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("of requests clean") && page.contains("of requests map without error"))
        #expect(page.contains("2026-11-22 00:00 UTC to 2026-11-22 19:39 UTC"), "the log's time range")
        #expect(page.contains("bnc-tune scan ") && page.contains("--html"), "the command line")
        #expect(page.components(separatedBy: "<svg").count - 1 == 3, "rules, time, apps")
        #expect(page.contains("<a href=\"#line-1\">misspelt-key</a>") && page.contains("id=\"line-1\""), "a rule links to its example")
        expectInert(page)
        let png = try screenshot(html)
        #expect(png.count > 20_000 && png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "\(png.count) bytes")
    }

    @Test func theReconcilePageRenders() throws {
        let line = "https://1234.measurementapi.com/serve?advertiser_id=1234&site_id=5678&sdk=ios&device_ip=8.8.4.4&user_agent=UA&action=conversion"
            + "&site_event_name=purchase&revenue=9.99&currency_code=USD&ios_ifa=6D92078A-8246-4BA4-AE5B-76104861E7DC"
        let log = try box.write("tune.log", (1...3).map { "\(line)&advertiser_ref_id=ORD-\($0)" }.joined(separator: "\n") + "\n")
        let exported = try box.write("branch.ndjson", #"{"topic":"eo_commerce_event","id":"1","name":"PURCHASE","event_data_transaction_id":"ORD-1","event_data_revenue":"9.99","event_data_currency":"USD"}"# + "\n")
        let html = box.root.appendingPathComponent("reconcile.html").path
        let r = try box.run("bnc-tune", ["reconcile", log, "--export", exported, "--html", html])
        #expect(r.status == 1)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("33%") && page.contains("of the log reconciled") && page.contains("Lines by outcome"), "\(page.prefix(600))")
        expectInert(page)
        let png = try screenshot(html)
        #expect(png.count > 10_000, "\(png.count) bytes")
    }
}
