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
        try checkStructure(bytes)
        do {
            return try JSONDecoder().decode(Value.self, from: Data(bytes)).json
        } catch let DecodingError.dataCorrupted(context) {
            throw Invalid(description: (context.underlyingError.map { "\($0)" } ?? context.debugDescription).prefix(200).description)
        } catch {
            throw Invalid(description: "not valid JSON")
        }
    }

    static func decode(_ text: String) throws(Invalid) -> JSON { try decode(Array(text.utf8)) }

    /// Members and elements a body may hold: Branch's bodies hold dozens, a bulk request some thousands. Every
    /// request is answered under one lock, so one body of 400,000 members held every other client for seconds (QA
    /// round 28a); this bounds that time, as the 8 MiB cap bounds the bytes.
    static let maxValues = 100_000

    /// One pass over the text before it is decoded, for what JSONDecoder does not say: a member name given twice
    /// in one object (it keeps one of them without a word, so two different branch_keys were one), and more
    /// than `maxValues` members and elements. Malformed text passes here and is refused by the decoder.
    static func checkStructure(_ b: [UInt8]) throws(Invalid) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var names: [Set<[UInt8]>?] = []  // each open container's member names so far; nil for an array
        var separators = 0
        var expectingName = false
        var i = 0
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: "{"): names.append([]); expectingName = true
            case UInt8(ascii: "["): names.append(nil); expectingName = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !names.isEmpty { names.removeLast() }; expectingName = false
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                separators += 1
                if separators > maxValues { throw Invalid(description: "it holds more than \(maxValues) members and elements") }
                expectingName = b[i] == UInt8(ascii: ",") && (names.last ?? nil) != nil
            case quote:
                var j = i + 1, escaped = false
                while j < b.count, b[j] != quote {
                    if b[j] == backslash { escaped = true; j += 1 }
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
