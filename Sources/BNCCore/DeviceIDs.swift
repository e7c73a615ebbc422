// A body's device ids held to the rules the device flags follow (Device.swift): a UUID in the case the flags send
// it (IDFA and IDFV upper case, GAID lower case), and an all-zero advertising id (no consent: iOS without ATT,
// Android with Limit Ad Tracking) absent. A batch line, a --body file and -f are bodies: they sent the all-zero id
// as a real one (every denied device one Branch device) and kept a lower-case IDFV (one iPhone, two devices).

/// Normalises the device ids of a request body (or its user_data) as the device flags are normalised.
public enum DeviceIDs {
    /// One id member: its name, the case its UUID takes, and whether it is an advertising id (all zeros: absent).
    public struct Member: Sendable {
        public let name: String
        public let upper: Bool
        public let advertising: Bool
        public init(_ name: String, upper: Bool, advertising: Bool) {
            self.name = name
            self.upper = upper
            self.advertising = advertising
        }
    }

    /// The UUID dashed 8-4-4-4-12 in the given case, from any form the flags take (dashed, 32 bare hex digits,
    /// braced); nil when the text is no UUID (left for the field's own rule).
    public static func canonical(_ s: String, upper: Bool) -> String? {
        if FieldPattern.uuid.matches(s) { return upper ? s.uppercased() : s.lowercased() }
        return try? Device.uuid(s, source: "", upper: upper)
    }

    public static func isAllZero(_ s: String) -> Bool {
        canonical(s, upper: true)?.utf8.allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "-") } ?? false
    }

    /// Each member's UUID in its case; an all-zero advertising id removed, with a warning naming it.
    /// - Returns: the members removed.
    @discardableResult
    public static func normalise(_ object: inout JSONObject, _ members: [Member], prefix: String = "", warnings: Warnings?) -> [String] {
        var removed: [String] = []
        for m in members {
            guard case .string(let s)? = object[m.name] else { continue }
            if m.advertising && isAllZero(s) {
                object[m.name] = nil
                removed.append(m.name)
                warnings?.add("\(prefix)\(m.name) is the all-zero id: the user did not allow tracking; not sent")
            } else if let c = canonical(s, upper: m.upper), c != s {
                object[m.name] = .string(c)
            }
        }
        return removed
    }
}
