// Hostile input and users' files, round 4 (a QA sweep of bnc-app, bnc-export, bnc-link qr and the shared flags):
// paths a run writes to are checked before anything is sent (a job made on Branch's side, or an image made, was
// lost to a bad --dir or --out); one-line values are checked locally; a value with a line feed keeps its whole
// message; JSON numbers past 64 bits are refused in every free-form value; a recording keeps binary answers whole.
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct HostileRound4Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_live_round4000000000000000000000"
    static let secret = "secret_live_PLACEHOLDER_ROUND4"
    static let token = "api_app_PLACEHOLDER_ROUND4"

    func sandbox(quickLinks: Bool = false) throws -> SandboxProcess {
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"\#(Self.secret)","app_id":"444","access_token":"\#(Self.token)","quick_links":\#(quickLinks)}]"#)
        return try SandboxProcess(["--keys", keys])
    }

    func env(_ s: SandboxProcess) -> [String: String] {
        ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret, "BRANCH_ACCESS_TOKEN": Self.token, "BRANCH_APP_ID": "444"]
    }

    static var yesterday: String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withFullDate]
        return f.string(from: Date().addingTimeInterval(-86400))
    }

    /// bnc-export made the job (custom, aggregate) or asked for the day's files, then refused --dir: the job was
    /// left on Branch's side. An empty --dir was exit 74 after sending.
    @Test func exportChecksItsDirectoryBeforeSending() throws {
        let s = try sandbox()
        let file = try box.write("text.txt", "precious text\n")
        let fifo = box.root.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let day = Self.yesterday
        let runs: [([String], Int32)] = [
            (["custom", "--topic", "eo_commerce_event", "--start", "\(day)T00:00:00Z", "--end", "\(day)T12:00:00Z", "--dir", file], 78),
            (["aggregate", "--data-source", "eo_install", "--aggregation", "unique_count", "--dimension", "user_data_os",
              "--start", day, "--end", day, "--dir", fifo], 78),
            (["daily", "--date", day, "--dir", file], 78),
            (["daily", "--date", day, "--dir", ""], 64),
            (["daily", "--date", day, "--dir", file + "/sub"], 78),
        ]
        for (arguments, status) in runs {
            let r = try box.run("bnc-export", arguments, env: env(s))
            #expect(r.status == status, "\(arguments): \(r.output)")
            #expect(r.stderr.contains("--dir"), "\(r.stderr)")
        }
        #expect(try s.received().isEmpty, "nothing is sent before --dir is known to be usable")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "precious text\n")
        // A --dir that is not there yet is made when the files come, as before.
        let fresh = box.root.appendingPathComponent("new/exports").path
        let ok = try box.run("bnc-export", ["daily", "--date", day, "--dir", fresh], env: env(s))
        #expect(ok.status == 0, "\(ok.output)")
    }

    /// bnc-link qr made the link and its image, then could not write --out (a missing directory): exit 74, the
    /// image lost. An empty --out was sent too.
    @Test func qrChecksItsOutputBeforeSending() throws {
        let s = try sandbox(quickLinks: true)
        let file = try box.write("text.txt", "precious text\n")
        for (out, status) in [("missing/x.png", Int32(74)), (file + "/x.png", 74), ("", 64)] {
            let r = try box.run("bnc-link", ["qr", "--channel", "flyer", "--out", out], env: env(s))
            #expect(r.status == status, "\(out): \(r.output)")
            #expect(r.stderr.contains("--out"), "\(r.stderr)")
        }
        #expect(try s.received().isEmpty)
    }

    /// --record kept a QR code's PNG as text: a third of its bytes became U+FFFD. HAR 1.2 keeps binary content as
    /// Base64 with `encoding`.
    @Test func aRecordingKeepsABinaryAnswerWhole() throws {
        let s = try sandbox(quickLinks: true)
        let out = box.root.appendingPathComponent("q.png").path
        let har = box.root.appendingPathComponent("r.har").path
        let r = try box.run("bnc-link", ["qr", "--channel", "flyer", "--out", out, "--record", har], env: env(s))
        #expect(r.status == 0, "\(r.output)")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: har))) as? [String: Any])
        let entries = try #require((log["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let content = try #require(((entries.last?["response"] as? [String: Any])?["content"]) as? [String: Any])
        #expect(content["encoding"] as? String == "base64", "\(content)")
        let text = try #require(content["text"] as? String)
        #expect(Data(base64Encoded: text) == (try Data(contentsOf: URL(fileURLWithPath: out))), "the recorded answer is the image, byte for byte")
        // A JSON answer stays text.
        let json = try box.run("bnc-link", ["create", "--channel", "x", "--record", har], env: env(s))
        #expect(json.status == 0, "\(json.output)")
        let again = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: har))) as? [String: Any])
        let last = try #require(((again["log"] as? [String: Any])?["entries"] as? [[String: Any]])?.last)
        let c = try #require((last["response"] as? [String: Any])?["content"] as? [String: Any])
        #expect(c["encoding"] == nil && (c["text"] as? String)?.hasPrefix("{") == true, "\(c)")
    }

    /// bnc-link --data and a batch line's custom_data took a 30-digit whole number (Branch reads it changed);
    /// bnc-api refused it. Every free-form JSON value follows the one rule now.
    @Test func wholeNumbersPast64BitsAreRefusedInEveryFreeFormValue() throws {
        let s = try sandbox(quickLinks: true)
        let big = "123456789012345678901234567890"
        let data = try box.write("data.json", #"{"a":{"b":[\#(big)]}}"#)
        for arguments in [["create", "--data", data], ["qr", "--data", data, "--out", "q.png"]] {
            let r = try box.run("bnc-link", arguments, env: env(s))
            #expect(r.status == 65, "\(arguments): \(r.output)")
            #expect(r.stderr.contains("data.a.b[0] must be a finite number within 64 bits"), "\(r.stderr)")
        }
        let lines = try box.write("ev.ndjson", #"{"name":"PURCHASE","user_data":{"os":"Android","android_id":"a1"},"custom_data":{"x":\#(big)}}"# + "\n")
        let batch = try box.run("bnc-event", ["send", "--batch", lines], env: env(s))
        #expect(batch.status == 1, "\(batch.output)")
        #expect(batch.stdout.contains("custom_data.x must be a finite number within 64 bits"), "\(batch.stdout)")
        let open = try box.run("bnc-open", ["--os", "Android", "--android-id", "a1", "--ip", "8.8.8.8", "-f", "metadata:={\"n\":\(big)}", "--user-agent", "UA"], env: env(s))
        #expect(open.status == 65, "\(open.output)")
        #expect(open.stderr.contains("metadata.n must be a finite number within 64 bits"), "\(open.stderr)")
        #expect(try s.received().isEmpty)
        // The largest unsigned 64-bit number is within 64 bits.
        let fits = try box.write("fits.json", #"{"a":18446744073709551615}"#)
        #expect(try box.run("bnc-link", ["create", "--data", fits], env: env(s)).status == 0)
    }

    /// A value with a line feed cut the message at it (`error: --topic eo`): the rule was lost. The same unknown
    /// topic was 64 under daily and 65 under custom; both are the command line's now (64).
    @Test func aValueWithALineFeedKeepsItsWholeMessage() throws {
        let s = try sandbox()
        let daily = try box.run("bnc-export", ["daily", "--date", Self.yesterday, "--topic", "eo\ninstall"], env: env(s))
        #expect(daily.status == 64, "\(daily.output)")
        #expect(daily.stderr.contains(#"--topic must be a daily export topic such as eo_install (got eo\x0ainstall)"#), "\(daily.stderr)")
        #expect(daily.stderr.split(separator: "\n").count == 1, "one line: \(daily.stderr)")
        let custom = try box.run("bnc-export", ["custom", "--topic", "eo\ninstall", "--start", "\(Self.yesterday)T00:00:00Z", "--end", "\(Self.yesterday)T01:00:00Z"], env: env(s))
        #expect(custom.status == 64, "\(custom.output)")
        // ArgumentParser's own validation messages keep a line feed in a value too.
        let wait = try box.run("bnc-export", ["custom", "--topic", "eo_install", "--start", "\(Self.yesterday)T00:00:00Z", "--end", "\(Self.yesterday)T01:00:00Z", "--wait", "0"], env: env(s))
        #expect(wait.status == 64, "\(wait.output)")
        #expect(wait.stderr.contains("--wait must be between 0.001 and 86400 seconds"), "--wait 0 was refused as not between 0 and 86400: \(wait.stderr)")
        #expect(try s.received().isEmpty)
    }

    /// --dimension went to Branch empty or with a line feed in it (HTTP 400).
    @Test func dimensionsAreCheckedBeforeSending() throws {
        let s = try sandbox()
        let day = Self.yesterday
        let runs: [[String]] = [
            ["query", "--data-source", "eo_install", "--aggregation", "unique_count", "--dimension", "", "--start", day, "--end", "\(day)T12:00:00Z"],
            ["aggregate", "--data-source", "eo_install", "--aggregation", "unique_count", "--dimension", "a\nb", "--start", day, "--end", day],
            ["cohort", "--data-source", "install_cohort", "--measure", "users", "--dimension", "os name", "--start", day, "--end", day],
        ]
        for arguments in runs {
            let r = try box.run("bnc-export", arguments, env: env(s))
            #expect(r.status == 64, "\(arguments): \(r.output)")
            #expect(r.stderr.contains("--dimension must be a dimension's name"), "\(r.stderr)")
        }
        #expect(try s.received().isEmpty)
    }

    /// Numbers past an option's type lost their rule (`The value ... is invalid`); --api-url with an escape or a
    /// control byte went to libcurl (exit 69, "bad/illegal format").
    @Test func malformedArgumentsAreNamedWithTheirRule() throws {
        let s = try sandbox()
        let limit = try box.run("bnc-export", ["custom", "--topic", "eo_install", "--start", "\(Self.yesterday)T00:00:00Z", "--end", "\(Self.yesterday)T01:00:00Z",
                                               "--limit", "99999999999999999999"], env: env(s))
        #expect(limit.status == 64, "\(limit.output)")
        #expect(limit.stderr.contains("--limit must be a whole number within 64 bits (got 99999999999999999999)"), "\(limit.stderr)")
        for url in ["http://127.0.0.1:1/\u{1B}[31m", "http://127.0.0.1:1/\u{01}"] {
            let r = try box.run("bnc-app", ["get", "--api-url", url], env: env(s))
            #expect(r.status == 64, "\(r.output)")
            #expect(r.stderr.contains("--api-url must not contain control characters"), "\(r.stderr)")
            #expect(!r.stderr.contains("\u{1B}"), "escaped on the terminal")
        }
        #expect(try s.received().isEmpty)
    }

    /// bnc-app: `NAME:='"0"'` (a JSON string) was sent as the number 0; `get ''` sent the GET (with the secret)
    /// before refusing the name; an unknown deepview_configs member said "not sent" and listed nothing.
    @Test func appSettingsAreTypedAndNamedBeforeSending() throws {
        let s = try sandbox()
        let typed = try box.run("bnc-app", ["update", "--set", #"always_open_app:="0""#], env: env(s))
        #expect(typed.status == 65, "\(typed.output)")
        #expect(typed.stderr.contains("always_open_app must be an integer, got string"), "\(typed.stderr)")
        for name in ["", "og title", "a\u{1B}b"] {
            let r = try box.run("bnc-app", ["get", name], env: env(s))
            #expect(r.status == 64, "\(r.output)")
            #expect(r.stderr.contains("is not a setting's name"), "\(r.stderr)")
        }
        let deepview = try box.run("bnc-app", ["update", "--set", #"deepview_configs:={"ios":{"enabeld":true}}"#], env: env(s))
        #expect(deepview.status == 65, "\(deepview.output)")
        #expect(deepview.stderr.contains("deepview_configs.ios.enabeld is not a deepview_configs field (enabled, clipboard_deepview, deepview_audience_id); did you mean enabled?"),
                "\(deepview.stderr)")
        #expect(try s.received().isEmpty)
        // Text for an integer setting is still read as one (NAME=VALUE).
        let text = try box.run("bnc-app", ["update", "--set", "always_open_app=0", "--dry-run"], env: env(s))
        #expect(text.status == 0, "\(text.output)")
    }

    /// DESIGN's shared flags give every tool --explain; bnc-app, bnc-export and bnc-link qr had none ("Unknown
    /// option", exit 64).
    @Test func appExportAndQRExplainTheirRequests() throws {
        let s = try sandbox(quickLinks: true)
        let day = Self.yesterday
        let runs: [(String, [String], [String])] = [
            ("bnc-app", ["get"], ["query branch_secret = <redacted> ← environment BRANCH_SECRET"]),
            ("bnc-app", ["update", "--set", "og_title=Round 4"],
             [#"body.og_title = "Round 4" ← --set og_title"#, #"body.branch_secret = "<redacted>" ← environment BRANCH_SECRET"#]),
            ("bnc-export", ["daily", "--date", day], [#"body.export_date = "\#(day)" ← --date"#]),
            ("bnc-export", ["custom", "--topic", "eo_install", "--start", "\(day)T00:00:00Z", "--end", "\(day)T01:00:00Z"],
             [#"body.report_type = "eo_install" ← --topic"#, "body.limit = 100 ← the default (--limit)", "header Access-Token = <redacted> ← environment BRANCH_ACCESS_TOKEN"]),
            ("bnc-export", ["aggregate", "--data-source", "eo_install", "--aggregation", "unique_count", "--dimension", "user_data_os", "--start", day, "--end", day],
             [#"body.dimensions = ["user_data_os"] ← --dimension"#]),
            ("bnc-link", ["qr", "--channel", "flyer", "--code-color", "#1A2B3C"], [#"body.channel = "flyer" ← --channel"#, "qr_code_settings.code_color"]),
        ]
        for (tool, arguments, said) in runs {
            let r = try box.run(tool, arguments + ["--explain", "--dry-run"], env: env(s))
            #expect(r.status == 0, "\(tool) \(arguments): \(r.output)")
            for line in said { #expect(r.stderr.contains("explain: " + line) || r.stderr.contains(line), "\(tool): \(line) in \(r.stderr)") }
            #expect(!r.output.contains("ROUND4"), "secrets stay masked: \(r.output)")
        }
        // bnc-app update reads the current settings (a GET) to make its diff; nothing else is sent.
        #expect(try s.received().allSatisfy { $0["method"] as? String == "GET" })
        #expect(try box.run("bnc-link", ["qr", "--batch", "x.ndjson", "--out-dir", "d", "--explain"], env: env(s)).status == 64)
    }
}
