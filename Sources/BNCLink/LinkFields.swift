// Branch links, declared once (branch-api-facts §4.2, §4.7, §4.9; the iOS SDK reference's Link Properties): the
// link's own fields and every control parameter of its `data`, with their types and rules. Validation, --help,
// `bnc-link params`, the man page and completion come from these tables.
import BNCCore

/// The link's fields and its data's control parameters as field tables, with the documented rate limits and caps.
public enum LinkFields {
    /// The link itself (POST /v1/url's body without credentials).
    public static let link = FieldTable("link", [
        FieldSpec("channel", .string, "Where the link is shared: facebook, email, sms ...", maxLength: 255, flag: "--channel"),
        FieldSpec("feature", .string, "What the link is for: sharing, referral, onboarding ...", maxLength: 255, flag: "--feature"),
        FieldSpec("campaign", .string, "The campaign", maxLength: 255, flag: "--campaign"),
        FieldSpec("stage", .string, "The funnel stage", maxLength: 255, flag: "--stage"),
        FieldSpec("tags", .strings, "Free-form tags", flag: "--tag"),
        FieldSpec("alias", .string, "Vanity path, unique per link domain, immutable", maxLength: 128, flag: "--alias"),
        FieldSpec("type", .integer, "0 standard, 1 one-time use, 2 Quick Link (needs $marketing_title and access)", range: 0...2, flag: "--type"),
        FieldSpec("duration", .integer, "Click-to-open match window in seconds (default 7200)", range: 0...31_536_000, flag: "--duration"),
        FieldSpec("identity", .string, "The user who owns the link", maxLength: 127, flag: "--identity"),
        FieldSpec("data", .object, "Deep-link data: control params ($...) and your own keys", flag: "--param", checkedByTable: true),
        FieldSpec("source", .string, "Who made it: ios, android, web"),
        FieldSpec("analytics", .object, "Analytics labels as an object (~channel, ~campaign_id, ...)", checkedByTable: true),
        FieldSpec("qr_code_settings", .object, "QR code settings (a Quick Link's, type 2; see bnc-link qr)", checkedByTable: true),
    ])

    /// `code_pattern`'s values in order (1 standard ... 7 octagons) and `finder_pattern`'s (1 square ... 3 circle).
    public static let codePatterns = ["standard", "squares", "circles", "triangles", "diamonds", "hexagons", "octagons"]
    public static let finderPatterns = ["square", "rounded-square", "circle"]

    /// qr_code_settings: the QR Code API's (POST /v2/qr-code) and a Quick Link's (help.branch.io/apidocs/qr-code,
    /// account-hub/custom-qr-codes-via-api).
    public static let qr = FieldTable("qr_code_settings", [
        FieldSpec("image_format", .string, "Image format (svg: sent by Branch's MCP server, not in the API reference)",
                  allowed: ["png", "jpeg", "jpg", "svg"], foldsCase: true, flag: "--format"),
        FieldSpec("width", .integer, "Width and height of the image in pixels", range: 300...2000, flag: "--width", valueName: "PX"),
        FieldSpec("margin", .integer, "Margin around the code in pixels", range: 1...20, flag: "--margin", valueName: "PX"),
        FieldSpec("code_color", .string, "Colour of the code", pattern: .hexColor, flag: "--code-color", valueName: "#RRGGBB"),
        FieldSpec("background_color", .string, "Colour of the background", pattern: .hexColor, flag: "--background-color", valueName: "#RRGGBB"),
        FieldSpec("finder_pattern_color", .string, "Colour of the three corner squares", pattern: .hexColor, flag: "--finder-pattern-color", valueName: "#RRGGBB"),
        FieldSpec("finder_eye_color", .string, "Colour of the corner squares' centres", pattern: .hexColor, flag: "--finder-eye-color", valueName: "#RRGGBB"),
        FieldSpec("code_pattern", .integer, "Shape of the modules: 1 standard, 2 squares, 3 circles, 4 triangles, 5 diamonds, 6 hexagons, 7 octagons",
                  range: 1...7, flag: "--code-pattern", valueName: "N|NAME"),
        FieldSpec("finder_pattern", .integer, "Shape of the corner squares: 1 square, 2 rounded square, 3 circle", range: 1...3,
                  flag: "--finder-pattern", valueName: "N|NAME"),
        FieldSpec("center_logo_url", .string, "Image drawn in the centre of the code", pattern: .httpURL, flag: "--center-logo-url", valueName: "URL"),
        FieldSpec("background_image_url", .string, "Image the code is drawn over", pattern: .httpURL, flag: "--background-image-url", valueName: "URL"),
        FieldSpec("code_pattern_url", .string, "Image used as the code's pattern", pattern: .httpURL, flag: "--code-pattern-url", valueName: "URL"),
    ])

    /// The QR Code API's documented limits: 25 a second, 100 a minute, 1,000 an hour.
    public static let qrRate = 25.0
    public static let qrWindows = [RateWindow(count: 100, seconds: 60), RateWindow(count: 1000, seconds: 3600)]

    static func url(_ name: String, _ help: String) -> FieldSpec { FieldSpec(name, .string, help, pattern: .httpURL) }
    static func bool(_ name: String, _ help: String) -> FieldSpec { FieldSpec(name, .boolean, help) }
    static func days(_ name: String, _ help: String) -> FieldSpec { FieldSpec(name, .integer, help, range: 0...3650) }
    static func text(_ name: String, _ help: String) -> FieldSpec { FieldSpec(name, .string, help, maxLength: 255) }
    static func label(_ name: String) -> FieldSpec { FieldSpec(name, .string, "Analytics label", maxLength: 255) }

    /// Every control parameter a link's `data` may carry; other keys (not `$`, `~` or `+`) are the app's own.
    public static let data = FieldTable("link control", unknownKeys: .custom(FieldSpec("custom", .any, "Your own deep-link data")), [
        // Redirects and fallbacks.
        url("$fallback_url", "Redirect for every platform when the app cannot open (bots too)"),
        url("$desktop_url", "Desktop redirect"),
        url("$ios_url", "iOS redirect instead of the App Store"),
        url("$ipad_url", "iPad redirect (overrides $ios_url)"),
        url("$android_url", "Android redirect instead of the Play Store"),
        url("$samsung_url", "Samsung Galaxy Store"),
        url("$huawei_url", "Huawei AppGallery"),
        url("$windows_phone_url", "Windows Phone store (legacy)"),
        url("$blackberry_url", "BlackBerry store (legacy)"),
        url("$fire_url", "Amazon Fire store"),
        url("$ios_wechat_url", "iOS redirect inside WeChat"),
        url("$android_wechat_url", "Android redirect inside WeChat"),
        url("$ios_weibo_url", "iOS redirect inside Weibo (older docs)"),
        url("$ios_has_app_url", "iOS redirect when the app is installed (older docs)"),
        url("$windows_desktop_url", "Windows desktop redirect"),
        url("$mac_desktop_url", "macOS desktop redirect"),
        url("$after_click_url", "Where the browser tab goes after the app opened (iOS)"),
        url("$afterclick_desktop_url", "Desktop equivalent of $after_click_url"),
        bool("$web_only", "Always the web ($fallback_url), never the app"),
        bool("$desktop_web_only", "Web on desktop, app on mobile"),
        bool("$mobile_web_only", "Web on mobile, app on desktop"),
        bool("$use_https_app_store", "https App Store links (Reddit workaround)"),
        // Deep linking and routing (branch-in-app-routing).
        text("$deeplink_path", "In-app path for every platform, e.g. content/1234 (no URI scheme)"),
        text("$ios_deeplink_path", "iOS in-app path"),
        text("$android_deeplink_path", "Android in-app path"),
        text("$desktop_deeplink_path", "Desktop in-app path"),
        bool("$always_deeplink", "Try the app even when Branch is not sure it is installed (default true)"),
        FieldSpec("$uri_redirect_mode", .integer, "0 conservative, 1 smart, 2 forceful", range: 0...2),
        FieldSpec("$ios_uri_redirect_mode", .integer, "iOS: 0, 1 or 2", range: 0...2),
        FieldSpec("$android_uri_redirect_mode", .integer, "Android: 0, 1 or 2", range: 0...2),
        FieldSpec("$ios_redirect_timeout", .integer, "Milliseconds before the store redirect on iOS (default 750)", range: 0...60_000),
        FieldSpec("$android_redirect_timeout", .integer, "Milliseconds before the store redirect on Android (default 750)", range: 0...60_000),
        bool("$ios_nativelink", "Route iOS through NativeLink"),
        FieldSpec("$match_duration", .integer, "Click-to-open match window in seconds (default 7200)", range: 0...31_536_000),
        bool("$one_time_use", "Read back: the link is one-time use (type 1)"),
        // Deepviews.
        text("$ios_deepview", "Active Deepview template on iOS"),
        text("$android_deepview", "Active Deepview template on Android"),
        text("$desktop_deepview", "Active Deepview template on desktop"),
        text("$ios_passive_deepview", "Passive Deepview template on iOS"),
        text("$android_passive_deepview", "Passive Deepview template on Android"),
        text("$deepview_path", "Path appended for the Deepview's button"),
        // Open Graph and Twitter.
        FieldSpec("$og_title", .string, "Open Graph title", maxLength: 255),
        FieldSpec("$og_description", .string, "Open Graph description", multiline: true),
        url("$og_image_url", "Open Graph image"),
        FieldSpec("$og_image_width", .integer, "Image width in pixels", range: 1...100_000),
        FieldSpec("$og_image_height", .integer, "Image height in pixels", range: 1...100_000),
        url("$og_video", "Open Graph video"),
        url("$og_url", "Open Graph URL"),
        text("$og_type", "Open Graph type"),
        url("$og_redirect", "Open Graph redirect"),
        text("$og_app_id", "Facebook app id"),
        text("$twitter_card", "Twitter card type"),
        text("$twitter_title", "Twitter title"),
        FieldSpec("$twitter_description", .string, "Twitter description", multiline: true),
        url("$twitter_image_url", "Twitter image"),
        text("$twitter_site", "Twitter @site"),
        text("$twitter_app_country", "Twitter app country"),
        url("$twitter_player", "Twitter player URL"),
        FieldSpec("$twitter_player_width", .integer, "Player width", range: 1...100_000),
        FieldSpec("$twitter_player_height", .integer, "Player height", range: 1...100_000),
        FieldSpec("$custom_meta_tags", .string, "Extra meta tags: a JSON object as a string", multiline: true),
        // Content, indexing, lifetime.
        text("$canonical_identifier", "Your content id"),
        url("$canonical_url", "The content's web URL"),
        FieldSpec("$keywords", .strings, "Discovery keywords"),
        bool("$publicly_indexable", "Set by the content object"),
        text("$content_type", "UTI-style content label"),
        FieldSpec("$exp_date", .integer, "Content expiry, epoch milliseconds (clicks still attributed, no data after)", range: 0...4_102_444_800_000),
        FieldSpec("$link_exp_date", .integer, "Link expiry, epoch milliseconds (the link is deleted then)", range: 0...4_102_444_800_000),
        text("$marketing_title", "Dashboard title; required with type 2"),
        bool("$do_not_process", "No click tracking or analytics"),
        bool("$deeplink_no_attribution", "Deep link only, no attribution"),
        // Attribution windows, in days.
        days("$click_install_window_days", "Click-to-install window (default 7)"),
        days("$click_session_start_window_days", "Click-to-session window (default 1)"),
        days("$click_conversion_window_days", "Click-to-conversion window (default 30)"),
        days("$impression_install_window_days", "Impression-to-install window (default 1)"),
        days("$impression_session_start_window_days", "Impression-to-session window (default 1)"),
        days("$impression_conversion_window_days", "Impression-to-conversion window (default 7)"),
    ] + labels)

    /// Analytics labels (`~` forms) the creator may set, in `data` or in the link's `analytics` object.
    static let labels: [FieldSpec] = [
        label("~channel"), label("~feature"), label("~campaign"), label("~campaign_id"), label("~customer_campaign"),
        label("~stage"), FieldSpec("~tags", .strings, "Tags"), label("~secondary_publisher"), label("~customer_secondary_publisher"),
        label("~creative_name"), label("~creative_id"), label("~ad_set_name"), label("~ad_set_id"), label("~customer_ad_set_name"),
        label("~ad_name"), label("~ad_id"), label("~customer_ad_name"), label("~keyword"), label("~keyword_id"),
        label("~customer_keyword"), label("~placement"), label("~placement_id"), label("~customer_placement"),
        label("~sub_site_name"), label("~customer_sub_site_name"),
    ]

    /// The link's `analytics` object: the same labels, checked as in `data` (a batch line's went unchecked).
    public static let analytics = FieldTable("analytics", labels)

    /// Per-country redirects: `$ios_url_de`, `$android_url_fr`, `$fallback_url_jp` (lower-case ISO alpha-2).
    public static func countryVariant(_ key: String) -> FieldSpec? {
        for base in ["$ios_url", "$android_url", "$fallback_url"] where key.hasPrefix(base + "_") {
            let cc = key.dropFirst(base.count + 1)
            if cc.count == 2, cc.allSatisfy({ $0.isASCII && $0.isLowercase }) {
                return FieldSpec(key, .string, "\(base) for country \(cc.uppercased())", pattern: .httpURL)
            }
        }
        return nil
    }

    /// Keys Branch sets itself and refuses from a creator ("restricted link data keys").
    public static func isRestricted(_ key: String) -> Bool {
        key.hasPrefix("+") || ["~id", "~creation_source", "~referring_link", "~marketing"].contains(key)
    }

    /// The documented rate limits per method (§4.1): the default `--rate` of a batch.
    public static let defaultRates: [String: Double] = ["POST": 200, "PUT": 100, "GET": 100, "DELETE": 100]

    /// The smaller documented bulk payload cap is 100 KB (README); chunks stay under 95 KB.
    public static let bulkChunkBytes = 95 * 1024
}
