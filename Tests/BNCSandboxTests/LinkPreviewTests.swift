// A link preview robot (Facebook, X, Slack, …) or an App Links host reads a link's tags page, as Branch serves
// scraped links, instead of being redirected and counted as a click. QA round 24b: Roots' app connector
// (Tests/Fixtures/sdk/roots/SOURCES.md) got a 302 to $fallback_url, no al: tags, and a click on every pass.
import BNCCore
import Testing
@testable import BNCSandbox

@Suite struct LinkPreviewTests {
    static let json = [("Content-Type", "application/json")]

    func text(_ r: Reply) -> String { String(decoding: r.body, as: UTF8.self) }

    @Test func robotsGetTheTagsPageAndAreNotCountedAsClicks() throws {
        let h = try Harness()
        _ = h.send("PUT", "/v1/app/\(Harness.key)", ["branch_secret": .string(Harness.secret), "dev_email": "dev@example.com",
                                                     "og_title": "Shoes app", "og_image_url": "https://example.com/app.png"], headers: Self.json)
        let url = try #require(h.createLink(["alias": "boots", "data": ["$fallback_url": "https://example.com/boots",
                                                                         "$og_description": "Boots \"x\" & <script>alert(1)</script>"]]).json?["url"]?.stringValue)
        for ua in ["facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", "Twitterbot/1.0",
                   "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "WhatsApp/2.23.20.0 A"] {
            let page = h.click(url + "?%24og_title=Winter%20boots", ip: "8.8.4.4", ua: ua)
            #expect(page.status == 200 && page.header("Location") == nil && page.header("X-Branch-Link-Click-Id") == nil, "\(ua)")
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            let html = text(page)
            #expect(html.contains(#"<meta property="og:title" content="Winter boots">"#), "an appended tag wins: \(html)")
            #expect(html.contains(#"<meta property="og:description" content="Boots &quot;x&quot; &amp; &lt;script&gt;alert(1)&lt;/script&gt;">"#))
            #expect(html.contains(#"<meta property="og:image" content="https://example.com/app.png">"#), "the app's default")
            #expect(html.contains(#"<meta property="og:url" content="\#(url)">"#))
            #expect(html.contains(#"<meta name="twitter:title" content="Winter boots">"#))
            #expect(!html.contains("<script>") && !html.contains("al:ios:url"), "no URI scheme set, so no app link")
        }
        #expect(h.send("GET", "/_sandbox/stats").json?["counters"]?["scrapes"] == 4)
        #expect(h.sandbox.store.links["boots"]?.clicks == 0 && h.sandbox.store.clicks.isEmpty)
        // HEAD: the page's headers, no body; a person's browser is still redirected and counted.
        let head = h.send("HEAD", "/boots", headers: [("User-Agent", "Twitterbot/1.0")])
        #expect(head.status == 200 && head.body.isEmpty && head.header("Content-Type")?.hasPrefix("text/html") == true)
        let person = h.click(url, ip: "8.8.4.4", ua: "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0")
        #expect(person.status == 302 && person.header("Location")?.hasPrefix("https://example.com/boots?_branch_match_id=") == true)
        #expect(h.sandbox.store.links["boots"]?.clicks == 1)
    }

    @Test func appLinksTagsOpenTheAppDeepLinked() throws {
        let h = try Harness()
        _ = h.send("PUT", "/v1/app/\(Harness.key)", ["branch_secret": .string(Harness.secret), "dev_email": "dev@example.com",
                                                     "ios_uri_scheme": "shoes://", "android_uri_scheme": "shoes",
                                                     "android_package_name": "com.example.shoes", "app_name": "Shoes"], headers: Self.json)
        let url = try #require(h.createLink(["alias": "roots-demo", "data": ["$fallback_url": "https://example.com/content/42", "$deeplink_path": "content/42",
                                                                              "product": "42"]]).json?["url"]?.stringValue)
        // Roots' app connector: its User-Agent and App Links' Prefer-Html-Meta-Tags header.
        let page = h.send("GET", "/roots-demo", headers: [("User-Agent", "<io.branch.rootstestbed app connector 0.1.0>"), ("Prefer-Html-Meta-Tags", "al")])
        let html = text(page)
        #expect(page.status == 200, "\(page.status)")
        let ios = try #require(html.firstMatch(of: /<meta property="al:ios:url" content="shoes:\/\/content\/42\?link_click_id=([0-9]+)">/))
        #expect(html.contains(#"<meta property="al:android:url" content="shoes://content/42?link_click_id=\#(ios.1)">"#))
        #expect(html.contains(#"<meta property="al:android:package" content="com.example.shoes">"#))
        #expect(html.contains(#"<meta property="al:ios:app_name" content="Shoes">"#))
        #expect(html.contains(#"<meta property="al:web:url" content="https://example.com/content/42">"#))
        #expect(h.sandbox.store.links["roots-demo"]?.clicks == 0, "a scrape is not the link's click")
        // The app the tag opened sends the click id back: deep linked with the link's data.
        let data = try #require(h.open(Harness.iosOpen(["link_identifier": .string(String(ios.1))])).data)
        #expect(data["+clicked_branch_link"] == true && data["product"] == "42" && data["+match_guaranteed"] == true, "\(data)")
        _ = url
        // A long link scraped before anyone clicked it (kept when first seen): the click id finds it too.
        let long = h.send("GET", "/a/\(Harness.key)?product=7&%24og_title=Seven", headers: [("User-Agent", "facebookexternalhit/1.1")])
        let id = try #require(String(decoding: long.body, as: UTF8.self).firstMatch(of: /al:ios:url" content="shoes:\/\/open\?link_click_id=([0-9]+)"/))
        let opened = try #require(h.open(Harness.iosOpen(["link_identifier": .string(String(id.1))]), ip: "8.8.8.8").data)
        #expect(opened["product"] == "7" && opened["+clicked_branch_link"] == true, "\(opened)")
    }

    @Test func ogRedirectSendsRobotsElsewhereAndBadSchemesAreLeftOut() throws {
        let h = try Harness()
        _ = h.send("PUT", "/v1/app/\(Harness.key)", ["branch_secret": .string(Harness.secret), "dev_email": "dev@example.com",
                                                     "ios_uri_scheme": "javascript:alert(1)//"], headers: Self.json)
        _ = h.createLink(["alias": "tags", "data": ["$og_redirect": "https://example.com/tags"]])
        let moved = h.send("GET", "/tags", headers: [("User-Agent", "LinkedInBot/1.0")])
        #expect(moved.status == 302 && moved.header("Location") == "https://example.com/tags")
        _ = h.createLink(["alias": "plain", "data": ["$og_redirect": "javascript:alert(1)"]])
        let page = h.send("GET", "/plain", headers: [("User-Agent", "Discordbot/2.0")])
        #expect(page.status == 200 && !text(page).contains("javascript:") && !text(page).contains("al:ios:url"), "\(text(page))")
        #expect(Sandbox.scheme("myapp://") == "myapp" && Sandbox.scheme("my-app.2") == "my-app.2")
        #expect(Sandbox.scheme("2app") == nil && Sandbox.scheme("a b") == nil && Sandbox.scheme("") == nil)
        #expect(Sandbox.escapeHTML("a\u{1B}]0;x\u{07}<\"'&") == "a]0;x&lt;&quot;&#39;&amp;")
    }
}
