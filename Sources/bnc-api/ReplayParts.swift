// bnc-api --replay's helpers: a recorded URL put on the current base URL, and the redacted members of a body.
import BNCCore

extension HARReplay {
    /// An IP override in a recording passes --ip's check, as a typed -H X-IP-Override does (QA round 29b: any
    /// text was sent): the address as bnc writes it.
    static func checkedIP(_ text: String, field: String, where where_: String) throws(BNCError) -> String {
        do { return try IPAddress(text, field: field).text } catch { throw BNCError(.invalidData, "\(where_): \(error.message)") }
    }

    /// A JSON body's "ip" is the IP override, as --body's is: checked and sent as X-IP-Override (one that differs
    /// from the recorded header is refused).
    static func takeIP(_ object: inout JSONObject, into headers: inout HTTPHeaders, where where_: String) throws(BNCError) {
        guard let ip = object["ip"] else { return }
        guard let text = ip.stringValue else { throw BNCError(.invalidData, "\(where_): body ip must be a string (an IP address)") }
        let address = try checkedIP(text, field: "body ip", where: where_)
        if let given = headers["X-IP-Override"], given != address {
            throw BNCError(.invalidData, "\(where_): body ip \(address) differs from its X-IP-Override header \(given)")
        }
        headers["X-IP-Override"] = address
        object["ip"] = nil
    }

    /// The recorded URL's path and query on `base` (Branch's, the sandbox, a proxy). A path that already starts
    /// with the base's own path (recorded through the same proxy prefix) is not given it twice.
    static func rebase(_ url: String, on base: String, where where_: String) throws(BNCError) -> String {
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), let scheme = url.firstRange(of: "://") else {
            throw BNCError(.invalidData, "\(where_): \(url) is not an http or https URL")
        }
        let rest = url[scheme.upperBound...]
        let path = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        // The base's origin and its own path (`http://host:8080/prefix` -> `/prefix`).
        var origin = trimmed, basePath = ""
        if let s = trimmed.firstRange(of: "://"), let slash = trimmed[s.upperBound...].firstIndex(of: "/") {
            origin = String(trimmed[..<slash])
            basePath = String(trimmed[slash...])
        }
        if !basePath.isEmpty, path == basePath || path.hasPrefix(basePath + "/") || path.hasPrefix(basePath + "?") { return origin + path }
        return trimmed + path
    }

    /// The first member (dotted path) whose value holds the redaction placeholder.
    static func redactedField(_ json: JSON, path: String = "") -> String? {
        switch json {
        case .string(let s): return s.contains(Redactor.placeholder) ? (path.isEmpty ? "(the body)" : path) : nil
        case .object(let o):
            for (k, v) in o { if let found = redactedField(v, path: path.isEmpty ? k : path + "." + k) { return found } }
        case .array(let a):
            for (i, v) in a.enumerated() { if let found = redactedField(v, path: "\(path)[\(i)]") { return found } }
        default: break
        }
        return nil
    }
}
