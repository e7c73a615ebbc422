// A tool call: its inputs checked (no credentials, only the tool's inputs, `send` as the server allows), made the
// command line and stdin of the suite executable it runs, which checks the values by its own rules and redacts
// its output; its JSON answer (or its one-line error) returned, warnings as a second text, a QR code as an image.
import BNCCore
import Foundation
import MCP

struct ToolRunner: Sendable {
    let directory: String
    let settings: ServerSettings
    /// Each command's declared arguments (read once, when the server starts).
    let declared: [String: [CommandArgument]]

    /// Names a caller may not pass: credentials are the server's.
    static let credentials: Set<String> = Set(CredentialFields.table.fields.map(\.name)).union(["key", "secret", "api_key", "token"])

    init(directory: String, settings: ServerSettings, tools: [MCPTool]) {
        self.directory = directory
        self.settings = settings
        let executables = Array(Set(tools.map { $0.command[0] }))
        nonisolated(unsafe) var trees = [JSON?](repeating: nil, count: executables.count)
        DispatchQueue.concurrentPerform(iterations: executables.count) { i in
            trees[i] = CommandSchema.declaration(directory: directory, executable: executables[i])
        }
        let tree = Dictionary(uniqueKeysWithValues: zip(executables, trees))
        declared = Dictionary(tools.map { ($0.command.joined(separator: " "), CommandSchema.arguments(tree[$0.command[0]] ?? nil, command: $0.command)) },
                              uniquingKeysWith: { a, _ in a })
    }

    func arguments(of tool: MCPTool) -> [CommandArgument] { declared[tool.command.joined(separator: " ")] ?? [] }

    /// MAX_ARG_STRLEN: one argument of a command line, its NUL included.
    static let maxWord = 128 * 1024

    func call(_ tool: MCPTool, arguments: [String: Value], stopper: Execution.Stopper? = nil) -> CallTool.Result {
        var args = tool.defaults?(settings) ?? [:]
        for (k, v) in arguments { args[k] = MCPValue.json(v) ?? .null }
        if let bad = args.keys.sorted().first(where: { Self.credentials.contains($0.lowercased()) }) {
            return error("\(bad): credentials come from the server's profile or environment, never from a tool's arguments; nothing sent")
        }
        let send = args["send"]
        args["send"] = nil
        if let send, send.boolValue == nil { return error("send: must be true or false") }
        let sending = send?.boolValue ?? false
        if sending && !tool.sends { return error("send: \(tool.name) sends nothing to Branch") }
        if sending && !settings.allowSend { return error("send: this server runs with --allow-send false; nothing sent") }
        if !settings.allowSend && MCPTools.changesTheSandbox(tool.name, args) {
            return error("\(tool.name): this server runs with --allow-send false, which changes nothing, the sandbox neither")
        }
        if sending && tool.kind == .deletes && !settings.allowDelete {
            return error("send: deleting links needs bnc-mcp --allow-delete; nothing sent (without send, the request is shown)")
        }
        var words = Array(tool.command.dropFirst()) + tool.fixed
        if tool.kind == .sandbox {
            guard let url = settings.sandboxURL else {
                return error("\(tool.name): this server does not point at a sandbox (start bnc-mcp with --sandbox, or --api-url http://127.0.0.1:PORT)")
            }
            words += ["--api-url", url]
        }
        var positionals: [String] = [], body = JSONObject(), input: Data?
        let chosen = self.arguments(of: tool).filter { tool.arguments.contains($0.name) }
        do throws(BNCError) {
            for (name, value) in args.sorted(by: { $0.key < $1.key }) {
                if let a = chosen.first(where: { (tool.renamed[$0.name] ?? $0.property) == name }) {
                    let made = try a.words(value)
                    // A command-line word ends at a NUL: "a\u0000b" would reach the tool, and Branch, as "a".
                    if made.contains(where: { $0.utf8.contains(0) }) { throw BNCError.invalid(name, "must not contain NUL characters") }
                    // Linux carries at most 128 KiB in one argument (MAX_ARG_STRLEN): past it the command could not
                    // even start (an internal "Argument list too long").
                    if made.contains(where: { $0.utf8.count >= Self.maxWord }) {
                        throw BNCError.invalid(name, "is longer than \(Self.maxWord - 1) bytes, the most one command-line argument carries")
                    }
                    // A path a tool's input names is opened by the command: a FIFO would block it (and the call)
                    // forever, a device or a directory is no file of the suite's (QA round 25b).
                    if a.isFile {
                        for path in (value.arrayValue ?? [value]).compactMap(\.stringValue) {
                            try Self.checkFile(path, name: name, fifo: !Self.readAtStart.contains(tool.name))
                        }
                    } else if Self.requestOrFile.contains(tool.name), a.kind == .positional, let path = value.stringValue, FileSystem.exists(path) {
                        // A logged request, or a file of them: one that names something on disk must be a regular file
                        // (a FIFO held the call for ever, /dev/zero a core: QA round 29b).
                        try Self.checkFile(path, name: name, fifo: false)
                    }
                    if a.kind == .positional { positionals += made } else { words += made }
                } else if case .member(let member, let read, let schema, _) = tool.stdin, member == name {
                    // The schema's own bounds, which the client was shown (`minItems`: an empty list sent nothing and
                    // answered success).
                    if let least = schema["minItems"]?.numberValue?.int64, let items = value.arrayValue, items.count < Int(least) {
                        throw BNCError.invalid(name, "must hold at least \(Counting.of(Int(least), "item"))")
                    }
                    try Self.check(value, against: schema, name: name)
                    input = Data((value.stringValue ?? value.serialized()).utf8)
                    words += read
                } else if case .rest(_, let schema) = tool.stdin {
                    // A member the schema declares is held to it (the tool behind may send it unchecked).
                    if let declared = schema["properties"]?[name] { try Self.check(value, against: declared, name: name) }
                    body[name] = value
                } else {
                    var inputs = chosen.map { tool.renamed[$0.name] ?? $0.property } + (tool.sends ? ["send"] : [])
                    if case .member(let member, _, _, _) = tool.stdin { inputs.append(member) }
                    throw BNCError.invalid(name, "is not an input of \(tool.name) (its inputs: \(inputs.sorted().joined(separator: ", ")))")
                }
            }
        } catch {
            return self.error("\(error.message); nothing sent")
        }
        if case .rest(let read, let schema) = tool.stdin {
            // The members the client was shown as required, by name (bnc-open named "--ip", a flag the tool lacks).
            if let missing = schema["required"]?.arrayValue?.compactMap(\.stringValue).first(where: { body[$0] == nil }) {
                return error("\(missing): is required (\(tool.name)'s input schema); nothing sent")
            }
            input = Data(JSON.object(body).serialized().utf8)
            words += read
        }
        if tool.sends { words += settings.shared + (sending ? [] : ["--dry-run"]) }
        // A local tool that reads the app's key takes the server's profile too (long_link made the default
        // profile's link under bnc-mcp --sandbox: QA round 31b).
        if tool.name == "long_link" { words += settings.shared }
        if !positionals.isEmpty { words += ["--"] + positionals }
        let r = Execution.run(directory + "/" + tool.command[0], words, stdin: input, stopper: stopper)
        return answer(tool, r, image: tool.image && sending ? args["format"]?.stringValue ?? "png" : nil)
    }

    func error(_ message: String, notes: [String] = []) -> CallTool.Result {
        let extra = notes.filter { $0 != message }
        return .init(content: [.text(text: Self.masked(([message] + extra).joined(separator: "\n")), annotations: nil, _meta: nil)], isError: true)
    }

    /// The server's own words about a client's text (a path, a tool's name, a resource's URI) masked as the tools'
    /// answers are: a credential's shape quoted back was shown in clear (QA round 29b).
    static func masked(_ text: String) -> String { Redactor(secrets: []).redact(text) }
}
