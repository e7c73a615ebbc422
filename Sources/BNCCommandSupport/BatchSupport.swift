// --batch for every sending tool: the journal's place, SIGINT, a progress bar on a terminal, the summary,
// and the exit status (0 all ok, 1 some failed, 130 interrupted).
import BNCCore
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

extension ToolRun {
    /// Runs the batch of `--batch`, each line made into a request by `prepare` (which adds its warnings; with
    /// --strict a line with a warning fails, unsent). Returns the batch's status: 0 all ok, 1 some failed,
    /// 130 interrupted, 74 when the results could not be written.
    /// - Parameter defaultRate: the `--rate` when none is given (an endpoint's documented limit).
    /// - Parameter input: the lines' file when it is not `--batch` (a tool's positional FILE|-).
    /// - Parameter textLines: the lines are text (logged URLs), handed to `prepare` as `{"text": line}`.
    /// - Parameter windows: the endpoint's documented limits over longer windows, honoured whatever --rate says.
    /// - Parameter answer: what a 2xx answer becomes in the line's result (an image written to a file).
    /// - Parameter settled: told each line's result as it is printed (what a tool kept for the line can go).
    /// - Parameter serialKey: lines of one key are prepared and sent one after another (`BatchRunner.run`).
    /// A body's own credentials are the run's or none, a batch line's and a --body file's alike (a --body of another
    /// app was warned about and sent, or silently given the run's: QA round 30a). Exit 65 naming the member.
    public static func requireOneApp(_ body: JSONObject, key: String?, secret: Secret?, batch: Bool) throws(BNCError) {
        let how = batch ? "a batch sends for one app; run one batch per app" : "a request sends for one app"
        if let given = body["branch_key"]?.stringValue, let key, given != key {
            throw BNCError.invalid("branch_key", "is not this run's key (\(key)): \(how)")
        }
        if let given = body["branch_secret"]?.stringValue, let secret, given != secret.exposed {
            throw BNCError.invalid("branch_secret", "is not this run's secret: \(how)")
        }
    }

    /// `requireOneApp` for a --body file's object.
    public func requireOneApp(_ body: JSONObject) throws(BNCError) {
        try Self.requireOneApp(body, key: settings.branchKey?.value, secret: settings.branchSecret, batch: false)
    }

    public func runBatch(input: String? = nil, textLines: Bool = false, retry: RetryPolicy? = nil, requireJSON: Bool = true,
                         defaultRate: Double? = nil, windows: [RateWindow] = [],
                         answer: (@Sendable (Int, HTTPResponse) throws -> JSON)? = nil,
                         settled: ((BatchResult) -> Void)? = nil,
                         serialKey: ((Int, JSONObject) throws(BNCError) -> String?)? = nil,
                         prepare: @escaping (Int, JSONObject, Warnings) throws(BNCError) -> HTTPRequest) throws(BNCError) -> ExitStatus {
        guard let batch, let input = input ?? batch.batch else { throw BNCError.usage("--batch", "is required") }
        var settings = BatchSettings(concurrency: batch.concurrency, rate: batch.rate ?? defaultRate, ordered: !batch.unordered,
                                     failFast: batch.failFast, shard: batch.shard.flatMap(BatchSettings.parseShard),
                                     retry: retry ?? RetryPolicy(maxAttempts: network.retries + 1),
                                     transport: transportOptions)
        settings.transport.userAgent = context.userAgent
        // A batch holds at most 256 MiB of answers: half for the transfers in flight, each getting its share of
        // that, never more than --max-response-size (16 MiB by default: 8 transfers at that size fill the half);
        // half for answers waiting to be printed after a slower earlier line (BatchSettings.maxHeldBytes).
        let inFlight = TransportOptions.maxTotalResponseBytes - settings.maxHeldBytes
        let share = max(64 << 10, inFlight / batch.concurrency)
        if settings.transport.maxResponseBytes > share {
            if network.maxResponseSize != TransportOptions.defaultMaxResponseBytes {
                diagnostics.warning("--max-response-size lowered to \(share) bytes a transfer: \(batch.concurrency) transfers together hold at most \(inFlight >> 20) MiB")
            }
            settings.transport.maxResponseBytes = share
        }
        settings.requireJSON = requireJSON
        settings.windows = windows
        settings.answer = answer
        settings.textLines = textLines

        // The journal: named, or kept in the state directory under the input's path and content fingerprint.
        var total: Int?
        var journal: BatchJournal?
        var fingerprint: String
        var pathHash = ""
        // A pipe, a FIFO or process substitution can be read once only: it is streamed like stdin (no line
        // count, no automatic journal); only a regular file is fingerprinted first.
        let stream = input == "-" || FileSystem.regularFileMode(input) == nil
        if stream {
            if batch.resume && batch.journal == nil {
                throw BNCError.usage("--resume", "needs --journal FILE when the batch comes from stdin or a pipe")
            }
            fingerprint = "stdin"
            settings.digestLines = true
        } else {
            let (hash, lines) = try Self.fingerprint(input, settings: settings)
            total = lines
            var path = FNV1a64()
            path.add(Array((Subprocess.absolutePath(input)).utf8))
            pathHash = path.hex
            fingerprint = "\(path.hex)-\(hash)"
        }
        // A shard is a run of its own: its journal is its own (two shards of one input ran into one journal, the
        // second wiping the first's acknowledgements, so the first's --resume sent its lines again).
        let shardSuffix = settings.shard.map { "-shard\($0.k)of\($0.n)" } ?? ""
        fingerprint += shardSuffix
        let journals = "\(environment.stateDirectory)/journals"
        let ownJournal = batch.journal == nil && !stream ? "\(journals)/\(context.tool)-\(fingerprint).db" : nil
        if let ownJournal {
            let record = FinishedBatch.path(of: ownJournal)
            FinishedBatch.prune(journals, tool: context.tool, now: MonotonicClock.wallSeconds())
            if batch.resume && !FileSystem.exists(ownJournal) {
                // A --resume of a run that finished: its journal was removed, so every line would go again (the
                // tool's own journal behaves as a kept --journal FILE does: nothing is sent twice).
                if let done = FinishedBatch.read(record) {
                    guard done.command == RunIdentity.command else {
                        throw BNCError.configuration("the finished run of \(input) was another command's (\(done.command); this is \(RunIdentity.command))",
                                                     hint: "run without --resume to send its lines with this command")
                    }
                    guard done.destination == journalDestination else {
                        throw BNCError.configuration("the finished run of \(input) sent to \(done.destination); this run sends to \(journalDestination)",
                                                     hint: "its lines were not sent there: run without --resume")
                    }
                    diagnostics.note("every line of \(input) was acknowledged by a run that finished at \(HARRecorder.iso8601(done.finished)) (\(Counting.of(done.lines, "line"))): nothing sent; run without --resume to send them again")
                    if output.output == .json { stdout.write("[]\n") }
                    return .success
                }
                // A --resume of an input that changed since its unfinished run: that run's journal is another
                // content's, so every line would go again (acknowledged ones too). A kept --journal FILE refuses
                // such a resume; so does the tool's own.
                if let other = FinishedBatch.otherContentJournals(journals, tool: context.tool, pathHash: pathHash, shardSuffix: shardSuffix, except: ownJournal).first {
                    throw BNCError.configuration("\(input) changed since the unfinished run it would resume (journal \(other)): its acknowledged lines cannot be told apart in the new content",
                                                 hint: "send the lines still to go in a file of their own, or remove \(ShellQuote.quote(other)) and run without --resume to send every line")
                }
            } else if !batch.resume {
                FinishedBatch.remove(record)
            }
        }
        if let path = batch.journal ?? ownJournal {
            if let slash = path.lastIndex(of: "/") { FileSystem.makeDirectories(String(path[..<slash])) }
            let j = try BatchJournal(path: path, fresh: !batch.resume, keepUnfinished: batch.journal != nil)
            try j.bind(input: input, fingerprint: fingerprint, command: RunIdentity.command, destination: journalDestination)
            if stream && batch.resume, try j.lacksDigests() {
                diagnostics.warning("the journal \(path) was written by an older bnc and keeps no line digests: this input cannot be checked against the run it resumes (its lines are skipped by number)")
            }
            journal = j
            if network.verbose { diagnostics.note("journal \(path)") }
        }

        let runner = BatchRunner(settings: settings, journal: journal, redactor: redactor, trace: network.verbose ? diagnostics : nil)
        runner.recorder = recorder
        let progress = environment.stderrIsTTY && !network.verbose && !output.quiet ? ProgressBar(total: total) : nil
        let retries = network.verbose ? RetryLog(diagnostics: diagnostics) : nil
        runner.observer = (progress as BatchObserver?) ?? retries
        // SIGINT, SIGTERM or SIGHUP: finish the lines in flight, print the summary; a second signal aborts at once.
        let signals = try SignalWatcher.install(abortOnSecond: true)
        let out = stdout
        var pending: [UInt8] = []
        var results = ResultStream(array: output.output == .json, filter: context.jq, terminal: environment.stdoutIsTTY)
        // A --jq filter that failed (or a whole array grown too large to filter) stops the sending: nothing more
        // would be printed.
        runner.shouldStop = { signals.received > 0 || out.writeError != nil || results.failure != nil }

        func writePending() {
            guard !pending.isEmpty else { return }
            out.write(bytes: pending)
            pending.removeAll(keepingCapacity: true)
        }
        runner.roundEnded = { writePending() }
        // A run that throws still prints what it finished, and closes the array it opened.
        defer {
            writePending()
            out.write(bytes: results.finish())
        }
        // A line is one request's body: capped as a --body file is (1 MiB), so a body refused from a file is not sent
        // from a line (QA round 28a: a 5 MB event went out as a line). A longer line fails alone, unsent.
        let reader = try LineReader(path: input, maxLineLength: FileSystem.smallInputLimit)
        reader.skipLongLines = true
        reader.keepsSkippedNumbers = true
        // The bar is erased before a result line only when both go to the same terminal.
        let shareTerminal = environment.stdoutIsTTY
        let warnings = Warnings()  // one list, emptied for each line
        let runKey = self.settings.branchKey?.value, runSecret = self.settings.branchSecret
        var summary = try runner.run(reader: reader, serialKey: serialKey, prepare: { number, line throws(BNCError) in
            warnings.removeAll()
            // A line's own credentials are the run's or none: another app's key was replaced by the run's without
            // a word (a file mixing apps' lines went to one app).
            try Self.requireOneApp(line, key: runKey, secret: runSecret, batch: true)
            let request = try prepare(number, line, warnings)
            try self.admit(warnings, line: number)
            return request
        }) { result in
            settled?(result)
            results.append(result.utf8, to: &pending)
            if shareTerminal {
                progress?.clear()
                writePending()
                return
            }
            // Into a pipe or file: one write per round of transfers (or per 64 KiB), not one per line.
            if pending.count >= 1 << 16 { writePending() }
        }
        // A file's lines all taken: a stop at its last line left nothing unread (the reader had not yet seen the end).
        if let total, summary.lines >= total { summary.unreadAfter = nil }
        writePending()  // before the write error is read below (the defer covers a run that throws)
        out.write(bytes: results.finish())  // a whole array's --jq results, whose error is read below
        progress?.clear()
        diagnostics.note(summary.description)
        if let errno = out.writeError {
            // Only a run with a journal can say that it keeps anything (a batch from a pipe without --journal has none).
            let kept = journal != nil ? "; the journal keeps what was acknowledged (--resume)" : "; no journal kept what was acknowledged (--journal FILE keeps it)"
            diagnostics.error(BNCError(.io, "cannot write results to standard output: \(String(cString: strerror(errno)))\(kept)"))
            return .ioError
        }
        // A journal of its own (not named with --journal) is kept only while a run may be resumed: one that sent
        // every line and had each acknowledged is removed, so the state directory does not fill with finished runs.
        // A kept --journal FILE records that its run finished: a later run without --resume may start it afresh
        // (an unfinished one is refused, since its acknowledged lines would go again).
        if batch.journal != nil, let journal, !summary.interrupted, summary.unsent == 0, summary.failed == 0 {
            try journal.markFinished()
        }
        if batch.journal == nil, let journal, !summary.interrupted, summary.unsent == 0, summary.failed == 0 {
            journal.remove()
            if let ownJournal {
                FinishedBatch(command: RunIdentity.command, destination: journalDestination, lines: summary.ok + summary.resumed,
                              finished: MonotonicClock.wallSeconds()).write(FinishedBatch.path(of: ownJournal))
            }
        }
        if let hint = Self.resumeHint(summary, total: total, resumable: journal != nil, resuming: batch.resume) { diagnostics.note(hint) }
        if let failure = results.failure { throw failure }
        if summary.interrupted { return .interrupted }
        return summary.failed > 0 ? .partialFailure : .success
    }

    /// Where a batch's lines go, as its journal records it: the API (its URL, or Branch's own), the key and the app
    /// (public identifiers: never the secret or the token).
    var journalDestination: String {
        [settings.apiURL ?? "the default API", settings.branchKey.map { "key " + $0.value }, settings.appID.map { "app " + $0 }]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// Content fingerprint and line count of a file, in one streaming pass.
    /// What a stopped or partly failed run says about going on: --resume sends only the lines its journal has
    /// not seen acknowledged; a run without a journal (from a pipe, no --journal) cannot be resumed.
    static func resumeHint(_ summary: BatchSummary, total: Int?, resumable: Bool, resuming: Bool) -> String? {
        let done = summary.ok + summary.failed + summary.resumed
        let again = resuming ? "rerun the same command" : "rerun the same command with --resume"
        let how = resumable ? "\(again) to send only the lines not acknowledged"
            : "a batch from a pipe resumes only with a journal: pass --journal FILE next time"
        if summary.interrupted || summary.unsent > 0 || summary.unreadAfter != nil {
            let of = total.map { " of \($0)" } ?? ""
            return "\(summary.interrupted ? "interrupted" : "stopped") after \(done)\(of) lines; \(how)"
        }
        if summary.failed > 0 {
            return "\(summary.failed) line\(summary.failed == 1 ? "" : "s") failed (their results say why); \(how)"
        }
        return nil
    }

    /// The file's content fingerprint, and how many of its lines the run will take (the total its progress and
    /// summary count: not blank lines, `#` comments of text lines, or another shard's lines).
    static func fingerprint(_ path: String, settings: BatchSettings) throws(BNCError) -> (String, Int) {
        let reader = try LineReader(path: path, maxLineLength: FileSystem.smallInputLimit)
        reader.skipLongLines = true  // the run gives such a line its result; here it is counted by its number
        reader.keepsSkippedNumbers = true
        var hash = FNV1a64()
        var taken = 0
        while true {
            let line = try reader.next()
            for skipped in reader.takeSkippedLineNumbers() {
                hash.add(Array("\u{0}long \(skipped)\n".utf8))
                if settings.takes(lineNumber: skipped) { taken += 1 }
            }
            guard let line else { break }
            hash.add(line)
            hash.add(byte: 10)
            let blank = settings.textLines ? LineReader.isBlankOrComment(line) : LineReader.isBlank(line)
            if !blank && settings.takes(line) { taken += 1 }
        }
        return (hash.hex, taken)
    }
}

/// `[=====>     ] 1234/5000  812/s  ETA 4s` on stderr, redrawn at most ten times a second.
final class ProgressBar: BatchObserver {
    let total: Int?
    let line = ProgressLine()

    init(total: Int?) { self.total = total }

    func progress(done: Int, inFlight: Int, retrying: Int) {
        let rate = Double(done) / max(line.elapsed, 0.001)
        line.draw({
            var text = ""
            if let total, total > 0 {
                text = ProgressLine.bar(done, of: total) + "\(done)/\(total)  \(Int(rate))/s  " + ProgressLine.eta(Double(total - done), rate: rate)
            } else {
                text = "\(done) lines  \(Int(rate))/s"
            }
            if retrying > 0 { text += "  (\(retrying) waiting to retry)" }
            return text
        }())
    }

    func retrying(line: Int, attempt: Int, outcome: AttemptOutcome, delay: Double) {}

    func clear() { line.clear() }
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
