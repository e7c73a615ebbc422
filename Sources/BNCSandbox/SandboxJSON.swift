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
        do {
            return try JSONDecoder().decode(Value.self, from: Data(bytes)).json
        } catch let DecodingError.dataCorrupted(context) {
            throw Invalid(description: (context.underlyingError.map { "\($0)" } ?? context.debugDescription).prefix(200).description)
        } catch {
            throw Invalid(description: "not valid JSON")
        }
    }

    static func decode(_ text: String) throws(Invalid) -> JSON { try decode(Array(text.utf8)) }

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
