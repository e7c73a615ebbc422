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
    associatedtype Options: ToolOptions = SharedOptions
    var shared: Options { get }
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
    /// The tool's own options that write a file (`-` is stdout): (flag, value).
    var outputs: [(flag: String, path: String?)] { get }
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
    public var outputs: [(flag: String, path: String?)] { [] }
    public static var fieldTables: [FieldTable] { [] }

    public func run(_ context: ToolContext) throws -> ExitStatus {
        try checkShared()
        let tool = try ToolRun(context: context, shared: shared, device: deviceOptions, batch: batchOptions,
                               fieldTables: Self.fieldTables)
        // A recording is written however the run ends: a failed request is what a ticket needs most.
        do {
            let status = try run(tool)
            try tool.finishRecording()
            return status
        } catch var error as BNCError where Self.isCredentialRefusal(error) {
            // Branch says only that the pair failed: say which credentials went, and where each came from.
            error.hint = Self.credentialsHint(tool.settings)
            try? tool.finishRecording()
            throw error
        } catch {
            try? tool.finishRecording()
            throw error
        }
    }

    /// Branch's answers to a key, secret or token it does not take (400 "Authentication failed !", "Invalid or
    /// missing app id, Branch key, or secret"; 401).
    static func isCredentialRefusal(_ error: BNCError) -> Bool {
        error.message.contains("Authentication failed") || error.message.contains("Branch key, or secret")
            || error.message.hasPrefix("HTTP 401")
    }

    /// Which credentials a run used and where each came from: the key itself (not a secret), the others by source.
    static func credentialsHint(_ settings: Settings) -> String {
        var used: [String] = []
        if let key = settings.branchKey {
            used.append("the key \(key.value)" + (settings.sources["branch_key"].map { " (from \($0))" } ?? ""))
        }
        if settings.branchSecret != nil {
            used.append("the secret" + (settings.sources["branch_secret"].map { " from \($0)" } ?? ""))
        }
        if settings.accessToken != nil {
            used.append("the access token" + (settings.sources["access_token"].map { " from \($0)" } ?? ""))
        }
        let list = used.isEmpty ? "no credentials" : used.joined(separator: ", ")
        return "sent \(list): check they belong to the same app, live with live and test with test (bnc-config(5) for profiles)"
    }

    /// Each file a run writes is its own: never another output's, never an input's (a recording over the journal
    /// failed only after every line was sent; `--replay X --record X` replaced the recording it replayed). Exit 64,
    /// before anything is read or sent.
    static func checkDistinct(writers: [(flag: String, path: String?)], readers: [(flag: String, path: String?)]) throws(BNCError) {
        for (flag, path) in writers {
            guard let path, path != "-" else { continue }
            if path.isEmpty { throw BNCError.usage(flag, "must name a file (it is empty)") }
            // `--journal out.ndjson > out.ndjson`: the shell emptied the file, so it passed as a new journal, and
            // the journal then wrote over every result line.
            if let conflict = FileSystem.standardStreamConflict(path) { throw BNCError.usage(flag, conflict) }
        }
        guard let shared = FileSystem.sharedFile(writers: writers, readers: readers) else { return }
        if shared.otherIsInput {
            throw BNCError.usage(shared.writer, "names the \(shared.other) input itself (\(shared.path)): it would be written over; name another file")
        }
        throw BNCError.usage("\(shared.writer) and \(shared.other)", "name the same file (\(shared.path)): each needs its own")
    }

    /// The checks of the shared options against each other, before anything is read or sent (exit 64).
    func checkShared() throws(BNCError) {
        var readers: [(flag: String, path: String?)] = shared.secretInputs + [
            ("--device", deviceOptions?.deviceFile), ("--batch", batchOptions?.batch),
        ]
        readers += inputs
        let stdin = readers.filter { $0.path == "-" }.map(\.flag)
        if stdin.count > 1 {
            throw BNCError.usage(stdin.joined(separator: " and "), "both read standard input (-): at most one option of a run may read it; give the others a file")
        }
        try Self.checkDistinct(writers: [("--record", shared.network.record), ("--journal", batchOptions?.journal)] + outputs, readers: readers)
        if let b = batchOptions, b.batch == nil, !batchFromArgument, b.resume || b.journal != nil || b.shard != nil || b.unordered || b.failFast {
            throw BNCError.usage("--resume, --journal, --shard, --unordered and --fail-fast", "need --batch")
        }
        if (batchOptions?.batch != nil || batchFromArgument || printsResults) && shared.output.output == .table {
            throw BNCError.usage("--output table", "cannot show a batch: it prints one result a line (ndjson, the default) or one JSON array (--output json)")
        }
        // A batch's results are JSON lines (or one array): --output csv was taken and ignored.
        if (batchOptions?.batch != nil || batchFromArgument || printsResults) && shared.output.output == .csv {
            throw BNCError.usage("--output csv", "cannot show a batch: it prints one result a line (ndjson, the default) or one JSON array (--output json)")
        }
        if batchOptions?.batch != nil && (shared.output.dryRun || shared.output.curl) {
            throw BNCError.usage("--batch", "sends; --dry-run and --curl render one request")
        }
        // A command whose argument is its batch (bnc-tune replay FILE) renders each line itself with --dry-run or
        // --curl; the batch's own options would not apply to a rendering.
        if batchFromArgument && (shared.output.dryRun || shared.output.curl), let b = batchOptions,
           b.resume || b.journal != nil || b.shard != nil {
            throw BNCError.usage("--dry-run and --curl", "render each line and send nothing: --resume, --journal and --shard are for sending")
        }
    }
}
