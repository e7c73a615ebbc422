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
        return try FormBody.decode(try r.form?.get() ?? FormBody.split(r.body), types: types)
    }
}

/// A form's pairs, split and percent-decoded, and its values that look like JSON decoded: the costly part of
/// reading a form, done before the Sandbox's lock (`SandboxRequest.decodeAhead`).
struct FormPairs: Sendable {
    var pairs: [(name: String, value: String, list: Bool)] = []
    /// By pair index, the JSON of each value that starts with `{` or `[` (a form field an endpoint reads as JSON:
    /// `data`, `user_data`, `custom_data`, ...).
    var json: [Int: Result<JSON, SandboxJSON.Invalid>] = [:]
}

/// application/x-www-form-urlencoded, decoded: `a=1&b=x%20y`, `+` as a space, `k[]=v` and repeated keys as
/// arrays, each value as its field's FormType says.
enum FormBody {
    /// The pairs of a form, at most `SandboxJSON.maxValues` of them: a JSON body's members were bounded, a form's
    /// were not (700,000 pairs were read in 12-15 s under the lock, holding every other client: QA round 31a).
    static func split(_ bytes: [UInt8]) throws(Rejection) -> FormPairs {
        var form = FormPairs()
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            guard form.pairs.count < SandboxJSON.maxValues else {
                throw Rejection("Request body is a form of more than \(SandboxJSON.maxValues) fields (the bound a JSON body's members and elements have)")
            }
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            var name = Percent.decode(String(decoding: parts[0], as: UTF8.self), plus: true)
            let text = parts.count > 1 ? Percent.decode(String(decoding: parts[1], as: UTF8.self), plus: true) : ""
            var isList = false
            if name.hasSuffix("[]") { name.removeLast(2); isList = true }
            if let first = text.utf8.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                form.json[form.pairs.count] = Result { () throws(SandboxJSON.Invalid) in try SandboxJSON.decode(text) }
            }
            form.pairs.append((name, text, isList))
        }
        return form
    }

    static func decode(_ form: FormPairs, types: [String: FormType]) throws -> JSONObject {
        var members: [(String, JSON)] = []
        var index: [String: Int] = [:]
        for (i, (name, text, list)) in form.pairs.enumerated() {
            var isList = list
            guard !name.isEmpty else { throw Rejection("form field without a name") }
            if types[name] == .list { isList = true }
            let value = try convert(text, field: name, type: isList ? nil : types[name], json: form.json[i])
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

    private static func convert(_ text: String, field: String, type: FormType?, json: Result<JSON, SandboxJSON.Invalid>?) throws -> JSON {
        switch type {
        case nil, .list: return .string(text)
        case .json:
            guard let first = text.first, first == "{" || first == "[" else { return .string(text) }
            let outcome = json ?? Result { () throws(SandboxJSON.Invalid) in try SandboxJSON.decode(text) }
            do throws(SandboxJSON.Invalid) { return try outcome.get() } catch {
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
