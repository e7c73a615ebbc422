// bnc-tune reconcile: which of a TUNE log's sessions and conversions Branch holds. The log is mapped as replay maps
// it; Branch's rows come from its daily exports (read through the same download code as bnc-export) or from
// files bnc-export wrote (--export). One finding per line, a summary, exit 1 when anything is missing.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCExport
import BNCReport
import BNCTune

struct Reconcile: SendingCommand {
    static let toolName = "bnc-tune"
    static let configuration = CommandConfiguration(
        commandName: "reconcile",
        abstract: "Reconcile a TUNE log with what Branch holds: matched, missing, duplicated or different, per line.",
        discussion: """
            Each session and conversion of the log is mapped as replay maps it and looked up among Branch's rows: a \
            conversion by its transaction id (advertiser_ref_id), otherwise by a device id (IDFA, IDFV, GAID, Android \
            ID, user id) and the event, the closest in time first; a Branch row answers one line only. Matched rows \
            are compared: event name, revenue, currency, attribution labels. Branch's rows come from the daily \
            exports of --date (repeatable; default the log's UTC days; the live key and secret), or from files \
            bnc-export wrote (--export FILE, NDJSON, CSV or JSON; repeatable). Findings are NDJSON (a table on a \
            terminal), the summary on stderr; exit 1 when a line is missing.

            EXAMPLES:
              bnc-tune reconcile access.log --date 2026-11-23 --date 2026-11-24 > findings.ndjson
              bnc-export daily --date 2026-11-23 > branch.ndjson && bnc-tune reconcile access.log --export branch.ndjson
              export BRANCH_KEY=key_live_demo0123456789   # bnc-sandbox serves exports of live keys
              export BRANCH_SECRET=secret_live_PLACEHOLDER
              bnc-tune reconcile access.log --api-url http://127.0.0.1:8787 --html reconcile.html --output table
            """)

    @Argument(help: ArgumentHelp("The log, or - for stdin.", valueName: "file"), completion: .file()) var file: String
    @Option(name: .customLong("date"), help: ArgumentHelp("A UTC day whose daily export to read (repeatable).", valueName: "DATE")) var dates: [String] = []
    @Option(name: .customLong("export"), help: ArgumentHelp("Rows bnc-export wrote, instead of asking Branch (repeatable).", valueName: "FILE"),
            completion: .file())
    var exports: [String] = []
    @Option(name: .customLong("html"), help: ArgumentHelp("Write an HTML page of the reconciliation here; - is stdout (then the findings are not printed there).", valueName: "FILE"), completion: .file(extensions: ["html"]))
    var html: String?
    @Option(name: .customLong("dir"), help: ArgumentHelp("Keep the downloaded export files here.", valueName: "DIR"), completion: .directory) var dir: String?
    @OptionGroup(title: "Decryption") var key: KeyOptions
    @OptionGroup var shared: SharedOptions

    var inputs: [(flag: String, path: String?)] { [("file", file), ("--conversion-key-file", key.file)] + exports.map { ("--export", $0) } }
    var outputs: [(flag: String, path: String?)] { [("--html", html)] }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        // `--html -` is stdout, as scan's reports are: the page alone (it was written after the findings' NDJSON,
        // two formats in one stream, QA round 29a).
        if html == "-", tool.output.output != nil {
            throw BNCError.usage("--html -", "writes the page to stdout, so --output has nowhere to print: name a file for the page, or leave out --output")
        }
        if let html { _ = try HTMLReport(path: html) }  // a file of another kind is refused before any work
        let started = MonotonicClock.now()
        let expected = try ReconcileInput.expectations(file, key: try key.key(), tool: tool)
        let days = dates.isEmpty ? Array(Set(expected.compactMap { $0.time }.map { ExportRequest.iso(($0 / 86400).rounded(.down) * 86400).prefix(10) }.map(String.init))).sorted() : dates
        guard let held = exports.isEmpty ? try ReconcileInput.branchRows(days: days, fromLog: dates.isEmpty, tool: tool, dir: dir) : try ReconcileInput.rows(files: exports) else {
            return .success  // --dry-run or --curl: the export requests printed, nothing sent
        }
        let findings = Reconciler.reconcile(expected, held)
        let rows = findings.map(\.json)
        if html != "-" { try tool.context.emit(rows: rows, format: tool.output.output?.format ?? (tool.environment.stdoutIsTTY ? .table : .ndjson),
                              columns: ["LINE", "STATUS", "NAME", "TRANSACTION", "DIFFERENCES"]) { r in
            [r["line"].map { $0.serialized() } ?? "", r["status"]?.stringValue ?? "", r["name"]?.stringValue ?? "",
             r["transaction_id"]?.stringValue ?? "", (r["differences"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: "; ")]
        } }
        let summary = Reconciler.summary(findings)
        tool.diagnostics.note("\(Counting.of(expected.count, "line")) against \(Counting.of(held.count, "Branch row")): " + ReconcileFinding.Status.allCases.map {
            "\(summary[$0.rawValue]?.numberValue?.int64 ?? 0) \($0.rawValue)" }.joined(separator: ", "))
        if let html {
            try ReconcileInput.report(findings, held: held.count, log: file, to: html, seconds: MonotonicClock.now() - started,
                                      command: tool.redactor.redact((["bnc-tune"] + CommandLine.arguments.dropFirst()).joined(separator: " ")),
                                      redactor: tool.redactor)
        }
        return findings.contains { $0.status == .missing } ? .partialFailure : .success
    }
}
