// bnc-tune map: a TUNE request as the Branch request it stands for.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCSuite
import BNCTune

struct Map: SendingCommand {
    static let toolName = "bnc-tune"
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Map a logged TUNE request to the Branch request it stands for (or, with --to-tune, back).",
        discussion: """
            A session (action=session, install, update, open) becomes a POST /v1/open body, a conversion (or a \
            pre-defined event: purchase -> PURCHASE, registration -> COMPLETE_REGISTRATION ...) a v2 event; \
            device_ip becomes X-IP-Override (and user_data.ip). Printed as the batch-line JSON bnc-open --body - \
            and --batch - read (the body plus "ip"); --dry-run prints the whole Branch request, --curl a curl \
            command, --command a bnc-open/bnc-event command line. A request Branch would refuse is exit 65 naming \
            the TUNE parameter. Several requests (FILE or -) print one line each; unmappable lines are reported \
            on stderr and the exit status is 1.

            --to-tune reads v1/open or v2 event bodies (JSON: one per line, or bodies written over several lines \
            as a pretty-printed file has them; "ip" is the device IP) and prints the TUNE server-to-server URL of \
            each (--advertiser-id required), on https://ADVERTISER_ID.measure.mobileapptracking.com unless \
            --api-url or --sandbox names another host (a profile's or BNC_API_URL's api_url is Branch's, not TUNE's).

            THE PARAMETER TABLE (bnc-tune params prints it as data):
            \(TuneParameters.helpText)
            """)

    @Argument(help: ArgumentHelp("A TUNE request (URL, /serve?... or a log line), a FILE of them, or - for stdin.", valueName: "request"))
    var request: String
    @Flag(name: .customLong("command"), help: "Print a bnc-open/bnc-event command line instead of JSON.") var command = false
    @Flag(name: .customLong("to-tune"), help: "Map Branch bodies (v1/open or v2 event JSON) to TUNE URLs instead.") var toTune = false
    @Option(name: .customLong("advertiser-id"), help: ArgumentHelp("TUNE advertiser id for --to-tune.", valueName: "ID")) var advertiserID: String?
    @Option(name: .customLong("site-id"), help: ArgumentHelp("TUNE app id for --to-tune.", valueName: "ID")) var siteID: String?
    @Flag(name: .customLong("explain"), help: "On stderr, each field of the Branch body with the TUNE parameter it came from and the rule that applied.")
    var explain = false
    @OptionGroup(title: "Decryption") var key: KeyOptions
    @OptionGroup var shared: SharedOptions

    var inputs: [(flag: String, path: String?)] { [("request", request), ("--conversion-key-file", key.file)] }
    /// Stands in for an unconfigured key in --dry-run and --curl (never sent).
    static let placeholderKey = try! BranchKey("key_live_YOURBRANCHKEY")

    func validate() throws {
        if toTune && advertiserID == nil { throw ValidationError("--to-tune needs --advertiser-id (TUNE's numeric advertiser id)") }
        if !toTune && (advertiserID != nil || siteID != nil) { throw ValidationError("--advertiser-id and --site-id go with --to-tune") }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let source = RequestSource(argument: request)
        let conversionKey = try key.key()
        if let k = conversionKey { tool.addSecret(k.text) }
        // A file's mapped lines: NDJSON (what `bnc-event send --batch -` reads), or with an explicit --output json
        // one array written as they come.
        var stream = ResultStream(array: tool.output.output?.format == .json, filter: tool.context.jq, terminal: tool.environment.stdoutIsTTY)
        var body = PendingBody()
        var failed = try source.eachReportingErrors(to: tool.diagnostics) { number, bytes throws(BNCError) in
            if toTune {
                if let json = try body.add(number, bytes) { try reverse(json, tool) }
                return
            }
            guard let line = try forward(number, bytes, conversionKey, tool) else { return }
            if source.isInline {
                try tool.context.emit(line, format: tool.format == .table ? .json : tool.format)
                return
            }
            try tool.context.print(line, to: &stream)
        }
        if let unfinished = body.unfinished {
            if source.isInline { throw unfinished }
            failed += 1
            tool.diagnostics.error(unfinished)
        }
        if !source.isInline && !toTune {
            tool.stdout.write(bytes: stream.finish())
            if let failure = stream.failure { throw failure }
        }
        return failed > 0 ? .partialFailure : .success
    }

    /// The mapped line to print, or nil when it was rendered (--dry-run, --curl, --command).
    func forward(_ number: Int, _ bytes: ArraySlice<UInt8>, _ conversionKey: ConversionKey?, _ tool: ToolRun) throws(BNCError) -> JSON? {
        // A file's line is named with its warnings; the one request of an argument needs no number.
        let fileLine: Int? = number > 0 && !RequestSource(argument: request).isInline ? number : nil
        let r = try RequestSource.read(number, bytes, key: conversionKey)
        let warnings = Warnings()
        try TuneMapping.admit(r, warnings: warnings)
        let mapped = try TuneMapping.toBranch(r, warnings: warnings)
        if explain {
            for e in mapped.explanation(of: r) {
                tool.diagnostics.note("explain: line \(number): " + Explanation.field(e.path, e.value, from: e.origin, redactor: tool.redactor))
            }
        }
        if !mapped.unmapped.isEmpty && tool.network.verbose {
            tool.diagnostics.note("no Branch counterpart, not sent: " + mapped.unmapped.joined(separator: ", "))
        }
        if tool.output.dryRun || tool.output.curl {
            let key = tool.settings.branchKey ?? Self.placeholderKey
            let secret = tool.settings.branchSecret ?? Secret("YOUR_BRANCH_SECRET")
            let request = try mapped.request(key: key, secret: secret, baseURL: tool.settings.apiURL, warnings: warnings)
            try tool.admit(warnings, line: fileLine)
            _ = try tool.render(request)
            return nil
        }
        // The Branch module's own checks, so a body printed here is one Branch accepts.
        _ = try mapped.request(key: Self.placeholderKey, secret: Secret("unused"), baseURL: nil, warnings: warnings)
        try tool.admit(warnings, line: fileLine)
        if command {
            let next = mapped.api == .open ? "bnc-open --body -" : "bnc-event send --batch -"
            // Masked as the JSON output is (a logged secret-shaped value, a branch_secret inside a URL), unless
            // --show-secrets: the line is for a terminal or a script file (QA round 29a F1).
            let line = tool.context.redacted(JSON.object(mapped.line))
            tool.stdout.line("printf '%s\\n' \(ShellQuote.quote(line.serialized())) | \(next)")
            return nil
        }
        return .object(mapped.line)
    }

    func reverse(_ json: JSON, _ tool: ToolRun) throws(BNCError) {
        guard case .object(var body) = json else {
            throw BNCError.invalid("--to-tune input", "must be a JSON object (a v1/open or v2 event body)")
        }
        if body["ip"] == nil, let ip = tool.ip { body["ip"] = .string(ip.text) }
        let warnings = Warnings()
        // The measurement host is TUNE's unless this command line names one: a profile's or the environment's
        // api_url is Branch's host, which made a Branch URL of /serve (QA round 31b).
        var host: String?
        if case .flag? = tool.settings.sources["api_url"] { host = tool.settings.apiURL }
        if tool.settings.sandbox { host = tool.settings.apiURL }  // bnc-sandbox answers /serve too
        let r = try TuneReverse.toTune(body, target: TuneTarget(advertiserID: advertiserID!, siteID: siteID, baseURL: host),
                                       warnings: warnings)
        try tool.admit(warnings)
        tool.stdout.line(tool.context.redacted(r.url))
    }
}
