// The batch runner against a loopback server: input handling, order, retries, journal, shards, fail-fast.
import Foundation
import Testing
import TestSupport
@testable import BNCCore

@Suite(.serialized) struct BatchTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    func file(_ lines: [String], name: String = "in.ndjson", trailingNewline: Bool = true) throws -> String {
        try box.write(name, lines.joined(separator: "\n") + (trailingNewline ? "\n" : ""))
    }

    @Test func readsLinesWithCRLFAndAMissingLastBreak() throws {
        let path = try box.write("r.txt", "a\r\nb\n\nlast")
        let reader = try LineReader(path: path)
        var lines: [String] = []
        while let l = try reader.next() { lines.append(String(decoding: l, as: UTF8.self)) }
        #expect(lines == ["a", "b", "", "last"])
        #expect(reader.lineNumber == 4)
        let long = try box.write("long.txt", String(repeating: "x", count: 5000))
        #expect(throws: BNCError.self) {
            let r = try LineReader(path: long, maxLineLength: 1000)
            while try r.next() != nil {}
        }
        #expect(throws: BNCError.self) { try LineReader(path: "/nonexistent/in.ndjson") }
    }

    @Test func shardsPartitionTheLines() {
        let lines = (0..<1000).map { Array("{\"n\":\($0)}".utf8) }
        var seen = Array(repeating: 0, count: lines.count)
        for k in 1...4 {
            let s = BatchSettings(shard: (k, 4))
            for (i, l) in lines.enumerated() where s.takes(l) { seen[i] += 1 }
        }
        #expect(seen.allSatisfy { $0 == 1 })
        // Evenly, for an even N too: FNV-1a modulo 2 gave shard 1/2 none of 40 lines, and k/8 gave 0, 247, 0, 149...
        for n in [2, 3, 4, 8] {
            let counts = (1...n).map { k in lines.filter { BatchSettings(shard: (k, n)).takes($0) }.count }
            #expect(counts.allSatisfy { abs($0 - 1000 / n) < 1000 / n / 4 }, "\(n): \(counts)")
        }
        #expect(BatchSettings.parseShard("2/8").map { [$0.k, $0.n] } == [2, 8])
        #expect(BatchSettings.parseShard("0/8") == nil && BatchSettings.parseShard("9/8") == nil && BatchSettings.parseShard("x") == nil)
    }

    func runner(_ server: LoopbackServer, concurrency: Int = 4, ordered: Bool = true, failFast: Bool = false,
                journal: BatchJournal? = nil, rate: Double? = nil) -> BatchRunner {
        let r = BatchRunner(settings: BatchSettings(concurrency: concurrency, rate: rate, ordered: ordered, failFast: failFast,
                                                    retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.01)),
                            journal: journal, redactor: Redactor(secrets: []))
        return r
    }

    func prepare(_ server: LoopbackServer) -> (Int, JSONObject) throws(BNCError) -> HTTPRequest {
        { _, object throws(BNCError) in
            if object["bad"] != nil { throw BNCError.invalid("bad", "is not allowed") }
            return HTTPRequest(method: "POST", url: server.baseURL + "/v2/event/custom", body: .json(.object(object)))
        }
    }

    @Test func resultsComeInInputOrderAndBadLinesAreNeverSent() throws {
        let server = try LoopbackServer(script: [.json(503, "{}"), .reset])
        let input = try file(["{\"n\":1}", "nope", "{\"bad\":1}", "[1]", "", "{\"n\":2}", "{\"n\":3}"])
        var results: [BatchResult] = []
        let summary = try runner(server).run(reader: try LineReader(path: input), prepare: prepare(server)) { results.append($0) }
        #expect(results.map(\.line) == [1, 2, 3, 4, 6, 7], "a blank line is skipped, not a failed line")
        #expect(results.map(\.ok) == [true, false, false, false, true, true])
        #expect(results[1].error?.hasPrefix("invalid JSON at byte 0") == true)
        #expect(results[2].error == "bad is not allowed")
        #expect(results[3].error == "line 4 is not a JSON object")
        #expect(server.received.count == 5, "3 lines sent, 2 more attempts")
        #expect(Set(server.received.map(\.bodyText)) == ["{\"n\":1}", "{\"n\":2}", "{\"n\":3}"])
        // The reset is retried by the runner, or, when it hit a kept-alive connection (the 503's retry can be
        // sent on it under load), by libcurl itself on a fresh connection before the runner sees it.
        #expect(summary.ok == 3 && summary.failed == 3 && (1...2).contains(summary.retries) && summary.lines == 6 && summary.blank == 1,
                "\(summary)")
        #expect(summary.description.contains("6 lines, 3 ok, 3 failed") && summary.description.contains("1 blank line skipped"), "\(summary.description)")
        #expect(results[0].response == ["ok": true])
    }

    @Test func finalErrorsCarryTheStatusAndTheServersWords() throws {
        let server = try LoopbackServer(fallback: .json(400, #"{"error":{"code":400,"message":"name is required"}}"#))
        let input = try file(["{}"])
        var results: [BatchResult] = []
        _ = try runner(server).run(reader: try LineReader(path: input), prepare: prepare(server)) { results.append($0) }
        #expect(results.first?.status == 400)
        #expect(results.first?.error == "HTTP 400: name is required")
        #expect(results.first?.attempts == 1)
    }

    @Test func manyLinesUnorderedAllArriveOnce() throws {
        let server = try LoopbackServer()
        let input = try file((1...500).map { "{\"n\":\($0)}" })
        var lines: Set<Int> = []
        let summary = try runner(server, concurrency: 16, ordered: false).run(reader: try LineReader(path: input), prepare: prepare(server)) {
            lines.insert($0.line)
        }
        #expect(lines == Set(1...500))
        #expect(summary.ok == 500)
        #expect(server.received.count == 500)
        #expect(server.acceptedConnections <= 16)
    }

    @Test func aSlowFirstLineDoesNotHoldBackTheOthersOnPlainHTTP() throws {
        // libcurl's PIPEWAIT made every transfer wait for the first connection's answer to learn it could not
        // multiplex: over plain HTTP a slow first line held the whole batch.
        let server = try LoopbackServer()
        // 5 s against 3 s: a loaded machine's stall of a second must not fail it.
        server.choose { $0.bodyText.contains("slow") ? .after(seconds: 5, .json(200, "{}")) : nil }
        let input = try file(["{\"slow\":1}", "{\"n\":2}", "{\"n\":3}"])
        var results: [BatchResult] = []
        _ = try runner(server).run(reader: try LineReader(path: input), prepare: prepare(server)) { results.append($0) }
        #expect(results.map(\.line) == [1, 2, 3] && results.allSatisfy(\.ok))
        #expect(results[0].elapsedMs >= 4900)
        #expect(results[1].elapsedMs < 3000 && results[2].elapsedMs < 3000, "\(results.map(\.elapsedMs))")
    }

    @Test func answersWaitingForASlowLineAreBoundedInBytes() throws {
        // Ordered output holds each answer until the lines before it are printed: behind a slow first line, a
        // window of 1,024 lines of large answers was all held in memory. Past maxHeldBytes no new line is taken.
        let server = try LoopbackServer(fallback: .json(200, "{\"a\":\"" + String(repeating: "x", count: 64 << 10) + "\"}"))
        server.choose { $0.bodyText.contains("slow") ? .after(seconds: 1, .json(200, "{}")) : nil }
        let input = try file(["{\"slow\":1}"] + (2...60).map { "{\"n\":\($0)}" })
        var settings = BatchSettings(concurrency: 4, retry: RetryPolicy(maxAttempts: 1))
        settings.maxHeldBytes = 256 << 10  // four answers
        var prepared = 0
        var preparedBeforeFirst = 0
        var results: [BatchResult] = []
        let summary = try BatchRunner(settings: settings, journal: nil, redactor: Redactor(secrets: []))
            .run(reader: try LineReader(path: input), prepare: { number, object throws(BNCError) in
                prepared += 1
                return try prepare(server)(number, object)
            }) { result in
                if result.line == 1 { preparedBeforeFirst = prepared }
                results.append(result)
            }
        #expect(summary.ok == 60 && results.map(\.line) == Array(1...60))
        // The slow line, up to five held answers (the last one crosses the budget) and the transfers in flight.
        #expect(preparedBeforeFirst <= 1 + 5 + 4, "\(preparedBeforeFirst) lines taken behind the slow one")
    }

    @Test func failFastStopsTakingLines() throws {
        let server = try LoopbackServer(script: [.json(400, "{}")])
        let input = try file((1...50).map { "{\"n\":\($0)}" })
        var results: [BatchResult] = []
        let summary = try runner(server, concurrency: 1, failFast: true).run(reader: try LineReader(path: input), prepare: prepare(server)) {
            results.append($0)
        }
        #expect(results.first?.ok == false)
        #expect(server.received.count < 50)
        #expect(summary.failed >= 1)
        // The summary says the rest was never read (it said "N lines, 0 ok, 1 failed", as if that were all).
        let read = try #require(summary.unreadAfter)
        #expect(read < 50 && summary.description.contains("the lines after line \(read) not read"), "\(summary.description)")
    }

    /// A line waiting to retry when the run stopped was said "not sent" (and counted unsent) though it had been
    /// sent: it is a failure, with its attempts and what the last one got.
    @Test func aLineStoppedWhileWaitingToRetryWasSent() throws {
        let server = try LoopbackServer()
        server.choose { $0.bodyText.contains("busy") ? .json(503, "{}") : ($0.bodyText.contains("bad") ? .after(seconds: 0.3, .json(400, "{}")) : nil) }
        let input = try file(["{\"busy\":1}", "{\"bad\":0}"] + (3...40).map { "{\"n\":\($0)}" })
        // A fixed wait: full jitter drew under the 0.3 s the 400 takes about one run in seventeen (CI, 5c0c7f8).
        var settings = BatchSettings(concurrency: 2, failFast: true,
                                     retry: RetryPolicy(maxAttempts: 5, baseDelay: 5, overrides: [503: .init(retry: true, fixedDelay: 5)]))
        settings.ordered = true
        var results: [BatchResult] = []
        let summary = try BatchRunner(settings: settings, journal: nil, redactor: Redactor(secrets: []))
            .run(reader: try LineReader(path: input), prepare: { _, object throws(BNCError) in
                HTTPRequest(method: "POST", url: server.baseURL + "/v2/event/custom", body: .json(.object(object)))
            }) { results.append($0) }
        let busy = try #require(results.first { $0.line == 1 })
        #expect(!busy.ok && busy.attempts == 1 && busy.status == 503, "\(busy)")
        #expect(busy.error == "stopped at the first failure (--fail-fast) while waiting to retry: sent 1 time, the last got HTTP 503", "\(busy.error ?? "")")
        #expect(summary.unsent == results.filter { $0.attempts == 0 && $0.error?.hasPrefix("not sent") == true }.count, "\(summary)")
        #expect(results.map(\.line) == results.map(\.line).sorted() && Set(results.map(\.line)).count == results.count)
    }

    /// Lines of one serial key go one after another, each prepared after the one before it has its final result.
    @Test func linesOfOneKeyGoOneAfterAnother() throws {
        let server = try LoopbackServer()
        server.choose { $0.bodyText.contains("\"i\":0") ? .after(seconds: 0.3, .json(200, "{}")) : nil }
        let input = try file((0..<30).map { "{\"k\":\"d\($0 % 3)\",\"i\":\($0)}" })
        var preparedAfterFirstAnswer: [Int] = []
        var firstAnswered = false
        var results: [BatchResult] = []
        let summary = try runner(server, concurrency: 8).run(reader: try LineReader(path: input), serialKey: { _, object throws(BNCError) in
            object["k"]?.stringValue
        }, prepare: { number, object throws(BNCError) in
            if object["k"]?.stringValue == "d0" && number > 1 && !firstAnswered { preparedAfterFirstAnswer.append(number) }
            return HTTPRequest(method: "POST", url: server.baseURL + "/v2/event/custom", body: .json(.object(object)))
        }) { result in
            if result.line == 1 { firstAnswered = true }
            results.append(result)
        }
        #expect(summary.ok == 30 && results.map(\.line) == Array(1...30))
        #expect(preparedAfterFirstAnswer.isEmpty, "no line of d0 prepared before the first had its answer: \(preparedAfterFirstAnswer)")
        // Per key, the order received is the input's.
        for k in 0..<3 {
            let order = server.received.compactMap { r -> Int? in
                guard r.bodyText.contains("\"d\(k)\"") else { return nil }
                return Int(r.bodyText.split(separator: ":").last!.dropLast())
            }
            #expect(order == order.sorted() && order.count == 10, "d\(k): \(order)")
        }
    }

    @Test func theJournalSkipsAcknowledgedLinesOnResume() throws {
        let server = try LoopbackServer()
        let input = try file((1...20).map { "{\"n\":\($0)}" })
        let path = box.root.appendingPathComponent("j.db").path
        let journal = try BatchJournal(path: path)
        try journal.bind(input: input, fingerprint: "f1")
        for line in 1...12 { journal.acknowledge(line, status: 200, attempts: 1) }
        journal.sending(13)  // was on the wire when the "previous run" died
        #expect(try journal.acknowledged().isEmpty, "queued, not yet committed")
        try journal.commit()
        #expect(try journal.acknowledged().count == 12)
        var results: [BatchResult] = []
        var printedBeforeCommit = 0
        let summary = try runner(server, journal: journal).run(reader: try LineReader(path: input), prepare: prepare(server)) {
            // Group commit: a result is printed only after its acknowledgement is committed.
            if journal.hasPending { printedBeforeCommit += 1 }
            results.append($0)
        }
        #expect(printedBeforeCommit == 0)
        #expect(results.count == 20)
        #expect(results.prefix(12).allSatisfy { $0.resumed })
        #expect(server.received.count == 8)
        #expect(summary.resumed == 12 && summary.ok == 8 && summary.ambiguous == 1)
        #expect(try journal.acknowledged().count == 20)
        #expect(throws: BNCError.self) { try BatchJournal(path: path).bind(input: input, fingerprint: "other") }
    }

    @Test func theRateLimitSpacesRequests() throws {
        let server = try LoopbackServer()
        let input = try file((1...11).map { "{\"n\":\($0)}" })
        let start = MonotonicClock.now()
        _ = try runner(server, concurrency: 8, rate: 20).run(reader: try LineReader(path: input), prepare: prepare(server)) { _ in }
        // 20/s with a one-token bucket: 11 requests need at least half a second.
        #expect(MonotonicClock.now() - start >= 0.45)
        #expect(server.received.count == 11)
    }

    /// A documented window (the QR Code API's 100 a minute, here 3 in 1 s) holds a run to it whatever the
    /// per-second rate: a full bucket lets 3 through at once, the 4th and 5th wait a third of a second each.
    @Test func aRateWindowHoldsTheRunToItsCount() throws {
        let server = try LoopbackServer()
        let input = try file((1...5).map { "{\"n\":\($0)}" })
        var settings = BatchSettings(concurrency: 8, rate: 1000, retry: RetryPolicy(maxAttempts: 1))
        settings.windows = [RateWindow(count: 3, seconds: 1)]
        let start = MonotonicClock.now()
        var answers: [Int: JSON] = [:]
        settings.answer = { line, response in .int(response.status * 10 + line % 10) }
        let r = BatchRunner(settings: settings, journal: nil, redactor: Redactor(secrets: []))
        _ = try r.run(reader: try LineReader(path: input), prepare: prepare(server)) { answers[$0.line] = $0.response }
        // In any second at most three: the fourth and fifth wait for the first to be a second old (a bucket
        // that started full let them through after 1/3 s each, so 5 went in 0.7 s and 6 in the first second).
        #expect(MonotonicClock.now() - start >= 0.95, "the two past the window's three wait a second")
        #expect(server.received.count == 5)
        #expect(answers[4] == .int(2004), "the answer hook makes the result: \(answers)")
    }

    /// Results may be buffered between rounds, so each round must end with a roundEnded call that follows its
    /// results: a rate-limited run ends rounds as it goes (the caller writes them out), not only at the end.
    @Test func roundsEndAsResultsArrive() throws {
        let server = try LoopbackServer()
        let input = try file((1...6).map { "{\"n\":\($0)}" })
        // Unordered: in order, a first answer slower than the next five (250 ms at 20 a second) made one round.
        let r = runner(server, concurrency: 2, ordered: false, rate: 20)
        var emitted = 0
        var seenAtRoundEnd: [Int] = []
        r.roundEnded = { seenAtRoundEnd.append(emitted) }
        _ = try r.run(reader: try LineReader(path: input), prepare: prepare(server)) { _ in emitted += 1 }
        #expect(seenAtRoundEnd.last == 6, "the last round ends after every result")
        #expect(seenAtRoundEnd.contains { $0 > 0 && $0 < 6 }, "rounds end while the run goes on: \(seenAtRoundEnd)")
        #expect(seenAtRoundEnd == seenAtRoundEnd.sorted())
    }

    /// The result line written directly is byte for byte the serialised JSON value, in every shape.
    @Test func resultLinesAreWrittenAsTheirJSON() throws {
        var shapes: [BatchResult] = []
        var r = BatchResult(line: 1, ok: true, attempts: 1, elapsedMs: 3.25)
        r.status = 200
        r.response = ["branch_view_enabled": false, "n": [1, 2.5, "x\u{2028}"]]
        shapes.append(r)
        r.response = nil
        shapes.append(r)
        r.resumed = true
        shapes.append(r)
        var failed = BatchResult(line: 123_456_789, ok: false, attempts: 3, elapsedMs: 0, error: "HTTP 400: \"bad\"\n\u{1}é")
        shapes.append(failed)
        failed.status = 503
        failed.elapsedMs = 1e6 / 3
        shapes.append(failed)
        shapes.append(BatchResult(line: 0, ok: false, attempts: 0, elapsedMs: 0.04, error: ""))
        for ms in [0, 0.05, 0.95, 9.96, 12, 99.94, 123_456.78, 1e14 + 0.3, 1e15, 1e17, -2.5, 7e-3] {
            shapes.append(BatchResult(line: 7, ok: true, status: 201, attempts: 1, elapsedMs: ms))
        }
        for shape in shapes {
            let read = try JSON.parse(bytes: shape.utf8)
            #expect(read == Self.expected(shape), "\(String(decoding: shape.utf8, as: UTF8.self))")
            #expect(shape.utf8 == read.utf8(), "the JSON writer's own bytes: \(String(decoding: shape.utf8, as: UTF8.self))")
        }
    }

    /// What a result line says, member by member (the test's own statement of the format, not the product's).
    static func expected(_ r: BatchResult) -> JSON {
        var o: JSONObject = ["line": .int(r.line), "ok": .bool(r.ok), "status": r.status.map(JSON.int) ?? .null, "attempts": .int(r.attempts)]
        o["elapsed_ms"] = .double((r.elapsedMs * 10).rounded() / 10)
        if r.resumed { o["resumed"] = true }
        if let e = r.error { o["error"] = .string(e) } else { o["response"] = r.response ?? .null }
        return .object(o)
    }
}
