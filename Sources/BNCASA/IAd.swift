// The legacy iAd attribution dictionary (2018 API, tune-and-apple-ads-facts A7/A8): read from JSON with its
// `Version3.1` wrapper, from the plist-like text Apple's sample prints, or from Branch's base64
// `search_ad_encoded`; mapped to AdServices names; encoded back for v1/open. Pure values.
import BNCCore
import FoundationEssentials

/// A legacy iAd attribution dictionary: its version wrapper and fields, with its AdServices and Branch forms.
public struct IAdRecord: Sendable {
    /// The wrapper key (`Version3.1`), when there was one.
    public let version: String?
    /// The fields as delivered (strings, numbers or booleans).
    public let fields: JSONObject

    /// `"iad-attribution": "false"` as a string is false (an SDK once counted it as attributed).
    public var attributed: Bool {
        switch fields["iad-attribution"] {
        case .bool(let b)?: b
        case .string(let s)?: s.lowercased() == "true" || s == "1"
        case .number(let n)?: n.literal == "1"
        default: false
        }
    }

    /// Apple's development payload: what iAd answered on a test device or a simulator, whatever the install. Branch's
    /// iOS SDK recognised it by these six values (BNCAppleSearchAds `isAppleTestData`) and could drop it
    /// (`ignoreAppleTestData`): it attributes nothing.
    public static let appleTestValues: [(key: String, value: String)] = [
        ("iad-adgroup-id", "1234567890"), ("iad-adgroup-name", "AdGroupName"), ("iad-campaign-id", "1234567890"),
        ("iad-campaign-name", "CampaignName"), ("iad-org-id", "1234567890"), ("iad-org-name", "OrgName"),
    ]

    /// True for Apple's test payload (see `appleTestValues`), with its ids as strings or numbers.
    public var isAppleTestData: Bool {
        Self.appleTestValues.allSatisfy { fields[$0.key]?.plainText == $0.value }
    }

    /// iAd key -> AdServices key (the Kochava table of A7).
    public static let mapping: [(iad: String, adServices: String)] = [
        ("iad-attribution", "attribution"), ("iad-org-id", "orgId"), ("iad-campaign-id", "campaignId"),
        ("iad-adgroup-id", "adGroupId"), ("iad-keyword-id", "keywordId"), ("iad-creativeset-id", "creativeSetId"),
        ("iad-ad-id", "adId"), ("iad-country-or-region", "countryOrRegion"), ("iad-conversion-type", "conversionType"),
        ("iad-click-date", "clickDate"),
    ]

    /// The AdServices view: ids as 64-bit integers, the flag a boolean, names iAd alone had left out.
    public var adServices: JSONObject {
        var o = JSONObject()
        for (iad, key) in Self.mapping {
            guard let v = fields[iad] else { continue }
            if key == "attribution" { o[key] = .bool(attributed); continue }
            if key.hasSuffix("Id"), let n = Int64(v.plainText) { o[key] = .number(JSONNumber(n)); continue }
            o[key] = .string(v.plainText)
        }
        return o
    }

    public var json: JSON {
        ["version": version.map(JSON.string) ?? .null, "attributed": .bool(attributed), "apple_test_data": .bool(isAppleTestData),
         "fields": .object(fields), "adservices": .object(adServices)]
    }

    /// The dictionary as the SDK held it: the version wrapper around the fields.
    public var dictionary: JSON { .object([version ?? "Version3.1": .object(fields)]) }

    /// Branch's `search_ad_encoded`: the dictionary (wrapper included) as JSON, UTF-8, standard Base64, one line.
    public var searchAdEncoded: String { Data(dictionary.bytes).base64EncodedString() }
}

/// Reads an iAd payload from JSON, Apple's plist-like text, or Base64 of JSON (`search_ad_encoded`).
public enum IAd {
    /// Reads any of the three forms.
    public static func decode(_ text: String) throws(BNCError) -> IAdRecord {
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasPrefix("{") {
            if let json = try? JSON.parse(trimmed) { return try record(json) }
            return try record(try PlistText.parse(trimmed))
        }
        let compact = String(trimmed.unicodeScalars.filter { !$0.properties.isWhitespace })
        guard let data = Data(base64Encoded: compact), let json = try? JSON.parse(bytes: Array(data)) else {
            throw BNCError.invalid("iAd payload", "is neither JSON, the plist-like text of Apple's sample, nor Base64 of JSON (search_ad_encoded)")
        }
        return try record(json)
    }

    static func record(_ json: JSON) throws(BNCError) -> IAdRecord {
        guard case .object(let o) = json else { throw BNCError.invalid("iAd payload", "must be a dictionary") }
        // The TUNE SDK finds the version key by prefix, case-insensitively; so does bnc.
        if let (key, inner) = o.first(where: { $0.key.lowercased().hasPrefix("version") }) {
            guard case .object(let fields) = inner else { throw BNCError.invalid(key, "must be a dictionary of iad-* fields") }
            try checkNumbers(fields)
            return IAdRecord(version: key, fields: fields)
        }
        guard o.keys.contains(where: { $0.hasPrefix("iad-") }) else {
            throw BNCError.invalid("iAd payload", "has no Version… wrapper and no iad-* fields")
        }
        try checkNumbers(o)
        return IAdRecord(version: nil, fields: o)
    }

    /// Numbers are finite (1e999 is no id, and JSON readers make it infinity or refuse it), and an id given as a
    /// number is a whole one within 64 bits, as AdServices keeps ids.
    static let idSpec = FieldSpec("id", .integer, "An iAd id")
    static let numberSpec = FieldSpec("number", .number, "An iAd number")

    static func checkNumbers(_ fields: JSONObject) throws(BNCError) {
        for (key, value) in fields {
            guard case .number = value else { continue }
            _ = try (key.hasSuffix("-id") ? idSpec : numberSpec).check(value, at: key)
        }
    }
}
