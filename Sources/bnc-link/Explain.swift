// bnc-link create --explain: each field of the link's body, its value and where it came from (a label flag,
// --param, the --data file, --tag, the settings), on stderr.
import BNCCore
import BNCLink

enum LinkExplanation {
    static func lines(_ request: HTTPRequest, flags: LinkFlags, settings: Settings, redactor: Redactor, userAgent: String) -> [String] {
        guard case .json(.object(let sent))? = request.body else { return [] }
        let params = Set(flags.params.compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
        var lines: [String] = []
        func add(_ path: String, _ value: JSON, _ origin: String) {
            lines.append(Explanation.field(path, value, from: origin, redactor: redactor))
        }
        for (key, value) in sent {
            if key == "data", let members = value.objectValue {
                for (k, v) in members {
                    add("data.\(k)", v, params.contains(k) ? "--param \(k)" : flags.data.map { "--data \($0 == "-" ? "(stdin)" : $0)" } ?? "the link's data")
                }
            } else if let credential = settings.credentialOrigin(key) {
                add(key, value, credential)
            } else if params.contains(key) {
                add(key, value, "--param \(key)")
            } else {
                add(key, value, LinkFields.link[key]?.flag ?? (key == "tags" ? "--tag" : "the link"))
            }
        }
        return lines + Explanation.headers(request, tool: "bnc-link", userAgent: userAgent, redactor: redactor) { _ in "fixed for /v1/url" }
    }
}
