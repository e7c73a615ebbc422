// --key, --secret-file, --access-token-file, --profile, --sandbox: where the credentials come from; --profile and
// --sandbox alone for a tool that calls another service (Apple's AdServices) and needs none of Branch's keys.
import ArgumentParser
import BNCCore

/// `--key`, `--secret-file`, `--access-token-file`, `--profile`, `--sandbox`.
public struct CredentialOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("key"), help: ArgumentHelp("Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.", valueName: "KEY"))
    public var key: String?

    @Option(name: .customLong("secret-file"), help: ArgumentHelp(
        "File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.",
        valueName: "FILE"), completion: .file())
    public var secretFile: String?

    @Option(name: .customLong("access-token-file"), help: ArgumentHelp(
        "File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.", valueName: "FILE"),
        completion: .file())
    public var accessTokenFile: String?

    @OptionGroup public var choice: ProfileOptions

    public init() {}

    public func flags(apiURL: String?) -> CredentialFlags {
        CredentialFlags(key: key, secretFile: secretFile, accessTokenFile: accessTokenFile, profile: choice.profile,
                        sandbox: choice.sandbox, apiURL: apiURL)
    }
}

/// `--profile`, `--sandbox`: which profile of the config file (its api_url, the sandbox's address).
public struct ProfileOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("profile"), help: ArgumentHelp(
        "Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.", valueName: "NAME"),
        completion: .custom { _, _, _ in ConfigurationResolver.profileNames() })
    public var profile: String?

    @Flag(name: .customLong("sandbox"), help: "Use the local bnc-sandbox and its test credentials (the 'sandbox' profile).")
    public var sandbox = false

    public init() {}

    public func flags(apiURL: String?) -> CredentialFlags {
        CredentialFlags(key: nil, secretFile: nil, accessTokenFile: nil, profile: profile, sandbox: sandbox, apiURL: apiURL)
    }
}
