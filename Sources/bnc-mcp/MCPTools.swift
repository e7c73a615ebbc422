// The tools bnc-mcp offers: each a suite executable and the arguments it is given, with an input schema generated
// from the field tables of the API it speaks (credentials left out), plus `send`.
import BNCCore
import BNCLink
import BNCOpen
import Foundation
import MCP

/// One tool: its name, what it does, its schema, and how a call becomes a command line (and a stdin body).
struct MCPTool: Sendable {
    let name: String
    let description: String
    let schema: JSON
    /// Whether it sends to Branch (and so dry-runs unless `send: true`).
    let sends: Bool
    /// The executable and its arguments for these inputs, and the body it reads on stdin, if any.
    let command: @Sendable (JSONObject) throws(BNCError) -> (tool: String, arguments: [String], stdin: String?)

    var tool: Tool {
        Tool(name: name, description: description, inputSchema: MCPValue.from(schema),
             annotations: .init(readOnlyHint: !sends, openWorldHint: sends))
    }
}

enum MCPTools {
    /// The schema of a table without credentials, with extra properties (`send`, an `ip`, a URL ...).
    static func schema(_ table: FieldTable?, extra: JSONObject, required: [String] = []) -> JSON {
        var o = table.map { FieldSchema.schema($0, credentials: false).objectValue! } ?? ["$schema": .string(FieldSchema.dialect), "type": "object"]
        var properties = o["properties"]?.objectValue ?? [:]
        for (k, v) in extra { properties[k] = v }
        o["properties"] = .object(properties)
        if !required.isEmpty { o["required"] = .array(((o["required"]?.arrayValue ?? []) + required.map(JSON.string))) }
        if table == nil { o["additionalProperties"] = false }
        return .object(o)
    }

    static let send: JSON = ["type": "boolean", "description": "Send it (default false: answer with the request that would be sent, nothing sent)"]

    static let all: [MCPTool] = [
        MCPTool(name: "open_session",
                description: "Report an app session to Branch (POST /v1/open) and return its deep-link data: the v1/open body's fields, checked by Branch's rules.",
                schema: schema(OpenFields.table, extra: ["ip": ["type": "string", "description": "The device's public IP (X-IP-Override)"], "send": send]),
                sends: true) { args throws(BNCError) in
            var body = args
            body["send"] = nil
            return ("bnc-open", ["--body", "-", "--no-state", "--output", "json"], JSON.object(body).serialized())
        },
        MCPTool(name: "read_link", description: "Read a Branch short link's data and labels (GET /v1/url).",
                schema: schema(nil, extra: ["url": ["type": "string", "format": "uri", "description": "The link"], "send": send], required: ["url"]),
                sends: true) { args throws(BNCError) in
            guard let url = args["url"]?.stringValue else { throw BNCError.invalid("url", "is required") }
            return ("bnc-link", ["read", url, "--output", "json"], nil)
        },
        MCPTool(name: "long_link", description: "Build a long link offline (no call): a domain, labels and control parameters.",
                schema: schema(LinkFields.data, extra: ["domain": ["type": "string", "description": "The link domain, e.g. example.app.link"],
                                                        "channel": ["type": "string"], "campaign": ["type": "string"], "feature": ["type": "string"]],
                               required: ["domain"]),
                sends: false) { args throws(BNCError) in
            guard let domain = args["domain"]?.stringValue else { throw BNCError.invalid("domain", "is required") }
            var argv = ["long", "--domain", domain, "--output", "json"]
            for label in ["channel", "campaign", "feature"] { if let v = args[label]?.stringValue { argv += ["--\(label)", v] } }
            for (k, v) in args where !["domain", "channel", "campaign", "feature"].contains(k) {
                argv += ["--param", "\(k)=\(v.stringValue ?? v.serialized())"]
            }
            return ("bnc-link", argv, nil)
        },
        MCPTool(name: "tune_map", description: "Map a logged TUNE request (URL or log line) to the Branch v1/open or v2 event request it stands for (no call).",
                schema: schema(nil, extra: ["request": ["type": "string", "description": "The TUNE request: a URL, a /serve?... target or a log line"]], required: ["request"]),
                sends: false) { args throws(BNCError) in
            guard let r = args["request"]?.stringValue else { throw BNCError.invalid("request", "is required") }
            return ("bnc-tune", ["map", r, "--output", "json"], nil)
        },
        MCPTool(name: "sandbox_requests", description: "What the local sandbox received, oldest first (its control API).",
                schema: schema(nil, extra: [:]), sends: false) { _ throws(BNCError) in
            ("bnc-api", ["GET", "/_sandbox/requests", "--no-key", "--output", "json"], nil)
        },
    ]
}

/// JSON <-> the SDK's Value, through their one shared form: JSON text.
enum MCPValue {
    static func from(_ json: JSON) -> Value {
        (try? JSONDecoder().decode(Value.self, from: Data(json.serialized().utf8))) ?? .null
    }

    static func json(_ value: Value) -> JSON? {
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return try? JSON.parse(String(decoding: data, as: UTF8.self))
    }
}
