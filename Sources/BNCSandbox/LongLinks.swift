// Long links (branch-api-facts §4.8): `/a/BRANCH_KEY?channel=…&$deeplink_path=…&tags=a&tags=b&data=BASE64`, built
// without an API call. A click makes one a stored (dynamic) link keyed by its parameters, so a later open from
// the same IP and browser is attributed to it exactly like a short link.
import BNCCore
import FoundationEssentials

extension Sandbox {
    /// The analytics labels a long link may carry, plain or `~`-prefixed.
    private static let labels = ["channel", "feature", "campaign", "stage"]
    /// Parameters that shape the link rather than its data.
    private static let linkOnly: Set<String> = ["type", "duration", "alias", "source", "branch_key", "sdk"]

    /// The stored link a long link's path and decoded query items stand for (created on first use).
    func longLink(path: String, query: [(String, String)]) throws -> StoredLink {
        let key = String(path.dropFirst("/a/".count))
        _ = try checkKey(.string(key))
        let canonical = query.map { Self.escape($0.0) + "=" + Self.escape($0.1) }.joined(separator: "&")
        let code = "a/\(key)?\(canonical)"
        if let existing = store.links[code] { return existing }
        var params = JSONObject()
        var data = JSONObject()
        var tags: [JSON] = []
        var duration = 7200
        for (name, value) in query {
            let bare = name.hasPrefix("~") ? String(name.dropFirst()) : name
            if Self.labels.contains(bare) {
                params[bare] = .string(value)
            } else if bare == "tags" || bare == "tags[]" {
                tags.append(.string(value))
            } else if name == "data" {
                // The SDKs' fallback long link: base64 of the JSON data (URL-encoded by Android, raw by iOS).
                let text = value.replacing(" ", with: "+")
                guard let bytes = Data(base64Encoded: text), case .object(let o)? = try? SandboxJSON.decode(Array(bytes)) else {
                    throw Rejection("data must be base64 of a JSON object")
                }
                for (k, v) in o { data[k] = v }
            } else if name == "duration" {
                // Android's fallback long link always ends in duration=0 (ServerRequestCreateUrl.getLongUrl), and both
                // SDKs send a duration only when it is above 0: 0 (or no number) is the default window, not none.
                if let n = Int(value), n > 0 { duration = n }
            } else if !Self.linkOnly.contains(name) {
                data[name] = .string(value)
            }
        }
        if !tags.isEmpty { params["tags"] = .array(tags) }
        let link = StoredLink(id: "0", branchKey: key, code: code, alias: nil, url: "\(config.baseURL)/\(code)",
                              params: params, data: data, type: 0, duration: duration, createdAt: now)
        store.save(link: link)
        bump("long_links_seen")
        return link
    }

    /// Percent-escapes what would break the canonical `k=v&k=v` form.
    static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "%", "&", "=", "#", " ", "+": out += "%" + String(u.value, radix: 16, uppercase: true)
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
