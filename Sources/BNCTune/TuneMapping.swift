// TUNE request <-> Branch request, driven by the parameter table. A session becomes a v1/open body and a
// conversion a v2 event body, built by BNCOpen's and BNCEvent's own builders from a Device (so Branch's per-OS
// rules are theirs, not copied here). The reverse maps a v1/open or v2 event body back to a TUNE S2S URL.
import BNCCore
import BNCEvent
import BNCOpen

/// A TUNE request mapped to Branch: which API, the body without credentials, and the device's IP.
public struct BranchMapping: Sendable {
    public enum API: String, Sendable { case open = "v1/open", event = "v2/event" }
    public let api: API
    public let body: JSONObject
    public let ip: IPAddress?
    /// TUNE parameters that have no Branch counterpart (kept out, listed for a person).
    public let unmapped: [String]
    /// The device the request described, each field with the TUNE parameter it came from (`--explain`).
    public var device = Device()

    /// The batch-line shape both bnc-open and bnc-event read (`--body -` or `--batch -`): the body plus `"ip"`.
    public var line: JSONObject {
        var o = body
        if let ip { o["ip"] = .string(ip.text) }
        return o
    }

    /// The whole Branch request (credentials placed by the API module, the body checked by its rules).
    public func request(key: BranchKey, secret: Secret?, baseURL: String?, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        switch api {
        case .open:
            guard let secret else { throw BNCError(.configuration, "v1/open needs the app's branch_secret (--secret-file, BRANCH_SECRET or a profile)") }
            return try OpenRequest.request(body, key: key, secret: secret, ip: ip, baseURL: baseURL, warnings: warnings)
        case .event:
            return try EventRequest.request(body, key: key, ip: ip, baseURL: baseURL, forceCustom: false, categoryForm: .display, warnings: warnings)
        }
    }
}

/// Maps a TUNE session or conversion to the Branch v1/open or v2 event request it stands for.
public enum TuneMapping {
    /// A TUNE request -> the Branch request it stands for. Errors name the TUNE parameter and the Branch rule.
    public static func toBranch(_ r: TuneRequest, warnings: Warnings) throws(BNCError) -> BranchMapping {
        guard let action = r.action else { throw BNCError.invalid("action", "is required (session or conversion)") }
        let isSession = TuneParameters.sessionActions.contains(action)
        let isEvent = action == "conversion" || TuneParameters.predefinedEvents.contains { $0.tune == action }
        guard isSession || isEvent else {
            throw BNCError.invalid("action", "\(action) has no Branch server-to-server counterpart (Branch links record clicks and impressions themselves)")
        }
        let platform = r.platform
        if isSession && platform == .windows {
            throw BNCError.invalid("sdk", "windows: Branch's v1/open takes iOS and Android sessions only")
        }
        var device = try self.device(from: r, platform: platform, warnings: warnings)
        if device.userAgent == nil, let ua = r.userAgentHeader {
            try? device.set("user_agent", ua, source: "the log's User-Agent", warn: warnings.add)
        }
        let ip = try deviceIP(r, warnings: warnings)
        var unmapped: [String] = []
        for q in r.parameters {
            let name = q.name
            guard let row = q.row else { unmapped.append(name); continue }
            let p = TuneParameters.all[row]
            let counterpart = isSession ? p.open : p.event
            if counterpart.isEmpty && p.group != .routing { unmapped.append(name) }
        }
        if isSession {
            var mapping = BranchMapping(api: .open, body: try openBody(r, device: device, warnings: warnings), ip: ip, unmapped: unmapped)
            mapping.device = device
            return mapping
        }
        var mapping = BranchMapping(api: .event, body: try eventBody(r, action: action, device: device, ip: ip, warnings: warnings), ip: ip,
                                    unmapped: unmapped)
        mapping.device = device
        return mapping
    }

    /// The device the request describes: every table row with a `device` field, ad-tracking flags normalised to
    /// "limited: yes/no" (a `*_disabled` flag wins over its inverse), ids through the device's own checks.
    static func device(from r: TuneRequest, platform: TunePlatform?, warnings: Warnings) throws(BNCError) -> Device {
        var d = Device()
        if let p = platform?.branch { try d.set("os", p.rawValue, source: "sdk", warn: warnings.add) }
        // Ad tracking: the platform's own flag (an Android flag says nothing about an iOS device); the table
        // declares each `*_disabled` flag (1 = limited) before its inverse, so it wins when both are sent.
        let flag = TuneParameters.all.first { p in
            p.flag != nil && p.device != nil && r.value(p.name) != nil
                && !(platform == .iOS && !p.name.hasPrefix("ios_") || platform == .android && p.name.hasPrefix("ios_"))
        }
        if let flag, let raw = r.value(flag.name) {
            _ = try flag.check(raw)
            try d.set("limit_ad_tracking", (flag.flag == .limited) == (raw == "1") ? "true" : "false", source: flag.name, warn: warnings.add)
        }
        for p in TuneParameters.all where p.flag == nil {
            guard let field = p.device, let raw = r.value(p.name), d[field] == nil else { continue }
            _ = try p.check(raw)
            var value = raw
            if field == "screen_dpi" {
                // Android sends densityDpi (120 and up); iOS a scale such as 3.0.
                guard let n = Double(raw), n >= 72, n == n.rounded(), !raw.contains(".") else {
                    warnings.add("screen_density \(raw) is a scale, not dots per inch: not sent")
                    continue
                }
                value = String(Int(n))
            }
            if field == "country" && raw.count == 3 {
                warnings.add("country_code \(raw) is ISO alpha-3; Branch takes two letters: not sent")
                continue
            }
            do { try d.set(field, value, source: p.name, warn: warnings.add) } catch { throw BNCError.invalid(p.name, Self.rule(of: error)) }
        }
        return d
    }

    static func rule(of error: BNCError) -> String {
        // Device errors read "<source> <rule>" (BNCError.invalid) or "<source>: <rule>"; keep the rule (the
        // parameter was named twice: "screen_size screen_size must be WIDTHxHEIGHT").
        if let field = error.field, error.message.hasPrefix(field + " ") { return String(error.message.dropFirst(field.count + 1)) }
        if let colon = error.message.firstRange(of: ": ") { return String(error.message[colon.upperBound...]) }
        return error.message
    }

    /// What a request must pass before bnc-tune map prints it or replay sends it, by the checks' own findings (check
    /// called these errors, and replay sent them: `advertiser_id=abc`, `site_event_id=1e400` as an event named
    /// "tune_site_event_1e400"): a value TUNE's table refuses (bad-value, bytes that are not UTF-8 among them) is
    /// an error, nothing sent; an unknown, misspelt or repeated parameter a warning (--strict: the line fails).
    public static func admit(_ r: TuneRequest, warnings: Warnings) throws(BNCError) {
        for f in TuneChecker.findings(r) {
            switch f.rule {
            case .badValue: throw BNCError(.invalidData, f.message, field: f.parameter)
            case .unknownKey, .misspeltKey, .repeatedParameter: warnings.add(f.message)
            default: break
            }
        }
    }

    static func deviceIP(_ r: TuneRequest, warnings: Warnings) throws(BNCError) -> IPAddress? {
        if let raw = r.value("device_ip") {
            let ip: IPAddress
            do { ip = try IPAddress(raw) } catch { throw BNCError.invalid("device_ip", "must be an IPv4 or IPv6 address (got \(raw))") }
            if let w = ip.warning { warnings.add("device_ip " + w) }
            return ip
        }
        // SDK traffic came from the device itself: the access log's client address is the device's.
        if !r.isServerToServer, let client = r.clientIP, let ip = try? IPAddress(client) {
            if let w = ip.warning { warnings.add(w) }
            warnings.add("device_ip is missing: using the access log's client address \(client) (SDK traffic comes from the device)")
            return ip
        }
        throw BNCError.invalid("device_ip", "is required: Branch takes the device's IP from X-IP-Override, and this request has none")
    }

    /// Direct copies (`copies` rows) into one API's targets, typed and checked by the row's spec.
    static func copies(_ r: TuneRequest, event: Bool) throws(BNCError) -> [(target: BranchTarget, value: JSON)] {
        var out: [(BranchTarget, JSON)] = []
        for p in TuneParameters.all where p.copies {
            guard let raw = r.value(p.name) else { continue }
            let targets = event ? p.event : p.open
            if targets.isEmpty { continue }
            let value = try p.check(raw)
            for t in targets { out.append((t, value)) }
        }
        return out
    }

    static func openBody(_ r: TuneRequest, device: Device, warnings: Warnings) throws(BNCError) -> JSONObject {
        // What v1/open requires and the TUNE rows fill through the device: refused when missing, or sent as
        // the field's value for "unknown" (os_version "NA").
        var device = device
        for (field, rows) in TuneParameters.branchRequired {
            let source = rows[0].device!
            guard device[source] == nil else { continue }
            guard let unknown = OpenFields.table[field]?.whenUnknown else {
                let names = rows.count > 1 ? " (\(rows.map(\.name).joined(separator: " or ")))" : ""
                throw BNCError.invalid(rows[0].name, "is required: Branch's v1/open needs \(field)\(names)")
            }
            warnings.add("\(rows[0].name) is missing: sent as \"\(unknown)\" (Branch's v1/open requires \(field))")
            try device.set(source, unknown, source: rows[0].name, warn: warnings.add)
        }
        var options = OpenOptions()
        options.identity = r.value("user_id")
        if r["existing_user"] == "1" { options.firstSession = false }
        if let referral = r.value("referral_url") {
            if referral.contains("://") {
                do { options.openedWith = referral; _ = try LinkSources.openedWith(referral, platform: device.platform) } catch {
                    throw BNCError.invalid("referral_url", Self.rule(of: error))
                }
            } else {
                options.installReferrer = referral
            }
        }
        if let referrer = r.value("install_referrer") { options.installReferrer = referrer }
        // Play install-referrer data comes with an app's first open only.
        if options.firstSession == nil, options.installReferrer != nil || r.value("download_date") != nil || r.value("click_timestamp") != nil {
            options.firstSession = true
        }
        var fields: [(String, JSON)] = try copies(r, event: false).compactMap { t, v in t.bodyPath.map { ($0, v) } }
        if r["debug"] == "1" { fields.append(("debug", true)) }
        return fillFromDevice(try OpenRequest.body(device: device, options: options, fields: fields), device: device, event: false)
    }

    /// Device fields the builder does not copy itself (those its table declares without a device source) go
    /// where the TUNE table says: one key in v1/open, `user_data.KEY` in an event.
    static func fillFromDevice(_ body: JSONObject, device: Device, event: Bool) -> JSONObject {
        var b = body
        var user = b["user_data"]?.objectValue ?? [:]
        for p in TuneParameters.all {
            guard let field = p.device, p.flag == nil, let value = device[field] else { continue }
            if event {
                if let key = p.event.singleMember(of: .userData), user[key] == nil { user[key] = value }
            } else if let key = p.open.singleKey, b[key] == nil {
                b[key] = value
            }
        }
        if event { b["user_data"] = .object(user) }
        return b
    }

    static func eventBody(_ r: TuneRequest, action: String, device: Device, ip: IPAddress?, warnings: Warnings) throws(BNCError) -> JSONObject {
        let name: String
        if action != "conversion" {
            name = TuneParameters.standardEvent(forTune: action)!
        } else if let n = r.value("site_event_name") {
            name = TuneParameters.standardEvent(forTune: n) ?? n
        } else if let id = r.value("site_event_id") {
            name = "tune_site_event_\(id)"
            warnings.add("site_event_id \(id) names an event created in TUNE: sent as the custom event \(name)")
        } else {
            throw BNCError.invalid("site_event_name", "is required for a conversion (or site_event_id)")
        }
        var input = EventInput(name: name)
        input.developerIdentity = r.value("user_id")
        var custom = JSONObject()
        for (target, value) in try copies(r, event: true) {
            guard case .member(let object, let key) = target else { continue }
            switch object {
            case .eventData: input.eventData.append((key, value.numberValue?.literal ?? value.stringValue ?? value.serialized()))
            case .customData: custom[key] = value
            case .userData: input.userData.append((key, value))
            case .contentItem: break
            }
        }
        if !custom.isEmpty { input.customJSON = custom }
        if let q = r.value("quantity") { input.items.append(["$quantity": try TuneParameters.byName["quantity"]!.check(q)]) }
        if let json = r.value("site_event_items") { input.items += try items(json) }
        if r.platform == .windows, input.developerIdentity == nil {
            throw BNCError.invalid("user_id", "is required for a Windows conversion: Branch's v2 events identify Windows users by developer_identity only")
        }
        return fillFromDevice(try EventRequest.body(input, device: device, ip: ip), device: device, event: true)
    }

    /// The Windows SDK's `site_event_items` JSON -> content items (`item`, `quantity`, `unit_price`, `revenue`, `attribute_sub1..5`).
    static func items(_ text: String) throws(BNCError) -> [JSON] {
        guard case .array(let list)? = try? JSON.parse(text) else {
            throw BNCError.invalid("site_event_items", "must be a JSON array of items")
        }
        let names = ["item": "$product_name", "quantity": "$quantity", "unit_price": "$price", "revenue": "revenue"]
        return try list.prefix(1000).enumerated().map { (i, entry) throws(BNCError) -> JSON in
            guard case .object(let o) = entry else { throw BNCError.invalid("site_event_items[\(i)]", "must be an object") }
            var item = JSONObject()
            for (k, v) in o { item[names[k] ?? k] = v }
            return .object(item)
        }
    }
}
