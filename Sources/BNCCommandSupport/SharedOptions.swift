// The option groups every sending tool shares, in one struct the command shape reads.
import ArgumentParser
import BNCCore

/// What a sending command's shared options give `ToolRun`: where the credentials come from, the network and
/// output options, --strict. `SharedOptions` for Branch's APIs; `ServiceOptions` for another service's (no keys).
public protocol ToolOptions: ParsableArguments, Sendable {
    func credentialFlags() -> CredentialFlags
    /// The options naming files of secrets (each may be `-`, stdin): (flag, value).
    var secretInputs: [(flag: String, path: String?)] { get }
    var network: NetworkOptions { get }
    var output: OutputOptions { get }
    var strict: Bool { get }
}

/// The options every tool that talks to Branch shares: credentials, network, output, and --strict.
/// `SendingCommand` requires it; device and batch options are separate groups for the tools that have them.
public struct SharedOptions: ToolOptions {
    @OptionGroup(title: "Credentials") public var credentials: CredentialOptions
    @OptionGroup(title: "Network") public var network: NetworkOptions
    @OptionGroup(title: "Output") public var output: OutputOptions

    @Flag(name: .customLong("strict"), help: "Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.")
    public var strict = false

    public init() {}

    public func credentialFlags() -> CredentialFlags { credentials.flags(apiURL: network.apiURL) }
    public var secretInputs: [(flag: String, path: String?)] {
        [("--secret-file", credentials.secretFile), ("--access-token-file", credentials.accessTokenFile)]
    }
}

/// The shared options of a tool that calls a service other than Branch (bnc-asa lookup: Apple's AdServices):
/// no Branch key, secret or token to offer; a profile (its api_url, the sandbox) still chooses where it goes.
public struct ServiceOptions: ToolOptions {
    @OptionGroup(title: "Profile") public var profile: ProfileOptions
    @OptionGroup(title: "Network") public var network: NetworkOptions
    @OptionGroup(title: "Output") public var output: OutputOptions

    @Flag(name: .customLong("strict"), help: "Treat every warning as an error (exit 65); nothing is sent.")
    public var strict = false

    public init() {}

    public func credentialFlags() -> CredentialFlags { profile.flags(apiURL: network.apiURL) }
    public var secretInputs: [(flag: String, path: String?)] { [] }
}
