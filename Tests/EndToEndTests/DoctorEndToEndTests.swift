// bnc doctor against bnc-sandbox and scratch state: each check with its status, detail and fix; exit 0 when
// nothing fails, 78 for configuration and local state, 69 for an unreachable upstream; never a secret printed.
import Foundation
import Testing
import TestSupport

@Suite struct DoctorEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_test_doctor0001"
    static let secret = "secret_test_doctor0001"

    func checks(_ stdout: String) throws -> [String: [String: String]] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], "\(stdout)")
        let list = try #require(report["checks"] as? [[String: String]])
        return Dictionary(list.map { ($0["check"] ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func aGoodSetupAgainstTheSandboxIsAllOk() throws {
        let s = try SandboxProcess()
        let env = ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret]
        let r = try box.run("bnc-doctor", ["--output", "json"], env: env)
        #expect(r.status == 0, "\(r.output)")
        let c = try checks(r.stdout)
        #expect(c["branch key"]?["status"] == "ok" && c["branch key"]?["detail"]?.contains("\(Self.key), test (from environment BRANCH_KEY") == true, "\(c["branch key"] ?? [:])")
        #expect(c["branch secret"]?["detail"]?.hasPrefix("set, test (from environment BRANCH_SECRET") == true, "\(c["branch secret"] ?? [:])")
        #expect(c["upstream"]?["status"] == "ok" && c["upstream"]?["detail"]?.contains("\(s.url): HTTP ") == true, "\(c["upstream"] ?? [:])")
        #expect(c["clock"]?["status"] == "ok", "the sandbox's Date header: \(c["clock"] ?? [:])")
        #expect(c["tls"]?["detail"]?.hasPrefix("libcurl/") == true)
        #expect(c["state.db"]?["status"] == "ok" && c["journals"]?["status"] == "ok")
        #expect(!r.stdout.contains(Self.secret) && !r.stderr.contains(Self.secret), "never a secret")

        // Through the front door, as a table.
        let table = try box.run("bnc", ["doctor", "--output", "table"], env: env.merging(["PATH": Executables.directory.path + ":/usr/bin:/bin"]) { _, b in b })
        #expect(table.status == 0 && table.stdout.hasPrefix("CHECK") && table.stdout.contains("branch key"), "\(table.output)")
    }

    /// A server whose Date runs 10 minutes ahead: this machine is 600 s behind it, a failed check (78).
    @Test func aSkewedClockFails() throws {
        let server = try LoopbackServer()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let ahead = formatter.string(from: Date().addingTimeInterval(600))
        server.choose { _ in .respond(status: 404, headers: [("Date", ahead), ("Content-Type", "application/json")], body: "{}") }
        let url = "http://127.0.0.1:\(server.port)"
        let r = try box.run("bnc-doctor", ["--output", "json"], env: ["BNC_API_URL": url, "BRANCH_KEY": Self.key])
        #expect(r.status == 78, "\(r.output)")
        let clock = try checks(r.stdout)["clock"] ?? [:]
        #expect(clock["status"] == "fail" && clock["detail"]?.contains("behind \(url)") == true && clock["fix"]?.contains("timedatectl") == true, "\(clock)")
    }

    /// bnc-sandbox's clock moved on purpose (`POST /_sandbox/clock`, as export tests do) is no fault of this
    /// machine's: the check allows for it (it failed with timedatectl advice: QA round 31b).
    @Test func aSandboxClockMovedOnPurposeIsNoSkew() throws {
        let s = try SandboxProcess()
        defer { s.stop() }
        _ = try s.control("/_sandbox/clock", method: "POST", body: #"{"advance_seconds": 600}"#)
        let r = try box.run("bnc-doctor", ["--output", "json"], env: ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key])
        let clock = try checks(r.stdout)["clock"] ?? [:]
        #expect(r.status == 0 && clock["status"] == "ok" && clock["detail"] == "within 2 s of \(s.url)", "\(clock) \(r.output)")
    }

    @Test func configurationFailuresAreExit78WithTheFix() throws {
        // A live key with a test secret: the pair Branch refuses.
        let mixed = try box.run("bnc-doctor", ["--offline", "--output", "json"], env: ["BRANCH_KEY": "key_live_doctor0001", "BRANCH_SECRET": Self.secret])
        #expect(mixed.status == 78, "\(mixed.output)")
        #expect(try checks(mixed.stdout)["credentials"]?["status"] == "fail")
        #expect(!mixed.stdout.contains(Self.secret))

        // A secret file others can read.
        let secretFile = try box.write("secret.txt", Self.secret + "\n", mode: 0o644)
        _ = try box.write(".config/bnc/config.toml", "[profile.prod]\nbranch_key = \"\(Self.key)\"\nbranch_secret_file = \"\(secretFile)\"\n")
        let open = try box.run("bnc-doctor", ["--offline", "--profile", "prod", "--output", "json"])
        #expect(open.status == 78, "\(open.output)")
        let fix = try checks(open.stdout)["credentials"]?["fix"] ?? ""
        #expect(fix.contains("chmod 600"), "\(open.stdout)")
        // U11: the profile chosen still shows when the credentials fail (what a ticket asks first).
        #expect(try checks(open.stdout)["profile"]?["detail"] == "prod (from --profile)", "\(open.stdout)")

        // A damaged state.db and a journal left for --resume.
        _ = try box.write(".local/state/bnc/state.db", String(repeating: "not a database ", count: 400))
        _ = try box.write(".local/state/bnc/journals/bnc-event-abc.db", "")
        let state = try box.run("bnc-doctor", ["--offline", "--output", "json"], env: ["BRANCH_KEY": Self.key])
        #expect(state.status == 78, "\(state.output)")
        let c = try checks(state.stdout)
        #expect(c["state.db"]?["status"] == "fail" && c["state.db"]?["fix"]?.contains("mv ") == true, "\(c["state.db"] ?? [:])")
        #expect(c["journals"]?["status"] == "warn" && c["journals"]?["fix"]?.contains("--resume") == true, "\(c["journals"] ?? [:])")
        #expect(c["upstream"]?["status"] == "skip")

        // A directory (or a link to nothing) where state.db goes: every tool keeping state refuses it (78), and
        // doctor says so; it said "none yet".
        try FileManager.default.removeItem(atPath: box.home + "/.local/state/bnc/state.db")
        try FileManager.default.createDirectory(atPath: box.home + "/.local/state/bnc/state.db", withIntermediateDirectories: true)
        let dir = try box.run("bnc-doctor", ["--offline", "--output", "json"], env: ["BRANCH_KEY": Self.key])
        #expect(dir.status == 78, "\(dir.output)")
        #expect(try checks(dir.stdout)["state.db"]?["status"] == "fail" && (try checks(dir.stdout)["state.db"]?["detail"] ?? "").contains("is a directory"),
                "\(dir.stdout)")
    }

    @Test func anUnreachableUpstreamIsExit69AndOfflineAsksNothing() throws {
        let down = try box.run("bnc-doctor", ["--api-url", "http://127.0.0.1:9", "--timeout", "2", "--output", "json"], env: ["BRANCH_KEY": Self.key])
        #expect(down.status == 69, "\(down.output)")
        #expect(try checks(down.stdout)["upstream"]?["status"] == "fail")
        // U11: the clock's row says why it was not compared, rather than vanishing.
        #expect(try checks(down.stdout)["clock"]?["status"] == "skip" && (try checks(down.stdout)["clock"]?["detail"] ?? "").contains("no upstream answered"),
                "\(down.stdout)")

        let s = try SandboxProcess()
        let proxy = "http://user:hunter2pass@127.0.0.1:9"
        let offline = try box.run("bnc-doctor", ["--offline", "--output", "json"], env: ["BNC_API_URL": s.url, "https_proxy": proxy])
        #expect(offline.status == 0, "\(offline.output)")
        #expect(try s.received().isEmpty, "--offline asks no upstream")
        #expect(try checks(offline.stdout)["clock"]?["status"] == "skip", "\(offline.stdout)")
        let detail = try checks(offline.stdout)["proxy"]?["detail"] ?? ""
        #expect(detail.contains("https_proxy=http://user:<redacted>@127.0.0.1:9") && !offline.stdout.contains("hunter2pass"), "\(detail)")
    }
}
