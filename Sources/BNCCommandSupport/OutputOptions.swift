// --output, --show-secrets, --quiet, --color (every command that prints), and --dry-run, --curl (those that send).
import ArgumentParser
import BNCCore

/// `--output`, `--show-secrets`, `--quiet`, `--color`: what every command that prints takes, sending or not
/// (`scan`, `fields`, `list` take only these: `--dry-run` and `--curl` would do nothing there).
public struct PrintOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("output"), help: ArgumentHelp(
        "Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link's URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with ').", valueName: "FORMAT"))
    public var output: OutputFormatArgument?

    @Flag(name: .customLong("show-secrets"), help: "Show secrets instead of <redacted> (in renderings, traces, reports and errors).")
    public var showSecrets = false

    @Flag(name: .customLong("quiet"), help: "No progress line on a terminal (long jobs show one on stderr otherwise).")
    public var quiet = false

    @Option(name: .customLong("color"), help: ArgumentHelp("Colour: auto, always or never (NO_COLOR is honoured).", valueName: "WHEN"))
    public var color: ColorArgument = .auto

    @Option(name: .customLong("jq"), help: ArgumentHelp(
        "Filter the JSON output with a jq expression (libjq), as gh's --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).", valueName: "EXPR"))
    public var jq: String?

    public init() {}

    public func validate() throws {
        guard jq != nil else { return }
        if output == .table || output == .csv { throw ValidationError("--jq filters JSON: it cannot be combined with --output \(output!.rawValue)") }
        // The expression is compiled once, when the command applies these options before it sends anything
        // (`ToolContext.apply`): a bad one is exit 64 there, a libjq that cannot be loaded 78. (Compiling here as
        // well was a second jq_compile: 171 M instructions, nine tenths of a `--jq` run.)
    }

    public func format(_ environment: Environment) -> OutputFormat {
        output?.format ?? OutputFormat.default(for: environment)
    }
}

/// What a command that sends prints: `PrintOptions`, and `--dry-run` or `--curl` instead of sending.
public struct OutputOptions: ParsableArguments, Sendable {
    @OptionGroup public var printing: PrintOptions

    @Flag(name: .customLong("dry-run"), help: "Print the request as JSON (method, url, headers, body) instead of sending it.")
    public var dryRun = false

    @Flag(name: .customLong("curl"), help: "Print an equivalent curl command instead of sending the request.")
    public var curl = false

    public init() {}

    public var output: OutputFormatArgument? { printing.output }
    public var showSecrets: Bool { printing.showSecrets }
    public var quiet: Bool { printing.quiet }
    public var color: ColorArgument { printing.color }

    public func validate() throws {
        if curl && printing.jq != nil { throw ValidationError("--jq filters JSON: --curl prints a command; use --dry-run --jq") }
        if dryRun && curl { throw ValidationError("--dry-run and --curl cannot be combined: pick one rendering") }
    }

    public func format(_ environment: Environment) -> OutputFormat { printing.format(environment) }
}

/// `--output` values, parsed by ArgumentParser (an invalid one is a usage error naming the choices).
public enum OutputFormatArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case json, ndjson, table, csv
    public var format: OutputFormat { OutputFormat(rawValue: rawValue)! }
}

/// `--color` values.
public enum ColorArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never
    public var mode: ColorMode { ColorMode(rawValue: rawValue)! }
}
