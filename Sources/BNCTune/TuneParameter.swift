// One TUNE parameter: its spec, group, requirement, device field and Branch targets.
import BNCCore
import BNCOpen

/// The fact sheet's grouping of TUNE parameters.
public enum TuneGroup: String, Sendable, CaseIterable {
    case routing = "Routing"
    case identifiers = "Identifiers and ad-tracking flags"
    case device = "Device, app and locale"
    case event = "User and event"
    case attribution = "Partner attribution"
}

/// What a TUNE ad-tracking flag's 1 means.
public enum FlagSense: String, Sendable {
    /// 1 = the user limited ad tracking (`ios_ad_tracking_disabled`, what TUNE's S2S docs use).
    case limited
    /// 1 = tracking allowed (`ios_ad_tracking`, what the iOS SDK sends): the inverse.
    case allowed
}

/// One TUNE parameter and where its value goes in Branch's APIs.
/// A class: the table is read per parameter of every scanned line, and a reference is one retain, not a copy.
public final class TuneParameter: Sendable {
    /// Name, type (of the text in the query), rule and one-line meaning: values are checked by this spec, as
    /// every other field of the suite is.
    public let spec: FieldSpec
    public let group: TuneGroup
    /// Whether TUNE needs it, on which platforms, and who checks that.
    public let requirement: TuneRequirement
    /// Whether the seed's S2S list names it (REQUIRED or OPTIONAL).
    public let seedListed: Bool
    /// The bnc device field its value fills; the API modules map the device to their own names and rules.
    public let device: String?
    /// For an ad-tracking flag: what its 1 means.
    public let flag: FlagSense?
    /// Where it goes in a v1/open request (empty: no counterpart).
    public let open: [BranchTarget]
    /// Where it goes in a v2 event request (empty: no counterpart).
    public let event: [BranchTarget]
    /// The value is copied as is into `open` and `event` (not through the device or special rules).
    public let copies: Bool
    /// The platform whose SDK sends it (iOS's ios_ifa and screen_size, Android's os_id and screen_layout_size);
    /// nil: any. Reading a Branch body back, a row of another platform is passed over.
    public let platform: TunePlatform?

    public var name: String { spec.name }
    /// The platforms on which the seed marks it REQUIRED.
    public var requiredOn: Set<TunePlatform> { requirement.platforms }

    init(_ name: String, _ type: FieldType, _ group: TuneGroup, _ help: String, allowed: [String]? = nil, pattern: FieldPattern? = nil,
         range: ClosedRange<Double>? = nil, required: TuneRequirement = .optional, seed: Bool = false, device: String? = nil,
         flag: FlagSense? = nil, open: [BranchTarget] = [], event: [BranchTarget] = [], copies: Bool = false, secret: Bool = false,
         platform: TunePlatform? = nil) {
        spec = FieldSpec(name, type, help, allowed: allowed, pattern: pattern, range: range, maxLength: 4096, secret: secret)
        self.group = group
        requirement = required
        seedListed = seed || required != .optional
        self.device = device
        self.flag = flag
        self.open = open
        self.event = event
        self.copies = copies
        self.platform = platform
    }

    /// A query value as the JSON its spec types (a whole number for an integer parameter, a number for a
    /// number, else the text), checked by the spec: the same machinery as every other field. Errors name the
    /// parameter and the rule.
    public func check(_ text: String) throws(BNCError) -> JSON {
        let value: JSON
        switch spec.type {
        case .integer, .number:
            guard let n = JSONNumber(literal: text) else {
                throw BNCError.invalid(name, spec.type == .integer ? "must be a whole number (got \(text))" : "must be a finite number (got \(text))")
            }
            value = .number(n)
        default:
            // An empty value is TUNE's "none" (windows_aid when the user disabled it): only its characters are checked.
            if text.isEmpty { return .string(text) }
            // Bytes that were not UTF-8 (percent-decoded %FF, or raw in the log) read as U+FFFD: sent as that, the
            // value Branch got was not the device's.
            if Self.mayHoldReplacement(text), text.unicodeScalars.contains("\u{FFFD}") {
                throw BNCError.invalid(name, "is not valid UTF-8 (its bytes decode to U+FFFD)")
            }
            value = .string(text)
        }
        return try spec.check(value, at: name)
    }

    /// Whether a value holds the byte 0xEF, U+FFFD's first: memchr over a native String's bytes, not a loop over
    /// its UTF8View, for every value the scan checks.
    static func mayHoldReplacement(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { ByteSearch.first(0xEF, in: $0, from: 0, to: $0.count) != nil }
    }

    /// Type, platforms and counterparts as --help and `params` show them.
    public var tags: String {
        var t = [spec.type.label]
        if case .required(_, _, _, _, true, _) = requirement {
            t.append("required server-to-server")
        } else if !requiredOn.isEmpty {
            t.append("required on " + requiredOn.sorted().map(\.rawValue).joined(separator: ", "))
        } else if seedListed {
            t.append("optional (seed)")
        }
        if let flag { t.append("1 = \(flag.rawValue)") }
        return t.joined(separator: ", ")
    }
}
