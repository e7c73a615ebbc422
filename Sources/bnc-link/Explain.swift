// bnc-link --explain: each field of the link's body (create, update), its value and where it came from (a label
// flag, --param, the --data file, --tag, the link as read for --merge, the settings), the query parameters and the
// headers (the access token's source for delete), on stderr.
import BNCCore
import BNCLink

enum LinkExplanation {
    /// create and update: `kept` are the data keys --merge kept from the link as read.
    static func lines(_ request: HTTPRequest, flags: LinkFlags, settings: Settings, kept: Set<String> = [],
                      redactor: Redactor, userAgent: String) -> [String] {
        let params = Set(flags.params.compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
        let file = flags.data.map { "--data \($0 == "-" ? "(stdin)" : $0)" }
        var lines: [String] = []
        func add(_ path: String, _ value: JSON, _ origin: String) {
            lines.append(Explanation.field(path, value, from: origin, redactor: redactor))
        }
        if case .json(.object(let sent))? = request.body {
            for (key, value) in sent {
                if key == "data", let members = value.objectValue {
                    for (k, v) in members {
                        add("data.\(k)", v, params.contains(k) ? "--param \(k)"
                            : kept.contains(k) ? "the link as read (--merge kept it)" : file ?? "the link's data")
                    }
                } else if key == "qr_code_settings", let members = value.objectValue {
                    for (k, v) in members { add("qr_code_settings.\(k)", v, LinkFields.qr[k]?.flag ?? "the link") }
                } else if let credential = settings.credentialOrigin(key) {
                    add(key, value, credential)
                } else if params.contains(key) {
                    add(key, value, "--param \(key)")
                } else {
                    add(key, value, LinkFields.link[key]?.flag ?? (key == "tags" ? "--tag" : "the link"))
                }
            }
        }
        return lines + common(request, settings: settings, appIDFromFlag: false, redactor: redactor, userAgent: userAgent)
    }

    /// The query (the link's URL, the app id) and the headers (the access token), shared by every command.
    static func common(_ request: HTTPRequest, settings: Settings, appIDFromFlag: Bool, redactor: Redactor, userAgent: String) -> [String] {
        Explanation.query(request, redactor: redactor) { name in
            switch name {
            case "url": "the argument"
            case "app_id" where appIDFromFlag: "--app-id"
            default: settings.credentialOrigin(name) ?? "the request"
            }
        } + Explanation.headers(request, tool: "bnc-link", userAgent: userAgent, redactor: redactor) { name in
            name.lowercased() == "access-token" ? settings.credentialOrigin("access_token") ?? "the settings" : "fixed for /v1/url"
        }
    }
}
