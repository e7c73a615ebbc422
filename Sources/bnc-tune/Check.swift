// bnc-tune check: one request (or one per line) diagnosed against the seed's rules and the usual migration faults.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCSuite
import BNCTune

struct Check: BNCCommand {
    static let toolName = "bnc-tune"
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Diagnose TUNE requests: each finding with its severity, what is wrong and how to fix it.",
        discussion: """
            Exit 0 when no finding reaches --fail-on (default warning), 1 when one does, 65 when a line is not a \
            TUNE request. Several requests (FILE or -) are checked in order, so duplicate conversions within an \
            hour are found too (by the log's times, else system_date; a log without times is taken as one hour).

            RULES:
            \(TuneRule.helpText)

            EXAMPLES:
              bnc-tune check "$URL"
              bnc-tune check requests.txt --output ndjson | jq -c 'select(.findings | length > 0)'
            """)

    @Argument(help: ArgumentHelp("A TUNE request (URL, /serve?... or a log line), a FILE of them, or - for stdin.", valueName: "request"))
    var request: String
    @Option(name: .customLong("fail-on"), help: ArgumentHelp("The least severity that makes the exit status 1: error, warning or info.", valueName: "SEVERITY"))
    var failOn: FailOn = .warning
    @OptionGroup(title: "Decryption") var key: KeyOptions
    @OptionGroup(title: "Output") var output: PrintOptions

    func run(_ context: ToolContext) throws -> ExitStatus {
        try context.apply(output)
        let source = RequestSource(argument: request)
        let conversionKey = try key.key()
        context.use(KeyOptions.redactor(conversionKey, showSecrets: output.showSecrets))
        let format = output.format(context.environment)
        var checker = TuneChecker()
        var failing = false
        var first = true
        var csvRows: [JSON] = []
        // A file's requests: NDJSON, or with an explicit --output json one array written as they come (as a
        // batch's results).
        var stream = ResultStream(array: output.output?.format == .json, filter: context.jq, terminal: context.environment.stdoutIsTTY)
        // A file's line that is not a TUNE request (another page of an access log) or cannot be read is named and
        // the rest checked: one line must not hide the rest, nor leave --output json's array open.
        let failed = try source.eachReportingErrors(to: context.diagnostics) { number, bytes throws(BNCError) in
            let r = try RequestSource.read(number, bytes, key: conversionKey)
            guard r.isTuneRequest else {
                throw BNCError.invalid("line \(number)", "is not a TUNE request (\(TerminalText.escape(r.path)): no /serve path, TUNE host, or action and advertiser_id)")
            }
            let findings = checker.check(r)
            if findings.contains(where: { $0.severity >= failOn.severity }) { failing = true }
            var summary: JSONObject = ["line": .int(number)]
            for name in ["action", "advertiser_id", "site_id", "package_name", "sdk"] { summary[name] = r.value(name).map(JSON.string) }
            summary["platform"] = r.platform.map { .string($0.rawValue) }
            if !r.decrypted.isEmpty { summary["decrypted"] = .int(r.decrypted.count) }
            summary["findings"] = .array(findings.map(\.json))
            switch context.jq == nil ? format : .ndjson {
            case .csv:
                // One row a finding (one with its columns empty for a request with none): --output csv printed NDJSON.
                var row = summary
                row["findings"] = nil
                for f in findings.isEmpty ? [nil] : findings.map(Optional.some) {
                    for name in ["severity", "rule", "parameter", "message", "fix"] { row[name] = f.flatMap { $0.json[name] } ?? .string("") }
                    csvRows.append(context.redacted(.object(row)))
                }
            case .table:
                if !source.isInline { context.stdout.line((first ? "" : "\n") + "line \(number): \(TerminalText.escape(context.redacted(summaryText(r))))") }
                if findings.isEmpty {
                    context.stdout.line("no findings")
                } else {
                    var t = TextTable(columns: ["SEVERITY", "RULE", "PARAMETER", "FINDING"])
                    for f in findings { t.add(f.cells.map(context.redacted), paint: [f.severity.paint]) }
                    context.stdout.write(t.render(color: context.stdoutColor))
                }
            case .json where source.isInline && context.jq == nil: try context.printJSON(.object(summary), pretty: true)
            default:
                try context.print(.object(summary), to: &stream)
            }
            first = false
        }
        if format == .csv && context.jq == nil {
            context.stdout.write(CSVRendering.render(csvRows))
        } else if !(source.isInline && context.jq == nil && format == .json) && format != .table {
            context.stdout.write(bytes: stream.finish())
            if let failure = stream.failure { throw failure }
        }
        // Nothing checked, only lines refused (a file that is no log of TUNE requests): a data error, as one
        // request that is not one is.
        if failed > 0 && first { return .dataError }
        return failing || failed > 0 ? .partialFailure : .success
    }

    func summaryText(_ r: TuneRequest) -> String {
        [r.action, r.value("advertiser_id").map { "advertiser \($0)" }, r.platform?.rawValue].compactMap { $0 }.joined(separator: ", ")
    }
}
