// --explain's lines, one format for every tool: `body.os = "iOS" ← --os; canonical case (ios → iOS)` for a body
// field, `header X-IP-Override = 203.0.113.7 ← --ip` for a header, values redacted as in every rendering.

/// The lines `--explain` prints on stderr.
public enum Explanation {
    /// One body field: its dotted path, its value (redacted), where it came from and the rule that changed it.
    public static func field(_ path: String, _ value: JSON, from origin: String, rule: String? = nil, redactor: Redactor) -> String {
        "body.\(path) = \(redactor.redact(value).serialized()) ← \(origin)" + (rule.map { "; \($0)" } ?? "")
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
