// The files Branch hosts on every link domain: apple-app-site-association for iOS universal links and
// assetlinks.json for Android App Links, from the App settings (branch_io_cli's and fastlane's validators read the
// first: Tests/Fixtures/sdk/branch-io-cli/SOURCES.md). QA round 24b: both were 404 whatever the settings.
import BNCCore
import Testing
@testable import BNCSandbox

@Suite struct AssociationFileTests {
    static let json = [("Content-Type", "application/json")]

    @Test func theLinkDomainServesWhatTheAppSettingsEnable() throws {
        let h = try Harness { config in
            config.keys = [KeyEntry(branchKey: Harness.key, branchSecret: Harness.secret, appID: "1"),
                           { var e = KeyEntry(branchKey: "key_test_ownDomain1", branchSecret: "secret_test_PLACEHOLDER_own", appID: "2"); e.linkDomain = "shoes.localhost"; return e }()]
        }
        #expect(h.send("GET", "/.well-known/apple-app-site-association").status == 404, "no app has universal links yet")
        #expect(h.send("GET", "/.well-known/assetlinks.json").status == 404)
        let put = h.send("PUT", "/v1/app/\(Harness.key)", ["branch_secret": .string(Harness.secret), "dev_email": "dev@example.com", "ios_team_id": "ABCDE12345",
                                                             "ios_bundle_id": "com.example.app", "universal_linking_enabled": true,
                                                             "android_package_name": "com.example.app", "android_app_links_enabled": true,
                                                             "sha256_cert_fingerprints": ["AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01"]], headers: Self.json)
        #expect(put.status == 200, "\(put.status) \(put.message)")
        for path in ["/.well-known/apple-app-site-association", "/apple-app-site-association"] {
            let aasa = h.send("GET", path)
            #expect(aasa.status == 200 && aasa.header("Content-Type")?.hasPrefix("application/json") == true && aasa.header("Location") == nil)
            #expect(aasa.json?["applinks"]?["apps"] == .array([]))
            #expect(aasa.json?["applinks"]?["details"] == [["appID": "ABCDE12345.com.example.app", "paths": ["*"]]], "\(aasa.json ?? .null)")
        }
        let links = h.send("GET", "/.well-known/assetlinks.json")
        #expect(links.json == [["relation": ["delegate_permission/common.handle_all_urls"],
                                "target": ["namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01"]]]],
                "\(links.json ?? .null)")
        // Another app's own link domain serves that app's file: none yet.
        #expect(h.send("GET", "/.well-known/apple-app-site-association", headers: [("Host", "shoes.localhost:8787")]).status == 404)
        #expect(h.send("POST", "/.well-known/assetlinks.json", [:]).status == 405)
        // Turned off again: no file.
        _ = h.send("PUT", "/v1/app/\(Harness.key)", ["branch_secret": .string(Harness.secret), "dev_email": "dev@example.com", "universal_linking_enabled": false], headers: Self.json)
        #expect(h.send("GET", "/apple-app-site-association").status == 404)
    }

    /// alternate_short_url_domain was `alternate.127.0.0.1:PORT`, a name that resolves nowhere, so branch_io_cli's
    /// check of its AASA failed with a socket error (QA round 24b). It is Branch's `NAME-alternate` form, on a name
    /// *.localhost resolves, and it serves the same app's links and files.
    @Test func theAlternateDomainResolvesAndServesTheSameApp() throws {
        #expect(Sandbox.alternateDomain("shoes.localhost:8787") == "shoes-alternate.localhost:8787")
        #expect(Sandbox.alternateDomain("example.app.link") == "example-alternate.app.link")
        #expect(Sandbox.alternateDomain("127.0.0.1:8787") == "sandbox-alternate.localhost:8787")
        #expect(Sandbox.alternateDomain("[::1]:8787") == "sandbox-alternate.localhost:8787")
        #expect(Sandbox.alternateDomain("localhost:8787") == "sandbox-alternate.localhost:8787")
        let own = "key_test_ownDomain1"
        let h = try Harness { config in
            config.keys = [KeyEntry(branchKey: Harness.key, branchSecret: Harness.secret, appID: "1"),
                           { var e = KeyEntry(branchKey: own, branchSecret: "secret_test_PLACEHOLDER_own", appID: "2"); e.linkDomain = "shoes.localhost"; return e }()]
        }
        let shared = h.send("GET", "/v1/app/\(Harness.key)?branch_secret=\(Harness.secret)")
        #expect(shared.json?["alternate_short_url_domain"] == "sandbox-alternate.localhost:8787", "\(shared.status) \(shared.json ?? .null)")
        let settings = h.send("GET", "/v1/app/\(own)?branch_secret=secret_test_PLACEHOLDER_own")
        #expect(settings.json?["alternate_short_url_domain"] == "shoes-alternate.localhost:8787", "\(settings.status) \(settings.json ?? .null)")
        let made = h.send("POST", "/v1/url", ["branch_key": .string(own), "alias": "boots", "data": ["$fallback_url": "https://example.com/boots"]], headers: Self.json)
        #expect(made.json?["url"] == "http://shoes.localhost:8787/boots", "\(made.json ?? .null)")
        for host in ["shoes.localhost:8787", "shoes-alternate.localhost:8787"] {
            let click = h.send("GET", "/boots", headers: [("Host", host), ("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0")])
            #expect(click.status == 302 && click.header("X-Branch-Link-Click-Id") != nil, "\(host): \(click.status)")
        }
        #expect(h.send("GET", "/boots", headers: [("Host", "other-alternate.localhost:8787")]).status == 404, "not an app's domain: the shared links")
        _ = h.send("PUT", "/v1/app/\(own)", ["branch_secret": "secret_test_PLACEHOLDER_own", "dev_email": "dev@example.com", "ios_team_id": "ABCDE12345",
                                           "ios_bundle_id": "com.example.shoes", "universal_linking_enabled": true], headers: Self.json)
        let aasa = h.send("GET", "/.well-known/apple-app-site-association", headers: [("Host", "shoes-alternate.localhost:8787")])
        #expect(aasa.json?["applinks"]?["details"] == [["appID": "ABCDE12345.com.example.shoes", "paths": ["*"]]], "\(aasa.status)")
    }
}
