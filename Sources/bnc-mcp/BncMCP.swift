// bnc-mcp: the suite for AI agents over MCP (stdio), on the official Swift SDK. Each tool's input schema is JSON
// Schema generated from the field specs (FieldSchema), never written by hand. Safe by default: a tool that sends
// answers with the request it would send unless its input says `send: true`; --allow-send false refuses sending
// altogether. Credentials come from the server's profile, environment or flags, never from a tool's arguments,
// and never appear in results: each tool runs the suite's own executable (its checks, its redaction).
import ArgumentParser
import BNCSuite
import Foundation
import MCP

@main
struct BncMCP: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bnc-mcp",
        abstract: ToolCatalog.mcp.abstract + ".",
        discussion: """
            Register it with an MCP client as a stdio server, e.g. in a client's JSON configuration:
              {"mcpServers":{"bnc":{"command":"bnc-mcp","args":["--sandbox"]}}}
            Tools that send return the request they would send (method, URL, redacted headers and body) unless \
            their input has "send": true. Credentials are the server's (--profile, the environment, the config \
            file): a tool's arguments never carry them. Validation errors come back as tool errors naming the \
            field, with nothing sent.

            EXAMPLES:
              bnc-mcp --sandbox
              bnc-mcp --profile prod --allow-send false
            """,
        version: BNCVersion.string)

    @Option(name: .customLong("profile"), help: ArgumentHelp("The config profile every tool uses.", valueName: "NAME")) var profile: String?
    @Flag(name: .customLong("sandbox"), help: "Point every tool at bnc-sandbox (started when not running).") var sandbox = false
    @Option(name: .customLong("api-url"), help: ArgumentHelp("Base URL instead of Branch's hosts (BNC_API_URL).", valueName: "URL")) var apiURL: String?
    @Option(name: .customLong("allow-send"), help: ArgumentHelp("false: refuse every send; tools only show what they would send (default true).", valueName: "BOOL"))
    var allowSend = true

    func run() async throws {
        let server = Server(name: "bnc", version: BNCVersion.string, capabilities: .init(tools: .init(listChanged: false)))
        var shared: [String] = []
        if let profile { shared += ["--profile", profile] }
        if sandbox { shared.append("--sandbox") }
        if let apiURL { shared += ["--api-url", apiURL] }
        let runner = ToolRunner(directory: URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path,
                                shared: shared, allowSend: allowSend)
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: MCPTools.all.map(\.tool)) }
        await server.withMethodHandler(CallTool.self) { params in
            guard let tool = MCPTools.all.first(where: { $0.name == params.name }) else {
                return .init(content: [.text(text: "unknown tool \(params.name)", annotations: nil, _meta: nil)], isError: true)
            }
            return runner.call(tool, arguments: params.arguments ?? [:])
        }
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
    }
}
