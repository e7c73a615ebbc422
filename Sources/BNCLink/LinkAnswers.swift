// Reading the Deep Linking API's answers and the rules users trip over: alias conflicts (409, or 400 "Link alias
// conflict"), Quick Link access (403), updates that would drop data keys, and long links built offline.
import BNCCore
import FoundationEssentials

/// Reads Deep Linking API answers and explains their errors; merges updates' data and builds long links offline.
public enum LinkAnswers {
    /// The `url` of a create answer.
    public static func url(_ response: HTTPResponse, redactor: Redactor) throws(BNCError) -> String {
        guard response.isSuccess else { throw error(response, redactor: redactor) }
        guard let url = response.json?.objectValue.flatMap(link(in:)) else {
            throw BNCError(.malformedResponse, noLink, requestID: response.requestID)
        }
        return url
    }

    /// An answer's `url` when it is a link (http or https): a number, an object or `javascript:` is none.
    public static func link(in answer: JSONObject) -> String? {
        guard let url = answer["url"]?.stringValue, HTTPURL(url) != nil else { return nil }
        return url
    }

    public static let noLink = "the answer holds no link url"

    /// Branch's error, explained where users need it.
    public static func error(_ response: HTTPResponse, redactor: Redactor) -> BNCError {
        var e = response.httpError(redactor: redactor)
        let message = response.json?["error"]?["message"]?.stringValue ?? ""
        if isAliasConflict(response) {
            e.hint = "an alias is idempotent only for identical parameters; this one is taken by a link with other parameters (any change counts: labels, control params, even $og_title)"
        } else if response.status == 403 && message.hasPrefix("You don't have access to this type") {
            e.hint = "type 2 (Quick Links) needs the account's Quick Links API access; create a type 0 link, or ask Branch for access"
        }
        return e
    }

    /// 409 (older docs), or 400 whose message starts "Link alias conflict" (current) — both mean the same.
    public static func isAliasConflict(_ response: HTTPResponse) -> Bool {
        response.status == 409 || (response.status == 400
            && response.json?["error"]?["message"]?.stringValue?.hasPrefix("Link alias conflict") == true)
    }

    /// What differs between an existing link (a GET answer) and the body that conflicted with it.
    public static func differences(existing: JSON, wanted: JSONObject) -> [String] {
        var out: [String] = []
        for label in ["channel", "feature", "campaign", "stage", "tags", "type"] where wanted[label] != nil {
            if existing[label] != wanted[label] { out.append(label) }
        }
        let have = existing["data"]?.objectValue ?? [:]
        for (k, v) in wanted["data"]?.objectValue ?? [:] where have[k] != v { out.append("data.\(k)") }
        for (k, _) in have where !k.hasPrefix("~") && !k.hasPrefix("+") && k != "url" && k != Self.oneTimeUse && wanted["data"]?[k] == nil {
            out.append("data.\(k) (not in this request)")
        }
        return out
    }

    /// What Branch adds to a link's data from its type when it is read back: never the creator's, so never a
    /// difference or a key an update would lose.
    static let oneTimeUse = "$one_time_use"

    /// The data a GET answer holds that its creator set (without what Branch adds: `~` read-backs, `+` keys, url,
    /// `$one_time_use`).
    public static func creatorData(_ link: JSON) -> JSONObject {
        var out = JSONObject()
        for (k, v) in link["data"]?.objectValue ?? [:] {
            if k.hasPrefix("+") || k == "url" || k == oneTimeUse || ["~id", "~creation_source", "~referring_link", "~marketing", "~channel", "~feature",
                                                  "~campaign", "~stage", "~tags"].contains(k) { continue }
            out[k] = v
        }
        return out
    }

    /// The body of a merging update: the link's current data with the changes over it (null removes a key).
    public static func merged(existing: JSON, changes: JSONObject) -> JSONObject {
        var body = changes
        var data = creatorData(existing)
        data.overlay(changes["data"]?.objectValue ?? [:])
        body["data"] = .object(data)
        return body
    }

    /// Keys an update would drop (Branch replaces `data` wholesale): set now, not resent.
    public static func droppedKeys(existing: JSON, changes: JSONObject) -> [String] {
        guard let sent = changes["data"]?.objectValue else { return [] }
        return creatorData(existing).keys.filter { sent[$0] == nil }
    }

    /// Query names a long link reads as its own (labels, tags, the SDKs' `data`): a data key named so would be
    /// read as one of them.
    static let longLinkNames: Set<String> = ["channel", "feature", "campaign", "stage", "tags", "duration", "alias", "type",
                                             "data", "sdk", "source", "identity"]

    /// A long link, built without any call (§4.8): `https://DOMAIN/a/KEY?...` with labels and tags repeated. Data
    /// whose values are all strings, under names a long link does not read as its own, goes as plain query keys
    /// (readable, as Branch's docs write long links); other data as `data=` Base64 of its JSON, as the SDKs'
    /// long links carry it (Web 1_utils.js generateDynamicBNCLink), so numbers, booleans, objects and a key named
    /// `channel` arrive as they were.
    public static func longLink(domain: String, key: BranchKey, body: JSONObject) -> String {
        var items: [(String, String)] = []
        for label in ["channel", "feature", "campaign", "stage"] {
            if let v = body[label]?.stringValue { items.append((label, v)) }
        }
        for tag in body["tags"]?.arrayValue ?? [] { if let t = tag.stringValue { items.append(("tags", t)) } }
        if let d = body["duration"]?.numberValue { items.append(("duration", d.literal)) }
        let data = body["data"]?.objectValue ?? [:]
        let plain = data.allSatisfy { k, v in
            v.stringValue != nil && !longLinkNames.contains(k) && !longLinkNames.contains(String(k.drop { $0 == "~" }))
        }
        if plain {
            for (k, v) in data { items.append((k, v.stringValue!)) }
        } else {
            items.append(("data", Data(JSON.object(data).bytes).base64EncodedString()))
        }
        let host = domain.hasPrefix("http://") || domain.hasPrefix("https://") ? domain : "https://" + domain
        let query = items.map { "\(HTTPURL.percentEncode($0.0))=\(HTTPURL.percentEncode($0.1))" }.joined(separator: "&")
        return host + "/a/" + HTTPURL.percentEncode(key.value) + (query.isEmpty ? "" : "?" + query)
    }
}
