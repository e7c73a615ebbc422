// bnc-tune map --explain: for each field of the Branch body a TUNE request became, the TUNE parameter it came from
// (a row of the parameter table, or the device the parameters described) and the rule that applied.
import BNCCore
import BNCEvent
import BNCOpen

extension BranchMapping {
    /// `(path, origin)` for each field of the body, in the body's order (event objects one level down).
    public func explanation(of r: TuneRequest) -> [(path: String, value: JSON, origin: String)] {
        var out: [(String, JSON, String)] = []
        for (key, value) in body {
            if api == .event, let members = value.objectValue, ["user_data", "event_data", "custom_data"].contains(key) {
                for (k, v) in members { out.append(("\(key).\(k)", v, origin(of: "\(key).\(k)", r))) }
            } else {
                out.append((key, value, origin(of: key, r)))
            }
        }
        return out
    }

    func origin(of path: String, _ r: TuneRequest) -> String {
        // A row of the table that copies a parameter the request carries to this path.
        for p in TuneParameters.all where r.value(p.name) != nil {
            for t in api == .open ? p.open : p.event {
                if t.bodyPath == path { return "TUNE \(p.name)" }
                if case .either(let keys) = t, keys.contains(path) { return "TUNE \(p.name) (by its value's kind)" }
            }
        }
        // A device field the parameters described (ids checked and normalised by the device's rules).
        let key = path.split(separator: ".").last.map(String.init) ?? path
        let field: String? = switch key {
        case "hardware_id": device.idfa != nil ? "idfa" : device.idfv != nil ? "idfv" : "android_id"
        case "ios_vendor_id": "idfv"
        case "google_advertising_id", "aaid": "gaid"
        case "advertising_ids": "oaid"
        case "os": "os"
        case "ad_tracking_enabled": "limit_ad_tracking"
        default: api == .open ? OpenFields.table[key]?.device : EventFields.userData[key]?.device ?? (device.sources[key] != nil ? key : nil)
        }
        if let field, let source = device.sources[field] {
            let rule = key == "ad_tracking_enabled" ? ": its ad-tracking flag, read the right way up (1 = limited for *_disabled)" : ""
            return "TUNE \(source)" + rule
        }
        switch path {
        case "name": return "TUNE action or site_event_name (a pre-defined event's Branch name)"
        case "server_to_server", "is_hardware_id_real", "hardware_id_type", "ad_tracking_enabled": return "bnc-open's rule for a server's session"
        case "user_data.ip": return "TUNE device_ip (the same address as X-IP-Override)"
        default: return "the mapping"
        }
    }
}
