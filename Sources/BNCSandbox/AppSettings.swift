// The App API (GET and PUT /v1/app/{branch_key}): an app's settings, kept per key in the sandbox's state, read
// with the key and secret, changed by the documented settings only (help.branch.io/apidocs/app,
// apidocs/updatebranchappconfig). Branch sets some fields itself; a PUT that tries to change one is refused.
import BNCCore
#if canImport(Glibc)
import Glibc
#endif

extension Sandbox {
    enum SettingType { case string(max: Int?), email, flag(ClosedRange<Int>), boolean, strings, object }

    /// The settings a PUT may change, with their types (the reference's PUT table; 0/1 flags, booleans, strings).
    static let appSettings: [String: SettingType] = [
        "app_name": .string(max: 255), "dev_name": .string(max: 255), "dev_email": .email,
        "always_open_app": .flag(0...1), "android_app": .flag(0...2), "ios_app": .flag(0...2),
        "android_url": .string(max: nil), "android_uri_scheme": .string(max: nil), "android_package_name": .string(max: nil),
        "sha256_cert_fingerprints": .strings, "android_app_links_enabled": .boolean, "android_cd_enabled": .boolean,
        "android_cd_hashed": .string(max: nil), "android_tablet_url": .string(max: nil), "auto_fetch": .boolean,
        "deepview_configs": .object, "default_short_url_domain": .string(max: nil),
        "ios_url": .string(max: nil), "ios_uri_scheme": .string(max: nil), "ios_store_country": .string(max: 255),
        "ios_bundle_id": .string(max: nil), "ios_team_id": .string(max: nil), "universal_linking_enabled": .boolean,
        "web_url": .string(max: nil), "default_desktop_url": .string(max: nil), "text_message": .string(max: 255),
        "og_app_id": .string(max: 255), "og_title": .string(max: 255), "og_description": .string(max: 255),
        "og_image_url": .string(max: 255), "fire_url": .string(max: nil), "windows_phone_url": .string(max: nil),
        "blackberry_url": .string(max: nil), "deepview_desktop": .string(max: nil), "deepview_ios": .string(max: nil),
        "deepview_android": .string(max: nil),
    ]
    /// What Branch sets and a PUT cannot change: the credentials, the app's id, its creation date and domains.
    static let readOnlyAppSettings: Set<String> = ["branch_key", "creation_date", "id", "app_id", "short_url_domain", "alternate_short_url_domain"]

    /// GET /v1/app/{key}?branch_secret= and PUT /v1/app/{key}.
    func app(_ r: SandboxRequest, key rawKey: String) throws -> SandboxResponse {
        let key = try checkKey(.string(Percent.decode(rawKey, plus: false)))
        switch r.method {
        case "GET":
            let secret = r.query.first { $0.0 == "branch_secret" }.map { JSON.string($0.1) }
            try checkSecret(secret, key: key)
            var settings = appSettings(key)
            settings["branch_secret"] = secret
            return .json(200, .object(settings))
        case "PUT":
            let body = try jsonObject(r)
            try checkSecret(body["branch_secret"], key: key)
            var settings = appSettings(key)
            guard body["dev_email"]?.stringValue?.isEmpty == false else { throw Rejection("dev_email is required") }
            for (name, value) in body where name != "branch_secret" {
                if Self.readOnlyAppSettings.contains(name) {
                    guard value == settings[name] else { throw Rejection("\(name) cannot be changed") }
                    continue
                }
                guard let type = Self.appSettings[name] else {
                    lint("\(name) is not a documented app setting: Branch ignores it")
                    continue
                }
                try checkSetting(name, value, type)
                // "True"/"False" (the reference's string form) is kept as the boolean it means: the association
                // files read a boolean (a string was stored, and the AASA stayed 404).
                if case .boolean = type, let s = value.stringValue { settings[name] = .bool(s.lowercased() == "true") } else { settings[name] = value }
            }
            store.save(app: settings, key: key)
            bump("apps_updated")
            settings["branch_secret"] = body["branch_secret"]
            return .json(200, .object(settings))
        default:
            return .branchError(405, "Method \(r.method) is not allowed on /v1/app/{branch_key}")
        }
    }

    private func checkSetting(_ name: String, _ value: JSON, _ type: SettingType) throws {
        switch type {
        case .string(let max):
            guard let s = value.stringValue else { throw Rejection("\(name) must be a string, got \(value.typeName)") }
            if s.count > max ?? 4096 { throw Rejection("\(name) must be at most \(max ?? 4096) characters") }
            if Sandbox.hasControl(s) {
                throw Rejection("\(name) must not contain control characters")
            }
            // The identifiers the association files are built from (QA round 25b): Apple's 10-character team id,
            // a bundle id or Android package of letters, digits, dots, hyphens and underscores.
            func identifier(_ c: Unicode.Scalar) -> Bool { c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "._-".unicodeScalars.contains(c)) }
            if name == "ios_team_id", !s.isEmpty, !(s.count == 10 && s.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })) {
                throw Rejection("ios_team_id must be Apple's 10-character team id (letters and digits)")
            }
            if ["ios_bundle_id", "android_package_name"].contains(name), !s.isEmpty, !(s.count <= 155 && s.unicodeScalars.allSatisfy(identifier)) {
                throw Rejection("\(name) must be at most 155 letters, digits, dots, hyphens and underscores")
            }
        case .email:
            // The reference's pattern: ^([a-zA-Z0-9_\-\.]+)@([a-zA-Z0-9_\-\.]+)\.([a-zA-Z]{2,5})$
            guard let s = value.stringValue, s.count <= 255, Self.isDocumentedEmail(s) else {
                throw Rejection("\(name) must be an e-mail address (at most 255 characters)")
            }
        case .flag(let range):
            guard let n = value.numberValue?.int64, value.numberValue?.isInteger == true, range.contains(Int(n)) else {
                throw Rejection("\(name) must be \(range.map(String.init).joined(separator: " or "))")
            }
        case .boolean:
            // The reference shows both true/false and "True"/"False".
            if value.boolValue == nil {
                guard let s = value.stringValue, ["true", "false"].contains(s.lowercased()) else { throw Rejection("\(name) must be true or false") }
                lint("\(name) sent as the string \(s): send a JSON boolean")
            }
        case .strings:
            guard let items = value.arrayValue, items.count <= 20, items.allSatisfy({ $0.stringValue != nil }) else {
                throw Rejection("\(name) must be an array of at most 20 strings")
            }
            // A SHA-256 certificate fingerprint: 32 bytes as hex pairs joined by colons (assetlinks.json's form).
            if name == "sha256_cert_fingerprints" {
                for item in items.compactMap(\.stringValue) {
                    let pairs = item.split(separator: ":", omittingEmptySubsequences: false)
                    guard pairs.count == 32, pairs.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) else {
                        throw Rejection("sha256_cert_fingerprints: each is 32 hex pairs joined by colons (AB:CD:...)")
                    }
                }
            }
        case .object:
            guard value.objectValue != nil else { throw Rejection("\(name) must be an object") }
        }
    }

    /// `2026-11-24T20:15:00.000Z`, as the legacy App API's creation_date reads.
    static func iso8601(_ seconds: Double) -> String {
        var t = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).000Z"
    }

    static func isDocumentedEmail(_ s: String) -> Bool {
        func part(_ p: Substring) -> Bool { !p.isEmpty && p.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)) } }
        let at = s.split(separator: "@", omittingEmptySubsequences: false)
        guard at.count == 2, part(at[0]), let dot = at[1].lastIndex(of: ".") else { return false }
        let tld = at[1][at[1].index(after: dot)...]
        return part(at[1][..<dot]) && (2...5).contains(tld.count) && tld.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
    }

    /// What GET /v1/app-link-settings/{key} answers: the app's linking settings, without its owner's contact.
    static let appLinkSettings = ["branch_key", "short_url_domain", "default_short_url_domain", "alternate_short_url_domain",
                                  "always_open_app", "android_app", "android_url", "android_uri_scheme", "android_package_name",
                                  "sha256_cert_fingerprints", "android_app_links_enabled", "ios_app", "ios_url", "ios_uri_scheme",
                                  "ios_store_country", "ios_bundle_id", "ios_team_id", "universal_linking_enabled", "web_url",
                                  "default_desktop_url"]

    /// GET /v1/app-link-settings/{key}: the SDKs' integration validators (iOS Branch+Validator.m; Android
    /// validators/*Check.java) read the app's URI schemes, bundle or package, team id and link domains, with the
    /// key alone, from the App settings this sandbox keeps (what PUT /v1/app/{key} set). Both SDKs send it to
    /// Branch's own host whatever API URL the app gave them; a proxy or bnc-api reaches it here.
    func appLinkSettings(_ r: SandboxRequest, key rawKey: String) throws -> SandboxResponse {
        guard r.method == "GET" else { return .branchError(405, "Method \(r.method) is not allowed on /v1/app-link-settings/{branch_key}") }
        let key = try checkKey(.string(Percent.decode(rawKey, plus: false)))
        if let sent = r.queryValue("branch_key"), sent != key {
            throw Rejection("branch_key \(sent) does not match the key in the path")
        }
        let settings = appSettings(key)
        bump("app_link_settings")
        var answer = JSONObject()
        for name in Self.appLinkSettings { answer[name] = settings[name] }
        return .json(200, .object(answer))
    }

    /// The apps whose links live on the request's host: an app's own link domain (--keys "link_domain"), else
    /// the apps that share the sandbox's; only those whose settings were read or set (the rest have none yet).
    private func appsOnHost(_ r: SandboxRequest) -> [JSONObject] {
        let domain = r.header("Host").flatMap(hostDomain)
        return store.apps.sorted { $0.key < $1.key }.filter { linkDomain(of: $0.key) == domain }.map(\.value)
    }

    /// GET /.well-known/apple-app-site-association (and /apple-app-site-association) on a link domain: what Branch
    /// hosts there for iOS (and branch_io_cli's and fastlane's validators read): each app of the domain with
    /// universal links enabled and its team and bundle ids set, in Apple's `applinks.details[].appID` form. None:
    /// 404, as a domain with no associated app has no file.
    func appleAppSiteAssociation(_ r: SandboxRequest) -> SandboxResponse {
        let details: [JSON] = appsOnHost(r).compactMap { app in
            guard app["universal_linking_enabled"]?.boolValue == true, let team = app["ios_team_id"]?.stringValue, !team.isEmpty,
                  let bundle = app["ios_bundle_id"]?.stringValue, !bundle.isEmpty else { return nil }
            return ["appID": .string(team + "." + bundle), "paths": ["*"]]
        }
        if details.isEmpty { return .branchError(404, "no app of this domain has universal links enabled (PUT /v1/app: ios_team_id, ios_bundle_id, universal_linking_enabled)") }
        bump("apple_app_site_association")
        return .json(200, ["applinks": ["apps": [], "details": .array(details)]])
    }

    /// GET /.well-known/assetlinks.json on a link domain: Android App Links' Digital Asset Links statement for each
    /// app of the domain with App Links enabled, its package and certificate fingerprints set. None: 404.
    func assetLinks(_ r: SandboxRequest) -> SandboxResponse {
        let statements: [JSON] = appsOnHost(r).compactMap { app in
            guard app["android_app_links_enabled"]?.boolValue == true, let package = app["android_package_name"]?.stringValue, !package.isEmpty,
                  let prints = app["sha256_cert_fingerprints"]?.arrayValue, !prints.isEmpty else { return nil }
            return ["relation": ["delegate_permission/common.handle_all_urls"],
                    "target": ["namespace": "android_app", "package_name": .string(package), "sha256_cert_fingerprints": .array(prints)]]
        }
        if statements.isEmpty { return .branchError(404, "no app of this domain has App Links enabled (PUT /v1/app: android_package_name, sha256_cert_fingerprints, android_app_links_enabled)") }
        bump("asset_links")
        return .json(200, .array(statements))
    }

    /// The app's settings: kept, or made on first read from its key (a name, a contact, its link domain).
    func appSettings(_ key: String) -> JSONObject {
        if let kept = store.apps[key] { return kept }
        // The secret is not kept: an answer carries the one the request was authenticated with.
        let entry = config.keys?.first { $0.branchKey == key }
        let domain = linkBase(linkDomain(of: key)).split(separator: "/").last.map(String.init) ?? "sandbox.localhost"
        let settings: JSONObject = [
            "branch_key": .string(key),
            "id": .string(entry?.appID ?? "100000000000000001"), "creation_date": .string(Self.iso8601(now)),
            "app_name": "Sandbox app", "dev_name": "Sandbox developer", "dev_email": "dev@example.com",
            "always_open_app": 1, "android_app": 0, "ios_app": 0, "android_url": "", "android_uri_scheme": "",
            "android_package_name": "", "sha256_cert_fingerprints": .array([]), "android_app_links_enabled": false,
            "ios_url": "", "ios_uri_scheme": "", "ios_store_country": "US", "ios_bundle_id": "", "ios_team_id": "",
            "universal_linking_enabled": false, "web_url": "", "default_desktop_url": "", "text_message": "",
            "og_app_id": "", "og_title": "", "og_description": "", "og_image_url": "",
            "short_url_domain": .string(domain), "default_short_url_domain": .string(domain),
            "alternate_short_url_domain": .string(Self.alternateDomain(domain)),
        ]
        store.save(app: settings, key: key)
        return settings
    }
}
