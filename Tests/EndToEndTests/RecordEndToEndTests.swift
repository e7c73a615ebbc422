// --record FILE against bnc-sandbox: every attempt, retries included, as HAR 1.2 — read back by a HAR reader
// (Python's haralyzer) and checked against the HAR 1.2 schema (Tests/Fixtures/har); secrets redacted unless
// --show-secrets; mode 0600; bounded for batches (the first N and every failure); a file of another kind refused.
import Foundation
import Testing
import TestSupport

@Suite struct RecordEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/har").path
    static let key = "key_test_record0001"
    static let secret = "secret_test_record0001"

    func sandbox(_ extra: [String] = []) throws -> SandboxProcess {
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"\#(Self.secret)","app_id":"4242","access_token":"tok_record_0001"}]"#)
        return try SandboxProcess(["--keys", keys] + extra)
    }

    /// What haralyzer reads in the file, after the schema check.
    func read(_ path: String) throws -> [String: Any] {
        let r = try box.run("/usr/bin/env", ["python3", Self.fixtures + "/validate.py", path], env: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        #expect(r.status == 0, "not valid HAR 1.2: \(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.output)")
    }

    @Test func aLookupWithRetriesRecordsEveryAttemptWithTheTokenRedacted() throws {
        let s = try sandbox()
        let answer = try s.control("/_sandbox/asa-token", method: "POST", body: #"{"not_found_times": 2}"#) as? [String: Any]
        let token = try #require(answer?["token"] as? String)
        let har = box.home + "/lookup.har"
        let r = try box.run("bnc-asa", ["lookup", token, "--retry-interval", "0.1", "--record", har], env: ["BNC_API_URL": s.url])
        #expect(r.status == 0, "\(r.output)")
        #expect(r.stderr.contains("recorded 3 attempts in \(har)"), "\(r.stderr)")
        let found = try read(har)
        #expect(found["creator"] as? String == "bnc-asa")
        #expect(found["statuses"] as? [Int] == [404, 404, 200], "\(found)")
        #expect(found["comments"] as? [String] == ["attempt 1", "attempt 2", "attempt 3"])
        let text = try String(contentsOfFile: har, encoding: .utf8)
        #expect(!text.contains(token) && text.contains("<redacted>"), "the AdServices token is a secret")
        let mode = try FileManager.default.attributesOfItem(atPath: har)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aRequestRecordsBodyAndAnswerAndShowSecretsKeepsThem() throws {
        let s = try sandbox()
        let env = ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret]
        let har = box.home + "/update.har"
        let created = try box.run("bnc-link", ["create", "--channel", "sms"], env: env)
        let url = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let r = try box.run("bnc-link", ["update", url, "--channel", "email", "--replace", "--record", har], env: env)
        #expect(r.status == 0, "\(r.output)")
        #expect(try read(har)["methods"] as? [String] == ["PUT"])
        let text = try String(contentsOfFile: har, encoding: .utf8)
        #expect(!text.contains(Self.secret) && text.contains("email") && text.contains(#""status":200"#), "\(text.prefix(400))")
        let shown = try box.run("bnc-link", ["update", url, "--channel", "web", "--replace", "--record", har, "--show-secrets"], env: env)
        #expect(shown.status == 0)
        #expect(try String(contentsOfFile: har, encoding: .utf8).contains(Self.secret), "--show-secrets keeps them, as in every rendering")
    }

    @Test func aBatchKeepsTheFirstNAndEveryFailure() throws {
        let s = try sandbox()
        var lines = (0..<6).map { #"{"name":"e\#($0)","user_data":{"developer_identity":"u","user_agent":"UA"}}"# }
        lines.append(#"{"name":"bad"}"#)  // bnc-api sends bodies as they are: Branch refuses an event without user_data
        let input = try box.write("events.ndjson", lines.joined(separator: "\n") + "\n")
        let har = box.home + "/batch.har"
        // One at a time: the first two attempts are the first two to end, and at concurrency 8 the failing line
        // ended first or second about one run in sixteen (then only two were recorded, which is right).
        let r = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", input, "--record", har, "--record-limit", "2", "--concurrency", "1"],
                            env: ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key])
        #expect(r.status == 1, "one line failed: \(r.output)")
        let statuses = try read(har)["statuses"] as? [Int] ?? []
        #expect(statuses.count == 3 && statuses.filter { $0 >= 400 }.count == 1, "two first and the failure: \(statuses)")
        #expect(r.stderr.contains("recorded 3 attempts") && r.stderr.contains("4 more left out"), "\(r.stderr)")
    }

    /// A batch of AdServices tokens: every attempt of every line (Apple's 404 retried), each token redacted.
    @Test func anAdServicesBatchRecordsEveryAttemptOfEveryToken() throws {
        let s = try sandbox()
        var tokens: [String] = []
        for notFound in [0, 1, 0] {
            let answer = try s.control("/_sandbox/asa-token", method: "POST", body: #"{"not_found_times": \#(notFound)}"#) as? [String: Any]
            tokens.append(try #require(answer?["token"] as? String))
        }
        let input = try box.write("tokens.ndjson", tokens.map { #"{"token":"\#($0)"}"# }.joined(separator: "\n") + "\n")
        let har = box.home + "/tokens.har"
        let r = try box.run("bnc-asa", ["lookup", "--batch", input, "--retry-interval", "0.1", "--record", har, "--no-cache"], env: ["BNC_API_URL": s.url])
        #expect(r.status == 0, "\(r.output)")
        #expect(r.stdout.split(separator: "\n").count == 3, "one result per token")
        #expect(r.stderr.contains("recorded 4 attempts in \(har)"), "\(r.stderr)")
        let found = try read(har)
        #expect(found["creator"] as? String == "bnc-asa")
        #expect((found["statuses"] as? [Int])?.sorted() == [200, 200, 200, 404], "\(found)")
        let text = try String(contentsOfFile: har, encoding: .utf8)
        for token in tokens { #expect(!text.contains(token), "an AdServices token is a secret, in a batch too") }
        #expect(!r.stdout.contains(tokens[0]) && !r.stderr.contains(tokens[0]))
    }

    @Test func aFileOfAnotherKindIsNeverReplaced() throws {
        let s = try sandbox()
        let notes = try box.write("notes.txt", "my notes\n", mode: 0o644)
        let r = try box.run("bnc-link", ["create", "--channel", "sms", "--record", notes], env: ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key])
        #expect(r.status == 78, "\(r.output)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes\n")
        #expect(try s.received().isEmpty, "refused before anything was sent")
        let dash = try box.run("bnc-link", ["create", "--record", "-"], env: ["BRANCH_KEY": Self.key])
        #expect(dash.status == 64 && dash.stderr.contains("--record writes a file"), "\(dash.stderr)")
    }

    /// A recording made against one Branch (here a sandbox with one app's keys) replayed against another with the
    /// current credentials: the redacted secret is filled from the settings, the key is the current one.
    @Test func aRecordingReplaysWithTheCurrentCredentials() throws {
        let first = try sandbox()
        let har = box.home + "/customer.har"
        let recorded = try box.run("bnc-api", ["POST", "/v1/url", "-f", "channel=sms", "--with-secret", "--record", har],
                                   env: ["BNC_API_URL": first.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret])
        #expect(recorded.status == 0, "\(recorded.output)")
        #expect(!(try String(contentsOfFile: har, encoding: .utf8)).contains(Self.secret))

        let second = try SandboxProcess()
        let replayed = try box.run("bnc-api", ["--replay", har, "--output", "ndjson"],
                                   env: ["BNC_API_URL": second.url, "BRANCH_KEY": "key_test_replay0002", "BRANCH_SECRET": "secret_test_replay0002"])
        #expect(replayed.status == 0, "\(replayed.output)")
        #expect(replayed.stdout.contains(#""recorded_status":200"#) && replayed.stdout.contains(#""status":200"#), "\(replayed.stdout)")
        let got = try second.received()
        #expect(got.count == 1)
        let body = got.first?["body"] as? [String: Any]
        #expect(body?["branch_secret"] as? String == "secret_test_replay0002" && body?["branch_key"] as? String == "key_test_replay0002"
                && body?["channel"] as? String == "sms", "\(got)")
    }

    /// A recording's own host never receives the credentials replay fills in: with no base URL set, the requests
    /// go to Branch's (a HAR naming http://elsewhere was sent there, secret and token filled in).
    @Test func aRecordingsOwnHostGetsNoCredentials() throws {
        let elsewhere = try SandboxProcess()
        let entry = #"{"request":{"method":"POST","url":"\#(elsewhere.url)/v1/url?branch_secret=<redacted>","headers":[{"name":"Access-Token","value":"<redacted>"}],"postData":{"mimeType":"application/json","text":"{\"branch_key\":\"k\",\"branch_secret\":\"<redacted>\"}"}},"response":{"status":200}}"#
        let har = try box.write("foreign.har", #"{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[\#(entry)]}}"#)
        let env = ["BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret, "BRANCH_ACCESS_TOKEN": "api_app_PLACEHOLDER_REPLAY01"]
        let dry = try box.run("bnc-api", ["--replay", har, "--dry-run"], env: env)
        #expect(dry.status == 0 && dry.stdout.contains("https://api2.branch.io/v1/url?branch_secret=<redacted>"), "\(dry.output)")
        #expect(!dry.stdout.contains(elsewhere.url), "\(dry.stdout)")
        let mine = try sandbox()
        _ = try box.run("bnc-api", ["--replay", har, "--retries", "0"], env: env.merging(["BNC_API_URL": mine.url]) { $1 })
        #expect(try elsewhere.received().isEmpty, "the recorded host got nothing")
        #expect(try mine.received().count == 1)
        // A base URL with a path of its own, which the recording's path already starts with: not doubled.
        let prefixed = try box.run("bnc-api", ["--replay", har, "--dry-run", "--api-url", "http://127.0.0.1:9/v1"], env: env)
        #expect(prefixed.stdout.contains("http://127.0.0.1:9/v1/url?"), "\(prefixed.stdout)")
    }

    /// bnc-app's recordings carry the secret in the URL's query (`/v1/app/KEY?branch_secret=<redacted>`): replay
    /// refused them ("its URL holds a redacted value bnc cannot fill") though the man page says a secret is filled.
    @Test func anAppRecordingReplaysWithTheSecretFilledInTheQuery() throws {
        let s = try sandbox()
        let har = box.home + "/app.har"
        let env = ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret]
        let recorded = try box.run("bnc-app", ["get", "--record", har, "--output", "json"], env: env)
        #expect(recorded.status == 0, "\(recorded.output)")
        let text = try String(contentsOfFile: har, encoding: .utf8)
        #expect(!text.contains(Self.secret) && text.contains("branch_secret=%3Credacted%3E") || text.contains("branch_secret=<redacted>"), "\(text.prefix(600))")
        let replayed = try box.run("bnc-api", ["--replay", har, "--output", "ndjson"], env: env)
        #expect(replayed.status == 0 && replayed.stdout.contains(#""status":200"#), "\(replayed.output)")
        #expect(!replayed.output.contains(Self.secret), "the filled secret is not shown")
        // The sandbox knows this app's secret only: another one filled in is refused, so the 200 above was the
        // current secret's.
        let wrong = try box.run("bnc-api", ["--replay", har, "--output", "ndjson"], env: env.merging(["BRANCH_SECRET": "secret_test_other0001"]) { $1 })
        #expect(wrong.status == 1 && !wrong.stdout.contains(#""status":200"#), "\(wrong.output)")
    }

    @Test func aRecordingWithOtherRedactedValuesIsRefusedWhole() throws {
        let s = try SandboxProcess()
        let entry = { (body: String) in
            #"{"request":{"method":"POST","url":"https://api2.branch.io/v1/url","httpVersion":"HTTP/2","cookies":[],"headers":[{"name":"User-Agent","value":"x"}],"queryString":[],"postData":{"mimeType":"application/json","text":"\#(body)"},"headersSize":-1,"bodySize":-1},"response":{"status":200}}"#
        }
        let good = entry(#"{\"channel\":\"a\"}"#), bad = entry(#"{\"data\":{\"token\":\"<redacted>\"}}"#)
        let har = try box.write("edited.har", #"{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[\#(good),\#(bad)]}}"#)
        let r = try box.run("bnc-api", ["--replay", har], env: ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key])
        #expect(r.status == 65 && r.stderr.contains("entry 2: body field data.token was redacted"), "\(r.stderr)")
        #expect(try s.received().isEmpty, "checked whole before the first is sent")
        let notHAR = try box.write("x.har", #"{"entries":[]}"#)
        let n = try box.run("bnc-api", ["--replay", notHAR], env: ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key])
        #expect(n.status == 65 && n.stderr.contains("is not a HAR recording"), "\(n.stderr)")
        let both = try box.run("bnc-api", ["GET", "/v1/url", "--replay", har], env: ["BRANCH_KEY": Self.key])
        #expect(both.status == 64, "\(both.stderr)")
    }
}
