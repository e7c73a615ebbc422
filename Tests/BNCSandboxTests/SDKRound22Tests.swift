// Real SDK traffic the corpus missed (QA round 22, each read from the SDK's source): the Web SDK's GET
// /v1/has-app (up to 2.75), the macOS SDK's `~`-prefixed link properties, and the integration validators' GET
// /v1/app-link-settings/KEY (iOS and Android).
import BNCCore
import Testing
import TestSupport
@testable import BNCSandbox

@Suite struct SDKRound22Tests {
    func lints(_ r: Reply) -> [String] { r.headers.filter { $0.0 == "X-Sandbox-Lint" }.map(\.1) }
    static let form = [("Content-Type", "application/x-www-form-urlencoded")]
    static let json = [("Content-Type", "application/json")]
    static let chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0.0.0 Safari/537.36"

    /// The Web SDK's session as 2.75 sends it: its fingerprint, and its identity_id once it has one.
    func webOpen(_ h: Harness, fingerprint: String, identity: String? = nil) -> Reply {
        var text = "browser_fingerprint_id=\(fingerprint)&sdk=web2.75.0&options=%7B%7D&current_url=https%3A%2F%2Fshop.example.com%2F"
        if let identity { text += "&identity_id=\(identity)" }
        return h.send("POST", "/v1/open", text: text + "&branch_key=\(Harness.key)", headers: Self.form + [("User-Agent", Self.chrome)])
    }

    func hasApp(_ h: Harness, _ fingerprint: String) -> Reply {
        h.send("GET", "/v1/has-app/\(Harness.key)?browser_fingerprint_id=\(fingerprint)")
    }

    /// src/6_branch.js @ v2.75.0 checkHasApp (Tests/Fixtures/sdk/web/has-app-2.75.json): a bare JSON boolean, true once the browser's user has the app (one
    /// user through setIdentity in the page and in the app); the next web session's has_app says the same.
    @Test func hasAppAnswersWhetherTheBrowsersUserHasTheApp() throws {
        let h = try Harness()
        let fingerprint = "1198233472948193311"
        let first = webOpen(h, fingerprint: fingerprint)
        let identity = try #require(first.json?["identity_id"]?.stringValue, "\(first.status) \(first.message)")
        #expect(first.json?["has_app"] == false)
        let before = hasApp(h, fingerprint)
        #expect(before.status == 200 && before.json == false && before.header("Content-Type")?.hasPrefix("application/json") == true,
                "\(before.status) \(String(decoding: before.body, as: UTF8.self))")
        #expect(lints(before).isEmpty, "\(lints(before))")

        // The page logs the user in, then the same user logs in to the app (Android 5.7's setIdentity).
        let web = h.send("POST", "/v1/profile", text: "identity_id=\(identity)&identity=user-58213&browser_fingerprint_id=\(fingerprint)&sdk=web2.75.0&branch_key=\(Harness.key)",
                         headers: Self.form)
        #expect(web.status == 200, "\(web.message)")
        #expect(hasApp(h, fingerprint).json == false, "no app session yet")
        h.clock.advance(60)
        let install = h.send("POST", "/v1/install", RealTrafficTests.androidInstall(), headers: Self.json + [("X-Forwarded-For", "8.8.4.4")])
        let device = try #require(install.json?["randomized_device_token"]?.stringValue, "\(install.message)")
        let app = h.send("POST", "/v1/profile", ["identity": "user-58213", "randomized_device_token": .string(device),
                                                 "randomized_bundle_token": install.json?["randomized_bundle_token"] ?? .null,
                                                 "sdk": "android5.7.2", "branch_key": .string(Harness.key)], headers: Self.json)
        #expect(app.status == 200 && app.json?["randomized_bundle_token"]?.stringValue == identity, "one user: \(app.json ?? .null)")
        #expect(hasApp(h, fingerprint).json == true, "the browser's user has the app now")
        h.clock.advance(60)
        #expect(webOpen(h, fingerprint: fingerprint, identity: identity).json?["has_app"] == true)
        // Another browser, and one this sandbox never saw, have no app.
        #expect(hasApp(h, "1198233472948190000").json == false)
    }

    @Test func hasAppChecksItsQueryAsEveryEndpointDoes() throws {
        let h = try Harness { $0.keys = [KeyEntry(branchKey: Harness.key, branchSecret: Harness.secret, appID: "100000000000000001")] }
        let missing = h.send("GET", "/v1/has-app/\(Harness.key)")
        #expect(missing.status == 400 && missing.message.hasPrefix("browser_fingerprint_id is required"), "\(missing.message)")
        let long = hasApp(h, String(repeating: "9", count: 65))
        #expect(long.status == 400 && long.message.contains("longer than 64"), "\(long.message)")
        let otherKey = h.send("GET", "/v1/has-app/key_test_notthisone?browser_fingerprint_id=1")
        #expect(otherKey.status == 400, "a key not in --keys: \(otherKey.status)")
        // A page initialised with its numeric app id sends that instead of a key: the app of that id answers.
        let byID = h.send("GET", "/v1/has-app/100000000000000001?browser_fingerprint_id=1&instrumentation=%7B%7D")
        #expect(byID.status == 200 && byID.json == false, "\(byID.status) \(byID.message)")
        #expect(h.send("GET", "/v1/has-app/100000000000000009?browser_fingerprint_id=1").status == 400, "an app id not in --keys")
        #expect(h.send("POST", "/v1/has-app/\(Harness.key)", text: "browser_fingerprint_id=1", headers: Self.form).status == 405)
        let stats = h.send("GET", "/_sandbox/stats").json
        #expect(stats?["endpoints"]?["GET /v1/has-app/{key}"] != nil, "counted under its own name: \(stats ?? .null)")
    }

    /// mac-branch-deep-linking 1.5.0 branchShortLinkWithContent sends the link properties `~`-prefixed at the top
    /// level (BranchLinkProperties.dictionary; Tests/Fixtures/sdk/mac/link-create.json). Branch's documents spell
    /// the labels so, never alias, duration or type: the labels are honoured, the other three ignored and linted
    /// with what the link gets instead.
    @Test func theMacSDKsTildeLabelsAreHonouredAndItsTildeAliasIsLinted() throws {
        let h = try Harness()
        let body: JSON = ["~tags": ["a", "b"], "~feature": "share", "~alias": "mac-spring", "~channel": "email", "~stage": "s1",
                          "~campaign": "spring", "~duration": 3600, "~type": 1,
                          "data": ["$canonical_identifier": "item/42", "$desktop_url": "https://example.com/item/42"],
                          "os": "mac_OS", "mac_address": "a4:83:e7:5c:2d:19", "sdk": "mac1.5.0", "ios_extension": true,
                          "branch_key": .string(Harness.key)]
        let r = h.send("POST", "/v1/url", body, headers: Self.json)
        let url = try #require(r.json?["url"]?.stringValue, "\(r.status) \(r.message)")
        #expect(!url.hasSuffix("/mac-spring"), "~alias is not the alias: \(url)")
        #expect(lints(r).sorted() == ["~alias is not a link parameter (Branch documents alias): ignored, so the link's path is random",
                                      "~duration is not a link parameter (Branch documents duration): ignored, so the match window is the default",
                                      "~type is not a link parameter (Branch documents type): ignored, so the link is type 0"], "\(lints(r))")
        let read = h.send("GET", "/v1/url?url=\(HTTPURL.percentEncode(url))&branch_key=\(Harness.key)")
        #expect(read.json?["channel"] == "email" && read.json?["feature"] == "share" && read.json?["tags"] == ["a", "b"], "\(read.json ?? .null)")
        #expect(read.json?["alias"] == nil || read.json?["alias"] == .null, "\(read.json ?? .null)")
        #expect(read.json?["type"] == 0 && read.json?["duration"] == 7200, "\(read.json ?? .null)")
    }

    /// branchShortUrlWithParams (the macOS SDK's other builder) merges the caller's params at the top level, where
    /// Branch ignores them: the link is made and each such key is linted, as for any client.
    @Test func theMacSDKsTopLevelCustomParamsAreLinted() throws {
        let h = try Harness()
        let r = h.send("POST", "/v1/url", ["foo-param": "bar-value", "channel": "facebook", "feature": "sharing", "tags": ["t1", "t2"],
                                           "alias": "testAlias_1", "sdk": "mac1.5.0", "branch_key": .string(Harness.key)], headers: Self.json)
        #expect(r.status == 200 && r.json?["url"]?.stringValue?.hasSuffix("/testAlias_1") == true, "\(r.message)")
        #expect(lints(r) == ["foo-param is not a link parameter: Branch ignores it (custom keys go in data)"], "\(lints(r))")
    }

    /// Branch's v1/open guide documents the 429 for the same user in rapid succession but no window: the sandbox's
    /// 2 seconds, which --burst-window 0 turns off (an SDK's install and open captures replayed back to back).
    @Test func theRapidSuccessionRuleHasAWindowThatZeroTurnsOff() throws {
        let strict = try Harness()
        let install = RealTrafficTests.androidInstall()
        #expect(strict.send("POST", "/v1/install", install, headers: Self.json).status == 200)
        let again = strict.send("POST", "/v1/open", install, headers: Self.json)
        #expect(again.status == 429 && again.header("Retry-After") == "2", "\(again.status)")
        let off = try Harness { $0.burstWindow = 0 }
        #expect(off.send("POST", "/v1/install", install, headers: Self.json).status == 200)
        #expect(off.send("POST", "/v1/open", install, headers: Self.json).status == 200)
    }

    /// iOS's and Android's integration validators read the app's linking settings with the key alone
    /// (Tests/Fixtures/sdk/{ios,android}/app-link-settings.json): what the App settings hold, changed by PUT
    /// /v1/app/{key}, and never the owner's contact.
    @Test func appLinkSettingsAnswersTheAppsLinkingSettings() throws {
        let h = try Harness()
        let put = h.send("PUT", "/v1/app/\(Harness.key)", ["branch_secret": .string(Harness.secret), "dev_email": "dev@example.com",
                                                             "ios_uri_scheme": "shoes://", "ios_team_id": "ABCDE12345",
                                                             "android_package_name": "com.example.shoes"], headers: Self.json)
        #expect(put.status == 200, "\(put.message)")
        let ios = h.send("GET", "/v1/app-link-settings/\(Harness.key)", headers: Self.json)
        #expect(ios.status == 200, "\(ios.message)")
        #expect(ios.json?["ios_uri_scheme"] == "shoes://" && ios.json?["ios_team_id"] == "ABCDE12345" && ios.json?["ios_bundle_id"] == "")
        #expect(ios.json?["default_short_url_domain"]?.stringValue?.isEmpty == false && ios.json?["alternate_short_url_domain"]?.stringValue != nil)
        #expect(ios.json?["dev_email"] == nil && ios.json?["dev_name"] == nil && ios.json?["branch_secret"] == nil, "\(ios.json ?? .null)")
        let android = h.send("GET", "/v1/app-link-settings/\(Harness.key)?sdk=android5.21.2&branch_key=\(Harness.key)&retryNumber=0")
        #expect(android.json?["android_package_name"] == "com.example.shoes" && android.json?["android_uri_scheme"] == "")
        let other = h.send("GET", "/v1/app-link-settings/\(Harness.key)?branch_key=key_test_another1")
        #expect(other.status == 400 && other.message.contains("does not match the key in the path"), "\(other.message)")
        #expect(h.send("GET", "/v1/app-link-settings/not_a_key").status == 400)
        #expect(h.send("POST", "/v1/app-link-settings/\(Harness.key)", [:], headers: Self.json).status == 405)
    }

    /// The oracle's id rules take ASCII digits only (Character.isNumber took "½" and "٣"): a client that sends
    /// such an id is caught here, not in production.
    @Test(arguments: ["½", "٣٣٣", "１２３"])
    func theSandboxsIDsAreASCIIDigits(_ id: String) throws {
        let h = try Harness()
        let encoded = HTTPURL.percentEncode(id)
        let token = [("Access-Token", "api_app_PLACEHOLDER_round22")]
        #expect(h.send("DELETE", "/v1/url?url=\(HTTPURL.percentEncode("https://x.app.link/a"))&app_id=\(encoded)", headers: token).status == 400)
        #expect(h.send("POST", "/v2/logs?app_id=\(encoded)", ["report_type": "eo_install"], headers: token + Self.json).status == 400)
        let ready = h.send("POST", "/v2/data/ready", ["app_id": .string(id), "date": "2026-01-01 00:00:00"], headers: token + Self.json)
        #expect(ready.status == 400 && ready.message == "app_id is required (an integer)", "\(ready.message)")
        let tune = h.send("GET", "/serve?action=session&advertiser_id=\(encoded)&sdk=android")
        #expect(String(decoding: tune.body, as: UTF8.self).contains("advertiser_id must be numeric"), "\(tune.status)")
    }

    // QA round 23: Branch's SDKs for other platforms (Windows C++ 2.1.0, Roku 1.0.0, connected TV 1.2.1) and
    // the macOS SDK before a login.

    /// A v2 event of a logged-out macOS, Windows, Roku or connected-TV device carries no developer_identity and
    /// no idfa/idfv or android_id: its session's token and its advertising ids identify it.
    static let loggedOutUsers: [JSON] = [
        ["os": "mac_OS", "mac_address": "a4:83:e7:5c:2d:19", "randomized_device_token": "1427893645783912345", "sdk": "mac", "sdk_version": "1.5.0"],
        ["os": "Windows 10", "randomized_device_token": "1427893645783912346", "advertising_ids": ["windows_advertising_id": "my-waid"], "limit_ad_tracking": 0],
        ["os": "ROKU", "device_fingerprint_id": "1427893645783912347", "advertising_ids": ["roku_rida": "5a1e2b3c-0000-4000-8000-000000000001"]],
        ["randomized_device_token": "1427893645783912348", "sdk": "connected", "user_agent": "Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0)"],
    ]

    @Test(arguments: loggedOutUsers)
    func eventsOfLoggedOutDevicesOfOtherPlatformsAreTaken(_ user: JSON) throws {
        let h = try Harness()
        let r = h.send("POST", "/v2/event/custom", ["name": "tutorial_video_watched", "custom_data": ["video_id": "intro_01"],
                                                     "user_data": user, "branch_key": .string(Harness.key)], headers: Self.json)
        #expect(r.status == 200, "\(user): \(r.message)")
        #expect(lints(r).isEmpty, "\(lints(r))")
    }

    @Test func anEventThatIdentifiesNoOneIsStillRefused() throws {
        let h = try Harness()
        for user: JSON in [["os": "mac_OS"], ["os": "Windows 10", "advertising_ids": ["windows_advertising_id": ""]], ["os": "iOS", "aaid": "x"]] {
            let r = h.send("POST", "/v2/event/custom", ["name": "x", "user_data": user, "branch_key": .string(Harness.key)], headers: Self.json)
            #expect(r.status == 400 && r.message.hasPrefix("user_data must identify the user"), "\(user): \(r.message)")
        }
    }

    /// The Windows SDK opens with os "Windows 10" (its display name; "Unknown" when it has none) and sdk "native",
    /// never /v1/install; the Roku SDK with os "ROKU". Each is a session of its own platform with string tokens
    /// (the Windows SDK reads them with GetNamedString), and the next open is the same device.
    @Test(arguments: ["Windows 10", "Windows Server 2016", "Unknown", "ROKU"])
    func windowsAndRokuSessionsAreTaken(_ os: String) throws {
        let h = try Harness()
        var body: JSONObject = ["branch_key": .string(Harness.key), "os": .string(os), "os_version": "10.0", "sdk": "native", "sdk_version": "2.1.0",
                                "mac_address": "3c:7c:3f:1a:2b:4d", "local_ip": "192.168.1.23", "app_version": "1.2.3",
                                "advertising_ids": ["windows_advertising_id": "my-waid"], "lat_val": 0]
        let first = h.send("POST", "/v1/open", .object(body), headers: Self.json + [("X-Forwarded-For", "203.0.113.7")])
        #expect(first.status == 200, "\(os): \(first.message)")
        for k in ["session_id", "randomized_device_token", "randomized_bundle_token", "link", "data"] {
            #expect(first.json?[k]?.stringValue != nil, "\(os): \(k) is a string: \(first.json ?? .null)")
        }
        #expect(first.data?["+is_first_session"] == true)
        h.clock.advance(60)
        body["randomized_device_token"] = first.json?["randomized_device_token"]
        body["randomized_bundle_token"] = first.json?["randomized_bundle_token"]
        let next = h.send("POST", "/v1/open", .object(body), headers: Self.json + [("X-Forwarded-For", "203.0.113.7")])
        #expect(next.json?["randomized_device_token"] == first.json?["randomized_device_token"] && next.data?["+is_first_session"] == false)
    }

    /// Devices with no hardware_id behind one address (a lab's TVs, Roku players, PCs) were one device by address
    /// and browser: the second got the first's tokens, or a 429. Their advertising ids, mac_address or the token
    /// they keep tell them apart.
    @Test func devicesWithoutAHardwareIDAreToldApartByTheirOwnIDs() throws {
        let h = try Harness()
        let tv = "Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36"
        func open(_ extra: JSONObject) -> Reply {
            var body: JSONObject = ["branch_key": .string(Harness.key), "sdk": "connected", "sdk_version": "1.2.1", "screen_width": 1920, "screen_height": 1080]
            for (k, v) in extra { body[k] = v }
            return h.send("POST", "/v1/open", .object(body), headers: Self.json + [("X-Forwarded-For", "203.0.113.50"), ("User-Agent", tv)])
        }
        let tokens = try [open(["advertising_ids": ["SAMSUNG_IFA": "0001"]]), open(["advertising_ids": ["SAMSUNG_IFA": "0002"]]),
                          open(["mac_address": "3c:7c:3f:1a:2b:4d"]), open(["randomized_device_token": "5550001"]), open(["randomized_device_token": "5550002"])]
            .map { r in try #require(r.json?["randomized_device_token"]?.stringValue, "\(r.status) \(r.message)") }
        #expect(Set(tokens).count == 5, "five devices: \(tokens)")
    }

    /// The SDKs since iOS 3 and Android 5.8 send `identity` with each session instead of calling /v1/profile: a
    /// second device of one identity joins its user, and a browser whose user logged in on the page has the app.
    @Test func anIdentitySentWithASessionJoinsTheUser() throws {
        let h = try Harness()
        let first = h.send("POST", "/v1/install", RealTrafficTests.androidInstall(["identity": "qa-user-2"]), headers: Self.json)
        let user = try #require(first.json?["randomized_bundle_token"]?.stringValue, "\(first.message)")
        let second = h.send("POST", "/v1/install", RealTrafficTests.androidInstall(["identity": "qa-user-2", "hardware_id": "7b2f0d0e-2f55-4f61-9b77-7f9d3ef0b0a2"]),
                            headers: Self.json + [("X-Forwarded-For", "198.51.100.9")])
        #expect(second.json?["randomized_bundle_token"]?.stringValue == user, "one user on two devices: \(second.json ?? .null)")
        #expect(second.json?["randomized_device_token"] != first.json?["randomized_device_token"])
        let fingerprint = "1198233472948193399"
        let page = webOpen(h, fingerprint: fingerprint)
        let identity = try #require(page.json?["identity_id"]?.stringValue)
        #expect(hasApp(h, fingerprint).json == false)
        let login = h.send("POST", "/v1/profile", text: "identity_id=\(identity)&identity=qa-user-2&browser_fingerprint_id=\(fingerprint)&sdk=web2.75.0&branch_key=\(Harness.key)",
                           headers: Self.form)
        #expect(login.json?["identity_id"]?.stringValue == user, "the page's user is the app's: \(login.json ?? .null)")
        #expect(hasApp(h, fingerprint).json == true)
    }

    /// Roku's logEvent writes event_data.currency "" for an event without one: no currency, with a lint.
    @Test func anEmptyCurrencyIsNoCurrency() throws {
        let h = try Harness()
        let roku: JSON = ["name": "PURCHASE", "customer_event_alias": "x", "branch_key": .string(Harness.key), "retryNumber": 0,
                          "user_data": ["os": "ROKU", "developer_identity": "User123", "advertising_ids": ["roku_rida": "r1"]],
                          "event_data": ["transaction_id": "", "currency": "", "revenue": 0.0]]
        let r = h.send("POST", "/v2/event/standard", roku, headers: Self.json)
        #expect(r.status == 200 && lints(r) == [#"event_data.currency is empty: taken as no currency (the Roku SDK sends "" for an event without one)"#], "\(r.message) \(lints(r))")
        let bad = h.send("POST", "/v2/event/standard", ["name": "PURCHASE", "branch_key": .string(Harness.key), "user_data": ["developer_identity": "u"],
                                                         "event_data": ["currency": "usd"]], headers: Self.json)
        #expect(bad.status == 400 && bad.message == "event_data.currency must be a three-letter ISO 4217 code")
    }

    /// POST /v1/event by Branch's public API README: event at most 63 characters, identity 127, commerce_data
    /// typed; metadata beyond one level or 255 characters is linted (the SDKs put page URLs there); a form
    /// field given twice says so.
    @Test func theLegacyEventKeepsTheREADMEsLimits() throws {
        let h = try Harness()
        func event(_ fields: JSONObject) -> Reply {
            var body: JSONObject = ["event": "level_up", "branch_key": .string(Harness.key)]
            for (k, v) in fields { body[k] = v }
            return h.send("POST", "/v1/event", .object(body), headers: Self.json)
        }
        #expect(event(["event": .string(String(repeating: "e", count: 63))]).status == 200)
        #expect(event(["event": .string(String(repeating: "e", count: 64))]).message == "event is longer than 63 characters")
        #expect(event(["identity": .string(String(repeating: "i", count: 128))]).message == "identity is longer than 127 characters")
        #expect(event(["commerce_data": "x"]).message == "commerce_data must be an object")
        #expect(event(["commerce_data": ["revenue": "abc"]]).message == "commerce_data.revenue must be a number, got string")
        #expect(event(["commerce_data": ["currency": "usd"]]).message == "commerce_data.currency must be a three-letter ISO 4217 code")
        #expect(event(["commerce_data": ["products": "none"]]).message == "commerce_data.products must be an array of objects")
        let long = event(["metadata": ["url": .string("https://shop.example.com/" + String(repeating: "p", count: 300)), "deep": ["a": 1]]])
        #expect(long.status == 200 && lints(long).count == 2, "\(lints(long))")
        let twice = h.send("POST", "/v1/event", text: "event=a&event=b&branch_key=\(Harness.key)", headers: Self.form)
        #expect(twice.status == 400 && twice.message == "event is given more than once", "\(twice.message)")
        let keys = h.send("POST", "/v1/event", text: "event=a&branch_key=\(Harness.key)&branch_key=key_test_other", headers: Self.form)
        #expect(keys.status == 400 && keys.message == "branch_key is given more than once", "\(keys.message)")
    }

    /// Branch's Chrome extension asks for a Quick Link's Open Graph tags to be fetched (auto_fetch): no lint.
    @Test func theChromeExtensionsQuickLinkDrawsNoLint() throws {
        let h = try Harness { $0.keys = [{ var e = KeyEntry(branchKey: Harness.key, branchSecret: Harness.secret, appID: "100000000000000001"); e.quickLinks = true; return e }()] }
        let r = h.send("POST", "/v1/url", ["type": 2, "auto_fetch": true, "feature": "Link Creator",
                                           "data": ["$marketing_title": "Spring", "$original_url": "https://example.com/spring"],
                                           "branch_key": .string(Harness.key)], headers: Self.json)
        #expect(r.status == 200 && lints(r).isEmpty, "\(r.status) \(r.message) \(lints(r))")
    }

    /// Branch's public API README, "Structuring a 'dynamic' deep link for app.link domains": the app's domain with
    /// a query and no path is that app's long link (it was a 404); the shared domain, which no one app owns, is not.
    @Test func anAppDomainsRootWithAQueryIsItsLongLink() throws {
        let other = "key_test_secondapp1"
        let h = try Harness {
            $0.keys = [KeyEntry(branchKey: Harness.key, branchSecret: Harness.secret, appID: "1", accessToken: "t1"),
                       KeyEntry(branchKey: other, branchSecret: "secret_test_PLACEHOLDER_secondapp", appID: "2", accessToken: "t2", linkDomain: "app1.localhost")]
        }
        let target = "/?%24deeplink_path=article%2Fjan%2F123&%24fallback_url=https%3A%2F%2Fexample.com%2Ffallback&channel=facebook&feature=affiliate"
        let r = h.send("GET", target, headers: [("Host", "app1.localhost:8787"), ("User-Agent", Self.chrome)])
        #expect(r.status == 302 && r.header("Location")?.hasPrefix("https://example.com/fallback?_branch_match_id=") == true, "\(r.status) \(r.header("Location") ?? "")")
        let data = h.send("GET", target + "&debug=1", headers: [("Host", "app1.localhost:8787")]).json?["data"]
        #expect(data?["$deeplink_path"] == "article/jan/123" && data?["~channel"] == "facebook", "\(data ?? .null)")
        #expect(h.send("GET", target, headers: [("Host", "127.0.0.1:8787")]).status == 404, "the shared domain names no app")
    }

    /// HEAD on the API's reads answered 405; it is the GET without its body (RFC 9110 9.3.2), recorded as HEAD.
    @Test func headOnAnAPIReadIsItsGETWithoutABody() throws {
        let h = try Harness()
        for target in ["/v1/app-link-settings/\(Harness.key)", "/v1/has-app/\(Harness.key)?browser_fingerprint_id=1",
                       "/v1/url?url=\(HTTPURL.percentEncode("http://127.0.0.1:8787/nothing"))&branch_key=\(Harness.key)"] {
            let get = h.send("GET", target), head = h.send("HEAD", target)
            #expect(head.status == get.status && head.body.isEmpty && !get.body.isEmpty, "\(target): \(head.status) vs \(get.status)")
            #expect(head.header("Content-Type") == get.header("Content-Type"))
        }
        #expect(h.send("HEAD", "/v1/event").status == 405, "a write is not a read")
        let recorded = h.send("GET", "/_sandbox/requests").json?.arrayValue ?? []
        #expect(recorded.contains { $0["method"] == "HEAD" }, "recorded as sent")
    }
}

