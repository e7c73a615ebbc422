// QA round 21's app id item: `bnc-export custom --app-id` took 26 digits where `ready` needed a 64-bit integer,
// and `bnc-link delete --app-id` took any Unicode number ("½", "٣"). One rule now: ASCII digits that make a
// 64-bit integer, for every flag and profile value, with nothing sent.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound11Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    func env(_ s: SandboxProcess, _ extra: [String: String] = [:]) -> [String: String] {
        box.environment(["BNC_API_URL": s.url, "BRANCH_ACCESS_TOKEN": "api_app_PLACEHOLDER_round11token"].merging(extra) { $1 })
    }

    static let window = ["custom", "--topic", "eo_install", "--start", "2026-11-01T00:00:00Z", "--end", "2026-11-08T00:00:00Z", "--dry-run"]

    @Test(arguments: ["12345678901234567890123456", "9223372036854775808", "½", "٣٣٣", "12 3", "-1", ""])
    func anAppIDIsA64BitIntegerEverywhere(_ id: String) throws {
        let s = try SandboxProcess()
        let custom = try box.run("bnc-export", Self.window + ["--app-id", id], env: env(s))
        #expect(custom.status == 64 && custom.stderr.contains("--app-id"), "custom \(id): \(custom.status) \(custom.stderr)")
        let ready = try box.run("bnc-export", ["ready", "--date", "2026-11-20 01:00:00", "--topic", "eo_install", "--app-id", id, "--dry-run"], env: env(s))
        #expect(ready.status == 64 && ready.stderr.contains("--app-id"), "ready \(id): \(ready.status) \(ready.stderr)")
        let delete = try box.run("bnc-link", ["delete", "https://example.app.link/abc", "--app-id", id], env: env(s))
        #expect(delete.status == 64 && delete.stderr.contains("--app-id"), "delete \(id): \(delete.status) \(delete.stderr)")
        #expect(try s.received().isEmpty, "nothing sent for \(id)")
    }

    /// The profile's (or BRANCH_APP_ID's) value passes the same rule, named as the setting it came from.
    @Test func theProfilesAppIDPassesTheSameRule() throws {
        let s = try SandboxProcess()
        let bad = try box.run("bnc-link", ["delete", "https://example.app.link/abc"], env: env(s, ["BRANCH_APP_ID": "12345678901234567890123456"]))
        #expect(bad.status == 64 && bad.stderr.contains("app_id must be the numeric Branch app id, a 64-bit integer"), "\(bad.stderr)")
        let good = try box.run("bnc-export", Self.window, env: env(s, ["BRANCH_APP_ID": "9223372036854775807"]))
        #expect(good.status == 0, "the largest 64-bit id: \(good.stderr)")
        #expect(try s.received().isEmpty)
    }

    /// `--advertiser-id ٣` (Character.isNumber) made a TUNE URL with a non-ASCII advertiser; the same ASCII rule.
    @Test(arguments: ["٣", "½", "１２", "87 7"])
    func aTUNEAdvertiserIDIsASCIIDigits(_ id: String) throws {
        let line = #"{"name":"PURCHASE","user_data":{"os":"Android","android_id":"a0000000000000001"}}"# + "\n"
        let r = try box.run("bnc-tune", ["map", "--to-tune", "-", "--advertiser-id", id], stdin: line)
        #expect(r.status == 64 && r.stderr.contains("--advertiser-id must be TUNE's id, a whole number from 1 to"), "\(id): \(r.status) \(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    /// A declared body over the sandbox's 8 MiB bound held the connection until the client gave up (the body was
    /// waited for); it is refused as soon as the head is read, with Branch's error shape, and the connection closed.
    @Test func aDeclaredBodyOverTheBoundIsRefusedAtOnce() throws {
        let s = try SandboxProcess()
        let port = try #require(URL(string: s.url)?.port)
        let script = """
        import socket, time
        c = socket.create_connection(("127.0.0.1", \(port))); c.settimeout(5); t = time.time()
        c.sendall(b"POST /v1/event HTTP/1.1\\r\\nHost: x\\r\\nContent-Type: application/json\\r\\nContent-Length: 99999999999\\r\\n\\r\\n")
        data = b""
        while True:
            part = c.recv(65536)
            if not part: break
            data += part
        print(data.split(b"\\r\\n")[0].decode()); print("fast" if time.time() - t < 2 else "slow"); print(data.split(b"\\r\\n\\r\\n", 1)[1].decode())
        """
        let r = try box.run("/usr/bin/python3", ["-c", script])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "HTTP/1.1 413 Payload Too Large" && lines.dropFirst().first == "fast", "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains(#"{"error":{"code":413,"message":"request body of 99999999999 bytes is over 8388608 bytes"}}"#), "\(r.stdout)")
    }
}

