// bnc-link read: one link's data.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink

struct Read: SendingCommand {
    static let toolName = "bnc-link"
    static let configuration = CommandConfiguration(commandName: "read", abstract: "Show a link: its labels, data and type (GET /v1/url).")
    @Argument(help: ArgumentHelp("The link's URL.", valueName: "url")) var url: String
    @OptionGroup var shared: SharedOptions

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let request = try LinkRequest.read(url: url, key: try tool.settings.requireKey(), baseURL: tool.settings.apiURL)
        if try tool.render(request) { return .success }
        try tool.emit(try tool.deliver(request).1)
        return .success
    }
}
