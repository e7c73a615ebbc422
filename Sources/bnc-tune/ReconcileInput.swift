// reconcile's inputs and report: the log's expectations, Branch's rows (daily exports or bnc-export's files) and the
// HTML page.
import BNCCommandSupport
import BNCCore
import BNCExport
import BNCReport
import BNCTune
#if canImport(Glibc)
import Glibc
#endif

enum ReconcileInput {
    /// Every session and conversion of the log that maps to Branch; other lines are left out (said with -v).
    static func expectations(_ path: String, key: ConversionKey?, tool: ToolRun) throws(BNCError) -> [ExpectedRecord] {
        let reader = try LineReader(path: path, what: "the log")
        var out: [ExpectedRecord] = []
        var skipped = 0
        while let line = try reader.next() {
            if TuneLog.isSkippable(line) { continue }
            guard let r = try? RequestSource.read(reader.lineNumber, line, key: key), let action = r.action,
                  let mapping = try? TuneMapping.toBranch(r, warnings: Warnings()) else { skipped += 1; continue }
            out.append(ExpectedRecord(line: reader.lineNumber, action: action, mapping: mapping, time: r.effectiveTime))
        }
        if skipped > 0 { tool.diagnostics.note(skipped == 1 ? "1 line is not a session or conversion Branch would hold: left out" : "\(skipped) lines are not sessions or conversions Branch would hold: left out") }
        return out
    }

    /// The rows of each day's session and event topics, fetched as bnc-export daily fetches them.
    /// Nil with --dry-run or --curl: each day's export request printed instead, nothing sent.
    static func branchRows(days: [String], fromLog: Bool, tool: ToolRun, dir: String?) throws(BNCError) -> [HeldRecord]? {
        guard !days.isEmpty else { throw BNCError.usage("--date", "is required: the log's lines carry no time to take the days from") }
        let (key, secret) = (try tool.settings.requireKey(), try tool.settings.requireSecret())
        guard key.kind == .live else { throw BNCError.configuration("exports hold live data only: reconcile with the app's live key (key_live_...)") }
        let topics = ["eo_install", "eo_reinstall", "eo_open", "eo_commerce_event", "eo_content_event", "eo_custom_event", "eo_user_lifecycle_event"]
        var rows: [HeldRecord] = []
        var rendered = false
        for date in days {
            do throws(BNCError) { _ = try ExportRequest.checkDailyDate(date, now: MonotonicClock.wallSeconds()) } catch {
                // The day came from the log's own times, not from --date: say so (the error blamed a flag never given).
                guard fromLog else { throw error }
                throw BNCError.invalid("the log's day \(date)", "(its lines' times: the access log's, else system_date) is not one Branch's daily exports hold (the last \(ExportFields.dailyWindowDays) days)",
                                       hint: "pass --date with the days to read, or --export FILE with Branch's rows")
            }
            let request = ExportRequest.daily(key: key, secret: secret, date: date, baseURL: tool.settings.apiURL)
            if try tool.render(request) { rendered = true; continue }
            let (_, json) = try tool.deliver(request)
            let directory = try ExportFiles.directory(dir, tool: tool, app: key.value) + "/" + date
            FileSystem.makeDirectories(directory)
            for (topic, urls) in try ExportAnswers.dailyFiles(json, topics: topics) {
                for (n, url) in urls.enumerated() {
                    let path = try ExportFiles.file(url, to: "\(directory)/\(topic)-\(n).csv.gz", label: "\(date) \(topic)", tool: tool)
                    try readCSV(path, topic: topic) { rows.append($0) }
                }
            }
        }
        return rendered ? nil : rows
    }

    /// Rows from files bnc-export wrote: NDJSON, a JSON array, or CSV (by their first byte).
    static func rows(files: [String]) throws(BNCError) -> [HeldRecord] {
        var rows: [HeldRecord] = []
        for path in files {
            // A regular file (plain or gzip) is streamed whatever its form: NDJSON a line at a time, each line
            // bounded as a batch's is (350 KB of gzip took 600 MB held whole: QA round 29a), a JSON array an
            // element at a time, CSV a record at a time. A pipe is read once, below.
            if FileSystem.regularFileSize(path) != nil { try streamedRows(path) { rows.append($0) }; continue }
            // A device is no export: /dev/zero was read to the 1 GiB bound, a GB held, before it was refused.
            var st = stat()
            if path != "/dev/null", stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFCHR || st.st_mode & S_IFMT == S_IFBLK {
                throw BNCError.invalid("--export", "\(path) is a device, not a file of rows")
            }
            var head = try FileSystem.read(path, what: "--export", limit: 1 << 30)
            // Inflated once, here: a pipe cannot be read again, and a gzip NDJSON export was taken for CSV.
            if Gzip.isCompressed(head) { head = try Gzip.inflate(head, limit: 1 << 30, what: "--export \(path)") }
            // A byte-order mark (Excel's) is no part of the rows: NDJSON with one was read as CSV, every line missing.
            if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
            let first = head.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                var items: [(line: Int?, item: JSON)] = []
                if first == UInt8(ascii: "[") {
                    guard case .array(let a) = try JSON.parseInput(head, what: path) else { throw BNCError.invalid("--export", "\(path) is not rows") }
                    items = a.map { (nil, $0) }
                } else {
                    for (n, line) in head.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
                    where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) {
                        items.append((n + 1, try JSON.parseInput(Array(line), what: "\(path) line \(n + 1)")))
                    }
                }
                for (i, (line, item)) in items.enumerated() {
                    // A row is an object of columns: 5, "x", null or [1] counted as an empty row of Branch's, silently.
                    guard case .object(let o) = item else {
                        throw BNCError.invalid("--export \(path) \(line.map { "line \($0)" } ?? "item \(i + 1)")", "must be a JSON object (a row of Branch's export), got \(item.typeName)")
                    }
                    rows.append(held(o))
                }
            } else {
                // The bytes already read: a FIFO or a process substitution opened a second time was empty, and every
                // line of the log was reported missing.
                try readCSV(path, topic: nil, bytes: head) { rows.append($0) }
            }
        }
        return rows
    }

    /// The HTML page: the totals, then the missing, duplicated and different lines, every text from the log or an
    /// export masked by `redactor` as stdout is (a value Branch holds may be a logged credential: QA round 28a).
    static func report(_ findings: [ReconcileFinding], held: Int, log: String, to path: String, seconds: Double, command: String,
                       redactor r: Redactor) throws(BNCError) {
        let summary = Reconciler.summary(findings)
        func count(_ s: ReconcileFinding.Status) -> Int { Int(summary[s.rawValue]?.numberValue?.int64 ?? 0) }
        let share = findings.isEmpty ? 100 : (count(.matched) * 100) / findings.count
        func table(_ status: ReconcileFinding.Status, _ title: String) -> ReportTable {
            ReportTable(name: status.rawValue, title: title, columns: ["line", "name", "transaction", "Branch ids", "differences"],
                        rows: findings.filter { $0.status == status }.map { [String($0.expected.line)] + [$0.expected.name, $0.expected.transactionID ?? "",
                            $0.branchIDs.joined(separator: " "), $0.differences.joined(separator: "; ")].map(r.redact) })
        }
        var s = ReportSummary(title: "Reconciliation of \(r.redact(log)): \(share)% of \(findings.count) lines matched", counts: [
            ("lines", findings.count), ("Branch rows", held), ("matched", count(.matched)), ("differs", count(.differs)),
            ("duplicated", count(.duplicated)), ("missing", count(.missing)),
        ], tables: [table(.missing, "Missing from Branch"), table(.duplicated, "Held more than once"), table(.differs, "Held, with differences")],
            examples: [], seconds: seconds)
        let held = findings.count - count(.missing)
        s.readiness = [
            ("of the log reconciled", share, "\(count(.matched)) of \(findings.count) lines held by Branch as logged"),
            ("of the log received", findings.isEmpty ? 100 : held * 100 / findings.count, "\(count(.missing)) missing from Branch"),
        ]
        let times = findings.compactMap(\.expected.time)
        s.facts = ReportTiming.facts(log: r.redact(log), first: times.min(), last: times.max(), command: command, seconds: seconds)
        let statuses = ReconcileFinding.Status.allCases
        s.charts.append(ReportChart(title: "Lines by outcome", kind: .bars, labels: statuses.map(\.rawValue), series: [("lines", statuses.map(count))]))
        var byHour: [Int: [Int]] = [:]
        for f in findings {
            guard let t = f.expected.time else { continue }
            byHour[Int((t / 3600).rounded(.down)), default: [0, 0]][f.status == .missing ? 1 : 0] += 1
        }
        let hours = ReportTiming.buckets(byHour, series: 2)
        if hours.labels.count > 1 {
            s.charts.append(ReportChart(title: "Lines over time (UTC)", kind: .timeline, labels: hours.labels,
                                        series: [("held by Branch", hours.values[0]), ("missing", hours.values[1])]))
        }
        try HTMLReport(path: path).finish(s)
    }
}
