// Faults from outside: batch lines as hostile as flags, inputs that can be read once, a journal two runs want,
// a captive portal's 200, an endless answer, escape sequences from the server, and secrets in every output.
import Foundation
import Testing
import TestSupport

@Suite struct FaultTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let secret = "secret_test_fault7781"
    func env(_ url: String) -> [String: String] {
        ["BNC_API_URL": url, "BRANCH_KEY": "key_test_fault", "BRANCH_SECRET": Self.secret]
    }

    func results(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test func batchLinesPassTheSameChecksAsSingleRequests() throws {
        let s = try SandboxProcess()
        let open = #"{"os":"Android","os_version":"14","model":"Pixel","app_version":"1","user_agent":"UA","hardware_id":"a1","is_hardware_id_real":true,"ip":"8.8.4.4"}"#
        let lines = [
            open,
            open.replacingOccurrences(of: #""os":"Android""#, with: #""os":"Windows""#),
            open.replacingOccurrences(of: #""os_version":"14""#, with: #""os_version":"  ""#),
            open.replacingOccurrences(of: #""user_agent":"UA""#, with: #""user_agent":"UA\r\nX-Injected: 1""#),
            open.replacingOccurrences(of: #""model":"Pixel""#, with: #""model":"Pi\u0000xel""#),
            open.replacingOccurrences(of: #""ip":"8.8.4.4""#, with: #""ip":"999.1.1.1""#),
            open.replacingOccurrences(of: #""hardware_id":"a1""#, with: #""hardware_id":"a1","screen_width":1e400"#),
            "[1]",
        ]
        let r = try box.run("bnc-open", ["--batch", "-", "--no-state"], env: env(s.url), stdin: lines.joined(separator: "\n") + "\n")
        #expect(r.status == 1, "\(r.stderr)")
        let out = try results(r.stdout)
        #expect(out.count == lines.count)
        #expect(out.map { $0["ok"] as? Bool } == [true] + Array(repeating: false, count: lines.count - 1))
        let errors = out.dropFirst().map { $0["error"] as? String ?? "" }
        for (error, expected) in zip(errors, ["os must be iOS or Android", "os_version must not be blank", "user_agent must not contain line breaks",
                                              "model must not contain NUL", "ip is not an IPv4", "screen_width must be a whole number",
                                              "line 8 is not a JSON object"]) {
            #expect(error.hasPrefix(expected) || error.contains(expected), "\(error)")
        }
        #expect(try s.received().count == 1, "only the good line reached the sandbox")

        let events = [#"{"name":"LOGIN","user_data":{"developer_identity":"u1","user_agent":"UA"}}"#,
                      #"{"name":"LOGIN","user_data":{"developer_identity":"u1","user_agent":"UA","ip":"999.1.1.1"}}"#,
                      #"{"name":"LOG\u0000IN","user_data":{"developer_identity":"u1","user_agent":"UA"}}"#,
                      #"{"name":"PURCHASE","user_data":{"developer_identity":"u1","user_agent":"UA"},"event_data":{"revenue":1e400}}"#,
                      #"{"name":"PURCHASE","user_data":{"developer_identity":"u1","user_agent":"UA"},"branch_secret":"\#(Self.secret)","event_data":{"revenue":1}}"#]
        let e = try box.run("bnc-event", ["send", "--batch", "-", "--strict"], env: env(s.url), stdin: events.joined(separator: "\n"))
        #expect(e.status == 1)
        let eout = try results(e.stdout)
        #expect(eout.map { $0["ok"] as? Bool } == [true, false, false, false, false])
        #expect((eout[1]["error"] as? String)?.hasPrefix("user_data.ip must be an IPv4 or IPv6 address") == true)
        #expect((eout[2]["error"] as? String)?.hasPrefix("name must not contain NUL") == true)
        #expect((eout[3]["error"] as? String)?.hasPrefix("event_data.revenue must be a finite number") == true)
        #expect((eout[4]["error"] as? String)?.hasPrefix("branch_secret is not a v2 event field") == true, "--strict fails a line with a warning")
        #expect(try s.received().count == 2)
    }

    @Test func processSubstitutionAndFIFOsAreReadOnce() throws {
        let s = try SandboxProcess()
        let tool = Executables.path("bnc-event")
        let line = #"{"name":"LOGIN","user_data":{"developer_identity":"u1"}}"#
        let sub = try box.run("/bin/bash", ["-c", "\"$0\" send --batch <(printf '%s\\n%s\\n' \"$1\" \"$1\")", tool, line], env: env(s.url))
        #expect(sub.status == 0, "\(sub.stderr)")
        #expect(sub.stderr.contains("2 lines, 2 ok"), "\(sub.stderr)")
        let fifo = try box.run("/bin/bash", ["-c", "mkfifo f && (printf '%s\\n' \"$1\" > f &) && \"$0\" send --batch f", tool, line], env: env(s.url))
        #expect(fifo.status == 0, "\(fifo.stderr)")
        #expect(fifo.stderr.contains("1 line, 1 ok"), "\(fifo.stderr)")
        #expect(try s.received().count == 3)
        // The small inputs too: device, body and secret from process substitution, each read once.
        let open = Executables.path("bnc-open")
        let device = #"{"os":"ios","os_version":"17","model":"m","app_version":"1","user_agent":"UA"}"#
        let r = try box.run("/bin/bash", ["-c", "\"$0\" --device <(printf %s \"$1\") --body <(printf %s '{\"custom_param_1\":\"x\"}') "
                                          + "--secret-file <(printf %s \"$2\") --ip 8.8.4.4 --no-state", open, device, Self.secret],
                            env: ["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_fault"])
        #expect(r.status == 0, "\(r.stderr)")
        let sent = try #require(try s.received().last?["body"] as? [String: Any])
        #expect(sent["custom_param_1"] as? String == "x" && sent["model"] as? String == "m" && sent["branch_secret"] as? String == Self.secret)
    }

    @Test func aJournalHeldByAnotherRunIsExit75AndNothingIsSent() throws {
        let s = try SandboxProcess()
        let input = try box.write("e.ndjson", #"{"name":"LOGIN","user_data":{"developer_identity":"u1"}}"# + "\n")
        let journal = box.root.appendingPathComponent("j.db").path
        let fd = open(journal + ".lock", O_RDWR | O_CREAT, 0o600)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        _ = "4242\n".withCString { write(fd, $0, 5) }
        let r = try box.run("bnc-event", ["send", "--batch", input, "--journal", journal], env: env(s.url))
        #expect(r.status == 75)
        #expect(r.stderr.hasPrefix("bnc-event: error: the journal \(journal) is held by another run (pid 4242)"), "\(r.stderr)")
        #expect(try s.received().isEmpty)
        flock(fd, LOCK_UN)
        let again = try box.run("bnc-event", ["send", "--batch", input, "--journal", journal], env: env(s.url))
        #expect(again.status == 0, "\(again.stderr)")
        var st = stat()
        for file in [journal, journal + ".lock"] {
            #expect(stat(file, &st) == 0 && st.st_mode & 0o777 == 0o600, "\(file) is private")
        }
    }

    @Test func aCaptivePortals200IsNotAnAnswer() throws {
        let portal = try LoopbackServer(fallback: .respond(status: 200, headers: [("Content-Type", "text/html")], body: "<html>Sign in to Wi-Fi</html>"))
        let single = try box.run("bnc-event", ["send", "LOGIN", "--developer-identity", "u1", "--no-state"], env: env(portal.baseURL))
        #expect(single.status == 76)
        #expect(single.stderr.contains("bnc-event: error: answered HTTP 200 with something that is not JSON (text/html)"), "\(single.stderr)")
        // In a batch the lines fail and are not journaled: --resume against the real service sends them again.
        let input = try box.write("e.ndjson", (1...2).map { #"{"name":"L\#($0)","user_data":{"developer_identity":"u1"}}"# }.joined(separator: "\n"))
        let journal = box.root.appendingPathComponent("j.db").path
        let batch = try box.run("bnc-event", ["send", "--batch", input, "--journal", journal, "--retries", "0"], env: env(portal.baseURL))
        #expect(batch.status == 1)
        #expect(try results(batch.stdout).allSatisfy { $0["ok"] as? Bool == false })
        let s = try SandboxProcess()
        let resumed = try box.run("bnc-event", ["send", "--batch", input, "--journal", journal, "--resume"], env: env(s.url))
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try s.received().count == 2)
        withExtendedLifetime(portal) {}
    }

    @Test func anEndlessAnswerIsCutOff() throws {
        let server = try LoopbackServer(fallback: .endless)
        let r = try box.run("bnc-event", ["send", "LOGIN", "--developer-identity", "u1", "--no-state", "--max-response-size", "1048576", "--retries", "0"],
                            env: env(server.baseURL))
        #expect(r.status == 76)
        #expect(r.stderr.contains("the answer is larger than 1048576 bytes (--max-response-size)"), "\(r.stderr)")
        let input = try box.write("e.ndjson", #"{"name":"LOGIN","user_data":{"developer_identity":"u1"}}"#)
        let b = try box.run("bnc-event", ["send", "--batch", input, "--max-response-size", "1048576", "--retries", "0"], env: env(server.baseURL))
        #expect(b.status == 1)
        #expect((try results(b.stdout).first?["error"] as? String)?.contains("larger than 1048576 bytes") == true)
        withExtendedLifetime(server) {}
    }

    @Test func escapeSequencesFromTheServerAreShownNotObeyed() throws {
        let data = #"{\"+clicked_branch_link\":true,\"$deeplink_path\":\"\\u001b]0;pwned\\u0007\\u001b[2J\"}"#
        let server = try LoopbackServer(script: [.json(200, #"{"session_id":"1","data":"\#(data)"}"#),
                                                 .json(400, #"{"error":{"code":400,"message":"bad \u001b[31mred\u001b[0m"}}"#)])
        let args = ["--os", "ios", "--os-version", "17", "--model", "m", "--app-version", "1", "--user-agent", "UA", "--ip", "8.8.4.4",
                    "--no-state", "--output", "table"]
        let ok = try box.run("bnc-open", args, env: env(server.baseURL))
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(!ok.stdout.contains("\u{1B}") && !ok.stdout.contains("\u{07}"))
        #expect(ok.stdout.contains(#"\x1b]0;pwned\x07\x1b[2J"#), "\(ok.stdout)")
        let bad = try box.run("bnc-open", args, env: env(server.baseURL))
        #expect(bad.status == 65)
        #expect(!bad.stderr.contains("\u{1B}"), "\(bad.stderr)")
        #expect(bad.stderr.contains(#"\x1b[31mred"#), "\(bad.stderr)")
    }

    @Test func noSecretInAnyOutputOrFile() throws {
        let s = try SandboxProcess()
        let token = "tok_fault_access_0001"
        let tokenFile = try box.write("token", token)
        let base = ["--os", "android", "--os-version", "14", "--model", "P", "--app-version", "1", "--user-agent", "UA",
                    "--android-id", "a1b2", "--ip", "8.8.4.4"]
        let protected = s.url.replacingOccurrences(of: "http://", with: "http://user:pa55word1@")
        var outputs: [(String, ProcessResult)] = []
        outputs.append(("dry-run", try box.run("bnc-open", base + ["--dry-run"], env: env(s.url))))
        outputs.append(("curl", try box.run("bnc-open", base + ["--curl"], env: env(s.url))))
        outputs.append(("-v", try box.run("bnc-open", base + ["-v", "--server-to-server-identity"], env: env(s.url))))
        outputs.append(("asa", try box.run("bnc-open", base.map { $0 == "android" ? "ios" : $0 }.filter { $0 != "--android-id" && $0 != "a1b2" }
                                            + ["--asa-token", "asa_token_fault_0001", "--dry-run"], env: env(s.url))))
        outputs.append(("query", try box.run("bnc-api", ["GET", "/v1/url", "-q", "branch_secret=\(Self.secret)", "-v"], env: env(s.url))))
        outputs.append(("password", try box.run("bnc-api", ["GET", "/v1/url", "--dry-run", "--api-url", protected], env: env(s.url))))
        outputs.append(("password error", try box.run("bnc-api", ["GET", "/v1/url", "--api-url", "http://user:pa55word1@127.0.0.1:1",
                                                                  "--retries", "0"], env: env(s.url))))
        outputs.append(("access token", try box.run("bnc-api", ["DELETE", "/v1/url", "-q", "url=x", "--with-access-token", "-v",
                                                                 "--access-token-file", tokenFile], env: env(s.url))))
        let input = try box.write("o.ndjson", #"{"os":"Android","os_version":"14","model":"P","app_version":"1","user_agent":"UA","is_hardware_id_real":false,"ip":"8.8.4.4","branch_secret":"\#(Self.secret)"}"#)
        outputs.append(("batch", try box.run("bnc-open", ["--batch", input, "-v"], env: env(s.url))))
        for (what, r) in outputs {
            for secret in [Self.secret, token, "asa_token_fault_0001", "pa55word1"] {
                #expect(!r.output.contains(secret), "\(what) shows \(secret): \(r.output)")
            }
        }
        // Files the tools wrote: state and journals hold no secret and are private.
        let state = box.root.appendingPathComponent(".local/state/bnc")
        for case let file as String in FileManager.default.enumerator(atPath: state.path) ?? FileManager.default.enumerator(atPath: "/nonexistent")! {
            let path = state.appendingPathComponent(file).path
            var st = stat()
            guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            #expect(st.st_mode & 0o077 == 0, "\(file) is private")
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            #expect(bytes.range(of: Data(Self.secret.utf8)) == nil, "\(file) holds the secret")
        }
        // With --show-secrets the user sees them.
        let shown = try box.run("bnc-open", base + ["--dry-run", "--show-secrets"], env: env(s.url))
        #expect(shown.stdout.contains(Self.secret))
    }

    @Test func aBatchWhoseReaderLeavesStopsWithItsSummaryAndExit74() throws {
        let s = try SandboxProcess()
        let input = try box.write("e.ndjson", (1...3000).map { #"{"name":"L\#($0)","user_data":{"developer_identity":"u1","user_agent":"UA"}}"# }
            .joined(separator: "\n"))
        let journal = box.root.appendingPathComponent("j.db").path
        let r = try box.run("/bin/bash", ["-c", "\"$0\" send --batch \"$1\" --journal \"$2\" | head -n 1 > /dev/null; exit ${PIPESTATUS[0]}",
                                          Executables.path("bnc-event"), input, journal], env: env(s.url))
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write results to standard output: Broken pipe"), "\(r.stderr)")
        #expect(r.stderr.contains(" lines, "), "the summary is printed")
        // What was acknowledged is kept: a resumed run sends only the rest, and every line arrives once.
        let resumed = try box.run("bnc-event", ["send", "--batch", input, "--journal", journal, "--resume"], env: env(s.url))
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let names = try s.received().compactMap { (($0["body"] as? [String: Any])?["name"] as? String) }
        #expect(Set(names).count == 3000)
        #expect(names.count - 3000 <= 64, "at most the lines in flight are sent twice")
    }

    @Test func aBatchHonoursMaxTimePerAttempt() throws {
        let server = try LoopbackServer(script: [])
        server.stopAnswering()
        let input = try box.write("e.ndjson", #"{"name":"LOGIN","user_data":{"developer_identity":"u1","user_agent":"UA"}}"#)
        let start = Date()
        let r = try box.run("bnc-event", ["send", "--batch", input, "--max-time", "0.5", "--retries", "1"], env: env(server.baseURL))
        #expect(r.status == 1)
        #expect((try results(r.stdout).first?["error"] as? String)?.contains("timed out") == true, "\(r.stdout)")
        // Two attempts of 0.5 s and a backoff take about 1.5 s; ignoring --max-time would wait out 2 × 30 s of silence.
        // The margin is for loaded CI machines (a run at 3.06 s was seen).
        #expect(Date().timeIntervalSince(start) < 15, "two attempts of 0.5 s and a backoff, not the server's 30 s silence")
        withExtendedLifetime(server) {}
    }

    /// libcurl is loaded on a command's first request, not at start: no tool lists it as a needed library, a
    /// --dry-run works without it, and a send without it is exit 69 naming the package. The second half hides
    /// libcurl in a private mount namespace, which needs root (CI runs as root).
    @Test func libcurlIsLoadedOnlyToSend() throws {
        for tool in ["bnc-open", "bnc-event", "bnc-link", "bnc-asa", "bnc-tune"] {
            let ldd = try box.run("/usr/bin/ldd", [Executables.path(tool)])
            #expect(ldd.status == 0)
            #expect(!ldd.stdout.contains("libcurl"), "\(tool) needs libcurl at start:\n\(ldd.stdout)")
        }
        guard getuid() == 0 else { return }
        let event = Executables.path("bnc-event")
        let script = """
            PATH=/usr/sbin:/sbin:/usr/bin:/bin
            lib=$(readlink -f "$(ldconfig -p | awk '/libcurl\\.so\\.4 / {print $NF; exit}')")
            mount --bind /dev/null "$lib" || exit 99
            "$1" send PURCHASE --developer-identity u1 --user-agent UA --dry-run > dry.out; echo "dry=$?"
            "$1" send PURCHASE --developer-identity u1 --user-agent UA --api-url http://127.0.0.1:9; echo "send=$?"
            """
        let r = try box.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script, "sh", event], env: ["BRANCH_KEY": "key_test_nocurl"])
        try #require(!r.stdout.isEmpty, "unshare -m is not available here: \(r.stderr)")
        #expect(r.stdout.contains("dry=0"), "\(r.output)")
        #expect(r.stdout.contains("send=69"), "\(r.output)")
        #expect(r.stderr.contains("libcurl cannot be loaded") && r.stderr.contains("install the libcurl4 package"), "\(r.stderr)")
        #expect(try String(contentsOfFile: box.root.appendingPathComponent("dry.out").path, encoding: .utf8).contains("/v2/event/standard"))
    }

    /// libsqlite3 and libjq are loaded when a command first opens a database or is given --jq, not at start: no
    /// tool lists them, a stateless --dry-run works without them, and a command that needs one is exit 78 naming
    /// the package, with nothing written. Hidden in a private mount namespace, as libcurl is above (root only).
    @Test func libsqliteAndLibjqAreLoadedOnlyWhenUsed() throws {
        for tool in ["bnc-open", "bnc-event", "bnc-tune", "bnc-multicall"] {
            let ldd = try box.run("/usr/bin/ldd", [Executables.path(tool)])
            #expect(ldd.status == 0)
            for library in ["libsqlite3", "libjq", "libonig"] {
                #expect(!ldd.stdout.contains(library), "\(tool) needs \(library) at start:\n\(ldd.stdout)")
            }
        }
        guard getuid() == 0 else { return }
        let script = """
            PATH=/usr/sbin:/sbin:/usr/bin:/bin
            for name in libsqlite3.so.0 libjq.so.1; do
                lib=$(readlink -f "$(ldconfig -p | awk -v n="$name" '$1 == n {print $NF; exit}')")
                mount --bind /dev/null "$lib" || exit 99
            done
            tool=$1
            dry() { "$tool" --dry-run --no-state --ip 8.8.4.4 --user-agent UA --os iOS --os-version 17.4 --app-version 2.3.0 \\
                --model iPhone15,2 --idfv 1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11 "$@"; }
            dry > dry.out; echo "dry=$?"
            "$tool" state list; echo "state=$?"
            dry --jq .url; echo "jq=$?"
            """
        let home = box.root.appendingPathComponent("home").path
        let r = try box.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script, "sh", Executables.path("bnc-open")],
                            env: ["BRANCH_KEY": "key_test_nosqlite", "BRANCH_SECRET": "secret_test_nosqlite", "HOME": home,
                                  "XDG_STATE_HOME": home + "/state"])
        try #require(!r.stdout.isEmpty, "unshare -m is not available here: \(r.stderr)")
        #expect(r.stdout.contains("dry=0"), "\(r.output)")
        #expect(r.stdout.contains("state=78"), "\(r.output)")
        #expect(r.stderr.contains("libsqlite3 cannot be loaded") && r.stderr.contains("install the libsqlite3-0 package"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home + "/state/bnc/state.db"), "no database is created without SQLite")
        #expect(r.stdout.contains("jq=78"), "\(r.output)")
        #expect(r.stderr.contains("--jq: libjq cannot be loaded") && r.stderr.contains("install the libjq1 package"), "\(r.stderr)")
        #expect(try String(contentsOfFile: box.root.appendingPathComponent("dry.out").path, encoding: .utf8).contains("/v1/open"))
    }

    /// A proxy named in the environment still carries every request, single and batch (without one, bnc tells
    /// libcurl once instead of letting it read the environment on every transfer).
    @Test func proxiesFromTheEnvironmentAreUsed() throws {
        let proxy = try LoopbackServer()
        let env = ["BRANCH_KEY": "key_test_proxy", "BNC_API_URL": "http://api.example.invalid", "http_proxy": proxy.baseURL]
        let one = try box.run("bnc-event", ["send", "PURCHASE", "--developer-identity", "u1", "--user-agent", "UA"], env: env)
        #expect(one.status == 0, "\(one.output)")
        let lines = try box.write("p.ndjson", (1...3).map { #"{"name":"PURCHASE","user_data":{"developer_identity":"u\#($0)","user_agent":"UA"}}"# }.joined(separator: "\n") + "\n")
        let batch = try box.run("bnc-event", ["send", "--batch", lines], env: env)
        #expect(batch.status == 0, "\(batch.output)")
        #expect(proxy.received.count == 4)
        #expect(proxy.received.allSatisfy { $0.target == "http://api.example.invalid/v2/event/standard" }, "\(proxy.received.map(\.target))")
        // Through a proxy the User-Agent comes from libcurl's option (it also labels CONNECT): still one, bnc's.
        for got in proxy.received {
            let agents = got.headers.filter { $0.name.lowercased() == "user-agent" }.map(\.value)
            #expect(agents.count == 1 && agents[0].hasPrefix("bnc-event/"), "\(agents)")
        }
    }
}
