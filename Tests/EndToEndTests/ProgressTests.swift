// Long jobs show progress on a terminal's stderr — never into a pipe, never with --quiet — read back from a real
// pseudo-terminal: bnc-tune scan (by the file's bytes, compressed or not) and a batch (lines, rate, ETA).
import Foundation
import Testing
import TestSupport

@Suite struct ProgressTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let session = "https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&site_id=1234&sdk=server&device_ip=8.8.4.4&ios_ifv=6A14E2B0-1C3D-4E5F-8A9B-0C1D2E3F4A5B&device_brand=Apple&device_model=iPhone15%2C2&user_agent=UA&os_version=17.4&app_version=2.3.0"

    @Test func scanShowsHowFarItIsOnATerminalOnly() throws {
        _ = try box.write("access.log", String(repeating: Self.session + "\n", count: 20_000))
        #expect(try box.run("/bin/sh", ["-c", "gzip -c access.log > access.log.gz"]).status == 0)
        for file in ["access.log", "access.log.gz"] {
            let shown = try box.runOnTerminal("bnc-tune", ["scan", file, "--output", "json"])
            #expect(shown.terminal.contains("\r\u{1B}[K["), "a bar is drawn: \(shown.terminal.prefix(200))")
            #expect(shown.terminal.contains("% ") && shown.terminal.contains(" lines ") && shown.terminal.contains("ETA"), "\(shown.terminal.prefix(300))")
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any], "\(shown.stdout)")
            #expect(summary["lines"] as? Int == 20_000, "the data on stdout is untouched by the progress line")
        }
        let quiet = try box.runOnTerminal("bnc-tune", ["scan", "access.log", "--output", "json", "--quiet"])
        #expect(!quiet.terminal.contains("\u{1B}[K"), "--quiet: \(quiet.terminal)")
        let piped = try box.run("bnc-tune", ["scan", "access.log", "--output", "json"])
        #expect(!piped.stderr.contains("\u{1B}"), "never into a pipe")
    }

    @Test func aBatchShowsLinesRateAndTimeLeft() throws {
        let s = try SandboxProcess(["--chaos", "latency=3ms"])
        let input = try box.write("events.ndjson", (0..<300).map { #"{"name":"e\#($0)","user_data":{"developer_identity":"u","user_agent":"UA"}}"# }
            .joined(separator: "\n") + "\n")
        let env = ["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_progress"]
        let shown = try box.runOnTerminal("bnc-event", ["send", "--batch", input, "--concurrency", "2"], env: env)
        #expect(shown.status == 0)
        #expect(shown.terminal.contains("/300") && shown.terminal.contains("/s") && shown.terminal.contains("ETA"), "\(shown.terminal.prefix(300))")
        #expect(shown.terminal.contains("300 lines, 300 ok, 0 failed"), "the summary follows the erased bar")
        #expect(shown.stdout.split(separator: "\n").count == 300, "results stay on stdout")
        let quiet = try box.runOnTerminal("bnc-event", ["send", "--batch", input, "--concurrency", "2", "--quiet"], env: env)
        #expect(!quiet.terminal.contains("/300"), "--quiet: \(quiet.terminal)")
    }

    /// A lookup that waits for Apple says so on a terminal, each wait with its attempt; into a pipe it is silent.
    @Test func aWaitingLookupSaysWhyOnATerminal() throws {
        let s = try SandboxProcess()
        let mint = { () throws -> String in
            let answer = try s.control("/_sandbox/asa-token", method: "POST", body: #"{"not_found_times": 2}"#) as? [String: Any]
            return try #require(answer?["token"] as? String)
        }
        let shown = try box.runOnTerminal("bnc-asa", ["lookup", try mint(), "--retry-interval", "0.2", "--output", "json"], env: ["BNC_API_URL": s.url])
        #expect(shown.status == 0)
        #expect(shown.terminal.contains("attempt 1 of 3 got HTTP 404 (not yet); retrying in 0.2s"), "\(shown.terminal)")
        #expect(shown.terminal.contains("attempt 2 of 3 got HTTP 404 (not yet)"))
        let piped = try box.run("bnc-asa", ["lookup", try mint(), "--retry-interval", "0.2"], env: ["BNC_API_URL": s.url])
        #expect(!piped.stderr.contains("attempt"), "\(piped.stderr)")
    }

    /// A bulk of several chunks: items done of all on a terminal; Ctrl-C stops after the chunk in flight and says
    /// which items were not sent.
    func bulkInput(_ count: Int) throws -> String {
        let pad = String(repeating: "x", count: 200)
        return try box.write("links.ndjson", (0..<count).map { #"{"channel":"c\#($0)","data":{"note":"\#(pad)"}}"# }.joined(separator: "\n") + "\n")
    }

    @Test func bulkShowsItemsDoneOnATerminal() throws {
        let s = try SandboxProcess(["--chaos", "latency=50ms"])
        let input = try bulkInput(1500)
        let env = ["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_bulkprogress"]
        let shown = try box.runOnTerminal("bnc-link", ["bulk", input], env: env)
        #expect(shown.status == 0, "\(shown.terminal.suffix(300))")
        #expect(shown.terminal.contains("/1500 items") && shown.terminal.contains("ETA"), "\(shown.terminal.prefix(300))")
        #expect(shown.stdout.split(separator: "\n").count == 1500)
        let quiet = try box.runOnTerminal("bnc-link", ["bulk", input, "--quiet"], env: env)
        #expect(!quiet.terminal.contains("items  "), "--quiet: \(quiet.terminal.prefix(200))")
        let piped = try box.run("bnc-link", ["bulk", input], env: env)
        #expect(!piped.stderr.contains("\u{1B}"), "never into a pipe")
    }

    @Test func anInterruptedBulkSaysWhatWasNotSent() throws {
        let s = try SandboxProcess(["--chaos", "latency=700ms"])
        let input = try bulkInput(1500)
        let run = try BackgroundTool("bnc-link", ["bulk", input], environment: box.environment(["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_bulkprogress"]),
                                     directory: box.home)
        let deadline = Date().addingTimeInterval(30)
        while (try? s.received().count) ?? 0 < 1 && Date() < deadline { usleep(20_000) }
        run.signal(SIGINT)
        #expect(run.wait() == 130, "\(run.stderr)")
        #expect(run.stderr.contains("interrupted after ") && run.stderr.contains(" of 1500 items; items ") && run.stderr.contains("were not sent"), "\(run.stderr)")
        #expect(try s.received().count < 4, "the chunks after the signal were not sent")
        #expect(run.outputLines.count < 1500 && !run.outputLines.isEmpty, "the chunk in flight was finished and printed")
    }
}
