// The option groups every tool includes with @OptionGroup, so each flag is spelled the same everywhere.
import ArgumentParser
import BNCCore

/// The options every tool that talks to an API shares: credentials, network, output, and --strict.
/// `SendingCommand` requires it; device and batch options are separate groups for the tools that have them.
public struct SharedOptions: ParsableArguments, Sendable {
    @OptionGroup(title: "Credentials") public var credentials: CredentialOptions
    @OptionGroup(title: "Network") public var network: NetworkOptions
    @OptionGroup(title: "Output") public var output: OutputOptions

    @Flag(name: .customLong("strict"), help: "Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.")
    public var strict = false

    public init() {}
}

/// `--key`, `--secret-file`, `--access-token-file`, `--profile`, `--sandbox`.
public struct CredentialOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("key"), help: ArgumentHelp("Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.", valueName: "KEY"))
    public var key: String?

    @Option(name: .customLong("secret-file"), help: ArgumentHelp(
        "File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.",
        valueName: "FILE"), completion: .file())
    public var secretFile: String?

    @Option(name: .customLong("access-token-file"), help: ArgumentHelp(
        "File holding a Branch API access token (for deleting links). Env: BRANCH_ACCESS_TOKEN.", valueName: "FILE"),
        completion: .file())
    public var accessTokenFile: String?

    @Option(name: .customLong("profile"), help: ArgumentHelp(
        "Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.", valueName: "NAME"))
    public var profile: String?

    @Flag(name: .customLong("sandbox"), help: "Use the local bnc-sandbox and its test credentials (the 'sandbox' profile).")
    public var sandbox = false

    public init() {}

    public func flags(apiURL: String?) -> CredentialFlags {
        CredentialFlags(key: key, secretFile: secretFile, accessTokenFile: accessTokenFile, profile: profile,
                        sandbox: sandbox, apiURL: apiURL)
    }
}

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
        "Most bytes an answer may have (default 16777216); a longer one is cut off, exit 76.", valueName: "BYTES"))
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

    public init() {}

    public func validate() throws {
        // libcurl counts in milliseconds, and 0 means "no limit": anything under 1 ms would silently be none.
        guard connectTimeout >= 0.001, connectTimeout <= 3600 else {
            throw ValidationError("--connect-timeout must be between 0.001 (1 ms) and 3600 seconds")
        }
        guard maxTime >= 0.001, maxTime <= 86_400 else { throw ValidationError("--max-time must be between 0.001 (1 ms) and 86400 seconds (a day)") }
        guard (0...20).contains(retries) else { throw ValidationError("--retries must be between 0 and 20") }
        guard (1024...(1 << 30)).contains(maxResponseSize) else {
            throw ValidationError("--max-response-size must be between 1024 and 1073741824 bytes")
        }
    }
}

/// `--device FILE.json|-` and one flag per device field (names and help come from `Device.fields`).
public struct DeviceOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("device"), help: ArgumentHelp(
        "JSON file of device fields (os, os_version, idfa, ...); - reads stdin. Flags override it.", valueName: "FILE"),
        completion: .file(extensions: ["json"]))
    public var deviceFile: String?

    @Option(name: .customLong("os"), help: DeviceOptions.help("os")) public var os: String?
    @Option(name: .customLong("os-version"), help: DeviceOptions.help("os_version")) public var osVersion: String?
    @Option(name: .customLong("model"), help: DeviceOptions.help("model")) public var model: String?
    @Option(name: .customLong("brand"), help: DeviceOptions.help("brand")) public var brand: String?
    @Option(name: .customLong("app-version"), help: DeviceOptions.help("app_version")) public var appVersion: String?
    @Option(name: .customLong("user-agent"), help: DeviceOptions.help("user_agent")) public var userAgent: String?
    @Option(name: .customLong("idfa"), help: DeviceOptions.help("idfa")) public var idfa: String?
    @Option(name: .customLong("idfv"), help: DeviceOptions.help("idfv")) public var idfv: String?
    @Option(name: .customLong("gaid"), help: DeviceOptions.help("gaid")) public var gaid: String?
    @Option(name: .customLong("android-id"), help: DeviceOptions.help("android_id")) public var androidID: String?
    @Option(name: .customLong("oaid"), help: DeviceOptions.help("oaid")) public var oaid: String?
    @Option(name: .customLong("limit-ad-tracking"), help: DeviceOptions.help("limit_ad_tracking")) public var limitAdTracking: String?
    @Option(name: .customLong("screen"), help: DeviceOptions.help("screen")) public var screen: String?
    @Option(name: .customLong("screen-dpi"), help: DeviceOptions.help("screen_dpi")) public var screenDPI: String?
    @Option(name: .customLong("local-ip"), help: DeviceOptions.help("local_ip")) public var localIP: String?
    @Option(name: .customLong("language"), help: DeviceOptions.help("language")) public var language: String?
    @Option(name: .customLong("country"), help: DeviceOptions.help("country")) public var country: String?
    @Option(name: .customLong("locale"), help: DeviceOptions.help("locale")) public var locale: String?
    @Option(name: .customLong("carrier"), help: DeviceOptions.help("carrier")) public var carrier: String?
    @Option(name: .customLong("connection-type"), help: DeviceOptions.help("connection_type")) public var connectionType: String?

    public init() {}

    static func help(_ field: String) -> ArgumentHelp {
        let f = Device.table[field]!
        return ArgumentHelp(f.help + ".", valueName: f.valueName ?? "VALUE")
    }

    /// The flags as (device field, value) pairs, in `Device.table` order (a test holds the two together).
    var flagValues: [(String, String?)] {
        [("os", os), ("os_version", osVersion), ("model", model), ("brand", brand), ("app_version", appVersion),
         ("user_agent", userAgent), ("idfa", idfa), ("idfv", idfv), ("gaid", gaid), ("android_id", androidID),
         ("oaid", oaid), ("limit_ad_tracking", limitAdTracking), ("screen", screen), ("screen_dpi", screenDPI),
         ("local_ip", localIP), ("language", language), ("country", country), ("locale", locale), ("carrier", carrier),
         ("connection_type", connectionType)]
    }

    /// The device file (if any) overlaid with the flags, checked and normalised.
    public func device(warn: (String) -> Void) throws(BNCError) -> Device {
        var base = Device()
        if let path = deviceFile {
            let bytes = try FileSystem.read(path, what: "--device", limit: FileSystem.smallInputLimit)
            let json: JSON
            do {
                json = try JSON.parse(bytes: bytes)
            } catch {
                throw BNCError(.invalidData, "--device \(path): \(error.description)")
            }
            base = try Device.load(json: json, source: path == "-" ? "device (stdin)" : path, warn: warn)
        }
        var flags = Device()
        for (name, value) in flagValues {
            guard let value else { continue }
            try flags.set(name, value, source: Device.table[name]!.flag!, warn: warn)
        }
        return base.overlaid(by: flags)
    }
}

/// `--output`, `--dry-run`, `--curl`, `--show-secrets`, `--color`.
public struct OutputOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("output"), help: ArgumentHelp(
        "Output format: json, ndjson or table (default: table on a terminal, json otherwise).", valueName: "FORMAT"))
    public var output: OutputFormatArgument?

    @Flag(name: .customLong("dry-run"), help: "Print the request as JSON (method, url, headers, body) instead of sending it.")
    public var dryRun = false

    @Flag(name: .customLong("curl"), help: "Print an equivalent curl command instead of sending the request.")
    public var curl = false

    @Flag(name: .customLong("show-secrets"), help: "Show secrets in --dry-run, --curl, -v and errors instead of <redacted>.")
    public var showSecrets = false

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

/// `--batch`, `--concurrency`, `--rate`, `--journal`, `--resume`, `--unordered`, `--fail-fast`, `--shard`.
public struct BatchOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("batch"), help: ArgumentHelp(
        "NDJSON file of requests, one per line (same shape as the API body, without credentials); - reads stdin.", valueName: "FILE"),
        completion: .file())
    public var batch: String?

    @Option(name: .customLong("concurrency"), help: ArgumentHelp("Requests in flight at once.", valueName: "N"))
    public var concurrency: Int = 8

    @Option(name: .customLong("rate"), help: ArgumentHelp("Most requests per second (default: no limit).", valueName: "R"))
    public var rate: Double?

    @Option(name: .customLong("journal"), help: ArgumentHelp("Journal of acknowledged lines, for --resume.", valueName: "FILE"),
            completion: .file())
    public var journal: String?

    @Flag(name: .customLong("resume"), help: "Skip the lines the journal shows as acknowledged.")
    public var resume = false

    @Flag(name: .customLong("unordered"), help: "Print results as they finish instead of in input order.")
    public var unordered = false

    @Flag(name: .customLong("fail-fast"), help: "Stop at the first failed line.")
    public var failFast = false

    @Option(name: .customLong("shard"), help: ArgumentHelp("Take only shard K of N of the lines (stable hash), e.g. 2/8.", valueName: "K/N"))
    public var shard: String?

    public init() {}

    public func validate() throws {
        guard (1...1024).contains(concurrency) else { throw ValidationError("--concurrency must be between 1 and 1024") }
        // Below one request in 100 s a batch is a typo, not a plan (and the wait between lines would be hours).
        if let rate, !(rate >= 0.01 && rate <= 1_000_000) { throw ValidationError("--rate must be between 0.01 and 1000000 requests per second") }
        if let shard {
            let parts = shard.split(separator: "/")
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
                throw ValidationError("--shard must be K/N with 1 <= K <= N, e.g. 2/8")
            }
        }
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
