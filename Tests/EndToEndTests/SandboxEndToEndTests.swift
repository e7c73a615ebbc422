// bnc-sandbox as a process: the listening line, signals, --detach, and real flows through the client tools.
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct SandboxEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    func env(_ s: SandboxProcess) -> [String: String] { ["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_e2e", "BRANCH_SECRET": "secret_test_e2e"] }

    @Test func listensPrintsFirstAndStopsCleanlyOnSIGTERM() throws {
        let pidFile = box.root.appendingPathComponent("sb.pid").path
        let s = try SandboxProcess(["--pid-file", pidFile])
        #expect(s.url.hasPrefix("http://127.0.0.1:"))
        #expect(FileManager.default.fileExists(atPath: pidFile))
        #expect(s.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: pidFile), "the pid file is removed on exit")
    }

    @Test func detachRunsInTheBackground() throws {
        let pidFile = box.root.appendingPathComponent("d.pid").path
        let r = try box.run("bnc-sandbox", ["--detach", "--port", "0", "--pid-file", pidFile])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("listening on http://127.0.0.1:"))
        #expect(r.stderr.contains("running in the background as pid"))
        let pid = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) == 0)
        kill(pid, SIGTERM)
        for _ in 0..<50 where kill(pid, 0) == 0 { usleep(100_000) }
        #expect(kill(pid, 0) != 0)
    }

    @Test(arguments: [(["--chaos", "bogus=1"], Int32(64)), (["--port", "70000"], Int32(64)), (["--keys", "/nonexistent.json"], Int32(66))] as [([String], Int32)])
    func badFlags(_ args: [String], _ status: Int32) throws {
        let r = try box.run("bnc-sandbox", args)
        #expect(r.status == status)
        #expect(r.stderr.hasPrefix("bnc-sandbox: error: "))
    }

    @Test func aBusyPortIsExit69() throws {
        let s = try SandboxProcess()
        let r = try box.run("bnc-sandbox", ["--port", String(s.port)])
        #expect(r.status == 69)
        #expect(r.stderr.contains("cannot listen on 127.0.0.1:\(s.port)"))
        // Detached, the refusal was only in the log ("did not start; see sandbox.log"): it is said, and the log named.
        let log = box.root.appendingPathComponent("busy.log").path
        let d = try box.run("bnc-sandbox", ["--port", String(s.port), "--detach", "--log-file", log, "--pid-file", box.root.appendingPathComponent("busy.pid").path])
        #expect(d.status == 69 && d.stderr.contains("the detached sandbox did not start: cannot listen on 127.0.0.1:\(s.port)")
                && d.stderr.contains("hint: see \(log)"), "\(d.stderr)")
    }

    @Test func theDeferredDeepLinkFlowThroughTheTools() throws {
        let s = try SandboxProcess()
        let created = try box.run("bnc-api", ["POST", "/v1/url", "-f", "channel=email", "-f", "campaign=spring",
                                              "-f", #"data:={"$deeplink_path":"item/42","$ios_url":"https://apps.apple.com/app/id1"}"#,
                                              "--output", "ndjson"], env: env(s))
        #expect(created.status == 0, "\(created.stderr)")
        let url = try #require((try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])?["url"] as? String)
        let ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)"
        let click = try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code} %{redirect_url}", "-A", ua,
                                                  "-H", "X-Forwarded-For: 8.8.4.4", url])
        #expect(click.stdout == "302 https://apps.apple.com/app/id1")
        let body = try box.write("open.json", """
            {"server_to_server": true, "app_version": "1.0", "os": "iOS", "os_version": "17.4", "model": "iPhone15,2",
             "user_agent": "\(ua)", "is_hardware_id_real": false}
            """)
        let open = try box.run("bnc-api", ["POST", "/v1/open", "--body", body, "--with-secret", "--ip", "8.8.4.4"], env: env(s))
        #expect(open.status == 0, "\(open.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(open.stdout.utf8)) as? [String: Any])
        let data = try #require(try JSONSerialization.jsonObject(with: Data((answer["data"] as! String).utf8)) as? [String: Any])
        #expect(data["+clicked_branch_link"] as? Bool == true)
        #expect(data["~channel"] as? String == "email" && data["~campaign"] as? String == "spring")
        #expect(data["$deeplink_path"] as? String == "item/42")
        let received = try s.received()
        #expect(received.map { $0["path"] as? String } == ["/v1/url", url.replacingOccurrences(of: s.url, with: ""), "/v1/open"])
        let sent = try #require(received[2]["body"] as? [String: Any])
        #expect(sent["branch_secret"] as? String == "secret_test_e2e", "the sandbox sees the secret; bnc never printed it")
        #expect((received[2]["headers"] as? [String: Any])?["x-ip-override"] as? String == "8.8.4.4")
        #expect(!open.output.contains("secret_test_e2e"))
    }

    @Test func chaosOverTheWireIsRetriedByTheClient() throws {
        let s = try SandboxProcess(["--chaos", "429=0.3,500=0.2,reset=0.1,retry-after=0", "--seed", "11"])
        var ok = 0
        for i in 0..<12 {
            let r = try box.run("bnc-api", ["POST", "/v2/event/custom", "-f", "name=e\(i)", "-f", #"user_data:={"developer_identity":"u1"}"#,
                                            "--retries", "8"], env: env(s))
            if r.status == 0 { ok += 1 } else { Issue.record("line \(i): \(r.stderr)") }
        }
        #expect(ok == 12)
        let received = try s.received()
        let injected = received.filter { $0["chaos"] as? Bool == true }.count
        #expect(received.count == 12 + injected, "every retry was caused by an injected fault")
        #expect(injected > 0)
        #expect(received.contains { $0["status"] as? Int == 0 }, "resets are recorded with status 0")
    }

    @Test func alwaysResettingIsExit75() throws {
        let s = try SandboxProcess(["--chaos", "reset=1"])
        let r = try box.run("bnc-api", ["GET", "/v1/url", "-q", "url=x", "--retries", "1"], env: env(s))
        #expect(r.status == 75)
        #expect(r.stderr.contains("after 2 attempts"))
    }

    @Test func sandboxFlagStartsOneWhenNoneAnswers() throws {
        // A free port below the ephemeral range (a port freed inside it could go to another test's server).
        let port = FreePort.belowEphemeralRange()
        let url = "http://127.0.0.1:\(port)"
        let r = try box.run("bnc-api", ["--sandbox", "POST", "/v1/url", "-f", "alias=auto1"], env: ["BNC_SANDBOX_URL": url])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("starting"))
        #expect(r.stdout.contains("\(url)/auto1"))
        let again = try box.run("bnc-api", ["--sandbox", "GET", "/v1/url", "-q", "url=\(url)/auto1"], env: ["BNC_SANDBOX_URL": url])
        #expect(again.status == 0)
        #expect(!again.stderr.contains("starting"), "the running one is reused")
        // Its lifecycle, through the front door: status names it and its address; stop ends it.
        let status = try box.run("bnc", ["sandbox", "status"])
        #expect(status.status == 0 && status.stdout.contains("running as pid") && status.stdout.contains("listening on \(url)"), "\(status.stdout)")
        let stop = try box.run("bnc", ["sandbox", "stop"])
        #expect(stop.status == 0 && stop.stdout.hasPrefix("stopped pid"), "\(stop.output)")
        let after = try box.run("bnc-sandbox", ["status"])
        #expect(after.status == 1 && after.stdout.hasPrefix("not running"))
        #expect(try box.run("bnc-sandbox", ["stop"]).status == 1, "nothing to stop")
        let pidFile = box.root.appendingPathComponent(".local/state/bnc/sandbox.pid").path
        #expect(!FileManager.default.fileExists(atPath: pidFile) && !FileManager.default.fileExists(atPath: pidFile + ".url"))
        // A port the user named with --api-url is theirs: --sandbox starts nothing there.
        let named = try box.run("bnc-api", ["--sandbox", "--api-url", url, "GET", "/v1/url", "-q", "url=\(url)/x"])
        #expect(named.status == 69 && named.stderr.contains("--sandbox starts a sandbox only at its own address"), "\(named.stderr)")
        #expect(try box.run("bnc-sandbox", ["status"]).status == 1, "nothing was started")
    }

    @Test func statusDoesNotTrustAStalePidFile() throws {
        let pidFile = try box.write(".local/state/bnc/sandbox.pid", "1\n")
        #expect(try box.run("bnc-sandbox", ["status"]).status == 1, "pid 1 is not a bnc-sandbox")
        _ = try box.write(".local/state/bnc/sandbox.pid", "\(getpid())\n")
        #expect(try box.run("bnc-sandbox", ["stop"]).status == 1, "the test runner is not a bnc-sandbox: never signalled")
        try? FileManager.default.removeItem(atPath: pidFile)
    }

    @Test func lintsAndRequestIDsOverTheWire() throws {
        let s = try SandboxProcess()
        // Raw HTTP with curl: a JSON event sent as curl -d sends it (form Content-Type) → Branch's field-level error.
        let form = try box.run("/usr/bin/curl", ["-s", "-i", "-X", "POST", s.url + "/v2/event/custom", "-d", "branch_key=key_test_e2e&name=x"])
        #expect(form.stdout.contains("HTTP/1.1 400"))
        #expect(form.stdout.contains(#"{"error":{"user_data":"missing required field"}}"#))
        #expect(form.stdout.lowercased().contains("x-branch-request-id: bnc-sandbox-"))
        let json = try box.run("/usr/bin/curl", ["-s", "-i", "-X", "POST", s.url + "/v2/event/custom", "-H", "X-IP-Override: 8.8.4.4",
                                                 "-H", "Content-Type: application/json",
                                                 "-d", #"{"branch_key":"key_test_e2e","name":"x","user_data":{"developer_identity":"u"}}"#])
        #expect(json.stdout.contains("HTTP/1.1 200"))
        #expect(json.stdout.contains("X-Sandbox-Lint: X-IP-Override sent without user_data.ip"), "\(json.stdout)")
        // The client shows lints with -v.
        let r = try box.run("bnc-open", ["--os", "ios", "--os-version", "17", "--model", "m", "--app-version", "1", "--user-agent", "UA",
                                         "--ip", "8.8.4.4", "--no-state", "-v", "--server-to-server-identity",
                                         "--randomized-bundle-token", "111111111111111111"], env: env(s))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("bnc-open: sandbox lint: randomized_bundle_token 111111111111111111 was not issued to this app"), "\(r.stderr)")
    }
}
