// bnc-mcp: the suite for AI agents over MCP (stdio), on the official Swift SDK. Each tool's input schema is JSON
// Schema generated from the field specs (FieldSchema), never written by hand. Safe by default: a tool that sends
// answers with the request it would send unless its input says `send: true`; --allow-send false refuses sending
// altogether. Credentials come from the server's profile, environment or flags, never from a tool's arguments,
// and never appear in results: each tool runs the suite's own executable (its checks, its redaction).
import ArgumentParser
import BNCCore
import BNCSuite
import Foundation
import MCP

struct BncMCP: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bnc-mcp",
        abstract: ToolCatalog.mcp.abstract + ".",
        discussion: """
            Register it with an MCP client as a stdio server: in a client's JSON configuration, or with Claude Code \
            (both below).
              {"mcpServers":{"bnc":{"command":"bnc-mcp","args":["--sandbox"]}}}
              claude mcp add bnc -- bnc-mcp --profile prod

            Tools that send return the request they would send (method, URL, redacted headers and body) unless \
            their input has "send": true. Credentials are the server's (--profile, the environment, the config \
            file): a tool's arguments never carry them. Validation errors come back as tool errors naming the \
            field, with nothing sent; a path an input names (sandbox_start's keys, tune_scan's file, tune_map's and tune_check's request when it names one) must be a regular \
            file (or a FIFO a scan streams), not a directory, a device or -. delete_link deletes only on a server started with --allow-delete. A call the \
            client cancels (notifications/cancelled) has its command stopped and, over stdio, no answer; a call \
            sent inside a JSON-RPC batch runs to its end (the batch is answered whole; a batch holds at most 100 messages, a malformed member is answered with its own error); over stdio, requests other than ping wait for initialize.

            Tools: \(MCPTools.all.map(\.name).joined(separator: ", ")). Each one's description and input schema \
            (JSON Schema 2020-12, generated from the field specs and the commands' own flags) are in tools/list. \
            Resources: the field tables (\(Resources.fields.map { "bnc://fields/" + $0.0 }.joined(separator: ", "))) \
            and the man pages (bnc://man/bnc-link ...).

            EXAMPLES:
              bnc-mcp --sandbox
              bnc-mcp --profile prod --allow-send false
              bnc-mcp --profile prod --allow-delete
              bnc-mcp --sandbox --http 8808      # then: {"mcpServers":{"bnc":{"url":"http://127.0.0.1:8808/mcp"}}}
            """,
        version: "bnc-mcp " + BuildInfo.version)

    @Option(name: .customLong("profile"), help: ArgumentHelp("The config profile every tool uses.", valueName: "NAME"),
            completion: .custom { _, _, _ in ConfigurationResolver.profileNames() }) var profile: String?
    @Flag(name: .customLong("sandbox"), help: "Point every tool at bnc-sandbox (started when not running).") var sandbox = false
    @Option(name: .customLong("api-url"), help: ArgumentHelp("Base URL instead of Branch's hosts (BNC_API_URL).", valueName: "URL")) var apiURL: String?
    @Option(name: .customLong("allow-send"), help: ArgumentHelp("false: refuse every send; tools only show what they would send, and the sandbox is not started, stopped, reset or re-clocked.", valueName: "BOOL"),
            completion: .list(["true", "false"]))
    var allowSend = true
    @Option(name: .customLong("http"), help: ArgumentHelp("Serve MCP's streamable HTTP at http://HOST:PORT/mcp instead of stdio (HOST 127.0.0.1, ::1 or localhost; default 127.0.0.1; PORT 0 picks one, said on stderr).", valueName: "[HOST:]PORT"))
    var http: String?
    @Flag(name: .customLong("allow-delete"), help: "Let delete_link delete (with send: true); without it, it only shows the request.")
    var allowDelete = false

    /// --http's address: loopback only (an agent's server is nobody else's).
    var listenAddress: (host: String, port: Int)? { get throws { try HTTPListener.address(http) } }

    func validate() throws { _ = try listenAddress }

    func run() async throws {
        do {
            try await serve()
        } catch let error as BNCError {
            // One line and the suite's exit status, as every tool's (ArgumentParser printed `Error: ...`, exit 1).
            Diagnostics(tool: "bnc-mcp", color: false).error(error)
            throw ExitCode(ExitStatus(for: error).rawValue)
        }
    }

    func serve() async throws {
        signal(SIGPIPE, SIG_IGN)
        try Execution.endChildrenOnSignals()
        var shared: [String] = []
        if let profile { shared += ["--profile", profile] }
        if sandbox { shared.append("--sandbox") }
        if let apiURL { shared += ["--api-url", apiURL] }
        let environment = ProcessInfo.processInfo.environment
        // --api-url, else BNC_API_URL as the tools read it (bnc(1): the two are the same), when it is this machine.
        let sandboxURL = (apiURL ?? environment["BNC_API_URL"].flatMap { $0.isEmpty ? nil : $0 })
            .flatMap { url in HTTPURL(url).flatMap { ["127.0.0.1", "localhost", "::1", "[::1]"].contains($0.host) ? url : nil } }
            ?? (sandbox || profile == "sandbox" ? environment["BNC_SANDBOX_URL"] ?? ConfigurationResolver.sandboxDefaultURL : nil)
        // The sibling tools live beside this executable: /proc/self/exe, never argv[0], which is a bare name when
        // an MCP client starts bnc-mcp from PATH and would resolve against the working directory.
        guard let executable = Subprocess.currentExecutable() else {
            throw BNCError.configuration("cannot find bnc-mcp's own executable (/proc/self/exe) to run its sibling tools")
        }
        let directory = URL(fileURLWithPath: executable).deletingLastPathComponent().path
        let settings = ServerSettings(shared: shared, allowSend: allowSend, allowDelete: allowDelete, sandboxURL: sandboxURL)
        let overHTTP = try listenAddress != nil
        // The commands' declarations are read while the client initializes; the first listing or call waits for them.
        let ready = Task.detached { () -> (ToolRunner, [Tool]) in
            let runner = ToolRunner(directory: directory, settings: settings, tools: MCPTools.all)
            return (runner, MCPTools.all.map { $0.tool(runner.arguments(of: $0)) })
        }
        let resources = Resources(directory: directory)
        let server = Server(name: "bnc", version: BNCVersion.string,
                            capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: await ready.value.1) }
        await server.withMethodHandler(CallTool.self) { params in
            guard let tool = MCPTools.all.first(where: { $0.name == params.name }) else {
                // The name is the client's text, masked as every tool's answer is (QA round 29b).
                return .init(content: [.text(text: "unknown tool \(ToolRunner.masked(params.name)): see tools/list", annotations: nil, _meta: nil)], isError: true)
            }
            let runner = await ready.value.0
            // A call waits on a subprocess on a thread of its own, never one of Swift's cooperative threads nor
            // Dispatch's pool, which on Linux runs them: 20 calls waiting on a silent server, or 40 on FIFOs, left
            // no thread for the server's own work and even a ping went unanswered (QA round 29b). At most
            // `CallGate.limit` calls of a kind (remote, offline) run at once; the rest wait their turn without
            // holding a thread. The client's
            // notifications/cancelled cancels this task: the command is stopped, the call not answered (MCP).
            let stopper = Execution.Stopper()
            let gate = CallGate.of(tool)
            await gate.enter()
            let result = await withTaskCancellationHandler {
                await withCheckedContinuation { done in
                    if Task.isCancelled { return done.resume(returning: CallTool.Result(content: [], isError: true)) }
                    Thread.detachNewThread { done.resume(returning: runner.call(tool, arguments: params.arguments ?? [:], stopper: stopper)) }
                }
            } onCancel: {
                stopper.stop()
            }
            await gate.leave()
            if Task.isCancelled {
                // Over stateless HTTP the client's POST waits for an answer until one comes: it gets one, saying so.
                guard overHTTP else { throw CancellationError() }
                return .init(content: [.text(text: "\(params.name): cancelled by the client; its command was stopped", annotations: nil, _meta: nil)], isError: true)
            }
            return result
        }
        await server.withMethodHandler(ListResources.self) { _ in .init(resources: resources.list) }
        await server.withMethodHandler(ReadResource.self) { params in try resources.read(params.uri) }
        if let (host, port) = try listenAddress {
            try await HTTPListener.serve(server, host: host, port: port)
            return
        }
        // The SDK answers each request in its own task and its loop ends at the end of stdin: a client that writes
        // its requests and closes the pipe would lose the answers not yet written (the process exited first). The
        // transport counts the requests read and the answers written; at the end of stdin the process waits for
        // every answer (at most 10 minutes: a long call).
        let pending = PendingRequests()
        try await server.start(transport: CountingTransport(pending: pending))
        await server.waitUntilCompleted()
        let deadline = MonotonicClock.now() + 600
        while pending.count > 0 && MonotonicClock.now() < deadline {
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        Execution.endRunning()
    }
}
