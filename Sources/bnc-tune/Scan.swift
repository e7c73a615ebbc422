// bnc-tune scan: a log of any size streamed in constant memory — each TUNE request checked, findings counted per
// rule, advertiser and app — and exported as a findings report, JUnit XML and an HTML page (BNCReport, libxml2).
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCReport
import BNCTune

struct Scan: BNCCommand {
    static let toolName = "bnc-tune"
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan a log of TUNE requests: findings per rule, advertiser and app, with XML, JUnit and HTML reports.",
        discussion: """
            Reads one URL per line, or common/combined web-server log lines (other paths are skipped), streamed: \
            memory stays flat however long the log. Prints the summary (table, or JSON with --output json); \
            --output ndjson prints each finding as it is found instead ({line, action, advertiser_id, site_id, \
            rule, severity, parameter, message, fix}; a line that cannot be read {line, error}). --report writes the findings in bnc's \
            report schema (schemas/bnc-report.xsd; installed under share/bnc/schemas), --junit one testcase per request with a failure per error or \
            warning (CI dashboards read it), --html a page with the summary and the worst examples; - is stdout \
            (then nothing else is printed there). Exit 1 when a finding reaches --fail-on (default warning).

            EXAMPLES:
              bnc-tune scan access.log
              bnc-tune scan access.log --junit - | xmllint --xpath 'string(//testsuite/@failures)' -
              bnc-tune scan access.log.gz --report findings.xml --html findings.html --output json | jq .rules
              cat old/*.gz | bnc-tune scan - --output json
            """)

    @Argument(help: ArgumentHelp("The log, or - for stdin (plain or gzip, known by its first bytes).", valueName: "file"), completion: .file()) var file: String
    @Option(name: .customLong("report"), help: ArgumentHelp("Write the findings report (XML) here; - is stdout.", valueName: "FILE"), completion: .file())
    var report: String?
    @Option(name: .customLong("junit"), help: ArgumentHelp("Write JUnit XML here; - is stdout.", valueName: "FILE"), completion: .file())
    var junit: String?
    @Option(name: .customLong("html"), help: ArgumentHelp("Write an HTML page here; - is stdout.", valueName: "FILE"), completion: .file())
    var html: String?
    @Option(name: .customLong("examples"), help: ArgumentHelp("How many worst requests the HTML page shows.", valueName: "N"))
    var examples = 20
    @Option(name: .customLong("fail-on"), help: ArgumentHelp("The least severity that makes the exit status 1: error, warning or info.", valueName: "SEVERITY"))
    var failOn: FailOn = .warning
    @Option(name: .customLong("jobs"), help: ArgumentHelp("Threads that parse and check lines (default: the cores available, at most 8); findings still come in log order.", valueName: "N"))
    var jobs: Int?
    @OptionGroup(title: "Decryption") var key: KeyOptions
    @OptionGroup(title: "Output") var output: PrintOptions

    func validate() throws {
        // One file however named (the second report was refused only after the first was written over it).
        if let shared = FileSystem.sharedFile(writers: [("--report", report), ("--junit", junit), ("--html", html)], readers: [("the log", file)]) {
            throw ValidationError(shared.otherIsInput ? "\(shared.writer) names the log itself (\(shared.path)): name another file"
                                                      : "--report, --junit and --html must name different files")
        }
        // `--report out.txt > out.txt`: the shell emptied the file, and the report then replaced the summary
        // printed there (QA round 29a); the sending tools refuse the same (SendingCommand.checkDistinct).
        for (flag, path) in [("--report", report), ("--junit", junit), ("--html", html)] {
            guard let path, path != "-" else { continue }
            if path.isEmpty { throw ValidationError("\(flag) must name a file (it is empty)") }
            if let conflict = FileSystem.standardStreamConflict(path) { throw ValidationError("\(flag) \(conflict)") }
        }
        let toStdout = [report, junit, html].filter { $0 == "-" }.count
        if toStdout > 1 { throw ValidationError("only one of --report, --junit and --html can write to stdout (-)") }
        if toStdout == 1 && output.output?.format == .ndjson { throw ValidationError("--output ndjson and a report on stdout (-) cannot share it") }
        if file == "-" && key.file == "-" { throw ValidationError("the log and --conversion-key-file cannot both read stdin") }
        guard (0...1000).contains(examples) else { throw ValidationError("--examples must be between 0 and 1000") }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64") }
    }

    func run(_ context: ToolContext) throws -> ExitStatus {
        try context.apply(output)
        let format = output.format(context.environment)
        let started = MonotonicClock.now()
        let conversionKey = try key.key()
        let scanner = TuneScanner(key: conversionKey, keepExamples: examples)
        let redactor = KeyOptions.redactor(conversionKey, showSecrets: output.showSecrets)
        context.use(redactor)
        var sinks: [ReportSink] = []
        if let report { sinks.append(try FindingsXMLReport(path: report, tool: "bnc-tune scan", source: file == "-" ? "stdin" : file)) }
        if let junit { sinks.append(try JUnitReport(path: junit, suite: "bnc-tune scan \(file == "-" ? "stdin" : file)")) }
        if let html { sinks.append(try HTMLReport(path: html)) }
        let reader = try LineReader(path: file, maxLineLength: 1 << 20, what: file == "-" ? "standard input" : file)
        // A log may hold a line of megabytes (a crash dump, a binary blob): skipped and counted, not fatal.
        reader.skipLongLines = true
        // SIGINT, SIGTERM or SIGHUP: stop reading; the reports are not written (their old versions stay), exit 130.
        let signals = try SignalWatcher.install(abortOnSecond: true)
        // On a terminal: how far along (by the bytes of the file, compressed or not), lines, rate and time left.
        let size = file == "-" ? nil : FileSystem.regularFileSize(file)
        let progress = context.environment.stderrIsTTY && !output.quiet ? ProgressLine() : nil
        defer { progress?.clear() }
        try scanner.scan(reader, threads: jobs ?? TuneScanner.defaultThreads) { outcome throws(BNCError) in
            if signals.received > 0 { return false }
            progress?.draw({
                let lines = scanner.lines, rate = Double(lines) / max(progress!.elapsed, 0.001)
                guard let size, size > 0 else { return "\(lines) lines  \(Int(rate))/s" }
                let done = min(scanner.inputBytesRead, size)
                return ProgressLine.bar(done, of: size) + "\(done * 100 / size)%  \(lines) lines  \(Int(rate))/s  "
                    + ProgressLine.eta(Double(size - done), rate: Double(done) / max(progress!.elapsed, 0.001))
            }())
            // A case's name and group are formatted only when something exports it.
            if !sinks.isEmpty {
                let c = ScanReport.reportCase(outcome, redactor: redactor)
                for s in sinks { try s.add(c) }
            }
            if format == .ndjson {
                if context.environment.stdoutIsTTY { progress?.clear() }
                for o in ScanReport.ndjson(outcome) { try context.printJSON(o, pretty: false) }
            }
            return context.stdout.writeError == nil
        }
        scanner.longLinesSkipped = reader.longLinesSkipped
        progress?.clear()
        if signals.received > 0 {
            context.diagnostics.note("interrupted after \(Counting.of(scanner.lines, "line")): no report written (any earlier one is kept as it was)")
            return .interrupted
        }
        // Standard output failed (closed by `| head`, full, gone): the scan stopped there, so its reports would count
        // only the lines before it, and replace complete ones. None is written; the exit says why (74, or a closed
        // pipe's own status).
        if context.stdout.writeError != nil {
            if !sinks.isEmpty {
                context.diagnostics.note("standard output could not be written after \(Counting.of(scanner.lines, "line")): no report written (any earlier one is kept as it was)")
            }
            return status(scanner)
        }
        if reader.longLinesSkipped > 0 {
            context.diagnostics.warning("\(Counting.of(reader.longLinesSkipped, "line")) longer than 1 MiB skipped (counted as long_lines_skipped)")
        }
        let summary = ScanReport.summary(scanner, source: file, seconds: MonotonicClock.now() - started, redactor: redactor,
                                         command: redactor.redact((["bnc-tune"] + CommandLine.arguments.dropFirst()).joined(separator: " ")))
        for s in sinks { try s.finish(summary) }
        let json = ScanReport.json(scanner, redactor: redactor)
        if format != .ndjson && ![report, junit, html].contains("-") {
            try context.emit(json, format: format) { _ in ScanReport.table(scanner) }
        }
        if scanner.requests == 0 {
            context.diagnostics.warning("\(file == "-" ? "stdin" : file) held no TUNE requests (\(Counting.of(scanner.lines, "line")) read, \(Counting.of(scanner.skipped, "other request")))")
        }
        return status(scanner)
    }

    /// 1 when a finding at --fail-on or worse, or an unreadable line, was found.
    func status(_ scanner: TuneScanner) -> ExitStatus {
        scanner.bySeverity.contains { $0.key >= failOn.severity && $0.value > 0 } || scanner.unreadable > 0 ? .partialFailure : .success
    }
}
