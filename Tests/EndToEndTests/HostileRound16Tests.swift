// QA round 28a (hostile input on bnc-open's state, bnc-api's single request, reconcile's report, batch lines and
// config files), end to end against `bnc-sandbox --port 0` and loopback servers: each finding's reproduction,
// and what is sent, kept or written.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound16Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_test_round16", secret = "secret_test_PLACEHOLDER_r16"

    func sandbox() throws -> SandboxProcess {
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"\#(Self.secret)","app_id":"1616"}]"#)
        return try SandboxProcess(["--keys", keys])
    }

    func env(_ url: String) -> [String: String] { ["BNC_API_URL": url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret] }

    /// F1: reconcile's HTML page wrote a secret-shaped value from an export row in clear (stdout masked it), and a
    /// bidi override raw. Both are masked or shown escaped now.
    @Test func reconcilesPageMasksWhatStdoutMasks() throws {
        let log = try box.write("log.txt", #"1.2.3.4 - - [10/Oct/2023:13:55:36 +0000] "GET /serve?action=conversion&advertiser_id=877&site_id=1234&sdk=ios&ios_ifv=1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11&revenue=5&currency_code=USD&device_ip=8.8.4.4&site_event_name=purchase&transaction_id=T1 HTTP/1.1" 200 1"# + "\n")
        let leaked = "secret_live_PLACEHOLDER_RECONCILE"
        let export = try box.write("export.ndjson", #"{"name":"PURCHASE","event_data_transaction_id":"T1","event_data_revenue":"5","event_data_currency":"\#(leaked)","user_data_idfv":"1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11","timestamp":"2023-10-10T13:55:36Z"}"# + "\n"
            + #"{"name":"PURCHASE","event_data_transaction_id":"T2","event_data_revenue":"5","event_data_currency":"X\u202eY","user_data_idfv":"1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11","timestamp":"2023-10-10T13:55:36Z"}"# + "\n")
        let page = box.root.appendingPathComponent("rec.html").path
        let run = try box.run("bnc-tune", ["reconcile", log, "--export", export, "--output", "ndjson", "--html", page])
        #expect(!run.stdout.contains(leaked) && run.stdout.contains("<redacted>"), "\(run.output)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains(leaked) && html.contains("&lt;redacted&gt;"))
        #expect(!html.contains("\u{202E}"))
    }

    /// F2: a v1/open answer's tokens were kept in state.db unchecked (a line break, an escape), and every later
    /// bnc-open and bnc-event for the device then failed. A token its own field's rule refuses is a bad answer
    /// (76), and nothing is kept.
    @Test(arguments: ["randomized_bundle_token", "randomized_device_token"])
    func aHostileAnswersTokenIsNotKept(_ name: String) throws {
        let answer = #"{"session_id":"1","data":"{}","\#(name)":"x\n\u001b[31mRED"}"#
        let server = try LoopbackServer(fallback: .json(200, answer))
        let device = try box.write("dev.json", #"{"os":"iOS","os_version":"17.4","model":"iPhone15,2","app_version":"2.3.0","user_agent":"Mozilla/5.0","idfv":"1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"}"#)
        let run = try box.run("bnc-open", ["--device", device, "--ip", "8.8.4.4", "--server-to-server-identity", "--output", "ndjson"], env: env("http://127.0.0.1:\(server.port)"))
        #expect(run.status == 76 && run.stderr.contains("answered a \(name) that cannot be kept and sent back"), "\(run.output)")
        #expect(!run.stderr.contains("\u{1B}"))
        let kept = try box.run("bnc-open", ["state", "list", "--output", "ndjson"], env: env("http://127.0.0.1:\(server.port)"))
        #expect(!kept.stdout.contains("RED"), "\(kept.output)")
        let long = try LoopbackServer(fallback: .json(200, #"{"session_id":"1","data":"{}","\#(name)":"\#(String(repeating: "7", count: 100_000))"}"#))
        let big = try box.run("bnc-open", ["--device", device, "--ip", "8.8.4.4", "--server-to-server-identity"], env: env("http://127.0.0.1:\(long.port)"))
        #expect(big.status == 76 && big.stderr.contains("at most 256 characters"), "\(big.output.prefix(500))")
    }

    /// F2, a state an earlier bnc kept: its token broke every later call with a field error of the user's request.
    /// It is said to be the state's (78), with the way out.
    @Test func aHostileTokenKeptByAnEarlierBncIsSaidToBeTheStates() throws {
        let s = try sandbox()
        let device = try box.write("dev.json", #"{"os":"iOS","os_version":"17.4","model":"iPhone15,2","app_version":"2.3.0","user_agent":"Mozilla/5.0","idfv":"1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"}"#)
        let first = try box.run("bnc-open", ["--device", device, "--ip", "8.8.4.4", "--server-to-server-identity"], env: env(s.url))
        #expect(first.status == 0, "\(first.output)")
        let db = box.root.appendingPathComponent(".local/state/bnc/state.db").path
        let poison = "update open_devices set randomized_bundle_token = 'x' || char(10) || char(27) || '[31mRED', randomized_device_token = 'y' || char(27)"
        #expect(try box.run("/usr/bin/env", ["python3", "-c", "import sqlite3; c=sqlite3.connect('\(db)'); c.execute(\"\(poison)\"); c.commit()"]).status == 0)
        let open = try box.run("bnc-open", ["--device", device, "--ip", "8.8.4.4", "--server-to-server-identity"], env: env(s.url))
        #expect(open.status == 78 && open.stderr.contains("the randomized_bundle_token kept in the state for device")
            && open.stderr.contains("bnc-open state forget"), "\(open.output)")
        let event = try box.run("bnc-event", ["send", "PURCHASE", "--device", device, "--ip", "8.8.4.4"], env: env(s.url))
        #expect(event.status == 78 && event.stderr.contains("the randomized_device_token bnc-open kept for device"), "\(event.output)")
        #expect(!open.stderr.contains("\u{1B}") && !event.stderr.contains("\u{1B}"))
    }

    /// F3: bnc-api --body sent another app's branch_secret and an unchecked "ip" that a --batch line is refused
    /// for. A body is one line: the same checks, and its "ip" is the IP override.
    @Test func aBodyFilePassesABatchLinesChecks() throws {
        let s = try sandbox()
        let foreign = try box.write("foreign.json", #"{"name":"x","branch_secret":"secret_test_PLACEHOLDER_other","user_data":{"os":"iOS"}}"#)
        let run = try box.run("bnc-api", ["POST", "/v2/event/custom", "--body", foreign], env: env(s.url))
        #expect(run.status == 65 && run.stderr.contains("branch_secret is not this run's secret"), "\(run.output)")
        #expect(!run.stderr.contains("PLACEHOLDER_other"))
        let zoned = try box.write("zoned.json", #"{"name":"x","ip":"fe80::1%eth0","user_data":{"os":"iOS","developer_identity":"u1"}}"#)
        let zone = try box.run("bnc-api", ["POST", "/v2/event/custom", "--body", zoned], env: env(s.url))
        #expect(zone.status == 65 && zone.stderr.contains("ip must not carry an IPv6 zone id"), "\(zone.output)")
        #expect(try s.received().isEmpty)
        let good = try box.write("good.json", #"{"name":"x","ip":"8.8.4.4","user_data":{"os":"iOS","developer_identity":"u1"}}"#)
        let sent = try box.run("bnc-api", ["POST", "/v2/event/custom", "--body", good], env: env(s.url))
        #expect(sent.status == 0, "\(sent.output)")
        let got = try #require(try s.received().last)
        #expect((got["headers"] as? [String: Any])?["x-ip-override"] as? String == "8.8.4.4")
        #expect(!(got["body"] as? String ?? "").contains("8.8.4.4"), "the line's ip is the header, not a body member")
    }

    /// F4: `-H 'X-IP-Override: junk'` skipped --ip's check and was sent. Checked as --ip (64); a header that differs
    /// from --ip is refused, not silently overridden.
    @Test func anIPOverrideHeaderIsCheckedAsTheFlagIs() throws {
        let s = try sandbox()
        let junk = try box.run("bnc-api", ["POST", "/v2/event/custom", "-f", "name=x", "-H", "X-IP-Override: not an ip"], env: env(s.url))
        #expect(junk.status == 64 && junk.stderr.contains("--header X-IP-Override must not contain whitespace"), "\(junk.output)")
        let two = try box.run("bnc-api", ["POST", "/v2/event/custom", "-f", "name=x", "-H", "x-ip-override: 9.9.9.9", "--ip", "8.8.4.4"], env: env(s.url))
        #expect(two.status == 64 && two.stderr.contains("differs from the IP override 8.8.4.4"), "\(two.output)")
        #expect(try s.received().isEmpty)
        let fine = try box.run("bnc-api", ["POST", "/v2/event/custom", "-f", "name=x", "-f", "user_data:={\"os\":\"iOS\",\"developer_identity\":\"u1\"}",
                                           "-H", "X-IP-Override: 8.8.4.4"], env: env(s.url))
        #expect(fine.status == 0, "\(fine.output)")
        let private10 = try box.run("bnc-api", ["POST", "/v2/event/custom", "-f", "name=x", "-H", "X-IP-Override: 10.0.0.1", "--dry-run"], env: env(s.url))
        #expect(private10.status == 0 && private10.stderr.contains("warning: --header X-IP-Override 10.0.0.1 is a private"), "\(private10.output)")
    }

    /// F6: a 2 MB event was refused as --body (1 MiB) and sent as a --batch line (16 MiB). A line is capped as a body
    /// is: it fails alone, unsent, and the lines after it go on.
    @Test func aBatchLineIsCappedAsABodyFileIs() throws {
        let s = try sandbox()
        let big = #"{"name":"PURCHASE","user_data":{"os":"iOS","developer_identity":"u1"},"custom_data":{"pad":""# + String(repeating: "a", count: 2_000_000) + #""},"ip":"8.8.4.4"}"#
        let small = #"{"name":"PURCHASE","user_data":{"os":"iOS","developer_identity":"u1"},"ip":"8.8.4.4"}"#
        let lines = try box.write("ev.ndjson", big + "\n" + small + "\n")
        let run = try box.run("bnc-event", ["send", "--batch", lines, "--output", "ndjson"], env: env(s.url))
        #expect(run.status == 1 && run.stdout.contains("line 1 is longer than 1048576 bytes; not sent"), "\(run.output.prefix(800))")
        #expect(try s.received().filter { ($0["path"] as? String)?.hasPrefix("/v2/event") == true }.count == 1)
    }

    /// F7: a config file that is not UTF-8 or over 1 MiB, or a branch_secret_file over 1 MiB, was 65; a bad config
    /// file is 78, as README's exit statuses say.
    @Test func aBadConfigFileIsAlways78() throws {
        let config = box.root.appendingPathComponent(".config/bnc/config.toml").path
        try FileManager.default.createDirectory(atPath: (config as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let cases: [(Data, String)] = [
            (Data("[profile.a]\nbranch_key=\"key_test_a\"\n".utf8) + Data([0xFF]) + Data("\n".utf8), "not UTF-8"),
            (Data(("# " + String(repeating: "a", count: 1_100_000) + "\n").utf8), "larger than 1048576 bytes"),
            (Data("[profile.a]\nbranch_key=\"key_test_a\"\nbranch_secret_file=\"/dev/zero\"\n".utf8), "larger than 1048576 bytes"),
        ]
        for (text, said) in cases {
            FileManager.default.createFile(atPath: config, contents: text, attributes: [.posixPermissions: 0o600])
            let run = try box.run("bnc-api", ["GET", "/x", "--profile", "a", "--dry-run"])
            #expect(run.status == 78 && run.stderr.contains(said), "\(run.output)")
        }
    }

    /// F8: an empty key was refused from a flag (`--custom '=v'`) and sent from a line (`{"":"v"}`); `--item a=1,a=2`
    /// kept the last value where a line with a repeated key is refused. Both refused now, from every source.
    @Test func emptyAndRepeatedKeysAreRefusedFromEverySource() throws {
        let s = try sandbox()
        let lines = try box.write("ev.ndjson", [
            #"{"name":"PURCHASE","user_data":{"os":"iOS","developer_identity":"u1"},"custom_data":{"":"v"},"ip":"8.8.4.4"}"#,
            #"{"name":"PURCHASE","user_data":{"os":"iOS","developer_identity":"u1"},"content_items":[{"":"v"}],"ip":"8.8.4.4"}"#,
        ].joined(separator: "\n") + "\n")
        let run = try box.run("bnc-event", ["send", "--batch", lines, "--output", "ndjson"], env: env(s.url))
        #expect(run.status == 1 && run.stdout.contains("custom_data has a member whose key is empty")
            && run.stdout.contains("content_items[0] has a member whose key is empty"), "\(run.output)")
        let link = try box.write("links.ndjson", #"{"channel":"qa","data":{"":"v"}}"# + "\n")
        let links = try box.run("bnc-link", ["create", "--batch", link, "--output", "ndjson"], env: env(s.url))
        #expect(links.status == 1 && links.stdout.contains("data has a member whose key is empty"), "\(links.output)")
        #expect(try s.received().isEmpty)
        let base = ["send", "PURCHASE", "--os", "iOS", "--developer-identity", "u1", "--ip", "8.8.4.4"]
        let twice = try box.run("bnc-event", base + ["--item", "a=1,a=2"], env: env(s.url))
        #expect(twice.status == 64 && twice.stderr.contains("--item gives a twice"), "\(twice.output)")
        let custom = try box.run("bnc-event", base + ["--custom", "a=1", "--custom", "a=2"], env: env(s.url))
        #expect(custom.status == 64 && custom.stderr.contains("--custom gives a twice"), "\(custom.output)")
        let field = try box.run("bnc-api", ["POST", "/v1/url", "-f", "a=1", "-f", "a:=2"], env: env(s.url))
        #expect(field.status == 64 && field.stderr.contains("--field gives a twice"), "\(field.output)")
        let param = try box.run("bnc-link", ["create", "--channel", "qa", "--param", "a=1", "--param", "a=2"], env: env(s.url))
        #expect(param.status == 64 && param.stderr.contains("--param gives a twice"), "\(param.output)")
        let user = try box.run("bnc-event", base + ["--user-data", "x=1", "--user-data", "x=2"], env: env(s.url))
        #expect(user.status == 64 && user.stderr.contains("--user-data gives x twice"), "\(user.output)")
        #expect(try s.received().isEmpty)
        let escaped = try box.run("bnc-event", base + ["--item", #"col\=or=blue,note=a\,b"#], env: env(s.url))
        #expect(escaped.status == 0, "\(escaped.output)")
        let body = try #require(try s.received().last?["body"] as? [String: Any])
        let item = (body["content_items"] as? [[String: Any]])?.first
        #expect(item?["col=or"] as? String == "blue" && item?["note"] as? String == "a,b", "\(body)")
    }

    /// F9 and F5: the sandbox took a JSON body naming branch_key twice (one of them used without a word), read a
    /// compressed body as bad JSON, and held every client while it read a body of 400,000 members.
    @Test func theSandboxRefusesRepeatedNamesCompressedBodiesAndHugeCounts() throws {
        let s = try sandbox()
        func post(_ body: String, _ headers: [String] = []) throws -> String {
            let file = try box.write("post.json", body)
            let r = try box.run("/usr/bin/curl", ["-s", "-w", " %{http_code}", "-H", "Content-Type: application/json"] + headers.flatMap { ["-H", $0] }
                                + ["--data-binary", "@" + file, s.url + "/v1/open"])
            return r.stdout
        }
        let twice = try post(#"{"branch_key":"\#(Self.key)","branch_key":"key_live_PLACEHOLDERother","os":"iOS"}"#)
        #expect(twice.hasSuffix(" 400") && twice.contains(#"the member name \"branch_key\" is given twice"#), "\(twice)")
        let escapedTwice = try post(#"{"branch_key":"\#(Self.key)","branch_\u006bey":"key_live_PLACEHOLDERother","os":"iOS"}"#)
        #expect(escapedTwice.hasSuffix(" 400") && escapedTwice.contains("is given twice"), "\(escapedTwice)")
        let gzip = try post("\u{1F}\u{8B}compressed", ["Content-Encoding: gzip"])
        #expect(gzip.hasSuffix(" 415") && gzip.contains("Content-Encoding"), "\(gzip)")
        let huge = "{" + (0..<150_000).map { #""k\#($0)":1"# }.joined(separator: ",") + "}"
        let started = Date()
        let many = try post(huge)
        #expect(many.hasSuffix(" 400") && many.contains("more than 100000 members and elements"), "\(many.prefix(300))")
        #expect(Date().timeIntervalSince(started) < 20)
        let fine = try post(#"{"branch_key":"\#(Self.key)","os":"iOS","os_version":"17.4","app_version":"1.0","model":"iPhone15,2","user_agent":"Mozilla/5.0","idfv":"1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"}"#, ["X-IP-Override: 8.8.4.4"])
        #expect(fine.hasSuffix(" 200"), "\(fine)")
    }

    /// F10: a profile named with an escape sequence reached the terminal through zsh's completion. A profile name
    /// is printable text on one line: the config file is refused (78), the name shown escaped.
    @Test func aProfileNameWithControlsIsRefused() throws {
        try box.write(".config/bnc/config.toml", "[profile.\"x\\u001b]0;PWNED\\u0007\"]\nbranch_key = \"key_test_a\"\n")
        let run = try box.run("bnc-api", ["GET", "/x", "--dry-run"])
        #expect(run.status == 78 && run.stderr.contains("must be printable text on one line"), "\(run.output)")
        #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{07}"))
        let completion = try box.run("bnc-open", ["---completion", "--", "--profile", "2", "0"])
        #expect(!completion.stdout.contains("\u{1B}"), "\(completion.output)")
    }

    /// F11: a credential in an answer that begins with the run's own secret was masked only that far
    /// (`<redacted>DEADBEEF...`). Shapes are masked before known values.
    @Test func aCredentialBeginningWithTheRunsSecretIsMaskedWhole() throws {
        let mine = "secret_test_PLACEHOLDER"
        let answer = #"{"session_id":"1","data":"{\"token\":\"\#(mine)abcDEADBEEF0123456789\"}"}"#
        let server = try LoopbackServer(fallback: .json(200, answer))
        let device = try box.write("dev.json", #"{"os":"iOS","os_version":"17.4","model":"iPhone15,2","app_version":"2.3.0","user_agent":"Mozilla/5.0","idfv":"1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"}"#)
        let run = try box.run("bnc-open", ["--device", device, "--ip", "8.8.4.4", "--no-state", "--output", "json"],
                              env: ["BNC_API_URL": "http://127.0.0.1:\(server.port)", "BRANCH_KEY": Self.key, "BRANCH_SECRET": mine])
        #expect(run.status == 0, "\(run.output)")
        #expect(!run.stdout.contains("DEADBEEF") && run.stdout.contains("<redacted>"), "\(run.stdout)")
    }
}
