// Where a session came from, read as the seed's in-app instructions describe: the URI or web URL that opened
// the app, and Google Play's install referrer.
import BNCCore

/// Reads where a session came from (the URL that opened the app, Google Play's install referrer) as body fields.
public enum LinkSources {
    /// `--opened-with URL`: a URI-scheme URL gives `link_identifier` (its link_click_id); a web URL is the
    /// Universal Link (iOS, with its gbraid) or App Link (Android).
    public static func openedWith(_ url: String, platform: Platform?) throws(BNCError) -> [(String, JSON)] {
        guard let colon = url.firstIndex(of: ":"), colon != url.startIndex else {
            throw BNCError.invalid("--opened-with", "must be a URL (myapp://open?link_click_id=… or https://…)")
        }
        let scheme = url[..<colon].lowercased()
        let query = queryItems(url)
        if scheme == "http" || scheme == "https" {
            var out: [(String, JSON)] = []
            switch platform {
            case .iOS?:
                out.append(("universal_link_url", .string(url)))
                if let gbraid = query.first(where: { $0.0 == "gbraid" })?.1 { out.append(("gbraid", .string(gbraid))) }
            case .android?:
                out.append(("android_app_link_url", .string(url)))
            case nil:
                throw BNCError.invalid("--opened-with", "needs --os to know whether a web URL is a Universal Link or an App Link")
            }
            return out
        }
        var out: [(String, JSON)] = [("external_intent_uri", .string(url))]
        if let id = query.first(where: { $0.0 == "link_click_id" })?.1, !id.isEmpty { out.append(("link_identifier", .string(id))) }
        return out
    }

    /// `--install-referrer STRING`: `link_click_id` and `google_search_install_referrer` in `=V` or `-V` form,
    /// `gclid` as referrer_gclid, the whole string as install_referrer_extras.
    public static func installReferrer(_ referrer: String) -> [(String, JSON)] {
        var out: [(String, JSON)] = [("install_referrer_extras", .string(referrer))]
        let decoded = HTTPURL.percentDecode(referrer)
        for part in decoded.split(separator: "&") {
            for (key, field) in [("link_click_id", "link_identifier"), ("google_search_install_referrer", "google_search_install_referrer"),
                                 ("gclid", "referrer_gclid")] {
                for separator in ["=", "-"] where part.hasPrefix(key + separator) {
                    let value = String(part.dropFirst(key.count + 1))
                    if !value.isEmpty { out.append((field, .string(value))) }
                }
            }
        }
        return out
    }

    static func queryItems(_ url: String) -> [(String, String)] {
        guard let q = url.firstIndex(of: "?") else { return [] }
        let rest = url[url.index(after: q)...].prefix { $0 != "#" }
        return rest.split(separator: "&").map { pair in
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (HTTPURL.percentDecode(String(kv[0])), kv.count > 1 ? HTTPURL.percentDecode(String(kv[1])) : "")
        }
    }
}
