// --explain's lines, one format for every tool: `body.os = "iOS" ← --os; canonical case (ios → iOS)` for a body
// field, `header X-IP-Override = 203.0.113.7 ← --ip` for a header, values redacted as in every rendering.

/// The lines `--explain` prints on stderr.
public enum Explanation {
    /// One body field: its dotted path, its value (redacted), where it came from and the rule that changed it.
    /// A value named as a secret (the path's last member: `data.access_token`) is masked whole, and so is the
    /// rule, which may quote the value it replaced.
    public static func field(_ path: String, _ value: JSON, from origin: String, rule: String? = nil, redactor: Redactor) -> String {
        let name = leaf(of: path)
        let shown = redactor.redact(value, named: name).serialized()
        let why = redactor.isSecret(name: name) ? rule.map { _ in "changed (the values are secrets)" } : rule.map(redactor.redact)
        return "body.\(path) = \(shown) ← \(origin)" + (why.map { "; \($0)" } ?? "")
    }

    /// A dotted path's last member name (`content_items[0].$sku` → `$sku`).
    static func leaf(of path: String) -> String {
        var name = path.split(separator: ".").last.map(String.init) ?? path
        if let bracket = name.firstIndex(of: "[") { name = String(name[..<bracket]) }
        return name
    }

    /// The request's query parameters, each with where it came from (values masked by name and by value).
    public static func query(_ request: HTTPRequest, redactor: Redactor, origin: (String) -> String) -> [String] {
        guard let query = HTTPURL(request.url)?.query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = HTTPURL.percentDecode(String(parts[0]))
            let value = parts.count > 1 ? HTTPURL.percentDecode(String(parts[1])) : ""
            let shown = redactor.redact(JSON.object([name: .string(value)])).objectValue?[name]?.stringValue ?? value
            return "query \(name) = \(shown) ← \(origin(name))"
        }
    }

    /// The request's headers, the tool's own User-Agent first, each with where it came from.
    public static func headers(_ request: HTTPRequest, tool: String, userAgent: String, redactor: Redactor,
                               origin: (String) -> String) -> [String] {
        ["header User-Agent = \(userAgent) ← \(tool)'s own"]
            + request.headers.map { "header \($0.name) = \(redactor.redactHeaderValue($0.name, $0.value)) ← \(origin($0.name))" }
    }
}
