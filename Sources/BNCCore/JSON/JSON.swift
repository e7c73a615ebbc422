// The JSON value every request body, response and NDJSON line passes through.
// Objects keep their key order (bodies print in field-table order) and numbers keep their literal text
// (an 18-digit token or a price round-trips unchanged), which Foundation's JSONSerialization does not.

/// A JSON value.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    public static func int(_ value: Int) -> JSON { .number(JSONNumber(value)) }
    public static func double(_ value: Double) -> JSON { JSONNumber(value).map(JSON.number) ?? .null }

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var numberValue: JSONNumber? { if case .number(let n) = self { return n }; return nil }
    public var objectValue: JSONObject? { if case .object(let o) = self { return o }; return nil }
    public var arrayValue: [JSON]? { if case .array(let a) = self { return a }; return nil }
    public var isNull: Bool { if case .null = self { return true }; return false }

    /// Member of an object (nil for any other value).
    public subscript(key: String) -> JSON? { objectValue?[key] }

    /// The JSON type's name, for error messages ("expected a string, got number").
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// A scalar as plain text (strings unquoted), the way a table cell or `--route` prints it.
    public var plainText: String {
        switch self {
        case .string(let s): s
        case .null: ""
        default: serialized()
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(JSONObject(elements)) }
    public init(nilLiteral: ()) { self = .null }
}

extension JSON {
    /// Parses one JSON document (RFC 8259, strict: no comments, no trailing commas, valid UTF-8).
    public static func parse(_ text: String) throws(JSONParseError) -> JSON {
        try JSONParser.parse(text.utf8)
    }

    /// Parses user input (a file, stdin): a refusal is exit 65 naming the input and the byte.
    public static func parseInput<C: Collection<UInt8>>(_ bytes: C, what: String) throws(BNCError) -> JSON {
        do {
            return try parse(bytes: bytes)
        } catch {
            throw BNCError(.invalidData, "\(what): \(error.description)")
        }
    }

    /// Parses one JSON document from raw bytes.
    public static func parse<C: Collection<UInt8>>(bytes: C) throws(JSONParseError) -> JSON {
        try JSONParser.parse(bytes)
    }

    /// The same, member names found in (and added to) a cache: one batch's lines.
    static func parse<C: Collection<UInt8>>(bytes: C, keys: JSONKeyCache) throws(JSONParseError) -> JSON {
        try JSONParser.parse(bytes, keys: keys)
    }
}
