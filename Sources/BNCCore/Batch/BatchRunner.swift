// The batch runner: NDJSON lines in, requests through libcurl multi with a concurrency and a rate limit,
// each retried per the policy, one NDJSON result out per line (in input order unless told otherwise), every
// acknowledgement journaled before it is printed. Memory is bounded by a window of outstanding lines.

/// Runs a batch: each line's request sent with bounded concurrency, rate and retries; one journaled result per line.
public final class BatchRunner {
    public let settings: BatchSettings
    public let journal: BatchJournal?
    public let redactor: Redactor
    public weak var observer: BatchObserver?
    public weak var trace: TraceSink?
    /// Polled between requests: true stops taking lines (SIGINT).
    public var shouldStop: () -> Bool = { false }
    public var random: () -> Double = { Double.random(in: 0..<1) }
    /// Called after each round of transfers has had its results emitted (and at the end): the moment to write
    /// buffered results out, so a slow or rate-limited run still shows each round as it ends.
    public var roundEnded: () -> Void = {}
    /// `--record`: every transfer of the batch.
    public var recorder: HARRecorder?

    public init(settings: BatchSettings, journal: BatchJournal?, redactor: Redactor, trace: TraceSink? = nil) {
        self.settings = settings
        self.journal = journal
        self.redactor = redactor
        self.trace = trace
    }

    private struct Item {
        let line: Int
        let request: HTTPRequest
        /// The line's serial key: no other line of the key is prepared until this one has its final result.
        var key: String? = nil
        var attempts = 0
        var firstSent = 0.0
        var notBefore = 0.0
        /// What the last attempt got, for a line stopped while it waited to retry.
        var lastOutcome: AttemptOutcome? = nil
    }

    /// Runs the batch. `prepare` turns a line's JSON object into a request or says why it cannot (never sent);
    /// `emit` receives each result, in input order unless `settings.ordered` is false.
    /// - Parameter serialKey: the line's key, when lines of one key must go one after another (one device's
    ///   sessions: its install before its opens, each prepared from what the one before it left in the state). A
    ///   line is prepared only once the line before it with its key has its final result.
    public func run(reader: LineReader, serialKey: ((Int, JSONObject) throws(BNCError) -> String?)? = nil,
                    prepare: (Int, JSONObject) throws(BNCError) -> HTTPRequest,
                    emit: (BatchResult) -> Void) throws(BNCError) -> BatchSummary {
        let start = MonotonicClock.now()
        let begun = try journal?.begin()
        var state = Run(runner: self, reader: reader, previous: begun?.acknowledged ?? [:], previousDigests: begun?.digests ?? [:])
        state.serialKey = serialKey
        state.summary.ambiguous = begun?.ambiguous ?? 0
        let transport = try ConcurrentTransport(options: settings.transport, concurrency: settings.concurrency,
                                                redactor: redactor, trace: trace)
        transport.recorder = recorder
        // The state is one value the three callbacks borrow in turn: one exclusive access per call instead of one
        // per variable (a dozen captured variables cost a runtime exclusivity check on every touch, per line).
        try transport.run(next: { state.next(prepare: prepare, emit: emit) },
                          completion: { tag, result in state.complete(tag, result, prepare: prepare, emit: emit) },
                          flush: { () throws(BNCError) in try state.flush(emit: emit) })
        if let failure = state.failure { throw failure }
        try state.finishUnsent(emit: emit)
        if let failure = state.outputFailure { throw failure }
        state.summary.seconds = MonotonicClock.now() - start
        return state.summary
    }

    /// One run's state and its steps.
    private struct Run {
        let settings: BatchSettings
        let journal: BatchJournal?
        let redactor: Redactor
        let observer: BatchObserver?
        let shouldStop: () -> Bool
        let random: () -> Double
        let roundEnded: () -> Void
        let reader: LineReader
        /// Lines acknowledged in an earlier run (`--resume`).
        let previous: [Int: (status: Int, attempts: Int)]
        /// The digests of the lines earlier runs read, when they kept them (input read once).
        let previousDigests: [Int: UInt64]

        var summary = BatchSummary()
        var order: [Int] = []           // outstanding lines in input order (ordered output)
        var orderHead = 0
        var done: [Int: (result: BatchResult, bytes: Int)] = [:]
        /// The answer bytes of results received and not yet printed (waiting for an earlier line, or for their
        /// round's commit): new lines wait while they exceed `settings.maxHeldBytes`.
        var heldBytes = 0
        var waiting: [Item] = []        // prepared, not yet sent (new lines and due retries)
        var retries: [Item] = []        // waiting for their backoff
        var inFlight: [Int: Item] = [:] // by tag
        var nextTag = 0
        var inputDone = false
        /// The input had no line ready while others were outstanding: looked at again within 50 ms.
        var inputIdle = false
        var stopped = false
        var tokens = 1.0
        var lastRefill = MonotonicClock.now()
        /// The starts of each documented window's last requests.
        lazy var windowLogs: [WindowLog] = settings.windows.map(WindowLog.init)
        var failure: BNCError?
        /// A line's answer could not be written (a full disk, a read-only file system): the run stops sending,
        /// since every later line would make on Branch what it could not keep (a QR code's link), and ends 74.
        var outputFailure: BNCError?
        var serialKey: ((Int, JSONObject) throws(BNCError) -> String?)?
        /// Serial keys with a line prepared and not yet final, and the lines of each waiting their turn.
        var busyKeys = Set<String>()
        var blocked: [String: [(line: Int, object: JSONObject)]] = [:]
        var blockedCount = 0
        var unjournaled: [(result: BatchResult, bytes: Int)] = []  // waiting for their acknowledgement's commit
        let keys = JSONKeyCache()           // the member names every line repeats

        init(runner: BatchRunner, reader: LineReader, previous: [Int: (status: Int, attempts: Int)], previousDigests: [Int: UInt64]) {
            settings = runner.settings
            journal = runner.journal
            redactor = runner.redactor
            observer = runner.observer
            shouldStop = runner.shouldStop
            random = runner.random
            roundEnded = runner.roundEnded
            self.reader = reader
            self.previous = previous
            self.previousDigests = previousDigests
        }

        var outstanding: Int { order.count - orderHead }

        /// - Parameter bytes: the answer's size, held in memory until the result is printed.
        mutating func finish(_ result: BatchResult, bytes: Int = 0, emit: (BatchResult) -> Void) {
            if result.resumed { summary.resumed += 1 } else if result.ok { summary.ok += 1 } else { summary.failed += 1 }
            if settings.ordered {
                done[result.line] = (result, bytes)
                heldBytes += bytes
                while orderHead < order.count, let r = done.removeValue(forKey: order[orderHead]) {
                    heldBytes -= r.bytes
                    emit(r.result)
                    orderHead += 1
                }
                if orderHead > 4096 { order.removeFirst(orderHead); orderHead = 0 }
            } else {
                emit(result)
            }
            if !result.ok && settings.failFast { stopped = true }
            observer?.progress(done: summary.ok + summary.failed + summary.resumed, inFlight: inFlight.count, retrying: retries.count)
        }

        /// Reads lines until one yields a request (or input ends, or the window is full).
        mutating func takeLine(prepare: (Int, JSONObject) throws(BNCError) -> HTTPRequest,
                               emit: (BatchResult) -> Void) throws(BNCError) -> Item? {
            while !inputDone && !stopped && (!settings.ordered || outstanding < settings.window) && heldBytes <= settings.maxHeldBytes
                    && blockedCount < settings.window {
                // Input that comes as it is written (`tail -f log | bnc-event --batch -`): while lines are on the
                // wire or waiting to be retried, a read that would wait is not made (the lines taken would go
                // only once the next one came); the input is looked at again shortly.
                if !inFlight.isEmpty || !retries.isEmpty || !waiting.isEmpty, reader.wouldWait { inputIdle = true; return nil }
                let read = try reader.next()
                // A line longer than the reader takes fails alone, unsent; the lines after it go on.
                for skipped in reader.takeSkippedLineNumbers() where settings.takes(lineNumber: skipped) {
                    summary.lines += 1
                    if settings.ordered { order.append(skipped) }
                    finish(BatchResult(line: skipped, ok: false, attempts: 0, elapsedMs: 0,
                                       error: "line \(skipped) is longer than \(reader.maxLineLength) bytes; not sent"), emit: emit)
                }
                guard let bytes = read else {
                    // A signal ends a read that waits (a pipe, a FIFO): the input did not end, the run was stopped.
                    if !stopped && shouldStop() { stopped = true; summary.interrupted = true; return nil }
                    inputDone = true
                    return nil
                }
                let number = reader.lineNumber
                guard settings.takes(bytes) else { continue }
                // Input read once cannot be fingerprinted before the run: each line is checked against the digest
                // an earlier run kept of it, before anything of this run is sent (else lines of another input would
                // be skipped for numbers it shares, and others sent), and its own digest kept for the next.
                if settings.digestLines, let journal {
                    let digest = FNV1a64.hash(bytes)
                    if let kept = previousDigests[number] {
                        guard kept == digest else {
                            throw BNCError.configuration("line \(number) is not the line the journal \(journal.path) recorded: this input is not the one the journaled run read",
                                                         hint: "resume with the same input, or pass another --journal")
                        }
                    } else {
                        journal.read(number, digest: digest)
                    }
                }
                if settings.textLines, LineReader.isBlankOrComment(bytes) { continue }
                // A blank line is no record (NDJSON readers may skip them, and editors leave one at the end): it
                // is counted, not a failed line that would make a complete run exit 1.
                if LineReader.isBlank(bytes) { summary.blank += 1; continue }
                summary.lines += 1
                if settings.ordered { order.append(number) }
                if let ack = previous[number] {
                    finish(BatchResult(line: number, ok: true, status: ack.status, attempts: ack.attempts, elapsedMs: 0, resumed: true), emit: emit)
                    continue
                }
                let object: JSONObject
                if settings.textLines {
                    object = ["text": .string(String(decoding: bytes, as: UTF8.self))]
                } else { do {
                    guard case .object(let o) = try JSON.parse(bytes: bytes, keys: keys) else {
                        finish(BatchResult(line: number, ok: false, attempts: 0, elapsedMs: 0, error: "line \(number) is not a JSON object"), emit: emit)
                        continue
                    }
                    object = o
                } catch {
                    finish(BatchResult(line: number, ok: false, attempts: 0, elapsedMs: 0, error: error.description), emit: emit)
                    continue
                } }
                var key: String?
                if let serialKey {
                    do { key = try serialKey(number, object) } catch {
                        finish(BatchResult(line: number, ok: false, attempts: 0, elapsedMs: 0, error: redactor.redact(error.message)), emit: emit)
                        continue
                    }
                    if let key, busyKeys.contains(key) {
                        blocked[key, default: []].append((number, object))
                        blockedCount += 1
                        continue
                    }
                }
                do {
                    let item = Item(line: number, request: try prepare(number, object), key: key)
                    if let key { busyKeys.insert(key) }
                    return item
                } catch {
                    finish(BatchResult(line: number, ok: false, attempts: 0, elapsedMs: 0, error: redactor.redact(error.message)), emit: emit)
                }
            }
            return nil
        }

        /// A line of `key` has its final result: the next line of the key waiting its turn is prepared now, from
        /// what that result left (one that cannot be made fails, and the one after it is tried).
        mutating func release(_ key: String?, prepare: (Int, JSONObject) throws(BNCError) -> HTTPRequest, emit: (BatchResult) -> Void) {
            guard let key else { return }
            while var queue = blocked[key], !queue.isEmpty {
                let next = queue.removeFirst()
                blocked[key] = queue.isEmpty ? nil : queue
                blockedCount -= 1
                do {
                    waiting.append(Item(line: next.line, request: try prepare(next.line, next.object), key: key))
                    return
                } catch {
                    finish(BatchResult(line: next.line, ok: false, attempts: 0, elapsedMs: 0, error: redactor.redact(error.message)), emit: emit)
                }
            }
            busyKeys.remove(key)
        }

        /// What the transport should do next: send a line (new or due for a retry), wait, or finish.
        mutating func next(prepare: (Int, JSONObject) throws(BNCError) -> HTTPRequest, emit: (BatchResult) -> Void) -> TransferFeed {
            if failure != nil { return .done }
            if !stopped && shouldStop() { stopped = true; summary.interrupted = true }
            let now = MonotonicClock.now()
            // Stopped: no wait for the rate limiter or a back-off, only for the transfers already on the wire.
            if stopped { return inFlight.isEmpty ? .done : .wait(until: now + 1) }
            // Rate limit: a token bucket holding at most one second's worth (or one request); and each documented
            // window's count in any span of its length, as the API counts it.
            let elapsed = now - lastRefill
            lastRefill = now
            var due = now
            if let rate = settings.rate {
                tokens = min(max(1, rate), tokens + elapsed * rate)
                if tokens < 1 { due = max(due, now + (1 - tokens) / rate) }
            }
            for log in windowLogs { due = max(due, log.due(at: now)) }
            if due > now { return .wait(until: due) }
            if !retries.isEmpty,
               let i = retries.indices.min(by: { retries[$0].notBefore < retries[$1].notBefore }), retries[i].notBefore <= now {
                waiting.append(retries.remove(at: i))
            }
            if waiting.isEmpty {
                do {
                    if let item = try takeLine(prepare: prepare, emit: emit) { waiting.append(item) }
                } catch {
                    failure = error
                    return .done
                }
            }
            if !waiting.isEmpty {
                var item = waiting.removeFirst()
                if item.attempts == 0 {
                    item.firstSent = now
                    // Committed (with the others of this round) before libcurl sends it.
                    journal?.sending(item.line)
                }
                item.attempts += 1
                let tag = nextTag
                nextTag += 1
                inFlight[tag] = item
                if settings.rate != nil { tokens -= 1 }
                for i in windowLogs.indices { windowLogs[i].record(now) }
                return .request(tag: tag, item.request)
            }
            if inputDone && retries.isEmpty {
                return inFlight.isEmpty ? .done : .wait(until: now + 1)
            }
            let soonest = retries.map(\.notBefore).min() ?? (now + 1)
            if inputIdle { inputIdle = false; return .wait(until: min(soonest, now + 0.05)) }
            return .wait(until: min(soonest, now + 1))
        }

        /// One transfer ended: retried per the policy, or its result queued for the round's commit.
        mutating func complete(_ tag: Int, _ result: Result<HTTPResponse, TransportError>,
                               prepare: (Int, JSONObject) throws(BNCError) -> HTTPRequest, emit: (BatchResult) -> Void) {
            guard let item = inFlight.removeValue(forKey: tag) else { return }
            let now = MonotonicClock.now()
            let outcome: AttemptOutcome
            switch result {
            case .success(let r): outcome = .status(r.status, retryAfter: r.retryAfter())
            case .failure(let e): outcome = .transport(e.failure)
            }
            if !stopped, case .retry(let delay) = settings.retry.decide(after: item.attempts, outcome: outcome, random: random()) {
                var again = item
                again.notBefore = now + delay
                again.lastOutcome = outcome
                retries.append(again)
                summary.retries += 1
                observer?.retrying(line: item.line, attempt: item.attempts, outcome: outcome, delay: delay)
                return
            }
            var final = BatchResult(line: item.line, ok: false, attempts: item.attempts, elapsedMs: (now - item.firstSent) * 1000)
            var bytes = 0
            // The line's own secrets (a batch line's AdServices token) are masked in its result as the run's are: an
            // answer that echoed the token printed it in clear (QA round 28b).
            let redactor = item.request.secrets.isEmpty ? self.redactor : self.redactor.adding(item.request.secrets)
            switch result {
            case .success(let r):
                bytes = r.body.count
                final.status = r.status
                final.ok = r.isSuccess
                if final.ok, let answer = settings.answer {
                    do {
                        final.response = redactor.redact(try answer(item.line, r))
                    } catch {
                        final.ok = false
                        final.error = redactor.redact((error as? BNCError)?.message ?? "\(error)")
                        if let e = error as? BNCError, e.kind == .io, outputFailure == nil {
                            outputFailure = BNCError(.io, redactor.redact(e.message), hint: journal.map { _ in
                                "make room, then run again with --resume: the lines not written are sent again" })
                            stopped = true
                        }
                    }
                } else {
                    let json = r.json  // parsed once (an answer above reads its own)
                    if final.ok && settings.requireJSON && json == nil {
                        final.ok = false
                        final.error = r.notJSONError().message
                    } else if final.ok {
                        final.response = json.map(redactor.redact) ?? (r.body.isEmpty ? nil : .string(redactor.redact(r.bodyText)))
                    } else {
                        final.error = r.httpError(redactor: redactor).message
                        final.response = json.map(redactor.redact)
                    }
                }
            case .failure(let e):
                final.error = e.bncError(attempts: item.attempts).message
            }
            // After the answer was read (bnc-open keeps it in the state): the next line of the key is made from it.
            defer { release(item.key, prepare: prepare, emit: emit) }
            guard let journal else { return finish(final, bytes: bytes, emit: emit) }
            if final.ok {
                journal.acknowledge(item.line, status: final.status ?? 0, attempts: item.attempts)
            } else {
                journal.settle(item.line)
            }
            // Printed once the acknowledgement is committed, with the rest of this round's.
            unjournaled.append((final, bytes))
            heldBytes += bytes
        }

        /// The end of a round: its journal changes committed, then its results printed.
        mutating func flush(emit: (BatchResult) -> Void) throws(BNCError) {
            try journal?.commit()
            if !unjournaled.isEmpty {
                let results = unjournaled
                unjournaled.removeAll(keepingCapacity: true)
                for r in results {
                    heldBytes -= r.bytes
                    finish(r.result, bytes: r.bytes, emit: emit)
                }
            }
            roundEnded()
        }

        /// Lines the run stopped before their end: retries abandoned (sent, with no acknowledged answer), and
        /// lines prepared or waiting their turn and never sent, in order.
        mutating func finishUnsent(emit: (BatchResult) -> Void) throws(BNCError) {
            let why = outputFailure != nil ? "stopped when an answer could not be written" : summary.interrupted ? "interrupted" : "stopped at the first failure (--fail-fast)"
            // Stopped before the input's end: the lines after the last one read were never read (nor counted).
            if stopped && !inputDone { summary.unreadAfter = reader.lineNumber }
            var unsent: [(line: Int, attempts: Int, outcome: AttemptOutcome?)] = (retries + waiting).map { ($0.line, $0.attempts, $0.lastOutcome) }
            for queue in blocked.values { unsent += queue.map { ($0.line, 0, nil) } }
            blocked.removeAll()
            blockedCount = 0
            for item in unsent.sorted(by: { $0.line < $1.line }) {
                var r = BatchResult(line: item.line, ok: false, attempts: item.attempts, elapsedMs: 0)
                if item.attempts > 0 {
                    // Sent and answered without an acknowledgement: failed, not unsent (--resume sends it again).
                    if case .status(let status, _)? = item.outcome { r.status = status }
                    r.error = "\(why) while waiting to retry: sent \(Counting.of(item.attempts, "time"))\(item.outcome.map { ", the last got \($0)" } ?? "")"
                } else {
                    summary.unsent += 1
                    r.error = why == "interrupted" ? "interrupted before it was sent" : "not sent: the run \(why)"
                }
                journal?.settle(item.line)
                finish(r, emit: emit)
            }
            try journal?.commit()
            roundEnded()
        }
    }
}

/// When the last requests of a documented window started (`RateWindow`: at most `count` in any `seconds`): one more
/// may start once the oldest of the last `count` is `seconds` old. A token bucket that started full let twice the
/// count through in the first window (bnc-link qr sent 200 in its first minute, against 100 a minute).
struct WindowLog {
    let window: RateWindow
    /// The starts, a ring once `count` are kept; `oldest` is the next to be replaced.
    private var starts: [Double] = []
    private var oldest = 0

    init(_ window: RateWindow) {
        self.window = window
        starts.reserveCapacity(max(0, min(window.count, 4096)))
    }

    /// When the next request may start: `now` if it may now.
    func due(at now: Double) -> Double {
        guard window.count > 0, starts.count >= window.count else { return now }
        return max(now, starts[oldest] + window.seconds)
    }

    mutating func record(_ start: Double) {
        guard window.count > 0 else { return }
        if starts.count < window.count {
            starts.append(start)
        } else {
            starts[oldest] = start
            oldest = (oldest + 1) % window.count
        }
    }
}
