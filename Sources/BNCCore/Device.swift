// Device metadata: one model for every API, from `--device FILE.json|-` overridden by flags.
// Values are checked and normalised here once; each API module maps them to its own field names.

/// One device field: its name in a device file, its flag, and what it holds.
public struct DeviceField: Sendable, Hashable {
    public let name: String
    public let flag: String
    public let valueName: String
    public let help: String
}

/// The device a request speaks for.
public struct Device: Sendable, Equatable {
    public var os: String?
    public var osVersion: String?
    public var model: String?
    public var brand: String?
    public var appVersion: String?
    public var userAgent: String?
    public var idfa: String?
    public var idfv: String?
    public var gaid: String?
    public var androidID: String?
    public var oaid: String?
    public var limitAdTracking: Bool?
    public var screenWidth: Int?
    public var screenHeight: Int?
    public var screenDPI: Int?
    public var localIP: String?
    public var language: String?
    public var country: String?
    public var locale: String?
    public var carrier: String?
    public var connectionType: String?

    public init() {}

    /// Every field, in the order help and man pages list them.
    public static let fields: [DeviceField] = [
        .init(name: "os", flag: "--os", valueName: "OS", help: "Operating system: iOS or Android (any case)"),
        .init(name: "os_version", flag: "--os-version", valueName: "VERSION", help: "OS version, e.g. 17.4 or an Android API level; NA when unknown"),
        .init(name: "model", flag: "--model", valueName: "MODEL", help: "Device model, e.g. iPhone15,2 or Pixel 8"),
        .init(name: "brand", flag: "--brand", valueName: "BRAND", help: "Device brand, e.g. Apple or Google"),
        .init(name: "app_version", flag: "--app-version", valueName: "VERSION", help: "App version, e.g. 2.3.0"),
        .init(name: "user_agent", flag: "--user-agent", valueName: "UA", help: "The device's browser User-Agent string"),
        .init(name: "idfa", flag: "--idfa", valueName: "UUID", help: "iOS advertising id (IDFA); the all-zero IDFA counts as absent"),
        .init(name: "idfv", flag: "--idfv", valueName: "UUID", help: "iOS vendor id (IDFV)"),
        .init(name: "gaid", flag: "--gaid", valueName: "UUID", help: "Google advertising id (GAID/AAID)"),
        .init(name: "android_id", flag: "--android-id", valueName: "ID", help: "Android ID (hardware id on Android)"),
        .init(name: "oaid", flag: "--oaid", valueName: "ID", help: "Open Anonymous Device Identifier (Huawei and others)"),
        .init(name: "limit_ad_tracking", flag: "--limit-ad-tracking", valueName: "BOOL", help: "The user limited ad tracking (true/false)"),
        .init(name: "screen", flag: "--screen", valueName: "WxH", help: "Screen size in pixels, e.g. 1179x2556"),
        .init(name: "screen_dpi", flag: "--screen-dpi", valueName: "DPI", help: "Screen density in dots per inch"),
        .init(name: "local_ip", flag: "--local-ip", valueName: "ADDR", help: "The device's LAN address (in addition to --ip)"),
        .init(name: "language", flag: "--language", valueName: "LANG", help: "ISO 639 language code, e.g. en"),
        .init(name: "country", flag: "--country", valueName: "CC", help: "ISO 3166 country code, e.g. US"),
        .init(name: "locale", flag: "--locale", valueName: "LOCALE", help: "Locale, e.g. en_US"),
        .init(name: "carrier", flag: "--carrier", valueName: "NAME", help: "Mobile carrier name"),
        .init(name: "connection_type", flag: "--connection-type", valueName: "TYPE", help: "Network type, e.g. wifi or mobile"),
    ]

    /// Names a device file may also use: its screen as two numbers.
    static let fileOnlyFields = ["screen_width", "screen_height"]

    /// Sets one field from text, checking and normalising it.
    /// - Parameters:
    ///   - source: how the value reached bnc, named in errors (`--idfa`, `idfa in device.json`).
    ///   - warn: receives warnings (the all-zero IDFA).
    public mutating func set(_ name: String, _ raw: String, source: String, warn: (String) -> Void) throws(BNCError) {
        let value = raw.trimmingWhitespace()
        if value.isEmpty {
            let extra = name == "os_version" ? " (use \"NA\" when unknown)" : " (leave it out instead)"
            throw BNCError.invalid(source, "must not be blank" + extra)
        }
        if value.contains(where: { $0.isNewline || $0 == "\u{0}" }) {
            throw BNCError.invalid(source, "must not contain line breaks")
        }
        switch name {
        case "os": os = value
        case "os_version": osVersion = value
        case "model": model = value
        case "brand": brand = value
        case "app_version": appVersion = value
        case "user_agent": userAgent = value
        case "idfa": idfa = try Self.advertisingUUID(value, source: source, upper: true, name: "IDFA", warn: warn)
        case "idfv": idfv = try Self.uuid(value, source: source, upper: true)
        case "gaid": gaid = try Self.advertisingUUID(value, source: source, upper: false, name: "GAID", warn: warn)
        case "android_id":
            guard value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw BNCError.invalid(source, "must be letters, digits and dashes (an Android ID is 16 hex digits)")
            }
            androidID = value
        case "oaid": oaid = value
        case "limit_ad_tracking":
            switch value.lowercased() {
            case "true", "1", "yes", "on": limitAdTracking = true
            case "false", "0", "no", "off": limitAdTracking = false
            default: throw BNCError.invalid(source, "must be true or false")
            }
        case "screen":
            let parts = value.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
                throw BNCError.invalid(source, "must be WIDTHxHEIGHT in pixels, e.g. 1179x2556")
            }
            screenWidth = w
            screenHeight = h
        case "screen_width": screenWidth = try Self.positive(value, source: source)
        case "screen_height": screenHeight = try Self.positive(value, source: source)
        case "screen_dpi": screenDPI = try Self.positive(value, source: source)
        case "local_ip":
            do {
                localIP = try IPAddress(value).text
            } catch {
                throw BNCError.invalid(source, "must be an IPv4 or IPv6 address")
            }
        case "language":
            guard (2...3).contains(value.count), value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw BNCError.invalid(source, "must be an ISO 639 language code such as en")
            }
            language = value.lowercased()
        case "country":
            guard value.count == 2, value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw BNCError.invalid(source, "must be a two-letter ISO 3166 country code such as US")
            }
            country = value.uppercased()
        case "locale": locale = value
        case "carrier": carrier = value
        case "connection_type": connectionType = value
        default:
            throw BNCError.invalid(source, "is not a device field")
        }
    }

    /// Reads a device file: a JSON object with the snake_case field names (`os_version`, `idfa`, ...).
    public static func load(json: JSON, source: String, warn: (String) -> Void) throws(BNCError) -> Device {
        guard case .object(let object) = json else {
            throw BNCError.invalid(source, "must be a JSON object of device fields, got \(json.typeName)")
        }
        let known = Set(fields.map(\.name) + fileOnlyFields)
        var device = Device()
        for (key, value) in object {
            guard known.contains(key) else {
                throw BNCError.invalid("\(key) in \(source)", "is not a device field (known: \(fields.map(\.name).joined(separator: ", ")), screen_width, screen_height)")
            }
            let text: String
            switch value {
            case .string(let s): text = s
            case .number(let n): text = n.literal
            case .bool(let b): text = b ? "true" : "false"
            case .null: continue
            default: throw BNCError.invalid("\(key) in \(source)", "must be a string, number or boolean, got \(value.typeName)")
            }
            try device.set(key, text, source: "\(key) in \(source)", warn: warn)
        }
        return device
    }

    /// Fields set in `other` replace ours (flags over the device file).
    public func overlaid(by other: Device) -> Device {
        var d = self
        d.os = other.os ?? os
        d.osVersion = other.osVersion ?? osVersion
        d.model = other.model ?? model
        d.brand = other.brand ?? brand
        d.appVersion = other.appVersion ?? appVersion
        d.userAgent = other.userAgent ?? userAgent
        d.idfa = other.idfa ?? idfa
        d.idfv = other.idfv ?? idfv
        d.gaid = other.gaid ?? gaid
        d.androidID = other.androidID ?? androidID
        d.oaid = other.oaid ?? oaid
        d.limitAdTracking = other.limitAdTracking ?? limitAdTracking
        d.screenWidth = other.screenWidth ?? screenWidth
        d.screenHeight = other.screenHeight ?? screenHeight
        d.screenDPI = other.screenDPI ?? screenDPI
        d.localIP = other.localIP ?? localIP
        d.language = other.language ?? language
        d.country = other.country ?? country
        d.locale = other.locale ?? locale
        d.carrier = other.carrier ?? carrier
        d.connectionType = other.connectionType ?? connectionType
        return d
    }

    /// The platform, when `os` names one bnc knows (any case): "iOS" or "Android".
    public var platform: Platform? { os.flatMap(Platform.init(name:)) }

    /// The device as a device file would hold it (snake_case), for `--output json` and round trips.
    public var json: JSON {
        var o = JSONObject()
        o["os"] = os.map(JSON.string)
        o["os_version"] = osVersion.map(JSON.string)
        o["model"] = model.map(JSON.string)
        o["brand"] = brand.map(JSON.string)
        o["app_version"] = appVersion.map(JSON.string)
        o["user_agent"] = userAgent.map(JSON.string)
        o["idfa"] = idfa.map(JSON.string)
        o["idfv"] = idfv.map(JSON.string)
        o["gaid"] = gaid.map(JSON.string)
        o["android_id"] = androidID.map(JSON.string)
        o["oaid"] = oaid.map(JSON.string)
        o["limit_ad_tracking"] = limitAdTracking.map(JSON.bool)
        o["screen_width"] = screenWidth.map(JSON.int)
        o["screen_height"] = screenHeight.map(JSON.int)
        o["screen_dpi"] = screenDPI.map(JSON.int)
        o["local_ip"] = localIP.map(JSON.string)
        o["language"] = language.map(JSON.string)
        o["country"] = country.map(JSON.string)
        o["locale"] = locale.map(JSON.string)
        o["carrier"] = carrier.map(JSON.string)
        o["connection_type"] = connectionType.map(JSON.string)
        return .object(o)
    }

    /// `8-4-4-4-12` hex; 32 bare hex digits and braces are accepted and normalised.
    static func uuid(_ value: String, source: String, upper: Bool) throws(BNCError) -> String {
        var hex = value
        if hex.hasPrefix("{") && hex.hasSuffix("}") { hex = String(hex.dropFirst().dropLast()) }
        let digits = hex.filter { $0 != "-" }
        let dashed = hex.contains("-")
        let groups = hex.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        guard digits.count == 32, digits.allSatisfy(\.isHexDigit), !dashed || groups == [8, 4, 4, 4, 12] else {
            throw BNCError.invalid(source, "must be a UUID (8-4-4-4-12 hex digits)")
        }
        let d = Array(upper ? digits.uppercased() : digits.lowercased())
        return String(d[0..<8]) + "-" + String(d[8..<12]) + "-" + String(d[12..<16]) + "-" + String(d[16..<20]) + "-" + String(d[20..<32])
    }

    /// An advertising id; the all-zero value (what iOS returns without ATT consent, Android with LAT) is absent.
    static func advertisingUUID(_ value: String, source: String, upper: Bool, name: String,
                                warn: (String) -> Void) throws(BNCError) -> String? {
        let id = try uuid(value, source: source, upper: upper)
        if id.allSatisfy({ $0 == "0" || $0 == "-" }) {
            warn("\(source): the all-zero \(name) means the user did not allow tracking; sending no \(name)")
            return nil
        }
        return id
    }

    static func positive(_ value: String, source: String) throws(BNCError) -> Int {
        guard let n = Int(value), n > 0 else { throw BNCError.invalid(source, "must be a positive whole number") }
        return n
    }
}

/// The two platforms Branch's server-to-server API accepts.
public enum Platform: String, Sendable, CaseIterable {
    case iOS
    case android = "Android"

    /// Any case of the name (`ios`, `IOS`, `android`).
    public init?(name: String) {
        switch name.lowercased() {
        case "ios": self = .iOS
        case "android": self = .android
        default: return nil
        }
    }
}
