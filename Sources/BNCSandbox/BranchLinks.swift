// The Deep Linking API (/v1/url: create, bulk, read, update, delete) and the links themselves: a GET of a
// link is a click, recorded with its IP and User-Agent and redirected to the platform's URL.
import BNCCore

extension Sandbox {
    /// Creation parameters Branch stores with a link (credentials and SDK bookkeeping are not part of it).
    static let linkParams = ["data", "channel", "feature", "campaign", "stage", "tags", "alias", "type", "duration", "identity",
                             "source", "analytics", "qr_code_settings", "domain"]
    /// Keys real clients send to /v1/url besides link parameters: credentials, and the session and device keys
    /// Branch's SDKs add to every request (Tests/Fixtures/sdk/*/link-create.json). Accepted and not stored.
    static let sdkExtras: Set<String> = [
        "branch_key", "app_id", "branch_secret", "sdk", "sdk_version", "randomized_device_token", "randomized_bundle_token",
        "device_fingerprint_id", "identity_id", "browser_fingerprint_id", "session_id", "metadata", "instrumentation",
        "retryNumber", "branch_sdk_request_timestamp", "branch_sdk_request_unique_id", "debug", "app_version", "os",
        "os_version", "hardware_id", "is_hardware_id_real", "hardware_id_type", "brand", "model", "screen_dpi",
        "screen_height", "screen_width", "wifi", "ui_mode", "local_ip", "country", "language", "environment",
        "user_agent", "connection_type", "cpu_type", "build", "locale", "device_carrier", "os_version_android",
        "google_advertising_id", "aaid", "lat_val", "idfa", "idfv", "ios_vendor_id", "ad_tracking_enabled",
        "advertising_ids", "plugin_name", "plugin_version", "identity", "developer_identity", "partner_data",
        "anon_id", "limit_ad_tracking", "is_referrable", "ios_extension", "mac_address", "unidentified_device", "dma_eea", "dma_ad_personalization",
        "dma_ad_user_data", "cpp_level", "link_click_id", "opted_in_status", "ignore_ua_string", "url",
        // Branch's Chrome extension (branch-chrome-extension home.js) asks for a Quick Link's Open Graph tags to
        // be fetched from its URL, as the dashboard does.
        "auto_fetch",
    ]
    /// The macOS SDK's `~` spellings of link properties no document spells so, and what the link gets instead.
    static let tildeProperties = ["~alias": "the link's path is random", "~duration": "the match window is the default",
                                  "~type": "the link is type 0"]
    /// The form types of /v1/url's fields, for the Web SDK's form bodies.
    static let linkForm: [String: FormType] = [
        "data": .json, "tags": .list, "analytics": .json, "qr_code_settings": .json, "metadata": .json,
        "instrumentation": .json, "type": .number, "duration": .number,
    ]
    /// The data keys Branch writes into a session's or a link's data; a creator may not set them.
    static let branchSetDataKeys: Set<String> = [
        "~id", "~creation_source", "~referring_link", "~marketing", "+clicked_branch_link", "+is_first_session",
        "+match_guaranteed", "+click_timestamp", "+url", "+referrer", "+non_branch_link", "+phone_number",
        "+via_features", "+rewrite_deeplink",
    ]
    /// First path segments that belong to the APIs, never to a link.
    static let reservedPrefixes = ["v1", "v2", "api", "serve", "_sandbox", "j", "e", "a", "c", "d"]

    func createLink(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try bodyObject(r, form: Self.linkForm)
        let key = try checkKey(body["branch_key"], appID: body["app_id"])
        let link = try makeLink(body, key: key)
        // iOS's Spotlight indexing (BranchSpotlightUrlRequest, channel "spotlight") reads spotlight_identifier too and
        // indexes the item under it; the app's open from Spotlight sends it back (BNCContentDiscoveryManager).
        if body["channel"]?.stringValue == "spotlight" {
            return .json(200, ["url": .string(link.url), "spotlight_identifier": .string(Self.spotlightPrefix + Self.withoutScheme(link.url))])
        }
        return .json(200, ["url": .string(link.url)])
    }

    /// What the iOS SDK takes for a Branch Spotlight identifier (BranchConstants.m): the prefix, then the link's host
    /// and path.
    static let spotlightPrefix = "io.branch.link.v1.url."

    /// A URL's query parameters, decoded (none without a `?`; a fragment is not part of it).
    static func query(of url: String) -> [(String, String)] {
        guard let q = url.firstIndex(of: "?") else { return [] }
        let end = url[q...].firstIndex(of: "#") ?? url.endIndex
        return SandboxRequest.splitTarget("/" + url[q..<end]).1
    }

    static func withoutScheme(_ url: String) -> String {
        url.firstRange(of: "://").map { String(url[$0.upperBound...]) } ?? url
    }

    func bulkCreate(_ r: SandboxRequest, key rawKey: String) throws -> SandboxResponse {
        let key = try checkKey(.string(Percent.decode(rawKey, plus: false)))
        if r.body.count > 250 * 1024 {
            throw Rejection("Bulk payload of \(r.body.count) bytes is over the 250KB limit; send it in smaller batches", status: 413)
        }
        if r.body.count > 100 * 1024 {
            lint("bulk payload of \(r.body.count) bytes: between the two documented caps (100 KB and 250 KB); keep batches under 100 KB")
        }
        let json: JSON
        do { json = try r.decodedBody() } catch { throw Rejection("Request body is not valid JSON: \(error.description)") }
        guard let items = json.arrayValue else { throw Rejection("Bulk body must be a JSON array of link objects") }
        var results: [JSON] = []
        for item in items {
            guard let object = item.objectValue else {
                results.append(["error": "each element must be a JSON object"])
                continue
            }
            if let k = object["branch_key"]?.stringValue, k != key {
                results.append(["error": .string("branch_key \(k) does not match the key in the path")])
                continue
            }
            do {
                let link = try makeLink(object, key: key)
                results.append(["url": .string(link.url)])
            } catch let rejection as Rejection {
                results.append(["error": .string(rejection.message)])
            }
        }
        bump("links_bulk_items", by: items.count)
        return .json(200, .array(results))
    }

    /// Validates creation parameters and stores the link (or returns the existing one for a repeated alias).
    func makeLink(_ rawBody: JSONObject, key: String) throws -> StoredLink {
        // Analytics labels may come `~`-prefixed at the top level: Branch's 2020 API docs show them so (the
        // labels' spelling in link data).
        var body = rawBody
        for label in ["channel", "feature", "campaign", "stage", "tags"] {
            if let v = rawBody["~" + label] {
                body["~" + label] = nil
                if body[label] == nil { body[label] = v }
            }
        }
        // Branch stores the link parameters and ignores other top-level keys: the SDKs' session and device keys
        // silently, anything else with a lint (custom keys belong in `data`). No document spells alias, duration
        // or type with `~`, and the macOS SDK 1.5.0, which sends them so (BranchLinkProperties.dictionary), doubts
        // it in its own comments ("Is this right?"): ignored, with a lint saying what the link gets instead.
        for field in body.keys where !Self.linkParams.contains(field) && !Self.sdkExtras.contains(field) {
            if let instead = Self.tildeProperties[field] {
                lint("\(field) is not a link parameter (Branch documents \(field.dropFirst())): ignored, so \(instead)")
            } else {
                lint("\(field) is not a link parameter: Branch ignores it (custom keys go in data)")
            }
        }
        var params = JSONObject()
        for field in Self.linkParams { if let v = body[field], !v.isNull { params[field] = v } }
        let data = try linkDataObject(params["data"])
        if params["data"] != nil { params["data"] = .object(data) }  // a JSON-string `data` is stored as the object
        for field in ["channel", "feature", "campaign", "stage", "identity", "source", "alias"] {
            if let v = params[field], v.stringValue == nil { throw Rejection("\(field) must be a string, got \(v.typeName)") }
        }
        if let tags = params["tags"], tags.arrayValue?.allSatisfy({ $0.stringValue != nil }) != true {
            throw Rejection("tags must be an array of strings")
        }
        // Beyond Int64 is a 400, never a silent default.
        var type = 0
        if let t = params["type"] { type = try linkType(t) }
        if type == 2 {
            guard quickLinksGranted(key) else {
                throw Rejection("You don't have access to this type. Please try again with type 0 (default) or 1.", status: 403)
            }
            // The dashboard lists a Quick Link by data.$marketing_title; the API takes one without (the Web SDK's
            // link() passes any type through).
        }
        // A Quick Link's QR code takes the QR Code API's settings, by the same rules (custom-qr-codes-via-api).
        if let q = params["qr_code_settings"] {
            _ = try qrSettings(q)
            if type != 2 { lint("qr_code_settings applies to Quick Links (type 2) only: Branch ignores it on type \(type)") }
        }
        var duration = 7200
        if let d = params["duration"] {
            guard let n = d.numberValue?.int64, d.numberValue?.isInteger == true, n >= 0 else {
                throw Rejection("duration must be a whole number of seconds")
            }
            duration = Int(n)
        }
        if let identity = params["identity"]?.stringValue, identity.count > 127 { throw Rejection("identity is longer than 127 characters") }

        // The Android SDK sends an unset alias as "" (LinkProperties): no alias.
        let alias = params["alias"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        let domain = linkDomain(of: key)
        if let alias {
            try checkAlias(alias)
            if let existing = store.links[storeKey(alias, domain: domain)] {
                guard existing.branchKey == key, existing.params == params else {
                    let host = config.baseURL.split(separator: "/").last.map(String.init) ?? config.baseURL
                    throw Rejection("Link alias conflict: \(host)/\(alias)", status: config.legacy409 ? 409 : 400)
                }
                bump("links_alias_repeated")
                return existing
            }
        }
        var code = alias ?? random.code()
        while alias == nil && store.links[storeKey(code, domain: domain)] != nil { code = random.code() }
        let link = StoredLink(id: random.branchID(), branchKey: key, code: storeKey(code, domain: domain), alias: alias,
                              url: "\(linkBase(domain))/\(code)",
                              params: params, data: data, type: type, duration: duration, createdAt: now)
        store.save(link: link)
        bump("links_created")
        return link
    }

    /// A link's `type`: 0, 1 or 2, or the names Branch's MCP server sends (`STANDARD`, `MARKETING`; its
    /// src/schemas/deep-link-params.ts), which are linted since the API documents integers.
    func linkType(_ t: JSON) throws -> Int {
        if let name = t.stringValue, let n = ["STANDARD": 0, "ONE_TIME": 1, "MARKETING": 2][name] {
            lint("type sent as the name \(name): Branch's API documents the integers 0, 1 and 2")
            return n
        }
        guard let n = t.numberValue?.int64, t.numberValue?.isInteger == true, [0, 1, 2].contains(n) else {
            throw Rejection("type must be 0 (default), 1 (one-time use) or 2 (marketing)")
        }
        return Int(n)
    }

    private func checkAlias(_ alias: String) throws {
        guard !alias.isEmpty, alias.count <= 128 else { throw Rejection("alias must be 1 to 128 characters") }
        guard alias.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./~".unicodeScalars.contains($0)) }),
              !alias.hasPrefix("/"), !alias.hasSuffix("/"), !alias.contains("//") else {
            throw Rejection("alias may hold letters, digits, - _ . ~ and inner slashes only")
        }
        let first = String(alias.split(separator: "/").first ?? "")
        if first.count == 1 && alias.contains("/") { throw Rejection("alias cannot start with a one-character path segment (/\(first)/)") }
        // A path under the APIs' first segments, or one of this sandbox's own GET routes, would never reach the link;
        // a bare alias such as `a` or `api` does not clash with them (Branch's links live on their own domain).
        if Self.reservedPrefixes.contains(first) && alias.contains("/") || ["serve", "_r", "_sandbox"].contains(alias) {
            throw Rejection("alias cannot start with /\(first), which the API uses")
        }
    }

    /// `data` is an object, or (as the web SDK and Branch's README send it) a JSON-encoded string.
    private func linkDataObject(_ value: JSON?) throws -> JSONObject {
        let data: JSONObject
        switch value {
        case nil, .null?: return [:]
        case .object(let o)?: data = o
        case .string(let s)?:
            guard case .object(let o)? = try? SandboxJSON.decode(s) else { throw Rejection("data must be a JSON object (or a string holding one)") }
            data = o
        case let v?: throw Rejection("data must be a JSON object, got \(v.typeName)")
        }
        // Keys Branch sets itself are refused from a creator, on create and update alike. Other `+` keys are the
        // creator's: the iOS SDK sends Spotlight's as +spotlight_* (BranchUniversalObject, Tests/Fixtures/sdk/ios).
        let restricted = data.keys.filter { Self.branchSetDataKeys.contains($0) }
        if !restricted.isEmpty { throw Rejection("restricted link data keys: \(restricted.joined(separator: ", "))") }
        return data
    }

    /// The payload an app receives: the link's data plus Branch's `~` analytics labels, then what a click
    /// appended to the link's URL (`appendedData`) over them.
    func linkData(_ link: StoredLink, appended: JSONObject = [:]) -> JSONObject {
        var data = link.data
        for label in ["channel", "feature", "campaign", "stage"] {
            if let v = link.params[label] { data["~" + label] = v }
        }
        if let tags = link.params["tags"] { data["~tags"] = tags }
        data["~id"] = .string(link.id)
        // 0: API; 6: dynamic (a long link, built without an API call; its ~id is 0).
        data["~creation_source"] = link.isLong ? 6 : 0
        data["~referring_link"] = .string(link.url)
        if link.type == 2 { data["~marketing"] = true }
        for (k, v) in appended { data[k] = v }
        return data
    }

    /// The link object GET /v1/url and PUT /v1/url answer with.
    private func linkObject(_ link: StoredLink) -> JSON {
        var o = JSONObject()
        for label in ["channel", "feature", "campaign", "stage", "tags"] { o[label] = link.params[label] ?? .null }
        var data = linkData(link)
        data["~referring_link"] = nil
        data["url"] = .string(link.url)
        data["+url"] = .string(link.url)
        data["$one_time_use"] = .bool(link.type == 1)
        o["data"] = .object(data)
        o["type"] = .int(link.type)
        o["alias"] = link.alias.map(JSON.string) ?? .null
        o["duration"] = .int(link.duration)
        return .object(o)
    }

    /// A stored link from any URL that points at it (this sandbox's host, or just its path).
    func linkFor(url: String) -> StoredLink? {
        let rest = Self.withoutScheme(url)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let host = String(rest[..<slash])
        let ownHost = config.baseURL.split(separator: "/").last.map(String.init) ?? ""
        let domain = hostDomain(host)
        // This machine by any of its names and on any port: a link made before a restart on another port (`--state`
        // with `--port 0`) is still this sandbox's, as a Branch link's host never changes.
        let name = Self.hostName(host)
        guard domain != nil || name == Self.hostName(ownHost) || Self.thisMachine.contains(name) else { return nil }
        var path = String(rest[rest.index(after: slash)...])
        if path.hasPrefix("a/") {
            // A long link: the same canonical form its click stored it under.
            if let hash = path.firstIndex(of: "#") { path = String(path[..<hash]) }
            let (p, query) = SandboxRequest.splitTarget("/" + path)
            return try? longLink(path: p, query: query)
        }
        if let q = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<q]) }
        return store.links[storeKey(Percent.decode(path, plus: false), domain: domain)]
    }

    /// Links restored from `--state` that a run on another port (or scheme) made: their URLs point at this run,
    /// where a click on them lands (each answer giving a link gives its URL). Not written back: a link is
    /// saved again only when it changes.
    func rebaseRestoredLinks() {
        for (key, link) in store.links {
            guard let scheme = link.url.firstRange(of: "://") else { continue }
            let rest = link.url[scheme.upperBound...]
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            let host = String(rest[..<slash])
            let domain = hostDomain(host)
            guard domain != nil || Self.thisMachine.contains(Self.hostName(host)) else { continue }
            let url = linkBase(domain) + rest[slash...]
            if url != link.url { store.links[key]?.url = url }
        }
    }

    /// The names a link made here may carry for its host: the loopback addresses, and the Android emulator's
    /// name for this machine (the certificate `--tls` makes covers the same).
    static let thisMachine: Set<String> = ["127.0.0.1", "localhost", "[::1]", "10.0.2.2"]

    /// A URL's host without its port, in lower case (`[::1]:8787` is `[::1]`).
    static func hostName(_ host: String) -> String {
        var h = Substring(host)
        if let colon = h.lastIndex(of: ":"), !h[colon...].contains("]") { h = h[..<colon] }
        return h.lowercased()
    }

    private func requireLink(_ r: SandboxRequest, key: String?) throws -> StoredLink {
        guard let url = r.queryValue("url"), !url.isEmpty else { throw Rejection("url query parameter is required") }
        guard let link = linkFor(url: url), key == nil || link.branchKey == key else {
            throw Rejection("The resource you were looking for could not be found.", status: 404)
        }
        return link
    }

    func readLink(_ r: SandboxRequest) throws -> SandboxResponse {
        let key = try checkKey(r.queryValue("branch_key").map(JSON.string))
        return .json(200, linkObject(try requireLink(r, key: key)))
    }

    /// Fields a PUT may change; `alias` and `type` may only be repeated as they are.
    static let updatable = ["channel", "feature", "campaign", "stage", "tags", "duration", "data", "analytics", "qr_code_settings"]

    /// PUT /v1/url?url=…: Branch's documented flow is "GET the link, change a key, PUT it back", so the answer of a
    /// GET is accepted whole: read-only fields (`alias`, `type`, and the keys Branch sets in `data`: `~id`, `+url`,
    /// `url`, `~creation_source`, `~referring_link`, `~marketing`) may be repeated unchanged, and a change of any of
    /// them is refused. Analytics labels may come at the top level or as `~label` keys of `data`; the top level wins.
    func updateLink(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try bodyObject(r, form: Self.linkForm)
        let key = try checkKey(body["branch_key"])
        try checkSecret(body["branch_secret"], key: key)
        var link = try requireLink(r, key: key)
        for field in body.keys where !["branch_key", "branch_secret", "alias", "type"].contains(field) && !Self.updatable.contains(field) {
            if Self.sdkExtras.contains(field) { continue }
            throw Rejection("\(field) cannot be updated")
        }
        if let alias = body["alias"], alias != (link.alias.map(JSON.string) ?? .null) {
            throw Rejection("alias cannot be updated")
        }
        if let t = body["type"], try linkType(t) != link.type {
            throw Rejection("type cannot be changed (it is \(link.type)); create a new link instead")
        }
        // Branch's MCP server adds the link's own URL to the body (src/apis/quick-links.ts).
        if let url = body["url"], url.stringValue.flatMap(linkFor(url:))?.code != link.code {
            throw Rejection("url cannot be updated")
        }
        // Branch replaces what is sent, `data` included, wholesale: keys not resent are gone.
        for field in ["channel", "feature", "campaign", "stage", "tags", "analytics", "qr_code_settings"] {
            if let v = body[field] { link.params[field] = v.isNull ? JSON?.none : v }
        }
        if let d = body["data"] {
            var object: JSONObject
            switch d {
            case .object(let o): object = o
            case .null: object = [:]
            case .string(let s):
                guard case .object(let o)? = try? SandboxJSON.decode(s) else { throw Rejection("data must be a JSON object (or a string holding one)") }
                object = o
            default: throw Rejection("data must be a JSON object, got \(d.typeName)")
            }
            let current = linkData(link)
            for (field, value) in object {
                switch field {
                case "~id", "~creation_source", "~marketing", "~referring_link", "+url", "url":
                    // What a GET answered, sent back: fine unchanged, refused when changed.
                    let mine: JSON? = field == "+url" || field == "url" || field == "~referring_link" ? .string(link.url) : current[field]
                    guard let mine, Self.sameValue(mine, value) else {
                        throw Rejection("data.\(field) is set by Branch and cannot be changed")
                    }
                    object[field] = nil
                case "$one_time_use" where value == .bool(link.type == 1):
                    object[field] = nil  // GET adds it from the link's type
                case "~channel", "~feature", "~campaign", "~stage", "~tags":
                    let label = String(field.dropFirst())
                    if body[label] == nil, !value.isNull { link.params[label] = value }
                    object[field] = nil
                default: break
                }
            }
            link.data = try linkDataObject(.object(object))
            link.params["data"] = .object(link.data)
        }
        if let d = body["duration"] {
            guard d.numberValue?.isInteger == true, let n = d.numberValue?.int64, n >= 0 else {
                throw Rejection("duration must be a whole number of seconds")
            }
            link.duration = Int(n)
            link.params["duration"] = d
        }
        for label in ["channel", "feature", "campaign", "stage", "identity", "source"] {
            if let v = link.params[label], v.stringValue == nil { throw Rejection("\(label) must be a string, got \(v.typeName)") }
        }
        if let tags = link.params["tags"], tags.arrayValue?.allSatisfy({ $0.stringValue != nil }) != true {
            throw Rejection("tags must be an array of strings")
        }
        store.save(link: link)
        bump("links_updated")
        return .json(200, linkObject(link))
    }

    /// Equal JSON values, where a number and its decimal string are the same (a GET's `~id` read back by a client
    /// that keeps ids as strings, or as numbers).
    static func sameValue(_ a: JSON, _ b: JSON) -> Bool {
        if a == b { return true }
        let text: (JSON) -> String? = { $0.stringValue ?? $0.numberValue?.literal }
        return text(a) != nil && text(a) == text(b)
    }

    /// DELETE /v1/url?url=…&app_id=… with an `Access-Token` header. Branch documents one failure shape for its
    /// credentials, 400 "Authentication failed !" (help.branch.io deleteexistingdeeplink), and tells a missing
    /// header, a wrong token and a missing app id apart nowhere: the sandbox answers all three with it and says
    /// which it was in X-Sandbox-Lint. The superseded form (branch_key and branch_secret in the body, Branch's
    /// 2020 docs) is accepted with a lint.
    func deleteLink(_ r: SandboxRequest) throws -> SandboxResponse {
        var allowedKey: String?
        if let token = r.header("Access-Token"), !token.isEmpty {
            guard let appID = r.queryValue("app_id"), KeyFormat.isDigits(appID) else {
                lint("app_id query parameter is required: the numeric Branch app id")
                throw Rejection("Authentication failed !")
            }
            if let keys = config.keys {
                guard let entry = keys.first(where: { $0.accessToken == token && $0.appID == appID }) else {
                    lint("Access-Token and app_id are not a pair this sandbox was given (--keys)")
                    throw Rejection("Authentication failed !")
                }
                allowedKey = entry.branchKey
            }
        } else if !r.body.isEmpty, let body = try? bodyObject(r), body["branch_secret"] != nil {
            let key = try checkKey(body["branch_key"])
            try checkSecret(body["branch_secret"], key: key)
            lint("branch_key and branch_secret in a DELETE body is the superseded form: send Access-Token and app_id")
            allowedKey = key
        } else {
            lint("Access-Token header is required (an API key with App-Level and Sensitive Data permissions)")
            throw Rejection("Authentication failed !")
        }
        let link = try requireLink(r, key: allowedKey)
        store.links[link.code] = nil
        store.persist("link", link.code, nil)
        bump("links_deleted")
        return .json(200, ["url": .string(link.url), "deleted": true])
    }

    // MARK: clicks

    /// A link opened in a browser. `counts` is false for HEAD: a crawler's or a checker's look is not a click.
    func click(_ r: SandboxRequest, link known: StoredLink? = nil, counts: Bool = true) -> SandboxResponse {
        let domain = r.header("Host").flatMap(hostDomain)
        guard let link = known ?? store.links[storeKey(String(r.path.dropFirst()), domain: domain)] else {
            return .branchError(404, "The resource you were looking for could not be found.")
        }
        let appended = appendedData(r.query, to: link)
        if r.queryValue("debug") == "1" {
            var o = JSONObject()
            o["url"] = .string(link.url)
            o["data"] = .object(linkData(link, appended: appended))
            return .json(200, .object(o))
        }
        // Whose click: a server reporting a click for a device names its IP in X-IP-Override or device_ip= and its
        // browser in user_agent= (Branch's server-to-server click guide, Universal Ads advanced); a proxy in
        // X-Forwarded-For; else the connection's own address and User-Agent, as a browser's click.
        let named = [r.header("X-IP-Override"), r.queryValue("device_ip")].compactMap { $0 }.first(where: SandboxIP.isValid)
        let ip = named ?? proxiedIP(r)
        let ua = r.queryValue("user_agent").flatMap { $0.isEmpty ? nil : $0 } ?? r.header("User-Agent") ?? ""
        if Self.isPreviewRobot(r, userAgent: ua) { return preview(link, appended: appended, ip: ip, userAgent: ua, head: !counts) }
        let target = redirect(for: link, appended: appended, userAgent: ua)
        guard counts else {
            return SandboxResponse(status: target == nil ? 200 : 302, headers: target.map { [("Location", $0)] } ?? [], body: [])
        }
        let click = recordClick(link, ip: ip, userAgent: ua, referrer: r.header("Referer"), appended: appended)
        var headers: [(String, String)] = [("X-Branch-Link-Click-Id", click.id), ("Cache-Control", "no-store")]
        if var target {
            // A browser sent to the web (not an app store): the click id rides along as _branch_match_id, which the
            // Web SDK reads from the page's URL as its link_identifier (src/6_branch.js).
            if !Self.isAppPlatform(ua), target.hasPrefix("http://") || target.hasPrefix("https://") {
                let fragment = target.firstIndex(of: "#").map { String(target[$0...]) } ?? ""
                if !fragment.isEmpty { target = String(target.dropLast(fragment.count)) }
                target += (target.contains("?") ? "&" : "?") + "_branch_match_id=" + click.id + fragment
            }
            headers.append(("Location", target))
            return SandboxResponse(status: 302, headers: headers, body: [])
        }
        let html = "<!doctype html><title>bnc-sandbox link</title><p>bnc-sandbox: click \(click.id) recorded for \(link.url); the link sets no redirect for this platform.</p>\n"
        return SandboxResponse(status: 200, headers: headers + [("Content-Type", "text/html; charset=utf-8")], body: Array(html.utf8))
    }

    private func recordClick(_ stored: StoredLink, ip: String, userAgent: String, referrer: String? = nil, appended: JSONObject = [:]) -> Click {
        var link = stored
        link.clicks += 1
        store.save(link: link)
        var click = Click(id: random.branchID(), code: link.code, ip: ip, userAgent: userAgent, time: now)
        click.referrer = referrer
        click.appended = appended
        store.save(click: click)
        bump("clicks")
        // The export row: the click, its link's data (with what the click appended) as the touch data.
        var cells = touchCells(linkData(link, appended: appended), type: "CLICK", time: now)
        cells["user_data_ip"] = ip
        cells["user_data_user_agent"] = userAgent
        cells["last_attributed_touch_type"] = nil
        recordExport("eo_click", key: link.branchKey, name: "CLICK", cells: cells)
        return click
    }

    /// The parameters a short link's URL carries, as link data for this click: Branch's "dynamic" short link
    /// (`https://example.app.link/fzmLEhobLD?content_id=123`, its deep-linking reference), how ad links add
    /// `~channel`, `~campaign` and `$3p`, and how a redirect such as `$fallback_url` is changed for one placement.
    /// Not data: the sandbox's own `debug`, a server-side click's `device_ip` and `user_agent`, the Web SDK's
    /// `_branch_match_id`, and the keys Branch writes itself (`+clicked_branch_link`, `~id`, …: linted). At most
    /// `maxAppended` parameters, names up to 128 bytes and values up to 4 KiB; the rest is linted and left out.
    /// None for a long link, whose query is the link itself.
    func appendedData(_ query: [(String, String)], to link: StoredLink) -> JSONObject {
        if link.isLong { return [:] }
        var data = JSONObject()
        for (name, value) in query where !Self.clickParameters.contains(name) {
            if Self.branchSetDataKeys.contains(name) {
                lint("\(name) appended to a link is Branch's to set: left out of the click's data")
            } else if data.count >= Self.maxAppended {
                lint("more than \(Self.maxAppended) parameters appended to a link: the rest are left out of the click's data")
                break
            } else if name.isEmpty || name.utf8.count > 128 || value.utf8.count > 4096 {
                lint("an appended link parameter's name must be 1 to 128 bytes and its value at most 4096: \(JSON.string(String(name.prefix(40))).serialized()) left out")
            } else {
                data[name] = .string(value)
            }
        }
        return data
    }

    static let maxAppended = 64
    /// A click URL's parameters that are not link data.
    private static let clickParameters: Set<String> = ["debug", "device_ip", "user_agent", "_branch_match_id"]

    /// An iOS or Android browser: sent to the app's store or URL, not to a web page.
    static func isAppPlatform(_ ua: String) -> Bool {
        let lower = ua.lowercased()
        return ["iphone", "ipod", "ipad", "android"].contains { lower.contains($0) }
    }

    /// The platform URL a browser with this User-Agent is sent to (a redirect appended to the click's URL first).
    private func redirect(for link: StoredLink, appended: JSONObject = [:], userAgent ua: String) -> String? {
        func url(_ key: String) -> String? {
            guard let value = (appended[key] ?? link.data[key])?.stringValue, !value.isEmpty else { return nil }
            return Self.isHeaderSafe(value) ? value : nil
        }
        let lower = ua.lowercased()
        if lower.contains("ipad"), let u = url("$ipad_url") ?? url("$ios_url") { return u }
        if lower.contains("iphone") || lower.contains("ipod") || lower.contains("ipad") { return url("$ios_url") ?? url("$fallback_url") }
        if lower.contains("android") { return url("$android_url") ?? url("$fallback_url") }
        return url("$desktop_url") ?? url("$fallback_url")
    }

    /// A value that may go into a response header (Location): no control character, so no CR/LF that would end
    /// the header (NIO then drops the connection after the click was recorded: QA round 25b), and at most 8 KiB.
    /// A redirect that is not one is left out: the click answers the sandbox's page (or the next platform URL).
    static func isHeaderSafe(_ value: String) -> Bool {
        value.utf8.count <= 8192 && !hasControl(value)
    }

    /// POST /_sandbox/click {url, ip, user_agent}: a click for scripts, as if a browser had followed the link.
    func controlClick(_ r: SandboxRequest) -> SandboxResponse {
        guard case .object(let body)? = try? r.decodedBody() else {
            return .branchError(400, "body must be a JSON object {url, ip, user_agent}")
        }
        guard let url = body["url"]?.stringValue, let link = linkFor(url: url) else {
            return .branchError(404, "url is not a link of this sandbox")
        }
        let appended = appendedData(Self.query(of: url), to: link)
        guard let ip = body["ip"]?.stringValue, SandboxIP.isValid(ip) else {
            return .branchError(400, "ip must be an IPv4 or IPv6 address")
        }
        let ua = body["user_agent"]?.stringValue ?? ""
        let click = recordClick(link, ip: ip, userAgent: ua, appended: appended)
        var out: JSONObject = ["click_id": .string(click.id), "link": .string(link.url)]
        out["redirect"] = redirect(for: link, appended: appended, userAgent: ua).map(JSON.string) ?? .null
        return .json(200, .object(out))
    }

    /// Quick Links (type 2) need the account's access: a --keys entry with "quick_links": true, or
    /// POST /_sandbox/grant.
    func quickLinksGranted(_ key: String) -> Bool {
        grantedQuickLinks.contains(key) || config.keys?.contains { $0.branchKey == key && $0.quickLinks } == true
    }

    /// The link domain an app's links live under (nil: the sandbox's shared one).
    func linkDomain(of key: String) -> String? { config.keys?.first { $0.branchKey == key }?.linkDomain }

    /// A configured link domain named by a Host header or URL host (`app2.localhost:8787`).
    /// Its alternate domain (`shoes-alternate.localhost`) names the same app's links, as Branch's
    /// `example-alternate.app.link` does.
    func hostDomain(_ host: String) -> String? {
        let name = String(host.split(separator: ":").first ?? "").lowercased()
        if config.keys?.contains(where: { $0.linkDomain == name }) == true { return name }
        guard let dot = name.firstIndex(of: "."), name[..<dot].hasSuffix(Self.alternateSuffix) else { return nil }
        let primary = String(name[..<dot].dropLast(Self.alternateSuffix.count)) + name[dot...]
        return config.keys?.contains { $0.linkDomain == primary } == true ? primary : nil
    }

    static let alternateSuffix = "-alternate"

    /// The alternate link domain Branch gives every app (`example.app.link` -> `example-alternate.app.link`,
    /// read-only in the App settings): the first label with `-alternate`, port kept. The shared domain, an IP
    /// address, becomes `sandbox-alternate.localhost` (RFC 6761: *.localhost is this machine), which reaches the
    /// shared links as any host that names no app's domain does.
    static func alternateDomain(_ domain: String) -> String {
        let host = domain.hasPrefix("[") ? String(domain.prefix { $0 != "]" }) + "]" : String(domain.prefix { $0 != ":" })
        let port = domain.dropFirst(host.count)
        guard let dot = host.firstIndex(of: "."), !host.hasPrefix("["), !host.allSatisfy({ $0.isNumber || $0 == "." }) else {
            return "sandbox" + alternateSuffix + ".localhost" + port
        }
        return host[..<dot] + alternateSuffix + host[dot...] + port
    }

    /// Links are stored per domain: the shared domain by code alone (as always), an app's own domain as
    /// `domain|code` (`|` is never in an alias), so two apps may each own the same alias.
    func storeKey(_ code: String, domain: String?) -> String { domain.map { "\($0)|\(code)" } ?? code }

    /// `http://DOMAIN:PORT` for an app's own domain, the sandbox's base URL otherwise.
    func linkBase(_ domain: String?) -> String {
        guard let domain else { return config.baseURL }
        let port = config.baseURL.split(separator: ":").last.map(String.init) ?? "80"
        return "http://\(domain):\(port)"
    }
}
