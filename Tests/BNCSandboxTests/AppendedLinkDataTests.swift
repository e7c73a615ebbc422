// Data appended to a short link's URL (Branch's deep-linking reference: "Short Links can also have additional data
// appended to them", `https://example.app.link/fzmLEhobLD?content_id=123`): the ad links ads-link-creator writes
// (`?%243p=a_facebook&~channel=…&~campaign=…`), a marketer's placement, an opened Universal Link with a query.
// QA round 24b: the sandbox recorded the click and dropped every appended key.
import BNCCore
import Testing
@testable import BNCSandbox

@Suite struct AppendedLinkDataTests {
    static let desktopUA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36"

    @Test func aClicksAppendedDataReachesTheSessionItOpens() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["alias": "3p", "channel": "email", "data": ["$deeplink_path": "promo/42", "content_id": "1"]]).json?["url"]?.stringValue)
        let click = h.click(url + "?%243p=a_facebook&~channel=Facebook&~campaign=spring&content_id=123&debug=0&%2Bmatch_guaranteed=true",
                            ip: "8.8.4.4", ua: Harness.iosUA)
        let id = try #require(click.header("X-Branch-Link-Click-Id"))
        #expect(click.header("X-Sandbox-Lint")?.contains("+match_guaranteed appended to a link is Branch's to set") == true)
        let data = try #require(h.send("POST", "/v1/install", Harness.iosOpen(["link_identifier": .string(id)]),
                                       headers: [("X-IP-Override", "8.8.4.4"), ("Content-Type", "application/json")]).data)
        #expect(data["$3p"] == "a_facebook" && data["~channel"] == "Facebook" && data["~campaign"] == "spring")
        #expect(data["content_id"] == "123", "the appended value wins over the link's own")
        #expect(data["$deeplink_path"] == "promo/42" && data["+clicked_branch_link"] == true)
        #expect(data["+match_guaranteed"] == true && data["debug"] == nil)
        // The link itself is unchanged: the next click without a query gets the link's own data.
        let plain = try #require(h.send("GET", "/3p?debug=1").json?["data"])
        #expect(plain["content_id"] == "1" && plain["~channel"] == "email" && plain["$3p"] == nil)
        let shown = try #require(h.send("GET", "/3p?debug=1&content_id=9").json?["data"])
        #expect(shown["content_id"] == "9", "?debug=1 shows the data a click with that query carries")
    }

    @Test func anAppendedRedirectChangesWhereThisClickGoes() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["alias": "promo", "data": ["$fallback_url": "https://example.com/home"]]).json?["url"]?.stringValue)
        let appended = h.click(url + "?%24fallback_url=https%3A%2F%2Fexample.com%2Fpromo", ip: "8.8.4.4", ua: Self.desktopUA)
        #expect(appended.status == 302 && appended.header("Location")?.hasPrefix("https://example.com/promo?_branch_match_id=") == true,
                "\(appended.header("Location") ?? "no Location")")
        let own = h.click(url, ip: "8.8.4.4", ua: Self.desktopUA)
        #expect(own.header("Location")?.hasPrefix("https://example.com/home?") == true)
        // /_sandbox/click takes the URL with its query the same way.
        let scripted = h.send("POST", "/_sandbox/click", ["url": .string(url + "?%24desktop_url=https%3A%2F%2Fexample.com%2Fd"), "ip": "9.9.9.9", "user_agent": .string(Self.desktopUA)])
        #expect(scripted.json?["redirect"] == "https://example.com/d")
    }

    @Test func anOpenedURLsQueryIsAppendedData() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["data": ["$deeplink_path": "promo/42"]]).json?["url"]?.stringValue)
        let data = try #require(h.open(Harness.iosOpen(["universal_link_url": .string(url + "?content_id=123&~campaign=spring#top")])).data)
        #expect(data["content_id"] == "123" && data["~campaign"] == "spring" && data["$deeplink_path"] == "promo/42")
        #expect(data["+match_guaranteed"] == true)
    }

    @Test func appendedDataIsBounded() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["alias": "many"]).json?["url"]?.stringValue)
        let query = (0..<100).map { "k\($0)=v" }.joined(separator: "&") + "&long=" + String(repeating: "x", count: 5000)
        let click = h.click(url + "?" + query, ip: "8.8.4.4", ua: Harness.iosUA)
        #expect(click.headers.contains { $0.0 == "X-Sandbox-Lint" && $0.1.contains("more than 64 parameters appended") })
        let id = try #require(click.header("X-Branch-Link-Click-Id"))
        let data = try #require(h.open(Harness.iosOpen(["link_identifier": .string(id)])).data?.objectValue)
        #expect(data.keys.filter { $0.hasPrefix("k") }.count == 64 && data["long"] == nil)
    }
}
