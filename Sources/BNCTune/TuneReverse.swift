// Branch -> TUNE: a v1/open body (a session) or a v2 event body (a conversion) as the TUNE server-to-server URL
// that carried the same facts, for comparing a migration's two sides. Driven by the same table: every row with
// a device field or a direct copy is read back from the Branch field it maps to.
import BNCCore
import BNCEvent
import BNCOpen

/// What a reversed request is addressed to in TUNE: the advertiser id, the app's site_id and the measurement host.
public struct TuneTarget: Sendable {
    public var advertiserID: String
    public var siteID: String?
    /// The measurement host; nil: `https://{advertiser_id}.measure.mobileapptracking.com`.
    public var baseURL: String?

    public init(advertiserID: String, siteID: String? = nil, baseURL: String? = nil) {
        self.advertiserID = advertiserID
        self.siteID = siteID
        self.baseURL = baseURL
    }
}

/// Maps a Branch v1/open or v2 event body back to the TUNE server-to-server request that carried the same facts.
public enum TuneReverse {
    /// The TUNE request for a Branch body (a batch line's `"ip"` member is the device IP).
    public static func toTune(_ line: JSONObject, target: TuneTarget, warnings: Warnings) throws(BNCError) -> TuneRequest {
        guard target.advertiserID.allSatisfy(\.isNumber), !target.advertiserID.isEmpty else {
            throw BNCError.usage("--advertiser-id", "must be TUNE's numeric advertiser id (got \(target.advertiserID))")
        }
        var body = line
        let ip = body["ip"]?.stringValue
        body["ip"] = nil
        body["branch_key"] = nil
        body["branch_secret"] = nil
        let isEvent = body["name"] != nil || body["user_data"] != nil
        var r = TuneRequest()
        if let base = target.baseURL, let u = HTTPURL(base) { r.host = u.host + (u.port.map { ":\($0)" } ?? "") }
        r.path = "/serve"
        var used: Set<String> = ["ip"]
        func add(_ name: String, _ value: String?) { if let value, !r.has(name) { r.add(name, value) } }

        let fields: JSONObject
        let platform: Platform?
        if isEvent {
            let checked = try EventRequest.validate(body, warnings: Warnings())
            let user = checked["user_data"]?.objectValue ?? [:]
            platform = Platform(name: user["os"]?.stringValue ?? "")
            let name = checked["name"]!.stringValue!
            add("action", "conversion")
            add("advertiser_id", target.advertiserID)
            add("site_id", target.siteID)
            add("sdk", "server")
            add("response_format", "json")
            add("site_event_name", TuneParameters.tuneEvent(forBranch: name) ?? name)
            add("device_ip", user["ip"]?.stringValue ?? ip)
            fields = user
            used.formUnion(["name", "user_data"])
            for object in [EventObject.eventData, .customData] {
                let section = object.rawValue
                guard case .object(let o)? = checked[section] else { continue }
                used.insert(section)
                for (k, v) in o {
                    guard let p = TuneParameters.all.first(where: { $0.copies && $0.event.contains(.member(object, k)) }) else {
                        warnings.add("\(section).\(k) has no TUNE counterpart; not sent")
                        continue
                    }
                    add(p.name, text(v))
                }
            }
            if let q = checked["content_items"]?.arrayValue?.first?.objectValue?["$quantity"] { add("quantity", text(q)); used.insert("content_items") }
            try identifiers(user, platform: platform, ids: ["idfa": "idfa", "idfv": "idfv", "aaid": "aaid", "android_id": "android_id"],
                            limited: user["limit_ad_tracking"]?.boolValue ?? false, into: &r)
            add("user_id", user["developer_identity"]?.stringValue)
            add("device_cpu_type", user["cpu_type"]?.stringValue)
            add("build", user["build"]?.stringValue)
        } else {
            let checked = try OpenRequest.validate(body, ipOverride: ip.flatMap { try? IPAddress($0) } ?? IPAddress.placeholder, warnings: Warnings())
            platform = Platform(name: checked["os"]?.stringValue ?? "")
            add("action", "session")
            add("advertiser_id", target.advertiserID)
            add("site_id", target.siteID)
            add("sdk", "server")
            add("response_format", "json")
            add("device_ip", ip)
            if ip == nil { warnings.add("no \"ip\": device_ip (required by TUNE) is not sent; pass --ip") }
            fields = checked
            var ids: [String: String] = ["ios_vendor_id": "idfv", "google_advertising_id": "aaid"]
            if platform == .iOS, let type = checked["hardware_id_type"]?.stringValue { ids["hardware_id"] = type == "idfa" ? "idfa" : "idfv" }
            if platform == .android { ids["hardware_id"] = "android_id" }
            try identifiers(checked, platform: platform, ids: ids, limited: checked["ad_tracking_enabled"]?.boolValue != true, into: &r)
            used.formUnion(["server_to_server", "os", "hardware_id", "hardware_id_type", "is_hardware_id_real", "ios_vendor_id",
                            "google_advertising_id", "ad_tracking_enabled"])
            for p in TuneParameters.all where p.copies {
                guard let key = p.open.singleKey, let v = checked[key] else { continue }
                add(p.name, text(v))
                used.insert(key)
            }
            if let u = checked["universal_link_url"]?.stringValue ?? checked["android_app_link_url"]?.stringValue { add("referral_url", u) }
            if let referrer = checked["install_referrer_extras"]?.stringValue { add("install_referrer", referrer) }
            if checked["debug"]?.boolValue == true { add("debug", "1") }
            used.formUnion(["universal_link_url", "android_app_link_url", "install_referrer_extras", "debug"])
            if checked["local_ip"] != nil {
                warnings.add("local_ip is not supported on TUNE API calls; not sent")
                used.insert("local_ip")
            }
        }
        // The device's fields, back from the Branch names the device maps to (first TUNE row per field; the
        // screen by platform: iOS screen_size, Android screen_layout_size).
        var done: Set<String> = []
        for p in TuneParameters.all where p.device != nil && p.flag == nil && !["idfa", "idfv", "gaid", "android_id"].contains(p.device!) {
            let field = p.device!
            if field == "screen" {
                guard !done.contains("screen"), (p.name == "screen_size") == (platform != .android),
                      let w = fields["screen_width"], let h = fields["screen_height"] else { continue }
                add(p.name, "\(text(w))x\(text(h))")
                used.formUnion(["screen_width", "screen_height"])
            } else {
                guard !done.contains(field), let key = branchKey(p, event: isEvent), let v = fields[key] else { continue }
                add(p.name, text(v))
                used.insert(key)
            }
            done.insert(field)
        }
        if !isEvent {
            add("user_id", fields["identity"]?.stringValue)
            used.insert("identity")
            for (k, _) in fields where !used.contains(k) { warnings.add("\(k) has no TUNE counterpart; not sent") }
        } else {
            used.formUnion(["os", "ip", "developer_identity", "limit_ad_tracking", "idfa", "idfv", "aaid", "android_id", "cpu_type", "build"])
            for (k, _) in fields where !used.contains(k) { warnings.add("user_data.\(k) has no TUNE counterpart; not sent") }
        }
        return r
    }

    /// The Branch key a row's fact sits under: its single v1/open key, or its `user_data.KEY`.
    static func branchKey(_ p: TuneParameter, event: Bool) -> String? {
        event ? p.event.singleMember(of: .userData) : p.open.singleKey
    }

    /// Advertising ids and the platform's "limited" flag (TUNE asks for the flag with every ad id). IDFA and
    /// GAID in upper case with hyphens, as TUNE's S2S docs ask; ANDROID_ID as `os_id` (the seed's S2S name).
    static func identifiers(_ o: JSONObject, platform: Platform?, ids: [String: String], limited: Bool, into r: inout TuneRequest) throws(BNCError) {
        let tuneName = ["idfa": "ios_ifa", "idfv": "ios_ifv", "aaid": "google_aid", "android_id": "os_id"]
        for (branch, kind) in ids.sorted(by: { $0.key < $1.key }) {
            guard let v = o[branch]?.stringValue, let name = tuneName[kind], !r.has(name) else { continue }
            r.add(name, kind == "android_id" ? v : v.uppercased())
        }
        switch platform {
        case .iOS?: r.add("ios_ad_tracking_disabled", limited ? "1" : "0")
        case .android?: r.add("google_ad_tracking_disabled", limited ? "1" : "0")
        case nil: break
        }
    }

    static func text(_ v: JSON) -> String {
        switch v {
        case .string(let s): s
        case .number(let n): n.literal
        case .bool(let b): b ? "1" : "0"
        default: v.serialized()
        }
    }
}

extension IPAddress {
    /// A documentation address that stands in when a body is checked without its IP (never sent).
    static let placeholder = try! IPAddress("192.0.2.1")
}
