// The tools bnc-mcp offers. Each names the suite command it runs and which of that command's arguments an agent may
// give; their schemas come from the command's own declaration and the field specs (CommandSchema), the stdin part
// from the field tables (FieldSchema). Options that write files (--dir, --out, --html, --report) are never offered:
// a tool's answer is its result.
import BNCCore
import BNCEvent
import BNCLink
import BNCOpen
import Foundation
import MCP

enum MCPTools {
    static let send: JSON = ["type": "boolean", "description": "Send it (default false: answer with the request that would be sent, nothing sent)"]

    /// A table's schema to nest in another (no `$schema`), credentials left out.
    static func nested(_ table: FieldTable) -> JSON {
        var o = FieldSchema.schema(table, credentials: false).objectValue!
        o["$schema"] = nil
        return .object(o)
    }

    static let ip: JSON = ["type": "string", "description": "The device's public IP address, sent as X-IP-Override (IPv4 or IPv6)",
                           "anyOf": [["format": "ipv4"], ["format": "ipv6"]]]

    /// A v1/open body, as `bnc-open --body` and a batch line take it. A required field bnc-open fills itself
    /// (server_to_server, is_hardware_id_real: what it builds from no input at all) is not required of a caller.
    static var openBody: JSONObject {
        var o = FieldSchema.schema(OpenFields.table, credentials: false).objectValue!
        var p = o["properties"]!.objectValue!
        p["ip"] = ip
        o["properties"] = .object(p)
        let filled = Set((try? OpenRequest.body(device: Device(), options: OpenOptions()))?.keys ?? [])
        // The device's IP is bnc-open's own requirement (its X-IP-Override), never filled: the schema says so.
        o["required"] = .array((o["required"]?.arrayValue ?? []).filter { !filled.contains($0.stringValue ?? "") } + ["ip"])
        return o
    }

    /// A v2 event, as `bnc-event send --body` and a batch line take it: the envelope with its tables nested.
    static var event: JSONObject {
        var o = FieldSchema.schema(EventFields.envelope, credentials: false).objectValue!
        var p = o["properties"]!.objectValue!
        p["user_data"] = nested(EventFields.userData)
        p["event_data"] = nested(EventFields.eventData)
        p["custom_data"] = nested(EventFields.customData)
        p["content_items"] = ["type": "array", "description": "The items the event is about", "items": nested(EventFields.contentItem)]
        p["ip"] = ip
        o["properties"] = .object(p)
        return o
    }

    /// A link's deep-link data (`--data -`).
    static let data = MCPTool.Stdin.member("data", words: ["--data", "-"], schema: nested(LinkFields.data), required: false)
    static let linkOptions = ["channel", "feature", "campaign", "stage", "tag", "alias", "type", "duration", "identity"]
    static let qrOptions = ["format", "width", "margin", "code-color", "background-color", "finder-pattern-color", "finder-eye-color",
                            "code-pattern", "finder-pattern", "center-logo-url", "background-image-url", "code-pattern-url"]
    static let jobOptions = ["app-id", "limit", "job", "wait", "jq"]

    static var link: JSON {
        var o = nested(LinkFields.link).objectValue!
        var p = o["properties"]!.objectValue!
        p["data"] = nested(LinkFields.data)
        o["properties"] = .object(p)
        return .object(o)
    }

    static let all: [MCPTool] = [
        MCPTool(name: "open_session", summary: "Report an app session to Branch (POST /v1/open) and return its deep-link data; the body is checked by Branch's rules (bnc-open).",
                command: ["bnc-open"], arguments: ["strict"], stdin: .rest(words: ["--body", "-"], schema: openBody),
                fixed: ["--no-state", "--output", "json"], kind: .sends),
        MCPTool(name: "send_event", summary: "Send a v2 standard or custom event (POST /v2/event/standard or /custom, routed by its name); checked as bnc-event checks a batch line.",
                command: ["bnc-event", "send"], arguments: ["custom-event", "category-form", "strict"], stdin: .rest(words: ["--body", "-"], schema: event),
                kind: .sends),
        MCPTool(name: "create_link", summary: "Create a Branch short link (POST /v1/url) from labels, control parameters and deep-link data.",
                command: ["bnc-link", "create"], arguments: linkOptions + ["strict"], tables: [LinkFields.link], stdin: data, kind: .sends),
        MCPTool(name: "bulk_create_links", summary: "Create many short links at once (POST /v1/url/bulk, sent in chunks under Branch's size limit); the answer lists each link or its error.",
                command: ["bnc-link", "bulk"], arguments: [],
                stdin: .member("links", words: ["-"], schema: ["type": "array", "items": link, "minItems": 1, "description": "The links, each {channel, feature, ..., data}"], required: true),
                kind: .sends),
        MCPTool(name: "read_link", summary: "Read a Branch short link's data and labels (GET /v1/url).", command: ["bnc-link", "read"], arguments: ["url"], kind: .sends),
        MCPTool(name: "update_link", summary: "Change a short link's labels or data (PUT /v1/url); merge keeps the data keys not given, replace drops them.",
                command: ["bnc-link", "update"], arguments: ["url", "merge", "replace", "strict"] + linkOptions, tables: [LinkFields.link], stdin: data, kind: .sends),
        MCPTool(name: "delete_link", summary: "Delete a short link (DELETE /v1/url, with the server's access token); sending needs bnc-mcp --allow-delete.",
                command: ["bnc-link", "delete"], arguments: ["url", "app-id"], kind: .deletes),
        MCPTool(name: "long_link", summary: "Build a long link offline (no call): a domain, labels, control parameters and data.",
                command: ["bnc-link", "long"], arguments: ["domain"] + linkOptions, tables: [LinkFields.link], stdin: data, kind: .local),
        MCPTool(name: "link_qr", summary: "A QR code for a new link (POST /v2/qr-code), returned as an image; its settings as Branch documents them.",
                command: ["bnc-link", "qr"], arguments: linkOptions + qrOptions, tables: [LinkFields.link, LinkFields.qr], stdin: data, kind: .sends, image: true),
        MCPTool(name: "asa_lookup", summary: "Ask Apple's AdServices API for the attribution of an AdServices token (POST /api/v1/, retried while Apple answers 404).",
                command: ["bnc-asa", "lookup"], arguments: ["generated-at", "attempts", "retry-interval", "no-cache"],
                stdin: .member("adservices_token", words: ["-"], schema: ["type": "string", "minLength": 1, "maxLength": 4096,
                                                                            "description": "The token AAAttribution.attributionToken() gave the app (a secret: never shown in results)"], required: true),
                kind: .sends),
        MCPTool(name: "iad_decode", summary: "Read a legacy iAd attribution dictionary (JSON, Apple's sample text or Base64 search_ad_encoded) and map it to AdServices' fields (no call).",
                command: ["bnc-asa", "decode-iad"], arguments: [],
                stdin: .member("payload", words: ["-"], schema: ["type": ["object", "string"], "description": "The iAd payload: its JSON object or its text"], required: true),
                kind: .local),
        MCPTool(name: "tune_map", summary: "Map a logged TUNE request (URL, /serve?... target or log line) to the Branch v1/open or v2 event it stands for (no call).",
                command: ["bnc-tune", "map"], arguments: ["request"], kind: .local),
        MCPTool(name: "tune_check", summary: "Check a TUNE request against the migration rules: each finding with its severity (no call).",
                command: ["bnc-tune", "check"], arguments: ["request", "fail-on"], kind: .local),
        MCPTool(name: "tune_scan", summary: "Scan a TUNE log file on this machine (plain or gzip): counts and findings by rule (no call).",
                command: ["bnc-tune", "scan"], arguments: ["file", "fail-on", "jq"], kind: .local),
        MCPTool(name: "tune_reconcile", summary: "Reconcile a TUNE log with what Branch recorded (its daily exports, or export files on this machine): matched, missing and differing.",
                command: ["bnc-tune", "reconcile"], arguments: ["file", "date", "export", "jq"], kind: .sends),
        MCPTool(name: "export_daily", summary: "Branch's daily export of one UTC day (within the last 7), its rows as JSON (narrow them with jq).",
                command: ["bnc-export", "daily"], arguments: ["date", "topic", "jq"], kind: .sends),
        MCPTool(name: "export_custom", summary: "A custom export job (Data APIs): a topic, a time range, fields and a filter; waits for the job and returns its rows.",
                command: ["bnc-export", "custom"], arguments: ["topic", "start", "end", "field", "filter", "limit", "timezone", "app-id", "handle", "wait", "jq"], kind: .sends),
        MCPTool(name: "export_query", summary: "An aggregate query (Query API): a data source, an aggregation, dimensions and filters over a date range.",
                command: ["bnc-export", "query"], arguments: ["data-source", "aggregation", "dimension", "start", "end", "filter", "granularity", "page-size", "jq"], kind: .sends),
        MCPTool(name: "export_aggregate", summary: "An aggregate analytics job (Aggregate API), waited for; its rows.",
                command: ["bnc-export", "aggregate"], arguments: ["data-source", "aggregation", "dimension", "start", "end", "granularity", "filter"] + jobOptions, kind: .sends),
        MCPTool(name: "export_cohort", summary: "A cohort analytics job (Cohort API), waited for; its rows.",
                command: ["bnc-export", "cohort"], arguments: ["data-source", "measure", "bands", "dimension", "start", "end"] + jobOptions, kind: .sends),
        MCPTool(name: "export_cross_event", summary: "A cross-event analytics job (Cross-Event API), waited for; its rows.",
                command: ["bnc-export", "cross-event"], arguments: ["aggregation", "dimension", "start", "end", "granularity", "filter"] + jobOptions, kind: .sends),
    ] + MCPTools.sandbox
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
