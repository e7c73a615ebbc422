// QA round 20's leftovers: bnc-link bulk and bnc-mcp on signals and a full stdout, a TUNE line's 1 MiB bound
// wherever the reads end, a byte order mark before a bulk array, an AdServices token or an iAd payload, and
// `bnc-sandbox --keys <(...)`.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound10Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_test_round10placeholder"

    func env(_ s: SandboxProcess) -> [String: String] {
        box.environment(["BNC_API_URL": s.url, "BRANCH_KEY": Self.key])
    }

    func bulkRequests(_ s: SandboxProcess) throws -> Int {
        try s.received().filter { ($0["path"] as? String)?.hasPrefix("/v1/url/bulk/") == true }.count
    }

    /// A signal while the last (here the only) chunk was on the wire: the chunk's answers were printed, and the run
    /// exited 0 as if nothing had happened. It is 130, saying every item was sent.
    @Test func bulkInterruptedDuringItsLastChunkExits130() throws {
        let s = try SandboxProcess(["--chaos", "latency=1500ms"])
        let input = try box.write("two.ndjson", #"{"channel":"a"}"# + "\n" + #"{"channel":"b"}"# + "\n")
        let run = try BackgroundTool("bnc-link", ["bulk", input], environment: env(s), directory: box.home)
        var waited = 0
        while try bulkRequests(s) == 0 && waited < 200 { usleep(20_000); waited += 1 }  // the chunk is on the wire
        run.signal(SIGINT)
        #expect(run.wait() == 130, "\(run.stderr)")
        #expect(run.outputLines.count == 2, "the chunk's answers are printed")
        #expect(run.stderr.contains("bnc-link: interrupted after the last chunk; every item was sent"), "\(run.stderr)")
    }

    /// stdout full: bnc-link bulk created every link and only then said so, every URL lost. It now stops before
    /// the next chunk, with 74 and which items were not sent.
    @Test func bulkStopsWhenItsResultsCannotBeWritten() throws {
        let s = try SandboxProcess()
        func item(_ n: Int) -> String { #"{"channel":"c\#(n)","data":{"blob":"\#(String(repeating: "x", count: 30_000))"}}"# }
        let input = try box.write("big.ndjson", (1...12).map(item).joined(separator: "\n") + "\n")
        let r = try box.run("/bin/sh", ["-c", "\"$0\" bulk \"$1\" > /dev/full", Executables.path("bnc-link"), input], env: env(s))
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.contains("bnc-link: error: cannot write results to standard output: No space left on device; stopped after 3 of 12 items; items 4 and after were not sent"), "\(r.stderr)")
        #expect(try bulkRequests(s) == 1, "no chunk after the first")
    }

    /// bnc-mcp ended silently with 143 on SIGINT, SIGTERM and SIGHUP; bnc-mcp(1) says 130.
    @Test func mcpSaysInterruptedAndExits130() throws {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            let run = try BackgroundTool("bnc-mcp", ["--http", "0"], environment: box.environment(), directory: box.home)
            var waited = 0
            while !run.stderr.contains("http://") && waited < 300 { usleep(20_000); waited += 1 }
            run.signal(sig)
            #expect(run.wait() == 130, "signal \(sig): \(run.stderr)")
            #expect(run.stderr.hasSuffix("bnc-mcp: interrupted\n"), "signal \(sig): \(run.stderr)")
        }
    }

    /// `bnc-mcp --version` and `--help` to a full or closed stdout exited 0; every other tool exits 74.
    @Test func mcpHelpAndVersionCheckTheirWrite() throws {
        for flag in ["--version", "--help"] {
            for redirect in ["> /dev/full", ">&-"] {
                let r = try box.run("/bin/sh", ["-c", "\"$0\" \"$1\" \(redirect)", Executables.path("bnc-mcp"), flag])
                #expect(r.status == 74, "\(flag) \(redirect): \(r.stderr)")
                #expect(r.stderr.hasPrefix("bnc-mcp: error: cannot write to standard output: "), "\(r.stderr)")
            }
        }
        let ok = try box.run("bnc-mcp", ["--version"])
        #expect(ok.status == 0 && ok.stdout.hasPrefix("bnc-mcp "), "\(ok.stdout)")
    }

    /// A TUNE log line over 1 MiB is skipped and counted wherever the reads end: a 1.1 MB line with its newline
    /// already read was parsed as any other (from a file up to about 1.06 MB, from a pipe up to 1.1 MB).
    @Test func aLogLinesBoundDoesNotDependOnTheReads() throws {
        for (length, skipped) in [(1_048_576, 0), (1_048_577, 1), (1_060_000, 1), (1_100_000, 1)] {
            let line = "https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&x="
            let text = line + String(repeating: "y", count: length - line.utf8.count) + "\nnot a request\n"
            let path = try box.write("long.log", text)
            for (args, stdin) in [(["scan", path], nil as String?), (["scan", "-"], text)] {
                let r = try box.run("bnc-tune", args + ["--output", "json"], stdin: stdin)
                let summary = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
                let counts = summary["summary"] as? [String: Any] ?? summary
                #expect(counts["long_lines_skipped"] as? Int == skipped, "\(length) bytes, \(args): \(counts)")
                #expect(counts["lines"] as? Int == 2 - skipped, "\(length) bytes, \(args): \(counts)")
            }
        }
    }

    /// A byte order mark (Windows editors write one) before a bulk array, an AdServices token or an iAd payload
    /// was refused, while every other input accepted it.
    @Test func aByteOrderMarkIsNotPartOfTheText() throws {
        let s = try SandboxProcess()
        let bulk = try box.write("bulk.json", "\u{FEFF}[{\"channel\":\"a\"},{\"channel\":\"b\"}]")
        let created = try box.run("bnc-link", ["bulk", bulk], env: env(s))
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.split(separator: "\n").count == 2 && !created.stdout.contains("\"ok\":false"), "\(created.stdout)")

        let token = Data((0..<96).map { UInt8($0) }).base64EncodedString()
        let lookup = try box.run("bnc-asa", ["lookup", "-", "--dry-run"], stdin: "\u{FEFF}" + token + "\n")
        #expect(lookup.status == 0, "\(lookup.stderr)")
        #expect(!lookup.stdout.contains(token), "the token is a secret, shown only with --show-secrets")

        let payload = #"{"Version3.1":{"iad-attribution":"true","iad-campaign-id":"15292426"}}"#
        let decoded = try box.run("bnc-asa", ["decode-iad", "-", "--output", "json"], stdin: "\u{FEFF}" + payload + "\n")
        #expect(decoded.status == 0 && decoded.stdout.contains("15292426"), "\(decoded.stderr)")
        let file = try box.write("iad.json", "\u{FEFF}" + payload)
        let encoded = try box.run("bnc-asa", ["encode-iad", file])
        let plain = try box.run("bnc-asa", ["encode-iad", "-"], stdin: payload)
        #expect(encoded.status == 0 && encoded.stdout == plain.stdout, "\(encoded.stderr)")
    }

    /// `bnc-sandbox --keys <(...)`: the descriptor was closed (with every inherited one) before the keys were read.
    /// Now read first, in the foreground and with --detach (whose background sandbox gets them on its stdin).
    @Test func sandboxKeysFromAnInheritedDescriptor() throws {
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"secret_test_round10placeholder","app_id":"123456789"}]"#)
        func accepted(_ url: String, key: String) throws -> Bool {
            try box.run("bnc-event", ["send", "PURCHASE", "--developer-identity", "u1", "--api-url", url],
                        env: ["BRANCH_KEY": key]).status == 0
        }
        let foreground = try BackgroundTool("/bin/bash", ["-c", "exec \"$0\" --port 0 --keys <(cat \"$1\")", Executables.path("bnc-sandbox"), keys],
                                            environment: box.environment(), directory: box.home)
        #expect(foreground.waitForLines(1, timeout: 30), "\(foreground.stderr)")
        let url = try #require(foreground.outputLines.first?.replacingOccurrences(of: "listening on ", with: ""))
        #expect(try accepted(url, key: Self.key))
        #expect(try !accepted(url, key: "key_test_notinthekeysfile"), "only the keys file's key is accepted")
        foreground.signal(SIGTERM)
        #expect(foreground.wait() == 0)

        let detached = try box.run("/bin/bash", ["-c", "\"$0\" --detach --port 0 --keys <(cat \"$1\")", Executables.path("bnc-sandbox"), keys])
        #expect(detached.status == 0, "\(detached.stderr)")
        let background = detached.stdout.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "listening on ", with: "")
        defer { _ = try? box.run("bnc-sandbox", ["stop"]) }
        #expect(try accepted(background, key: Self.key), "\(detached.stdout)")
        #expect(try !accepted(background, key: "key_test_notinthekeysfile"))
        _ = try box.run("bnc-sandbox", ["stop"])

        // A regular file too is read once, by the command, and its bytes handed on: the background sandbox reads
        // its stdin (`--keys -`), not the file again (which could have changed between the two reads).
        let pidFile = box.root.appendingPathComponent("pid").path
        let fromFile = try box.run("bnc-sandbox", ["--detach", "--port", "0", "--keys", keys, "--pid-file", pidFile])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let fileURL = fromFile.stdout.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "listening on ", with: "")
        #expect(try accepted(fileURL, key: Self.key) && !accepted(fileURL, key: "key_test_notinthekeysfile"))
        let pid = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let cmdline = try String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8).split(separator: "\0").map(String.init)
        #expect(cmdline.contains("-") && !cmdline.contains(keys), "\(cmdline)")
        _ = try box.run("bnc-sandbox", ["stop", "--pid-file", pidFile])
    }

    /// A config path that is a link to nothing (a loop, a moved target) was taken for no config: the profile's
    /// api_url dropped without a word, bnc doctor saying ok. A FIFO at the path hung every tool, doctor too.
    /// (QA round 21.)
    @Test func aConfigLinkToNothingOrAFIFOIsAConfigurationError() throws {
        try FileManager.default.createDirectory(atPath: box.configDir, withIntermediateDirectories: true)
        let path = box.configDir + "/config.toml"
        #expect(symlink("config.toml", path) == 0)
        let env = ["BRANCH_KEY": Self.key]
        let looped = try box.run("bnc-event", ["send", "PURCHASE", "--dry-run"], env: env)
        #expect(looped.status == 78, "\(looped.output)")
        #expect(looped.stderr.contains("config file \(path) is a symbolic link to nothing: Too many levels of symbolic links"), "\(looped.stderr)")
        let doctor = try box.run("bnc-doctor", ["--offline", "--output", "table"])
        #expect(doctor.status == 78 && doctor.stdout.contains("config file  fail"), "\(doctor.output)")

        // Refused (a secret in a file others may read): doctor asked Branch's and Apple's real hosts instead of the
        // address the profile named.
        #expect(unlink(path) == 0)
        _ = try box.write(".config/bnc/config.toml", "default_profile = \"p\"\n[profile.p]\nbranch_key = \"\(Self.key)\"\nbranch_secret = \"secret_test_PLACEHOLDER_round10\"\napi_url = \"http://127.0.0.1:9\"\n", mode: 0o644)
        let refused = try box.run("bnc-doctor", ["--output", "table", "--timeout", "2"])
        #expect(refused.status == 78 && refused.stdout.contains("upstream     skip    none asked: the config file was refused"), "\(refused.output)")
        #expect(!refused.stdout.contains("upstream branch") && !refused.stdout.contains("branch.io"), "\(refused.stdout)")
        #expect(unlink(path) == 0 && mkfifo(path, 0o600) == 0)
        let started = Date()
        let fifo = try box.run("bnc-event", ["send", "PURCHASE", "--dry-run"], env: env)
        #expect(fifo.status == 78 && fifo.stderr.contains("is not a regular file, and nothing came to read from it in 5 s"), "\(fifo.output)")
        #expect(Date().timeIntervalSince(started) < 30, "it waited for a writer that never came")
        #expect(unlink(path) == 0)

        // A config from a pipe is read once: bnc doctor found its profile, then its credentials check found it empty.
        let config = try box.write("piped.toml", "[profile.p]\nbranch_key = \"\(Self.key)\"\n")
        let piped = try box.run("/bin/bash", ["-c", "BNC_CONFIG=<(cat \"$1\") \"$0\" --offline --profile p --output table", Executables.path("bnc-doctor"), config])
        #expect(piped.stdout.contains("branch key     ok      \(Self.key), test (from profile p)"), "\(piped.output)")
        #expect(!piped.stdout.contains("fail"), "\(piped.stdout)")
    }

    /// One answer's --jq results stream: `repeat(1)` into `head -2` ends at once, `range(200000)` prints its lines.
    /// They were held until jq finished: nothing printed, gigabytes of memory (QA round 21).
    @Test func oneAnswersJQResultsStream() throws {
        let s = try SandboxProcess()
        let head = try box.run("/bin/bash", ["-c", "\"$0\" create --channel a --jq 'repeat(1)' | head -2; exit ${PIPESTATUS[0]}", Executables.path("bnc-link")], env: env(s))
        #expect(head.status == 0 && head.stdout == "1\n1\n", "\(head.output)")
        let many = try box.run("bnc-link", ["create", "--channel", "a", "--jq", "range(200000)"], env: env(s))
        #expect(many.status == 0 && many.stdout.split(separator: "\n").count == 200_000, "\(many.stderr)")
    }

    /// A replayed recording with part of a value redacted (a browser's HAR: `Bearer <redacted>`, a cookie, a form's
    /// branch_secret, JSON sent as text/plain) was sent as it stood; bnc-api(1): anything redacted that bnc does
    /// not fill is refused, nothing sent. (QA round 21.)
    @Test(arguments: [
        (#"{"name":"Authorization","value":"Bearer <redacted>"}"#, "", "", "header Authorization holds a value redacted in the recording"),
        (#"{"name":"Cookie","value":"sess=<redacted>"}"#, "", "", "header Cookie holds a value redacted in the recording"),
        (#"{"name":"X-A","value":"a"}"#, "text/plain", #"{"branch_secret":"<redacted>","x":1}"#, "its body holds a value redacted in the recording"),
        (#"{"name":"X-A","value":"a"}"#, "application/json", #"{"note":"Bearer <redacted>"}"#, "body field note was redacted in the recording"),
    ])
    func aPartlyRedactedRecordingIsRefused(_ header: String, _ mime: String, _ body: String, _ rule: String) throws {
        let s = try SandboxProcess()
        let text = body.replacingOccurrences(of: "\"", with: "\\\"")  // as a JSON string
        let post = mime.isEmpty ? "" : #","postData":{"mimeType":"\#(mime)","text":"\#(text)"}"#
        let entry = #"{"request":{"method":"POST","url":"https://api2.branch.io/v2/event/custom","headers":[\#(header)]\#(post)},"response":{"status":200}}"#
        let har = try box.write("r.har", #"{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[\#(entry)]}}"#)
        let r = try box.run("bnc-api", ["--replay", har, "--api-url", s.url], env: ["BRANCH_KEY": Self.key])
        #expect(r.status == 65 && r.stderr.contains("entry 1: \(rule)"), "\(r.stderr)")
        #expect(try s.received().isEmpty, "nothing sent")
    }

    /// A form body's redacted branch_secret is filled as a query's is, and the form keeps its Content-Type (it was
    /// sent as text/plain).
    @Test func aReplayedFormIsFilledAndKeepsItsType() throws {
        let s = try SandboxProcess()
        let entry = #"{"request":{"method":"POST","url":"https://api2.branch.io/v1/url","headers":[],"postData":{"mimeType":"application/x-www-form-urlencoded","text":"branch_key=\#(Self.key)&branch_secret=<redacted>&x=1"}},"response":{"status":200}}"#
        let har = try box.write("f.har", #"{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[\#(entry)]}}"#)
        let r = try box.run("bnc-api", ["--replay", har, "--api-url", s.url, "--with-secret"], env: ["BRANCH_KEY": Self.key, "BRANCH_SECRET": "secret_test_PLACEHOLDER_round10"])
        let sent = try #require(try s.received().first, "\(r.output)")
        let headers = sent["headers"] as? [String: Any] ?? [:]
        #expect((headers["content-type"] as? String)?.hasPrefix("application/x-www-form-urlencoded") == true, "\(headers)")
        #expect(!r.stderr.contains("redacted in the recording"), "\(r.stderr)")
    }

    /// `bnc --list` named the build directory's bnc-multicall a plugin, and `bnc multicall` only ever failed.
    @Test func theMultiCallBinaryIsNoPlugin() throws {
        guard FileManager.default.isExecutableFile(atPath: Executables.path("bnc-multicall")) else { return }
        let list = try box.run("bnc", ["--list"])
        #expect(list.status == 0 && !list.output.contains("multicall"), "\(list.output)")
    }

    /// An answer that opens as JSON and breaks its rules (a member twice) was "not JSON: a proxy or captive portal
    /// may be in the way": it now says what is wrong with it (still 76).
    @Test func brokenJSONIsNamedAsSuch() throws {
        let server = try LoopbackServer(fallback: .json(200, #"{"app_name":"a","app_name":"b"}"#))
        let r = try box.run("bnc-api", ["GET", "/v1/app/\(Self.key)", "--api-url", "http://127.0.0.1:\(server.port)"], env: ["BRANCH_KEY": Self.key])
        #expect(r.status == 76 && r.stderr.contains("answered HTTP 200 with JSON that could not be read: invalid JSON at byte"), "\(r.stderr)")
        #expect(!r.stderr.contains("captive portal"), "\(r.stderr)")
    }

    /// POST /v1/event, the legacy event of Android 5.0–5.6, iOS up to 2.2 and the Web SDK up to 2.71 (track(), as a
    /// form with flattened metadata), was a 404: every such event was lost (QA round 22). The JSON shapes are in
    /// the corpus (android/event-5.6.4, ios/event-2.2.2); an event name is required.
    @Test func theLegacyEventIsAnswered() throws {
        let s = try SandboxProcess()
        func post(_ type: String, _ body: String) throws -> (status: String, body: String) {
            let r = try box.run("/usr/bin/curl", ["-s", "-w", "\n%{http_code}", "-H", "Content-Type: \(type)", "--data-binary", body, s.url + "/v1/event"])
            let parts = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            return (String(parts.last ?? ""), parts.dropLast().joined(separator: "\n"))
        }
        let form = try post("application/x-www-form-urlencoded",
                            "event=signup&metadata.url=https%3A%2F%2Fexample.com%2F&metadata.user_agent=Mozilla&browser_fingerprint_id=79336952217731267&identity_id=79336952217731267&session_id=79336952217731268&sdk=web2.71.0&branch_key=\(Self.key)")
        #expect(form.status == "200" && form.body == "{}", "\(form)")
        let nameless = try post("application/json", #"{"branch_key":"\#(Self.key)","session_id":"1"}"#)
        #expect(nameless.status == "400" && nameless.body.contains("event is required"), "\(nameless)")
        let badKey = try post("application/json", #"{"branch_key":"not-a-key","event":"x"}"#)
        #expect(badKey.status == "400", "\(badKey)")
    }

    /// bnc-sandbox(1) says what a stop by signal gives (0: a server asked to stop has done what it was asked),
    /// as the sandbox does; it listed 130.
    @Test func theSandboxsPageSaysHowASignalEndsIt() throws {
        let page = try String(contentsOfFile: ManPageTests.man + "/bnc-sandbox.1", encoding: .utf8)
        #expect(page.contains(".It 0\nSuccess; also the server stopped by SIGINT, SIGTERM or SIGHUP"), "bnc-sandbox(1) EXIT STATUS")
        let s = try SandboxProcess()
        #expect(s.stop() == 0)
    }
}
