// bnc-sandbox: the local emulator of Branch, Apple AdServices and TUNE (the test oracle).
// Its server arrives with its own issue; until then it parses its flags and exits 69.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCSuite

@main
struct BncSandbox: BNCRootCommand, BNCCommand {
    static let toolName = "bnc-sandbox"
    static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: ToolCatalog.sandbox.abstract + ".",
        discussion: "Not implemented yet: the emulator exits 69 without listening.",
        version: BNCVersion.string)

    @Option(name: .customLong("port"), help: ArgumentHelp("Port on 127.0.0.1 (0 picks a free one; default 8787).", valueName: "N"))
    var port: Int = 8787

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run(_ context: ToolContext) throws {
        throw context.notImplemented("the sandbox server")
    }
}
