// Keeps secrets out of every rendering: --dry-run, --curl, -v traces, errors and logs.
// Two nets: known secret values are replaced wherever they appear, and fields or headers whose names mark
// them as secret are masked even when bnc never saw the value before (a body passed with --body).

/// Masks secrets in requests and text, unless the user asked to see them (`--show-secrets`).
public struct Redactor: Sendable {
    public static let placeholder = "<redacted>"

    /// JSON members masked at any depth: the credential table's secrets plus those of the API tables a tool
    /// names (the field specs marked `secret`).
    public let secretFields: Set<String>
    /// Headers that carry credentials.
    public static let secretHeaders: Set<String> = ["access-token", "authorization", "proxy-authorization", "cookie"]

    public let showSecrets: Bool
    /// Secret values, longest first so that one secret inside another is masked whole.
    private var values: [String]

    /// Names that mark a secret wherever they appear (a JSON member, a query or form parameter, an echoed
    /// header), whatever table a tool names: credentials, the headers that carry them, AdServices tokens.
    public static let alwaysSecret: Set<String> = [
        "branch_secret", "access_token", "access-token", "authorization", "proxy-authorization", "apple_attribution_token",
        "api_key", "apikey", "x-api-key", "client_secret", "password", "attribution_token", "conversion_key",
        // A signed download URL's credentials (S3's, as the Data APIs' files are served).
        "x-amz-signature", "x-amz-credential", "x-amz-security-token",
    ]

    public init(secrets: [Secret], secretFields: Set<String> = CredentialFields.table.secretNames, showSecrets: Bool = false) {
        self.showSecrets = showSecrets
        self.secretFields = Set(secretFields.map { $0.lowercased() }).union(Self.alwaysSecret)
        self.values = Array(Set(secrets.map(\.exposed).filter { $0.count >= 4 })).sorted { $0.count > $1.count }
    }

    /// The same redactor, masking these values too.
    public func adding(_ secrets: [Secret]) -> Redactor {
        var r = self
        r.values = Array(Set(values + secrets.map(\.exposed).filter { $0.count >= 4 })).sorted { $0.count > $1.count }
        return r
    }

    /// A redactor that masks nothing extra (for `--show-secrets`).
    public static let none = Redactor(secrets: [], showSecrets: true)

    /// The text with every known secret value replaced, and with the secrets a URL may carry masked even when
    /// their value is unknown: a password in its user info (`https://u:pw@host`) and query parameters named as
    /// secret fields (`?branch_secret=...`).
    public func redact(_ text: String) -> String {
        guard !showSecrets else { return text }
        var out = text
        for v in values where out.contains(v) {
            out = out.replacing(v, with: Self.placeholder)
        }
        if out.contains("@") { out = Self.maskUserInfo(out) }
        if out.contains("=") { out = maskSecretParameters(out) }
        if out.contains("\"") { out = maskSecretMembers(out) }
        return out
    }

    /// `"branch_secret": "abc"` -> `"branch_secret": "<redacted>"` in JSON text that is not parsed (a -v trace of
    /// an answer, a logged body), for every secret field name.
    func maskSecretMembers(_ text: String) -> String {
        var out = text
        for name in secretFields where Self.range(ignoringASCIICaseOf: "\"" + name + "\"", in: Substring(out)) != nil {
            var result = ""
            var rest = Substring(out)
            while let r = Self.range(ignoringASCIICaseOf: "\"" + name + "\"", in: rest) {
                result += rest[..<r.upperBound]
                rest = rest[r.upperBound...]
                // Optional white space, a colon, white space, then a string value.
                var i = rest.startIndex
                while i < rest.endIndex, rest[i] == " " || rest[i] == "\t" { i = rest.index(after: i) }
                guard i < rest.endIndex, rest[i] == ":" else { continue }
                i = rest.index(after: i)
                while i < rest.endIndex, rest[i] == " " || rest[i] == "\t" { i = rest.index(after: i) }
                guard i < rest.endIndex, rest[i] == "\"" else { continue }
                var j = rest.index(after: i)
                var escaped = false
                while j < rest.endIndex {
                    if escaped { escaped = false } else if rest[j] == "\\" { escaped = true } else if rest[j] == "\"" { break }
                    j = rest.index(after: j)
                }
                let value = rest[rest.index(after: i)..<j]
                result += rest[..<rest.index(after: i)]
                result += value == Self.placeholder ? value : Substring(Self.placeholder)
                rest = rest[j...]
            }
            out = result + rest
        }
        return out
    }

    /// `scheme://user:password@` -> `scheme://user:<redacted>@`.
    public static func maskUserInfo(_ text: String) -> String {
        text.replacing(/(?<head>[A-Za-z][A-Za-z0-9+.\-]*:\/\/[^\/@\s:]*:)[^@\/\s]+@/) { match in
            "\(match.output.head)\(placeholder)@"
        }
    }

    /// `branch_secret=abc&` -> `branch_secret=<redacted>&`, for every secret field name, in queries and forms.
    func maskSecretParameters(_ text: String) -> String {
        var out = text
        let lower = text.lowercased()
        for name in secretFields where lower.contains(name + "=") {
            var result = ""
            var rest = Substring(out)
            while let r = Self.range(ignoringASCIICaseOf: name + "=", in: rest) {
                // Only a whole parameter name: at the start, or after ?, & or a space.
                let before = r.lowerBound == rest.startIndex ? nil : rest[rest.index(before: r.lowerBound)]
                result += rest[..<r.upperBound]
                rest = rest[r.upperBound...]
                guard before == nil || before == "?" || before == "&" || before == " " || before == ";" else { continue }
                let end = rest.firstIndex { $0 == "&" || $0 == " " || $0 == "#" || $0 == "\"" || $0 == "'" || $0.isNewline } ?? rest.endIndex
                if end != rest.startIndex { result += Self.placeholder }
                rest = rest[end...]
            }
            out = result + rest
        }
        return out
    }

    /// Where `needle` (ASCII, lower case) first occurs in `text`, ignoring the case of ASCII letters.
    static func range(ignoringASCIICaseOf needle: String, in text: Substring) -> Range<String.Index>? {
        let n = Array(needle.utf8), u = text.utf8
        guard !n.isEmpty else { return nil }
        var i = u.startIndex
        while i != u.endIndex {
            var j = i, k = 0
            while k < n.count, j != u.endIndex {
                let b = u[j]
                guard ASCII.lower(b) == n[k] else { break }
                k += 1
                u.formIndex(after: &j)
            }
            if k == n.count { return i..<j }
            u.formIndex(after: &i)
        }
        return nil
    }

    public func redact(_ json: JSON) -> JSON {
        guard !showSecrets else { return json }
        return redacted(json) ?? json
    }

    /// The value with its secrets masked, or nil when it has none: every answer of a batch passes here, and
    /// most have nothing to mask, so nothing is rebuilt unless something changes.
    private func redacted(_ json: JSON) -> JSON? {
        switch json {
        case .string(let s):
            let r = redact(s)
            return r == s ? nil : .string(r)
        case .array(let items):
            var out: [JSON]?
            for (i, item) in items.enumerated() {
                let r = redacted(item)
                if out == nil, r != nil { out = Array(items.prefix(i)) }
                out?.append(r ?? item)
            }
            return out.map(JSON.array)
        case .object(let object):
            var out: JSONObject?
            for (n, (k, v)) in object.enumerated() {
                var r: JSON?
                if case .string(let s) = v, isSecretField(k) {
                    r = s == Self.placeholder ? nil : .string(Self.placeholder)
                } else {
                    r = redacted(v)
                }
                if out == nil, r != nil { out = JSONObject(firstMembersOf: object, count: n) }
                out?[k] = r ?? v
            }
            return out.map(JSON.object)
        default: return nil
        }
    }

    /// A member name marked secret, whatever its case (ASCII names compared in place; others lowercased as before).
    private func isSecretField(_ name: String) -> Bool {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            return secretFields.contains { ASCII.equalIgnoringCase($0.utf8, name.utf8) }
        }
        return secretFields.contains(name.lowercased())
    }

    public func redact(_ request: HTTPRequest) -> HTTPRequest {
        guard !showSecrets else { return request }
        if !request.secrets.isEmpty {
            var plain = request
            plain.secrets = []
            return adding(request.secrets).redact(plain)
        }
        var r = request
        r.url = redact(request.url)
        var headers = HTTPHeaders()
        for (name, value) in request.headers {
            headers.add(name, Self.secretHeaders.contains(name.lowercased()) ? Self.placeholder : redact(value))
        }
        r.headers = headers
        switch request.body {
        case .json(let j)?: r.body = .json(redact(j))
        case .text(let t)?: r.body = .text(redact(t))
        case nil: break
        }
        return r
    }

    /// One header's value, masked by the header's name and by value (a recording, an explanation).
    public func redactHeaderValue(_ name: String, _ value: String) -> String {
        String(redactHeaderLine("\(name): \(value)").dropFirst(name.count + 2))
    }

    /// One header line of a trace (`Access-Token: abc`), masked by name and by value.
    public func redactHeaderLine(_ line: String) -> String {
        guard !showSecrets else { return line }
        if let colon = line.firstIndex(of: ":"),
           Self.secretHeaders.contains(String(line[..<colon]).trimmingWhitespace().lowercased()) {
            return String(line[...colon]) + " " + Self.placeholder
        }
        return redact(line)
    }
}
