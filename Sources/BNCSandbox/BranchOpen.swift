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
        "brand": .string, "country": .string, "language": .string, "locale": .string, "device_carrier": .string,
        "connection_type": .string, "external_intent_uri": .string,
    ]
    private static let iosOnly = ["hardware_id_type", "ios_vendor_id", "apple_attribution_token", "search_ad_encoded", "gbraid", "universal_link_url"]
    private static let androidOnly = ["google_advertising_id", "advertising_ids", "install_referrer_extras", "google_search_install_referrer",
                                      "clicked_referrer_ts", "install_begin_ts", "referrer_gclid", "android_app_link_url"]
    private static let installOnly = ["install_referrer_extras", "google_search_install_referrer", "clicked_referrer_ts", "install_begin_ts", "search_ad_encoded"]

    /// Who sent a session: a server following the S2S guide (it sends branch_secret or server_to_server), a
    /// mobile SDK (Android, iOS: /v1/install then /v1/open with the device at the top level, no secret), or the
    /// Web SDK (a browser: browser_fingerprint_id, `sdk: web…`, a form body). Each is held to its own rules.
    enum SessionClient: Equatable {
        case server, app, web

        init(_ body: JSONObject) {
            if body["branch_secret"] != nil || body["server_to_server"]?.boolValue == true {
                self = .server
            } else if body["sdk"]?.stringValue?.lowercased().hasPrefix("web") == true
                        || (body["browser_fingerprint_id"] != nil && body["hardware_id"] == nil && body["os"] == nil) {
                self = .web
            } else {
                self = .app
            }
        }
    }

    /// The form types of session fields, for the Web SDK's form bodies (`options` is JSON text).
    private static let sessionForm: [String: FormType] = {
        var types: [String: FormType] = ["options": .json, "metadata": .json, "instrumentation": .json, "partner_data": .json,
                                         "tracking_disabled": .bool, "is_referrable": .number, "retryNumber": .number]
        for (field, kind) in openFieldTypes {
            switch kind {
            case .bool: types[field] = .bool
            case .int: types[field] = .number
            case .object: types[field] = .json
            case .string, .stringOrNumber: break
            }
        }
        return types
    }()

    /// The keys the mobile SDKs send that have a JSON type a check can hold them to (Tests/Fixtures/sdk/ios and
    /// android: booleans where the SDK writes BOOL/boolean, integers where it writes numbers; `tracking_disabled`
    /// is 1 from iOS and true from the others).
    private static let appFieldTypes: [String: Kind] = [
        "branch_key": .string, "hardware_id": .string, "hardware_id_type": .string, "ios_vendor_id": .string,
        "is_hardware_id_real": .bool, "os": .string, "os_version": .stringOrNumber, "model": .string, "brand": .string,
        "screen_height": .int, "screen_width": .int, "screen_dpi": .int, "app_version": .string, "user_agent": .string,
        "link_identifier": .stringOrNumber, "universal_link_url": .string, "android_app_link_url": .string,
        "external_intent_uri": .string, "randomized_bundle_token": .stringOrNumber, "randomized_device_token": .stringOrNumber,
        "identity_id": .stringOrNumber, "device_fingerprint_id": .stringOrNumber, "identity": .string, "retryNumber": .int,
        "branch_sdk_request_timestamp": .int, "metadata": .object,
        "instrumentation": .object, "advertising_ids": .object, "partner_data": .object, "debug": .bool,
        "first_install_time": .int, "latest_install_time": .int, "lastest_update_time": .int, "previous_update_time": .int,
        "latest_update_time": .int, "install_begin_ts": .int, "clicked_referrer_ts": .int, "update": .int,
        "google_advertising_id": .string, "apple_attribution_token": .string, "local_url": .string,
    ]

    /// POST /v1/open and /v1/install. The S2S guide's rules for servers; the SDKs' own shapes for apps and
    /// browsers. /v1/install is the mobile SDKs' first session: the same rules, state and attribution.
    /// - Parameter carriesLinkData: Android 6.0.0-beta's /v3/events/open, whose `link_data` is the deep link
    ///   /v3/deeplink answered.
    func open(_ r: SandboxRequest, install: Bool = false, carriesLinkData: Bool = false) throws -> SandboxResponse {
        let body = try bodyObject(r, form: Self.sessionForm)
        let key = try checkKey(body["branch_key"], appID: body["app_id"])
        switch SessionClient(body) {
        case .server: return try serverOpen(r, body, key: key, install: install)
        case .app: return try appOpen(r, body, key: key, install: install, carriesLinkData: carriesLinkData)
        case .web: return try webOpen(r, body, key: key)
        }
    }

    private func check(_ body: JSONObject, _ types: [String: Kind]) throws {
        for (field, kind) in types {
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
    }

    /// The address a session is attributed from: X-IP-Override (checked), else the proxy's or the peer's.
    private func clientIP(_ r: SandboxRequest) throws -> String {
        if let ip = try ipOverride(r, required: false) { return ip }
        return proxiedIP(r)
    }

    /// The client's address as a proxy names it (X-Forwarded-For's first entry), else the connection's. A first
    /// entry that is no IP address is not taken (it was stored as a click's IP, markup and 5,000 bytes included:
    /// QA round 25b), and a lint says so.
    func proxiedIP(_ r: SandboxRequest) -> String {
        guard let header = r.header("X-Forwarded-For") else { return r.peerIP }
        let first = header.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first.map { String($0).trimmingWhitespace() } ?? ""
        if SandboxIP.isValid(first) { return first }
        lint("X-Forwarded-For's first entry is not an IP address; the connection's address was used")
        return r.peerIP
    }

    /// A session that arrives with a link to attribute it to: never a rapid repeat.
    private static func carriesLink(_ body: JSONObject) -> Bool {
        ["link_identifier", "universal_link_url", "android_app_link_url", "push_identifier", "external_intent_uri", "spotlight_identifier",
         "google_search_install_referrer", "install_referrer_extras"].contains { body[$0].map { !$0.isNull } ?? false }
    }

    private func serverOpen(_ r: SandboxRequest, _ body: JSONObject, key: String, install: Bool) throws -> SandboxResponse {
        try checkSecret(body["branch_secret"], key: key)
        let ip = try ipOverride(r, required: true)!
        try check(body, Self.openFieldTypes)
        guard body["server_to_server"]?.boolValue == true else { throw Rejection("server_to_server is required and must be true") }
        for field in ["app_version", "os", "user_agent", "model"] {
            guard let s = body[field]?.stringValue, !s.trimmingWhitespace().isEmpty else { throw Rejection("\(field) is required") }
        }
        let osVersion = body["os_version"]?.stringValue ?? body["os_version"]?.numberValue?.literal
        guard let osVersion, !osVersion.trimmingWhitespace().isEmpty else {
            throw Rejection("os_version is required and cannot be blank (send \"NA\" when unknown)")
        }
        let os = try Self.canonicalOS(body["os"]!.stringValue!)
        let forbidden = os == "iOS" ? Self.androidOnly : Self.iosOnly
        if let f = forbidden.first(where: { body[$0] != nil }) {
            throw Rejection("\(f) is \(os == "iOS" ? "Android" : "iOS") only and must not be sent with os \(os)")
        }
        guard let real = body["is_hardware_id_real"]?.boolValue else { throw Rejection("is_hardware_id_real is required") }
        let hardwareID = body["hardware_id"]?.stringValue
        if real && hardwareID == nil { throw Rejection("hardware_id is required when is_hardware_id_real is true") }
        if !real && hardwareID != nil {
            // What the SDKs do when no device id may be read: a random id, marked unreal. Branch takes it.
            lint("hardware_id sent with is_hardware_id_real false: Branch takes it as a random id, not the device's")
        }
        if os == "iOS" {
            if let hardwareID {
                let allowed = real ? ["idfa", "vendor_id"] : ["idfa", "vendor_id", "random"]
                guard let type = body["hardware_id_type"]?.stringValue, allowed.contains(type) else {
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
        let userAgent = body["user_agent"]!.stringValue!
        let deviceID = hardwareID ?? body["ios_vendor_id"]?.stringValue ?? body["google_advertising_id"]?.stringValue
            ?? body["advertising_ids"]?["oaid"]?.stringValue ?? "fp:\(ip)|\(userAgent)"
        return try session(body, key: key, client: .server, deviceID: deviceID, ip: ip, userAgent: userAgent, os: os,
                           firstSession: install ? true : body["first_session"]?.boolValue)
    }

    private func appOpen(_ r: SandboxRequest, _ body: JSONObject, key: String, install: Bool, carriesLinkData: Bool) throws -> SandboxResponse {
        try check(body, Self.appFieldTypes)
        if let v = body["tracking_disabled"], v.boolValue == nil, !["0", "1"].contains(v.numberValue?.literal ?? "") {
            throw Rejection("tracking_disabled must be a boolean")
        }
        // The SDKs' own names for a platform (tv_OS, mac_OS, AMAZON_FIRE...): its family, for attribution.
        let os = try body["os"]?.stringValue.map(Self.sdkOS)
        if let identity = body["identity"]?.stringValue, identity.count > 127 {
            throw Rejection("identity is longer than 127 characters")
        }
        let ip = try clientIP(r)
        // The SDKs send no user_agent on Android; the request's own header stands for the device's browser then.
        let userAgent = body["user_agent"]?.stringValue ?? r.header("User-Agent") ?? ""
        // The device: the token this sandbox gave it, else its ids (a random id too: the SDK keeps it), else its
        // address and browser.
        var id: String?
        // Android before 5.1.4 and iOS before 0.36 send the same token back as device_fingerprint_id.
        if let token = (body["randomized_device_token"] ?? body["device_fingerprint_id"]).flatMap({ $0.stringValue ?? $0.numberValue?.literal }) {
            id = deviceID(issued: token, key: key)
        }
        for field in ["hardware_id", "ios_vendor_id", "google_advertising_id"] where id == nil { id = body[field]?.stringValue }
        // Devices without a hardware_id: an advertising id of any store or platform (oaid, aaid, roku_rida,
        // windows_advertising_id, SAMSUNG_IFA...), the Mac's or PC's mac_address, and a token the client keeps
        // that this sandbox did not issue (the connected-TV SDK's from /_r): each tells devices behind one
        // address apart before their address and browser do.
        if id == nil, let ids = body["advertising_ids"]?.objectValue {
            id = ids.keys.sorted().lazy.compactMap { ids[$0]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }.first
        }
        if id == nil { id = body["mac_address"]?.stringValue.flatMap { $0.isEmpty ? nil : "mac:" + $0 } }
        if id == nil { id = (body["randomized_device_token"] ?? body["device_fingerprint_id"]).flatMap { $0.stringValue ?? $0.numberValue?.literal }.map { "token:" + $0 } }
        // Android 6.0.0-beta's open (POST /v3/events/open) carries the deep link /v3/deeplink answered as
        // `link_data`: the session's data, as the SDK keeps the open's `data` as its session params.
        let carried = carriesLinkData ? body["link_data"]?.objectValue : nil
        return try session(body, key: key, client: .app, deviceID: id ?? "fp:\(ip)|\(userAgent)", ip: ip,
                           userAgent: userAgent, os: os, firstSession: install ? true : nil, carried: carried)
    }

    /// POST /v3/deeplink: Android 6.0.0-beta's `requestDeepLinkData(uri)` (io.branch.coroutines.RequestDeepLink):
    /// the deep link of a URI the app was opened with (`link_identifier`, `android_app_link_url`,
    /// `external_intent_uri`), answered as an open's `data` (a JSON string) with `link_click_id`. No session is
    /// counted: the SDK sends /v3/events/open next, carrying this `data` as `link_data`.
    func deeplink(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try bodyObject(r, form: Self.sessionForm)
        let key = try checkKey(body["branch_key"], appID: body["app_id"])
        try check(body, Self.appFieldTypes)
        let ip = try clientIP(r)
        let userAgent = body["user_agent"]?.stringValue ?? r.header("User-Agent") ?? ""
        let os = try body["os"]?.stringValue.map(Self.sdkOS) ?? ""
        bump("v3_deeplinks")
        var data = try attribution(body: body, key: key, ip: ip, userAgent: userAgent, os: os, isFirstSession: false)
        data["+is_first_session"] = false
        var answer: JSONObject = ["data": .string(SandboxJSON.encodeText(.object(data)))]
        if let click = body["link_identifier"].flatMap({ $0.stringValue ?? $0.numberValue?.literal }) { answer["link_click_id"] = .string(click) }
        return .json(200, .object(answer))
    }

    /// A browser's session from the Web SDK: identified by its browser_fingerprint_id (issued here when absent),
    /// attributed by link_identifier or by a click of the same IP and User-Agent.
    private func webOpen(_ r: SandboxRequest, _ body: JSONObject, key: String) throws -> SandboxResponse {
        for field in ["browser_fingerprint_id", "alternative_browser_fingerprint_id", "identity_id", "identity", "sdk",
                      "current_url", "initial_referrer", "link_identifier"] {
            if let v = body[field], v.stringValue == nil, v.numberValue == nil { throw Rejection("\(field) must be a string, got \(v.typeName)") }
        }
        for field in ["screen_height", "screen_width"] where body[field] != nil && body[field]?.numberValue?.isInteger != true {
            throw Rejection("\(field) must be an integer")
        }
        let ip = try clientIP(r)
        let userAgent = r.header("User-Agent") ?? body["user_agent"]?.stringValue ?? ""
        func text(_ f: String) -> String? { body[f].flatMap { $0.stringValue ?? $0.numberValue?.literal }.flatMap { $0.isEmpty ? nil : $0 } }
        // The SDK sends the fingerprint it was given back; on a link visit the link's id takes browser_fingerprint_id
        // and its own moves to alternative_browser_fingerprint_id.
        let fingerprint = text("alternative_browser_fingerprint_id") ?? text("browser_fingerprint_id")
        let known = fingerprint.flatMap { deviceID(issued: $0, key: key) }
        let id = known ?? "browser:" + (fingerprint ?? text("identity_id") ?? "\(ip)|\(userAgent)")
        return try session(body, key: key, client: .web, deviceID: id, ip: ip, userAgent: userAgent, os: nil,
                           firstSession: nil, fingerprint: fingerprint)
    }

    /// The device of an app this sandbox gave `token` to (its randomized_device_token, which the SDKs send back).
    func deviceID(issued token: String, key: String) -> String? {
        store.devices.first { $0.key.hasPrefix(key + "|") && $0.value.randomizedDeviceToken == token }
            .map { String($0.key.dropFirst(key.count + 1)) }
    }

    /// The platform family an SDK names in `os`: iOS's SDK says tv_OS on tvOS (BNCSystemObserver.osName), the macOS
    /// SDK mac_OS (BNCDevice.systemName), Android's AMAZON_FIRE or AMAZON_FIRE_TV on Amazon devices
    /// (SystemObserver.getOS). Servers are held to iOS or Android (`canonicalOS`).
    /// Branch's SDKs for other platforms name theirs: the Windows (C++) SDK its display name (DeviceInfo.cpp
    /// osDisplayName: "Windows 10", "Windows Server 2016"..., else "Unknown") and the Roku SDK "ROKU"
    /// (BranchSdkLibrary.brs OS_NAME): sessions of their own platform, attributed by address and browser.
    static func sdkOS(_ raw: String) throws -> String {
        let lower = raw.lowercased()
        switch lower {
        case "ios", "tv_os", "mac_os": return "iOS"
        case "android", "amazon_fire", "amazon_fire_tv": return "Android"
        case "roku": return "Roku"
        case "unknown": return "Unknown"
        default:
            if lower == "windows" || lower.hasPrefix("windows "), raw.count <= 64 { return "Windows" }
            throw Rejection("os only accepts iOS or Android, an SDK's name for one of them (tv_OS, mac_OS, AMAZON_FIRE, AMAZON_FIRE_TV), or another Branch SDK's platform (Windows..., ROKU) (got \(raw))")
        }
    }

    static func canonicalOS(_ raw: String) throws -> String {
        switch raw.lowercased() {
        case "ios": return "iOS"
        case "android": return "Android"
        default: throw Rejection("os only accepts iOS or Android (got \(raw))")
        }
    }

    /// One session, whoever sent it: the rapid-repeat rule, INSTALL/REINSTALL/OPEN, identity, attribution and the
    /// non-referred limit, then the answer in the types each client's parser reads.
    private func session(_ body: JSONObject, key: String, client: SessionClient, deviceID: String, ip: String,
                         userAgent: String, os: String?, firstSession: Bool?, fingerprint: String? = nil,
                         carried: JSONObject? = nil) throws -> SandboxResponse {
        let deviceKey = "\(key)|\(deviceID)"
        let t = now
        // tracking_disabled: Branch answers but stores nothing of the session.
        let disabled = body["tracking_disabled"].map { $0.boolValue == true || $0.numberValue?.literal == "1" } ?? false
        let tracked = !disabled
        var device = store.devices[deviceKey] ?? DeviceRecord(randomizedDeviceToken: random.branchID())
        // "The same user in rapid succession" (Branch's attribution overview): the same app and device opening
        // again within the window with nothing new. A session that carries a link is never a repeat.
        if t - device.lastOpen < config.burstWindow, !Self.carriesLink(body) {
            bump("open_rate_limited_429")
            let wait = Int((config.burstWindow - (t - device.lastOpen)).rounded(.up))
            return .branchError(429, "Too many requests for the same user in rapid succession; wait a few minutes or change the device metadata",
                                headers: [("Retry-After", String(max(1, wait)))])
        }

        // INSTALL, REINSTALL or OPEN.
        let seen = device.sessions > 0
        let isFirstSession: Bool
        var isOpen = false
        switch (firstSession, seen) {
        case (true?, false), (nil, false): isFirstSession = true; bump(client == .web ? "web_sessions_new" : "installs")
        case (true?, true): isFirstSession = false; bump("reinstalls")
        default: isFirstSession = false; isOpen = true; bump(client == .web ? "web_sessions" : "opens")
        }
        device.sessions += 1
        device.lastOpen = t

        // Identity: the servers' bundle token with server_to_server_identity; the SDKs' always (they keep it and
        // send it back on every later request).
        // (The Web SDK, and Android before 5.1.4 and iOS before 0.36, send it as identity_id.)
        var bundleToken = body["randomized_bundle_token"].flatMap { $0.stringValue ?? $0.numberValue?.literal }
            ?? (client != .server ? body["identity_id"].flatMap { $0.stringValue ?? $0.numberValue?.literal } : nil)
        let issuesIdentity = client != .server || body["server_to_server_identity"]?.boolValue == true
        if issuesIdentity {
            if let token = bundleToken {
                // Tokens are per app: another app's token is not this app's. An unknown one (a sandbox restarted
                // without --state, another app's) is answered normally, as production answers a token it lost.
                let known = device.bundleTokens.contains(token)
                    || store.devices.contains { $0.key.hasPrefix(key + "|") && $0.value.bundleTokens.contains(token) }
                if known {
                    bump("bundle_token_reused")
                } else if client == .server {
                    lint("randomized_bundle_token \(token) was not issued to this app by this sandbox: answered, but identity does not carry over")
                    bump("bundle_token_unknown")
                } else {
                    device.bundleTokens.append(token)
                    bump("bundle_token_adopted")
                }
            } else {
                if !device.bundleTokens.isEmpty && client == .server { bump("bundle_token_missing_on_repeat") }
                // A server without a token is given a new one (and counted); an SDK that lost its own gets it back.
                let token = client == .server ? random.branchID() : device.bundleTokens.first ?? random.branchID()
                if !device.bundleTokens.contains(token) { device.bundleTokens.append(token) }
                bundleToken = token
                bump("bundle_token_issued")
            }
        }
        // The SDKs since iOS 3 and Android 5.8 keep setIdentity on the device and send `identity` with each
        // session instead of calling /v1/profile: the same join (a second device of one identity is its user).
        if tracked, issuesIdentity, let current = bundleToken,
           let identity = body["identity"]?.stringValue, !identity.isEmpty {
            let user = user(named: identity, key: key, else: current)
            if user != current {
                device.makeCurrent(user)
                bundleToken = user
                bump("identity_joined")
            }
        }
        if tracked { store.save(device: device, id: deviceKey) } else { bump("opens_tracking_disabled") }

        var data: JSONObject
        if let carried, carried["+clicked_branch_link"]?.boolValue == true {
            data = carried
        } else {
            data = try attribution(body: body, key: key, ip: ip, userAgent: userAgent, os: os ?? "", isFirstSession: isFirstSession)
        }
        data["+is_first_session"] = .bool(isFirstSession)
        let referred = data["+clicked_branch_link"]?.boolValue == true
        // The non-referred limit (once per IP in 4 h) counts OPENs: installs and reinstalls are always counted.
        if referred {
            bump("opens_referred")
            // The device's last attributed touch, for /v1/cpid/latd.
            if tracked, var kept = store.devices[deviceKey] {
                kept.lastTouch = data
                kept.lastTouchTime = t
                store.save(device: kept, id: deviceKey)
            }
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

        // The export row: an install, reinstall or open, with its attribution when a link was clicked.
        var cells = Self.userCells(body)
        cells["user_data_ip"] = cells["user_data_ip"] ?? ip
        cells["user_data_user_agent"] = cells["user_data_user_agent"] ?? userAgent
        cells["first_event_for_user"] = isFirstSession ? "true" : "false"
        cells["deep_linked"] = referred ? "true" : "false"
        cells["attributed"] = referred ? "true" : "false"
        if referred {
            let clicked = data["+click_timestamp"]?.numberValue?.double
            for (k, v) in touchCells(data, type: "CLICK", time: clicked) { cells[k] = v }
        }
        recordExport(isOpen ? "eo_open" : (isFirstSession ? "eo_install" : "eo_reinstall"), key: key, name: isOpen ? "OPEN" : (isFirstSession ? "INSTALL" : "REINSTALL"), cells: cells)

        var response: JSONObject = ["session_id": .string(random.branchID()),
                                    "randomized_device_token": .string(device.randomizedDeviceToken)]
        if let bundleToken, issuesIdentity {
            response["randomized_bundle_token"] = .string(bundleToken)
        }
        // The SDKs keep `identity` from the answer (iOS clears its own when the answer has none).
        if let identity = body["identity"], issuesIdentity, bundleToken != nil { response["identity"] = identity }
        if client == .app, let bundleToken {
            // The same tokens under the names Android before 5.1.4 and iOS before 0.36 read: without identity_id
            // they take the session as not begun, and send an install again at every launch and nothing else.
            response["identity_id"] = .string(bundleToken)
            response["device_fingerprint_id"] = .string(device.randomizedDeviceToken)
        }
        if client == .web {
            // What the Web SDK reads (src/6_branch.js): identity_id and browser_fingerprint_id as well.
            response["identity_id"] = .string(bundleToken ?? device.randomizedDeviceToken)
            response["browser_fingerprint_id"] = .string(fingerprint ?? device.randomizedDeviceToken)
            response["has_app"] = .bool(userHasApp(device, key: key))
            // A referred web session: the link and the click it came from (src/6_branch.js setBranchValues reads
            // referring_link, link_click_id and session_link_click_id; whiteListSessionData passes referring_link).
            if referred, let url = data["+url"]?.stringValue {
                response["referring_link"] = .string(url)
                if let click = body["link_identifier"].flatMap({ $0.stringValue ?? $0.numberValue?.literal }) {
                    response["link_click_id"] = .string(click)
                    response["session_link_click_id"] = .string(click)
                }
            }
        }
        // The user's own link, which the SDKs keep and build long links on: a long link of this app carrying the
        // user's token, as Branch answers (the referring link is `data`'s, not this).
        // A server-to-server session given no bundle token (no server_to_server_identity) gets the app's link with
        // no token: the device token, labelled randomized_bundle_token, named what it is not (QA round 31b).
        if client != .web, bundleToken == nil {
            response["link"] = .string("\(config.baseURL)/a/\(key)")
        } else {
            response["link"] = .string(userLink(key: key, token: bundleToken ?? device.randomizedDeviceToken, web: client == .web))
        }
        response["data"] = .string(SandboxJSON.encodeText(.object(data)))
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
            return referred(link, clickTime: click.time, guaranteed: true, referrer: click.referrer, appended: click.appended)
        }
        // 2. The web URL that opened the app (Universal Link / App Link), the Branch link of the notification that
        // opened it (Android's push_identifier), or NativeLink's clipboard URL. The browser's click on that link, if
        // the sandbox served it, is this open's: used up, so the next launch is not deep linked by it again.
        for field in ["universal_link_url", "android_app_link_url", "push_identifier", "local_url"] {
            guard let url = body[field]?.stringValue else { continue }
            if let link = linkFor(url: url), link.branchKey == key {
                let click = takeClick(ip: ip, at: t) { $0.code == link.code ? link : nil }
                // What the browser's click appended, then the opened URL's own query over it.
                var appended = click?.click.appended ?? [:]
                for (k, v) in appendedData(Self.query(of: url), to: link) { appended[k] = v }
                return referred(link, clickTime: click?.click.time ?? t, guaranteed: true, appended: appended)
            }
            if field != "local_url" {
                return ["+clicked_branch_link": false, "+non_branch_link": .string(url)]
            }
        }
        // 2b. An open from a Spotlight result of a Branch link (the identifier /v1/url answered for it).
        if let id = body["spotlight_identifier"]?.stringValue, id.hasPrefix(Self.spotlightPrefix),
           let link = linkFor(url: String(id.dropFirst(Self.spotlightPrefix.count))), link.branchKey == key {
            return referred(link, clickTime: t, guaranteed: true)
        }
        // 3. A click from the same IP and device within the link's match duration: the device as its User-Agent's
        // platform part says (`(iPhone; CPU iPhone OS 17_0 like Mac OS X)`), since the app's web view and the
        // browser that clicked name different browsers on the same device.
        let device = Self.platform(of: userAgent)
        if let (click, link) = takeClick(ip: ip, at: t, { click in
            guard Self.platform(of: click.userAgent) == device, let link = store.links[click.code], link.branchKey == key else { return nil }
            return link
        }) {
            return referred(link, clickTime: click.time, guaranteed: false, referrer: click.referrer, appended: click.appended)
        }
        // 4. An install from Apple Search Ads (AdServices token minted by this sandbox).
        if isFirstSession, os == "iOS", let data = searchAdsAttribution(body) { return data }
        return ["+clicked_branch_link": false]
    }

    /// The newest click from `ip` not yet used, within its link's match duration, whose link `match` gives: used
    /// up (saved consumed) and returned with that link.
    private func takeClick(ip: String, at t: Double, _ match: (Click) -> StoredLink?) -> (click: Click, link: StoredLink)? {
        for id in store.clickOrder.reversed() {
            guard var click = store.clicks[id], !click.consumed, click.ip == ip, let link = match(click),
                  t - click.time <= link.matchDuration else { continue }
            click.consumed = true
            store.save(click: click)
            return (click, link)
        }
        return nil
    }

    /// A User-Agent's first parenthesised part (the device and OS), or the whole string when it has none.
    static func platform(of userAgent: String) -> Substring {
        guard let open = userAgent.firstIndex(of: "("), let close = userAgent[open...].firstIndex(of: ")") else { return userAgent[...] }
        return userAgent[open...close]
    }

    private func referred(_ stored: StoredLink, clickTime: Double, guaranteed: Bool, referrer: String? = nil,
                          appended: JSONObject = [:]) -> JSONObject {
        var link = stored
        // A one-time link (type 1) deep links only once.
        if link.type == 1 && link.matched > 0 { return ["+clicked_branch_link": false] }
        link.matched += 1
        store.save(link: link)
        var data = linkData(link, appended: appended)
        data["+clicked_branch_link"] = true
        data["+click_timestamp"] = .int(Int(clickTime))
        data["+match_guaranteed"] = .bool(guaranteed)
        data["+url"] = .string(link.url)
        if let referrer, !referrer.isEmpty { data["+referrer"] = .string(referrer) }
        return data
    }
}

extension Sandbox {
    /// POST /v1/cpid/latd: the device's last attributed touch within `attribution_window` days (the SDKs'
    /// getLastAttributedTouchData: Android ServerRequestGetLATD, iOS BranchLATDRequest, Web lastAttributedTouchData),
    /// found by the tokens the sandbox issued (randomized_device_token, a bundle token, the web identity or
    /// browser fingerprint). No touch: an empty object, as the SDKs require the key.
    func lastAttributedTouch(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try bodyObject(r, form: ["user_data": .json, "metadata": .json])
        let user = body["user_data"]?.objectValue ?? body
        let key = try checkKey(body["branch_key"] ?? user["branch_key"], appID: body["app_id"])
        // The SDKs leave the window to the server: Android 6.0.0-beta sends -1 when the app set none ("the server
        // interprets it as 30 days", ServerRequestGetLATD), Android 5.x and the Web SDK any number, for the server
        // to cap (DeviceInfo.updateRequestWithV2Params). Neither is refused: Branch's default, or its cap, is taken.
        var window = (body["attribution_window"] ?? user["attribution_window"])?.numberValue?.double ?? 30
        if window < 0 {
            window = 30
        } else if window > 365 {
            lint("attribution_window \(Int(min(window, 1e9))) is above 365 days; taken as 365")
            window = 365
        }
        let ids = ["randomized_device_token", "randomized_bundle_token", "identity_id", "browser_fingerprint_id", "device_fingerprint_id"]
            .compactMap { (user[$0] ?? body[$0]).flatMap { $0.stringValue ?? $0.numberValue?.literal } }
        bump("latd_requests")
        var touch: JSONObject = [:]
        let match = device(of: key, knownBy: ids)
        if let device = match, let data = device.lastTouch, now - device.lastTouchTime <= window * 86400 {
            touch = data
            touch["+is_first_session"] = nil
        }
        return .json(200, ["last_attributed_touch_data": .object(touch), "attribution_window": .int(Int(window))])
    }

    /// The app's device one of `ids` names: a token the sandbox issued (randomized_device_token, a bundle token),
    /// else a browser's fingerprint. A browser given its id by /_r is kept as `browser:FINGERPRINT` with a token
    /// of its own, and the Web SDK sends only the fingerprint (utils.getUserData has no identity_id): it was never
    /// found, so its last touch was empty and its cross-platform id the fingerprint echoed (round 26c).
    func device(of key: String, knownBy ids: [String]) -> DeviceRecord? {
        if let issued = store.devices.first(where: { entry in
            entry.key.hasPrefix(key + "|") && (ids.contains(entry.value.randomizedDeviceToken) || entry.value.bundleTokens.contains { ids.contains($0) })
        })?.value { return issued }
        return ids.lazy.compactMap { self.store.devices["\(key)|browser:\($0)"] }.first
    }

    /// POST /v1/cpid: the Web SDK's crossPlatformIds (src/6_branch.js), answered with the user's ids as Branch's
    /// cross-platform identity graph would, from what the sandbox issued: `{"user_data": {...}}`.
    func crossPlatformIDs(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try bodyObject(r, form: ["user_data": .json, "metadata": .json])
        let user = body["user_data"]?.objectValue ?? body
        let key = try checkKey(body["branch_key"] ?? user["branch_key"], appID: body["app_id"])
        let ids = ["randomized_device_token", "randomized_bundle_token", "identity_id", "browser_fingerprint_id", "developer_identity"]
            .compactMap { (user[$0] ?? body[$0]).flatMap { $0.stringValue ?? $0.numberValue?.literal } }
        bump("cpid_requests")
        let device = device(of: key, knownBy: ids)
        var out: JSONObject = ["cross_platform_id": .string(device?.bundleTokens.first ?? ids.first ?? random.branchID()),
                               "past_cross_platform_ids": .array([]), "prob_cross_platform_ids": .array([])]
        if let identity = user["developer_identity"] ?? body["developer_identity"] { out["developer_identity"] = identity }
        return .json(200, ["user_data": .object(out)])
    }

    /// POST /v1/pageview: the Web SDK sends one after every init (src/6_branch.js); Branch answers with the
    /// journey it would show, which the sandbox never has.
    func pageview(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try bodyObject(r, form: ["metadata": .json, "data": .json, "session_referring_link_data": .json])
        _ = try checkKey(body["branch_key"], appID: body["app_id"])
        bump("web_pageviews")
        return .json(200, ["auto_branchify": false])
    }

    /// POST /v1/dismiss: the Web SDK's word that a Journey was closed (src/journeys_utils.js), the pageview's form
    /// with the Journey's ids. The sandbox shows no Journeys: it is taken and answered `{}`.
    func dismiss(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try bodyObject(r, form: ["metadata": .json, "data": .json, "session_referring_link_data": .json, "tags": .json])
        _ = try checkKey(body["branch_key"], appID: body["app_id"])
        bump("web_dismissals")
        return .json(200, [:])
    }

    /// GET /_r?sdk=…&callback=NAME: the Web SDK's first call (JSONP on the link domain), answered with a browser
    /// fingerprint id as Branch's link service does: `NAME("…")`.
    func browserFingerprint(_ r: SandboxRequest) -> SandboxResponse {
        // `_t` is the fingerprint the page stored from an earlier answer (the Web SDK's 6_branch.js): the same
        // browser keeps it, as Branch's cookie on its link domain keeps it. Digits only, as this sandbox gives them
        // (it is echoed into a script).
        let stored = r.queryValue("_t").flatMap { t in t.utf8.count <= 20 && KeyFormat.isDigits(t) ? t : nil }
        let id = stored ?? random.branchID()
        guard let callback = r.queryValue("callback") else {
            return .json(200, .string(id))
        }
        guard Self.isCallbackName(callback) else { return .branchError(400, "callback must be a JavaScript function name") }
        bump("web_fingerprints")
        return SandboxResponse(status: 200, headers: [("Content-Type", "application/javascript")], body: Array("\(callback)(\"\(id)\");\n".utf8))
    }

    /// A JSONP callback: a JavaScript identifier path only (the name is echoed into a script).
    static func isCallbackName(_ callback: String) -> Bool {
        !callback.isEmpty && callback.count <= 128
            && callback.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_$.".unicodeScalars.contains($0)) })
    }
}
