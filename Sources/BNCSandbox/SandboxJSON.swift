// The emulator's own JSON decoding, through Foundation's JSONSerialization — never the client's parser, so a
// bug in bnc's JSON reading cannot hide behind the same bug in the oracle. Values land in the JSON value type
// the emulator answers with; object keys are sorted (JSONSerialization keeps no order), so output is stable.
import BNCCore
import Foundation

enum SandboxJSON {
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static func decode(_ bytes: [UInt8]) throws(Invalid) -> JSON {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not valid JSON"
            throw Invalid(description: detail)
        }
        return convert(object)
    }

    static func decode(_ text: String) throws(Invalid) -> JSON { try decode(Array(text.utf8)) }

    private static func convert(_ value: Any) -> JSON {
        switch value {
        case is NSNull: return .null
        case let s as String: return .string(s)
        case let a as [Any]: return .array(a.map(convert))
        case let d as [String: Any]: return .object(JSONObject(d.keys.sorted().map { ($0, convert(d[$0]!)) }))
        case let n as NSNumber: return number(n)
        default: return .string("\(value)")
        }
    }

    /// Booleans are a distinct class in swift-corelibs-foundation; integers keep every digit; decimals print
    /// as Swift prints a Double (shortest round-trip form).
    private static func number(_ n: NSNumber) -> JSON {
        if String(describing: type(of: n)).contains("Boolean") { return .bool(n.boolValue) }
        if let d = n as? NSDecimalNumber { return .number(JSONNumber(literal: d.stringValue) ?? JSONNumber(0)) }
        switch String(cString: n.objCType) {
        case "d", "f": return .double(n.doubleValue)
        case "Q": return .number(JSONNumber(literal: String(n.uint64Value)) ?? JSONNumber(0))
        default: return .number(JSONNumber(n.int64Value))
        }
    }
}
