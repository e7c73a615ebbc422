// A tool call: its arguments checked (no credentials, `send` allowed), the suite executable run with the server's
// profile and network flags, its JSON answer (or its one-line error) returned; warnings as a second text.
import BNCCore
import Foundation
import MCP

struct ToolRunner: Sendable {
    let directory: String
    let shared: [String]
    let allowSend: Bool

    /// Names a caller may not pass: credentials are the server's.
    static let credentials: Set<String> = Set(CredentialFields.table.fields.map(\.name)).union(["key", "secret", "api_key", "token"])

    func call(_ tool: MCPTool, arguments: [String: Value]) -> CallTool.Result {
        var args = JSONObject()
        for (k, v) in arguments.sorted(by: { $0.key < $1.key }) { args[k] = MCPValue.json(v) ?? .null }
        if let bad = args.map(\.0).first(where: { Self.credentials.contains($0.lowercased()) }) {
            return error("\(bad): credentials come from the server's profile or environment, never from a tool's arguments; nothing sent")
        }
        let send = args["send"]?.boolValue ?? false
        if send && !tool.sends { return error("send: \(tool.name) sends nothing") }
        if send && !allowSend { return error("send: this server runs with --allow-send false; nothing sent") }
        let command: (tool: String, arguments: [String], stdin: String?)
        do { command = try tool.command(args) } catch { return self.error(error.message) }
        let argv = command.arguments + shared + (tool.sends && !send ? ["--dry-run"] : [])
        let (status, stdout, stderr) = run(directory + "/" + command.tool, argv, stdin: command.stdin)
        let notes = stderr.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        guard status == 0 else {
            return error(notes.last(where: { $0.contains("error:") }) ?? notes.last ?? "\(command.tool) exited \(status)", notes: notes)
        }
        var content: [Tool.Content] = [.text(text: stdout, annotations: nil, _meta: nil)]
        if !notes.isEmpty { content.append(.text(text: notes.joined(separator: "\n"), annotations: nil, _meta: nil)) }
        let structured = (try? JSON.parse(stdout)).map(MCPValue.from)
        return .init(content: content, structuredContent: structured?.objectValue != nil ? structured : nil, isError: false)
    }

    func error(_ message: String, notes: [String] = []) -> CallTool.Result {
        let extra = notes.filter { $0 != message }
        return .init(content: [.text(text: ([message] + extra).joined(separator: "\n"), annotations: nil, _meta: nil)], isError: true)
    }

    /// Runs an executable with a body on stdin; its status, stdout and stderr.
    func run(_ path: String, _ arguments: [String], stdin: String?) -> (Int32, String, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        p.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = errors
        do { try p.run() } catch { return (127, "", "bnc-mcp: cannot run \(path): \(error)") }
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        nonisolated(unsafe) var err = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { err = errors.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}

extension Value {
    var objectValue: [String: Value]? { if case .object(let o) = self { o } else { nil } }
}
