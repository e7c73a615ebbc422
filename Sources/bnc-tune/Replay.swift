// bnc-tune replay: logged TUNE requests sent to Branch (or the sandbox) as the requests they map to, through the
// batch runner (concurrency, rate, retries, journal and --resume, one NDJSON result per line).
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCOpen
import BNCTune
import Synchronization

struct Replay: SendingCommand {
    static let toolName = "bnc-tune"
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Send logged TUNE requests to Branch as the v1/open sessions and v2 events they map to.",
        discussion: """
            Each line (a URL, a /serve?... target or a web-server log line) is mapped as bnc-tune map maps it and \
            checked by Branch's rules before it is sent; a line that cannot be mapped is a failed result, never \
            sent. Sessions need the app's branch_secret. Results are NDJSON, one per line, like every --batch; the \
            exit status is 0 when all were accepted, 1 when some failed. --dry-run and --curl render each line's \
            request instead and send nothing.

            EXAMPLES:
              bnc-tune replay access.log --sandbox > results.ndjson
              grep 'action=conversion' access.log | bnc-tune replay - --conversion-key-file key.txt --rate 50
            """)

    @Argument(help: ArgumentHelp("The log, or - for stdin (or --batch FILE).", valueName: "file"), completion: .file()) var given: String?
    /// The log: the argument, or --batch's file (both the man page and --help offered --batch, and it was refused).
    var file: String { given ?? batch.batch ?? "-" }
    @OptionGroup(title: "Decryption") var key: KeyOptions
    @OptionGroup var shared: SharedOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions

    var batchOptions: BatchOptions? { batch }
    var batchFromArgument: Bool { true }
    var inputs: [(flag: String, path: String?)] { [("file", file), ("--conversion-key-file", key.file)] }

    func validate() throws {
        if (given == nil) == (batch.batch == nil) { throw ValidationError("name the log once: a FILE argument, or --batch FILE") }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let branchKey = try tool.settings.requireKey()
        let secret = tool.settings.branchSecret
        let conversionKey = try key.key()
        if let k = conversionKey { tool.addSecret(k.text) }
        let base = tool.settings.apiURL
        func request(_ number: Int, _ bytes: ArraySlice<UInt8>, _ warnings: Warnings) throws(BNCError) -> HTTPRequest {
            try request(number, try RequestSource.read(number, bytes, key: conversionKey), warnings)
        }
        // The lines sent as sessions: their answers pass bnc-open's checks and print as bnc-open prints them (data
        // decoded); a `data` of 7 was `ok`, as a batch of bnc-open's was before QA round 30a (round 31b).
        let sessions = Mutex(Set<Int>())
        func request(_ number: Int, _ r: TuneRequest, _ warnings: Warnings) throws(BNCError) -> HTTPRequest {
            guard r.isTuneRequest else { throw BNCError.invalid("line \(number)", "is not a TUNE request (\(r.path))") }
            try TuneMapping.admit(r, warnings: warnings)
            let mapping = try TuneMapping.toBranch(r, warnings: warnings)
            let made = try mapping.request(key: branchKey, secret: secret, baseURL: base, warnings: warnings)
            if mapping.api == .open { _ = sessions.withLock { $0.insert(number) } }
            return made
        }
        // --dry-run and --curl render each line's request and send nothing; a line that cannot be mapped is named.
        if tool.output.dryRun || tool.output.curl {
            let failed = try RequestSource(argument: file).eachReportingErrors(to: tool.diagnostics) { number, bytes throws(BNCError) in
                let warnings = Warnings()
                let made = try request(number, bytes, warnings)
                try tool.admit(warnings, line: number)
                _ = try tool.render(made)
            }
            return failed > 0 ? .partialFailure : .success
        }
        // A device's requests go in log order, one after another (its first session is its install, and the
        // attribution goes with it): at --concurrency N a later session could be sent, and become the install,
        // first. Each line is read once, when its device is asked for.
        var read: [Int: TuneRequest] = [:]
        let redactor = tool.redactor
        return try tool.runBatch(input: file, textLines: true, answer: { number, response in
            if sessions.withLock({ $0.remove(number) != nil }) { return try OpenResponse(response: response, redactor: redactor).json }
            guard let json = response.json else { throw response.notJSONError() }
            return json
        }, serialKey: { number, line throws(BNCError) in
            let r = try RequestSource.read(number, Array((line["text"]?.stringValue ?? "").utf8)[...], key: conversionKey)
            read[number] = r
            return Self.device(of: r)
        }) { number, line, warnings throws(BNCError) in
            if let r = read.removeValue(forKey: number) { return try request(number, r, warnings) }
            return try request(number, Array((line["text"]?.stringValue ?? "").utf8)[...], warnings)
        }
    }

    /// The device a TUNE request is from, by its first id (advertiser and id, case folded), or nil without one.
    static func device(of r: TuneRequest) -> String? {
        for name in ["ios_ifv", "ios_ifa", "google_aid", "android_id", "fire_aid", "windows_aid", "os_id", "device_id"] {
            if let id = r.value(name), !id.isEmpty { return "\(r.value("advertiser_id") ?? "")|\(name)|\(id.uppercased())" }
        }
        return nil
    }
}
