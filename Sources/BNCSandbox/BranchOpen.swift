// POST /v1/open as the server-to-server seed describes it: its required fields and per-OS rules, sessions
// counted as INSTALL/REINSTALL/OPEN, randomized tokens, deferred deep linking and the two rate rules.
import BNCCore

extension Sandbox {
    private enum Kind { case string, bool, int, object, stringOrNumber }

    /// Types of the fields the seed documents (and SDK extras the fact sheet lists). Others pass unchecked.
    private static let openFieldTypes: [String: Kind] = [
        "branch_key": .string, "branch_secret": .string, "server_to_server": .bool, "app_version": .string, "os": .string,
        "os_version": .stringOrNumber, "user_agent": .string, "model": .string, "hardware_id": .string,
        "hardware_id_type": .string, "ios_vendor_id": .string, "google_advertising_id": .string, "advertising_ids": .object,
        "is_hardware_id_real": .bool, "ad_tracking_enabled": .bool, "local_ip": .string, "screen_height": .int,
        "screen_width": .int, "screen_dpi": .int, "link_identifier": .string, "universal_link_url": .string,
        "android_app_link_url": .string, "facebook_app_link_checked": .bool, "install_referrer_extras": .string,
        "google_search_install_referrer": .string, "clicked_referrer_ts": .int, "install_begin_ts": .int,
        "apple_attribution_token": .string, "search_ad_encoded": .string, "first_session": .bool,
        "server_to_server_identity": .bool, "randomized_bundle_token": .string, "identity": .string,
        "tracking_disabled": .bool, "disable_ad_network_callouts": .bool, "local_url": .string, "referrer_gclid": .string,
        "gbraid": .string, "custom_param_1": .string, "custom_param_2": .string, "custom_param_3": .string,
        "brand": .string, "country": .string, "language": .string, "locale": .string, "carrier": .string,
        "connection_type": .string, "external_intent_uri": .string,
    ]
    private static let iosOnly = ["hardware_id_type", "ios_vendor_id", "apple_attribution_token", "search_ad_encoded", "gbraid", "universal_link_url"]
    private static let androidOnly = ["google_advertising_id", "advertising_ids", "install_referrer_extras", "google_search_install_referrer",
                                      "clicked_referrer_ts", "install_begin_ts", "referrer_gclid", "android_app_link_url"]
    private static let installOnly = ["install_referrer_extras", "google_search_install_referrer", "clicked_referrer_ts", "install_begin_ts", "search_ad_encoded"]

    func open(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try jsonObject(r)
        let key = try checkKey(body["branch_key"])
        try checkSecret(body["branch_secret"], key: key)
        let ip = try ipOverride(r, required: true)!

        for (field, kind) in Self.openFieldTypes {
            guard let value = body[field], !value.isNull else { continue }
            let ok: Bool
            switch kind {
            case .string: ok = value.stringValue != nil
            case .bool: ok = value.boolValue != nil
            case .int: ok = value.numberValue?.isInteger == true
            case .object: ok = value.objectValue != nil
            case .stringOrNumber: ok = value.stringValue != nil || value.numberValue != nil
            }
            if !ok { throw Rejection("\(field) must be a \(Self.describe(kind)), got \(value.typeName)") }
        }
        guard body["server_to_server"]?.boolValue == true else { throw Rejection("server_to_server is required and must be true") }
        for field in ["app_version", "os", "user_agent", "model"] {
            guard let s = body[field]?.stringValue, !s.trimmingWhitespace().isEmpty else { throw Rejection("\(field) is required") }
        }
        let osVersion = body["os_version"]?.stringValue ?? body["os_version"]?.numberValue?.literal
        guard let osVersion, !osVersion.trimmingWhitespace().isEmpty else {
            throw Rejection("os_version is required and cannot be blank (send \"NA\" when unknown)")
        }
        let os: String
        switch body["os"]!.stringValue!.lowercased() {
        case "ios": os = "iOS"
        case "android": os = "Android"
        default: throw Rejection("os only accepts iOS or Android (got \(body["os"]!.stringValue!))")
        }
        let forbidden = os == "iOS" ? Self.androidOnly : Self.iosOnly
        if let f = forbidden.first(where: { body[$0] != nil }) {
            throw Rejection("\(f) is \(os == "iOS" ? "Android" : "iOS") only and must not be sent with os \(os)")
        }
        guard let real = body["is_hardware_id_real"]?.boolValue else { throw Rejection("is_hardware_id_real is required") }
        let hardwareID = body["hardware_id"]?.stringValue
        if real && hardwareID == nil { throw Rejection("hardware_id is required when is_hardware_id_real is true") }
        if !real && hardwareID != nil { throw Rejection("hardware_id must be omitted when is_hardware_id_real is false") }
        if os == "iOS" {
            if hardwareID != nil {
                guard let type = body["hardware_id_type"]?.stringValue, type == "idfa" || type == "vendor_id" else {
                    throw Rejection("hardware_id_type must be idfa or vendor_id when hardware_id is sent on iOS")
                }
                if type == "vendor_id", let idfv = body["ios_vendor_id"]?.stringValue, idfv != hardwareID {
                    throw Rejection("hardware_id must equal ios_vendor_id when hardware_id_type is vendor_id")
                }
            } else if body["hardware_id_type"] != nil {
                throw Rejection("hardware_id_type must be omitted when hardware_id is not sent")
            }
        }
        if body["ad_tracking_enabled"]?.boolValue == false {
            // Production accepts it (the SDKs send it); the seed asks to omit the field under Limit Ad Tracking.
            lint("ad_tracking_enabled false: the S2S guide says to omit it when Limit Ad Tracking is on")
        }
        if body["first_session"]?.boolValue == false, let f = Self.installOnly.first(where: { body[$0] != nil }) {
            throw Rejection("\(f) is only sent with an app's first session")
        }
        if let identity = body["identity"]?.stringValue, identity.count > 127 {
            throw Rejection("identity is longer than 127 characters")
        }

        // The device, as Branch would recognise it: its ids, else its IP and browser.
        let userAgent = body["user_agent"]!.stringValue!
        let deviceID = hardwareID ?? body["ios_vendor_id"]?.stringValue ?? body["google_advertising_id"]?.stringValue
            ?? body["advertising_ids"]?["oaid"]?.stringValue ?? "fp:\(ip)|\(userAgent)"
        let deviceKey = "\(key)|\(deviceID)"
        let t = now
        // tracking_disabled: Branch answers but stores nothing of the session.
        let tracked = body["tracking_disabled"]?.boolValue != true
        var device = store.devices[deviceKey] ?? DeviceRecord(randomizedDeviceToken: random.branchID())
        if t - device.lastOpen < config.burstWindow {
            bump("open_rate_limited_429")
            let wait = Int((config.burstWindow - (t - device.lastOpen)).rounded(.up))
            return .branchError(429, "Too many requests for the same user in rapid succession; wait a few minutes or change the device metadata",
                                headers: [("Retry-After", String(max(1, wait)))])
        }

        // INSTALL, REINSTALL or OPEN.
        let seen = device.sessions > 0
        let firstSession = body["first_session"]?.boolValue
        let isFirstSession: Bool
        var isOpen = false
        switch (firstSession, seen) {
        case (true?, false), (nil, false): isFirstSession = true; bump("installs")
        case (true?, true): isFirstSession = false; bump("reinstalls")
        default: isFirstSession = false; isOpen = true; bump("opens")
        }
        device.sessions += 1
        device.lastOpen = t

        // Identity: a bundle token issued with server_to_server_identity, expected back afterwards.
        var bundleToken = body["randomized_bundle_token"]?.stringValue
        if body["server_to_server_identity"]?.boolValue == true {
            if let token = bundleToken {
                // Tokens are per app: another app's token is not this app's. An unknown one (a sandbox restarted
                // without --state, another app's) is answered normally, as production answers a token it lost.
                let known = device.bundleTokens.contains(token)
                    || store.devices.contains { $0.key.hasPrefix(key + "|") && $0.value.bundleTokens.contains(token) }
                if known {
                    bump("bundle_token_reused")
                } else {
                    lint("randomized_bundle_token \(token) was not issued to this app by this sandbox: answered, but identity does not carry over")
                    bump("bundle_token_unknown")
                }
            } else {
                if !device.bundleTokens.isEmpty { bump("bundle_token_missing_on_repeat") }
                let token = random.branchID()
                device.bundleTokens.append(token)
                bundleToken = token
                bump("bundle_token_issued")
            }
        }
        if tracked { store.save(device: device, id: deviceKey) } else { bump("opens_tracking_disabled") }

        var data = try attribution(body: body, key: key, ip: ip, userAgent: userAgent, os: os, isFirstSession: isFirstSession)
        data["+is_first_session"] = .bool(isFirstSession)
        let referred = data["+clicked_branch_link"]?.boolValue == true
        // The non-referred limit (once per IP in 4 h) counts OPENs: installs and reinstalls are always counted.
        if referred {
            bump("opens_referred")
        } else if !isOpen || !tracked {
            bump("sessions_non_referred")
        } else {
            let ipKey = "\(key)|\(ip)"
            if let last = store.nonReferredByIP[ipKey], t - last < config.nonReferredWindow {
                bump("opens_non_referred_rate_limited")
            } else {
                store.nonReferredByIP[ipKey] = t
                store.persist("nonreferred", ipKey, .double(t))
                bump("opens_non_referred_counted")
            }
        }

        var response: JSONObject = ["session_id": .string(random.branchID()),
                                    "randomized_device_token": .string(device.randomizedDeviceToken)]
        if let bundleToken, body["server_to_server_identity"]?.boolValue == true {
            response["randomized_bundle_token"] = .string(bundleToken)
            if let identity = body["identity"] { response["identity"] = identity }
        }
        response["link"] = .string(data["~referring_link"]?.stringValue ?? "\(config.baseURL)/j/\(device.randomizedDeviceToken)")
        response["data"] = .string(JSON.object(data).serialized())
        return .json(200, .object(response))
    }

    private static func describe(_ kind: Kind) -> String {
        switch kind {
        case .string: "string"
        case .bool: "boolean"
        case .int: "integer"
        case .object: "JSON object"
        case .stringOrNumber: "string"
        }
    }

    /// The deep-link data of a session: the link it came from (by click id, opened URL, clipboard URL or a
    /// matching click of the same IP and User-Agent), or the non-Branch URL that opened the app.
    private func attribution(body: JSONObject, key: String, ip: String, userAgent: String, os: String,
                             isFirstSession: Bool) throws -> JSONObject {
        let t = now
        // 1. link_click_id from a URI-scheme open: a guaranteed match.
        if let id = body["link_identifier"]?.stringValue, var click = store.clicks[id], let link = store.links[click.code],
           link.branchKey == key {
            click.consumed = true
            store.save(click: click)
            return referred(link, clickTime: click.time, guaranteed: true, referrer: click.referrer)
        }
        // 2. The web URL that opened the app (Universal Link / App Link) or NativeLink's clipboard URL.
        for field in ["universal_link_url", "android_app_link_url", "local_url"] {
            guard let url = body[field]?.stringValue else { continue }
            if let link = linkFor(url: url), link.branchKey == key {
                return referred(link, clickTime: t, guaranteed: true)
            }
            if field != "local_url" {
                return ["+clicked_branch_link": false, "+non_branch_link": .string(url)]
            }
        }
        // 3. A click from the same IP and browser within the link's match duration.
        for id in store.clickOrder.reversed() {
            guard var click = store.clicks[id], !click.consumed, click.ip == ip, click.userAgent == userAgent,
                  let link = store.links[click.code], link.branchKey == key else { continue }
            guard t - click.time <= link.matchDuration else { continue }
            click.consumed = true
            store.save(click: click)
            return referred(link, clickTime: click.time, guaranteed: false, referrer: click.referrer)
        }
        // 4. An install from Apple Search Ads (AdServices token minted by this sandbox).
        if isFirstSession, os == "iOS", let data = searchAdsAttribution(body) { return data }
        return ["+clicked_branch_link": false]
    }

    private func referred(_ stored: StoredLink, clickTime: Double, guaranteed: Bool, referrer: String? = nil) -> JSONObject {
        var link = stored
        // A one-time link (type 1) deep links only once.
        if link.type == 1 && link.matched > 0 { return ["+clicked_branch_link": false] }
        link.matched += 1
        store.save(link: link)
        var data = linkData(link)
        data["+clicked_branch_link"] = true
        data["+click_timestamp"] = .int(Int(clickTime))
        data["+match_guaranteed"] = .bool(guaranteed)
        data["+url"] = .string(link.url)
        if let referrer, !referrer.isEmpty { data["+referrer"] = .string(referrer) }
        return data
    }
}
