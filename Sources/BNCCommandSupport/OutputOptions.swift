// --output, --dry-run, --curl, --show-secrets, --color, --quiet: what a run prints and how.
import ArgumentParser
import BNCCore

/// `--output`, `--dry-run`, `--curl`, `--show-secrets`, `--color`.
public struct OutputOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("output"), help: ArgumentHelp(
        "Output format: json, ndjson or table (default: table on a terminal, json otherwise; a one-value answer such as a link's URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table).", valueName: "FORMAT"))
    public var output: OutputFormatArgument?

    @Flag(name: .customLong("dry-run"), help: "Print the request as JSON (method, url, headers, body) instead of sending it.")
    public var dryRun = false

    @Flag(name: .customLong("curl"), help: "Print an equivalent curl command instead of sending the request.")
    public var curl = false

    @Flag(name: .customLong("show-secrets"), help: "Show secrets in --dry-run, --curl, -v and errors instead of <redacted>.")
    public var showSecrets = false

    @Flag(name: .customLong("quiet"), help: "No progress line on a terminal (long jobs show one on stderr otherwise).")
    public var quiet = false

    @Option(name: .customLong("color"), help: ArgumentHelp("Colour: auto, always or never (NO_COLOR is honoured).", valueName: "WHEN"))
    public var color: ColorArgument = .auto

    public init() {}

    public func validate() throws {
        if dryRun && curl { throw ValidationError("--dry-run and --curl cannot be combined: pick one rendering") }
    }

    public func format(_ environment: Environment) -> OutputFormat {
        output?.format ?? OutputFormat.default(for: environment)
    }
}

/// `--output` values, parsed by ArgumentParser (an invalid one is a usage error naming the choices).
public enum OutputFormatArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case json, ndjson, table
    public var format: OutputFormat { OutputFormat(rawValue: rawValue)! }
}

/// `--color` values.
public enum ColorArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never
    public var mode: ColorMode { ColorMode(rawValue: rawValue)! }
}
