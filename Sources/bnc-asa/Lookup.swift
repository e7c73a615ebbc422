// bnc-asa lookup: a token's attribution record from Apple (kept for the token's life), or a batch of tokens.
import ArgumentParser
import BNCASA
import BNCCommandSupport
import BNCCore
import BNCSuite

struct Lookup: SendingCommand {
    static let toolName = "bnc-asa"
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Read the attribution record of an AdServices token (POST /api/v1/).",
        discussion: """
            White space in a pasted token is removed (a token wrapped over lines is one token; several tokens, one a \
            line, are refused: --batch reads many); the Base64 alphabet is checked, and a token whose '+' became \
            ' ' (a form decoder's doing) is explained, not sent. 200: the record, typed (payload standard or \
            detailed; Apple's developer-mode sample flagged; attribution false explained). 404: retried every \
            --retry-interval seconds, --attempts in all, then exit 75. 400: invalid, never retried (exit 65). 5xx: \
            bounded backoff (--retries), then exit 75. --generated-at refuses a token over 24 hours old before any \
            call. With --batch each NDJSON line is {"token": "..."}, each answered with Apple's rules.
            """)

    @Argument(help: ArgumentHelp("The token, or - to read it from stdin.", valueName: "token")) var token: String?
    @Option(name: .customLong("token-file"), help: ArgumentHelp("Read the token from a file.", valueName: "FILE"), completion: .file())
    var tokenFile: String?
    @Option(name: .customLong("generated-at"), help: ArgumentHelp("When the app made the token (ISO 8601 or epoch seconds); over 24 h is refused.", valueName: "TIME"))
    var generatedAt: String?
    @Option(name: .customLong("attempts"), help: ArgumentHelp("Attempts in all while Apple answers 404.", valueName: "N")) var attempts = 3
    @Option(name: .customLong("retry-interval"), help: ArgumentHelp("Seconds between 404 retries.", valueName: "S")) var retryInterval = 5.0
    @Flag(name: .customLong("no-cache"), help: "Ask Apple even when the state database holds this token's record.") var noCache = false
    @Flag(name: .customLong("explain"), help: "On stderr, the token sent, where it came from and what was removed from it, and the headers.") var explain = false
    @OptionGroup var shared: ServiceOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions

    var batchOptions: BatchOptions? { batch }
    var inputs: [(flag: String, path: String?)] { [("token", token), ("--token-file", tokenFile)] }

    func validate() throws {
        guard (1...10).contains(attempts) else { throw ValidationError("--attempts must be between 1 and 10") }
        guard retryInterval >= 0, retryInterval <= 60 else { throw ValidationError("--retry-interval must be between 0 and 60 seconds") }
        let given = [token != nil, tokenFile != nil, batch.batch != nil].filter { $0 }.count
        if explain && batch.batch != nil { throw ValidationError("--explain explains one token: not with --batch") }
        if given != 1 { throw ValidationError("give one token (an argument, - or --token-file), or --batch FILE") }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let policy = AdServices.retryPolicy(attempts: attempts, interval: retryInterval, serverRetries: tool.network.retries)
        let base = tool.settings.apiURL
        let builder = AdServicesBuilder(baseURL: base)
        if tool.isBatch { return try tool.runBatch(builder, retry: policy) }
        let raw = try tokenFile.map { f throws(BNCError) in try FileSystem.readText(f, what: "--token-file") }
            ?? (token == "-" ? try FileSystem.readText("-", what: "token") : token!)
        tool.addSecret(raw.trimmingWhitespace())
        let value = try AdServices.token(raw)
        tool.addSecret(value)
        let now = MonotonicClock.wallSeconds()
        let made = try generatedAt.map { g throws(BNCError) in
            guard let t = Timestamp.parse(g) else { throw BNCError.usage("--generated-at", "must be ISO 8601 or epoch seconds (got \(g))") }
            return t
        }
        if let made { try AdServices.checkAge(generatedAt: made, now: now) }
        let request = try tool.request(builder, ["token": .string(value)])
        if explain {
            let origin = tokenFile.map { "--token-file \($0)" } ?? (token == "-" ? "standard input" : "the argument")
            for line in LookupExplanation.lines(request, raw: raw, token: value, origin: origin, redactor: tool.redactor, userAgent: tool.context.userAgent) {
                tool.diagnostics.note("explain: " + line)
            }
        }
        if try tool.render(request) { return .success }
        // A token reads one record: kept for its life, keyed by its hash, so a repeat does not call Apple again.
        let cache = noCache ? nil : LookupCache(store: try StateStore(path: StateStore.defaultPath(tool.environment)))
        let record: AttributionRecord
        if let kept = try cache?.record(for: value, now: now) {
            tool.diagnostics.note("from the cache (this token was looked up before; --no-cache asks Apple again)")
            record = kept
        } else {
            record = try builder.answer(try tool.send(request, retry: policy), redactor: tool.redactor)
            try cache?.store(record, for: value, generatedAt: made, now: now)
        }
        if record.isDeveloperMode {
            tool.diagnostics.warning("this is Apple's developer-mode sample record (ids 1234567890): make sure the app is not in developer mode")
        }
        try tool.emit(record.json) { _ in TextTable.keyValue(tool.redactor.redact(.object(LookupTable.rows(record))).objectValue ?? [:]) }
        return .success
    }
}

enum LookupTable {
    /// attributed, payload, explanation, then the record's fields.
    static func rows(_ record: AttributionRecord) -> JSONObject {
        var o: JSONObject = ["attributed": .bool(record.attributed), "payload": .string(record.payload)]
        if let e = record.explanation { o["explanation"] = .string(e) }
        for (k, v) in record.raw where k != "attribution" { o[k] = v }
        return o
    }
}
