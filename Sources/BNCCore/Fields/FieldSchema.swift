// A field table as JSON Schema (draft 2020-12), generated from the specs, never written by hand: types, enums
// (canonical spellings, and any case where the API folds it), patterns, ranges, lengths, descriptions and the
// required members. For bnc-mcp's tools' input schemas and `TOOL fields --json-schema`.

/// JSON Schema from field tables.
public enum FieldSchema {
    public static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The regular expression a pattern's values match (ECMA 262, as JSON Schema's `pattern` reads it), when one
    /// says enough; the spec's own check stays the judge.
    static func regex(_ p: FieldPattern) -> String? {
        switch p {
        case .uuid: "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
        case .currency: "^[A-Z]{3}$"
        case .countryCode: "^[A-Za-z]{2}$"
        case .languageCode: "^[A-Za-z]{2,3}$"
        case .hexColor: "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$"
        case .httpURL: "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s<>\"`{}|\\\\^]+$"
        case .email: "^([a-zA-Z0-9_\\-\\.]+)@([a-zA-Z0-9_\\-\\.]+)\\.([a-zA-Z]{2,5})$"
        case .hostname: "^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$"
        case .screenSize: "^[0-9]{1,6}[xX][0-9]{1,6}$"
        case .appleTeamID: "^([A-Z0-9]{10})?$"
        case .bundleID: "^([A-Za-z0-9][A-Za-z0-9-]*(\\.[A-Za-z0-9][A-Za-z0-9-]*)+)?$"
        case .androidPackage: "^([A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+)?$"
        case .appStoreTarget: "^((id)?[0-9]{1,20}|[Hh][Tt][Tt][Pp][Ss]?://[^\\s<>\"`{}|\\\\^]+)$"
        case .playStoreTarget: "^([A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+|[Hh][Tt][Tt][Pp][Ss]?://[^\\s<>\"`{}|\\\\^]+)$"
        case .certFingerprint: "^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31}$"
        case .ipAddress, .uriScheme: nil
        }
    }

    /// `FieldSpec.textProblem` as patterns: C0 controls but TAB (and CR, LF in a multi-line value), DEL, C1
    /// controls, and the bidi overrides and isolates.
    static let oneLineText = "^[^\\u0000-\\u0008\\u000A-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$"
    static let multilineText = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$"

    /// A literal matched in any case, in plain ECMA 262 (no inline flags): `iOS` -> `[iI][oO][sS]`.
    static func anyCase(_ s: String) -> String {
        s.map { c -> String in
            if c.isLetter, c.isASCII { return "[\(c.lowercased())\(c.uppercased())]" }
            return c.isLetter || c.isNumber || c == "_" || c == "-" ? String(c) : "\\" + String(c)
        }.joined()
    }

    /// One field's schema.
    public static func schema(_ f: FieldSpec) -> JSON {
        var o: JSONObject = ["description": .string(f.help)]
        switch f.type {
        case .string: o["type"] = "string"
        case .version: o["type"] = .array(["string", "number"])
        case .boolean: o["type"] = "boolean"
        case .integer: o["type"] = "integer"
        case .number: o["type"] = "number"
        case .object: o["type"] = "object"
        case .array: o["type"] = "array"
        case .strings:
            o["type"] = "array"
            o["items"] = ["type": "string"]
        case .any: break
        }
        if let allowed = f.allowed {
            // A folded enum takes any case: the schema lists the canonical spellings and says so.
            if f.foldsCase {
                if !f.help.contains("any case") { o["description"] = .string(f.help + " (any case: " + allowed.joined(separator: ", ") + ")") }
                o["pattern"] = .string("^(" + allowed.map(Self.anyCase).joined(separator: "|") + ")$")
            } else {
                o["enum"] = .array(allowed.map(JSON.string))
            }
        }
        if let p = f.pattern {
            if let r = regex(p) { o["pattern"] = .string(r) }
            if p == .httpURL { o["format"] = "uri" }
            if p == .ipAddress { o["anyOf"] = .array([["format": "ipv4"], ["format": "ipv6"]]) }
            if p == .email { o["format"] = "email" }
        }
        if let r = f.range {
            o["minimum"] = .double(r.lowerBound)
            o["maximum"] = .double(r.upperBound)
        }
        if let m = f.maxLength { o["maxLength"] = .int(m) }
        if f.notBlank && f.type == .string { o["minLength"] = 1 }
        // The rules every string of a table is held to, which a validator of the schema would not know (QA round
        // 31c): no controls (a one-line value no line break either) and no bidi overrides; never blank when so.
        if [.string, .strings, .version].contains(f.type) {
            var extra: [JSON] = [["pattern": .string(f.multiline ? multilineText : oneLineText)]]
            if f.notBlank && f.type != .strings { extra.append(["pattern": "\\S"]) }
            o["allOf"] = .array(extra)
        }
        // An array of strings: the rules are each item's (JSON Schema reads `pattern` and `maxLength` on strings
        // only, so on the array they said nothing).
        if f.type == .strings, var items = o["items"]?.objectValue {
            for key in ["pattern", "maxLength", "format", "anyOf", "enum", "allOf"] where o[key] != nil {
                items[key] = o[key]
                o[key] = nil
            }
            o["items"] = .object(items)
        }
        return .object(o)
    }

    /// A table as an object schema: its fields (credentials left out when `credentials` is false: placed by the
    /// tool, never by a caller), its required members, and whether other members are allowed.
    public static func schema(_ table: FieldTable, credentials: Bool = true, title: String? = nil) -> JSON {
        var properties = JSONObject()
        var required: [JSON] = []
        for f in table.fields where credentials || !f.credential {
            properties[f.name] = schema(f)
            if f.required && !f.credential { required.append(.string(f.name)) }
        }
        var o: JSONObject = ["$schema": .string(dialect), "type": "object", "properties": .object(properties)]
        if let title { o["title"] = .string(title) }
        if !required.isEmpty { o["required"] = .array(required) }
        switch table.unknownKeys {
        case .warnAndDrop: o["additionalProperties"] = false
        case .custom(let spec): o["additionalProperties"] = schema(spec)
        }
        return .object(o)
    }
}
