// bnc-open --explain: each body field and header of the request, its value, where it came from and the rule that
// changed it. The body is built again layer by layer (the --body file, the device, the session flags, -f, the
// state store, the table's check): a field's origin is the last layer that set or changed it.
import BNCCore
import BNCOpen

struct OpenExplanation {
    let start: JSONObject
    let startSource: String?
    let device: Device
    let options: OpenOptions
    let overrides: [(String, JSON)]
    let prepared: JSONObject
    let settings: Settings
    let ipSource: String?
    /// False with --no-state: the first-session decision then has no kept sessions to go by.
    let stateKept: Bool

    /// The lines, values redacted as in every rendering: `body.os = "iOS" ← --os; canonical case (ios → iOS)`.
    func lines(_ request: HTTPRequest, redactor: Redactor, userAgent: String) throws(BNCError) -> [String] {
        let deviceLayer = try OpenRequest.body(base: start, device: device, options: OpenOptions())
        let flagLayer = try OpenRequest.body(base: start, device: device, options: options)
        let fieldLayer = try OpenRequest.body(base: start, device: device, options: options, fields: overrides)
        guard case .json(.object(let sent))? = request.body else { return [] }
        var lines: [String] = []
        for (key, value) in sent {
            var (origin, rule) = self.origin(key, deviceLayer, flagLayer, fieldLayer)
            if let before = prepared[key], before != value, rule == nil {
                let was = before.stringValue ?? before.serialized(), now = value.stringValue ?? value.serialized()
                rule = was.lowercased() == now.lowercased() ? "canonical case (\(was) → \(now))" : "as the table sends it (\(was) → \(now))"
            }
            lines.append(Explanation.field(key, value, from: origin, rule: rule, redactor: redactor))
        }
        if deviceLayer["ad_tracking_enabled"] == nil, start["ad_tracking_enabled"] != nil || device.limitAdTracking == true {
            lines.append("body.ad_tracking_enabled left out ← \(device.sources["limit_ad_tracking"] ?? "limit_ad_tracking"); the user limited ad tracking (the SDKs send no ad_tracking_enabled then)")
        }
        return lines + Explanation.headers(request, tool: "bnc-open", userAgent: userAgent, redactor: redactor) { name in
            name == "X-IP-Override" ? (ipSource ?? "--ip") : "fixed for /v1/open"
        }
    }

    /// Where a key's value came from, and the rule that made it (nil: taken as given).
    func origin(_ key: String, _ deviceLayer: JSONObject, _ flagLayer: JSONObject, _ fieldLayer: JSONObject) -> (String, String?) {
        if let credential = settings.credentialOrigin(key) { return (credential, nil) }
        if prepared[key] != fieldLayer[key] {
            switch key {
            case "first_session" where !stateKept: return ("--no-state", "no sessions kept to go by: a first session (--first-session auto)")
            case "first_session": return ("state.db", prepared[key] == true ? "no session of this device kept: a first session (--first-session auto)"
                                                                            : "sessions of this device kept: not a first session (--first-session auto)")
            case "randomized_bundle_token": return ("state.db", "the token Branch gave this device, sent back (--server-to-server-identity)")
            default: return ("state.db", nil)
            }
        }
        if fieldLayer[key] != flagLayer[key] { return ("-f \(key)", nil) }
        if flagLayer[key] != deviceLayer[key] {
            if let flag = OpenFields.table[key]?.flag { return (flag, nil) }
            if options.openedWith != nil { return ("--opened-with", "read from the URL the app was opened with") }
            if options.installReferrer != nil { return ("--install-referrer", "read from the Play install referrer") }
            return ("a session flag", nil)
        }
        if deviceLayer[key] != start[key] {
            let source = { (field: String) in device.sources[field] ?? field }
            switch key {
            case "server_to_server": return ("default", "a session reported from a server")
            case "hardware_id":
                if device.idfa != nil { return (source("idfa"), "iOS: the IDFA when there is one, else the IDFV") }
                if device.idfv != nil { return (source("idfv"), "iOS: the IDFV (no IDFA given)") }
                if device.androidID == nil, deviceLayer["hardware_id_type"] == "vendor_id" {
                    return (startSource ?? "--body", "iOS: the IDFV given as ios_vendor_id (no IDFA given)")
                }
                return (source("android_id"), "Android: the Android ID")
            case "hardware_id_type": return ("rule", "names the kind of hardware_id (idfa or vendor_id)")
            case "ios_vendor_id" where device.idfv == nil: return (startSource ?? "--body", "upper case, as the SDKs send it")
            case "ios_vendor_id": return (source("idfv"), nil)
            case "google_advertising_id": return (source("gaid"), nil)
            case "advertising_ids": return (source("oaid"), nil)
            case "is_hardware_id_real": return ("rule", "true when a real device id is sent")
            case "ad_tracking_enabled": return ("default", "true unless the user limited ad tracking (Branch's own default, false, drops attribution)")
            case "os":
                let sent = deviceLayer["os"]?.stringValue ?? ""
                return (source("os"), device.os.flatMap { $0 == sent ? nil : "canonical case (\($0) → \(sent))" })
            default:
                if let field = OpenFields.table[key]?.device { return (source(field), nil) }
                return ("the device", nil)
            }
        }
        if start[key] != nil { return (startSource ?? "--body", nil) }
        return ("the request", nil)
    }
}
