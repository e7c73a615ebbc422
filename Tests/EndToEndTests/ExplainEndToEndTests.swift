// bnc-open --explain: on stderr, each body field and header with its value, where it came from (a flag, the
// device file and its key, the environment, state.db, a default) and the rule that changed it; stdout unchanged.
import Foundation
import Testing
import TestSupport

@Suite struct ExplainEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let secret = "secret_test_explain0001"

    @Test func everyFieldSaysWhereItCameFrom() throws {
        let s = try SandboxProcess()
        let device = try box.write("iphone.json", #"{"os":"ios","os_version":"17.4","model":"iPhone15,2","brand":"Apple","user_agent":"UA","app_version":"2.3.0"}"#)
        let env = ["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_explain0001", "BRANCH_SECRET": Self.secret]
        let args = ["--device", device, "--idfa", "6D92078A-8246-4BA4-AE5B-76104861E7DC", "--idfv", "6A14E2B0-1C3D-4E5F-8A9B-0C1D2E3F4A5B",
                    "--ip", "203.0.113.7", "-f", "custom_param_1=x"]
        let plain = try box.run("bnc-open", args + ["--dry-run"], env: env)
        let r = try box.run("bnc-open", args + ["--dry-run", "--explain"], env: env)
        #expect(r.status == 0, "\(r.output)")
        #expect(r.stdout == plain.stdout, "stdout is the dry run, unchanged")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        func line(_ prefix: String) -> String { lines.first { $0.hasPrefix("bnc-open: explain: " + prefix) } ?? "(none: \(prefix))" }
        #expect(line("body.os = ").hasSuffix(#"= "iOS" ← os in \#(device); canonical case (ios → iOS)"#), "\(line("body.os = "))")
        #expect(line("body.hardware_id = ").contains("← --idfa; iOS: the IDFA when there is one, else the IDFV"), "\(line("body.hardware_id = "))")
        #expect(line("body.ios_vendor_id = ").hasSuffix("← --idfv"), "\(line("body.ios_vendor_id = "))")
        #expect(line("body.model = ").hasSuffix("← model in \(device)"))
        #expect(line("body.custom_param_1 = ").hasSuffix("← -f custom_param_1"))
        #expect(line("body.branch_key = ").hasSuffix("← environment BRANCH_KEY"))
        #expect(line("body.branch_secret = ").contains("<redacted>") && line("body.branch_secret = ").hasSuffix("← environment BRANCH_SECRET"))
        #expect(line("body.first_session = true").contains("← state.db; no session of this device kept"), "\(line("body.first_session"))")
        #expect(line("body.ad_tracking_enabled = true").contains("← default"))
        #expect(line("header X-IP-Override = 203.0.113.7").hasSuffix("← --ip"))
        #expect(!r.stderr.contains(Self.secret), "never a secret")

        let limited = try box.run("bnc-open", args + ["--limit-ad-tracking", "true", "--dry-run", "--explain"], env: env)
        #expect(limited.stderr.contains("explain: body.ad_tracking_enabled left out ← --limit-ad-tracking"), "\(limited.stderr)")
        let batch = try box.run("bnc-open", ["--batch", device, "--explain"], env: env)
        #expect(batch.status == 64 && batch.stderr.contains("--explain explains one request"), "\(batch.stderr)")
    }

    @Test func anEventSaysWhereEachFieldCameFrom() throws {
        let device = try box.write("pixel.json", #"{"os":"android","gaid":"38400000-8cf0-11bd-b23e-10b96e40000d","user_agent":"UA"}"#)
        let env = ["BRANCH_KEY": "key_test_explain0002"]
        let args = ["send", "PURCHASE", "--device", device, "--ip", "203.0.113.7", "--revenue", "9.99", "--custom", "tier=gold",
                    "--item", "$sku=42", "--developer-identity", "u1", "--no-state", "--dry-run"]
        let plain = try box.run("bnc-event", args, env: env)
        let r = try box.run("bnc-event", args + ["--explain"], env: env)
        #expect(r.status == 0 && r.stdout == plain.stdout, "\(r.output)")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        func line(_ prefix: String) -> String { lines.first { $0.hasPrefix("bnc-event: explain: " + prefix) } ?? "(none: \(prefix))" }
        #expect(line("body.name = ").hasSuffix("← the name argument; a standard event: sent to /v2/event/standard"))
        #expect(line("body.user_data.os = ").hasSuffix("← os in \(device); canonical case (android → Android)"), "\(line("body.user_data.os"))")
        #expect(line("body.user_data.aaid = ").contains("← gaid in \(device); Android's advertising id, named aaid in events"))
        #expect(line("body.user_data.developer_identity = ").hasSuffix("← --developer-identity"))
        #expect(line("body.event_data.revenue = 9.99").hasSuffix("← --revenue"))
        #expect(line("body.custom_data.tier = ").contains("← --custom tier"))
        #expect(line("body.content_items[0] = ").hasSuffix("← --item"))
        #expect(line("body.branch_key = ").hasSuffix("← environment BRANCH_KEY"))
        #expect(line("header X-IP-Override = 203.0.113.7").hasSuffix("← --ip"))
    }

    /// bnc-tune map --explain names the TUNE parameter behind each Branch field.
    @Test func aMappedTuneRequestNamesItsParameters() throws {
        let url = "https://877.measure.mobileapptracking.com/serve?action=conversion&site_event_name=purchase&advertiser_id=877&sdk=android"
            + "&google_aid=38400000-8CF0-11BD-B23E-10B96E40000D&google_ad_tracking_disabled=0&revenue=9.99&currency_code=USD&device_ip=8.8.8.8&user_agent=UA"
        let plain = try box.run("bnc-tune", ["map", url])
        let r = try box.run("bnc-tune", ["map", url, "--explain"])
        #expect(r.status == 0 && r.stdout == plain.stdout, "\(r.output)")
        for expected in ["body.name = \"PURCHASE\" ← TUNE site_event_name", "body.user_data.aaid = \"38400000-8cf0-11bd-b23e-10b96e40000d\" ← TUNE google_aid",
                         "body.user_data.os = \"Android\" ← TUNE sdk", "body.event_data.revenue = 9.99 ← TUNE revenue",
                         "body.event_data.currency = \"USD\" ← TUNE currency_code", "body.user_data.ip = \"8.8.8.8\" ← TUNE device_ip"] {
            #expect(r.stderr.contains("bnc-tune: explain: line 1: " + expected), "\(expected)\n\(r.stderr)")
        }
    }

    @Test func aLinkSaysWhereEachFieldCameFrom() throws {
        let data = try box.write("data.json", #"{"$deeplink_path":"item/42","color":"blue"}"#)
        let env = ["BRANCH_KEY": "key_test_explain0003"]
        let args = ["create", "--channel", "sms", "--tag", "a", "--data", data, "--param", "$ios_url=https://example.com", "--dry-run"]
        let plain = try box.run("bnc-link", args, env: env)
        let r = try box.run("bnc-link", args + ["--explain"], env: env)
        #expect(r.status == 0 && r.stdout == plain.stdout, "\(r.output)")
        for expected in ["body.channel = \"sms\" ← --channel", "body.tags = [\"a\"] ← --tag", "body.data.$deeplink_path = \"item/42\" ← --data \(data)",
                         "body.data.$ios_url = \"https://example.com\" ← --param $ios_url", "body.branch_key = \"key_test_explain0003\" ← environment BRANCH_KEY"] {
            #expect(r.stderr.contains("bnc-link: explain: " + expected), "\(expected)\n\(r.stderr)")
        }
        let batch = try box.run("bnc-link", ["create", "--batch", data, "--explain"], env: env)
        #expect(batch.status == 64, "\(batch.stderr)")
    }

    /// update --merge: the data keys kept from the link as read say so; the sandbox receives what was explained.
    @Test func aLinkUpdateAndDeleteSayWhereEachValueCameFrom() throws {
        let s = try SandboxProcess()
        let secretFile = try box.write("secret", Self.secret, mode: 0o600)
        let env = ["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_explain0004", "BRANCH_ACCESS_TOKEN": "tok_explain_0004", "BRANCH_APP_ID": "123"]
        let made = try box.run("bnc-link", ["create", "--param", "color=blue", "--param", "size=2"], env: env)
        let url = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(made.status == 0, "\(made.output)")
        let r = try box.run("bnc-link", ["update", url, "--merge", "--param", "color=red", "--secret-file", secretFile, "--explain"], env: env)
        #expect(r.status == 0, "\(r.output)")
        for expected in ["body.data.color = \"red\" ← --param color", "body.data.size = \"2\" ← the link as read (--merge kept it)",
                         "body.branch_secret = \"<redacted>\" ← flag --secret-file", "query url = \(url) ← the argument"] {
            #expect(r.stderr.contains("bnc-link: explain: " + expected), "\(expected)\n\(r.stderr)")
        }
        #expect(!r.stderr.contains(Self.secret))
        let put = try #require(try s.received().last { $0["method"] as? String == "PUT" })
        #expect(((put["body"] as? [String: Any])?["data"] as? [String: Any])?["size"] as? String == "2", "what was explained was sent")

        let d = try box.run("bnc-link", ["delete", url, "--app-id", "456", "--explain", "--dry-run"], env: env)
        #expect(d.status == 0, "\(d.output)")
        for expected in ["query app_id = 456 ← --app-id", "header Access-Token = <redacted> ← environment BRANCH_ACCESS_TOKEN"] {
            #expect(d.stderr.contains("bnc-link: explain: " + expected), "\(expected)\n\(d.stderr)")
        }
        #expect(!d.stderr.contains("tok_explain_0004"))
        let profileApp = try box.run("bnc-link", ["delete", url, "--explain", "--dry-run"], env: env)
        #expect(profileApp.stderr.contains("query app_id = 123 ← environment BRANCH_APP_ID"), "\(profileApp.stderr)")
        #expect(try box.run("bnc-link", ["update", "--batch", secretFile, "--replace", "--explain"], env: env).status == 64)
    }

    @Test func bncAPISaysWhichFlagMadeEachPart() throws {
        // The body's key is the run's (another app's is refused, as a batch line's is: HostileRound13Tests).
        let body = try box.write("b.json", #"{"name":"x","branch_key":"key_test_explain0005"}"#)
        let secretFile = try box.write("secret", Self.secret, mode: 0o600)
        let env = ["BRANCH_KEY": "key_test_explain0005"]
        let r = try box.run("bnc-api", ["POST", "/v1/url", "--body", body, "-f", "channel=sms", "-q", "a=b", "--with-secret", "--secret-file", secretFile,
                                        "-H", "X-Trace: 1", "--ip", "198.51.100.4", "--dry-run", "--explain"], env: env)
        #expect(r.status == 0, "\(r.output)")
        for expected in ["body.branch_key = \"key_test_explain0005\" ← --body \(body)", "body.name = \"x\" ← --body \(body)",
                         "body.channel = \"sms\" ← -f channel", "body.branch_secret = \"<redacted>\" ← flag --secret-file; added by --with-secret",
                         "query a = b ← -q a", "header X-Trace = 1 ← -H", "header X-IP-Override = 198.51.100.4 ← --ip"] {
            #expect(r.stderr.contains("bnc-api: explain: " + expected), "\(expected)\n\(r.stderr)")
        }
        #expect(!r.stderr.contains(Self.secret))
        let get = try box.run("bnc-api", ["GET", "/v1/url", "-q", "url=https://x.app.link/a", "--dry-run", "--explain"], env: env)
        #expect(get.stderr.contains("query branch_key = key_test_explain0005 ← environment BRANCH_KEY; added to every request (--no-key leaves it out)"),
                "\(get.stderr)")
        #expect(try box.run("bnc-api", ["POST", "/v1/url", "--batch", body, "--explain"], env: env).status == 64)
    }

    @Test func anAdServicesLookupSaysWhereTheTokenCameFromAndWhatWasRemoved() throws {
        let s = try SandboxProcess()
        let token = String(repeating: "QUJD", count: 40)
        let file = try box.write("token.txt", String(token.prefix(60)) + "\n" + String(token.dropFirst(60)) + "\n")
        let env = ["BNC_API_URL": s.url]
        let r = try box.run("bnc-asa", ["lookup", "--token-file", file, "--explain", "--dry-run"], env: env)
        #expect(r.status == 0, "\(r.output)")
        #expect(r.stderr.contains("bnc-asa: explain: body = \"<redacted>\" ← --token-file \(file); white space removed"), "\(r.stderr)")
        #expect(!r.stderr.contains(token.prefix(60)), "the token is a secret")
        let shown = try box.run("bnc-asa", ["lookup", token, "--explain", "--dry-run", "--show-secrets"], env: env)
        #expect(shown.stderr.contains("bnc-asa: explain: body = \"\(token)\" ← the argument\n"), "\(shown.stderr)")
    }
}
