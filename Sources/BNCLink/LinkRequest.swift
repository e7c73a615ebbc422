// Building and checking Deep Linking API requests: create, bulk (chunked under the payload cap), read, update
// (with a merge, since Branch replaces `data` wholesale), delete, and long links built offline. Pure values.
import BNCCore
#if canImport(Glibc)
import Glibc
#endif

/// What a caller knows of one link: bnc-link's flags.
public struct LinkInput: Sendable {
    /// The link's own fields the flags set (`channel`, `tags`, `type` ...), by name, in the table's order.
    public var fields: [(String, JSON)] = []
    /// `--data FILE`: the data object to start from.
    public var data: JSONObject = [:]
    /// `--param KEY=VALUE`, typed by the control-param table, applied over `data`.
    public var params: [(String, String)] = []

    public init() {}
}

/// Builds and checks Deep Linking API requests: create, bulk, read, update and delete.
public enum LinkRequest {
    /// The body (without credentials) from the flags.
    public static func body(_ input: LinkInput) throws(BNCError) -> JSONObject {
        var b = JSONObject(input.fields)
        var data = input.data
        for (key, raw) in input.params { data[key] = try typed(key, raw) }
        if !data.isEmpty { b["data"] = .object(data) }
        return b
    }

    /// A `--param` value in its declared type: booleans and integers from text, strings otherwise.
    static func typed(_ key: String, _ raw: String) throws(BNCError) -> JSON {
        switch (LinkFields.data[key] ?? LinkFields.countryVariant(key))?.type {
        case .boolean?:
            switch raw.lowercased() {
            case "true", "1": return true
            case "false", "0": return false
            default: throw BNCError.invalid("--param \(key)", "must be true or false (got \(raw))")
            }
        case .integer?:
            guard let n = JSONNumber(literal: raw.trimmingWhitespace()), n.isInteger else {
                throw BNCError.invalid("--param \(key)", "must be a whole number (got \(raw))")
            }
            return .number(n)
        case .strings?:
            return .array(raw.split(separator: "|").map { .string(String($0)) })
        default:
            return .string(raw)
        }
    }

    /// Checks a link body against the tables and Branch's rules; returns what is sent. Unknown `$` keys warn
    /// with a did-you-mean and are not sent; restricted keys are refused; other keys are the app's own data.
    public static func validate(_ body: JSONObject, warnings: Warnings) throws(BNCError) -> JSONObject {
        var b = try LinkFields.link.check(body, warnings: warnings)
        if let alias = b["alias"]?.stringValue { try checkAlias(alias) }
        if case .object(let raw)? = b["data"] {
            b["data"] = .object(try checkData(raw, warnings: warnings))
        }
        if case .object(let raw)? = b["analytics"] {
            b["analytics"] = .object(try LinkFields.analytics.check(raw, prefix: "analytics.", warnings: warnings))
        }
        if b["type"]?.numberValue?.int64 == 2, b["data"]?["$marketing_title"]?.stringValue?.isEmpty != false {
            throw BNCError.invalid("type", "2 (a Quick Link) needs data.$marketing_title (--param '$marketing_title=...')")
        }
        if case .object(let settings)? = b["qr_code_settings"] {
            // Branch draws a custom QR code for a Quick Link only (custom-qr-codes-via-api): elsewhere it is ignored.
            guard b["type"]?.numberValue?.int64 == 2 else {
                throw BNCError.invalid("qr_code_settings", "apply to Quick Links only: pass --type 2 (with $marketing_title), or use bnc-link qr")
            }
            b["qr_code_settings"] = .object(try checkQRSettings(settings, warnings: warnings))
        }
        return b
    }

    /// qr_code_settings by LinkFields.qr: ranges, colours, URLs; image_format in its documented spelling.
    public static func checkQRSettings(_ settings: JSONObject, warnings: Warnings) throws(BNCError) -> JSONObject {
        let checked = try LinkFields.qr.check(settings, prefix: "qr_code_settings.", warnings: warnings)
        // The code's colours against each other (the API's defaults where one is not given): one colour on itself
        // is a blank square, and too little contrast is a code cameras miss.
        func rgb(_ key: String, _ fallback: String) -> (Double, Double, Double)? {
            var hex = Array((checked[key]?.stringValue ?? fallback).utf8.dropFirst())
            if hex.count == 3 { hex = hex.flatMap { [$0, $0] } }
            guard hex.count == 6, let bytes = Hex.decode(String(decoding: hex, as: UTF8.self)) else { return nil }
            return (Double(bytes[0]), Double(bytes[1]), Double(bytes[2]))
        }
        guard let code = rgb("code_color", "#000000"), let background = rgb("background_color", "#FFFFFF") else { return checked }
        func luminance(_ c: (Double, Double, Double)) -> Double {
            func channel(_ v: Double) -> Double { let s = v / 255; return s <= 0.03928 ? s / 12.92 : Glibc.pow((s + 0.055) / 1.055, 2.4) }
            return 0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
        }
        let (a, b) = (luminance(code), luminance(background))
        let contrast = (max(a, b) + 0.05) / (min(a, b) + 0.05)
        if code == background {
            throw BNCError.invalid("qr_code_settings.code_color", "must differ from background_color (the API's default #000000 on #FFFFFF where one is not given): one colour on itself is a blank image")
        }
        if contrast < 3 {
            warnings.add("qr_code_settings: code_color on background_color has a contrast of \((contrast * 10).rounded() / 10):1; below 3:1 a code may not scan")
        }
        return checked
    }

    /// POST /v2/qr-code: the link's fields and data as for a link, and its qr_code_settings; the answer is the image.
    public static func qrCode(_ body: JSONObject, key: BranchKey, baseURL: String?, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        var link = body
        let settings = link["qr_code_settings"]
        link["qr_code_settings"] = nil
        var full: JSONObject = ["branch_key": .string(key.value)]
        for (k, v) in try validate(link, warnings: warnings) where k != "branch_key" { full[k] = v }
        switch settings {
        case nil, .null?: break
        case .object(let o)?: full["qr_code_settings"] = .object(try checkQRSettings(o, warnings: warnings))
        case let other?: throw BNCError.invalid("qr_code_settings", "must be an object, got \(other.typeName)")
        }
        return HTTPRequest(method: "POST", base: baseURL ?? Branch.defaultBaseURL, path: "/v2/qr-code",
                           headers: ["Accept": "image/*, application/json"], body: .json(.object(full)))
    }

    /// `data`: restricted keys refused, control params checked (per-country variants too), `$custom_meta_tags`
    /// a string holding a JSON object.
    public static func checkData(_ data: JSONObject, warnings: Warnings) throws(BNCError) -> JSONObject {
        var known = JSONObject()
        var out = JSONObject()
        for (key, value) in data {
            if LinkFields.isRestricted(key) {
                throw BNCError.invalid("data.\(key)", "is a restricted link data key: Branch sets it (+ keys, ~id, ~creation_source, ~referring_link, ~marketing)")
            }
            if let spec = LinkFields.countryVariant(key) {
                out[key] = try spec.check(value, at: "data.\(key)")
            } else if (key.hasPrefix("$") || key.hasPrefix("~")) && LinkFields.data[key] == nil {
                let guess = LinkFields.data.suggestion(for: key).map { " (did you mean data.\($0)?)" } ?? ""
                warnings.add("data.\(key) is not a link control parameter\(guess); not sent")
            } else {
                // A control parameter written without its `$` is custom data Branch never acts on.
                if !key.hasPrefix("$"), !key.hasPrefix("~"), LinkFields.data["$" + key] != nil {
                    warnings.add("data.\(key) is custom data, not a control parameter (did you mean data.$\(key)?); sent as given")
                }
                known[key] = value
            }
        }
        for (k, v) in try LinkFields.data.check(known, prefix: "data.", warnings: warnings) { out[k] = v }
        // A deep link path is the part after the app's URI scheme, which Branch puts before it ("no URI scheme",
        // the field's own help): `myapp://x` opened `myapp://myapp://x`.
        for key in ["$deeplink_path", "$ios_deeplink_path", "$android_deeplink_path", "$desktop_deeplink_path"] {
            if let path = out[key]?.stringValue, let scheme = path.firstRange(of: "://"), path[..<scheme.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) {
                warnings.add("data.\(key) takes an in-app path, not a URI with a scheme (got \(path.prefix(60))): Branch puts the app's scheme before it; sent as given")
            }
        }
        if let tags = out["$custom_meta_tags"]?.stringValue {
            guard case .object? = try? JSON.parse(tags) else {
                throw BNCError.invalid("data.$custom_meta_tags", "must be a JSON object as a string, e.g. '{\"twitter:player:stream\":\"https://...\"}'")
            }
        }
        return out
    }

    /// Branch's alias rules (§4.3): 1–128 characters, inner slashes allowed, no one-character first segment.
    static func checkAlias(_ alias: String) throws(BNCError) {
        guard !alias.isEmpty, !alias.hasPrefix("/"), !alias.hasSuffix("/"), !alias.contains("//"),
              alias.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./~".contains($0)) }) else {
            throw BNCError.invalid("alias", "may hold letters, digits, - _ . ~ and inner slashes only (got \(alias))")
        }
        // A "." or ".." segment is a path trick: a browser or proxy resolves it before Branch sees it, so the link
        // would answer at another path (or the domain's root).
        if alias.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) {
            throw BNCError.invalid("alias", "cannot be . or .. or hold them as a path segment (got \(alias))")
        }
        if let first = alias.split(separator: "/").first, first.count == 1, alias.contains("/") {
            throw BNCError.invalid("alias", "cannot start with a one-character path segment (/\(first)/): Branch reserves them")
        }
    }

    // MARK: requests

    public static func create(_ body: JSONObject, key: BranchKey, baseURL: String?, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        var full: JSONObject = ["branch_key": .string(key.value)]
        for (k, v) in try validate(body, warnings: warnings) where k != "branch_key" { full[k] = v }
        return HTTPRequest(method: "POST", base: baseURL ?? Branch.defaultBaseURL, path: "/v1/url",
                           headers: ["Accept": "application/json"], body: .json(.object(full)))
    }

    /// Bulk creation in chunks that stay under the smaller documented payload cap; each chunk keeps its items'
    /// input positions, so answers are matched to inputs by position within the chunk.
    /// Items that break a rule are left out, each with its error by input position (never sent).
    public static func bulk(_ items: [JSONObject], key: BranchKey, baseURL: String?, warnings: Warnings)
        -> (chunks: [(request: HTTPRequest, indices: [Int])], refused: [Int: String]) {
        var refused: [Int: String] = [:]
        var chunks: [(request: HTTPRequest, indices: [Int])] = []
        var current: [JSON] = []
        var indices: [Int] = []
        var size = 2
        func flush() {
            guard !current.isEmpty else { return }
            let path = "/v1/url/bulk/" + HTTPURL.percentEncode(key.value)
            chunks.append((HTTPRequest(method: "POST", base: baseURL ?? Branch.defaultBaseURL, path: path,
                                       headers: ["Accept": "application/json"], body: .json(.array(current))), indices))
            current = []
            indices = []
            size = 2
        }
        for (i, item) in items.enumerated() {
            let checked: JSON
            do {
                checked = .object(try validate(item, warnings: warnings))
            } catch {
                refused[i] = error.message
                continue
            }
            let bytes = checked.bytes.count + 1
            // An item no chunk can carry is refused here: sent alone it was over the cap, and Branch's 413 failed it.
            if 2 + bytes > LinkFields.bulkChunkBytes {
                refused[i] = "is \(bytes - 1) bytes of JSON, over the \(LinkFields.bulkChunkBytes / 1024) KB a bulk request carries (the API's cap is 100 KB): create it alone with bnc-link create"
                continue
            }
            if size + bytes > LinkFields.bulkChunkBytes { flush() }
            current.append(checked)
            indices.append(i)
            size += bytes
        }
        flush()
        return (chunks, refused)
    }

    public static func read(url: String, key: BranchKey, baseURL: String?) throws(BNCError) -> HTTPRequest {
        try checkLinkURL(url)
        return HTTPRequest(method: "GET", base: baseURL ?? Branch.defaultBaseURL, path: "/v1/url",
                           query: [("url", url), ("branch_key", key.value)], headers: ["Accept": "application/json"])
    }

    public static func update(url: String, body: JSONObject, key: BranchKey, secret: Secret, baseURL: String?,
                              warnings: Warnings) throws(BNCError) -> HTTPRequest {
        try checkLinkURL(url)
        // The fields the API documents as not updatable (the legacy README's PUT /v1/url list; facts §2.6).
        for field in ["alias", "identity", "type", "app_id", "identity_id", "domain", "state", "creation_source", "app_short_identifier"]
        where body[field] != nil {
            throw BNCError.invalid(field, "cannot be changed on an existing link")
        }
        var full: JSONObject = ["branch_key": .string(key.value), "branch_secret": .string(secret.exposed)]
        for (k, v) in try validate(body, warnings: warnings) { full[k] = v }
        return HTTPRequest(method: "PUT", base: baseURL ?? Branch.defaultBaseURL, path: "/v1/url", query: [("url", url)],
                           headers: ["Accept": "application/json"], body: .json(.object(full)))
    }

    /// A batch line's link (`"url"`, required) and the rest of it, the body.
    public static func splitURL(_ line: JSONObject) throws(BNCError) -> (url: String, body: JSONObject) {
        guard let given = line["url"], !given.isNull else { throw BNCError.invalid("url", "is required on every line (the link to act on)") }
        guard let url = given.stringValue else { throw BNCError.invalid("url", "must be a string (the link's URL), got \(given.typeName)") }
        var body = line
        body["url"] = nil
        return (url, body)
    }

    public static func delete(url: String, accessToken: Secret, appID: String, baseURL: String?) throws(BNCError) -> HTTPRequest {
        try checkLinkURL(url)
        guard Branch.isAppID(appID) else { throw BNCError.usage("--app-id", "must be the numeric Branch app id, a 64-bit integer") }
        return HTTPRequest(method: "DELETE", base: baseURL ?? Branch.defaultBaseURL, path: "/v1/url",
                           query: [("url", url), ("app_id", appID)],
                           headers: ["Accept": "application/json", "Access-Token": accessToken.exposed])
    }

    /// A short link's URL: http(s), a host, no user name or password (it went to Branch in the query), and a path
    /// naming the link (an alias or id: a bare domain, or a path past the longest alias, names none).
    static func checkLinkURL(_ url: String) throws(BNCError) {
        let shown = url.count > 120 ? String(url.prefix(120)) + "..." : url
        // The suite's one rule for a URL a field holds (FieldPattern.httpURL: no user name, no markup or spaces).
        guard FieldPattern.httpURL.matches(url), FieldSpec.forbiddenCharacter(in: url, multiline: false) == nil, let u = HTTPURL(url) else {
            throw BNCError.usage("URL", "must be a link's URL: \(FieldPattern.httpURL.description) (got \(shown))")
        }
        let path = u.path.drop { $0 == "/" }
        guard !path.isEmpty else { throw BNCError.usage("URL", "names no link: a short link's URL has its alias or id after the domain (got \(shown))") }
        guard path.utf8.count <= maxLinkPath else {
            throw BNCError.usage("URL", "has a path of \(path.utf8.count) bytes, past the \(maxLinkPath) a link's alias or id takes")
        }
    }

    /// The longest path a short link's URL has: an alias (at most 128 characters, each up to 12 bytes escaped),
    /// a domain's prefix, room to spare.
    static let maxLinkPath = 2048
}
