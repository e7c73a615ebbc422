// --api-url, --ip, timeouts, retries, -v, --timing, TLS: how requests travel.
import ArgumentParser
import BNCCore

/// `--api-url`, `--ip`, timeouts, retries, `-v`, `--timing`, TLS.
public struct NetworkOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("api-url"), help: ArgumentHelp(
        "Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.", valueName: "URL"))
    public var apiURL: String?

    @Option(name: .customLong("ip"), help: ArgumentHelp(
        "The device's public IP address, sent as X-IP-Override (IPv4 or IPv6).", valueName: "ADDR"))
    public var ip: String?

    @Option(name: .customLong("connect-timeout"), help: ArgumentHelp("Seconds to wait for a connection.", valueName: "S"))
    public var connectTimeout: Double = 10

    @Option(name: .customLong("max-time"), help: ArgumentHelp("Seconds one attempt may take in all.", valueName: "S"))
    public var maxTime: Double = 30

    @Option(name: .customLong("retries"), help: ArgumentHelp(
        "Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.", valueName: "N"))
    public var retries: Int = 3

    @Option(name: .customLong("max-response-size"), help: ArgumentHelp(
        "Most bytes an answer may have; a longer one is cut off, exit 76.", valueName: "BYTES"))
    public var maxResponseSize: Int = TransportOptions.defaultMaxResponseBytes

    @Flag(name: [.customShort("v"), .customLong("verbose")], help: "Trace the HTTP exchange on stderr (secrets redacted).")
    public var verbose = false

    @Flag(name: .customLong("timing"), help: "Print dns/connect/tls/first-byte/total times on stderr.")
    public var timing = false

    @Flag(name: .customLong("insecure"), help: "Do not verify TLS certificates (warns every time; never in production).")
    public var insecure = false

    @Option(name: .customLong("cacert"), help: ArgumentHelp("CA certificate bundle to verify TLS with.", valueName: "FILE"),
            completion: .file())
    public var cacert: String?

    @Option(name: .customLong("record"), help: ArgumentHelp(
        "Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.",
        valueName: "FILE"), completion: .file(extensions: ["har"]))
    public var record: String?

    @Option(name: .customLong("record-limit"), help: ArgumentHelp(
        "Attempts a recording keeps; every failure is kept past it.", valueName: "N"))
    public var recordLimit: Int = HARRecorder.defaultLimit

    public init() {}

    public func validate() throws {
        // libcurl counts in milliseconds, and 0 means "no limit": anything under 1 ms would silently be none.
        guard connectTimeout >= 0.001, connectTimeout <= 3600 else {
            throw ValidationError("--connect-timeout must be between 0.001 (1 ms) and 3600 seconds")
        }
        guard maxTime >= 0.001, maxTime <= 86_400 else { throw ValidationError("--max-time must be between 0.001 (1 ms) and 86400 seconds (a day)") }
        guard (0...20).contains(retries) else { throw ValidationError("--retries must be between 0 and 20") }
        if record == "-" || record?.isEmpty == true { throw ValidationError("--record writes a file: give its path (stdout carries the answers)") }
        guard (1...1_000_000).contains(recordLimit) else { throw ValidationError("--record-limit must be between 1 and 1000000") }
        if recordLimit != HARRecorder.defaultLimit && record == nil { throw ValidationError("--record-limit needs --record FILE") }
        guard (1024...(1 << 30)).contains(maxResponseSize) else {
            throw ValidationError("--max-response-size must be between 1024 and 1073741824 bytes")
        }
    }
}
