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

/// What a caller knows of one event beyond the device: bnc-event's flags.
public struct EventInput: Sendable {
    public var name: String
    public var alias: String?
    public var developerIdentity: String?
    /// `--user-data KEY=VALUE|KEY:=JSON`, applied over the device's user_data (null removes).
    public var userData: [(String, JSON)] = []
    /// event_data members by field name, as the flags' text: typed by `EventFields.eventData` (a number
    /// field's text must be a JSON number).
    public var eventData: [(String, String)] = []
    /// custom_data: a JSON object file's members, then `KEY=VALUE` strings.
    public var customJSON: JSONObject?
    public var custom: [String] = []
    /// Content items: from a JSON array file, then `--item` specs.
    public var items: [JSON] = []
    public var itemSpecs: [String] = []
    /// bnc-open's kept token for this device, when there is one.
    public var randomizedDeviceToken: String?

    public init(name: String) { self.name = name }
}

/// Builds a v2 event body from the input and the device, checks it, and makes its request to /standard or /custom.
public enum EventRequest {
    /// The body of one event from its input and the device (unchecked: `request` checks it).
    public static func body(_ input: EventInput, device: Device, ip: IPAddress?) throws(BNCError) -> JSONObject {
        var user = userData(device: device, ip: ip, developerIdentity: input.developerIdentity,
                            randomizedDeviceToken: input.randomizedDeviceToken)
        user.overlay(input.userData)
        var body: JSONObject = ["name": .string(input.name)]
        body["customer_event_alias"] = input.alias.map(JSON.string)
        body["user_data"] = .object(user)
        var eventData = JSONObject()
        for (field, value) in input.eventData {
            guard let spec = EventFields.eventData[field] else { throw BNCError.invalid("event_data.\(field)", "is not an event_data field") }
            switch spec.type {
            case .number, .integer:
                guard let n = JSONNumber(literal: value.trimmingWhitespace()) else {
                    throw BNCError.invalid(spec.flag ?? "event_data.\(field)", "must be a number (got \(value))")
                }
                eventData[field] = .number(n)
            default:
                eventData[field] = .string(value)
            }
        }
        if !eventData.isEmpty { body["event_data"] = .object(eventData) }
        var customData = input.customJSON ?? JSONObject()
        var given = Set<String>()  // a flag's key over the file's is an overlay; the same key by two flags is refused
        for c in input.custom {
            guard let eq = c.firstIndex(of: "="), eq != c.startIndex else { throw BNCError.usage("--custom", "must be KEY=VALUE (got \(c))") }
            let key = String(c[..<eq])
            guard given.insert(key).inserted else { throw BNCError.usage("--custom", "gives \(key) twice") }
            customData[key] = .string(String(c[c.index(after: eq)...]))
        }
        if !customData.isEmpty { body["custom_data"] = .object(customData) }
        var items = input.items
        for spec in input.itemSpecs { items.append(.object(try parseItem(spec))) }
        if !items.isEmpty { body["content_items"] = .array(items) }
        return body
    }

    /// The endpoint path for a name: standard names to /standard, others (or `forceCustom`) to /custom.
    public static func path(for name: String, forceCustom: Bool) -> String {
        !forceCustom && EventCatalog.isStandard(name) ? "/v2/event/standard" : "/v2/event/custom"
    }

    /// user_data from the device and the IP override (the same IP goes in the body and the header).
    public static func userData(device: Device, ip: IPAddress?, developerIdentity: String?, randomizedDeviceToken: String?) -> JSONObject {
        var u = JSONObject()
        func set(_ k: String, _ v: String?) { if let v { u[k] = .string(v) } }
        set("os", device.platform?.rawValue ?? device.os)
        set("developer_identity", developerIdentity)
        // Advertising and device ids by platform (both sets when the platform is unknown).
        if device.platform != .android {
            set("idfa", device.idfa)
            set("idfv", device.idfv)
        }
        if device.platform != .iOS {
            set("aaid", device.gaid)
            set("android_id", device.androidID)
            if let oaid = device.oaid { u["advertising_ids"] = ["oaid": .string(oaid)] }
        }
        set("ip", ip?.text)
        set("randomized_device_token", randomizedDeviceToken)
        // The fields the table declares as copied from the device (`device:`).
        for (name, value) in EventFields.userData.values(from: device) { u[name] = value }
        return u
    }

    /// One `--item '$sku=42,$price=19.99,$quantity=1,color=blue'`: typed by the item field table; custom keys
    /// stay strings, flat, as the SDKs send them. `\,` escapes a comma and `\=` an equals sign (`\\` a backslash);
    /// lists take `|` (`$keywords=a|b`). A key given twice is refused, as in a line.
    public static func parseItem(_ spec: String) throws(BNCError) -> JSONObject {
        var item = JSONObject()
        // Each pair as its key and value, split at its first unescaped `=` (nil: none yet).
        var pairs: [(key: String, value: String?)] = []
        var current = "", key: String?
        var escaped = false
        for c in spec {
            if escaped { current.append(c); escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if c == "=", key == nil { key = current; current = ""; continue }
            if c == "," { pairs.append(key.map { ($0, current) } ?? (current, nil)); current = ""; key = nil; continue }
            current.append(c)
        }
        if escaped { throw BNCError.usage("--item", "ends in a lone \\ (write \\\\ for a backslash)") }
        pairs.append(key.map { ($0, current) } ?? (current, nil))
        for pair in pairs where !(pair.key.trimmingWhitespace().isEmpty && (pair.value ?? "").trimmingWhitespace().isEmpty) {
            guard let raw = pair.value, !pair.key.trimmingWhitespace().isEmpty else {
                throw BNCError.usage("--item", "takes KEY=VALUE pairs separated by commas (got \(pair.key)\(pair.value.map { "=" + $0 } ?? ""))")
            }
            let key = pair.key.trimmingWhitespace()
            if item[key] != nil { throw BNCError.usage("--item", "gives \(key) twice") }
            switch EventFields.contentItem[key]?.type {
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

    /// Checks an event body against the tables and the rules; returns it as it is sent: declared keys only
    /// (unknown ones are warnings with a did-you-mean), $product_category in the requested form.
    public static func validate(_ body: JSONObject, categoryForm: CategoryForm = .display, forceCustom: Bool = false,
                                warnings: Warnings = Warnings()) throws(BNCError) -> JSONObject {
        try validate(body, ignoring: nil, ip: nil, categoryForm: categoryForm, forceCustom: forceCustom, warnings: warnings)
    }

    /// The same, leaving out the member `ignoring` (a batch line's `ip`) and filling user_data.ip with `ip` when
    /// it is absent. Each part of the body is replaced only when its check changed it: a line that needs no
    /// change is not copied part by part.
    static func validate(_ body: JSONObject, ignoring: String?, ip: IPAddress?, categoryForm: CategoryForm, forceCustom: Bool,
                         warnings: Warnings) throws(BNCError) -> JSONObject {
        // The tables hold every rule: name and user_data required, the OS in its canonical spelling, a version
        // never blank, an identifier, the User-Agent warning (EventFields).
        var b = try EventFields.envelope.check(body, ignoring: ignoring, warnings: warnings)
        let name = b["name"]!.stringValue!
        let given = b["user_data"]!.objectValue!
        var rawUser = given
        // The device ids as the flags give them: IDFA and IDFV upper case, AAID lower case, an all-zero IDFA or
        // AAID absent (then the identifier rule asks for another, as with --idfa 0000...).
        DeviceIDs.normalise(&rawUser, [DeviceIDs.Member("idfa", upper: true, advertising: true), DeviceIDs.Member("idfv", upper: true, advertising: false),
                                      DeviceIDs.Member("aaid", upper: false, advertising: true)], prefix: "user_data.", warnings: warnings)
        if let ip {
            if rawUser["ip"] == nil {
                rawUser["ip"] = .string(ip.text)
            } else if let given = rawUser["ip"]?.stringValue, let parsed = try? IPAddress(given), parsed.family != ip.family || parsed.bytes != ip.bytes {
                // One address however written (2001:DB8::1 and 2001:db8:0:0::1 are one): compared by its bytes.
                // Branch reads the header; a different user_data.ip is mishandled (the sandbox lints it).
                throw BNCError.invalid("user_data.ip", "must be the IP override's address (\(ip.text), from --ip or the line's ip), not \(given)")
            }
        }
        let user = try EventFields.userData.check(rawUser, prefix: "user_data.", warnings: warnings)
        if !user.isIdentical(to: given) { b["user_data"] = .object(user) }
        if case .object(let data)? = b["event_data"] {
            let checked = try EventFields.eventData.check(data, prefix: "event_data.", warnings: warnings)
            if let c = checked["currency"]?.stringValue { checkCurrency(c, field: "event_data.currency", warnings: warnings) }
            if !checked.isIdentical(to: data) { b["event_data"] = .object(checked) }
        }
        if case .object(let custom)? = b["custom_data"] {
            let checked = try EventFields.customData.check(custom, prefix: "custom_data.", warnings: warnings)
            if !checked.isIdentical(to: custom) { b["custom_data"] = .object(checked) }
        }
        if let list = b["content_items"]?.arrayValue {
            var changed: [JSON]?  // from the first item a check changed on
            for (i, item) in list.enumerated() {
                guard case .object(let o) = item else { throw BNCError.invalid("content_items[\(i)]", "must be an object") }
                let checked = try checkItem(o, index: i, form: categoryForm, warnings: warnings)
                if changed == nil, !checked.isIdentical(to: o) {
                    changed = Array(list.prefix(i))
                    changed?.reserveCapacity(list.count)
                }
                changed?.append(.object(checked))
            }
            if let changed { b["content_items"] = .array(changed) }
        }
        if !forceCustom, !EventCatalog.isStandard(name), let guess = EventCatalog.suggestion(for: name) {
            warnings.add("\(name) is not a standard event: sending it as a custom event (did you mean \(guess)?)")
        }
        return b
    }

    /// The pattern (three upper-case letters) is the field spec's; a code missing from the SDKs' list warns.
    static func checkCurrency(_ code: String, field: String, warnings: Warnings) {
        if !EventCatalog.isCurrency(code) { warnings.add("\(field) \(code) is not in the ISO 4217 list the SDKs ship; sending it as given") }
    }

    /// The first items' paths, made once: a path is needed only for an error or a warning, but the table's check
    /// takes it for every item of every line.
    private static let itemPrefixes = (0..<16).map { "content_items[\($0)]." }

    static func checkItem(_ item: JSONObject, index i: Int, form: CategoryForm, warnings: Warnings) throws(BNCError) -> JSONObject {
        let prefix = i < itemPrefixes.count ? itemPrefixes[i] : "content_items[\(i)]."
        var known = item
        for (k, v) in item where !EventFields.contentItem.declares(k) {
            // `$` keys are Branch's: an unknown one is a typo, not a custom key. Custom keys are flat.
            if k.hasPrefix("$") {
                let guess = EventFields.contentItem.suggestion(for: k).map { " (did you mean \(prefix)\($0)?)" } ?? ""
                warnings.add("\(prefix)\(k) is not a content item field\(guess); not sent")
                known[k] = nil
                continue
            }
            if v.arrayValue != nil || v.objectValue != nil {
                throw BNCError.invalid(prefix + k, "must be a string, number or boolean (custom item keys are flat)")
            }
        }
        var o = try EventFields.contentItem.check(known, prefix: prefix, warnings: warnings)
        if let c = o["$currency"]?.stringValue { checkCurrency(c, field: prefix + "$currency", warnings: warnings) }
        if let s = o["$product_category"]?.stringValue {
            guard let pair = EventCatalog.productCategories.first(where: { $0.enumName == s || $0.display.lowercased() == s.lowercased() }) else {
                throw BNCError.invalid(prefix + "$product_category", "is not a product category (e.g. \"Baby & Toddler\" or BABY_AND_TODDLER)")
            }
            o["$product_category"] = .string(form == .display ? pair.display : pair.enumName)
        }
        return o
    }

    /// The whole request: the key first, then the checked body, to /standard or /custom by its name; the IP
    /// override as X-IP-Override (and user_data.ip, filled when absent: the documented pair).
    public static func request(_ body: JSONObject, key: BranchKey, ip: IPAddress?, baseURL: String?, forceCustom: Bool,
                               categoryForm: CategoryForm, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        try request(body, ignoring: nil, key: key, ip: ip, baseURL: baseURL, forceCustom: forceCustom,
                    categoryForm: categoryForm, warnings: warnings)
    }

    /// A batch line: `{name, user_data, event_data, custom_data, content_items, customer_event_alias, ip}`.
    public static func request(line: JSONObject, key: BranchKey, ip: IPAddress?, baseURL: String?, forceCustom: Bool,
                               categoryForm: CategoryForm, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        try request(line, ignoring: "ip", key: key, ip: try Branch.lineIP(line, fallback: ip, warnings: warnings), baseURL: baseURL,
                    forceCustom: forceCustom, categoryForm: categoryForm, warnings: warnings)
    }

    private static func request(_ body: JSONObject, ignoring: String?, key: BranchKey, ip: IPAddress?, baseURL: String?,
                                forceCustom: Bool, categoryForm: CategoryForm, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        var checked = try validate(body, ignoring: ignoring, ip: ip, categoryForm: categoryForm, forceCustom: forceCustom,
                                   warnings: warnings)
        let name = checked["name"]!.stringValue!
        checked.prepend("branch_key", .string(key.value))
        var headers = HTTPHeaders()
        headers.reserveCapacity(3)  // and Content-Type
        headers.add("Accept", "application/json")
        if let ip { headers.add("X-IP-Override", ip.text) }
        return HTTPRequest(method: "POST", base: baseURL ?? Branch.defaultBaseURL, path: path(for: name, forceCustom: forceCustom),
                           headers: headers, body: .json(.object(checked)))
    }
}
