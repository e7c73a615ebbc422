// A strict RFC 8259 parser over bytes: the one parser of outside JSON (device files, bodies, NDJSON, responses).
// Bounded nesting so hostile input cannot exhaust the stack; errors give the byte offset.

#if canImport(Glibc)
import Glibc
#endif

/// Why a JSON text was refused, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Zero-based byte offset of the problem.
    public let offset: Int
    public let reason: String
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
    /// The reason given when the text ends before the value does (an object or array left open).
    public static let endOfInput = "unexpected end of input"
}

struct JSONParser {
    static let maxDepth = 256

    /// The text, borrowed for the parse (`parse(_:)`): read without Array's bounds checks or reference
    /// counting, so every read is preceded by its own check against `bytes.count` (the fuzz tests run the
    /// debug build, where UnsafeBufferPointer checks its bounds too).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private let keys: JSONKeyCache?

    private init(bytes: UnsafeBufferPointer<UInt8>, keys: JSONKeyCache?) {
        self.bytes = bytes
        self.keys = keys
    }

    /// Parses one document from any collection of bytes: in place when its storage is contiguous. Member
    /// names are looked up in `keys` when given (a batch's lines repeat the same names).
    static func parse<C: Collection<UInt8>>(_ text: C, keys: JSONKeyCache? = nil) throws(JSONParseError) -> JSON {
        let parsed = text.withContiguousStorageIfAvailable { buffer -> Result<JSON, JSONParseError> in
            var parser = JSONParser(bytes: buffer, keys: keys)
            return Result { () throws(JSONParseError) in try parser.parseDocument() }
        }
        if let parsed { return try parsed.get() }
        return try parse(Array(text), keys: keys)
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSON {
        // A UTF-8 byte-order mark is tolerated at the start, as RFC 8259 allows parsers to.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected text after the value") }
        return value
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? index, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSON {
        guard index < bytes.count else { throw fail(JSONParseError.endOfInput) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character \(describe(bytes[index]))")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x\(String(byte, radix: 16))"
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
        let start = index
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= w.count, bytes[index..<index + w.count].elementsEqual(w) else {
            throw fail("unexpected character \(describe(bytes[start]))", at: start)
        }
        index += w.count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > Self.maxDepth { throw fail("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSON {
        try enter()
        index += 1
        var object = JSONObject()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1; depth -= 1
            return .object(object)
        }
        object.reserveCapacity(8)  // most objects are small: one allocation instead of growing 1, 2, 4, 8
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail(index < bytes.count ? "expected a quoted member name" : "unexpected end of input")
            }
            let keyStart = index
            let key = try parseKey()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            // A repeated member name is refused: parsers disagree on which value it means (RFC 8259 §4 calls the
            // outcome unpredictable), and keeping the last lost the first without a word.
            guard object.addNew(key, try parseValue()) else {
                let shown = key.unicodeScalars.count > 64 ? String(key.unicodeScalars.prefix(64)) + "…" : key
                throw fail("the member name \(JSON.string(shown).serialized()) is repeated in one object", at: keyStart)
            }
            skipWhitespace()
            guard index < bytes.count else { throw fail(JSONParseError.endOfInput) }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw fail("expected ',' or '}' in an object")
        }
        depth -= 1
        return .object(object)
    }

    private mutating func parseArray() throws(JSONParseError) -> JSON {
        try enter()
        index += 1
        var items: [JSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1; depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail(JSONParseError.endOfInput) }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw fail("expected ',' or ']' in an array")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit", at: index) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail("leading zeros are not allowed", at: start) }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return JSONNumber(uncheckedLiteral: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    /// A member name: from the cache when it is plain ASCII (no escape) it has seen, else as any string.
    private mutating func parseKey() throws(JSONParseError) -> String {
        guard let keys else { return try parseString() }
        var end = index + 1
        while end < bytes.count, end - index - 1 <= JSONKeyCache.maxLength {
            let b = bytes[end]
            if b == UInt8(ascii: "\"") {
                let name = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
                index = end + 1
                return keys.key(for: name)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
            end += 1
        }
        return try parseString()
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        let open = index
        index += 1
        // Most strings have no escape: made from their bytes in place (ASCII needs no validation).
        var ascii = true
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<index])
                index += 1
                if ascii { return String(decoding: run, as: UTF8.self) }
                guard let s = String(validating: run, as: UTF8.self) else { throw fail("string is not valid UTF-8", at: open) }
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw fail("control character in a string (escape it)") }
            if b >= 0x80 { ascii = false }
            index += 1
        }
        var out = Array(bytes[(open + 1)..<index])
        var runStart = index
        while true {
            guard index < bytes.count else { throw fail("unterminated string", at: open) }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                out.append(contentsOf: bytes[runStart..<index])
                index += 1
                break
            }
            if b < 0x20 { throw fail("control character in a string (escape it)") }
            if b == UInt8(ascii: "\\") {
                out.append(contentsOf: bytes[runStart..<index])
                try parseEscape(into: &out)
                runStart = index
                continue
            }
            index += 1
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw fail("string is not valid UTF-8", at: open) }
        return s
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(JSONParseError) {
        index += 1
        guard index < bytes.count else { throw fail("unterminated escape") }
        let c = bytes[index]
        index += 1
        switch c {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw fail("lone high surrogate in \\u escape")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw fail("lone low surrogate in \\u escape")
            }
            out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
            throw fail("invalid escape \\\(Character(Unicode.Scalar(c)))", at: index - 2)
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: throw fail("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}

/// Member names a parser has made, found again by their bytes (hashed by `NameHash`, like every hot-path name
/// lookup: see NameIndex.swift): the lines of a batch repeat the same dozen
/// names, and handing back the String made the first time costs less than making (and later freeing) it
/// again. Plain ASCII names of at most `maxLength` bytes, in a direct-mapped table: a clash replaces the
/// older name. Used by one thread at a time (one batch run).
final class JSONKeyCache {
    static let maxLength = 32
    private static let slots = 256
    // Fixed tables behind `let` pointers: reading them needs no exclusivity check, as a class's `var` would.
    private let hashes = UnsafeMutablePointer<UInt64>.allocate(capacity: JSONKeyCache.slots)
    private let lengths = UnsafeMutablePointer<Int>.allocate(capacity: JSONKeyCache.slots)
    private let texts = UnsafeMutablePointer<UInt8>.allocate(capacity: JSONKeyCache.slots * JSONKeyCache.maxLength)
    private let names = UnsafeMutablePointer<String>.allocate(capacity: JSONKeyCache.slots)

    init() {
        hashes.initialize(repeating: 0, count: Self.slots)
        lengths.initialize(repeating: -1, count: Self.slots)
        texts.initialize(repeating: 0, count: Self.slots * Self.maxLength)
        names.initialize(repeating: "", count: Self.slots)
    }

    deinit {
        names.deinitialize(count: Self.slots)
        for p in [UnsafeMutableRawPointer(hashes), UnsafeMutableRawPointer(lengths), UnsafeMutableRawPointer(texts),
                  UnsafeMutableRawPointer(names)] { p.deallocate() }
    }

    /// The name spelled by these bytes (ASCII, no escapes, at most `maxLength`).
    func key(for name: UnsafeBufferPointer<UInt8>) -> String {
        precondition(name.count <= Self.maxLength)
        let hash = NameHash.of(bytes: name)
        let slot = Int(truncatingIfNeeded: hash ^ (hash >> 17)) & (Self.slots - 1)
        let text = texts + slot * Self.maxLength
        if hashes[slot] == hash, lengths[slot] == name.count,
           name.isEmpty || memcmp(name.baseAddress!, text, name.count) == 0 {
            return names[slot]
        }
        let made = String(decoding: name, as: UTF8.self)
        hashes[slot] = hash
        lengths[slot] = name.count
        names[slot] = made
        if let base = name.baseAddress { text.update(from: base, count: name.count) }
        return made
    }
}
