// Signals, round 9: SIGHUP (the terminal closing, an ssh session dropped) took its default and ended a batch with
// 129, no summary and no word of --resume, and a scan the same way; `nohup` must still keep a run going.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound9Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    func events(_ n: Int) throws -> String {
        try box.write("events.ndjson", (0..<n).map { #"{"name":"e\#($0)","user_data":{"developer_identity":"u\#($0)"}}"# }
            .joined(separator: "\n") + "\n")
    }

    func env(_ s: SandboxProcess) -> [String: String] {
        box.environment(["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_round9placeholder"])
    }

    /// SIGHUP stops a batch as ^C does: the lines in flight finish, every request sent has its result line, the
    /// summary says how to resume, exit 130; and --resume then sends only the rest.
    @Test func sighupStopsABatchLikeInterrupt() throws {
        let s = try SandboxProcess(["--chaos", "latency=5ms"])
        let input = try events(3000)
        let journal = box.root.appendingPathComponent("hup.db").path
        let args = ["POST", "/v2/event/custom", "--batch", input, "--concurrency", "4", "--journal", journal]
        let run = try BackgroundTool("bnc-api", args, environment: env(s), directory: box.home)
        #expect(run.waitForLines(100))
        run.signal(SIGHUP)
        #expect(run.wait() == 130, "\(run.stderr)")
        let lines = run.outputLines
        #expect(lines.count < 3000)
        #expect(try s.received().count <= lines.count, "every request sent has its result line")
        #expect(run.stderr.contains("interrupted after \(lines.count) of 3000 lines; rerun the same command with --resume"), "\(run.stderr)")
        let resumed = try box.run("bnc-api", args + ["--resume"], env: env(s))
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("\(lines.count) acknowledged earlier (resumed)"), "\(resumed.stderr)")
        let names = try s.received().compactMap { ($0["body"] as? [String: Any])?["name"] as? String }
        #expect(names.count == 3000 && Set(names).count == 3000, "each line sent once: \(names.count) requests")
    }

    /// A run started under nohup (SIGHUP ignored) goes on to the end when the terminal closes.
    @Test func aBatchUnderNohupOutlivesSIGHUP() throws {
        let s = try SandboxProcess(["--chaos", "latency=5ms"])
        let input = try events(400)
        let run = try BackgroundTool("/usr/bin/nohup", [Executables.path("bnc-api"), "POST", "/v2/event/custom", "--batch", input, "--concurrency", "2"],
                                     environment: env(s), directory: box.home)
        #expect(run.waitForLines(20))
        run.signal(SIGHUP)
        #expect(run.wait() == 0, "\(run.stderr)")
        #expect(run.outputLines.count == 400)
    }

    /// A scan waiting on a FIFO, and a single request to a server that never answers: SIGHUP ends each with 130
    /// and its word (129 and silence before).
    @Test func sighupEndsAScanAndASingleRequestWith130() throws {
        let fifo = box.root.appendingPathComponent("log.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = open(fifo, O_RDWR)  // kept open: the scan waits for more lines
        defer { close(writer) }
        let line = "https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&site_id=1000&sdk=ios\n"
        _ = line.withCString { write(writer, $0, strlen($0)) }
        let scan = try BackgroundTool("bnc-tune", ["scan", fifo], environment: box.environment([:]), directory: box.home)
        usleep(500_000)
        scan.signal(SIGHUP)
        #expect(scan.wait() == 130, "\(scan.stderr)")
        #expect(scan.stderr.contains("bnc-tune: interrupted after 1 line"), "\(scan.stderr)")

        let listener = try SilentListener()
        defer { withExtendedLifetime(listener) {} }  // open until the requests are done
        let port = listener.port
        let request = try BackgroundTool("bnc-api", ["GET", "/v1/app/key_test_round9placeholder", "--api-url", "http://127.0.0.1:\(port)", "--max-time", "30"],
                                         environment: ["BRANCH_KEY": "key_test_round9placeholder"], directory: box.home)
        usleep(500_000)
        request.signal(SIGHUP)
        #expect(request.wait() == 130)
        #expect(request.stderr.contains("bnc-api: interrupted"), "\(request.stderr)")
    }

    /// A batch reading a FIFO whose writer is idle held its line until the next one came (`tail -f | bnc-event
    /// --batch -` sent each event one event late), and waited in read() through every SIGTERM (the signal reached
    /// another thread). Each line now goes as it comes, and SIGTERM stops the run at once, with its summary.
    @Test func aBatchWaitingOnIdleInputStopsOnSIGTERM() throws {
        let s = try SandboxProcess()
        let fifo = box.root.appendingPathComponent("events.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = open(fifo, O_RDWR)
        defer { close(writer) }
        let line = #"{"name":"first","user_data":{"developer_identity":"u"}}"# + "\n"
        _ = line.withCString { write(writer, $0, strlen($0)) }
        let run = try BackgroundTool("bnc-api", ["POST", "/v2/event/custom", "--batch", fifo], environment: env(s), directory: box.home)
        #expect(run.waitForLines(1, timeout: 10), "the line went without waiting for the next")
        let second = #"{"name":"second","user_data":{"developer_identity":"u"}}"# + "\n"
        _ = second.withCString { write(writer, $0, strlen($0)) }
        #expect(run.waitForLines(2, timeout: 10))
        #expect(try s.received().count == 2)
        run.signal(SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while !run.hasExited && Date() < deadline { usleep(20_000) }
        #expect(run.hasExited, "still waiting for input after SIGTERM")
        #expect(run.wait() == 130, "\(run.stderr)")
        #expect(run.stderr.contains("2 lines, 2 ok"), "\(run.stderr)")
    }

    /// `tail -f access.log | bnc-tune scan - --output ndjson` showed nothing until 1,024 lines had come (a chunk
    /// for the scan's threads): the lines already read now go as they are.
    @Test func aScanOfALiveLogPrintsFindingsAsLinesCome() throws {
        let fifo = box.root.appendingPathComponent("live.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = open(fifo, O_RDWR)
        defer { close(writer) }
        let line = "203.0.113.9 - - [23/Nov/2026:10:00:00 +0000] \"GET /serve?action=session&advertiser_id=877&site_id=1000&sdk=ios&ios_ifa=6D92078A-8246-4BA4-AE5B-000000000001&device_ip=10.0.0.1 HTTP/1.1\" 200 12 \"-\" \"UA\"\n"
        _ = line.withCString { write(writer, $0, strlen($0)) }
        let scan = try BackgroundTool("bnc-tune", ["scan", fifo, "--output", "ndjson", "--jobs", "2"], environment: box.environment([:]), directory: box.home)
        #expect(scan.waitForLines(1, timeout: 10), "the first line's finding, before more lines come")
        #expect(scan.outputLines.first?.contains(#""line":1"#) == true, "\(scan.outputLines)")
        scan.signal(SIGINT)
        #expect(scan.wait() == 130, "\(scan.stderr)")
        #expect(scan.stderr.contains("interrupted after 1 line:"), "\(scan.stderr)")
    }

    /// The sandbox in a terminal that closes stops as on SIGTERM: exit 0, its state file closed and kept.
    @Test func sighupStopsTheSandboxCleanly() throws {
        let state = box.root.appendingPathComponent("state.db").path
        let sandbox = try BackgroundTool("bnc-sandbox", ["--port", "0", "--state", state], environment: box.environment([:]), directory: box.home)
        #expect(sandbox.waitForLines(1))
        sandbox.signal(SIGHUP)
        #expect(sandbox.wait() == 0, "\(sandbox.stderr)")
        #expect(FileManager.default.fileExists(atPath: state))
        // The lock went with it: a second sandbox takes the same state at once.
        let again = try SandboxProcess(["--state", state])
        #expect(try again.received().isEmpty)
    }
}
