// Every body field of POST /v1/open, declared once: type, platform, rule, and one line of meaning.
// Validation, --help text and the man page come from this table (seeds/branch-v1-open-s2s-attribution-api.txt,
// branch-api-facts §2.2).
import BNCCore

/// The JSON type a field takes.
public enum FieldType: String, Sendable {
    case string, boolean, integer, object
    /// A string, though a number is accepted and sent as a string (the seed's Android example sends `26`).
    case version
}

/// Where a field may be sent.
public enum FieldPlatform: String, Sendable {
    case any, iOS, android = "Android"
}

/// One /v1/open body field.
public struct OpenField: Sendable {
    public let name: String
    public let type: FieldType
    public let platform: FieldPlatform
    public let required: Bool
    /// Only in an app's first session (the Play install referrer, the legacy iAd payload).
    public let installOnly: Bool
    /// A secret: redacted in every rendering.
    public let secret: Bool
    public let help: String

    init(_ name: String, _ type: FieldType, _ help: String, platform: FieldPlatform = .any, required: Bool = false,
         installOnly: Bool = false, secret: Bool = false) {
        self.name = name
        self.type = type
        self.platform = platform
        self.required = required
        self.installOnly = installOnly
        self.secret = secret
        self.help = help
    }
}

public enum OpenFields {
    public static let all: [OpenField] = [
        OpenField("branch_key", .string, "The app's Branch key", required: true),
        OpenField("branch_secret", .string, "The app's Branch secret", required: true, secret: true),
        OpenField("server_to_server", .boolean, "Always true", required: true),
        OpenField("app_version", .string, "The app's version, e.g. 1.12.4", required: true),
        OpenField("os", .string, "iOS or Android", required: true),
        OpenField("os_version", .version, "OS version, never blank: NA when unknown", required: true),
        OpenField("model", .string, "Device model", required: true),
        OpenField("user_agent", .string, "The device's User-Agent", required: true),
        OpenField("hardware_id", .string, "iOS: IDFA, else IDFV; Android: Android ID; omitted without a device id"),
        OpenField("hardware_id_type", .string, "idfa or vendor_id: what hardware_id holds", platform: .iOS),
        OpenField("ios_vendor_id", .string, "The IDFV", platform: .iOS),
        OpenField("google_advertising_id", .string, "The GAID", platform: .android),
        OpenField("advertising_ids", .object, "Other advertising ids, e.g. {\"oaid\": \"…\"}", platform: .android),
        OpenField("is_hardware_id_real", .boolean, "False when hardware_id cannot be filled", required: true),
        OpenField("ad_tracking_enabled", .boolean, "True, or omitted when Limit Ad Tracking is on"),
        OpenField("local_ip", .string, "The device's LAN address"),
        OpenField("screen_height", .integer, "Screen height in pixels"),
        OpenField("screen_width", .integer, "Screen width in pixels"),
        OpenField("screen_dpi", .integer, "Screen density"),
        OpenField("link_identifier", .string, "link_click_id of the URI or install referrer that opened the app"),
        OpenField("universal_link_url", .string, "The web URL (Universal Link) that opened the app", platform: .iOS),
        OpenField("android_app_link_url", .string, "The web URL (App Link) that opened the app", platform: .android),
        OpenField("facebook_app_link_checked", .boolean, "False to have Branch ask Facebook's deferred deep link API"),
        OpenField("install_referrer_extras", .string, "The whole Play install referrer", platform: .android, installOnly: true),
        OpenField("google_search_install_referrer", .string, "google_search_install_referrer of the referrer", platform: .android, installOnly: true),
        OpenField("clicked_referrer_ts", .integer, "Referrer click timestamp (seconds)", platform: .android, installOnly: true),
        OpenField("install_begin_ts", .integer, "Install begin timestamp (seconds)", platform: .android, installOnly: true),
        OpenField("apple_attribution_token", .string, "AdServices token (24 h life)", platform: .iOS, secret: true),
        OpenField("search_ad_encoded", .string, "Deprecated: Base64 of the legacy iAd response", platform: .iOS, installOnly: true),
        OpenField("first_session", .boolean, "True: INSTALL or REINSTALL; false: OPEN"),
        OpenField("server_to_server_identity", .boolean, "Have Branch issue a randomized_bundle_token"),
        OpenField("randomized_bundle_token", .string, "The token of the first response, sent on every later call"),
        OpenField("identity", .string, "Your (encrypted) user id, at most 127 characters"),
        OpenField("tracking_disabled", .boolean, "Branch stores nothing from this session"),
        OpenField("disable_ad_network_callouts", .boolean, "Keep this session from ad networks"),
        OpenField("local_url", .string, "NativeLink: the Branch URL on the clipboard at first open"),
        OpenField("referrer_gclid", .string, "gclid of the install referrer", platform: .android),
        OpenField("gbraid", .string, "gbraid of the URL that opened the app", platform: .iOS),
        OpenField("custom_param_1", .string, "Custom dimension 1 for reports"),
        OpenField("custom_param_2", .string, "Custom dimension 2 for reports"),
        OpenField("custom_param_3", .string, "Custom dimension 3 for reports"),
        OpenField("brand", .string, "Device brand"),
        OpenField("country", .string, "ISO 3166 country code"),
        OpenField("language", .string, "ISO 639 language code"),
        OpenField("locale", .string, "Locale, e.g. en_US"),
        OpenField("carrier", .string, "Mobile carrier"),
        OpenField("connection_type", .string, "wifi or mobile"),
        OpenField("external_intent_uri", .string, "A non-http URI that opened the app"),
    ]

    public static let byName: [String: OpenField] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The table as --help and the man page show it: one line per field, its type, platform and rule.
    public static var helpText: String {
        all.map { f in
            var tags = [f.type == .version ? "string" : f.type.rawValue]
            if f.platform != .any { tags.append(f.platform.rawValue + " only") }
            if f.required { tags.append("required") }
            if f.installOnly { tags.append("first session only") }
            if f.secret { tags.append("secret") }
            return "  \(f.name) (\(tags.joined(separator: ", "))): \(f.help)"
        }.joined(separator: "\n")
    }

    /// The keys a table shows first: what routing code looks at.
    public static let routingKeys = ["+clicked_branch_link", "+is_first_session", "+match_guaranteed", "+non_branch_link",
                                     "$canonical_url", "$deeplink_path", "~channel", "~feature", "~campaign", "~stage",
                                     "~tags", "~referring_link", "+click_timestamp"]
}
