// Real traffic, rule by rule: what Branch's SDKs and documented clients send is accepted (each decision names its
// source), what Branch refuses is refused in its shapes, and the audit's remaining divergences (rapid-repeat key,
// IP override on clicks, TUNE event names, DELETE auth, AdServices impressions).
import BNCCore
import Testing
import TestSupport
@testable import BNCSandbox

@Suite struct RealTrafficTests {
    func lints(_ r: Reply) -> [String] { r.headers.filter { $0.0 == "X-Sandbox-Lint" }.map(\.1) }

    /// An Android install as ServerRequestRegisterInstall builds it: no secret, the device at the top level, a
    /// random hardware_id marked unreal (the SDK's choice when it has an advertising id), os_version as a number.
    static func androidInstall(_ changes: [String: JSON?] = [:]) -> JSON {
        var o: JSONObject = [
            "branch_key": .string(Harness.key), "hardware_id": "6a1f0d0e-2f55-4f61-9b77-7f9d3ef0b0a1", "is_hardware_id_real": false,
            "brand": "Google", "model": "Pixel 8", "screen_dpi": 420, "screen_height": 2400, "screen_width": 1080, "wifi": true,
            "ui_mode": "UI_MODE_TYPE_NORMAL", "os": "Android", "os_version": 34, "app_version": "2.3.0",
            "google_advertising_id": "38400000-8cf0-11bd-b23e-10b96e40000d", "lat_val": 0, "sdk": "android5.21.2",
            "retryNumber": 0, "debug": false, "metadata": [:], "instrumentation": ["v1/install-qwt": "0"],
            "branch_sdk_request_timestamp": 1_790_000_000_000, "update": 0, "first_install_time": 1_789_999_000_000,
        ]
        for (k, v) in changes { o[k] = v }
        return .object(o)
    }

    func sdk(_ h: Harness, _ path: String, _ body: JSON, ip: String = "8.8.4.4") -> Reply {
        h.send("POST", path, body, headers: [("Content-Type", "application/json"), ("X-Forwarded-For", ip), ("User-Agent", "Dalvik/2.1.0")])
    }

    @Test func theMobileSDKsFirstSessionIsAnInstallAndLaterOnesOpensOfTheSameDevice() throws {
        let h = try Harness()
        let install = sdk(h, "/v1/install", Self.androidInstall())
        #expect(install.status == 200, "\(install.message)")
        #expect(lints(install).isEmpty, "an SDK's random id is not linted: \(lints(install))")
        let token = try #require(install.json?["randomized_bundle_token"]?.stringValue, "the SDKs fail every later request without it")
        let device = try #require(install.json?["randomized_device_token"]?.stringValue)
        #expect(install.data?["+is_first_session"] == true)
        h.clock.advance(60)
        // The SDK sends its tokens back on /v1/open and keeps no other id then (open.json).
        let open = sdk(h, "/v1/open", Self.androidInstall(["hardware_id": nil, "is_hardware_id_real": nil,
                                                           "randomized_bundle_token": .string(token), "randomized_device_token": .string(device)]))
        #expect(open.status == 200, "\(open.message)")
        #expect(open.data?["+is_first_session"] == false)
        #expect(open.json?["randomized_bundle_token"]?.stringValue == token, "the app's identity carries over")
        #expect(open.json?["randomized_device_token"]?.stringValue == device)
        #expect(h.send("GET", "/_sandbox/stats").json?["counters"]?["installs"] == 1)
    }

    /// Android up to 5.7, iOS 2.x and Web up to 2.78 call /v1/profile for setIdentity and /v1/logout for logout
    /// (they were 404s: a login in such an app failed against the sandbox). An identity names one user of the app:
    /// the device's user takes it, a second device logging in as the same identity joins that user, and a logout
    /// gives the device a new user, whom its next open carries.
    @Test func olderSDKsSetIdentityAndLogOut() throws {
        let h = try Harness()
        let install = sdk(h, "/v1/install", Self.androidInstall())
        let token = try #require(install.json?["randomized_bundle_token"]?.stringValue)
        let device = try #require(install.json?["randomized_device_token"]?.stringValue)
        let session = try #require(install.json?["session_id"]?.stringValue)
        let ids: JSONObject = ["branch_key": .string(Harness.key), "randomized_bundle_token": .string(token),
                               "randomized_device_token": .string(device), "session_id": .string(session)]
        var login = ids
        login["identity"] = "user-1"
        let profile = sdk(h, "/v1/profile", .object(login))
        #expect(profile.status == 200 && lints(profile).isEmpty, "\(profile.message) \(lints(profile))")
        #expect(profile.json?["randomized_bundle_token"]?.stringValue == token && profile.json?["identity_id"]?.stringValue == token)
        #expect(profile.json?["link"]?.stringValue?.isEmpty == false && profile.json?["session_id"]?.stringValue == session)
        #expect(profile.json?["identity"] == "user-1")

        let logout = sdk(h, "/v1/logout", .object(ids))
        let next = try #require(logout.json?["randomized_bundle_token"]?.stringValue)
        #expect(logout.status == 200 && next != token && logout.json?["identity_id"]?.stringValue == next, "\(logout.message)")
        #expect(logout.json?["session_id"]?.stringValue?.isEmpty == false && logout.json?["link"] != nil)
        h.clock.advance(60)
        let open = sdk(h, "/v1/open", Self.androidInstall(["hardware_id": nil, "is_hardware_id_real": nil,
                                                           "randomized_bundle_token": .string(next), "randomized_device_token": .string(device)]))
        #expect(open.json?["randomized_bundle_token"]?.stringValue == next && h.send("GET", "/_sandbox/stats").json?["counters"]?["bundle_token_reused"] == 1,
                "the new user is the device's: \(h.send("GET", "/_sandbox/stats").json?["counters"] ?? .null)")

        // Another device logging in as user-1 joins that user.
        let other = sdk(h, "/v1/install", Self.androidInstall(["hardware_id": "0b1f0d0e-2f55-4f61-9b77-7f9d3ef0b0a2",
                                                               "google_advertising_id": "38400000-8cf0-11bd-b23e-10b96e40000e"]), ip: "8.8.8.8")
        var second: JSONObject = ["branch_key": .string(Harness.key), "identity": "user-1",
                                  "randomized_bundle_token": other.json?["randomized_bundle_token"] ?? .null,
                                  "randomized_device_token": other.json?["randomized_device_token"] ?? .null]
        #expect(sdk(h, "/v1/profile", .object(second)).json?["randomized_bundle_token"]?.stringValue == token)
        second["identity"] = nil
        #expect(sdk(h, "/v1/profile", .object(second)).message == "identity is required: the user id setIdentity was given")
        second["identity"] = .string(String(repeating: "x", count: 128))
        #expect(sdk(h, "/v1/profile", .object(second)).status == 400)
        #expect(h.send("GET", "/v1/logout").status == 405)
        let twice = h.send("POST", "/v1/profile", text: "identity=bob&identity=carol&branch_key=\(Harness.key)",
                           headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(twice.status == 400 && twice.message == "identity must be a string, got array", "\(twice.message)")
    }

    /// The macOS SDK's logout as its tests record it (mac-BNCTestCase, Branch's own answer beside it): taken
    /// without a lint, and answered with the keys Branch answers — a new bundle token, a session, and `link`, the
    /// app's long link carrying that token (Branch's is its domain's root with `?%24randomized_bundle_token=`; the
    /// sandbox's shared domain serves long links at `/a/KEY`).
    @Test func theMacSDKsLogoutIsAnsweredAsBranchAnswersIt() throws {
        let h = try Harness()
        let request = try JSON.parse(Fixtures.text("mac-BNCTestCase/v1_logout_request.json"))
        let branch = try JSON.parse(Fixtures.text("mac-BNCTestCase/v1_logout_response.json"))
        let r = sdk(h, "/v1/logout", request)
        #expect(r.status == 200 && lints(r).isEmpty, "\(r.message) \(lints(r))")
        for (k, v) in branch.objectValue ?? [:] { #expect(r.json?[k]?.typeName == v.typeName, "\(k)") }
        let token = try #require(r.json?["randomized_bundle_token"]?.stringValue)
        #expect(token != request["randomized_bundle_token"]?.stringValue)
        let link = try #require(r.json?["link"]?.stringValue)
        #expect(link == "\(Harness.base)/a/\(request["branch_key"]!.stringValue!)?%24randomized_bundle_token=\(token)", "\(link)")
        #expect(h.send("GET", String(link.dropFirst(Harness.base.count))).status < 400, "the link is served")
    }

    /// deepview() sends the page's referring link as link_click_id, cut from its URL (code and query,
    /// utils.getClickIdAndSearchStringFromLink): the CTA goes to that link, not a new one.
    @Test func aDeepviewOfAReferredPageKeepsItsLink() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["channel": "email"]).json?["url"]?.stringValue)
        let code = String(url.dropFirst(Harness.base.count + 1))
        let params: JSON = ["branch_key": .string(Harness.key), "data": "{}", "deepview_type": "deepview", "source": "web-sdk",
                            "link_click_id": .string(code + "?utm_source=x"), "sdk": "web2.86.1"]
        let r = h.send("GET", "/v1/deepview?post_data=\(HTTPURL.percentEncode(Base64.encode(params.bytes)))&callback=branch_callback__1")
        #expect(r.status == 200 && String(decoding: r.body, as: UTF8.self) == "branch_callback__1(function() { window.top.location = \"\(url)\"; });\n",
                "\(String(decoding: r.body, as: UTF8.self))")
    }

    /// The Web SDK's `branch.init` takes a numeric app id as well as a key, and then sends `app_id` where
    /// `branch_key` goes (src/3_api.js appendKeyOrId): every web call was "branch_key is required". With --keys the
    /// app with that id answers; without, the app's stand-in key, the same for every call of the page.
    @Test func aPageInitialisedWithItsAppIDIsThatApp() throws {
        let form = [("Content-Type", "application/x-www-form-urlencoded"), ("User-Agent", "Mozilla/5.0 (Macintosh)")]
        let open = "sdk=web2.86.1&app_id=100000000000000001"
        let keyed = try Harness { config in config.keys = [KeyEntry(branchKey: Harness.key, branchSecret: "secret_test_x", appID: "100000000000000001", accessToken: nil)] }
        let first = keyed.send("POST", "/v1/open", text: open, headers: form)
        #expect(first.status == 200 && lints(first).isEmpty, "\(first.message)")
        #expect(keyed.send("GET", "/_sandbox/requests").json?.arrayValue?.last?["status"] == 200)
        #expect(keyed.sandbox.store.devices.keys.allSatisfy { $0.hasPrefix(Harness.key + "|") }, "the session is the keyed app's")
        #expect(keyed.send("POST", "/v1/open", text: "sdk=web2.86.1&app_id=100000000000000002", headers: form).message
                == "Invalid or missing app id, Branch key, or secret", "an app id --keys does not name")
        let open2 = try Harness()
        #expect(open2.send("POST", "/v1/open", text: open, headers: form).status == 200)
        #expect(open2.sandbox.store.devices.keys.allSatisfy { $0.hasPrefix("key_live_app100000000000000001|") })
        for bad in ["12345", "1000000000000000000001", "10000000000000000x"] {
            #expect(open2.send("POST", "/v1/open", text: "sdk=web2.86.1&app_id=\(bad)", headers: form).status == 400, "\(bad)")
        }
        let event = open2.send("POST", "/v2/event/custom", text: "name=signup&user_data=%7B%22browser_fingerprint_id%22%3A%221%22%7D&app_id=100000000000000001", headers: form)
        #expect(event.status == 200 && lints(event).isEmpty, "\(event.message) \(lints(event))")
    }

    @Test func sdkSessionsAreCheckedByTheirOwnTypes() throws {
        let h = try Harness()
        #expect(sdk(h, "/v1/install", Self.androidInstall(["os": "BeOS"])).message
                == "os only accepts iOS or Android, an SDK's name for one of them (tv_OS, mac_OS, AMAZON_FIRE, AMAZON_FIRE_TV), or another Branch SDK's platform (Windows..., ROKU) (got BeOS)")
        #expect(sdk(h, "/v1/install", Self.androidInstall(["screen_dpi": "420"])).message == "screen_dpi must be a integer, got string")
        #expect(sdk(h, "/v1/install", Self.androidInstall(["is_hardware_id_real": "false"])).message.hasPrefix("is_hardware_id_real must be a boolean"))
        #expect(sdk(h, "/v1/install", Self.androidInstall(["branch_key": "key_live_"])).message == "Invalid or missing app id, Branch key, or secret")
        // iOS writes tracking_disabled as 1 (BNCRequestFactory); anything else is refused.
        #expect(sdk(h, "/v1/install", Self.androidInstall(["tracking_disabled": "yes"])).message == "tracking_disabled must be a boolean")
        #expect(sdk(h, "/v1/install", Self.androidInstall(["tracking_disabled": 1])).status == 200)
    }

    /// The S2S guide: "set is_hardware_id_real to false if hardware_id cannot be populated". A server that sends a
    /// random id marked unreal anyway (as the SDKs do) is answered; the lint says it is not a device id.
    @Test func aServersRandomHardwareIDMarkedUnrealIsAcceptedWithALint() throws {
        let h = try Harness()
        let r = h.open(Harness.iosOpen(["is_hardware_id_real": false, "hardware_id_type": "random"]))
        #expect(r.status == 200, "\(r.message)")
        #expect(lints(r).contains { $0.hasPrefix("hardware_id sent with is_hardware_id_real false") })
    }

    /// "The same user in rapid succession" (attribution overview) is a repeat with nothing new: an open that brings
    /// a link (a click id, a Universal Link) within the window is answered, a bare repeat is 429.
    @Test func aRapidRepeatKeysOnAppAndDeviceAndSparesSessionsWithALink() throws {
        let h = try Harness()
        #expect(sdk(h, "/v1/install", Self.androidInstall()).status == 200)
        h.clock.advance(0.5)
        #expect(sdk(h, "/v1/open", Self.androidInstall()).status == 429)
        let withLink = sdk(h, "/v1/open", Self.androidInstall(["android_app_link_url": "https://example.app.link/x"]))
        #expect(withLink.status == 200, "\(withLink.message)")
        let otherApp = sdk(h, "/v1/open", Self.androidInstall(["branch_key": "key_test_otherapp"]))
        #expect(otherApp.status == 200, "another app's session of the same device is not a repeat")
    }

    /// The Web SDK's /v1/open: a form, options as JSON text, the browser's fingerprint; the answer carries what
    /// src/6_branch.js reads (session_id, identity_id, browser_fingerprint_id, data as a JSON string).
    @Test func aBrowserSessionFromTheWebSDKIsAttributedToItsClick() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["data": ["$desktop_url": "https://shop.example.com/p/1", "product": "1"]]).json?["url"]?.stringValue)
        let chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0.0.0 Safari/537.36"
        #expect(h.click(url, ip: "203.0.113.9", ua: chrome).status == 302)
        let form = "browser_fingerprint_id=1198233472948193321&sdk=web2.86.1&options=%7B%7D&current_url=https%3A%2F%2Fshop.example.com%2Fp%2F1&screen_height=1080&screen_width=1920&branch_key=\(Harness.key)"
        let r = h.send("POST", "/v1/open", text: form, headers: [("Content-Type", "application/x-www-form-urlencoded"),
                                                                 ("X-Forwarded-For", "203.0.113.9"), ("User-Agent", chrome)])
        #expect(r.status == 200, "\(r.message)")
        #expect(r.json?["browser_fingerprint_id"] == "1198233472948193321", "the SDK keeps the fingerprint it sent")
        #expect(r.json?["identity_id"]?.stringValue?.isEmpty == false && r.json?["session_id"]?.stringValue != nil)
        #expect(r.data?["+clicked_branch_link"] == true && r.data?["product"] == "1")
        #expect(lints(r).isEmpty, "\(lints(r))")
        let badOptions = form.replacingOccurrences(of: "options=%7B%7D", with: "options=%7Bx")
        #expect(h.send("POST", "/v1/open", text: badOptions, headers: [("Content-Type", "application/x-www-form-urlencoded")]).message
                .hasPrefix("options must be JSON text in a form body"))
    }

    @Test func theWebSDKsStartUpCallsAreAnswered() throws {
        let h = try Harness()
        let fingerprint = h.send("GET", "/_r?sdk=web2.86.1&branch_key=\(Harness.key)&callback=branch_callback__0")
        #expect(fingerprint.status == 200 && fingerprint.header("Content-Type") == "application/javascript")
        #expect(String(decoding: fingerprint.body, as: UTF8.self).hasPrefix("branch_callback__0(\""))
        #expect(h.send("GET", "/_r?callback=alert(1)//").status == 400, "a callback is a function name, never script")
        // The page's stored fingerprint (`_t`) is kept: the same browser, the same id; anything but digits is not echoed.
        let again = h.send("GET", "/_r?sdk=web2.86.1&_t=1234567890123456789&branch_key=\(Harness.key)&callback=branch_callback__1")
        #expect(String(decoding: again.body, as: UTF8.self) == "branch_callback__1(\"1234567890123456789\");\n")
        let hostile = h.send("GET", "/_r?_t=%22);alert(1);//&callback=cb")
        #expect(hostile.status == 200 && !String(decoding: hostile.body, as: UTF8.self).contains("alert"))
        let pageview = h.send("POST", "/v1/pageview", text: "event=pageview&metadata=%7B%7D&branch_key=\(Harness.key)",
                              headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(pageview.status == 200, "\(pageview.message)")
    }

    /// Branch's documented update is "GET the link, change a key, PUT it back" (2020 docs' Link update tips; the
    /// MCP server's quick-link update): the read-only fields come back unchanged and are accepted; a change of
    /// any of them is refused.
    @Test func aPutMayRepeatReadOnlyFieldsButNotChangeThem() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["alias": "rt-1", "channel": "email", "data": ["keep": "me"]]).json?["url"]?.stringValue)
        let target = "/v1/url?url=\(HTTPURL.percentEncode(url))"
        let read = try #require(h.send("GET", "\(target)&branch_key=\(Harness.key)").json?.objectValue)
        #expect(read["data"]?["$one_time_use"] == false)
        func put(_ change: (inout JSONObject) -> Void) -> Reply {
            var body = read
            body["branch_key"] = .string(Harness.key)
            body["branch_secret"] = .string(Harness.secret)
            change(&body)
            return h.send("PUT", target, .object(body), headers: [("Content-Type", "application/json")])
        }
        let same = put { body in
            var data = body["data"]!.objectValue!
            data["keep"] = "changed"
            body["data"] = .object(data)
        }
        #expect(same.status == 200, "\(same.message)")
        #expect(same.json?["data"]?["keep"] == "changed" && same.json?["alias"] == "rt-1" && same.json?["channel"] == "email")
        #expect(put { $0["type"] = 1 }.message == "type cannot be changed (it is 0); create a new link instead")
        #expect(put { $0["alias"] = "rt-2" }.message == "alias cannot be updated")
        #expect(put { $0["alias"] = .null }.message == "alias cannot be updated")
        #expect(put { body in
            var data = body["data"]!.objectValue!
            data["~id"] = "1"
            body["data"] = .object(data)
        }.message == "data.~id is set by Branch and cannot be changed")
        #expect(put { $0["url"] = "http://127.0.0.1:8787/other" }.message == "url cannot be updated")
        // A label in data is a label: ~channel changes the channel unless the top level says otherwise.
        let relabel = put { body in
            body["channel"] = nil
            var data = body["data"]!.objectValue!
            data["~channel"] = "sms"
            body["data"] = .object(data)
        }
        #expect(relabel.json?["channel"] == "sms" && relabel.json?["data"]?["~channel"] == "sms")
    }

    @Test func linkCreationTakesWhatTheSDKsAndBranchsClientsSend() throws {
        let h = try Harness()
        // Android: unset alias/channel/stage/campaign as "" and empty tags (LinkProperties); no alias then.
        let android = h.createLink(["alias": "", "channel": "", "tags": [], "feature": "Share", "source": "android",
                                    "hardware_id": "x", "is_hardware_id_real": false, "lat_val": 0, "retryNumber": 0])
        #expect(android.status == 200 && lints(android).isEmpty, "\(android.message) \(lints(android))")
        #expect(android.json?["url"]?.stringValue?.count ?? 0 > Harness.base.count + 5)
        // iOS: Spotlight's +spotlight_* keys in data (BranchUniversalObject).
        #expect(h.createLink(["data": ["+spotlight_title": "T"]]).status == 200)
        #expect(h.createLink(["data": ["+match_guaranteed": true]]).message == "restricted link data keys: +match_guaranteed")
        // Branch's MCP server sends type by name (src/schemas/deep-link-params.ts).
        let named = h.createLink(["type": "STANDARD", "alias": "mcp-1"])
        #expect(named.status == 200 && lints(named).first?.hasPrefix("type sent as the name STANDARD") == true)
        #expect(h.createLink(["type": "BIG"]).message == "type must be 0 (default), 1 (one-time use) or 2 (marketing)")
        // Unknown top-level keys: Branch ignores them; the lint says where custom keys go.
        let colour = h.createLink(["colour": "red"])
        #expect(colour.status == 200 && lints(colour) == ["colour is not a link parameter: Branch ignores it (custom keys go in data)"])
        // The Web SDK's form: data as JSON text, tags repeated.
        let form = h.send("POST", "/v1/url", text: "channel=sms&data=%7B%22a%22%3A1%7D&tags=x&tags=y&type=0&branch_key=\(Harness.key)",
                          headers: [("Content-Type", "application/x-www-form-urlencoded")])
        let link = try #require(form.json?["url"]?.stringValue, "\(form.message)")
        let data = h.send("GET", String(link.dropFirst(Harness.base.count)) + "?debug=1").json?["data"]
        #expect(data?["a"] == 1 && data?["~tags"] == ["x", "y"] && data?["~channel"] == "sms")
    }

    /// Branch documents one DELETE failure: 400 "Authentication failed !" (deleteexistingdeeplink). The key and
    /// secret in the body is the superseded 2020 form: accepted with a lint.
    @Test func deleteAuthHasBranchsOneShape() throws {
        let h = try Harness { $0.keys = [KeyEntry(branchKey: Harness.key, branchSecret: Harness.secret, appID: "1", accessToken: "tok")] }
        let url = try #require(h.createLink(["channel": "x"]).json?["url"]?.stringValue)
        let target = "/v1/url?url=\(HTTPURL.percentEncode(url))"
        for r in [h.send("DELETE", target + "&app_id=1"), h.send("DELETE", target + "&app_id=1", headers: [("Access-Token", "nope")]),
                  h.send("DELETE", target, headers: [("Access-Token", "tok")])] {
            #expect(r.status == 400 && r.json == ["error": ["code": 400, "message": "Authentication failed !"]])
            #expect(lints(r).count == 1, "the lint says which of the three it was")
        }
        let legacy = h.send("DELETE", target, text: #"{"branch_key":"\#(Harness.key)","branch_secret":"\#(Harness.secret)"}"#,
                            headers: [("Content-Type", "application/json")])
        #expect(legacy.status == 200 && lints(legacy).first?.hasPrefix("branch_key and branch_secret in a DELETE body") == true)
    }

    /// A server reporting a click names the device in X-IP-Override or device_ip= and its browser in user_agent=
    /// (Branch's server-to-server click guide); the open from that device is attributed to it.
    @Test func aServerReportedClickUsesTheNamedIPAndUserAgent() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["data": ["k": "v"]]).json?["url"]?.stringValue)
        let path = String(url.dropFirst(Harness.base.count))
        #expect(h.send("GET", path + "?%24s2s=true&device_ip=8.8.4.4&user_agent=\(HTTPURL.percentEncode(Harness.iosUA))").status == 200)
        #expect(h.open(Harness.iosOpen()).data?["k"] == "v")
        h.clock.advance(3)
        #expect(h.send("GET", path, headers: [("X-IP-Override", "8.8.8.8"), ("User-Agent", Harness.androidUA)]).status == 200)
        #expect(h.open(Harness.androidOpen(), ip: "8.8.8.8").data?["k"] == "v")
    }

    /// Apple's current page: claimType Click or Impression; clickDate only on taps, impressionDate only on views.
    @Test func anImpressionRecordIsDatedByImpressionDate() throws {
        let h = try Harness()
        let token = try #require(h.send("POST", "/_sandbox/asa-token", ["detailed": true, "record": ["claimType": "Impression"]]).json?["token"]?.stringValue)
        let record = h.send("POST", "/api/v1", text: token).json
        #expect(record?["claimType"] == "Impression" && record?["impressionDate"]?.stringValue != nil && record?["clickDate"] == nil)
        let tap = try #require(h.send("POST", "/_sandbox/asa-token", ["detailed": true]).json?["token"]?.stringValue)
        let tapRecord = h.send("POST", "/api/v1/", text: tap).json
        #expect(tapRecord?["clickDate"]?.stringValue != nil && tapRecord?["impressionDate"] == nil)
    }

    /// TUNE stores a custom event name lower-cased without non-alphanumerics, so its one-hour duplicate rule sees
    /// "Add To Cart" and "add_to_cart" as one event (fact sheet, measuring other custom events).
    @Test func tuneDuplicatesCompareStoredEventNames() throws {
        let h = try Harness()
        let base = "/serve?action=conversion&advertiser_id=877&ios_ifa=A&ios_ad_tracking_disabled=0&site_event_name="
        #expect(h.send("GET", base + "Add%20To%20Cart").json?["success"] == true)
        let again = h.send("GET", base + "add_to_cart").json
        #expect(again?["success"] == false && again?["site_event_type"] == "add_to_cart")
        #expect(h.send("GET", base + "purchase").json?["success"] == true)
    }
}
