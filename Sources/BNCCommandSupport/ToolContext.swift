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
    /// `--color` as asked (auto until a command's options are applied).
    public private(set) var colorMode: ColorMode = .auto

    /// Whether stdout gets colour: `--color always|never`, else NO_COLOR, TERM=dumb and whether it is a terminal.
    public var stdoutColor: Bool { environment.wantsColor(onStderr: false, mode: colorMode) }

    public init(tool: String, environment: Environment) {
        self.tool = tool
        self.environment = environment
        self.diagnostics = Diagnostics(tool: tool, color: environment.wantsColor(onStderr: true))
    }

    public var userAgent: String { BNCVersion.userAgent(tool: tool) }

    /// Applies `--color` to diagnostics.
    public func apply(_ output: OutputOptions) { apply(output.printing) }

    /// The colour of diagnostics, as `--color` asks.
    public func apply(_ output: PrintOptions) {
        colorMode = output.color.mode
        diagnostics = Diagnostics(tool: tool, color: environment.wantsColor(onStderr: true, mode: output.color.mode))
    }

    /// Prints a value in the chosen format: pretty JSON, one NDJSON line, or a table.
    public func emit(_ value: JSON, format: OutputFormat, table: ((JSON) -> TextTable?)? = nil) {
        switch format {
        case .json: stdout.line(value.serialized(pretty: true))
        case .ndjson: stdout.line(value.serialized())
        case .table:
            if let t = table?(value) ?? Self.defaultTable(value) {
                stdout.write(t.render(color: stdoutColor))
            } else {
                stdout.line(value.serialized(pretty: true))
            }
        }
    }

    /// Prints rows: one NDJSON line each, a JSON array, or a table of `columns`.
    public func emit(rows: [JSON], format: OutputFormat, columns: [String], cells: (JSON) -> [String]) {
        switch format {
        case .ndjson: rows.forEach { stdout.line($0.serialized()) }
        case .json: stdout.line(JSON.array(rows).serialized(pretty: true))
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
