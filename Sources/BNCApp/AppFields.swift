// The App API's settings, declared once (help.branch.io/apidocs/app and apidocs/updatebranchappconfig, with the
// legacy public API README's fields): what `bnc-app update --set` may change, each with its type and rule, and
// what Branch sets itself. Validation, --help, `bnc-app fields`, the man page and completion come from here.
import BNCCore

/// An app's settings as field tables.
public enum AppFields {
    /// Every text setting is bounded (4096 characters unless the API says less).
    static func text(_ name: String, _ help: String, max: Int = 4096) -> FieldSpec { FieldSpec(name, .string, help, maxLength: max) }
    /// A redirect a browser is sent to: an absolute http(s) URL, as a link's $desktop_url must be.
    static func url(_ name: String, _ help: String, max: Int = 2048) -> FieldSpec { FieldSpec(name, .string, help, pattern: .httpURL, maxLength: max) }
    static func scheme(_ name: String, _ help: String) -> FieldSpec { FieldSpec(name, .string, help, pattern: .uriScheme, maxLength: 64) }
    static func flag(_ name: String, _ help: String, _ range: ClosedRange<Double> = 0...1) -> FieldSpec { FieldSpec(name, .integer, help, range: range) }
    static func bool(_ name: String, _ help: String) -> FieldSpec { FieldSpec(name, .boolean, help) }

    /// The settings a PUT may change.
    public static let settings = FieldTable("app setting", [
        text("app_name", "The app's name", max: 255),
        text("dev_name", "The main contact's name", max: 255),
        FieldSpec("dev_email", .string, "The main contact's e-mail (sent with every update: the API requires it)", pattern: .email, maxLength: 255),
        flag("always_open_app", "1: try to open the app on a click; 0: do not"),
        flag("android_app", "Android app: 0 disabled, 1 enabled, 2 fallback URL (legacy)", 0...2),
        FieldSpec("android_url", .string, "Play Store URL or package name, or the fallback URL with android_app 2", pattern: .playStoreTarget, maxLength: 4096),
        scheme("android_uri_scheme", "The Android URI scheme (myapp://)"),
        FieldSpec("android_package_name", .string, "The Android package name", pattern: .androidPackage, maxLength: 155),
        FieldSpec("sha256_cert_fingerprints", .strings, "SHA-256 certificate fingerprints for App Links (at most 20)", pattern: .certFingerprint),
        bool("android_app_links_enabled", "App Links enabled"),
        bool("android_cd_enabled", "Content Discovery enabled on Android"),
        text("android_cd_hashed", "Content Discovery hash details"),
        url("android_tablet_url", "Redirect for Android tablets"),
        bool("auto_fetch", "Auto fetching"),
        FieldSpec("deepview_configs", .object,
                  "Deepview configurations: {ios: {...}, android: {...}}, each of enabled (boolean), clipboard_deepview (string) and deepview_audience_id (integer)", checkedByTable: true),
        FieldSpec("default_short_url_domain", .string, "The default link domain (example.app.link)", pattern: .hostname, maxLength: 253),
        flag("ios_app", "iOS app: 0 disabled, 1 enabled, 2 fallback URL (legacy)", 0...2),
        FieldSpec("ios_url", .string, "App Store URL or app id (id512451233), or the fallback URL with ios_app 2", pattern: .appStoreTarget, maxLength: 4096),
        scheme("ios_uri_scheme", "The iOS URI scheme (myapp://)"),
        FieldSpec("ios_store_country", .string, "The App Store country (default US)", pattern: .countryCode),
        FieldSpec("ios_bundle_id", .string, "The iOS bundle id", pattern: .bundleID, maxLength: 155),
        FieldSpec("ios_team_id", .string, "The Apple team id", pattern: .appleTeamID, maxLength: 10),
        bool("universal_linking_enabled", "Universal Links enabled"),
        url("web_url", "Backup website when no URL applies"),
        url("default_desktop_url", "Default desktop redirect"),
        text("text_message", "Text-me message; {{ link }} becomes the link", max: 255),
        text("og_app_id", "Default Open Graph app id", max: 255),
        text("og_title", "Default Open Graph title", max: 255),
        text("og_description", "Default Open Graph description", max: 255),
        url("og_image_url", "Default Open Graph image URL", max: 255),
        url("fire_url", "Redirect on Amazon Fire"),
        url("windows_phone_url", "Redirect on Windows Phone"),
        url("blackberry_url", "Redirect on BlackBerry"),
        text("deepview_desktop", "The deepview chosen for desktop"),
        text("deepview_ios", "The deepview chosen for iOS"),
        text("deepview_android", "The deepview chosen for Android"),
    ])

    /// One side of `deepview_configs` (`ios`, `android`), as the update reference shows it.
    public static let deepviewSide = FieldTable("deepview_configs side", [
        FieldSpec("enabled", .boolean, "Deepviews on for this platform"),
        FieldSpec("clipboard_deepview", .string, "The deepview that copies the link to the clipboard", maxLength: 255),
        FieldSpec("deepview_audience_id", .integer, "The deepview audience", range: 0...Double(Int64.max)),
    ])

    /// Fields an app's settings show that Branch sets itself: never sent in an update. The reference lists none of
    /// them among the PUT parameters; keys and domains change in the dashboard only.
    public static let readOnly: Set<String> = [
        "branch_key", "branch_secret", "creation_date", "id", "app_id", "short_url_domain", "alternate_short_url_domain",
        "dev_phone_number", "origin",
    ]
}
