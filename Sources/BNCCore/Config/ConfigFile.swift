// The config file (bnc-config(5)): its profiles as plain values, parsed from the TOML subset.

/// A profile: one table of the config file (or the built-in `sandbox`).
public struct Profile: Sendable, Equatable {
    public var branchKey: String?
    public var branchSecret: String?
    public var branchSecretFile: String?
    public var accessToken: String?
    public var accessTokenFile: String?
    public var apiURL: String?
    public var appID: String?

    public init() {}

    /// Every key a profile may hold, declared once: its name, its meaning (bnc-config(5) lists these) and the
    /// property it sets (the parser reads through it).
    public static let keys: [(name: String, meaning: String, property: WritableKeyPath<Profile, String?> & Sendable)] = [
        ("branch_key", "the app's Branch key (key_live_… or key_test_…)", \.branchKey),
        ("branch_secret", "the Branch secret; the file must then be private (chmod 600)", \.branchSecret),
        ("branch_secret_file", "a file holding the Branch secret (private, one line)", \.branchSecretFile),
        ("access_token", "an API access token (DELETE /v1/url); the file must then be private", \.accessToken),
        ("access_token_file", "a file holding the API access token", \.accessTokenFile),
        ("api_url", "base URL of the API (scheme, host, port, optional path prefix)", \.apiURL),
        ("app_id", "the numeric Branch app id (DELETE /v1/url)", \.appID),
    ]

    /// Values of `other` win where set.
    func overlaid(by other: Profile) -> Profile {
        var p = self
        p.branchKey = other.branchKey ?? branchKey
        if other.branchSecret != nil || other.branchSecretFile != nil {
            p.branchSecret = other.branchSecret
            p.branchSecretFile = other.branchSecretFile
        }
        if other.accessToken != nil || other.accessTokenFile != nil {
            p.accessToken = other.accessToken
            p.accessTokenFile = other.accessTokenFile
        }
        p.apiURL = other.apiURL ?? apiURL
        p.appID = other.appID ?? appID
        return p
    }
}

/// The parsed config file.
public struct ConfigFile: Sendable {
    public var path: String
    /// `default_profile = "NAME"` at the top: the profile used when neither `--profile` nor `BNC_PROFILE` names one.
    public var defaultProfile: String?
    public var profiles: [String: Profile]

    public init(path: String, defaultProfile: String? = nil, profiles: [String: Profile] = [:]) {
        self.path = path
        self.defaultProfile = defaultProfile
        self.profiles = profiles
    }

    /// Parses TOML text. Unknown keys are refused so a typo never silently drops a setting.
    public static func parse(_ text: String, path: String) throws(BNCError) -> ConfigFile {
        let table = try ConfigSyntax.parse(text, path: path)
        var file = ConfigFile(path: path)
        for (key, value) in table.entries {
            switch key {
            case "default_profile":
                guard let name = value.string else {
                    throw .configuration("\(path): default_profile must be a string (a profile's name)")
                }
                file.defaultProfile = name
            case "profile":
                guard value.table != nil else { throw .configuration("\(path): profiles are tables named [profile.NAME]") }
            default:
                throw .configuration("\(path): unknown key \(key) (expected default_profile = \"NAME\" and [profile.NAME] tables)")
            }
        }
        if let profiles = table["profile"]?.table {
            for (name, value) in profiles.entries {
                // A name is shown in completions, doctor's table and messages: printable text on one line (an escape
                // sequence in one reached the terminal through zsh's completion: QA round 28a).
                if name.isEmpty || FieldSpec.textProblem(in: name, multiline: false) != nil {
                    throw .configuration("\(path): the profile name \(JSON.string(name).serialized()) must be printable text on one line")
                }
                guard let t = value.table else {
                    throw .configuration("\(path): profile.\(name) must be a table ([profile.\(name)])")
                }
                file.profiles[name] = try parseProfile(t, name: name, path: path)
            }
        }
        return file
    }

    private static func parseProfile(_ table: ConfigTable, name: String, path: String) throws(BNCError) -> Profile {
        var p = Profile()
        for (key, value) in table.entries {
            guard let s = value.string else {
                throw .configuration("\(path): profile.\(name).\(key) must be a string")
            }
            guard let property = Profile.keys.first(where: { $0.name == key })?.property else {
                let known = Profile.keys.map(\.name).joined(separator: ", ")
                throw .configuration("\(path): unknown key profile.\(name).\(key) (known: \(known))")
            }
            p[keyPath: property] = s
        }
        if p.branchSecret != nil && p.branchSecretFile != nil {
            throw .configuration("\(path): profile.\(name) sets both branch_secret and branch_secret_file")
        }
        return p
    }

    /// True when the file holds a secret inline, so it must not be readable by others.
    public var holdsSecret: Bool {
        profiles.values.contains { $0.branchSecret != nil || $0.accessToken != nil }
    }
}
