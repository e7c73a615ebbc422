// The option groups every sending tool shares, in one struct the command shape reads.
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
