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
    /// The TUNE request for a Branch body (a batch line's `"ip"` member is the device IP). Every fact comes back
    /// through the parameter table: each row's Branch targets are read from the body (the first row per fact, a
    /// row of the body's platform or of none), the platform's ad-tracking flag from its row, and whatever no row
    /// targets is named in a warning and not sent.
    public static func toTune(_ line: JSONObject, target: TuneTarget, warnings: Warnings) throws(BNCError) -> TuneRequest {
        // The table's rule for advertiser_id and site_id: a URL with another (20 digits, `abc&x`) was printed, then
        // refused by this tool's own check and map (QA round 29a).
        for (flag, id) in [("--advertiser-id", target.advertiserID), ("--site-id", target.siteID)] {
            guard let id else { continue }
            if id.isEmpty || id.first == "0" || !ASCII.isDigits(id) || Int64(id) == nil {
                throw BNCError.usage(flag, "must be TUNE's id, a whole number from 1 to \(Int64.max) (got '\(MessageBound.cut(id, limit: 64))')")
            }
        }
        var body = line
        let ip = body["ip"]?.stringValue
        body["ip"] = nil
        body["branch_key"] = nil
        body["branch_secret"] = nil
        let isEvent = body["name"] != nil || body["user_data"] != nil
        var r = TuneRequest()
        r.path = "/serve"
        // A base URL keeps its scheme and path (the sandbox's /serve is plain http: an https URL for it failed).
        if let base = target.baseURL, let u = HTTPURL(base) {
            r.host = (u.host.contains(":") && !u.host.hasPrefix("[") ? "[\(u.host)]" : u.host) + (u.port.map { ":\($0)" } ?? "")
            if u.scheme.lowercased() != "https" { r.scheme = u.scheme.lowercased() }
            let prefix = u.path.hasSuffix("/") ? String(u.path.dropLast()) : u.path
            r.path = prefix + "/serve"
        }
        func add(_ name: String, _ value: String?) { if let value, !r.has(name) { r.add(name, value) } }

        // What every TUNE request names first: the action, the account and app, and the device's IP.
        let checked: JSONObject, fields: JSONObject
        if isEvent {
            checked = try EventRequest.validate(body, warnings: Warnings())
            fields = checked["user_data"]?.objectValue ?? [:]
        } else {
            checked = try OpenRequest.validate(body, ipOverride: ip.flatMap { try? IPAddress($0) } ?? IPAddress.placeholder, warnings: Warnings())
            fields = checked
        }
        add("action", isEvent ? "conversion" : "session")
        add("advertiser_id", target.advertiserID)
        add("site_id", target.siteID)
        add("sdk", "server")
        add("response_format", "json")
        if isEvent {
            let name = checked["name"]!.stringValue!
            add("site_event_name", TuneParameters.tuneEvent(forBranch: name) ?? name)
        }
        add("device_ip", fields["ip"]?.stringValue ?? ip)
        if !isEvent && ip == nil { warnings.add("no \"ip\": device_ip (required by TUNE) is not sent; pass --ip") }

        let platform = Platform(name: fields["os"]?.stringValue ?? "").map { $0 == .iOS ? TunePlatform.iOS : .android }
        var read = Reading(fields: fields, body: checked)
        // Rows naming one Branch key first, then rows that take whichever of several is left (referral_url).
        for alternatives in [false, true] {
            for p in TuneParameters.all where p.flag == nil && !r.has(p.name) {
                let targets = isEvent ? p.event : p.open
                guard targets.contains(where: { if case .either = $0 { true } else { false } }) == alternatives else { continue }
                if let only = p.platform, let platform, only != platform { continue }
                guard let value = read.value(of: targets) else { continue }
                add(p.name, p.spec.pattern == .uuid ? value.uppercased() : value)
            }
        }
        // TUNE asks for the platform's "limited" flag with every ad id (1 = limited).
        if let platform, let flag = TuneParameters.all.first(where: { $0.flag == .limited && $0.platform == platform }) {
            add(flag.name, read.limited(by: isEvent ? flag.event : flag.open) ? "1" : "0")
        }

        // What no row of the table reads is not sent, and said.
        let targeted = Set(TuneParameters.all.flatMap { p in (isEvent ? p.event : p.open).flatMap(Reading.keys) })
        if isEvent {
            for (k, _) in fields where !targeted.contains("user_data.\(k)") { warnings.add("user_data.\(k) has no TUNE counterpart; not sent") }
            for object in [EventObject.eventData, .customData] {
                for (k, _) in checked[object.rawValue]?.objectValue ?? [:] where !targeted.contains("\(object.rawValue).\(k)") {
                    warnings.add("\(object.rawValue).\(k) has no TUNE counterpart; not sent")
                }
            }
        } else {
            for (k, _) in fields where !targeted.contains(k) && !TuneParameters.impliedInBranch.contains(k) {
                let why = TuneParameters.byName[k].map { ": TUNE's \(k) is \($0.spec.help.prefix(1).lowercased())\($0.spec.help.dropFirst())" } ?? ""
                warnings.add("\(k) has no TUNE counterpart\(why); not sent")
            }
        }
        return r
    }

    /// A Branch body read through a row's targets, each Branch key at most once (the first row of a fact wins).
    struct Reading {
        let fields: JSONObject
        let body: JSONObject
        var used: Set<String> = []

        init(fields: JSONObject, body: JSONObject) {
            self.fields = fields
            self.body = body
        }

        /// The keys (`user_data.idfa`, `hardware_id`) a target may be read from.
        static func keys(_ t: BranchTarget) -> [String] {
            switch t {
            case .key(let k), .omittedWhenLimited(let k), .fixed(let k, _): [k]
            case .keyWith(let k, let companion, _): [k, companion]
            case .either(let ks): ks
            case .member(let o, let k): ["\(o.rawValue).\(k)"]
            case .header, .endpoint, .branchKey: []
            }
        }

        /// One target's value, or nil (absent, read already, or not a value TUNE takes back).
        mutating func read(_ t: BranchTarget) -> JSON? {
            func take(_ key: String, _ value: JSON?) -> JSON? {
                guard let value, !value.isNull, !used.contains(key) else { return nil }
                used.insert(key)
                return value
            }
            switch t {
            case .key(let k): return take(k, fields[k])
            case .keyWith(let k, let companion, let v):
                guard fields[companion]?.stringValue == v else { return nil }
                used.insert(companion)
                return take(k, fields[k])
            case .either(let ks):
                for k in ks { if let v = take(k, fields[k]) { return v } }
                return nil
            case .member(.userData, let k): return take("user_data.\(k)", fields[k])
            case .member(.contentItem, let k):
                return take("content_items[0].\(k)", body["content_items"]?.arrayValue?.first?.objectValue?[k])
            case .member(let o, let k): return take("\(o.rawValue).\(k)", body[o.rawValue]?.objectValue?[k])
            // A fixed value says nothing TUNE lacks (first_session false is any OPEN); flags are read apart.
            case .fixed, .omittedWhenLimited, .header, .endpoint, .branchKey: return nil
            }
        }

        /// A row's value as TUNE's text: one target's, or a WxH pair of two (screen_width, screen_height).
        mutating func value(of targets: [BranchTarget]) -> String? {
            guard !targets.isEmpty else { return nil }
            let saved = used
            var parts: [String] = []
            for t in targets {
                guard let v = read(t) else { used = saved; return nil }
                parts.append(TuneReverse.text(v))
            }
            return parts.joined(separator: "x")
        }

        /// Whether the body says ad tracking is limited, through the flag row's target.
        func limited(by targets: [BranchTarget]) -> Bool {
            for t in targets {
                switch t {
                case .omittedWhenLimited(let k): return fields[k]?.boolValue != true
                case .member(.userData, let k): return fields[k]?.boolValue ?? false
                default: continue
                }
            }
            return false
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
