// bnc-link: short links (POST/GET/PUT/DELETE /v1/url, bulk)
// The shared flags work today; the tool's own requests arrive with its issue (see CHANGELOG.md).
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCSuite

@main
struct BncLink: BNCRootCommand, SendingCommand {
    static let toolName = "bnc-link"
    static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: ToolCatalog.link.abstract + ".",
        discussion: "Not implemented yet: every shared option is parsed and checked, then the tool exits 69 without sending anything.",
        version: BNCVersion.string)

    @OptionGroup var shared: SharedOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions
    var batchOptions: BatchOptions? { batch }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        throw tool.context.notImplemented("short links (POST/GET/PUT/DELETE /v1/url, bulk)")
    }
}
