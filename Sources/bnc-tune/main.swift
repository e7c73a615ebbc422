// bnc-tune: TUNE request mapping and diagnosis
// The shared flags work today; the tool's own requests arrive with its issue (see CHANGELOG.md).
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCSuite

@main
struct BncTune: BNCRootCommand, BNCCommand {
    static let toolName = "bnc-tune"
    static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: ToolCatalog.tune.abstract + ".",
        discussion: "Not implemented yet: every shared option is parsed and checked, then the tool exits 69 without sending anything.",
        version: BNCVersion.string)

    @OptionGroup(title: "Credentials") var credentials: CredentialOptions
    @OptionGroup(title: "Network") var network: NetworkOptions
    @OptionGroup(title: "Device") var device: DeviceOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions

    func run(_ context: ToolContext) throws {
        try context.checkShared(credentials: credentials, network: network, device: device, output: output)
        throw context.notImplemented("TUNE request mapping and diagnosis")
    }
}
