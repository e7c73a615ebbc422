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
                                                             "sha256_cert_fingerprints": ["AB:CD:EF"]], headers: Self.json)
        #expect(put.status == 200, "\(put.status) \(put.message)")
        for path in ["/.well-known/apple-app-site-association", "/apple-app-site-association"] {
            let aasa = h.send("GET", path)
            #expect(aasa.status == 200 && aasa.header("Content-Type")?.hasPrefix("application/json") == true && aasa.header("Location") == nil)
            #expect(aasa.json?["applinks"]?["apps"] == .array([]))
            #expect(aasa.json?["applinks"]?["details"] == [["appID": "ABCDE12345.com.example.app", "paths": ["*"]]], "\(aasa.json ?? .null)")
        }
        let links = h.send("GET", "/.well-known/assetlinks.json")
        #expect(links.json == [["relation": ["delegate_permission/common.handle_all_urls"],
                                "target": ["namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["AB:CD:EF"]]]],
                "\(links.json ?? .null)")
        // Another app's own link domain serves that app's file: none yet.
        #expect(h.send("GET", "/.well-known/apple-app-site-association", headers: [("Host", "shoes.localhost:8787")]).status == 404)
        #expect(h.send("POST", "/.well-known/assetlinks.json", [:]).status == 405)
        // Turned off again: no file.
        _ = h.send("PUT", "/v1/app/\(Harness.key)", ["branch_secret": .string(Harness.secret), "dev_email": "dev@example.com", "universal_linking_enabled": false], headers: Self.json)
        #expect(h.send("GET", "/apple-app-site-association").status == 404)
    }
}
