// Building and checking a /v1/open body. Pure values: a Device, options and link sources in, a checked body out.
import BNCCore

/// What a session's caller knows beyond the device: flags of bnc-open.
public struct OpenOptions: Sendable {
    public var firstSession: Bool?
    public var facebookAppLinkChecked: Bool?
    public var trackingDisabled: Bool?
    public var disableAdNetworkCallouts: Bool?
    public var serverToServerIdentity = false
    public var randomizedBundleToken: String?
    public var identity: String?
    public var customParams: [String?] = [nil, nil, nil]
    public var openedWith: String?
    public var installReferrer: String?
    public var clickedReferrerTS: Int?
    public var installBeginTS: Int?
    public var clipboardURL: String?
    public var asaToken: String?
    public var searchAdEncoded: String?

    public init() {}
}

/// Builds and checks a /v1/open body and makes its request, with the device's IP as X-IP-Override.
public enum OpenRequest {
    /// The body from (lowest first) a given base body, the device, the options, then `--field` overrides.
    public static func body(base: JSONObject = [:], device: Device, options: OpenOptions,
                            fields: [(String, JSON)] = []) throws(BNCError) -> JSONObject {
        try made(base: base, device: device, options: options, fields: fields).body
    }

    /// Limit Ad Tracking as the flags say it, for a batch line over their body: the device's (--limit-ad-tracking,
    /// a device file) unless -f's `limit_ad_tracking` says otherwise, and whether -f gave `ad_tracking_enabled`.
    public struct FlagsLimitAdTracking: Sendable {
        public var limited: Bool?
        public var gaveEnabled: Bool
        public init(limited: Bool? = nil, gaveEnabled: Bool = false) {
            self.limited = limited
            self.gaveEnabled = gaveEnabled
        }
    }

    /// The body as `body` makes it, with the flags' Limit Ad Tracking for the lines of a batch.
    public static func made(base: JSONObject = [:], device: Device, options: OpenOptions,
                            fields: [(String, JSON)] = []) throws(BNCError) -> (body: JSONObject, limitAdTracking: FlagsLimitAdTracking) {
        var b = base
        func set(_ key: String, _ value: JSON?) { if let value { b[key] = value } }

        // Always true, but a body's own value is judged by the table, not replaced: `false` or "yes" in --body or
        // MCP's open_session was sent as true, while a batch line's was refused (QA round 31c).
        if b["server_to_server"] == nil { b["server_to_server"] = true }
        set("os", device.platform.map { .string($0.rawValue) } ?? device.os.map(JSON.string))
        // The fields the table declares as copied from the device (`device:`); ids follow per-OS rules below.
        for (name, value) in OpenFields.table.values(from: device) { b[name] = value }

        // Device ids, per the seed's per-OS rules.
        let platform = Platform(name: (b["os"]?.stringValue) ?? "")
        switch platform {
        case .iOS?:
            if let idfa = device.idfa {
                b["hardware_id"] = .string(idfa); b["hardware_id_type"] = "idfa"
            } else if let idfv = device.idfv {
                b["hardware_id"] = .string(idfv); b["hardware_id_type"] = "vendor_id"
            }
            set("ios_vendor_id", device.idfv.map(JSON.string))
        case .android?:
            set("hardware_id", device.androidID.map(JSON.string))
            set("google_advertising_id", device.gaid.map(JSON.string))
            if let oaid = device.oaid {
                var ids = b["advertising_ids"]?.objectValue ?? [:]
                ids["oaid"] = .string(oaid)
                b["advertising_ids"] = .object(ids)
            }
        case nil:
            break
        }
        if b["is_hardware_id_real"] == nil || device.idfa != nil || device.idfv != nil || device.androidID != nil {
            b["is_hardware_id_real"] = .bool(b["hardware_id"] != nil)
        }
        // Where the session came from.
        if let url = options.openedWith {
            for (k, v) in try LinkSources.openedWith(url, platform: platform) { b[k] = v }
        }
        if let referrer = options.installReferrer {
            for (k, v) in LinkSources.installReferrer(referrer) { b[k] = v }
        }
        set("clicked_referrer_ts", options.clickedReferrerTS.map(JSON.int))
        set("install_begin_ts", options.installBeginTS.map(JSON.int))
        set("local_url", options.clipboardURL.map(JSON.string))
        set("apple_attribution_token", options.asaToken.map(JSON.string))
        set("search_ad_encoded", options.searchAdEncoded.map(JSON.string))

        set("first_session", options.firstSession.map(JSON.bool))
        set("facebook_app_link_checked", options.facebookAppLinkChecked.map(JSON.bool))
        set("tracking_disabled", options.trackingDisabled.map(JSON.bool))
        set("disable_ad_network_callouts", options.disableAdNetworkCallouts.map(JSON.bool))
        if options.serverToServerIdentity { b["server_to_server_identity"] = true }
        set("randomized_bundle_token", options.randomizedBundleToken.map(JSON.string))
        set("identity", options.identity.map(JSON.string))
        for (i, p) in options.customParams.enumerated() { set("custom_param_\(i + 1)", p.map(JSON.string)) }

        b.overlay(fields)
        // An IDFV given as its field (`ios_vendor_id` in --body, a batch line or MCP's open_session, as `bnc-open
        // fields` names it) fills hardware_id as --idfv does: such a session was sent as a device with no real id
        // (is_hardware_id_real false, QA round 31b). An is_hardware_id_real the body or -f states is kept.
        var asked = base
        asked.overlay(fields)
        fillHardwareID(&b, given: asked, stated: asked["is_hardware_id_real"] != nil)
        // -f is applied last, over the flags: what it says is held to the same rules, as the base body's members are;
        // its limit_ad_tracking (the device's BOOL, as a line's and --body's) says Limit Ad Tracking.
        let lat = FlagsLimitAdTracking(limited: try takeLimitAdTracking(&b) ?? device.limitAdTracking,
                                       gaveEnabled: fields.contains { $0.0 == "ad_tracking_enabled" && !$0.1.isNull })
        let given = lat.gaveEnabled || base["ad_tracking_enabled"].map { !$0.isNull } ?? false
        try applyLimitAdTracking(limited(lat.limited, b), to: &b, given: given)
        normaliseDeviceIDs(&b, warnings: nil)
        return (b, lat)
    }

    /// Whether a body is sent under Limit Ad Tracking: the device says so, or the body's `lat_val` is 1 (the
    /// Android SDK's way of saying it). Either is enough: a body never carries lat_val 1 with ad tracking enabled.
    static func limited(_ device: Bool?, _ body: JSONObject) -> Bool {
        device == true || body["lat_val"]?.numberValue?.int64 == 1
    }

    /// The body's device ids as the device flags give them (DeviceIDs): the IDFA and IDFV upper case, the GAID
    /// lower case, an all-zero IDFA or GAID absent — a hardware_id that was the all-zero IDFA becomes the IDFV when
    /// there is one (as --idfa and --idfv make it), else none (is_hardware_id_real false).
    public static func normaliseDeviceIDs(_ b: inout JSONObject, warnings: Warnings?) {
        let type = b["hardware_id_type"]?.stringValue
        var members = [DeviceIDs.Member("ios_vendor_id", upper: true, advertising: false),
                       DeviceIDs.Member("google_advertising_id", upper: false, advertising: true)]
        if type == "idfa" || type == "vendor_id" { members.append(DeviceIDs.Member("hardware_id", upper: true, advertising: type == "idfa")) }
        let removed = DeviceIDs.normalise(&b, members, warnings: warnings)
        if removed.contains("hardware_id") {
            if let idfv = b["ios_vendor_id"]?.stringValue {
                b["hardware_id"] = .string(idfv)
                b["hardware_id_type"] = "vendor_id"
                b["is_hardware_id_real"] = true
            } else {
                b["hardware_id_type"] = nil
                b["is_hardware_id_real"] = false
            }
        }
    }

    /// Checks a body against the table (its fields and rules); returns it as it is sent: only declared keys (an
    /// unknown one is a warning with a did-you-mean), `os` in its canonical case, `os_version` a string.
    /// Errors name the field and the rule (exit 65); nothing that fails here is ever sent.
    public static func validate(_ body: JSONObject, ipOverride: IPAddress?, warnings: Warnings = Warnings()) throws(BNCError) -> JSONObject {
        // A v2 event (what `bnc-tune map` makes of a conversion) was refused for a missing app_version, as if it
        // were a v1/open body short of a field (QA round 31b): say what it is and which tool sends it.
        if body["name"]?.stringValue != nil, body["user_data"]?.objectValue != nil {
            throw BNCError.invalid("the body", "is a v2 event (name, user_data), not a v1/open session",
                                   hint: "send it with bnc-event send --body - (bnc-tune map --command names the tool for each request)")
        }
        guard ipOverride != nil else {
            throw BNCError.invalid("--ip", "is required: Branch takes the device's public IP from X-IP-Override",
                                   hint: "pass the device's address, e.g. --ip 8.8.4.4, or an \"ip\" member in --body or a batch line (never your server's)")
        }
        // Every rule is the table's: types, required and never-blank fields, os in its canonical case,
        // platform-only and first-session-only fields, and the rules between fields (OpenFields.table).
        var normalised = body
        normaliseDeviceIDs(&normalised, warnings: warnings)
        return try OpenFields.table.check(normalised, warnings: warnings)
    }

    /// The whole request: credentials first, then the checked body; the device's IP as X-IP-Override.
    public static func request(_ body: JSONObject, key: BranchKey, secret: Secret, ip: IPAddress?, baseURL: String?,
                               warnings: Warnings) throws(BNCError) -> HTTPRequest {
        var checked = try validate(body, ipOverride: ip, warnings: warnings)
        checked["branch_key"] = nil
        checked["branch_secret"] = nil
        var full: JSONObject = ["branch_key": .string(key.value), "branch_secret": .string(secret.exposed)]
        for (k, v) in checked { full[k] = v }
        return HTTPRequest(method: "POST", base: baseURL ?? Branch.defaultBaseURL, path: "/v1/open",
                           headers: ["Accept": "application/json", "X-IP-Override": ip!.text], body: .json(.object(full)))
    }

    /// A batch line: a body minus credentials (its `"ip"` member is that request's X-IP-Override); the flags'
    /// body fills what the line leaves out.
    public static func request(line: JSONObject, defaults: JSONObject, flags: FlagsLimitAdTracking = FlagsLimitAdTracking(), key: BranchKey, secret: Secret,
                               ip: IPAddress?, baseURL: String?, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        let (body, lineIP) = try draft(line: line, defaults: defaults, flags: flags, ip: ip, warnings: warnings)
        return try request(body, key: key, secret: secret, ip: lineIP, baseURL: baseURL, warnings: warnings)
    }

    /// A batch line over the flags' body, and the line's IP override: the line's members win, but for two that
    /// are the device's, not v1/open's: `ip` (the X-IP-Override) and `limit_ad_tracking`.
    public static func draft(line: JSONObject, defaults: JSONObject, flags: FlagsLimitAdTracking = FlagsLimitAdTracking(), ip: IPAddress?,
                             warnings: Warnings?) throws(BNCError) -> (JSONObject, IPAddress?) {
        var (lineBody, lineIP) = try Branch.splitLineIP(line, fallback: ip, warnings: warnings)
        let lineLimited = try takeLimitAdTracking(&lineBody)
        var body = defaults
        body.overlay(lineBody)
        // The rule again over the line's members: the line's limit_ad_tracking, else the flags'; the Android SDK's
        // lat_val 1 in the body as sent; an ad_tracking_enabled the line or -f gave refused under it.
        let given = flags.gaveEnabled || lineBody["ad_tracking_enabled"].map { !$0.isNull } ?? false
        try applyLimitAdTracking(limited(lineLimited ?? flags.limited, body), to: &body, given: given)
        fillHardwareID(&body, given: lineBody, stated: lineBody["is_hardware_id_real"] != nil)
        normaliseDeviceIDs(&body, warnings: warnings)
        return (body, lineIP)
    }

    /// An IDFV `given` as its field (`ios_vendor_id`, by --body, -f or a batch line) without a hardware_id is the
    /// device's, as --idfv makes it: a hardware_id derived from an IDFV (the flags', type vendor_id) follows it, and
    /// an iOS body with none gets it (type vendor_id, real) unless is_hardware_id_real was `stated`.
    static func fillHardwareID(_ b: inout JSONObject, given: JSONObject, stated: Bool) {
        guard given["ios_vendor_id"] != nil, given["hardware_id"] == nil, let idfv = b["ios_vendor_id"]?.stringValue else { return }
        if b["hardware_id_type"]?.stringValue == "vendor_id" {
            b["hardware_id"] = .string(idfv)
            return
        }
        guard !stated, b["hardware_id"] == nil, Platform(name: b["os"]?.stringValue ?? "") == .iOS else { return }
        b["hardware_id"] = .string(idfv)
        b["hardware_id_type"] = "vendor_id"
        b["is_hardware_id_real"] = true
    }

    /// A line's or `--body`'s `limit_ad_tracking` — the device file's BOOL, which bnc-event's lines carry too — taken
    /// out of it: v1/open has no such field, it says whether `ad_tracking_enabled` is sent.
    public static func takeLimitAdTracking(_ body: inout JSONObject) throws(BNCError) -> Bool? {
        guard let value = body["limit_ad_tracking"] else { return nil }
        body["limit_ad_tracking"] = nil
        if value.isNull { return nil }
        return try Device.table["limit_ad_tracking"]!.check(value, at: "limit_ad_tracking").boolValue
    }

    /// Branch's rule for Limit Ad Tracking, the one rule wherever the device says it (--limit-ad-tracking, a device
    /// file, a line's or --body's `limit_ad_tracking`, the Android SDK's `lat_val` 1): limited, `ad_tracking_enabled`
    /// is left out, and one the user gave (`given`: in -f, --body or the line) contradicts it and is refused; not
    /// limited, it is true unless given.
    public static func applyLimitAdTracking(_ limited: Bool, to body: inout JSONObject, given: Bool) throws(BNCError) {
        if limited {
            if given && body["ad_tracking_enabled"].map({ !$0.isNull }) ?? false {
                throw BNCError.invalid("ad_tracking_enabled", "must be omitted when Limit Ad Tracking is on (limit_ad_tracking true, or lat_val 1: Branch's rule)")
            }
            body["ad_tracking_enabled"] = nil
        } else if body["ad_tracking_enabled"] == nil {
            body["ad_tracking_enabled"] = true
        }
    }

    /// The device's key in the state store: its id, else its browser and address.
    /// An iOS device is its IDFV first: hardware_id is the IDFA when the user allows tracking and the IDFV before,
    /// so a grant after the first session would make the same phone a new device (a second first session).
    public static func deviceKey(_ body: JSONObject, ip: IPAddress?) -> String {
        deviceKeys(body, ip: ip)[0]
    }

    /// The device's key and, after it, the keys earlier versions kept it under (hardware_id before the IDFV).
    public static func deviceKeys(_ body: JSONObject, ip: IPAddress?) -> [String] {
        var keys: [String] = []
        // In the case the flags give them (a line's lower-case IDFV is the same iPhone), an all-zero id none.
        for (name, upper) in [("ios_vendor_id", true), ("hardware_id", true), ("google_advertising_id", false)] {
            guard let raw = body[name]?.stringValue, !raw.isEmpty, !DeviceIDs.isAllZero(raw) else { continue }
            let id = DeviceIDs.canonical(raw, upper: upper) ?? raw
            if !keys.contains(id) { keys.append(id) }
        }
        return keys.isEmpty ? ["ua:\(body["user_agent"]?.stringValue ?? "")@\(ip?.text ?? "")"] : keys
    }
}
