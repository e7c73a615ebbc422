// QA round 25b's findings left for the twenty-fourth session, end to end against `bnc-sandbox --port 0`:
// bnc-api --raw keeps a binary answer's bytes, and the other items of the round fixed with it.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound14Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_test_round14", secret = "secret_test_round14"

    func sandbox(_ extra: [String] = []) throws -> SandboxProcess {
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"\#(Self.secret)","quick_links":true}]"#)
        return try SandboxProcess(["--keys", keys] + extra)
    }

    /// F14: `bnc-api --raw` wrote a QR code's PNG as text, every byte past 0x7F made U+FFFD. To a file it is now
    /// the bytes served (a whole PNG, as curl's is, and a QR code zbarimg reads); a terminal gets a note, not the bytes.
    @Test func rawWritesABinaryAnswerByteForByte() throws {
        let s = try sandbox()
        let body = #"{"branch_key":"\#(Self.key)","data":{"$canonical_url":"https://a.example/x"}}"#
        let viaCurl = try box.run("/bin/sh", ["-c", "curl -s -X POST \(s.url)/v2/qr-code -H 'Content-Type: application/json' -d '\(body)' > curl.png"])
        #expect(viaCurl.status == 0)
        let bnc = Executables.path("bnc-api")
        try body.write(toFile: box.root.appendingPathComponent("body.json").path, atomically: true, encoding: .utf8)
        let again = try box.run("/bin/sh", ["-c", "'\(bnc)' --api-url \(s.url) POST /v2/qr-code --body body.json --raw > bnc.png"],
                                env: ["BRANCH_KEY": Self.key])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.output)")
        let png = try Data(contentsOf: box.root.appendingPathComponent("bnc.png"))
        let reference = try Data(contentsOf: box.root.appendingPathComponent("curl.png"))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG signature, not U+FFFD")
        // Each request makes its own link, so the images differ; both end with the PNG's IEND chunk, whole.
        let iend = Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        #expect(png.suffix(8) == iend && reference.suffix(8) == iend, "\(png.count) bytes, curl's \(reference.count)")
        let decoded = try box.run("/usr/bin/zbarimg", ["--quiet", "--raw", "--nodbus", box.root.appendingPathComponent("bnc.png").path])
        #expect(decoded.status == 0 && decoded.stdout.hasPrefix(s.url + "/"), "\(decoded.output)")

        let onTerminal = try box.runOnTerminal("bnc-api", ["--api-url", s.url, "POST", "/v2/qr-code", "--body", "body.json", "--raw"],
                                               env: ["BRANCH_KEY": Self.key], stdoutOnTerminal: true)
        #expect(onTerminal.status == 0, "\(onTerminal.terminal)")
        #expect(onTerminal.terminal.contains("is binary") && onTerminal.terminal.contains("image/png") && !onTerminal.terminal.contains("PNG"),
                "\(onTerminal.terminal.prefix(300))")
    }

    static let today: String = {
        var t = time(nil)
        var parts = tm()
        gmtime_r(&t, &parts)
        return String(format: "%04d-%02d-%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday)
    }()

    /// F17: a daily export's file URL beginning `http://127.0.0.1` skipped the URL check: a CR/LF, an escape
    /// sequence or a user name (`127.0.0.1@evil.example`) passed, and libcurl's refusal came out as exit 69. Every
    /// URL passes one rule: an answer that could not be read (76), nothing downloaded.
    @Test(arguments: [#"/f.csv.gz\r\nX-Inj: 1"#, #"/f\u001b]0;pwn\u0007.csv.gz"#, "@evil.example/f.csv.gz", ".evil.example /f.csv.gz"])
    func aLoopbackFileURLPassesTheSameCheck(_ tail: String) throws {
        let store = try LoopbackServer(script: [.respond(status: 200, headers: [("Content-Type", "application/gzip")], body: "x")])
        let api = try LoopbackServer(script: [.json(200, #"{"eo_install":["\#(store.baseURL)\#(tail)"]}"#)])
        let run = try box.run("bnc-export", ["daily", "--date", Self.today, "--dir", box.root.appendingPathComponent("exports").path],
                              env: ["BNC_API_URL": api.baseURL, "BRANCH_KEY": "key_live_PLACEHOLDER", "BRANCH_SECRET": "secret_live_PLACEHOLDER"])
        #expect(run.status == 76 && run.stderr.contains("the daily export's eo_install holds something that is not a file URL"), "\(run.output)")
        #expect(store.received.isEmpty, "nothing downloaded")
    }

    /// F17: the number of files an answer lists is bounded (10,000 a run): 3,000 URLs were 3,000 downloads of
    /// whatever a server named.
    @Test func aDailyAnswerListingTooManyFilesIsRefused() throws {
        let urls = (0...10_000).map { "\"https://files.example/eo_open-\($0).csv.gz\"" }.joined(separator: ",")
        let api = try LoopbackServer(script: [.json(200, #"{"eo_open":[\#(urls)]}"#)])
        let run = try box.run("bnc-export", ["daily", "--date", Self.today, "--dir", box.root.appendingPathComponent("exports").path],
                              env: ["BNC_API_URL": api.baseURL, "BRANCH_KEY": "key_live_PLACEHOLDER", "BRANCH_SECRET": "secret_live_PLACEHOLDER"])
        #expect(run.status == 76 && run.stderr.contains("lists more than 10000 files"), "\(run.output)")
        #expect(run.stderr.contains("--topic"), "the hint names the way out: \(run.stderr)")
    }

    /// F18: --keys took a key twice (both secrets authenticated it, the second's domain ignored), an app id with
    /// CR/LF and escape codes (served as the app's `id`), and an IP address as a link domain. Each is exit 78
    /// naming the entry's field, and the sandbox does not start.
    @Test(arguments: [
        (#"[{"branch_key":"key_live_aaaa1111","branch_secret":"secret_live_PLACEHOLDER_a"},{"branch_key":"key_live_aaaa1111","branch_secret":"secret_live_PLACEHOLDER_b"}]"#,
         "[1].branch_key is entry [0]'s too"),
        (#"[{"branch_key":"key_live_aaaa1111","branch_secret":"secret_live_PLACEHOLDER_a","app_id":"1\r\n\u001b]0;pwn\u0007"}]"#,
         "[0].app_id must be the app's numeric id"),
        (#"[{"branch_key":"key_live_aaaa1111","branch_secret":"secret_live_PLACEHOLDER_a","app_id":42}]"#, "[0].app_id must be the app's numeric id"),
        (#"[{"branch_key":"key_live_aaaa1111","branch_secret":"secret_live_PLACEHOLDER_a","link_domain":"127.0.0.1"}]"#, "[0].link_domain must be a host name"),
        (#"[{"branch_key":"key_live_aaaa1111","branch_secret":"secret_live_PLACEHOLDER_a","link_domain":"-a..localhost"}]"#, "[0].link_domain must be a host name"),
        (#"[{"branch_key":"key_live_aaaa1111","branch_secret":"secret_live_PLACEHOLDER_a","link_domain":"a.localhost"},{"branch_key":"key_test_b","branch_secret":"secret_test_b","link_domain":"A.localhost"}]"#,
         "[1].link_domain is entry [0]'s too"),
        (#"[{"branch_key":"key_live_aaaa1111","branch_secret":"secret_live_PLACEHOLDER_a","access_token":"api_app_x y"}]"#, "[0].access_token must be 1 to 256 printable"),
        (#"[{"branch_key":"key_live_aaaa1111","branch_secret":"secret_live_PLACEHOLDER_a","quick_links":"yes"}]"#, "[0].quick_links must be true or false"),
        (#"["key_live_aaaa1111"]"#, "[0] must be an object"),
    ])
    func aKeysFileIsCheckedEntryByEntry(_ keys: String, _ said: String) throws {
        let path = try box.write("keys.json", keys)
        let run = try box.run("bnc-sandbox", ["--port", "0", "--keys", path])
        #expect(run.status == 78, "\(run.output)")
        #expect(run.stderr.contains(said), "\(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\r"), "nothing of the file's bytes reaches the terminal raw")
    }

    /// F22: bnc doctor's fix for a journal path put it between single quotes as it was: a directory named
    /// `q'$(touch PWNED)'.db` made a fix that, pasted, ran the command. Every path in a fix is quoted for a shell,
    /// and the journals' size and age are the files' own, not what a link names.
    @Test func doctorsFixesAreSafeToPaste() throws {
        let journals = box.root.appendingPathComponent(".local/state/bnc/journals").path
        let hostile = journals + "/q'$(touch PWNED)'.db"
        try FileManager.default.createDirectory(atPath: hostile, withIntermediateDirectories: true)
        let elsewhere = try box.write("elsewhere.txt", "not a journal")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_500_000_000)], ofItemAtPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: journals + "/old.db", withDestinationPath: elsewhere)
        let run = try box.run("bnc-doctor", ["--offline", "--output", "json"], env: ["BRANCH_KEY": Self.key])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.output)")
        let list = try #require(report["checks"] as? [[String: String]])
        let fix = try #require(list.first { ($0["check"] ?? "").hasPrefix("journal q") }?["fix"], "\(list)")
        let command = String(try #require(fix.range(of: "mv ").map { fix[$0.lowerBound...] }, "\(fix)"))
        let pasted = try box.run("/bin/sh", ["-c", command])
        #expect(pasted.status == 0, "\(command): \(pasted.output)")
        #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("PWNED").path), "pasting \(command) ran a command")
        #expect(!FileManager.default.fileExists(atPath: hostile) && FileManager.default.fileExists(atPath: hostile + ".not-bnc")
                || FileManager.default.fileExists(atPath: hostile + ".damaged"), "the fix moved the directory: \(command)")
        let summary = list.first { $0["check"] == "journals" }?["detail"] ?? ""
        #expect(!summary.contains("days old"), "a link's target is not a journal: \(summary)")
        let removal = list.first { $0["check"] == "journals" }?["fix"] ?? ""
        #expect(removal.contains("rm ") && removal.hasSuffix("/*.db"), "\(removal)")
    }

    /// F19: a start that fails says so with the same exit status detached or not (a --state file of another kind
    /// was 69 with --detach, 78 without); a keys file too large is a bad keys file (78, it was 65); a SKU too long
    /// is "too long", not "required".
    @Test func exitStatusesAgreeAndMessagesSayWhy() throws {
        let notes = try box.write("notes.txt", "my notes\n")
        let foreground = try box.run("bnc-sandbox", ["--port", "0", "--state", notes])
        let detached = try box.run("bnc-sandbox", ["--port", "0", "--state", notes, "--detach", "--pid-file", box.root.appendingPathComponent("s.pid").path,
                                                   "--log-file", box.root.appendingPathComponent("s.log").path])
        #expect(foreground.status == 78, "\(foreground.output)")
        #expect(detached.status == 78 && detached.stderr.contains("did not start") && detached.stderr.contains("SQLite"), "\(detached.output)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes\n")
        let zero = try box.run("bnc-sandbox", ["--port", "0", "--keys", "/dev/zero"])
        #expect(zero.status == 78 && zero.stderr.contains("larger than"), "\(zero.output)")
        let missing = try box.run("bnc-sandbox", ["--port", "0", "--keys", box.root.appendingPathComponent("none.json").path])
        #expect(missing.status == 66, "\(missing.output)")
        let s = try sandbox()
        let sku = try box.run("/usr/bin/curl", ["-s", s.url + "/v1/subscription/status?branch_key=\(Self.key)&SKU=" + String(repeating: "S", count: 65)])
        #expect(sku.stdout.contains("SKU must be at most 64 characters"), "\(sku.stdout)")
        let none = try box.run("/usr/bin/curl", ["-s", s.url + "/v1/subscription/status?branch_key=\(Self.key)"])
        #expect(none.stdout.contains("SKU is required"), "\(none.stdout)")
    }

    /// QA round 26a F1: a logged URL ending in many `)` took quadratic time (each one dropped counted the URL's
    /// parentheses again): 40,000 took 219 s, a 1 MiB line days. 500,000 now take a moment.
    @Test func aLineOfParenthesesIsScannedInLinearTime() throws {
        let log = try box.write("paren.log", "see http://877.engine.mobileapptracking.com/serve?action=session&advertiser_id=877&x=" + String(repeating: ")", count: 500_000) + "\n")
        let started = Date()
        let run = try box.run("/usr/bin/timeout", ["60", Executables.path("bnc-tune"), "scan", log, "--output", "json"])
        #expect(run.status == 1 && run.stdout.contains("\"requests\": 1"), "\(run.status) \(run.stderr.suffix(300))")
        #expect(Date().timeIntervalSince(started) < 30, "it took \(Date().timeIntervalSince(started)) s")
    }

    /// QA round 26a F2: a credential logged as advertiser_id or site_id was masked in a case's name but not in its
    /// group, the JSON summary's advertisers and apps, the HTML tables and chart, or JUnit's class name.
    @Test func aCredentialLoggedAsAnIdIsMaskedInEveryReport() throws {
        let secret = "secret_live_" + "PLACEHOLDER_advertiser", token = "api_app_" + "PLACEHOLDER_site_token"
        let log = try box.write("sec.log", #"1.2.3.4 - - [10/Oct/2022:13:55:36 -0700] "GET /serve?action=session&advertiser_id="# + secret
                                + "&site_id=" + token + #"&package_name=com.x&google_aid=38400000-8cf0-11bd-b23e-10b96e40000d HTTP/1.1" 200 2326 "-" "ua""# + "\n")
        let dir = box.root.path
        let run = try box.run("bnc-tune", ["scan", log, "--report", dir + "/s.xml", "--html", dir + "/s.html", "--junit", dir + "/s.junit", "--output", "json"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(!run.stdout.contains(secret) && !run.stdout.contains(token) && run.stdout.contains("<redacted>"), "\(run.stdout)")
        for file in ["s.xml", "s.html", "s.junit"] {
            let text = try String(contentsOfFile: dir + "/" + file, encoding: .utf8)
            #expect(!text.contains(secret) && !text.contains(token), "\(file) holds a secret")
        }
    }

    /// QA round 26a F4: JSON on a terminal printed a bidi control raw (JSON allows it): a server's U+202E in
    /// `bnc-link read --output json`, a body file's in `bnc-api --dry-run`. It is escaped as JSON's \u202e there;
    /// a pipe gets the bytes.
    @Test func jsonOnATerminalEscapesBidiControls() throws {
        let s = try sandbox()
        let created = try box.run("/usr/bin/curl", ["-s", "-X", "POST", s.url + "/v1/url", "-H", "Content-Type: application/json", "-d",
                                                    #"{"branch_key":"\#(Self.key)","alias":"bidi","data":{"name":"\u202eexe.txt"}}"#])
        #expect(created.stdout.contains("/bidi"), "\(created.output)")
        let env = ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret]
        let read = try box.runOnTerminal("bnc-link", ["read", s.url + "/bidi", "--output", "json"], env: env, stdoutOnTerminal: true)
        #expect(read.status == 0 && !read.terminal.contains("\u{202E}") && read.terminal.contains("\\u202eexe.txt"), "\(read.terminal)")
        let body = try box.write("b.json", #"{"name":"\u202eexe.txt"}"#)
        let dry = try box.runOnTerminal("bnc-api", ["--api-url", s.url, "POST", "/v2/event/custom", "--body", body, "--dry-run", "--output", "json"],
                                        env: ["BRANCH_KEY": Self.key], stdoutOnTerminal: true)
        #expect(!dry.terminal.contains("\u{202E}") && dry.terminal.contains("\\u202e"), "\(dry.terminal)")
        let piped = try box.run("bnc-link", ["read", s.url + "/bidi", "--output", "json"], env: env)
        #expect(piped.stdout.contains("\u{202E}exe.txt"), "a pipe gets the JSON as it is: \(piped.stdout)")
    }
}
