// Signals, pipes and runs side by side, round 8 (a QA sweep: `| head`, /dev/full, SIGTERM, two runs on one
// journal): a scan whose standard output failed replaced complete reports with a one-line one, and a second batch
// on a journal in use waited out SQLite's busy timeout before blaming "another program".
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound8Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    /// 3,000 TUNE sessions, each with a finding (a private device_ip).
    func log() throws -> String {
        let line = { (i: Int) in
            "203.0.113.\(i % 250) - - [23/Nov/2026:10:00:00 +0000] \"GET /serve?action=session&advertiser_id=877&site_id=1000&sdk=ios&ios_ifa=6D92078A-8246-4BA4-AE5B-\(String(format: "%012X", i))&device_ip=10.0.0.1 HTTP/1.1\" 200 12 \"-\" \"UA\""
        }
        return try box.write("tune.log", (0..<3000).map(line).joined(separator: "\n") + "\n")
    }

    /// "Reports are renamed into place only when complete": a scan that stopped because its standard output
    /// failed (a closed pipe, a full device, a closed descriptor) wrote reports of the lines before, over complete
    /// ones, even when it exited 74. They are now left as they were.
    @Test func aScanWhoseOutputFailedKeepsTheEarlierReports() throws {
        let log = try log()
        let report = box.root.appendingPathComponent("r.xml").path, junit = box.root.appendingPathComponent("j.xml").path
        let full = try box.run("bnc-tune", ["scan", log, "--report", report, "--junit", junit, "--output", "json"])
        #expect(full.status == 1, "\(full.stderr)")
        let before = try [Data(contentsOf: URL(fileURLWithPath: report)), Data(contentsOf: URL(fileURLWithPath: junit))]
        #expect(String(decoding: before[0], as: UTF8.self).contains(#"<count name="requests" value="3000"/>"#))
        let scan = "'\(Executables.path("bnc-tune"))' scan '\(log)' --output ndjson --report '\(report)' --junit '\(junit)'"
        for (shell, status) in [("\(scan) | head -1 > /dev/null; exit ${PIPESTATUS[0]}", nil), ("\(scan) > /dev/full", Int32(74)), ("\(scan) >&-", Int32(74))] {
            let r = try box.run("/bin/bash", ["-c", shell])
            if let status { #expect(r.status == status, "\(shell): \(r.output)") }
            #expect(r.stderr.contains("no report written (any earlier one is kept as it was)"), "\(shell): \(r.stderr)")
            let after = try [Data(contentsOf: URL(fileURLWithPath: report)), Data(contentsOf: URL(fileURLWithPath: junit))]
            #expect(after == before, "\(shell): the complete reports are kept byte for byte")
        }
    }

    /// A second batch on a journal another run holds is refused at once, naming that run's pid (it waited SQLite's
    /// busy timeout, 10 s, then blamed "another program"); nothing is sent twice.
    @Test func aJournalInUseIsRefusedAtOnceNamingItsRun() throws {
        let s = try SandboxProcess()
        let lines = (0..<400).map { #"{"name":"E\#($0)","user_data":{"developer_identity":"u\#($0)","user_agent":"UA"},"ip":"8.8.4.4"}"# }
        let input = try box.write("ev.ndjson", lines.joined(separator: "\n") + "\n")
        let journal = box.root.appendingPathComponent("j.db").path
        let env = ["BRANCH_KEY": "key_live_round8PLACEHOLDER", "BNC_API_URL": s.url]
        let holder = try BackgroundTool("bnc-event", ["send", "--batch", input, "--rate", "50", "--journal", journal, "--no-state"],
                                        environment: env, directory: box.home)
        #expect(holder.waitForLines(5))
        let started = Date()
        let second = try box.run("bnc-event", ["send", "--batch", input, "--rate", "50", "--journal", journal, "--resume", "--no-state"], env: env)
        #expect(second.status == 75 && second.stderr.contains("the journal \(journal) is held by another run (pid \(holder.pid))"), "\(second.output)")
        #expect(Date().timeIntervalSince(started) < 3, "refused at once, not after SQLite's busy timeout")
        #expect(second.stdout.isEmpty)
        holder.signal(SIGINT)
        #expect(holder.wait() == 130)
    }

    /// A batch from a pipe without --journal keeps no journal: a failed standard output says so, not "the journal
    /// keeps what was acknowledged (--resume)", which it cannot.
    @Test func aBatchWithoutAJournalDoesNotPromiseOne() throws {
        let s = try SandboxProcess()
        let env = ["BRANCH_KEY": "key_live_round8PLACEHOLDER", "BNC_API_URL": s.url]
        let lines = (0..<3).map { #"{"name":"E\#($0)","user_data":{"developer_identity":"u","user_agent":"UA"},"ip":"8.8.4.4"}"# }.joined(separator: "\n")
        let tool = Executables.path("bnc-event")
        let piped = try box.run("/bin/bash", ["-c", "printf '%s\\n' '\(lines.replacing("'", with: "'\\''"))' | '\(tool)' send --batch - > /dev/full"], env: env)
        #expect(piped.status == 74 && piped.stderr.contains("no journal kept what was acknowledged (--journal FILE keeps it)")
                && !piped.stderr.contains("the journal keeps"), "\(piped.output)")
        let journal = box.root.appendingPathComponent("j.db").path
        let kept = try box.run("/bin/bash", ["-c", "printf '%s\\n' '\(lines.replacing("'", with: "'\\''"))' | '\(tool)' send --batch - --journal '\(journal)' > /dev/full"], env: env)
        #expect(kept.status == 74 && kept.stderr.contains("the journal keeps what was acknowledged (--resume)"), "\(kept.output)")
    }

    /// SIGTERM ended a single request (and a download) with 143 and no word, a progress bar left on the terminal;
    /// every man page says 130 for SIGINT or SIGTERM. A request to a server that never answers, then SIGTERM:
    /// 130, "bnc-api: interrupted". A SIGINT the tool was started with ignored stays ignored (a background job).
    @Test func sigtermEndsASingleRequestWith130() throws {
        let listener = try SilentListener()
        defer { withExtendedLifetime(listener) {} }  // open until the requests are done
        let port = listener.port
        let env = ["BRANCH_KEY": "key_live_round8PLACEHOLDER"]
        for sig in [SIGTERM, SIGINT] {
            let run = try BackgroundTool("bnc-api", ["GET", "/v1/app/key_live_round8PLACEHOLDER", "--api-url", "http://127.0.0.1:\(port)", "--max-time", "30"],
                                         environment: env, directory: box.home)
            usleep(500_000)
            run.signal(sig)
            #expect(run.wait() == 130, "signal \(sig)")
            #expect(run.stderr.contains("bnc-api: interrupted"), "\(sig): \(run.stderr)")
        }
    }

    /// Two sandboxes on one --state each kept their own view and wrote over the other's rows: a link one answered
    /// 200 for was lost. The second is refused before it listens (75, naming the first's pid); the first goes on.
    @Test func aStateFileServesOneSandbox() throws {
        let state = box.root.appendingPathComponent("state.db").path
        let first = try SandboxProcess(["--state", state])
        let second = try box.run("bnc-sandbox", ["--port", "0", "--state", state])
        #expect(second.status == 75 && second.stderr.contains("--state \(state) is used by another sandbox (pid \(first.pid))"), "\(second.output)")
        #expect(!second.stdout.contains("listening"), "refused before it listens")
        #expect(try first.received().isEmpty, "the first still answers")
        // A file that is not a sandbox's state gets no lock file beside it.
        let other = try box.write("notes.txt", "precious\n")
        let refused = try box.run("bnc-sandbox", ["--port", "0", "--state", other])
        #expect(refused.status != 0 && !FileManager.default.fileExists(atPath: other + ".lock"), "\(refused.output)")
    }
}
