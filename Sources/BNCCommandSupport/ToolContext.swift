// What a running tool works with: its environment and printers (ToolContext), and for tools that talk to an
// API the shared options resolved once (ToolRun): settings, IP override, device, redaction, output; then the
// steps every sending tool takes — admit warnings, render or send a request, print the answer.
import BNCCore
import BNCSuite

extension Diagnostics: TraceSink {
    public func trace(_ line: String) { raw(line) }
}

/// A tool's environment and printers.
public final class ToolContext {
    public let tool: String
    public let environment: Environment
    public private(set) var diagnostics: Diagnostics
    public let stdout = OutputStream.stdout
    /// `--jq`, compiled (nil: JSON is printed as it is).
    public private(set) var jq: JQFilter?
    /// `--color` as asked (auto until a command's options are applied).
    public private(set) var colorMode: ColorMode = .auto
    /// Masks secrets in what goes to stdout — values an answer echoes (a link's data, an export's custom_data),
    /// logged requests' parameters — unless `--show-secrets`; nil until the command knows its secrets.
    public private(set) var redactor: Redactor?

    /// The redactor for stdout and stderr alike from now on.
    public func use(_ redactor: Redactor) {
        self.redactor = redactor
        Diagnostics.use(redactor)
    }

    /// Text for stdout with its secrets masked.
    public func redacted(_ text: String) -> String { redactor?.redact(text) ?? text }

    /// A value for stdout with its secrets masked.
    public func redacted(_ value: JSON) -> JSON { redactor?.redact(value) ?? value }

    /// Whether stdout gets colour: `--color always|never`, else NO_COLOR, TERM=dumb and whether it is a terminal.
    public var stdoutColor: Bool { environment.wantsColor(onStderr: false, mode: colorMode) }

    public init(tool: String, environment: Environment) {
        self.tool = tool
        self.environment = environment
        self.diagnostics = Diagnostics(tool: tool, color: environment.wantsColor(onStderr: true))
    }

    public var userAgent: String { BNCVersion.userAgent(tool: tool) }

    /// Applies `--color` to diagnostics and readies `--jq`.
    public func apply(_ output: OutputOptions) throws(BNCError) { try apply(output.printing) }

    /// The colour of diagnostics, as `--color` asks, and the `--jq` filter, compiled here once: a bad expression is
    /// exit 64, a libjq that cannot be loaded 78 (every command applies these before it sends anything).
    public func apply(_ output: PrintOptions) throws(BNCError) {
        colorMode = output.color.mode
        jq = try output.jq.map { (expression) throws(BNCError) in try JQFilter(expression) }
        diagnostics = Diagnostics(tool: tool, color: environment.wantsColor(onStderr: true, mode: output.color.mode))
    }

    /// Prints one JSON document: through `--jq` when given (each result a line, strings bare and escaped on a
    /// terminal), else pretty or compact.
    public func printJSON(_ value: JSON, pretty: Bool) throws(BNCError) {
        let value = redacted(value)
        guard let jq else {
            stdout.line(forTerminal(value.serialized(pretty: pretty)))
            return
        }
        // Streamed: `range(1e8)` prints its lines as they come, `repeat(.)` until stdout closes or ^C.
        try jq.run(value.serialized()) { line in
            stdout.line(environment.stdoutIsTTY ? TerminalText.escape(line) : line)
            return stdout.writeError == nil
        }
    }

    /// Prints one result of many (a file's requests checked or mapped): masked, then through the stream (an NDJSON
    /// line, an array member, or --jq's results); a --jq runtime error ends the run.
    public func print(_ value: JSON, to stream: inout ResultStream) throws(BNCError) {
        var out: [UInt8] = []
        stream.append(redacted(value).bytes, to: &out)
        if let failure = stream.failure { throw failure }
        stdout.write(bytes: out)
    }

    /// JSON as it goes to stdout: on a terminal with the controls JSON leaves raw escaped (`\u202e`).
    func forTerminal(_ json: String) -> String { environment.stdoutIsTTY ? TerminalText.jsonForTerminal(json) : json }

    /// Prints a value in the chosen format: pretty JSON, one NDJSON line, or a table; with `--jq`, the filter's
    /// results whatever the format.
    public func emit(_ value: JSON, format: OutputFormat, table: ((JSON) -> TextTable?)? = nil) throws(BNCError) {
        if jq != nil { return try printJSON(value, pretty: false) }
        let value = redacted(value)
        switch format {
        case .json: stdout.line(forTerminal(value.serialized(pretty: true)))
        case .ndjson: stdout.line(forTerminal(value.serialized()))
        case .csv:
            // A cell is the server's text: on a terminal its control characters are shown escaped, as a table's are
            // (a file or a pipe gets the bytes).
            let text = CSVRendering.render(value.arrayValue ?? [value])
            stdout.write(environment.stdoutIsTTY ? TerminalText.escape(text, keepNewlines: true) : text)
        case .table:
            if let t = table?(value) ?? Self.defaultTable(value) {
                stdout.write(t.render(color: stdoutColor))
            } else {
                stdout.line(forTerminal(value.serialized(pretty: true)))
            }
        }
    }

    /// Prints rows: one NDJSON line each, a JSON array, or a table of `columns`. `--jq` filters each row (ndjson)
    /// or the array (json, and the default that would have been a table).
    public func emit(rows: [JSON], format: OutputFormat, columns: [String], cells: (JSON) -> [String]) throws(BNCError) {
        let rows = redactor.map { r in rows.map { r.redact($0) } } ?? rows
        if jq != nil {
            if format == .ndjson {
                for r in rows { try printJSON(r, pretty: false) }
            } else {
                try printJSON(.array(rows), pretty: false)
            }
            return
        }
        switch format {
        case .ndjson: rows.forEach { stdout.line($0.serialized()) }
        case .json: stdout.line(JSON.array(rows).serialized(pretty: true))
        case .csv: stdout.write(CSVRendering.render(rows))
        case .table:
            var t = TextTable(columns: columns)
            for r in rows { t.add(cells(r)) }
            stdout.write(t.render(color: stdoutColor))
        }
    }

    static func defaultTable(_ value: JSON) -> TextTable? {
        guard case .object(let o) = value else { return nil }
        return TextTable.keyValue(o)
    }
}
