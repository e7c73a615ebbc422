// What a running tool works with: its environment, its stderr printer, and the shared steps every sending
// tool takes — resolve settings, check the IP override, then send or render the request.
import BNCCore
import BNCSuite

extension Diagnostics: TraceSink {
    public func trace(_ line: String) { raw(line) }
}

/// Shared state and steps of one tool run.
public final class ToolContext {
    public let tool: String
    public let environment: Environment
    public private(set) var diagnostics: Diagnostics
    public let stdout = OutputStream.stdout
    /// The settings of this run, once resolved (the sandbox check needs them when sending).
    public private(set) var resolved: Settings?

    public init(tool: String, environment: Environment) {
        self.tool = tool
        self.environment = environment
        self.diagnostics = Diagnostics(tool: tool, color: environment.wantsColor(onStderr: true))
    }

    public var userAgent: String { BNCVersion.userAgent(tool: tool) }

    /// Applies `--color` to diagnostics.
    public func apply(_ output: OutputOptions) {
        diagnostics = Diagnostics(tool: tool, color: environment.wantsColor(onStderr: true, mode: output.color.mode))
    }

    /// Credentials and API URL after precedence; with `-v`, where each came from.
    public func settings(_ credentials: CredentialOptions, _ network: NetworkOptions) throws(BNCError) -> Settings {
        let settings = try ConfigurationResolver(environment: environment).resolve(credentials.flags(apiURL: network.apiURL))
        resolved = settings
        if network.verbose {
            for key in ["profile", "branch_key", "branch_secret", "access_token", "api_url"] {
                if let source = settings.sources[key] { diagnostics.note("\(key) from \(source)") }
            }
        }
        return settings
    }

    /// The `--ip` value checked (exit 64 when malformed), with a warning for addresses no phone has.
    public func ipOverride(_ network: NetworkOptions) throws(BNCError) -> IPAddress? {
        guard let raw = network.ip else { return nil }
        let ip = try IPAddress(raw)
        if let warning = ip.warning { diagnostics.warning(warning) }
        return ip
    }

    /// The device from `--device` and flags; warnings go to stderr.
    public func device(_ options: DeviceOptions) throws(BNCError) -> Device {
        try options.device(warn: diagnostics.warning)
    }

    public func transportOptions(_ network: NetworkOptions) -> TransportOptions {
        if network.insecure {
            diagnostics.warning("--insecure: TLS certificates are not verified; anyone on the path can read and change this exchange")
        }
        return TransportOptions(connectTimeout: network.connectTimeout, maxTime: network.maxTime, insecure: network.insecure,
                                caCertFile: network.cacert, userAgent: userAgent)
    }

    public func redactor(_ settings: Settings, _ output: OutputOptions, extra: [Secret] = []) -> Redactor {
        Redactor(secrets: settings.secrets + extra, showSecrets: output.showSecrets)
    }

    /// Prints the request for `--dry-run` or `--curl` and returns true; returns false when it should be sent.
    public func render(_ request: HTTPRequest, output: OutputOptions, network: NetworkOptions, redactor: Redactor) -> Bool {
        if output.dryRun {
            let json = request.dryRunJSON(redactor: redactor, userAgent: userAgent)
            stdout.line(json.serialized(pretty: output.format(environment) != .ndjson))
            return true
        }
        if output.curl {
            stdout.line(request.curlCommand(redactor: redactor, userAgent: userAgent, options: transportOptions(network)))
            return true
        }
        return false
    }

    /// Sends one request with the shared retry policy; returns the final answer whatever its status.
    /// Transport failures that outlast the retries throw (exit 69 or 75).
    public func send(_ request: HTTPRequest, network: NetworkOptions, redactor: Redactor,
                     retry: RetryPolicy? = nil) throws(BNCError) -> HTTPResponse {
        if resolved?.sandbox == true { try ensureSandbox(for: request.url) }
        let policy = retry ?? RetryPolicy(maxAttempts: network.retries + 1)
        let client = HTTPClient(options: transportOptions(network), retry: policy, redactor: redactor,
                                trace: network.verbose ? diagnostics : nil)
        if network.verbose {
            client.onRetry = { [diagnostics] attempt, outcome, delay in
                let wait = (delay * 1000).rounded() / 1000
                diagnostics.note("attempt \(attempt) of \(policy.maxAttempts) got \(outcome); retrying in \(wait)s")
            }
        }
        let response = try client.send(request)
        if network.timing, let timing = response.timing { diagnostics.note("timing: " + timing.summary) }
        if network.verbose, let id = response.requestID { diagnostics.note("X-Branch-Request-Id: \(id)") }
        return response
    }

    /// With `--sandbox`, starts a detached bnc-sandbox when nothing answers at its loopback address.
    func ensureSandbox(for url: String) throws(BNCError) {
        guard let u = HTTPURL(url), u.host == "127.0.0.1" || u.host == "localhost" else { return }
        let port = u.port ?? (u.scheme == "https" ? 443 : 80)
        if TCPProbe.isListening(host: u.host, port: port) { return }
        let own = Subprocess.currentExecutable().map { String($0[..<($0.lastIndex(of: "/") ?? $0.endIndex)]) }
        let candidates = (own.map { [$0] } ?? []) + (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        guard let sandbox = candidates.map({ $0 + "/bnc-sandbox" }).first(where: { FileSystem.isExecutable($0) }) else {
            throw BNCError(.unreachable, "no sandbox answers at 127.0.0.1:\(port) and bnc-sandbox was not found to start one",
                           hint: "install bnc-sandbox beside \(tool), or start one yourself: bnc-sandbox --port \(port)")
        }
        diagnostics.note("no sandbox at 127.0.0.1:\(port): starting \(sandbox) --detach --port \(port)")
        let pid = try Subprocess.spawn(sandbox, ["--detach", "--port", String(port)], stderrFD: 2)
        let status = Subprocess.wait(pid)
        guard status == 0, TCPProbe.isListening(host: u.host, port: port) else {
            throw BNCError(.unreachable, "bnc-sandbox could not be started on port \(port) (exit \(status))",
                           hint: "see \(environment.stateDirectory)/sandbox.log")
        }
    }

    /// Sends and requires a 2xx answer; any other status is a typed error (its exit code follows the status).
    public func deliver(_ request: HTTPRequest, network: NetworkOptions, redactor: Redactor,
                        retry: RetryPolicy? = nil) throws(BNCError) -> HTTPResponse {
        let response = try send(request, network: network, redactor: redactor, retry: retry)
        guard response.isSuccess else { throw response.httpError(redactor: redactor) }
        return response
    }

    /// Prints a value in the chosen format: pretty JSON, one NDJSON line, or a table.
    public func emit(_ value: JSON, format: OutputFormat, table: ((JSON) -> TextTable?)? = nil) {
        switch format {
        case .json: stdout.line(value.serialized(pretty: true))
        case .ndjson: stdout.line(value.serialized())
        case .table:
            if let t = table?(value) ?? Self.defaultTable(value) {
                stdout.write(t.render(color: environment.wantsColor(onStderr: false)))
            } else {
                stdout.line(value.serialized(pretty: true))
            }
        }
    }

    static func defaultTable(_ value: JSON) -> TextTable? {
        guard case .object(let o) = value else { return nil }
        return TextTable.keyValue(o)
    }

    /// The honest answer of a tool whose own work belongs to a later issue: exit 69, nothing sent or printed.
    public func notImplemented(_ what: String) -> BNCError {
        BNCError(.notImplemented, "\(what) is not implemented yet",
                 hint: "the shared flags work; see CHANGELOG.md for what each release adds")
    }
}

extension ToolContext {
    /// Checks the shared options a tool was given (settings, --ip, device) without sending anything:
    /// the first step of every sending tool, and all a tool does before its own work exists.
    @discardableResult
    public func checkShared(credentials: CredentialOptions, network: NetworkOptions, device: DeviceOptions?,
                            output: OutputOptions) throws(BNCError) -> (Settings, IPAddress?, Device?) {
        apply(output)
        let settings = try self.settings(credentials, network)
        let ip = try ipOverride(network)
        let dev = try device.map { options throws(BNCError) in try self.device(options) }
        return (settings, ip, dev)
    }
}
