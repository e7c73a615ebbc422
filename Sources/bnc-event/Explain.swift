// bnc-event send --explain: each body field and header of the event, its value, where it came from (the name,
// a flag, the device file and its key, --user-data, --custom-json, --items, state.db, the settings) and the rule
// that changed it, on stderr.
import BNCCore
import BNCEvent

struct EventExplanation {
    let flags: EventFlags
    let device: Device
    let settings: Settings
    let ipFromFlag: Bool
    let tokenFromState: Bool

    func lines(_ request: HTTPRequest, redactor: Redactor, userAgent: String) -> [String] {
        guard case .json(.object(let sent))? = request.body else { return [] }
        var lines: [String] = []
        func add(_ path: String, _ value: JSON, _ origin: String, _ rule: String? = nil) {
            lines.append(Explanation.field(path, value, from: origin, rule: rule, redactor: redactor))
        }
        let source = { (field: String) in device.sources[field] ?? "the device" }
        let userDataKeys = Set(flags.userData.compactMap { $0.split(separator: ":", maxSplits: 1).first?.split(separator: "=", maxSplits: 1).first.map(String.init) })
        for (key, value) in sent {
            switch key {
            case "name":
                let standard = request.url.hasSuffix("/standard")
                add(key, value, "the name argument", standard ? "a standard event: sent to /v2/event/standard" : "sent to /v2/event/custom")
            case "customer_event_alias": add(key, value, "--alias")
            case "user_data":
                for (k, v) in value.objectValue ?? [:] {
                    if userDataKeys.contains(k) { add("user_data.\(k)", v, "--user-data \(k)"); continue }
                    switch k {
                    case "os":
                        let rule = device.os.flatMap { $0 == v.stringValue ? nil : "canonical case (\($0) → \(v.stringValue ?? ""))" }
                        add("user_data.os", v, source("os"), rule)
                    case "developer_identity": add("user_data.\(k)", v, "--developer-identity")
                    case "idfa", "idfv", "android_id": add("user_data.\(k)", v, source(k), "sent for the device's platform")
                    case "aaid": add("user_data.aaid", v, source("gaid"), "Android's advertising id, named aaid in events")
                    case "advertising_ids": add("user_data.advertising_ids", v, source("oaid"))
                    case "ip": add("user_data.ip", v, ipFromFlag ? "--ip" : "the settings", "the same address as X-IP-Override")
                    case "randomized_device_token": add("user_data.\(k)", v, tokenFromState ? "state.db" : "--user-data", "the token Branch gave this device's session")
                    default: add("user_data.\(k)", v, EventFields.userData[k]?.device.map(source) ?? "the device")
                    }
                }
            case "event_data":
                for (k, v) in value.objectValue ?? [:] { add("event_data.\(k)", v, EventFields.eventData[k]?.flag ?? "event_data") }
            case "custom_data":
                for (k, v) in value.objectValue ?? [:] {
                    let fromFlag = flags.custom.contains { $0.hasPrefix(k + "=") }
                    add("custom_data.\(k)", v, fromFlag ? "--custom \(k)" : "--custom-json \(flags.customJSON ?? "")",
                        fromFlag ? "a string (--custom-json keeps types)" : nil)
                }
            case "content_items":
                let fromFile = flags.itemsFile.map { "--items \($0)" }
                for (i, item) in (value.arrayValue ?? []).enumerated() {
                    let fromSpec = i >= (value.arrayValue?.count ?? 0) - flags.items.count
                    add("content_items[\(i)]", item, fromSpec ? "--item" : (fromFile ?? "--items"))
                }
            default:
                add(key, value, settings.credentialOrigin(key) ?? "the request")
            }
        }
        return lines + Explanation.headers(request, tool: "bnc-event", userAgent: userAgent, redactor: redactor) { name in
            name == "X-IP-Override" ? (ipFromFlag ? "--ip" : "the settings") : "fixed for /v2/event"
        }
    }
}
