// A Branch endpoint's body as members, however a real client sent it: JSON (whatever its Content-Type says, as
// Branch reads it), or an application/x-www-form-urlencoded form as the Web SDK's XHR transport sends it, whose
// object-valued fields hold JSON text and whose scalars are all strings. The emulator's own decoding: it shares
// nothing with the client's parsers.
import BNCCore

/// How a form's string value becomes the JSON type an endpoint's field has.
enum FormType {
    /// A JSON object or array carried as text (`data`, `user_data`, `content_items`, ...).
    case json
    /// `true`/`false` (or `1`/`0`) to a boolean.
    case bool
    /// A decimal integer or number to a JSON number.
    case number
    /// A list of strings, one a pair: the Web SDK writes an array as the name repeated, so one element is one
    /// plain pair (`tags=sale`), and each value is text, never JSON.
    case list
}

extension Sandbox {
    /// The body's members. `form` names the fields whose form string is read as another JSON type; a field the
    /// form does not name stays a string, as a form has nothing else.
    func bodyObject(_ r: SandboxRequest, form types: [String: FormType] = [:]) throws -> JSONObject {
        let contentType = r.header("Content-Type")?.lowercased() ?? ""
        if contentType.hasPrefix("application/x-www-form-urlencoded") { return try formOrJSON(r, types: types) }
        return try jsonObject(r)
    }

    private func formOrJSON(_ r: SandboxRequest, types: [String: FormType]) throws -> JSONObject {
        let first = r.body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        // JSON text posted with a form Content-Type (`curl -d '{…}'`): read as JSON, with the lint jsonObject adds.
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return try jsonObject(r) }
        guard !r.body.isEmpty else { throw Rejection("Request body must be a JSON object or a form") }
        return try FormBody.decode(r.body, types: types)
    }
}

/// application/x-www-form-urlencoded, decoded: `a=1&b=x%20y`, `+` as a space, `k[]=v` and repeated keys as
/// arrays, each value as its field's FormType says.
enum FormBody {
    static func decode(_ bytes: [UInt8], types: [String: FormType]) throws -> JSONObject {
        var members: [(String, JSON)] = []
        var index: [String: Int] = [:]
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            var name = Percent.decode(String(decoding: parts[0], as: UTF8.self), plus: true)
            let text = parts.count > 1 ? Percent.decode(String(decoding: parts[1], as: UTF8.self), plus: true) : ""
            var isList = false
            if name.hasSuffix("[]") { name.removeLast(2); isList = true }
            guard !name.isEmpty else { throw Rejection("form field without a name") }
            if types[name] == .list { isList = true }
            let value = try convert(text, field: name, type: isList ? nil : types[name])
            if let i = index[name] {
                // A repeated name is a list, as form libraries read it.
                if case .array(var list) = members[i].1 { list.append(value); members[i].1 = .array(list) }
                else { members[i].1 = .array([members[i].1, value]) }
            } else {
                index[name] = members.count
                members.append((name, isList ? .array([value]) : value))
            }
        }
        guard !members.isEmpty else { throw Rejection("Request body must be a JSON object or a form") }
        return JSONObject(members)
    }

    private static func convert(_ text: String, field: String, type: FormType?) throws -> JSON {
        switch type {
        case nil, .list: return .string(text)
        case .json:
            guard let first = text.first, first == "{" || first == "[" else { return .string(text) }
            do { return try SandboxJSON.decode(text) } catch {
                throw Rejection("\(field) must be JSON text in a form body: \(error.description)")
            }
        case .bool:
            switch text.lowercased() {
            case "true", "1": return true
            case "false", "0": return false
            default: return .string(text)
            }
        case .number:
            if let n = Int64(text) { return .number(JSONNumber(n)) }
            if let d = Double(text), d.isFinite, text.allSatisfy({ "0123456789.-+eE".contains($0) }) { return .double(d) }
            return .string(text)
        }
    }
}
