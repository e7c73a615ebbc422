// bnc-app against bnc-sandbox: settings read as a table or JSON with the secret masked; an update checked against
// the documented settings, shown as a diff, sending only what changes; settings round-trip; the sandbox refusing
// what Branch sets itself.
import Foundation
import Testing
import TestSupport

@Suite struct AppEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_test_appapi0001"
    static let secret = "secret_test_appapi0001"

    func sandbox() throws -> SandboxProcess {
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"\#(Self.secret)","app_id":"4242"}]"#)
        return try SandboxProcess(["--keys", keys])
    }

    func env(_ s: SandboxProcess) -> [String: String] { ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret] }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test func settingsAreReadWithTheSecretMasked() throws {
        let s = try sandbox()
        let all = try box.run("bnc-app", ["get", "--output", "json"], env: env(s))
        #expect(all.status == 0, "\(all.output)")
        let settings = try json(all.stdout)
        #expect(settings["branch_key"] as? String == Self.key && settings["branch_secret"] as? String == "<redacted>")
        #expect(!all.stdout.contains(Self.secret) && !all.stderr.contains(Self.secret))
        let table = try box.run("bnc-app", ["get", "app_name", "dev_email", "--output", "table"], env: env(s))
        #expect(table.stdout.hasPrefix("SETTING") && table.stdout.contains("dev_email") && !table.stdout.contains("og_title"), "\(table.stdout)")
        let typo = try box.run("bnc-app", ["get", "og_titel"], env: env(s))
        #expect(typo.status == 64 && typo.stderr.contains("did you mean og_title?"), "\(typo.stderr)")
        #expect(try s.received().count == 2, "a typo of a documented name is refused before anything is sent")
        let got = try #require(try s.received().first)
        #expect(got["method"] as? String == "GET" && got["path"] as? String == "/v1/app/\(Self.key)")
    }

    @Test func anUpdateShowsItsDiffSendsOnlyChangesAndRoundTrips() throws {
        let s = try sandbox()
        let dry = try box.run("bnc-app", ["update", "--set", "og_title=Spring sale", "--set", "always_open_app=0", "--set", "app_name=Sandbox app", "--dry-run"], env: env(s))
        #expect(dry.status == 0, "\(dry.output)")
        #expect(dry.stderr.contains(#"og_title: "" → "Spring sale""#) && dry.stderr.contains("always_open_app: 1 → 0"), "\(dry.stderr)")
        #expect(!dry.stderr.contains("app_name:"), "an unchanged setting is not in the diff")
        let request = try json(dry.stdout)
        #expect(request["method"] as? String == "PUT")
        #expect(try s.received().allSatisfy { $0["method"] as? String == "GET" }, "--dry-run sends no PUT")

        let r = try box.run("bnc-app", ["update", "--set", "og_title=Spring sale", "--set", "always_open_app=0", "--set",
                                        "sha256_cert_fingerprints=AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01,14:6D:E9:83:14:6D:E9:83:14:6D:E9:83:14:6D:E9:83:14:6D:E9:83:14:6D:E9:83:14:6D:E9:83:14:6D:E9:83", "--output", "json"], env: env(s))
        #expect(r.status == 0, "\(r.output)")
        let put = try #require(try s.received().last { $0["method"] as? String == "PUT" })
        let body = try #require(put["body"] as? [String: Any])
        #expect(Set(body.keys) == ["branch_secret", "dev_email", "og_title", "always_open_app", "sha256_cert_fingerprints"], "\(body.keys)")
        #expect(body["always_open_app"] as? Int == 0 && body["sha256_cert_fingerprints"] as? [String] == ["AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01:AB:CD:EF:01", "14:6D:E9:83:14:6D:E9:83:14:6D:E9:83:14:6D:E9:83:14:6D:E9:83:14:6D:E9:83:14:6D:E9:83:14:6D:E9:83"])
        // Round trip: what was set is what is read back.
        let back = try json(try box.run("bnc-app", ["get", "og_title", "always_open_app", "--output", "json"], env: env(s)).stdout)
        #expect(back["og_title"] as? String == "Spring sale" && back["always_open_app"] as? Int == 0)
        // The same update again changes nothing and sends no PUT.
        let puts = try s.received().filter { $0["method"] as? String == "PUT" }.count
        let again = try box.run("bnc-app", ["update", "--set", "og_title=Spring sale"], env: env(s))
        #expect(again.status == 0 && again.stderr.contains("nothing to change"), "\(again.stderr)")
        #expect(try s.received().filter { $0["method"] as? String == "PUT" }.count == puts)
    }

    @Test(arguments: [
        ("og_titel=x", 64, "--set og_titel is not an app setting (bnc-app fields lists them); did you mean og_title?"),
        ("creation_date=2020", 65, "creation_date is set by Branch and cannot be changed"),
        ("branch_key=key_test_other", 65, "branch_key is set by Branch"),
        ("always_open_app=5", 65, "always_open_app must be between 0 and 1 (got 5)"),
        ("dev_email=not-an-address", 65, "dev_email must be an e-mail address"),
        ("dev_email=a+b@example.com", 65, "dev_email must be an e-mail address"),
        ("default_short_url_domain=x", 65, "default_short_url_domain must be a host name such as example.app.link (got x)"),
        ("universal_linking_enabled=maybe", 65, "universal_linking_enabled must be true or false (got maybe)"),
        ("deepview_configs=x", 64, "is an object: give it as JSON with :="),
        (#"deepview_configs:={"ios":5}"#, 65, "deepview_configs.ios must be an object"),
        (#"deepview_configs:={"ios":{"enabled":"yes"}}"#, 65, "deepview_configs.ios.enabled must be true or false"),
        (#"deepview_configs:={"web":{}}"#, 65, "deepview_configs.web is not a platform of deepview_configs (ios or android)"),
    ] as [(String, Int32, String)])
    func badSettingsAreRefusedBeforeAnythingIsSent(_ set: String, _ status: Int32, _ message: String) throws {
        let s = try sandbox()
        let r = try box.run("bnc-app", ["update", "--set", set], env: env(s))
        #expect(r.status == status, "\(set): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(set): \(r.stderr)")
        #expect(try s.received().isEmpty)
    }

    /// The sandbox holds a raw client to the same rules: what Branch sets is refused, dev_email is required.
    @Test func theSandboxRefusesWhatBranchSets() throws {
        let s = try sandbox()
        let env = env(s)
        let readOnly = try box.run("bnc-api", ["PUT", "/v1/app/\(Self.key)", "--no-key", "--with-secret", "-f", "dev_email=a@b.io", "-f", "creation_date=x"], env: env)
        #expect(readOnly.status != 0 && readOnly.stderr.contains("creation_date cannot be changed"), "\(readOnly.output)")
        let noEmail = try box.run("bnc-api", ["PUT", "/v1/app/\(Self.key)", "--no-key", "--with-secret", "-f", "og_title=x"], env: env)
        #expect(noEmail.stderr.contains("dev_email is required"), "\(noEmail.output)")
        let wrongSecret = try box.run("bnc-api", ["GET", "/v1/app/\(Self.key)", "--no-key", "-q", "branch_secret=secret_test_wrong000001"], env: env)
        #expect(wrongSecret.status != 0, "\(wrongSecret.output)")
    }
}
