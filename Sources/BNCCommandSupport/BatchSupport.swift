// --batch for every sending tool: the journal's place, SIGINT, a progress bar on a terminal, the summary,
// and the exit status (0 all ok, 1 some failed, 130 interrupted).
import BNCCore
#if canImport(Glibc)
import Glibc
#endif

/// A batch line's `"ip"` member: taken out of the body, it is that request's X-IP-Override (else `fallback`).
public func splitLineIP(_ line: JSONObject, fallback: IPAddress?) throws(BNCError) -> (JSONObject, IPAddress?) {
    guard let value = line["ip"] else { return (line, fallback) }
    guard let text = value.stringValue else { throw BNCError.invalid("ip", "must be a string") }
    var body = line
    body["ip"] = nil
    return (body, try IPAddress(text))
}

/// SIGINT count, written by the signal handler only.
nonisolated(unsafe) private var interruptCount: Int32 = 0

extension ToolContext {
    /// Runs the batch described by `batch`, each line made into a request by `prepare`. Never returns
    /// normally: it exits with the batch's status.
    public func runBatch(_ batch: BatchOptions, network: NetworkOptions, redactor: Redactor, retry: RetryPolicy? = nil,
                         prepare: (Int, JSONObject) throws(BNCError) -> HTTPRequest) throws(BNCError) -> Never {
        guard let input = batch.batch else { throw BNCError.usage("--batch", "is required") }
        var settings = BatchSettings(concurrency: batch.concurrency, rate: batch.rate, ordered: !batch.unordered,
                                     failFast: batch.failFast, shard: batch.shard.flatMap(BatchSettings.parseShard),
                                     retry: retry ?? RetryPolicy(maxAttempts: network.retries + 1),
                                     transport: transportOptions(network))
        settings.transport.userAgent = userAgent

        // The journal: named, or kept in the state directory under the input's path and content fingerprint.
        var total: Int?
        var journal: BatchJournal?
        let fingerprint: String
        if input == "-" {
            if batch.resume && batch.journal == nil {
                throw BNCError.usage("--resume", "needs --journal FILE when the batch comes from stdin")
            }
            fingerprint = "stdin"
        } else {
            let (hash, lines) = try Self.fingerprint(input)
            total = lines
            var path = FNV1a64()
            path.add(Array((Subprocess.absolutePath(input)).utf8))
            fingerprint = "\(path.hex)-\(hash)"
        }
        if let path = batch.journal ?? (input == "-" ? nil : "\(environment.stateDirectory)/journals/\(tool)-\(fingerprint).db") {
            if let slash = path.lastIndex(of: "/") { FileSystem.makeDirectories(String(path[..<slash])) }
            if !batch.resume { unlink(path); unlink(path + "-wal"); unlink(path + "-shm") }
            let j = try BatchJournal(path: path)
            try j.bind(input: input, fingerprint: fingerprint)
            journal = j
            if network.verbose { diagnostics.note("journal \(path)") }
        }

        let runner = BatchRunner(settings: settings, journal: journal, redactor: redactor, trace: network.verbose ? diagnostics : nil)
        let progress = environment.stderrIsTTY && !network.verbose ? ProgressBar(total: total, diagnostics: diagnostics) : nil
        let retries = network.verbose ? RetryLog(diagnostics: diagnostics) : nil
        runner.observer = (progress as BatchObserver?) ?? retries
        interruptCount = 0
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            interruptCount += 1
            if interruptCount >= 2 { _exit(130) }  // a second ^C aborts at once
        }
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        // Our parent may have started us with SIGINT blocked (the mask is inherited across exec).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        runner.shouldStop = { interruptCount > 0 }

        let reader = try LineReader(path: input)
        // The bar is erased before a result line only when both go to the same terminal.
        let shareTerminal = environment.stdoutIsTTY
        let summary = try runner.run(reader: reader, prepare: prepare) { result in
            if shareTerminal { progress?.clear() }
            stdout.line(result.json.serialized())
        }
        progress?.clear()
        diagnostics.note(summary.description)
        if summary.interrupted { Glibc.exit(ExitStatus.interrupted.rawValue) }
        Glibc.exit(summary.failed > 0 ? ExitStatus.partialFailure.rawValue : ExitStatus.success.rawValue)
    }

    /// Content fingerprint and line count of a file, in one streaming pass.
    static func fingerprint(_ path: String) throws(BNCError) -> (String, Int) {
        let reader = try LineReader(path: path)
        var hash = FNV1a64()
        while let line = try reader.next() {
            hash.add(line)
            hash.add([10])
        }
        return (hash.hex, reader.lineNumber)
    }
}

/// `[=====>     ] 1234/5000  812/s  ETA 4s` on stderr, redrawn at most ten times a second.
final class ProgressBar: BatchObserver {
    let total: Int?
    let diagnostics: Diagnostics
    let start = MonotonicClock.now()
    var lastDraw = 0.0
    var drawn = false

    init(total: Int?, diagnostics: Diagnostics) {
        self.total = total
        self.diagnostics = diagnostics
    }

    func progress(done: Int, inFlight: Int, retrying: Int) {
        let now = MonotonicClock.now()
        guard now - lastDraw >= 0.1 else { return }
        lastDraw = now
        let rate = Double(done) / max(now - start, 0.001)
        var line = ""
        if let total, total > 0 {
            let width = 30
            let filled = min(width, done * width / total)
            line = "[" + String(repeating: "=", count: filled) + (filled < width ? ">" : "") + String(repeating: " ", count: max(0, width - filled - 1)) + "] "
            line += "\(done)/\(total)"
            let eta = rate > 0 ? Int((Double(total - done) / rate).rounded()) : 0
            line += "  \(Int(rate))/s  ETA \(eta)s"
        } else {
            line = "\(done) lines  \(Int(rate))/s"
        }
        if retrying > 0 { line += "  (\(retrying) waiting to retry)" }
        OutputStream.stderr.write("\r\u{1B}[K" + line)
        drawn = true
    }

    func retrying(line: Int, attempt: Int, outcome: AttemptOutcome, delay: Double) {}

    func clear() {
        if drawn { OutputStream.stderr.write("\r\u{1B}[K") }
        drawn = false
    }
}

/// With -v: one stderr line per retry.
final class RetryLog: BatchObserver {
    let diagnostics: Diagnostics
    init(diagnostics: Diagnostics) { self.diagnostics = diagnostics }
    func progress(done: Int, inFlight: Int, retrying: Int) {}
    func retrying(line: Int, attempt: Int, outcome: AttemptOutcome, delay: Double) {
        diagnostics.note("line \(line): attempt \(attempt) got \(outcome); retrying in \((delay * 1000).rounded() / 1000)s")
    }
}
