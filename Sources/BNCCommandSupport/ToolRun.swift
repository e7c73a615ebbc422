// A sending command's shared options resolved once: settings, IP override, device, redaction, output; and its sends.
import BNCCore
import BNCSuite

/// One run of a tool that talks to an API, its shared options resolved once.
public final class ToolRun {
    public let context: ToolContext
    public let shared: any ToolOptions
    public let batch: BatchOptions?
    public let settings: Settings
    public let ip: IPAddress?
    /// The device from --device and the device flags (empty for tools without them).
    public let device: Device
    public private(set) var redactor: Redactor
    public let format: OutputFormat
    /// `--record FILE`: every attempt, written when the run ends.
    public let recorder: HARRecorder?
    /// `--strict`, read once: each batch line asks, and the option group's getter through the protocol cost 450
    /// instructions a line.
    private let strict: Bool

    public var diagnostics: Diagnostics { context.diagnostics }
    public var environment: Environment { context.environment }
    public var network: NetworkOptions { shared.network }
    public var output: OutputOptions { shared.output }
    public var stdout: OutputStream { context.stdout }
    /// Whether a batch was asked for.
    public var isBatch: Bool { batch?.batch != nil }

    init(context: ToolContext, shared: any ToolOptions, device deviceOptions: DeviceOptions?, batch: BatchOptions?,
         fieldTables: [FieldTable]) throws(BNCError) {
        self.context = context
        self.shared = shared
        self.batch = batch
        strict = shared.strict
        try context.apply(shared.output)
        let settings = try ConfigurationResolver(environment: context.environment)
            .resolve(shared.credentialFlags())
        self.settings = settings
        if shared.network.verbose {
            for key in ["profile", "branch_key", "branch_secret", "access_token", "api_url"] {
                if let source = settings.sources[key] { context.diagnostics.note("\(key) from \(source)") }
            }
        }
        var ip: IPAddress?
        if let raw = shared.network.ip { ip = try IPAddress(raw) }
        self.ip = ip
        let warnings = Warnings()
        if let warning = ip?.warning { warnings.add(warning) }
        let device = try deviceOptions?.device(warn: warnings.add) ?? Device()
        for m in device.misplacedFields {
            warnings.add("\(m.source) is an \(m.platform.rawValue) identifier: not sent with os \(device.platform?.rawValue ?? "")")
        }
        self.device = device
        let secretFields = fieldTables.reduce(CredentialFields.table.secretNames) { $0.union($1.secretNames) }
        redactor = Redactor(secrets: settings.secrets, secretFields: secretFields, showSecrets: shared.output.showSecrets)
        context.use(redactor)
        format = shared.output.format(context.environment)
        if let path = shared.network.record {
            recorder = try HARRecorder(path: context.environment.expandTilde(path), limit: shared.network.recordLimit, redactor: redactor,
                                       tool: context.tool, version: BNCVersion.string)
        } else {
            recorder = nil
        }
        if let cacert = shared.network.cacert { try Self.checkCACertificate(context.environment.expandTilde(cacert)) }
        if shared.network.insecure {
            warnings.add("--insecure: TLS certificates are not verified; anyone on the path can read and change this exchange")
        }
        try admit(warnings)
    }

    /// Masks this value too in every rendering (a token read at run time).
    public func addSecret(_ value: String) {
        redactor = redactor.adding([Secret(value)])
        context.use(redactor)
        recorder?.use(redactor)
    }

    /// Writes the recording (`--record`), saying where and how much on stderr.
    public func finishRecording() throws(BNCError) {
        guard let recorder else { return }
        let (kept, left) = try recorder.finish()
        let path = shared.network.record ?? ""
        diagnostics.note("recorded \(kept) attempt\(kept == 1 ? "" : "s") in \(path)" + (left > 0 ? " (\(left) more left out: --record-limit)" : ""))
    }

    /// Prints the warnings gathered while building a request. With --strict a warning is an error (exit 65)
    /// and nothing is sent.
    /// - Parameter line: the batch line the warnings are about, named with the first of each.
    public func admit(_ warnings: Warnings, line: Int? = nil) throws(BNCError) {
        guard !warnings.isEmpty else { return }
        if strict {
            throw BNCError(.invalidData, warnings.messages[0] + (warnings.messages.count > 1 ? " (and \(warnings.messages.count - 1) more)" : ""),
                           hint: "--strict treats every warning as an error; nothing was sent")
        }
        for w in warnings.messages { diagnostics.warning(w, line: line) }
    }

    /// --cacert names a readable PEM bundle, else exit 78 naming the file (libcurl would only say "problem with
    /// the SSL CA cert" on the first request, read as an unreachable service).
    static func checkCACertificate(_ path: String) throws(BNCError) {
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path, what: "--cacert", limit: 16 << 20) } catch {
            throw BNCError.configuration(error.message)
        }
        let marker = Array("-----BEGIN CERTIFICATE-----".utf8)
        guard bytes.count >= marker.count, (0...(bytes.count - marker.count)).contains(where: { bytes[$0..<$0 + marker.count].elementsEqual(marker) }) else {
            throw BNCError.configuration("--cacert: \(path) holds no PEM certificate (-----BEGIN CERTIFICATE-----)",
                                         hint: "give the CA bundle in PEM form, e.g. /etc/ssl/certs/ca-certificates.crt")
        }
    }

    /// The whole file (or stdin for `-`), at most `limit` bytes, as JSON.
    public func readJSON(_ path: String, what: String, limit: Int = FileSystem.smallInputLimit) throws(BNCError) -> JSON {
        try JSON.parseInput(try FileSystem.read(path, what: what, limit: limit), what: "\(what) \(path == "-" ? "(stdin)" : path)")
    }

    public var transportOptions: TransportOptions {
        TransportOptions(connectTimeout: network.connectTimeout, maxTime: network.maxTime, insecure: network.insecure,
                         caCertFile: network.cacert, userAgent: context.userAgent, maxResponseBytes: network.maxResponseSize)
    }

    /// Prints the request for `--dry-run` or `--curl` and returns true; returns false when it should be sent.
    public func render(_ request: HTTPRequest) throws(BNCError) -> Bool {
        if output.dryRun {
            let json = request.dryRunJSON(redactor: redactor, userAgent: context.userAgent)
            try context.printJSON(json, pretty: format != .ndjson)
            return true
        }
        if output.curl {
            let command = request.curlCommand(redactor: redactor, userAgent: context.userAgent, options: transportOptions)
            stdout.line(command)
            if !output.showSecrets,
               command != request.curlCommand(redactor: .none, userAgent: context.userAgent, options: transportOptions) {
                diagnostics.note("the command has <redacted> where secrets go, so it will not work as printed: --show-secrets puts them in (and in your shell's history)")
            }
            return true
        }
        return false
    }

    /// Sends one request with the shared retry policy; returns the final answer whatever its status.
    /// Transport failures that outlast the retries throw (exit 69 or 75).
    public func send(_ request: HTTPRequest, retry: RetryPolicy? = nil) throws(BNCError) -> HTTPResponse {
        // --dry-run and --curl send nothing that changes anything: a read (GET) a rendering needs is all they allow.
        if (output.dryRun || output.curl) && request.method != "GET" {
            throw BNCError.usage(output.dryRun ? "--dry-run" : "--curl", "\(request.method) \(request.url.prefix { $0 != "?" }) would be sent before the request to show; nothing sent")
        }
        if settings.sandbox {
            try SandboxStarter(context: context).ensure(for: request.url, ownAddress: settings.sources["api_url"] == .profile("sandbox"))
        }
        let policy = retry ?? RetryPolicy(maxAttempts: network.retries + 1)
        let client = HTTPClient(options: transportOptions, retry: policy, redactor: redactor,
                                trace: network.verbose ? diagnostics : nil)
        client.recorder = recorder
        // A wait is said with -v, and on a terminal (a person watching a lookup that waits seconds for Apple):
        // "attempt 1 of 3 got HTTP 404 (not yet); retrying in 5s". Never into a pipe, never with --quiet.
        if network.verbose || (environment.stderrIsTTY && !output.quiet) {
            client.onRetry = { [diagnostics] attempt, outcome, delay in
                let wait = (delay * 1000).rounded() / 1000
                var notYet = ""
                if case .status(404, _) = outcome { notYet = " (not yet)" }
                diagnostics.note("attempt \(attempt) of \(policy.attempts(for: outcome)) got \(outcome)\(notYet); retrying in \(wait)s")
            }
        }
        let response = try client.send(request)
        if network.timing, let timing = response.timing { diagnostics.note("timing: " + timing.summary) }
        if network.verbose, let id = response.requestID { diagnostics.note("X-Branch-Request-Id: \(id)") }
        if network.verbose {
            for (name, value) in response.headers where name.lowercased() == "x-sandbox-lint" { diagnostics.note("sandbox lint: \(value)") }
        }
        return response
    }

    /// Sends and requires a 2xx JSON answer; any other status is a typed error (its exit code follows the
    /// status), and a 2xx that is not JSON is a malformed answer (exit 76).
    public func deliver(_ request: HTTPRequest, retry: RetryPolicy? = nil) throws(BNCError) -> (HTTPResponse, JSON) {
        let response = try send(request, retry: retry)
        guard response.isSuccess else { throw response.httpError(redactor: redactor) }
        guard let json = response.json else { throw response.notJSONError() }
        return (response, json)
    }

    /// Prints text as it came (for a pipe), or with control characters made visible when stdout is a terminal.
    public func printText(_ text: String, newline: Bool = true) {
        let text = redactor.redact(text)
        let shown = environment.stdoutIsTTY ? TerminalText.escape(text, keepNewlines: true) : text
        newline ? stdout.line(shown) : stdout.write(shown)
    }

    /// Prints an answer that is one value (a link's URL): bare, as `url=$(bnc-link create ...)` wants it, unless
    /// `--output json` or `ndjson` asks for the object (`json`, whose `key` member is the value).
    public func emitOne(_ key: String, _ value: String, json: JSONObject = [:]) throws(BNCError) {
        if context.jq != nil || (output.output.map { $0 != .table } ?? false) {
            var o = json
            o[key] = .string(value)
            try context.emit(.object(o), format: output.output?.format ?? .json, table: nil)
        } else {
            printText(value)
        }
    }

    /// Prints a value in the run's format.
    public func emit(_ value: JSON, table: ((JSON) -> TextTable?)? = nil) throws(BNCError) {
        try context.emit(value, format: format, table: table)
    }
}
