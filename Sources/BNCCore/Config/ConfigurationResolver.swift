// Where a tool's credentials and API URL come from: flags > environment > profile > defaults (bnc-config(5)).
import BNCSuite
import Synchronization

/// What the command line said about credentials (the credentials option group, as plain values).
public struct CredentialFlags: Sendable {
    public var key: String?
    public var secretFile: String?
    public var accessTokenFile: String?
    public var profile: String?
    public var sandbox: Bool
    public var apiURL: String?

    public init(key: String? = nil, secretFile: String? = nil, accessTokenFile: String? = nil, profile: String? = nil,
                sandbox: Bool = false, apiURL: String? = nil) {
        self.key = key
        self.secretFile = secretFile
        self.accessTokenFile = accessTokenFile
        self.profile = profile
        self.sandbox = sandbox
        self.apiURL = apiURL
    }
}

/// Applies the precedence rules to flags, environment and config file.
public struct ConfigurationResolver: Sendable {
    /// The key and secret of the built-in `sandbox` profile, which bnc-sandbox accepts.
    public static let sandboxKey = "key_test_bncsandbox"
    public static let sandboxSecret = "secret_test_bncsandbox"
    public static let sandboxDefaultURL = "http://127.0.0.1:8787"

    public let environment: Environment

    public init(environment: Environment) { self.environment = environment }

    /// The built-in sandbox profile (`BNC_SANDBOX_URL` moves it).
    public var builtinSandbox: Profile {
        var p = Profile()
        p.branchKey = Self.sandboxKey
        p.branchSecret = Self.sandboxSecret
        p.apiURL = environment["BNC_SANDBOX_URL"] ?? Self.sandboxDefaultURL
        return p
    }

    /// The profiles --profile takes, for completion in every tool: the config file's (none when it cannot be read:
    /// completion never fails) and the built-in `sandbox`, which --profile accepts without one (QA round 31b).
    public static func profileNames() -> [String] {
        let file = (try? ConfigurationResolver(environment: Environment.current()).loadConfigFile()) ?? nil
        return Set((file?.profiles.keys).map(Array.init) ?? []).union(["sandbox"]).sorted()
    }

    /// Loads the config file: a missing default file is no error; a missing `BNC_CONFIG` file is.
    public func loadConfigFile() throws(BNCError) -> ConfigFile? {
        let path = environment.configFile
        guard FileSystem.exists(path) else {
            // A link to nothing (its target moved, or links that loop) is a config the user meant to have: taking
            // it for none dropped its profiles' api_url without a word, and bnc doctor said ok.
            if let why = FileSystem.brokenLink(path) {
                throw .configuration("config file \(path) is a symbolic link to nothing: \(why)", hint: "point it at the file again, or remove it")
            }
            if environment["BNC_CONFIG"] != nil {
                throw .configuration("BNC_CONFIG names \(path), which does not exist")
            }
            return nil
        }
        // A pipe (BNC_CONFIG=<(...)) can be read once: what it said is kept for the process's later reads (bnc
        // doctor's checks found its profiles, then its credentials check found it empty).
        let once = FileSystem.regularFileSize(path) == nil
        if once, let kept = Self.readOnce.withLock({ $0[path] }) { return kept }
        let text: String
        do {
            // A FIFO has 5 s to say something: one no one writes to hung every tool.
            text = try FileSystem.readText(path, what: "config file", wait: 5000)
        } catch {
            // Over its bound, not UTF-8, unreadable: a bad config file is configuration (78), as README says
            // (QA round 28a: the first two were 65).
            throw .configuration(error.message)
        }
        let file = try ConfigFile.parse(text, path: path)
        if file.holdsSecret { try FileSystem.requirePrivate(path, holding: "a secret") }
        if once { Self.readOnce.withLock { $0[path] = file } }
        return file
    }

    /// Config files that are pipes, as read the first time, by path.
    private static let readOnce = Mutex<[String: ConfigFile]>([:])

    public func resolve(_ flags: CredentialFlags) throws(BNCError) -> Settings {
        if flags.sandbox, let p = flags.profile, p != "sandbox" {
            throw BNCError.usage("--sandbox", "cannot be combined with --profile \(p) (it means --profile sandbox)")
        }
        let file = try loadConfigFile()

        // Which profile: --profile/--sandbox > BNC_PROFILE > the file's `profile =`.
        var profileName: String?
        var profileSource: SettingSource?
        if flags.sandbox {
            profileName = "sandbox"; profileSource = .flag("--sandbox")
        } else if let p = flags.profile {
            profileName = p; profileSource = .flag("--profile")
        } else if let p = environment["BNC_PROFILE"] {
            profileName = p; profileSource = .environment("BNC_PROFILE")
        } else if let p = file?.defaultProfile {
            profileName = p; profileSource = .configDefault(file!.path)
        }

        var profile = Profile()
        if let name = profileName {
            let fromFile = file?.profiles[name]
            if name == "sandbox" {
                profile = builtinSandbox.overlaid(by: fromFile ?? Profile())
            } else if let fromFile {
                profile = fromFile
            } else {
                let known = (file?.profiles.keys.sorted() ?? []) + ["sandbox"]
                let guess = EditDistance.closest(to: name, in: known).map { " (did you mean \($0)?)" } ?? ""
                // With no config file at all, the message says so rather than naming a file that is not there.
                let place = file.map { "is not in \($0.path)" } ?? "is not defined: there is no config file at \(environment.configFile)"
                throw BNCError.configuration(
                    "profile \(name) (from \(profileSource!)) \(place)\(guess)",
                    hint: "profiles defined: \(known.joined(separator: ", "))")
            }
        }
        let profileLabel = SettingSource.profile(profileName ?? "")
        // The sandbox profile's values rank with the flags, above the environment, however it was chosen (--sandbox,
        // --profile sandbox, BNC_PROFILE, default_profile), as bnc-config(5) says: live credentials from the
        // environment never go to the sandbox under its name.
        let profileRanksAsFlag = flags.sandbox || profileName == "sandbox"

        var settings = Settings(profileName: profileName, sandbox: profileName == "sandbox")
        if let s = profileSource { settings.sources["profile"] = s }

        // Each setting is one descriptor over the layers, highest first: the flag, the --sandbox profile (a flag:
        // it ranks above the environment), the environment, the profile. The first layer that has a value wins
        // and is recorded as the value's source, for -v and messages.
        let sandboxLayer: SettingSource? = profileRanksAsFlag ? profileLabel : nil
        let profileSuffix = profileName.map { "profile \($0)" } ?? "profile"
        if let (key, source) = try Self.firstLayer([
            (flags.key.map { _ in .flag("--key") }, { () throws(BNCError) in try flags.key.map { k throws(BNCError) in try BranchKey(k, source: "--key") } }),
            (sandboxLayer, { () throws(BNCError) in try profile.branchKey.map { k throws(BNCError) in try BranchKey(k, source: "profile sandbox") } }),
            (.environment("BRANCH_KEY"), { () throws(BNCError) in try environment["BRANCH_KEY"].map { k throws(BNCError) in try BranchKey(k, source: "BRANCH_KEY") } }),
            (profileLabel, { () throws(BNCError) in try profile.branchKey.map { k throws(BNCError) in try BranchKey(k, source: "\(profileSuffix) branch_key") } }),
        ]) {
            settings.branchKey = key
            settings.sources["branch_key"] = source
        }

        // Branch secret: never from argv. A profile gives it inline or in a file.
        let profileSecret = { () throws(BNCError) -> Secret? in
            if let s = profile.branchSecret { return try Self.checkedSecret(s, source: "profile \(profileName ?? "") branch_secret") }
            if let f = profile.branchSecretFile { return try self.readSecretFile(self.environment.expandTilde(f), what: "branch_secret_file") }
            return nil
        }
        if let (secret, source) = try Self.firstLayer([
            (flags.secretFile.map { _ in .flag("--secret-file") }, { () throws(BNCError) in try flags.secretFile.map { f throws(BNCError) in try self.readSecretFile(f, what: "--secret-file") } }),
            (sandboxLayer, profileSecret),
            (.environment("BRANCH_SECRET"), { () throws(BNCError) in try environment["BRANCH_SECRET"].map { s throws(BNCError) in try Self.checkedSecret(s, source: "BRANCH_SECRET") } }),
            (profileLabel, profileSecret),
        ]) {
            settings.branchSecret = secret
            settings.sources["branch_secret"] = source
        }

        // API access token (DELETE /v1/url): no --sandbox layer (the built-in profile has none).
        if let (token, source) = try Self.firstLayer([
            (flags.accessTokenFile.map { _ in .flag("--access-token-file") }, { () throws(BNCError) in try flags.accessTokenFile.map { f throws(BNCError) in try self.readSecretFile(f, what: "--access-token-file") } }),
            (.environment("BRANCH_ACCESS_TOKEN"), { () throws(BNCError) in try environment["BRANCH_ACCESS_TOKEN"].map { t throws(BNCError) in try Self.checkedSecret(t, source: "BRANCH_ACCESS_TOKEN") } }),
            (profileLabel, { () throws(BNCError) in
                if let t = profile.accessToken { return try Self.checkedSecret(t, source: "profile \(profileName ?? "") access_token") }
                return try profile.accessTokenFile.map { f throws(BNCError) in try self.readSecretFile(self.environment.expandTilde(f), what: "access_token_file") }
            }),
        ]) {
            settings.accessToken = token
            settings.sources["access_token"] = source
        }

        settings.appID = environment["BRANCH_APP_ID"] ?? profile.appID
        if environment["BRANCH_APP_ID"] != nil {
            settings.sources["app_id"] = .environment("BRANCH_APP_ID")
        } else if profile.appID != nil {
            settings.sources["app_id"] = profileLabel
        }

        // API base URL.
        if let (url, source) = try Self.firstLayer([
            (flags.apiURL.map { _ in .flag("--api-url") }, { () throws(BNCError) in try flags.apiURL.map { u throws(BNCError) in try Self.validateBaseURL(u, source: "--api-url") } }),
            (sandboxLayer, { () throws(BNCError) in try profile.apiURL.map { u throws(BNCError) in try Self.validateBaseURL(u, source: "profile sandbox api_url") } }),
            (.environment("BNC_API_URL"), { () throws(BNCError) in try environment["BNC_API_URL"].map { u throws(BNCError) in try Self.validateBaseURL(u, source: "BNC_API_URL") } }),
            (profileLabel, { () throws(BNCError) in try profile.apiURL.map { u throws(BNCError) in try Self.validateBaseURL(u, source: "\(profileSuffix) api_url") } }),
        ]) {
            settings.apiURL = url
            settings.sources["api_url"] = source
        }

        // A live key with a test secret (or the reverse) always fails upstream: say so before sending.
        if let key = settings.branchKey, let kind = settings.branchSecret?.branchKind, kind != key.kind {
            throw BNCError.configuration(
                "the Branch key is a \(key.kind.rawValue) key (\(settings.sources["branch_key"]!)) but the secret is a \(kind.rawValue) secret (\(settings.sources["branch_secret"]!))",
                hint: "use the key and secret of the same app and mode")
        }
        return settings
    }

    /// The first layer (highest first) whose source is present and that has a value, with that source. A layer
    /// without a source (a flag not given, the --sandbox layer without --sandbox) is skipped unread.
    static func firstLayer<Value>(_ layers: [(SettingSource?, () throws(BNCError) -> Value?)]) throws(BNCError) -> (Value, SettingSource)? {
        for (source, read) in layers {
            guard let source else { continue }
            if let value = try read() { return (value, source) }
        }
        return nil
    }

    /// Reads a one-line secret from a private file (or `-`).
    func readSecretFile(_ path: String, what: String) throws(BNCError) -> Secret {
        if path != "-" { try FileSystem.requirePrivate(path, holding: "a secret") }
        // A secret file over its bound or not UTF-8 is bad configuration (78), as its other problems are.
        let text: String
        do { text = try FileSystem.readText(path, what: what) } catch { throw error.kind == .invalidData ? .configuration(error.message) : error }
        if Secret(text).exposed.contains(where: \.isNewline) {
            throw BNCError.configuration("\(what): \(path) must hold the secret alone on one line")
        }
        return try Self.checkedSecret(text, source: "\(what): \(path)")
    }

    /// A secret as a header or body value may carry it: not empty, no control characters (a NUL, an escape or a
    /// CR would end or split the header it goes into, or hide in a terminal). Exit 78 naming where it came from,
    /// never the secret.
    /// The secrets the environment holds (BRANCH_SECRET, BRANCH_ACCESS_TOKEN), unchecked: what an error printed
    /// before the options are resolved must mask.
    public static func environmentSecrets(_ environment: Environment) -> [Secret] {
        ["BRANCH_SECRET", "BRANCH_ACCESS_TOKEN"].compactMap { environment[$0].map(Secret.init) }
    }

    static func checkedSecret(_ raw: String, source: String) throws(BNCError) -> Secret {
        // A byte-order mark an editor put in front of the file is not part of the secret.
        let secret = Secret(raw.hasPrefix("\u{FEFF}") ? String(raw.dropFirst()) : raw)
        if secret.exposed.isEmpty { throw BNCError.configuration("\(source) is empty") }
        if let bad = TerminalText.firstControl(in: secret.exposed) {
            throw BNCError.configuration("\(source) holds a control character (\(bad)): a secret is printable text on one line")
        }
        return secret
    }

    /// A base URL: http(s), a host, no query or fragment; a trailing slash is dropped.
    public static func validateBaseURL(_ raw: String, source: String) throws(BNCError) -> String {
        let s = raw.trimmingWhitespace()
        // Control characters (ESC, 0x01, DEL) are no URL's: libcurl refused them only when sending (exit 69).
        let control = raw.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F } ? "control characters" : nil
        if let bad = FieldSpec.forbiddenCharacter(in: raw, multiline: false) ?? control ?? (s.contains(where: \.isWhitespace) ? "white space" : nil) {
            let rule = "must not contain \(bad) (got \(raw.debugDescription))"
            throw source.hasPrefix("--") ? BNCError.usage(source, rule) : BNCError.configuration("\(source) \(rule)")
        }
        // A port past 65535 would be refused by libcurl only when sending (exit 69, "bad/illegal format").
        guard let url = HTTPURL(s), url.query == nil, url.fragment == nil, url.port.map({ (1...65535).contains($0) }) ?? true else {
            let rule = "is not a base URL (http[s]://host[:port][/prefix], no query)"
            throw source.hasPrefix("--") ? BNCError.usage(source, "\(rule) (got \(s))") : BNCError.configuration("\(source): \(s) \(rule)")
        }
        return s.hasSuffix("/") ? String(s.dropLast()) : s
    }
}
