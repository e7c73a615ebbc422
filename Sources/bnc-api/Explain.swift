// bnc-api --explain: each body field, query parameter and header of the request with where it came from (-f,
// --body, -q, -H, --ip, the credentials' source), on stderr.
import BNCCore

enum APIExplanation {
    static let keyRule = "added to every request (--no-key leaves it out)"

    static func lines(_ request: HTTPRequest, spec: APIRequest, bodyFile: String?, settings: Settings, ipOrigin: String?,
                      redactor: Redactor, userAgent: String) -> [String] {
        let fieldNames = Set(spec.fields.map(\.0))
        let fileMembers = spec.body?.objectValue.map { Set($0.keys) } ?? []
        let file = bodyFile.map { "--body \($0 == "-" ? "(stdin)" : $0)" } ?? "--body"
        var lines: [String] = []
        if case .json(let body)? = request.body {
            if let object = body.objectValue {
                for (key, value) in object {
                    let origin = fieldNames.contains(key) ? "-f \(key)"
                        : fileMembers.contains(key) ? file
                        : settings.credentialOrigin(key).map { "\($0); " + (CredentialFields.table[key]?.secret == true ? "added by --with-secret" : Self.keyRule) }
                        ?? file
                    lines.append(Explanation.field(key, value, from: origin, redactor: redactor))
                }
            } else {
                lines.append("body = \(redactor.redact(body).serialized()) ← \(file)")
            }
        }
        let queryNames = Set(spec.query.compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
        lines += Explanation.query(request, redactor: redactor) { name in
            queryNames.contains(name) ? "-q \(name)" : settings.credentialOrigin(name).map { "\($0); " + Self.keyRule } ?? "the request"
        }
        let headerNames = Set(spec.headers.compactMap { $0.split(separator: ":", maxSplits: 1).first.map { String($0).trimmingWhitespace().lowercased() } })
        return lines + Explanation.headers(request, tool: "bnc-api", userAgent: userAgent, redactor: redactor) { name in
            if headerNames.contains(name.lowercased()) { return "-H" }
            switch name.lowercased() {
            case "access-token": return (settings.credentialOrigin("access_token") ?? "the settings") + " (--with-access-token)"
            case "x-ip-override": return ipOrigin ?? "the settings"
            default: return "bnc-api's default"
            }
        }
    }
}
