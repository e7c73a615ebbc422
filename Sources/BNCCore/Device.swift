// Device metadata: one model for every API, from `--device FILE.json|-` overridden by flags.
// Its fields are one FieldTable; values are checked and normalised here once, and each API module maps them to
// its own field names.
import BNCSuite

/// The device a request speaks for: values by field name, checked and normalised on the way in.
public struct Device: Sendable, Equatable {
    /// Normalised values by field name (`screen` is kept as `screen_width` and `screen_height`).
    public private(set) var values: [String: JSON] = [:]
    /// Where each value came from (`--idfv`, `idfv in device.json`), for warnings that name it.
    public private(set) var sources: [String: String] = [:]

    public init() {}

    public static func == (a: Device, b: Device) -> Bool { a.values == b.values }

    /// Every field, in the order help and man pages list them; `screen` stands for width and height.
    public static let table = FieldTable("device", [
        FieldSpec("os", .string, "Operating system: iOS or Android (any case)", flag: "--os", valueName: "OS"),
        FieldSpec("os_version", .version, "OS version, e.g. 17.4 or an Android API level; NA when unknown", flag: "--os-version", valueName: "VERSION"),
        FieldSpec("model", .string, "Device model, e.g. iPhone15,2 or Pixel 8", flag: "--model", valueName: "MODEL"),
        FieldSpec("brand", .string, "Device brand, e.g. Apple or Google", flag: "--brand", valueName: "BRAND"),
        FieldSpec("app_version", .string, "App version, e.g. 2.3.0", flag: "--app-version", valueName: "VERSION"),
        FieldSpec("user_agent", .string, "The device's browser User-Agent string", flag: "--user-agent", valueName: "UA"),
        FieldSpec("idfa", .string, "iOS advertising id (IDFA); the all-zero IDFA counts as absent", pattern: .uuid, platform: .iOS, flag: "--idfa", valueName: "UUID"),
        FieldSpec("idfv", .string, "iOS vendor id (IDFV)", pattern: .uuid, platform: .iOS, flag: "--idfv", valueName: "UUID"),
        FieldSpec("gaid", .string, "Google advertising id (GAID/AAID)", pattern: .uuid, platform: .android, flag: "--gaid", valueName: "UUID"),
        FieldSpec("android_id", .string, "Android ID (hardware id on Android)", platform: .android, flag: "--android-id", valueName: "ID"),
        FieldSpec("oaid", .string, "Open Anonymous Device Identifier (Huawei and others)", platform: .android, flag: "--oaid", valueName: "ID"),
        FieldSpec("limit_ad_tracking", .boolean, "The user limited ad tracking (true/false)", flag: "--limit-ad-tracking", valueName: "BOOL"),
        FieldSpec("screen", .string, "Screen size in pixels, e.g. 1179x2556", flag: "--screen", valueName: "WxH"),
        FieldSpec("screen_dpi", .integer, "Screen density in dots per inch", range: 1...100_000, flag: "--screen-dpi", valueName: "DPI"),
        FieldSpec("local_ip", .string, "The device's LAN address (in addition to --ip)", pattern: .ipAddress, flag: "--local-ip", valueName: "ADDR"),
        FieldSpec("language", .string, "ISO 639 language code, e.g. en", pattern: .languageCode, flag: "--language", valueName: "LANG"),
        FieldSpec("country", .string, "ISO 3166 country code, e.g. US", pattern: .countryCode, flag: "--country", valueName: "CC"),
        FieldSpec("locale", .string, "Locale, e.g. en_US", flag: "--locale", valueName: "LOCALE"),
        FieldSpec("carrier", .string, "Mobile carrier name", flag: "--carrier", valueName: "NAME"),
        FieldSpec("connection_type", .string, "Network type, e.g. wifi or mobile", flag: "--connection-type", valueName: "TYPE"),
    ])

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
        if FieldSpec.forbiddenCharacter(in: value, multiline: false) != nil {
            throw BNCError.invalid(source, "must not contain line breaks or NUL characters")
        }
        var normalised: JSON = .string(value)
        switch name {
        case "idfa": normalised = try Self.advertisingUUID(value, source: source, upper: true, name: "IDFA", warn: warn).map(JSON.string) ?? .null
        case "idfv": normalised = .string(try Self.uuid(value, source: source, upper: true))
        case "gaid": normalised = try Self.advertisingUUID(value, source: source, upper: false, name: "GAID", warn: warn).map(JSON.string) ?? .null
        case "android_id":
            guard value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw BNCError.invalid(source, "must be letters, digits and dashes (an Android ID is 16 hex digits; got \(String(value.prefix(40)).debugDescription))")
            }
        case "limit_ad_tracking":
            // The field's own rule (FieldSpec's one BOOL rule), as a batch line's value is held to it.
            normalised = try Self.table["limit_ad_tracking"]!.check(.string(value), at: source)
        case "screen":
            guard let (w, h) = FieldPattern.screen(value) else { throw BNCError.invalid(source, "must be \(FieldPattern.screenSize.description) (got \(String(value.prefix(40)).debugDescription))") }
            store("screen_width", .int(w), source: source)
            store("screen_height", .int(h), source: source)
            return
        case "screen_width", "screen_height", "screen_dpi": normalised = .int(try Self.positive(value, source: source))
        case "local_ip":
            do {
                normalised = .string(try IPAddress(value).text)
            } catch {
                throw BNCError.invalid(source, "must be an IPv4 or IPv6 address")
            }
        case "language":
            guard FieldPattern.languageCode.matches(value) else { throw BNCError.invalid(source, "must be \(FieldPattern.languageCode.description)") }
            normalised = .string(value.lowercased())
        case "country":
            guard FieldPattern.countryCode.matches(value) else { throw BNCError.invalid(source, "must be \(FieldPattern.countryCode.description)") }
            normalised = .string(value.uppercased())
        default:
            guard Self.table[name] != nil else { throw BNCError.invalid(source, "is not a device field") }
        }
        store(name, normalised, source: source)
    }

    private mutating func store(_ name: String, _ value: JSON, source: String) {
        values[name] = value.isNull ? JSON?.none : value
        sources[name] = value.isNull ? nil : source
    }

    /// Reads a device file: a JSON object with the snake_case field names (`os_version`, `idfa`, ...).
    public static func load(json: JSON, source: String, warn: (String) -> Void) throws(BNCError) -> Device {
        guard case .object(let object) = json else {
            throw BNCError.invalid(source, "must be a JSON object of device fields, got \(json.typeName)")
        }
        let known = table.names + fileOnlyFields
        var device = Device()
        for (key, value) in object {
            guard known.contains(key) else {
                let guess = EditDistance.closest(to: key, in: known).map { " (did you mean \($0)?)" } ?? ""
                throw BNCError.invalid("\(key) in \(source)", "is not a device field\(guess); known: \(known.joined(separator: ", "))")
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
        for (k, v) in other.values { d.values[k] = v }
        for (k, v) in other.sources { d.sources[k] = v }
        return d
    }

    /// Values set for the other platform than the device's (`--idfv` on Android), each with where it came
    /// from: the APIs would drop them, so the command warns naming the flag.
    public var misplacedFields: [(field: String, source: String, platform: Platform)] {
        guard let platform else { return [] }
        return Self.table.fields.compactMap { f in
            guard let p = f.platform, p != platform, values[f.name] != nil else { return nil }
            return (f.name, sources[f.name] ?? f.name, p)
        }
    }

    public subscript(field: String) -> JSON? { values[field] }

    public var os: String? { values["os"]?.stringValue }
    public var osVersion: String? { values["os_version"]?.stringValue }
    public var model: String? { values["model"]?.stringValue }
    public var brand: String? { values["brand"]?.stringValue }
    public var appVersion: String? { values["app_version"]?.stringValue }
    public var userAgent: String? { values["user_agent"]?.stringValue }
    public var idfa: String? { values["idfa"]?.stringValue }
    public var idfv: String? { values["idfv"]?.stringValue }
    public var gaid: String? { values["gaid"]?.stringValue }
    public var androidID: String? { values["android_id"]?.stringValue }
    public var oaid: String? { values["oaid"]?.stringValue }
    public var limitAdTracking: Bool? { values["limit_ad_tracking"]?.boolValue }
    public var screenWidth: Int? { values["screen_width"]?.numberValue?.int64.map(Int.init) }
    public var screenHeight: Int? { values["screen_height"]?.numberValue?.int64.map(Int.init) }
    public var screenDPI: Int? { values["screen_dpi"]?.numberValue?.int64.map(Int.init) }
    public var localIP: String? { values["local_ip"]?.stringValue }
    public var language: String? { values["language"]?.stringValue }
    public var country: String? { values["country"]?.stringValue }
    public var locale: String? { values["locale"]?.stringValue }
    public var carrier: String? { values["carrier"]?.stringValue }
    public var connectionType: String? { values["connection_type"]?.stringValue }

    /// The platform, when `os` names one bnc knows (any case): "iOS" or "Android".
    public var platform: Platform? { os.flatMap(Platform.init(name:)) }

    /// The device as a device file would hold it (snake_case, table order), for `--output json` and round trips.
    public var json: JSON {
        var o = JSONObject()
        for name in Self.table.names.flatMap({ $0 == "screen" ? Self.fileOnlyFields : [$0] }) { o[name] = values[name] }
        return .object(o)
    }

    /// `8-4-4-4-12` hex; 32 bare hex digits and braces are accepted and normalised.
    static func uuid(_ value: String, source: String, upper: Bool) throws(BNCError) -> String {
        var hex = value
        if hex.hasPrefix("{") && hex.hasSuffix("}") { hex = String(hex.dropFirst().dropLast()) }
        let digits = hex.filter { $0 != "-" }
        let dashed = hex.contains("-")
        let groups = hex.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        guard digits.count == 32, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }), !dashed || groups == [8, 4, 4, 4, 12] else {
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
