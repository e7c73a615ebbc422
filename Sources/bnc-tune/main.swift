// bnc-tune: TUNE request mapping and diagnosis
// The shared flags work today; the tool's own requests arrive with its issue (see CHANGELOG.md).
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCSuite

@main
struct BncTune: BNCRootCommand, SendingCommand {
    static let toolName = "bnc-tune"
    static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: ToolCatalog.tune.abstract + ".",
        discussion: "Its own requests are not implemented yet: every shared option is parsed and checked, then the tool exits 69 without sending anything.",
        version: BNCVersion.string)

    @OptionGroup var shared: SharedOptions
    @OptionGroup(title: "Device") var device: DeviceOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions
    var deviceOptions: DeviceOptions? { device }
    var batchOptions: BatchOptions? { batch }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        throw tool.context.notImplemented("TUNE request mapping and diagnosis")
    }
}
