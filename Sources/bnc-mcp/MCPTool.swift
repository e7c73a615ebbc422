// What one bnc-mcp tool is: the suite command it runs, which of that command's arguments an agent may give (their
// schema read from the command's declaration and the field specs), the structured input it passes on stdin (its
// schema generated from the field tables), and what it may do: send to Branch, delete, act on the sandbox.
import BNCCore
import MCP

/// One tool of bnc-mcp.
struct MCPTool: Sendable {
    enum Kind: Sendable {
        /// Talks to Branch: a dry run unless `send: true`.
        case sends
        /// Deletes at Branch: a dry run unless `send: true`, and only on a server started with --allow-delete.
        case deletes
        /// Works offline (or on local files); `send` is refused.
        case local
        /// Drives the local sandbox; refused unless the server points at one.
        case sandbox
    }

    /// Where a tool's structured input goes: on stdin as JSON, read by the command's `words`.
    enum Stdin: Sendable {
        case none
        /// Every input that is not an argument of the command, as one JSON object (a v1/open body, an event).
        case rest(words: [String], schema: JSONObject)
        /// One input's value: a string as it is, anything else as JSON (a link's data, a list of links, a token).
        case member(String, words: [String], schema: JSON, required: Bool)
    }

    let name: String
    let summary: String
    /// The executable and its subcommand: `["bnc-link", "create"]`.
    let command: [String]
    /// The command's arguments an agent may give, by long name (a positional by its value name).
    let arguments: [String]
    /// A positional's input name when its value name says too little (`url` is fine; a token is `adservices_token`).
    var renamed: [String: String] = [:]
    /// Field tables whose specs type the options that set their fields.
    var tables: [FieldTable] = []
    var stdin: Stdin = .none
    /// Words always given (`--output json`, `--no-state`).
    var fixed: [String] = ["--output", "json"]
    let kind: Kind
    /// Its answer is an image (a QR code) when sent.
    var image = false
    /// Inputs filled in by the server when not given (the sandbox's port).
    var defaults: (@Sendable (ServerSettings) -> JSONObject)? = nil

    var sends: Bool { kind == .sends || kind == .deletes }

    /// Its input schema: the command's chosen arguments, the stdin part, and `send` when it sends.
    func schema(_ declared: [CommandArgument]) -> JSON {
        let fields = Dictionary(tables.flatMap(\.fields).compactMap { f in f.flag.map { ($0, f) } }, uniquingKeysWith: { a, _ in a })
        var properties = JSONObject()
        var required: [JSON] = []
        for a in declared where arguments.contains(a.name) {
            let property = renamed[a.name] ?? a.property
            properties[property] = a.schema(fields: fields)
            if !a.optional { required.append(.string(property)) }
        }
        var additional: JSON = false
        switch stdin {
        case .none: break
        case .rest(_, let schema):
            for (k, v) in schema["properties"]?.objectValue ?? [:] where properties[k] == nil { properties[k] = v }
            required += schema["required"]?.arrayValue ?? []
            additional = schema["additionalProperties"] ?? false
        case .member(let name, _, let schema, let needed):
            properties[name] = schema
            if needed { required.append(.string(name)) }
        }
        if sends { properties["send"] = MCPTools.send }
        var o: JSONObject = ["$schema": .string(FieldSchema.dialect), "type": "object", "properties": .object(properties),
                             "additionalProperties": additional]
        if !required.isEmpty { o["required"] = .array(required) }
        return .object(o)
    }

    func tool(_ declared: [CommandArgument]) -> Tool {
        Tool(name: name, description: summary, inputSchema: MCPValue.from(schema(declared)),
             annotations: .init(readOnlyHint: kind == .local, destructiveHint: kind == .deletes, openWorldHint: sends))
    }
}

/// What every tool call shares: the server's own flags.
struct ServerSettings: Sendable {
    /// The words every sending command gets (--profile, --sandbox, --api-url).
    let shared: [String]
    let allowSend: Bool
    let allowDelete: Bool
    /// The sandbox's URL when the server points at one (--sandbox, or --api-url on a loopback address).
    let sandboxURL: String?
}
