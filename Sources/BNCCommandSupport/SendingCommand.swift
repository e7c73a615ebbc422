// A command that talks to an API: the shared option groups resolved once into a ToolRun, with the checks every such tool shares.
import ArgumentParser
import BNCCore
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

/// A command that talks to an API: the shared option groups, resolved once into a `ToolRun` before the tool's
/// own body runs — settings, the IP override, the device, the redactor, the output format — with the checks
/// every such tool shares (at most one option reads stdin; --batch sends, so it excludes --dry-run and --curl;
/// a device flag for the other platform warns naming it).
public protocol SendingCommand: BNCCommand {
    var shared: SharedOptions { get }
    /// The device options, for tools that speak for a device.
    var deviceOptions: DeviceOptions? { get }
    /// The batch options, for tools that send many.
    var batchOptions: BatchOptions? { get }
    /// The tool always sends a batch, from its own argument (bnc-tune replay's log), not from --batch.
    var batchFromArgument: Bool { get }
    /// The tool prints one result per input item (bnc-link bulk) whatever its flags, as a batch does.
    var printsResults: Bool { get }
    /// The tool's own options that read a file or `-` (stdin): (flag, value).
    var inputs: [(flag: String, path: String?)] { get }
    /// The tables whose secret fields every rendering masks.
    static var fieldTables: [FieldTable] { get }
    func run(_ tool: ToolRun) throws -> ExitStatus
}

extension SendingCommand {
    public var deviceOptions: DeviceOptions? { nil }
    public var batchOptions: BatchOptions? { nil }
    public var batchFromArgument: Bool { false }
    public var printsResults: Bool { false }
    public var inputs: [(flag: String, path: String?)] { [] }
    public static var fieldTables: [FieldTable] { [] }

    public func run(_ context: ToolContext) throws -> ExitStatus {
        try checkShared()
        let tool = try ToolRun(context: context, shared: shared, device: deviceOptions, batch: batchOptions,
                               fieldTables: Self.fieldTables)
        return try run(tool)
    }

    /// The checks of the shared options against each other, before anything is read or sent (exit 64).
    func checkShared() throws(BNCError) {
        var readers: [(flag: String, path: String?)] = [
            ("--secret-file", shared.credentials.secretFile), ("--access-token-file", shared.credentials.accessTokenFile),
            ("--device", deviceOptions?.deviceFile), ("--batch", batchOptions?.batch),
        ]
        readers += inputs
        let stdin = readers.filter { $0.path == "-" }.map(\.flag)
        if stdin.count > 1 {
            throw BNCError.usage(stdin.joined(separator: " and "), "both read standard input (-): at most one option may")
        }
        if let b = batchOptions, b.batch == nil, !batchFromArgument, b.resume || b.journal != nil || b.shard != nil || b.unordered || b.failFast {
            throw BNCError.usage("--resume, --journal, --shard, --unordered and --fail-fast", "need --batch")
        }
        if (batchOptions?.batch != nil || batchFromArgument || printsResults) && shared.output.output == .table {
            throw BNCError.usage("--output table", "cannot show a batch: it prints one result a line (ndjson, the default) or one JSON array (--output json)")
        }
        if batchOptions?.batch != nil && (shared.output.dryRun || shared.output.curl) {
            throw BNCError.usage("--batch", "sends; --dry-run and --curl render one request")
        }
    }
}
