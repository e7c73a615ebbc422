// QA round 31a: bnc-sandbox as a server facing hostile and real clients, end to end against a real
// `bnc-sandbox --port 0`. The raw clients are small python3 scripts (sockets a test controls byte by byte: bodies
// held half sent, answers never read); what the sandbox holds is read from /proc/PID/status and /_sandbox/stats.
import Foundation
import Testing
import TestSupport

// Serialized: each test loads the sandbox with megabytes; run side by side on two CPUs they slowed each other.
@Suite(.serialized) struct SandboxRound31aTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    /// Runs a python3 script with the sandbox's port as its first argument; its last stdout line is JSON.
    func python(_ script: String, _ s: SandboxProcess, _ args: [String] = []) throws -> [String: Any] {
        let path = try box.write("client-\(UUID().uuidString).py", script)
        let r = try box.run("/usr/bin/env", ["python3", path, String(s.port)] + args)
        let last = r.stdout.split(separator: "\n").last.map(String.init) ?? ""
        guard let o = try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any] else {
            Issue.record("python client: \(r.status) \(r.output.prefix(2000))")
            return [:]
        }
        return o
    }

    /// The sandbox's resident memory in MB (/proc/PID/status VmRSS).
    static func rss(_ s: SandboxProcess) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(s.pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }

    /// Finding 1: the request log kept every body (up to 8 MiB each) and its decoded tree, bounded by count only,
    /// and was written under the one lock: 40 bodies of 7.5 MB held 342 MB, and reading them back stalled every
    /// other client 31-34 s. Now bounded in bytes (the oldest dropped) and written outside the lock.
    @Test func theRequestLogIsBoundedInBytesAndReadOutsideTheLock() throws {
        let s = try SandboxProcess()
        defer { s.stop() }
        let before = Self.rss(s)
        let sent = try python("""
            import http.client, sys, json
            port = int(sys.argv[1]); body = b"a" * 7_500_000
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            for i in range(24):
                c.request("POST", f"/nothing-here-{i}", body=body, headers={"Content-Type": "text/plain"})
                r = c.getresponse(); r.read()
            print(json.dumps({"status": r.status}))
            """, s)
        #expect(sent["status"] as? Int == 404)
        let after = Self.rss(s)
        let stats = try #require(try s.control("/_sandbox/stats") as? [String: Any])
        let kept = try #require(stats["recorded_bytes"] as? Int, "\(stats)")
        #expect(kept <= 64 << 20 && (stats["recorded_dropped"] as? Int ?? 0) >= 16, "\(stats)")
        // 180 MB of bodies were sent; a log that kept them all is over 180 MB on its own.
        #expect(after - before < 150, "RSS \(before) MB before, \(after) MB after 24 bodies of 7.5 MB")
        // Reading the log back (60 MB of bodies, seconds in a debug build) while another client asks the clock
        // twice (two connections: one shares the reader's event loop, as every second connection does): answered
        // at once, neither by the lock nor by the event loop held.
        let timed = try python("""
            import http.client, sys, json, threading, time
            port = int(sys.argv[1]); out = {}
            def read_log():
                t = time.time(); c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                c.request("GET", "/_sandbox/requests"); r = c.getresponse(); n = len(r.read())
                out["log_seconds"] = time.time() - t; out["log_bytes"] = n
            t = threading.Thread(target=read_log); t.start(); time.sleep(0.3)
            worst = 0
            for i in range(2):
                start = time.time(); c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                c.request("GET", "/_sandbox/clock"); c.getresponse().read(); c.close()
                worst = max(worst, time.time() - start)
            out["clock_seconds"] = worst; t.join()
            print(json.dumps(out))
            """, s)
        let log = timed["log_seconds"] as? Double ?? 0, clock = timed["clock_seconds"] as? Double ?? 99
        #expect((timed["log_bytes"] as? Int ?? 0) > 7_500_000 && (timed["log_bytes"] as? Int ?? .max) < 70 << 20, "\(timed)")
        #expect(clock < 1.0 || clock < log / 4, "the clock waited \(clock) s while the log was read in \(log) s")
    }

    /// Finding 2: a form body (the Web SDK's) had no member bound and was split under the lock: 700,000 pairs were
    /// taken (200) and held every other client 12-15 s; an 8 MB AdServices token held them 2 s. A form has the
    /// JSON body's bound, and form and text bodies are read before the lock.
    @Test func formAndTextBodiesAreBoundedAndReadBeforeTheLock() throws {
        let s = try SandboxProcess()
        defer { s.stop() }
        let out = try python("""
            import http.client, sys, json, threading, time
            port = int(sys.argv[1]); out = {}
            form = ("branch_key=key_test_abc&sdk=web2.86.1&" + "&".join(f"k{i}=v" for i in range(300000))).encode()
            cases = [("/v1/url", form, "application/x-www-form-urlencoded"), ("/api/v1/", b"A" * 8000000, "text/plain")]
            for path, body, kind in cases:
                done = {}
                def big():
                    c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                    c.request("POST", path, body=body, headers={"Content-Type": kind})
                    r = c.getresponse(); done["status"] = r.status; done["body"] = r.read().decode()[:300]
                t = threading.Thread(target=big); t.start(); time.sleep(0.05)
                probe = http.client.HTTPConnection("127.0.0.1", port, timeout=120); worst = 0
                while t.is_alive():
                    start = time.time(); probe.request("GET", "/_sandbox/clock"); probe.getresponse().read()
                    worst = max(worst, time.time() - start); time.sleep(0.05)
                out[path] = {"status": done.get("status"), "body": done.get("body"), "worst": worst}
            print(json.dumps(out))
            """, s)
        let form = try #require(out["/v1/url"] as? [String: Any]), token = try #require(out["/api/v1/"] as? [String: Any])
        #expect(form["status"] as? Int == 400 && (form["body"] as? String ?? "").contains("a form of more than 100000 fields"), "\(form)")
        #expect((form["worst"] as? Double ?? 99) < 1, "another client waited \(form["worst"] ?? "-") s for the form")
        #expect(token["status"] as? Int == 400 && (token["worst"] as? Double ?? 99) < 1, "\(token)")
        // At the bound, a form is still read (the Web SDK's forms hold dozens of fields).
        let fields = (0..<99_990).map { "k\($0)=v" }.joined(separator: "&")
        let path = try box.write("form.txt", "branch_key=key_test_abc&sdk=web2.86.1&" + fields)
        let atBound = try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Content-Type: application/x-www-form-urlencoded",
                                                   "--data-binary", "@" + path, s.url + "/v1/url"])
        #expect(atBound.stdout == "200", "\(atBound.output)")
    }

    /// Finding 4: a client pipelining requests and reading no answer had every answer made and queued (300 GETs
    /// of the log held 315 MB). The next request now waits while the connection's answers are unsent.
    @Test func aClientThatDoesNotReadIsNotAnsweredAhead() throws {
        let s = try SandboxProcess()
        defer { s.stop() }
        let out = try python("""
            import http.client, socket, sys, json, time
            port = int(sys.argv[1]); pid = sys.argv[2]
            def rss(): return int([l for l in open(f"/proc/{pid}/status") if l.startswith("VmRSS")][0].split()[1]) // 1024
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            c.request("POST", "/v1/nothing", body=b"p" * 2_000_000, headers={"Content-Type": "text/plain"}); c.getresponse().read()
            c.request("GET", "/_sandbox/requests"); size = len(c.getresponse().read())   # each answer: about 2 MB
            before = rss()
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.connect(("127.0.0.1", port))
            s.sendall(b"GET /_sandbox/requests HTTP/1.1\\r\\nHost: a\\r\\n\\r\\n" * 20)
            time.sleep(4)
            held = rss() - before
            # Once read, every answer comes.
            s.settimeout(60); tail = b""; answers = 0; mark = b"HTTP/1.1 200 OK"
            while answers < 20:
                d = s.recv(1 << 20)
                if not d: break
                both = tail + d; answers += both.count(mark) - tail.count(mark); tail = both[-32:]
            print(json.dumps({"held_mb": held, "answers": answers, "size": size}))
            """, s, [String(s.pid)])
        #expect((out["size"] as? Int ?? 0) > 2_000_000, "\(out)")
        #expect((out["held_mb"] as? Int ?? 99) < 15, "20 pipelined answers of 2 MB unread (about 6 MB held when answered one at a time): \(out)")
        #expect(out["answers"] as? Int == 20, "\(out)")
    }

    /// Finding 3: each connection might hold a body of 8 MiB, and nothing bounded their sum (100 connections held
    /// 863 MB). Bodies being received share a budget of 128 MiB; beyond it a large body is refused at its head
    /// (503, Retry-After), while small requests are still answered and the budget comes back as bodies end.
    @Test func bodiesBeingReceivedShareABudget() throws {
        let s = try SandboxProcess()
        defer { s.stop() }
        let out = try python("""
            import http.client, socket, sys, json, time, threading
            port = int(sys.argv[1]); out = {}
            head = b"POST /v1/open HTTP/1.1\\r\\nHost: a\\r\\nContent-Type: application/json\\r\\nContent-Length: 8388608\\r\\n\\r\\n"
            socks, refused = [], []
            for i in range(20):
                c = socket.create_connection(("127.0.0.1", port)); c.sendall(head); socks.append(c)
            time.sleep(1.5)
            for c in socks:
                c.setblocking(False)
                try: refused.append(c.recv(4096).decode(errors="replace"))
                except BlockingIOError: pass
            out["refused"] = len(refused); out["answer"] = refused[0] if refused else ""
            # Hundreds of small requests at once are still answered.
            statuses = []
            def small():
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                c.request("POST", "/v1/open", body=b'{"x":1}', headers={"Content-Type": "application/json"}); statuses.append(c.getresponse().status)
            threads = [threading.Thread(target=small) for _ in range(200)]
            for t in threads: t.start()
            for t in threads: t.join()
            out["small"] = sorted(set(statuses)); out["small_count"] = len(statuses)
            for c in socks: c.close()
            time.sleep(0.5)
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            c.request("POST", "/v1/open", body=b" " * 8_000_000, headers={"Content-Type": "application/json"})
            out["after"] = c.getresponse().status
            print(json.dumps(out))
            """, s)
        // 16 bodies of 8 MiB fill the budget: the other 4 are refused at once.
        #expect(out["refused"] as? Int == 4, "\(out)")
        let answer = out["answer"] as? String ?? ""
        #expect(answer.hasPrefix("HTTP/1.1 503") && answer.contains("Retry-After: 1") && answer.contains("MiB of request bodies already"), "\(answer)")
        #expect(out["small_count"] as? Int == 200 && !(out["small"] as? [Int] ?? [503]).contains(503), "\(out)")
        #expect(out["after"] as? Int == 400, "the budget came back when the bodies' connections closed: \(out)")
    }

    /// Finding 5: JSON that browsers write was refused as "not valid JSON": a lone UTF-16 surrogate escape (what
    /// JSON.stringify writes for a string cut inside an emoji; the Web SDK's custom_data and link data carry them),
    /// in a JSON body or a form's JSON field; `1e999`; and the member bound counted ':' and ',' both, so 50,001
    /// members were "more than 100000". Messages say where and why.
    @Test func jsonAsBrowsersWriteItIsRead() throws {
        let s = try SandboxProcess()
        defer { s.stop() }
        func post(_ path: String, _ body: String, form: Bool = false) throws -> (Int, String) {
            let file = try box.write("body-\(UUID().uuidString)", body)
            let r = try box.run("/usr/bin/curl", ["-s", "-w", "\n%{http_code}", "-H", "Content-Type: " + (form ? "application/x-www-form-urlencoded" : "application/json"),
                                                  "--data-binary", "@" + file, s.url + path])
            let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
        }
        let user = #""user_data":{"developer_identity":"u","os":"Android","hardware_id":"h","is_hardware_id_real":false}"#
        let event = try post("/v2/event/custom", #"{"name":"x",\#(user),"custom_data":{"product":"Trail runner \ud83d","pair":"\ud83d\ude00"},"branch_key":"key_test_PLACEHOLDER31a"}"#)
        #expect(event.0 == 200, "\(event)")
        let sent = try #require(try s.received().last?["body"] as? [String: Any])
        #expect((sent["custom_data"] as? [String: Any])?["product"] as? String == "Trail runner \u{FFFD}", "\(sent)")
        #expect((sent["custom_data"] as? [String: Any])?["pair"] as? String == "\u{1F600}", "a pair is one character: \(sent)")
        let link = try post("/v1/url", "branch_key=key_test_PLACEHOLDER31a&sdk=web2.86.1&data=" + #"{"$og_title":"Sale \ud83d"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, form: true)
        #expect(link.0 == 200, "\(link)")
        let huge = try post("/v2/event/standard", #"{"name":"PURCHASE",\#(user),"event_data":{"revenue":1e999},"branch_key":"key_test_PLACEHOLDER31a"}"#)
        #expect(huge.0 == 400 && huge.1.contains("number out of range at byte") && huge.1.contains("1e999"), "\(huge)")
        let broken = try post("/v1/url", #"{"branch_key":"key_test_PLACEHOLDER31a","data": tru}"#)
        #expect(broken.0 == 400 && broken.1.contains("unexpected 'tru' at byte 48"), "\(broken)")
        // 50,001 members are under the bound of 100,000 members and elements; 100,001 are over it.
        let members = (0..<50_000).map { #""k\#($0)":"v""# }.joined(separator: ",")
        let half = try post("/v1/url", #"{"branch_key":"key_test_PLACEHOLDER31a",\#(members)}"#)
        #expect(half.0 == 200, "\(half.0) \(half.1.prefix(300))")
        let elements = Array(repeating: "1", count: 100_000).joined(separator: ",")
        let over = try post("/v1/url", #"{"branch_key":"key_test_PLACEHOLDER31a","data":{"a":[\#(elements)]}}"#)
        #expect(over.0 == 400 && over.1.contains("more than 100000 members and elements"), "\(over.0) \(over.1.prefix(300))")
    }

    /// Finding 6: --keys ignored misspelt members (`link_domian`, `quicklinks`, `acess_token`) without a word, and
    /// took a keys file of secrets that others may read, while --tls-key at 644 is refused. Both are exit 78.
    @Test func aKeysFileIsCheckedAsASecretConfiguration() throws {
        let key = "key_live_PLACEHOLDERround31a", secret = "secret_live_PLACEHOLDER_round31a"
        let misspelt = try box.write("misspelt.json", #"[{"branch_key":"\#(key)","branch_secret":"\#(secret)","quick_links":true,"link_domian":"app2.localhost"}]"#)
        let unknown = try box.run("bnc-sandbox", ["--port", "0", "--keys", misspelt])
        #expect(unknown.status == 78 && unknown.stderr.contains("\(misspelt)[0].link_domian") && unknown.stderr.contains("is not a member of a keys entry")
                && unknown.stderr.contains("link_domain"), "\(unknown.output)")
        let readable = try box.write("readable.json", #"[{"branch_key":"\#(key)","branch_secret":"\#(secret)"}]"#, mode: 0o644)
        let open = try box.run("bnc-sandbox", ["--port", "0", "--keys", readable])
        #expect(open.status == 78 && open.stderr.contains("readable by its group or others") && open.stderr.contains("chmod 600"), "\(open.output)")
        let detached = try box.run("bnc-sandbox", ["--port", "0", "--keys", readable, "--detach", "--pid-file", box.root.appendingPathComponent("k.pid").path])
        #expect(detached.status == 78 && detached.stderr.contains("chmod 600"), "\(detached.output)")
        // A private file of known members is taken.
        let good = try box.write("good.json", #"[{"branch_key":"\#(key)","branch_secret":"\#(secret)","link_domain":"app2.localhost"}]"#)
        let s = try SandboxProcess(["--keys", good], environment: box.environment())
        s.stop()
    }
}
