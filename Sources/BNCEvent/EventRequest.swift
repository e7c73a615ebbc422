// Building and checking a v2 event body: user_data from the device, typed event_data, custom_data and content
// items. Pure values: no I/O.
import BNCCore

/// Which vocabulary $product_category is sent in.
public enum CategoryForm: String, Sendable, CaseIterable {
    /// "Baby & Toddler", what the SDKs send (the default).
    case display
    /// "BABY_AND_TODDLER", the OpenAPI enum.
    case `enum`
}

public enum EventRequest {
    /// The endpoint path for a name: standard names to /standard, others (or `forceCustom`) to /custom.
    public static func path(for name: String, forceCustom: Bool) -> String {
        !forceCustom && EventCatalog.isStandard(name) ? "/v2/event/standard" : "/v2/event/custom"
    }

    /// user_data from the device and the IP override (the same IP goes in the body and the header).
    public static func userData(device: Device, ip: IPAddress?, developerIdentity: String?, randomizedDeviceToken: String?) -> JSONObject {
        var u = JSONObject()
        func set(_ k: String, _ v: String?) { if let v { u[k] = .string(v) } }
        set("os", device.platform?.rawValue ?? device.os)
        set("os_version", device.osVersion)
        set("user_agent", device.userAgent)
        set("developer_identity", developerIdentity)
        switch device.platform {
        case .iOS?:
            set("idfa", device.idfa)
            set("idfv", device.idfv)
        case .android?:
            set("aaid", device.gaid)
            set("android_id", device.androidID)
        case nil:
            set("idfa", device.idfa)
            set("idfv", device.idfv)
            set("aaid", device.gaid)
            set("android_id", device.androidID)
        }
        if let oaid = device.oaid { u["advertising_ids"] = ["oaid": .string(oaid)] }
        if let lat = device.limitAdTracking { u["limit_ad_tracking"] = .bool(lat) }
        set("ip", ip?.text)
        set("country", device.country)
        set("language", device.language)
        set("brand", device.brand)
        set("model", device.model)
        set("app_version", device.appVersion)
        set("local_ip", device.localIP)
        set("randomized_device_token", randomizedDeviceToken)
        if let w = device.screenWidth { u["screen_width"] = .int(w) }
        if let h = device.screenHeight { u["screen_height"] = .int(h) }
        if let d = device.screenDPI { u["screen_dpi"] = .int(d) }
        return u
    }

    /// One `--item '$sku=42,$price=19.99,$quantity=1,color=blue'`: typed by the item field table; custom keys
    /// stay strings, flat, as the SDKs send them. `\,` escapes a comma; lists take `|` (`$keywords=a|b`).
    public static func parseItem(_ spec: String) throws(BNCError) -> JSONObject {
        var item = JSONObject()
        var parts: [String] = []
        var current = ""
        var escaped = false
        for c in spec {
            if escaped { current.append(c); escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if c == "," { parts.append(current); current = ""; continue }
            current.append(c)
        }
        parts.append(current)
        for part in parts where !part.trimmingWhitespace().isEmpty {
            guard let eq = part.firstIndex(of: "="), eq != part.startIndex else {
                throw BNCError.usage("--item", "takes KEY=VALUE pairs separated by commas (got \(part))")
            }
            let key = String(part[..<eq]).trimmingWhitespace()
            let raw = String(part[part.index(after: eq)...])
            switch EventCatalog.itemFields[key] {
            case .number?, .integer?:
                guard let n = JSONNumber(literal: raw.trimmingWhitespace()) else {
                    throw BNCError.invalid("--item \(key)", "must be a number (got \(raw))")
                }
                item[key] = .number(n)
            case .boolean?:
                guard let b = ["true": true, "false": false][raw.lowercased()] else {
                    throw BNCError.invalid("--item \(key)", "must be true or false")
                }
                item[key] = .bool(b)
            case .strings?:
                item[key] = .array(raw.split(separator: "|").map { .string(String($0)) })
            default:
                item[key] = .string(raw)
            }
        }
        return item
    }

    /// Checks an event body; returns it with $product_category in the requested form.
    /// `warn` receives warnings (an unknown currency).
    public static func validate(_ body: JSONObject, categoryForm: CategoryForm = .display,
                                warn: (String) -> Void = { _ in }) throws(BNCError) -> JSONObject {
        var b = body
        guard let name = b["name"]?.stringValue, !name.trimmingWhitespace().isEmpty else {
            throw BNCError.invalid("name", "is required")
        }
        guard case .object(let user)? = b["user_data"] else {
            throw BNCError.invalid("user_data", "is required: the device and user the event is about")
        }
        try checkIdentifier(user)
        if user["user_agent"] == nil {
            warn("user_data.user_agent is missing: Branch asks server-side events to carry the device's User-Agent (--user-agent)")
        }
        if let e = b["event_data"] {
            guard case .object(let data) = e else { throw BNCError.invalid("event_data", "must be an object") }
            for (k, v) in data {
                if EventCatalog.eventDataNumbers.contains(k) {
                    guard v.numberValue != nil else { throw BNCError.invalid("event_data.\(k)", "must be a number, got \(v.typeName)") }
                } else if EventCatalog.eventDataStrings.contains(k) {
                    guard let s = v.stringValue else { throw BNCError.invalid("event_data.\(k)", "must be a string, got \(v.typeName)") }
                    if k == "currency" { try checkCurrency(s, field: "event_data.currency", warn: warn) }
                    if k == "ad_type", !EventCatalog.adTypes.contains(s) {
                        throw BNCError.invalid("event_data.ad_type", "must be one of \(EventCatalog.adTypes.joined(separator: ", "))")
                    }
                } else {
                    throw BNCError.invalid("event_data.\(k)", "is not an event_data field (custom keys go in custom_data)")
                }
            }
        }
        if let c = b["custom_data"], c.objectValue == nil { throw BNCError.invalid("custom_data", "must be an object") }
        if let a = b["customer_event_alias"], a.stringValue == nil { throw BNCError.invalid("customer_event_alias", "must be a string") }
        if let items = b["content_items"] {
            guard let list = items.arrayValue else { throw BNCError.invalid("content_items", "must be an array of objects") }
            var out: [JSON] = []
            for (i, item) in list.enumerated() {
                guard case .object(let o) = item else { throw BNCError.invalid("content_items[\(i)]", "must be an object") }
                out.append(.object(try checkItem(o, index: i, form: categoryForm, warn: warn)))
            }
            b["content_items"] = .array(out)
        }
        return b
    }

    /// At least one identifier: developer_identity, browser_fingerprint_id, idfa/idfv on iOS, android_id/aaid on Android.
    static func checkIdentifier(_ user: JSONObject) throws(BNCError) {
        func has(_ k: String) -> Bool { user[k]?.stringValue.map { !$0.isEmpty } ?? false }
        if has("developer_identity") || has("browser_fingerprint_id") { return }
        let os = user["os"]?.stringValue?.lowercased()
        if os == "ios" && (has("idfa") || has("idfv")) { return }
        if os == "android" && (has("android_id") || has("aaid")) { return }
        throw BNCError.invalid("user_data", "must identify the user: --developer-identity, or --os iOS with --idfa/--idfv, or --os Android with --android-id/--gaid")
    }

    static func checkCurrency(_ code: String, field: String, warn: (String) -> Void) throws(BNCError) {
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw BNCError.invalid(field, "must be three upper-case letters (ISO 4217), got \(code)")
        }
        if !EventCatalog.currencies.contains(code) { warn("\(field) \(code) is not in the ISO 4217 list the SDKs ship; sending it as given") }
    }

    static func checkItem(_ item: JSONObject, index i: Int, form: CategoryForm, warn: (String) -> Void) throws(BNCError) -> JSONObject {
        var o = item
        for (k, v) in item {
            let at = "content_items[\(i)].\(k)"
            switch EventCatalog.itemFields[k] {
            case .number?: guard v.numberValue != nil else { throw BNCError.invalid(at, "must be a number, got \(v.typeName)") }
            case .integer?: guard v.isNull || v.numberValue?.isInteger == true else { throw BNCError.invalid(at, "must be epoch milliseconds (an integer)") }
            case .boolean?: guard v.boolValue != nil else { throw BNCError.invalid(at, "must be a boolean") }
            case .strings?: guard v.arrayValue?.allSatisfy({ $0.stringValue != nil }) == true else { throw BNCError.invalid(at, "must be an array of strings") }
            case .string?: guard v.stringValue != nil else { throw BNCError.invalid(at, "must be a string, got \(v.typeName)") }
            case nil:
                if k == "$custom_fields" { continue }
                if k.hasPrefix("$") { throw BNCError.invalid(at, "is not a content item field") }
                if v.arrayValue != nil || v.objectValue != nil { throw BNCError.invalid(at, "must be a string, number or boolean (custom item keys are flat)") }
            }
        }
        if let s = item["$content_schema"]?.stringValue, !EventCatalog.contentSchemas.contains(s) {
            throw BNCError.invalid("content_items[\(i)].$content_schema", "is not a content schema (e.g. COMMERCE_PRODUCT)")
        }
        if let s = item["$condition"]?.stringValue, !EventCatalog.conditions.contains(s) {
            throw BNCError.invalid("content_items[\(i)].$condition", "must be one of \(EventCatalog.conditions.sorted().joined(separator: ", "))")
        }
        if let c = item["$currency"]?.stringValue { try checkCurrency(c, field: "content_items[\(i)].$currency", warn: warn) }
        if let s = item["$product_category"]?.stringValue {
            guard let pair = EventCatalog.productCategories.first(where: { $0.enumName == s || $0.display.lowercased() == s.lowercased() }) else {
                throw BNCError.invalid("content_items[\(i)].$product_category", "is not a product category (e.g. \"Baby & Toddler\" or BABY_AND_TODDLER)")
            }
            o["$product_category"] = .string(form == .display ? pair.display : pair.enumName)
        }
        return o
    }
}
