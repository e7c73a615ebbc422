// bnc-asa: Apple AdServices attribution lookups
// The shared flags work today; the tool's own requests arrive with its issue (see CHANGELOG.md).
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCSuite

@main
struct BncASA: BNCRootCommand, BNCCommand {
    static let toolName = "bnc-asa"
    static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: ToolCatalog.asa.abstract + ".",
        discussion: "Not implemented yet: every shared option is parsed and checked, then the tool exits 69 without sending anything.",
        version: BNCVersion.string)

    @OptionGroup(title: "Credentials") var credentials: CredentialOptions
    @OptionGroup(title: "Network") var network: NetworkOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions

    func run(_ context: ToolContext) throws {
        try context.checkShared(credentials: credentials, network: network, device: nil, output: output)
        throw context.notImplemented("Apple AdServices attribution lookups")
    }
}
