// A link preview robot reads a link's tags page: Chromium, told to be Facebook's crawler, parses the page the
// sandbox serves, and a hostile description stays an attribute's text (QA round 24b, M4).
import Foundation
import Testing
import TestSupport

@Suite struct LinkPreviewEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    @Test func chromiumAsAPreviewRobotReadsTheTags() throws {
        let s = try SandboxProcess()
        let created = try box.run("/usr/bin/curl", ["-s", "-X", "POST", s.url + "/v1/url", "-H", "Content-Type: application/json", "-d",
                                                    #"{"branch_key":"key_test_sdkcorpus","alias":"preview","data":{"$og_title":"Winter boots","$og_description":"Boots \"x\" & <script>document.title='pwned'</script>","$fallback_url":"https://example.com/boots"}}"#])
        #expect(created.stdout.contains("/preview"), "\(created.stdout)")
        let dom = try box.run("/usr/bin/timeout", ["120", "/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu",
                                                    "--user-agent=facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
                                                    "--user-data-dir=\(box.root.appendingPathComponent("chromium").path)", "--dump-dom", s.url + "/preview"])
        #expect(dom.status == 0, "\(dom.stderr.suffix(600))")
        #expect(dom.stdout.contains("<title>Winter boots</title>"), "the page was served, not a redirect: \(dom.stdout.prefix(800))")
        #expect(dom.stdout.contains(#"<meta property="og:title" content="Winter boots">"#))
        // Chromium serializes < and > in an attribute as entities or not, by version: either way one attribute.
        let description = dom.stdout.split(separator: "\n").filter { $0.hasPrefix(#"<meta property="og:description" content="Boots &quot;x&quot; &amp; "#) }
        #expect(description.count == 1 && description[0].hasSuffix(#"/script&gt;">"#) || description.first?.hasSuffix(#"/script>">"#) == true,
                "the description is one attribute's text: \(dom.stdout.prefix(1200))")
        #expect(!dom.stdout.split(separator: "\n").contains { $0.hasPrefix("<script") })
        #expect(!dom.stdout.contains("pwned</title>"))
        let stats = try box.run("/usr/bin/curl", ["-s", s.url + "/_sandbox/stats"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        #expect((json["counters"] as? [String: Any])?["scrapes"] as? Int == 1 && json["clicks"] as? Int == 0, "\(stats.stdout)")
    }
}
