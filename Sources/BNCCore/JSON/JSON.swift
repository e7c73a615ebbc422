// The JSON value every request body, response and NDJSON line passes through.
// Objects keep their key order (bodies print in field-table order) and numbers keep their literal text
// (an 18-digit token or a price round-trips unchanged), which Foundation's JSONSerialization does not.

/// A JSON number, kept as its literal text so that it round-trips exactly.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as it appears in JSON text (RFC 8259 grammar).
    public let literal: String

    /// Wraps a literal already known to follow the JSON number grammar (the parser's output).
    init(uncheckedLiteral: String) { literal = uncheckedLiteral }

    public init(_ value: Int) { literal = String(value) }
    public init(_ value: Int64) { literal = String(value) }

    /// A finite double; integral values print without a fraction (`2.0` -> `2`), as JavaScript does.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 {
            literal = String(Int64(value))
        } else {
            literal = String(value)
        }
    }

    /// Parses a literal, accepting only the JSON number grammar.
    public init?(literal text: String) {
        guard case .number(let n)? = try? JSONParser.parse(text.utf8) else { return nil }
        literal = n.literal
    }

    /// The value as the nearest Double, exactly as `Double(literal)` gives it. A short decimal (at most 15
    /// digits, no exponent: prices, revenue, quantities) is computed directly — its digits and the power of ten
    /// are both exact in a Double, so one division rounds correctly (Clinger's fast path) — and anything else
    /// goes to the standard library's parser.
    public var double: Double {
        var text = literal
        let fast = text.withUTF8 { u -> Double? in
            var i = 0
            let negative = u.first == UInt8(ascii: "-")
            if negative { i = 1 }
            var mantissa: Int64 = 0
            var digits = 0, fraction = 0
            var seenPoint = false
            while i < u.count {
                let b = u[i]
                if b == UInt8(ascii: ".") && !seenPoint {
                    seenPoint = true
                } else if b >= 0x30 && b <= 0x39 {
                    digits += 1
                    if digits > 15 { return nil }
                    mantissa = mantissa * 10 + Int64(b - 0x30)
                    if seenPoint { fraction += 1 }
                } else {
                    return nil  // an exponent (or not a number at all)
                }
                i += 1
            }
            guard digits > 0 else { return nil }
            let value = Double(mantissa) / Self.powersOfTen[fraction]
            return negative ? -value : value
        }
        return fast ?? Double(literal) ?? .nan
    }

    private static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// The value as an integer when the literal is one (no fraction or exponent) and fits.
    public var int64: Int64? { Int64(literal) }
    public var isInteger: Bool { !literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) }
    public var description: String { literal }

    /// Equal when the values are equal exactly (`1`, `1.0` and `10e-1` are one number; two 18-digit ids one
    /// apart are two), compared in decimal: never through Double, which holds 15-17 significant digits.
    public static func == (a: JSONNumber, b: JSONNumber) -> Bool {
        a.literal == b.literal || a.decimal == b.decimal
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(decimal) }

    /// The value as sign, significant digits (no leading or trailing zeros) and a power of ten.
    var decimal: Decimal {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0
        var bytes = Array(literal.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        var fraction = false
        while let b = bytes.first, b != UInt8(ascii: "e"), b != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if b == UInt8(ascii: ".") { fraction = true; continue }
            if digits.isEmpty && b == UInt8(ascii: "0") { if fraction { exponent -= 1 }; continue }
            digits.append(b)
            if fraction { exponent -= 1 }
        }
        if !bytes.isEmpty {
            // An exponent beyond Int's range cannot come from a literal a user could store; clamp it.
            exponent += Int(String(decoding: bytes.dropFirst(), as: UTF8.self).prefix(18)) ?? 0
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast(); exponent += 1 }
        if digits.isEmpty { return Decimal(negative: false, digits: [], exponent: 0) }
        return Decimal(negative: negative, digits: digits, exponent: exponent)
    }

    struct Decimal: Hashable {
        let negative: Bool
        let digits: [UInt8]
        let exponent: Int
    }
}

/// An object whose keys keep the order they were first set in. Equality ignores order, as JSON's does.
///
/// Members live in one array in order; a key is found by a linear scan while the object is small (the bodies,
/// user_data and content items bnc builds: hashing a String costs more than comparing a dozen), through an
/// index built once it grows past `linearLimit` (a hostile line with 100,000 keys stays linear in time).
public struct JSONObject: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Member = (key: String, value: JSON)
    private var members: [Member] = []
    private var index: [String: Int] = [:]
    static let linearLimit = 16

    public init() {}
    public init(dictionaryLiteral elements: (String, JSON)...) {
        for (k, v) in elements { self[k] = v }
    }
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSON) {
        for (k, v) in pairs { self[k] = v }
    }

    /// The first `count` members of `object`, with room for all of them: the start of a changed copy that a
    /// check or the redactor builds only from the first member it changes.
    public init(firstMembersOf object: JSONObject, count: Int) {
        members.reserveCapacity(object.members.count)
        members.append(contentsOf: object.members.prefix(count))  // the source's names are already distinct
        reindex()
    }

    public var keys: [String] { members.map(\.key) }
    public mutating func reserveCapacity(_ n: Int) { members.reserveCapacity(n) }
    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    private func position(of key: String) -> Int? {
        if members.count <= Self.linearLimit {
            for i in members.indices where members[i].key == key { return i }
            return nil
        }
        return index[key]
    }

    private mutating func reindex() {
        index = [:]
        guard members.count > Self.linearLimit else { return }
        index.reserveCapacity(members.count)
        for (i, m) in members.enumerated() { index[m.key] = i }
    }

    /// Reading gives the value; setting nil removes the key; setting an existing key keeps its place.
    public subscript(key: String) -> JSON? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let newValue {
                if let i = position(of: key) {
                    members[i].value = newValue
                } else {
                    members.append((key, newValue))
                    if members.count == Self.linearLimit + 1 { reindex() }
                    else if members.count > Self.linearLimit { index[key] = members.count - 1 }
                }
            } else if let i = position(of: key) {
                members.remove(at: i)
                reindex()
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

    /// Puts a member first (a body's `branch_key`), removing the key elsewhere: the others keep their order.
    public mutating func prepend(_ key: String, _ value: JSON) {
        if let i = position(of: key) { members.remove(at: i) }
        members.insert((key, value), at: 0)
        reindex()
    }

    /// Whether the two are one stored object (a check that changed nothing hands its input back): a cheap
    /// "unchanged" that never compares members.
    public func isIdentical(to other: JSONObject) -> Bool {
        members.withUnsafeBufferPointer { a in other.members.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
            && members.count == other.members.count
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.count == b.count && a.members.allSatisfy { b[$0.key] == $0.value }
    }

    /// Sets each member over this object, a JSON null removing the key (`-f KEY:=null`, a batch line's null,
    /// a merge's removal). One place, because `self[k] = v.isNull ? nil : v` stores a null: JSON is
    /// ExpressibleByNilLiteral, so that `nil` becomes `.null`.
    public mutating func overlay(_ pairs: [(String, JSON)]) {
        for (k, v) in pairs { self[k] = v.isNull ? JSON?.none : v }
    }

    public mutating func overlay(_ other: JSONObject) {
        overlay(other.map { ($0.key, $0.value) })
    }
}

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
