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
}

