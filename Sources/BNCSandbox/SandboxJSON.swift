// The emulator's own JSON decoding, through FoundationEssentials' JSONDecoder — never the client's parser, so a
// bug in bnc's JSON reading cannot hide behind the same bug in the oracle. Values land in the JSON value type
// the emulator answers with; object keys are sorted (a decoded dictionary keeps no order), so output is stable.
// FoundationEssentials, not Foundation: the full Foundation links ICU's data, 50 MB of the binary for nothing
// the emulator uses.
import BNCCore
import FoundationEssentials

enum SandboxJSON {
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static func decode(_ bytes: [UInt8]) throws(Invalid) -> JSON {
        var bytes = bytes
        try checkStructure(&bytes)
        do {
            return try JSONDecoder().decode(Value.self, from: Data(bytes)).json
        } catch {
            // FoundationEssentials says only "The given data was not valid JSON.": where, and why, when it is one
            // of the common causes (QA round 31a).
            throw Invalid(description: locate(bytes) ?? "not valid JSON")
        }
    }

    static func decode(_ text: String) throws(Invalid) -> JSON { try decode(Array(text.utf8)) }

    /// Members and elements a body may hold: Branch's bodies hold dozens, a bulk request some thousands. Every
    /// request is answered under one lock, so one body of 400,000 members held every other client for seconds (QA
    /// round 28a); this bounds that time, as the 8 MiB cap bounds the bytes.
    static let maxValues = 100_000

    /// One pass over the text before it is decoded, for what JSONDecoder does not say or refuses wrongly: a member
    /// name given twice in one object (it keeps one of them without a word, so two different branch_keys were
    /// one); more than `maxValues` members and elements; a number beyond a Double (`1e999`: "number out of
    /// range", not "not valid JSON"). A lone UTF-16 surrogate escape (`"\ud83d"`: JSON.stringify writes one for a
    /// string cut inside an emoji, and the Web SDK sends them) is rewritten `\ufffd` in place, as lenient readers
    /// (browsers' TextDecoder, Node, Jackson) read it: JSONDecoder refuses it, and RFC 8259's grammar allows it
    /// (QA round 31a). Malformed text passes here and is refused by the decoder.
    static func checkStructure(_ b: inout [UInt8]) throws(Invalid) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var names: [Set<[UInt8]>?] = []  // each open container's member names so far; nil for an array
        var values = 0  // members (a ':' each) and elements (an array's first, then a ',' each)
        var arrayOpened = false
        var expectingName = false
        func count() throws(Invalid) {
            values += 1
            if values > maxValues { throw Invalid(description: "it holds more than \(maxValues) members and elements") }
        }
        var i = 0
        while i < b.count {
            let c = b[i]
            if arrayOpened, ![0x20, 0x09, 0x0A, 0x0D].contains(c) {
                arrayOpened = false
                if c != UInt8(ascii: "]") { try count() }
            }
            switch c {
            case UInt8(ascii: "{"): names.append([]); expectingName = true
            case UInt8(ascii: "["): names.append(nil); expectingName = false; arrayOpened = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !names.isEmpty { names.removeLast() }; expectingName = false
            case UInt8(ascii: ":"): try count()
            case UInt8(ascii: ","):
                let inObject = (names.last ?? nil) != nil
                if !inObject { try count() }
                expectingName = inObject
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var j = i
                while j < b.count, b[j] == UInt8(ascii: "-") || b[j] == UInt8(ascii: "+") || b[j] == UInt8(ascii: ".")
                        || b[j] == UInt8(ascii: "e") || b[j] == UInt8(ascii: "E") || (0x30...0x39).contains(b[j]) { j += 1 }
                // Only an exponent or more than 308 digits can be beyond a Double.
                if j - i > 308 || b[i..<j].contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) {
                    let literal = String(decoding: b[i..<j], as: UTF8.self)
                    if let d = Double(literal), d.isInfinite {
                        throw Invalid(description: "number out of range at byte \(i): \(literal.prefix(40))")
                    }
                }
                i = j
                continue
            case quote:
                var j = i + 1, escaped = false
                while j < b.count, b[j] != quote {
                    if b[j] == backslash {
                        escaped = true
                        if j + 5 < b.count, b[j + 1] == UInt8(ascii: "u"), let unit = hex4(b, j + 2) {
                            if (0xD800...0xDBFF).contains(unit), j + 11 < b.count, b[j + 6] == backslash, b[j + 7] == UInt8(ascii: "u"),
                               let low = hex4(b, j + 8), (0xDC00...0xDFFF).contains(low) {
                                j += 12  // a pair: one character
                                continue
                            }
                            if (0xD800...0xDFFF).contains(unit) { b.replaceSubrange((j + 2)..<(j + 6), with: Array("fffd".utf8)) }
                            j += 6
                            continue
                        }
                        j += 1
                    }
                    j += 1
                }
                if expectingName, j < b.count, !names.isEmpty, names[names.count - 1] != nil {
                    var name = Array(b[(i + 1)..<j])
                    // An escaped name is compared as the decoder reads it ("\u0061" is "a").
                    if escaped, let s = try? JSONDecoder().decode(String.self, from: Data(b[i...j])) { name = Array(s.utf8) }
                    if !names[names.count - 1]!.insert(name).inserted {
                        let shown = String(decoding: name.prefix(64), as: UTF8.self).unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
                        throw Invalid(description: "the member name \"\(shown)\" is given twice in one object")
                    }
                    expectingName = false
                }
                i = j
            default: break
            }
            i += 1
        }
    }

    /// The UTF-16 unit of four hex digits at `at`.
    private static func hex4(_ b: [UInt8], _ at: Int) -> Int? {
        guard at + 4 <= b.count else { return nil }
        var v = 0
        for k in at..<(at + 4) {
            switch b[k] {
            case 0x30...0x39: v = v << 4 | Int(b[k] - 0x30)
            case 0x41...0x46: v = v << 4 | Int(b[k] - 0x41 + 10)
            case 0x61...0x66: v = v << 4 | Int(b[k] - 0x61 + 10)
            default: return nil
            }
        }
        return v
    }

    /// Where text the decoder refused goes wrong, for the common causes: bytes that are not UTF-8, a control
    /// character or a bad escape in a string, a character no JSON value starts with, text after the value. Nil
    /// for the others (the decoder's refusal is the judgement; this only names it).
    static func locate(_ b: [UInt8]) -> String? {
        var it = b.makeIterator(), utf8 = Unicode.UTF8.ForwardParser(), offset = 0
        decoding: while true {
            switch utf8.parseScalar(from: &it) {
            case .valid(let unit): offset += unit.count
            case .error: return "bytes that are not UTF-8 at byte \(offset)"
            case .emptyInput: break decoding
            }
        }
        var depth = 0, started = false, i = 0
        while i < b.count {
            let c = b[i]
            switch c {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"): break
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0, started { return "text after the JSON value at byte \(i)" }
                depth += 1; started = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return "unexpected '\(Character(Unicode.Scalar(c)))' at byte \(i)" }
                depth -= 1
            case UInt8(ascii: "\""):
                if depth == 0, started { return "text after the JSON value at byte \(i)" }
                started = true
                var j = i + 1
                while j < b.count, b[j] != UInt8(ascii: "\"") {
                    if b[j] < 0x20 {
                        let code = String(b[j], radix: 16, uppercase: true)
                        return "a control character (U+\(code.count == 1 ? "000" : "00")\(code)) in a string at byte \(j): escape it as \\u00XX"
                    }
                    if b[j] == UInt8(ascii: "\\") {
                        let e = j + 1 < b.count ? b[j + 1] : 0
                        if e == UInt8(ascii: "u") {
                            if hex4(b, j + 2) == nil { return "an escape \\u without four hex digits at byte \(j)" }
                        } else if !Array("\"\\/bfnrt".utf8).contains(e) {
                            return "an invalid escape at byte \(j)"
                        }
                        j += 1
                    }
                    j += 1
                }
                if j >= b.count { return "a string not closed, from byte \(i)" }
                i = j
            default:
                if depth == 0, started { return "text after the JSON value at byte \(i)" }
                started = true
                var j = i
                while j < b.count, (0x61...0x7A).contains(b[j]) || (0x30...0x39).contains(b[j]) || b[j] == UInt8(ascii: "-")
                        || b[j] == UInt8(ascii: "+") || b[j] == UInt8(ascii: ".") || b[j] == UInt8(ascii: "E") { j += 1 }
                let token = String(decoding: b[i..<max(j, i + 1)], as: UTF8.self)
                let isNumber = token.first.map { $0 == "-" || $0.isNumber } ?? false
                if !["true", "false", "null"].contains(token), !isNumber {
                    return "unexpected '\(token.prefix(20))' at byte \(i): not a JSON value"
                }
                i = max(j, i + 1)
                continue
            }
            i += 1
        }
        return depth > 0 ? "the text ends inside an object or array" : nil
    }

    /// The emulator's own JSON writer (RFC 8259), so its answers are not written by the client's writer either:
    /// members in their order, strings with the two mandatory escapes, the controls as \uXXXX (\n, \t and the
    /// like by name), numbers as their literal text.
    static func encode(_ value: JSON) -> [UInt8] {
        var out: [UInt8] = []
        write(value, to: &out)
        return out
    }

    static func encodeText(_ value: JSON) -> String { String(decoding: encode(value), as: UTF8.self) }

    private static func write(_ value: JSON, to out: inout [UInt8]) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let n): out += Array(n.literal.utf8)
        case .string(let s): writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            var first = true
            for (k, v) in o {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                writeString(k, to: &out)
                out.append(UInt8(ascii: ":"))
                write(v, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ s: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x00..<0x20, 0x7F:
                out += Array("\\u00".utf8) + [hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Any JSON value. Integers keep every digit (Int64, UInt64, then Decimal); other numbers are Doubles, printed as
    /// Swift prints them (shortest round-trip form).
    private struct Value: Decodable {
        let json: JSON

        init(from decoder: any Decoder) throws {
            if var items = try? decoder.unkeyedContainer() {
                var out: [JSON] = []
                while !items.isAtEnd { out.append(try items.decode(Value.self).json) }
                json = .array(out)
                return
            }
            if let object = try? decoder.container(keyedBy: Key.self) {
                var members: [(String, JSON)] = []
                for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                    members.append((key.stringValue, try object.decode(Value.self, forKey: key).json))
                }
                json = .object(JSONObject(members))
                return
            }
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                json = .null
            } else if let b = try? single.decode(Bool.self) {
                json = .bool(b)
            } else if let n = try? single.decode(Int64.self) {
                json = .number(JSONNumber(n))
            } else if let n = try? single.decode(UInt64.self) {
                json = .number(JSONNumber(literal: String(n)) ?? JSONNumber(0))
            } else if let n = try? single.decode(Decimal.self), n.isFinite, n.exponent >= 0, let literal = JSONNumber(literal: n.description) {
                // An integer beyond 64 bits (up to 38 digits): its digits, not a rounded Double.
                json = .number(literal)
            } else if let d = try? single.decode(Double.self) {
                json = .double(d)
            } else {
                json = .string(try single.decode(String.self))
            }
        }
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
