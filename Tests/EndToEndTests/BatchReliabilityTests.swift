// The batch runner under the sandbox's chaos: nothing lost under 429s, 5xx and resets, nothing lost over
// kill -9 and --resume, duplicates only where the summary says a line was in flight.
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct BatchReliabilityTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    func events(_ n: Int) throws -> String {
        try box.write("events.ndjson", (0..<n).map { #"{"name":"e\#($0)","user_data":{"developer_identity":"u\#($0)"},"custom_data":{"i":"\#($0)"}}"# }
            .joined(separator: "\n") + "\n")
    }

    func env(_ s: SandboxProcess) -> [String: String] {
        box.environment(["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_batch"])
    }

    /// Names of the events the sandbox answered 200, with how many times each.
    func delivered(_ s: SandboxProcess) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for r in try s.received() where r["status"] as? Int == 200 {
            if let name = (r["body"] as? [String: Any])?["name"] as? String { counts[name, default: 0] += 1 }
        }
        return counts
    }

    static let chaos = ["--chaos", "429=0.1,500=0.05,reset=0.02,retry-after=0", "--seed", "7", "--max-recorded", "1000000"]

    @Test func fiveThousandEventsUnderChaosAreAllAcknowledgedOnce() throws {
        let s = try SandboxProcess(Self.chaos)
        let input = try events(5000)
        let r = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", input, "--concurrency", "16", "--retries", "10"],
                            env: env(s).filter { $0.key != "HOME" && $0.key != "PATH" })
        #expect(r.status == 0, "\(r.stderr)")
        let results = r.stdout.split(separator: "\n")
        #expect(results.count == 5000)
        #expect(results.allSatisfy { $0.contains("\"ok\":true") })
        #expect(results.first?.hasPrefix("{\"line\":1,") == true && results.last?.hasPrefix("{\"line\":5000,") == true)
        let counts = try delivered(s)
        #expect(counts.count == 5000, "every line reached the sandbox")
        #expect(counts.values.allSatisfy { $0 == 1 }, "injected faults happen before the service acts: no duplicates")
        let injected = try s.received().filter { $0["chaos"] as? Bool == true }.count
        #expect(injected > 400, "the chaos really happened (\(injected) injected faults)")
        #expect(r.stderr.contains("5000 lines, 5000 ok, 0 failed"))
        #expect(!r.stderr.contains("ambiguous"))
    }

    @Test func killedTwiceAndResumedLosesNothing() throws {
        let s = try SandboxProcess(Self.chaos)
        let input = try events(5000)
        let journal = box.root.appendingPathComponent("j.db").path
        let args = ["POST", "/v2/event/custom", "--batch", input, "--concurrency", "8", "--retries", "10", "--journal", journal]
        var ambiguous = 0
        for (i, threshold) in [800, 2500].enumerated() {
            let run = try BackgroundTool("bnc-api", args + (i == 0 ? [] : ["--resume"]), environment: env(s), directory: box.home)
            #expect(run.waitForLines(threshold), "run \(i) printed \(run.outputLines.count) lines")
            run.signal(SIGKILL)
            #expect(run.wait() == 128 + SIGKILL)
        }
        let last = try box.run("bnc-api", args + ["--resume"], env: env(s))
        #expect(last.status == 0, "\(last.stderr)")
        let results = last.stdout.split(separator: "\n")
        #expect(results.count == 5000)
        #expect(results.allSatisfy { $0.contains("\"ok\":true") })
        if let m = last.stderr.firstRange(of: #/(\d+) ambiguous/#) { ambiguous = Int(last.stderr[m].split(separator: " ")[0]) ?? 0 }
        let counts = try delivered(s)
        #expect(counts.count == 5000, "nothing lost")
        let duplicates = counts.values.reduce(0) { $0 + $1 - 1 }
        #expect(duplicates <= 16, "at most the lines in flight at each kill (concurrency 8, two kills): \(duplicates)")
        #expect(duplicates <= ambiguous + 8, "duplicates come from in-flight lines (\(duplicates) vs \(ambiguous) reported)")
    }

    @Test func sigintFinishesTheInFlightLinesAndExits130() throws {
        let s = try SandboxProcess(["--chaos", "latency=5ms"])
        let input = try events(3000)
        let run = try BackgroundTool("bnc-api", ["POST", "/v2/event/custom", "--batch", input, "--concurrency", "4"],
                                     environment: env(s), directory: box.home)
        #expect(run.waitForLines(100))
        run.signal(SIGINT)
        #expect(run.wait() == 130)
        let lines = run.outputLines
        #expect(lines.count < 3000)
        let sent = try s.received().count
        #expect(sent <= lines.count, "every request sent has its result line (\(sent) sent, \(lines.count) results)")
        #expect(run.stderr.contains("lines"))
        #expect(run.stderr.contains("interrupted after \(lines.count) of 3000 lines; rerun the same command with --resume to send only the lines not acknowledged"),
                "\(run.stderr)")
    }

    /// A run with failed lines keeps its own journal and says so; --resume sends only the lines not acknowledged.
    @Test func failedLinesAreResumedAlone() throws {
        let s = try SandboxProcess()
        let good = (0..<5).map { #"{"name":"g\#($0)","user_data":{"developer_identity":"u"}}"# }
        let input = try box.write("mixed.ndjson", (good + [#"{"name":"bad","user_data":{}}"#]).joined(separator: "\n") + "\n")
        let first = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", input], env: env(s))
        #expect(first.status == 1)
        #expect(first.stderr.contains("1 line failed (their results say why); rerun the same command with --resume to send only the lines not acknowledged"),
                "\(first.stderr)")
        let before = try s.received().count
        let again = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", input, "--resume"], env: env(s))
        #expect(again.status == 1)
        #expect(try s.received().count == before + 1, "only the failed line is sent again")
        #expect(again.stderr.contains("5 acknowledged earlier (resumed)"), "\(again.stderr)")
        // From a pipe there is no journal to resume from: the hint says how to have one.
        let piped = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", "-"], env: env(s), stdin: #"{"name":"b","user_data":{}}"# + "\n")
        #expect(piped.stderr.contains("a batch from a pipe resumes only with a journal: pass --journal FILE next time"), "\(piped.stderr)")
    }

    /// The tool's own journal behaves as a kept --journal FILE: a --resume of a run that finished sends nothing
    /// (its journal was removed, and every line went again with exit 0), and a --resume of an input changed since
    /// its unfinished run is refused (every line, acknowledged ones too, went again). QA round 26b, U8.
    @Test func aResumeNeverSendsAcknowledgedLinesAgain() throws {
        let s = try SandboxProcess()
        let input = try box.write("done.ndjson", (0..<3).map { #"{"name":"d\#($0)","user_data":{"developer_identity":"u"}}"# }.joined(separator: "\n") + "\n")
        let first = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", input], env: env(s))
        #expect(first.status == 0, "\(first.stderr)")
        let sent = try s.received().count
        let again = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", input, "--resume", "--output", "json"], env: env(s))
        #expect(again.status == 0 && again.stdout == "[]\n", "\(again.output)")
        #expect(again.stderr.contains("every line of \(input) was acknowledged by a run that finished at") && again.stderr.contains("(3 lines): nothing sent"),
                "\(again.stderr)")
        #expect(try s.received().count == sent, "nothing sent again")
        // Elsewhere, the finished run's lines were never sent: refused, as a kept journal's are.
        let other = try SandboxProcess()
        let elsewhere = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", input, "--resume"], env: env(other))
        #expect(elsewhere.status == 78 && elsewhere.stderr.contains("sent to"), "\(elsewhere.stderr)")
        #expect(try other.received().isEmpty)
        // Without --resume, every line goes again, as asked.
        let fresh = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", input], env: env(s))
        let resent = try s.received().count
        #expect(fresh.status == 0 && resent == sent + 3, "\(fresh.stderr)")

        // A run with a failed line, the file then edited, and --resume: refused, nothing sent.
        let mixed = try box.write("mixed2.ndjson", #"{"name":"m0","user_data":{"developer_identity":"u"}}"# + "\n" + #"{"name":"bad","user_data":{}}"# + "\n")
        let failed = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", mixed], env: env(s))
        #expect(failed.status == 1, "\(failed.stderr)")
        let before = try s.received().count
        _ = try box.write("mixed2.ndjson", #"{"name":"m0","user_data":{"developer_identity":"u"}}"# + "\n" + #"{"name":"fixed","user_data":{"developer_identity":"u"}}"# + "\n")
        let edited = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", mixed, "--resume"], env: env(s))
        #expect(edited.status == 78 && edited.stderr.contains("changed since the unfinished run it would resume"), "\(edited.stderr)")
        #expect(edited.stderr.contains("send the lines still to go in a file of their own"), "\(edited.stderr)")
        #expect(try s.received().count == before, "nothing sent")
    }

    @Test func shardsSplitTheInputBetweenRuns() throws {
        let s = try SandboxProcess()
        let input = try events(300)
        var lines: [Int] = []
        for k in 1...3 {
            let r = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", input, "--shard", "\(k)/3"], env: env(s))
            #expect(r.status == 0)
            for l in r.stdout.split(separator: "\n") {
                let obj = try JSONSerialization.jsonObject(with: Data(l.utf8)) as! [String: Any]
                lines.append(obj["line"] as! Int)
            }
        }
        #expect(lines.sorted() == Array(1...300))
        #expect(try delivered(s).count == 300)
    }

    /// A line over 16 MiB ended the whole run (exit 65): from a file nothing was sent, from stdin the lines after
    /// it got no result and there was no summary. It now fails alone, unsent, and the run goes on. (A line is capped
    /// at 1 MiB since, as a --body file is: QA round 28a.)
    @Test func aLineTooLongFailsAloneAndTheRunGoesOn() throws {
        let s = try SandboxProcess()
        let long = #"{"name":"huge","user_data":{"developer_identity":"u"},"custom_data":{"pad":""# + String(repeating: "x", count: 2 << 20) + #""}}"#
        let lines = [#"{"name":"e1","user_data":{"developer_identity":"u1"}}"#, long, #"{"name":"e3","user_data":{"developer_identity":"u3"}}"#]
        let text = lines.joined(separator: "\n") + "\n"
        let file = try box.write("long.ndjson", text)
        for (input, stdin) in [(file, nil), ("-", text)] {
            let r = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", input], env: env(s), stdin: stdin)
            #expect(r.status == 1, "\(input): \(r.stderr)")
            let results = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            #expect(results.map { $0["line"] as? Int } == [1, 2, 3], "\(input): \(r.stdout.prefix(600))")
            #expect(results.map { $0["ok"] as? Bool } == [true, false, true])
            #expect(results[1]["error"] as? String == "line 2 is longer than 1048576 bytes; not sent")
            #expect(r.stderr.contains("3 lines, 2 ok, 1 failed"), "\(r.stderr)")
        }
        #expect(try delivered(s) == ["e1": 2, "e3": 2], "the long line was never sent")
    }

    /// Two shards of one input shared one automatic journal: the second, run without --resume, wiped the first's
    /// acknowledgements, and the first's --resume sent its lines again. Each shard keeps a journal of its own.
    @Test func eachShardKeepsItsOwnJournal() throws {
        let s = try SandboxProcess()
        let input = try events(40)
        // A run with a failed line keeps its journal: lines with no name (Branch answers 400) in each shard.
        let failing = (0..<8).map { #"{"name":"","user_data":{},"custom_data":{"bad":"\#($0)"}}"# }.joined(separator: "\n")
        let bad = try box.write("bad.ndjson", (try String(contentsOfFile: input, encoding: .utf8)) + failing + "\n")
        var first: [Int] = []
        for k in 1...2 {
            let r = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", bad, "--shard", "\(k)/2"], env: env(s))
            #expect(r.status == 1, "a failed line in shard \(k): \(r.stderr)")
            first.append(r.stdout.split(separator: "\n").count)
        }
        #expect(first.allSatisfy { $0 > 5 }, "both shards took lines: \(first)")
        let sent = try delivered(s).count
        for k in 1...2 {
            let again = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", bad, "--shard", "\(k)/2", "--resume"], env: env(s))
            #expect(again.status == 1, "\(again.stderr)")
        }
        let counts = try delivered(s)
        #expect(sent == 40 && counts.values.allSatisfy { $0 == 1 }, "no acknowledged line was sent again: \(counts)")
        let journals = try FileManager.default.contentsOfDirectory(atPath: box.home + "/.local/state/bnc/journals")
        #expect(journals.filter { $0.hasSuffix("-shard1of2.db") }.count == 1 && journals.filter { $0.hasSuffix("-shard2of2.db") }.count == 1,
                "\(journals)")
    }

    @Test func batchFromStdinAndExitStatusOne() throws {
        let s = try SandboxProcess()
        let input = #"{"name":"a","user_data":{"developer_identity":"u"}}"# + "\n" + #"{"name":"b","user_data":{}}"# + "\n"
        let r = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", "-"], env: env(s), stdin: input)
        #expect(r.status == 1)
        #expect(r.stdout.split(separator: "\n").count == 2)
        #expect(r.stderr.contains("2 lines, 1 ok, 1 failed"))
        let resume = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", "-", "--resume"], env: env(s), stdin: input)
        #expect(resume.status == 64)
        #expect(resume.stderr.contains("--resume needs --journal FILE"))
    }

    /// A blank line was a failed line (a file ending in one never exited 0), and --fail-fast's summary read as if
    /// the lines read were all the input: blank lines are skipped and counted, the unread rest is said, and the
    /// total counts the lines the run takes.
    @Test func blankLinesAreSkippedAndAStopSaysWhatWasNotRead() throws {
        let s = try SandboxProcess()
        let ok = #"{"name":"a","user_data":{"developer_identity":"u"}}"#, bad = #"{"name":"b","user_data":{}}"#
        let clean = try box.write("clean.ndjson", [ok, "", ok, "  ", ""].joined(separator: "\n") + "\n")
        let r = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", clean], env: env(s))
        #expect(r.status == 0 && r.stdout.split(separator: "\n").count == 2 && r.stderr.contains("2 lines, 2 ok, 0 failed, 3 blank lines skipped"), "\(r.output)")
        let failing = try box.write("failing.ndjson", [ok, "", bad, ok, ok].joined(separator: "\n") + "\n")
        let f = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", failing, "--fail-fast", "--concurrency", "1"], env: env(s))
        #expect(f.status == 1 && f.stderr.contains("2 lines, 1 ok, 1 failed, the lines after line 3 not read"), "\(f.stderr)")
        #expect(f.stderr.contains("stopped after 2 of 4 lines; rerun the same command with --resume"), "\(f.stderr)")
        // Stopped at the last line: nothing was left unread.
        let last = try box.write("last.ndjson", [ok, bad].joined(separator: "\n") + "\n")
        let l = try box.run("bnc-api", ["POST", "/v2/event/custom", "--batch", last, "--fail-fast", "--concurrency", "1"], env: env(s))
        #expect(l.status == 1 && !l.stderr.contains("not read") && !l.stderr.contains("stopped after") && l.stderr.contains("1 line failed"), "\(l.stderr)")
    }

    /// A batch read from stdin has no fingerprint of its whole, so --resume with --journal took any input: a
    /// different file's lines were skipped for the numbers the first run acknowledged. Each acknowledged line's
    /// digest is journaled now, and a skipped line that differs stops the run (exit 78) before anything is sent.
    @Test func aResumeFromStdinChecksItReadsTheSameInput() throws {
        let s = try SandboxProcess()
        let journal = box.root.appendingPathComponent("stdin.db").path
        let line = { (name: String, user: String) in #"{"name":"\#(name)","user_data":{\#(user)}}"# }
        let input = [line("a", #""developer_identity":"u""#), line("b", ""), line("c", #""developer_identity":"u""#)].joined(separator: "\n") + "\n"
        let args = ["POST", "/v2/event/custom", "--batch", "-", "--journal", journal]
        let first = try box.run("bnc-api", args, env: env(s), stdin: input)
        #expect(first.status == 1 && first.stderr.contains("3 lines, 2 ok, 1 failed"), "\(first.stderr)")
        let sent = try s.received().count
        let other = input.replacing(#""name":"a""#, with: #""name":"z""#)
        let refused = try box.run("bnc-api", args + ["--resume"], env: env(s), stdin: other)
        #expect(refused.status == 78 && refused.stderr.contains("line 1 is not the line the journal \(journal) recorded"), "\(refused.output)")
        #expect(try s.received().count == sent, "nothing of the other input was sent")
        // A line the first run read but did not get acknowledged (it failed) is checked too: a resume whose line 2
        // differs was sending it (and journaling it under the wrong input) before it noticed.
        let edited = try box.run("bnc-api", args + ["--resume"], env: env(s), stdin: input.replacing(#""name":"b""#, with: #""name":"q""#))
        #expect(edited.status == 78 && edited.stderr.contains("line 2 is not the line"), "\(edited.output)")
        #expect(try s.received().count == sent, "nothing of the edited input was sent")
        let resumed = try box.run("bnc-api", args + ["--resume"], env: env(s), stdin: input)
        #expect(resumed.status == 1 && resumed.stderr.contains("3 lines, 0 ok, 1 failed, 2 acknowledged earlier (resumed)"), "\(resumed.stderr)")
        #expect(try s.received().count == sent + 1, "only the failed line was sent again")
        // The acknowledgements carried over keep their digests: a second resume still checks.
        let again = try box.run("bnc-api", args + ["--resume"], env: env(s), stdin: input.replacing(#""name":"c""#, with: #""name":"y""#))
        #expect(again.status == 78 && again.stderr.contains("line 3 is not the line"), "\(again.output)")
    }
}
