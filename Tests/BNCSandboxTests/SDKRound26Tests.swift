// Real SDK traffic the corpus missed (round 26c, each read from the SDK's source at the commit its fixture names):
// the Web SDK's last touch and cross-platform ids of a browser /_r named, the attribution windows the SDKs leave
// to the server, Android 6.0.0-beta's /v3/deeplink and /v3/events/open, and the Web SDK's /v1/dismiss.
import BNCCore
import Testing
import TestSupport
@testable import BNCSandbox

@Suite struct SDKRound26Tests {
    static let form = [("Content-Type", "application/x-www-form-urlencoded")]
    static let json = [("Content-Type", "application/json")]
    static let firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
    static let fingerprint = "1198233472948193399"

    func lints(_ r: Reply) -> [String] { r.headers.filter { $0.0 == "X-Sandbox-Lint" }.map(\.1) }

    /// What src/1_utils.js getUserData sends (no identity_id: the browser is known by its fingerprint only).
    func userData(window: Int? = nil) -> String {
        var o: JSONObject = ["http_origin": "https://shop.example.com/item/7", "user_agent": .string(Self.firefox), "language": "en",
                             "browser_fingerprint_id": .string(Self.fingerprint), "sdk": "web", "sdk_version": "2.86.1"]
        if let window { o["attribution_window"] = .int(window) }
        return "user_data=" + HTTPURL.percentEncode(JSON.object(o).serialized()) + "&branch_key=\(Harness.key)"
    }

    /// A browser /_r named, referred by a click: the session, then its last touch and its user's id.
    @Test func aBrowserKnownByItsFingerprintHasItsTouchAndItsUser() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["alias": "latd-web", "channel": "email", "data": ["$desktop_url": "https://shop.example.com/item/7"]]).json?["url"]?.stringValue)
        #expect(h.click(url, ip: "127.0.0.1", ua: Self.firefox).status == 302)
        _ = h.send("GET", "/_r?sdk=web2.86.1&_t=\(Self.fingerprint)&branch_key=\(Harness.key)&callback=branch_callback__0")
        let open = h.send("POST", "/v1/open", text: "browser_fingerprint_id=\(Self.fingerprint)&sdk=web2.86.1&options=%7B%7D&branch_key=\(Harness.key)",
                          headers: Self.form + [("User-Agent", Self.firefox)])
        let identity = try #require(open.json?["identity_id"]?.stringValue, "\(open.status) \(open.message)")
        #expect(open.json?["referring_link"]?.stringValue == url)

        let touch = h.send("POST", "/v1/cpid/latd", text: userData(window: 30), headers: Self.form)
        #expect(touch.json?["last_attributed_touch_data"]?["+clicked_branch_link"] == true, "\(String(decoding: touch.body, as: UTF8.self))")
        #expect(touch.json?["last_attributed_touch_data"]?["~channel"] == "email")
        let ids = h.send("POST", "/v1/cpid", text: userData(), headers: Self.form)
        #expect(ids.json?["user_data"]?["cross_platform_id"]?.stringValue == identity, "the user's id, not the fingerprint echoed: \(String(decoding: ids.body, as: UTF8.self))")
    }

    /// Android 6.0.0-beta sends -1 when the app set no window ("the server interprets it as 30 days"); Android 5.x
    /// and the Web SDK send any number for the server to cap. Neither is refused.
    @Test func attributionWindowsTheSDKsLeaveToTheServer() throws {
        let h = try Harness()
        let beta = h.send("POST", "/v1/cpid/latd", ["branch_key": .string(Harness.key), "user_data": ["attribution_window": -1, "randomized_device_token": "1"]],
                          headers: Self.json)
        #expect(beta.status == 200 && beta.json?["attribution_window"] == 30 && lints(beta).isEmpty, "\(beta.status) \(beta.message)")
        let wide = h.send("POST", "/v1/cpid/latd", text: userData(window: 400), headers: Self.form)
        #expect(wide.status == 200 && wide.json?["attribution_window"] == 365, "\(wide.status) \(wide.message)")
        #expect(lints(wide) == ["attribution_window 400 is above 365 days; taken as 365"], "\(lints(wide))")
    }

    /// Android 6.0.0-beta: /v3/deeplink answers a URI's deep link (no session counted), and the /v3/events/open
    /// that follows carries it as link_data, which is the session's data.
    @Test func theBetasDeepLinkThenOpen() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["alias": "beta", "data": ["product": "42"]]).json?["url"]?.stringValue)
        let install = h.send("POST", "/v1/install", RealTrafficTests.androidInstall(), headers: Self.json + [("X-Forwarded-For", "8.8.4.4")])
        let device = try #require(install.json?["randomized_device_token"]?.stringValue, "\(install.message)")
        let bundle = try #require(install.json?["randomized_bundle_token"]?.stringValue)
        h.clock.advance(60)
        let before = h.send("GET", "/_sandbox/stats").json?["counters"]?["opens"]
        let deep = h.send("POST", "/v3/deeplink", RealTrafficTests.androidInstall(["android_app_link_url": .string(url), "randomized_device_token": .string(device),
                                                                                  "randomized_bundle_token": .string(bundle)]),
                          headers: Self.json + [("X-Forwarded-For", "8.8.4.4")])
        #expect(deep.status == 200, "\(deep.status) \(deep.message)")
        let text = try #require(deep.json?["data"]?.stringValue)
        let data = try JSON.parse(text)
        #expect(data["+clicked_branch_link"] == true && data["product"] == "42", "\(text)")
        #expect(h.send("GET", "/_sandbox/stats").json?["counters"]?["opens"] == before, "no session counted")
        let open = h.send("POST", "/v3/events/open", RealTrafficTests.androidInstall(["link_data": data, "randomized_device_token": .string(device),
                                                                                     "randomized_bundle_token": .string(bundle), "debug": nil]),
                          headers: Self.json + [("X-Forwarded-For", "8.8.4.4")])
        #expect(open.status == 200, "\(open.status) \(open.message)")
        let session = try JSON.parse(try #require(open.json?["data"]?.stringValue))
        #expect(session["+clicked_branch_link"] == true && session["product"] == "42", "\(session)")
        #expect(open.json?["randomized_bundle_token"]?.stringValue == bundle)
        // Without link_data the open is attributed as /v1/open's is: the click was used by /v3/deeplink.
        h.clock.advance(60)
        let plain = h.send("POST", "/v3/events/open", RealTrafficTests.androidInstall(["randomized_device_token": .string(device), "debug": nil]),
                           headers: Self.json + [("X-Forwarded-For", "8.8.4.4")])
        #expect(try JSON.parse(plain.json?["data"]?.stringValue ?? "")["+clicked_branch_link"] == false)
    }

    /// The Web SDK's word that a Journey was closed: answered {} (the sandbox shows no Journeys).
    @Test func aJourneysDismissalIsTaken() throws {
        let h = try Harness()
        let r = h.send("POST", "/v1/dismiss", text: "event=dismiss&journey_id=j1&view_id=v1&tags=%5B%5D&branch_key=\(Harness.key)", headers: Self.form)
        #expect(r.status == 200 && r.json == .object([:]), "\(r.status) \(r.message)")
        #expect(h.send("POST", "/v1/dismiss", text: "event=dismiss", headers: Self.form).status == 400, "a key is required")
    }
}
