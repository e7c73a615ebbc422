// The settings a tool runs with after precedence, and where each came from.

/// Where a resolved value came from, for `-v` and error messages.
public enum SettingSource: Sendable, Equatable, CustomStringConvertible {
    case flag(String)
    case environment(String)
    case profile(String)
    case configDefault(String)

    public var description: String {
        switch self {
        case .flag(let f): "flag \(f)"
        case .environment(let v): "environment \(v)"
        case .profile(let p): "profile \(p)"
        case .configDefault(let path): "default_profile in \(path)"
        }
    }
}

/// The settings a tool runs with, after precedence.
public struct Settings: Sendable {
    public var profileName: String?
    public var branchKey: BranchKey?
    public var branchSecret: Secret?
    public var accessToken: Secret?
    public var appID: String?
    /// Base URL that replaces the tool's default (nil: use the tool's documented host).
    public var apiURL: String?
    public var sandbox: Bool
    public var sources: [String: SettingSource] = [:]

    /// Where the secret came from (a flag's file, the environment, a profile), for messages that name it.
    public var secretSource: SettingSource? { sources["branch_secret"] }

    /// Where a credential (a body field, a query parameter: branch_key, branch_secret, access_token, app_id) came
    /// from, for `--explain`; nil for any other name.
    public func credentialOrigin(_ field: String) -> String? {
        guard ["branch_key", "branch_secret", "access_token", "app_id"].contains(field) else { return nil }
        return sources[field].map { "\($0)" } ?? "the settings"
    }

    public init(profileName: String? = nil, branchKey: BranchKey? = nil, branchSecret: Secret? = nil,
                accessToken: Secret? = nil, appID: String? = nil, apiURL: String? = nil, sandbox: Bool = false) {
        self.profileName = profileName
        self.branchKey = branchKey
        self.branchSecret = branchSecret
        self.accessToken = accessToken
        self.appID = appID
        self.apiURL = apiURL
        self.sandbox = sandbox
    }

    /// The environment variables the tools read, with their meaning (the man pages' ENVIRONMENT section).
    public static let environmentVariables: [(name: String, meaning: String)] = [
        ("BRANCH_KEY", "Branch key, below --key and above the profile"),
        ("BRANCH_SECRET", "Branch secret, below --secret-file and above the profile"),
        ("BRANCH_ACCESS_TOKEN", "API access token (deleting links, Data API exports), below --access-token-file"),
        ("BRANCH_APP_ID", "numeric Branch app id (deleting links, Data API exports), below --app-id"),
        ("BNC_PROFILE", "profile of the config file to use, below --profile"),
        ("BNC_API_URL", "base URL replacing the default host, below --api-url"),
        ("BNC_CONFIG", "config file instead of $XDG_CONFIG_HOME/bnc/config.toml"),
        ("BNC_SANDBOX_URL", "where --sandbox finds bnc-sandbox (default http://127.0.0.1:8787)"),
        ("XDG_CONFIG_HOME", "base of the config directory (default ~/.config)"),
        ("XDG_STATE_HOME", "base of the state directory (default ~/.local/state)"),
        ("NO_COLOR", "when set and not empty, no colour is used"),
        ("https_proxy, http_proxy, no_proxy", "proxies, as libcurl reads them"),
    ]

    /// Every secret in play, for the redactor.
    public var secrets: [Secret] { [branchSecret, accessToken].compactMap { $0 } }

    /// The key, or exit 78 with what to do.
    public func requireKey() throws(BNCError) -> BranchKey {
        guard let branchKey else {
            throw BNCError.configuration(
                "no Branch key: pass --key, set BRANCH_KEY, or add branch_key to a profile",
                hint: "try --sandbox for the local emulator, or see bnc-config(5)")
        }
        return branchKey
    }

    /// The secret, or exit 78 with where it may come from (never from argv).
    /// The API access token (deleting links, the Data APIs' jobs), or a configuration error saying where it goes.
    public func requireAccessToken() throws(BNCError) -> Secret {
        guard let accessToken else {
            throw BNCError.configuration("no access token: pass --access-token-file FILE or set BRANCH_ACCESS_TOKEN")
        }
        return accessToken
    }

    /// The numeric app id: the flag's value, else the profile's or BRANCH_APP_ID, or a usage error.
    public func requireAppID(_ given: String?) throws(BNCError) -> String {
        guard let app = given ?? appID, !app.isEmpty else {
            throw BNCError.usage("--app-id", "is required: the numeric Branch app id (or app_id in the profile, or BRANCH_APP_ID)")
        }
        guard Branch.isAppID(app) else {
            throw BNCError.usage(given != nil ? "--app-id" : "app_id", "must be the numeric Branch app id, a 64-bit integer (got \(JSON.string(String(app.prefix(64))).serialized()))")
        }
        return app
    }

    public func requireSecret() throws(BNCError) -> Secret {
        guard let branchSecret else {
            throw BNCError.configuration(
                "no Branch secret: pass --secret-file FILE, set BRANCH_SECRET, or add branch_secret_file to a profile",
                hint: "the secret is never taken on the command line, where ps and shell history would show it")
        }
        return branchSecret
    }

    /// The base URL to use: the override, else the tool's default.
    public func baseURL(default defaultURL: String) -> String { apiURL ?? defaultURL }
}
