// Every body field of POST /v1/open, declared once: type, platform, rule, and one line of meaning.
// Validation, --help text and the man page come from this table (seeds/branch-v1-open-s2s-attribution-api.txt,
// branch-api-facts §2.2).
import BNCCore

/// The field table of a POST /v1/open body, and the answer keys that routing code looks at.
public enum OpenFields {
    /// Every body field: the seed's documented set, then what the SDKs add (accepted by Branch, branch-api-facts §2.2).
    /// Branch's tokens are decimal numbers of about 19 digits; an answer's token is kept and sent on every later
    /// call, so a longer one is refused, from a flag, a line or an answer alike.
    public static let tokenLength = 256

    public static let table = FieldTable("v1/open", platformKey: "os", firstSessionKey: "first_session", [
        FieldSpec("branch_key", .string, "The app's Branch key", required: true, credential: true),
        FieldSpec("branch_secret", .string, "The app's Branch secret", required: true, credential: true, secret: true),
        FieldSpec("server_to_server", .boolean, "Always true", required: true),
        FieldSpec("app_version", .string, "The app's version, e.g. 1.12.4", required: true, flag: "--app-version", device: "app_version"),
        FieldSpec("os", .string, "iOS or Android, any case (sent as written here)", allowed: ["iOS", "Android"], required: true,
                  foldsCase: true, hint: "--os iOS or --os Android", flag: "--os"),
        FieldSpec("os_version", .version, "OS version, never blank: NA when unknown", required: true, whenUnknown: "NA",
                  flag: "--os-version", device: "os_version"),
        FieldSpec("model", .string, "Device model", required: true, flag: "--model", device: "model"),
        FieldSpec("user_agent", .string, "The device's User-Agent", required: true, flag: "--user-agent", device: "user_agent"),
        FieldSpec("hardware_id", .string, "iOS: IDFA, else IDFV; Android: Android ID; omitted without a device id", notBlank: true),
        FieldSpec("hardware_id_type", .string, "idfa or vendor_id: what hardware_id holds (random: an id marked unreal)", allowed: ["idfa", "vendor_id", "random"], platform: .iOS),
        FieldSpec("ios_vendor_id", .string, "The IDFV", pattern: .uuid, platform: .iOS, flag: "--idfv"),
        FieldSpec("google_advertising_id", .string, "The GAID (the all-zero GAID counts as absent)", pattern: .uuid, platform: .android, flag: "--gaid"),
        FieldSpec("advertising_ids", .object, "Other advertising ids, e.g. {\"oaid\": \"…\"}", platform: .android, flag: "--oaid"),
        FieldSpec("is_hardware_id_real", .boolean, "False when hardware_id cannot be filled", required: true),
        FieldSpec("ad_tracking_enabled", .boolean, "True, or omitted when Limit Ad Tracking is on", flag: "--limit-ad-tracking"),
        FieldSpec("local_ip", .string, "The device's LAN address", pattern: .ipAddress, flag: "--local-ip", device: "local_ip"),
        FieldSpec("screen_height", .integer, "Screen height in pixels", range: 1...100_000, flag: "--screen", device: "screen_height"),
        FieldSpec("screen_width", .integer, "Screen width in pixels", range: 1...100_000, flag: "--screen", device: "screen_width"),
        FieldSpec("screen_dpi", .integer, "Screen density", range: 1...100_000, flag: "--screen-dpi", device: "screen_dpi"),
        FieldSpec("link_identifier", .string, "link_click_id of the URI or install referrer that opened the app", flag: "--opened-with"),
        FieldSpec("universal_link_url", .string, "The web URL (Universal Link) that opened the app", platform: .iOS, flag: "--opened-with"),
        FieldSpec("android_app_link_url", .string, "The web URL (App Link) that opened the app", platform: .android, flag: "--opened-with"),
        FieldSpec("facebook_app_link_checked", .boolean, "False to have Branch ask Facebook's deferred deep link API", flag: "--facebook-app-link-checked"),
        FieldSpec("install_referrer_extras", .string, "The whole Play install referrer", platform: .android, firstSessionOnly: true, flag: "--install-referrer"),
        FieldSpec("google_search_install_referrer", .string, "google_search_install_referrer of the referrer", platform: .android, firstSessionOnly: true, flag: "--install-referrer"),
        FieldSpec("clicked_referrer_ts", .integer, "Referrer click timestamp (seconds)", range: 0...4_102_444_800, platform: .android, firstSessionOnly: true, flag: "--clicked-referrer-ts"),
        FieldSpec("install_begin_ts", .integer, "Install begin timestamp (seconds)", range: 0...4_102_444_800, platform: .android, firstSessionOnly: true, flag: "--install-begin-ts"),
        FieldSpec("apple_attribution_token", .string, "AdServices token (24 h life)", platform: .iOS, notBlank: true, secret: true, flag: "--asa-token"),
        FieldSpec("search_ad_encoded", .string, "Deprecated: Base64 of the legacy iAd response", platform: .iOS, firstSessionOnly: true, flag: "--search-ad-encoded"),
        FieldSpec("first_session", .boolean, "True: INSTALL or REINSTALL; false: OPEN", flag: "--first-session"),
        FieldSpec("server_to_server_identity", .boolean, "Have Branch issue a randomized_bundle_token", flag: "--server-to-server-identity"),
        FieldSpec("randomized_bundle_token", .string, "The token of the first response, sent on every later call", maxLength: tokenLength,
                  flag: "--randomized-bundle-token"),
        FieldSpec("identity", .string, "Your (encrypted) user id; never personal data", maxLength: 127, flag: "--identity"),
        FieldSpec("tracking_disabled", .boolean, "Branch stores nothing from this session", flag: "--tracking-disabled"),
        FieldSpec("disable_ad_network_callouts", .boolean, "Keep this session from ad networks", flag: "--disable-ad-network-callouts"),
        FieldSpec("local_url", .string, "NativeLink: the Branch URL on the clipboard at first open", flag: "--clipboard-url"),
        FieldSpec("referrer_gclid", .string, "gclid of the install referrer", platform: .android, flag: "--install-referrer"),
        FieldSpec("gbraid", .string, "gbraid of the URL that opened the app", platform: .iOS, flag: "--opened-with"),
        FieldSpec("custom_param_1", .string, "Custom dimension 1 for reports", flag: "--custom-param-1"),
        FieldSpec("custom_param_2", .string, "Custom dimension 2 for reports", flag: "--custom-param-2"),
        FieldSpec("custom_param_3", .string, "Custom dimension 3 for reports", flag: "--custom-param-3"),
        FieldSpec("brand", .string, "Device brand", flag: "--brand", device: "brand"),
        FieldSpec("country", .string, "ISO 3166 country code", pattern: .countryCode, flag: "--country", device: "country"),
        FieldSpec("language", .string, "ISO 639 language code", pattern: .languageCode, flag: "--language", device: "language"),
        FieldSpec("locale", .string, "Locale, e.g. en_US", flag: "--locale", device: "locale"),
        // The S2S guide's name (its field table: device_carrier) and the Android SDK's.
        FieldSpec("device_carrier", .string, "Mobile carrier, if the device has a cellular radio (e.g. AT&T)", flag: "--carrier", device: "carrier"),
        FieldSpec("connection_type", .string, "wifi or mobile", flag: "--connection-type", device: "connection_type"),
        FieldSpec("external_intent_uri", .string, "A non-http URI that opened the app", flag: "--opened-with"),
        // What the SDKs add to open/install: accepted by Branch, so accepted here (and not flagged as typos).
        FieldSpec("randomized_device_token", .string, "SDKs: the per-device token of an earlier answer", maxLength: tokenLength),
        FieldSpec("spotlight_identifier", .string, "SDKs (iOS): a Spotlight item that opened the app", platform: .iOS),
        FieldSpec("initial_referrer", .string, "SDKs: the referrer of the first open"),
        FieldSpec("ios_bundle_id", .string, "SDKs (iOS): the app's bundle id", platform: .iOS),
        FieldSpec("idfa", .string, "SDKs (macOS): the IDFA at the top level (the Mac SDK's install request)", platform: .iOS),
        FieldSpec("ios_team_id", .string, "SDKs (iOS): the developer team id", platform: .iOS),
        FieldSpec("uri_scheme", .string, "SDKs: the app's URI scheme"),
        FieldSpec("first_install_time", .integer, "SDKs: first install time, epoch ms", range: 0...4_102_444_800_000),
        FieldSpec("latest_install_time", .integer, "SDKs: latest install time, epoch ms", range: 0...4_102_444_800_000),
        FieldSpec("previous_update_time", .integer, "SDKs: previous update time, epoch ms", range: 0...4_102_444_800_000),
        FieldSpec("latest_update_time", .integer, "SDKs: latest update time, epoch ms", range: 0...4_102_444_800_000),
        FieldSpec("lastest_update_time", .integer, "SDKs (iOS spelling of latest_update_time), epoch ms", range: 0...4_102_444_800_000),
        FieldSpec("update", .integer, "SDKs: legacy update flag (iOS sends 0)", range: 0...2),
        FieldSpec("environment", .string, "SDKs: FULL_APP, APP_CLIP, IMESSAGE_APP, INSTANT_APP or TV_APP",
                  allowed: ["FULL_APP", "APP_CLIP", "IMESSAGE_APP", "INSTANT_APP", "TV_APP"]),
        FieldSpec("cpu_type", .string, "SDKs: CPU type"),
        FieldSpec("build", .string, "SDKs: OS build"),
        FieldSpec("debug", .boolean, "SDKs: debug session"),
        FieldSpec("lat_val", .integer, "SDKs (Android): limit ad tracking as 0 or 1", range: 0...1, platform: .android),
        FieldSpec("limit_facebook_tracking", .boolean, "SDKs: limit Facebook tracking"),
        FieldSpec("anon_id", .string, "SDKs: Facebook anonymous id"),
        FieldSpec("sdk", .string, "SDKs: sdk name and version, e.g. ios3.14.0"),
        FieldSpec("metadata", .object, "SDKs: request metadata"),
        FieldSpec("instrumentation", .object, "SDKs: timing instrumentation"),
        FieldSpec("partner_data", .object, "SDKs: partner parameters"),
        FieldSpec("dma_eea", .boolean, "EU DMA: the user is in the EEA"),
        FieldSpec("dma_ad_personalization", .boolean, "EU DMA: consent to ad personalisation"),
        FieldSpec("dma_ad_user_data", .boolean, "EU DMA: consent to ad user data"),
        FieldSpec("cpp_level", .string, "SDKs: consumer protection preference level"),
        FieldSpec("branch_sdk_request_unique_id", .string, "SDKs: request id"),
        FieldSpec("branch_sdk_request_timestamp", .integer, "SDKs: request time, epoch ms", range: 0...4_102_444_800_000),
        FieldSpec("retryNumber", .integer, "SDKs: how many times this request was retried", range: 0...1000),
    ], rules: [
        .error("server_to_server", "must be true", when: .not(.equals("server_to_server", true))),
        .error("is_hardware_id_real", "must be false when there is no hardware_id (no device id)",
               when: .all([.equals("is_hardware_id_real", true), .absent("hardware_id")])),
        // What Branch's SDKs send when no device id may be read (a random id, kept per install, marked unreal:
        // Tests/Fixtures/sdk/android/install.json); Branch takes it, so bnc does, and says what it means.
        .warning("hardware_id", "is sent with is_hardware_id_real false: Branch takes it as a random id, not the device's",
                 when: .all([.present("hardware_id"), .equals("is_hardware_id_real", false)])),
        .error("hardware_id_type", "must be idfa or vendor_id (random for an id marked unreal) when hardware_id is sent on iOS",
               when: .all([.equals("os", "iOS"), .filled("hardware_id"), .absent("hardware_id_type")])),
        .error("hardware_id_type", "must be idfa or vendor_id: random is only for an id marked unreal (is_hardware_id_real false)",
               when: .all([.equals("hardware_id_type", "random"), .not(.equals("is_hardware_id_real", false))])),
        .error("hardware_id_type", "must be omitted without hardware_id", when: .all([.present("hardware_id_type"), .absent("hardware_id")])),
        .error("hardware_id", "must be the ios_vendor_id when hardware_id_type is vendor_id (they name one device)",
               when: .all([.equals("hardware_id_type", "vendor_id"), .differ("hardware_id", "ios_vendor_id")])),
        .error("ad_tracking_enabled", "must be omitted, not false, when limit ad tracking is on (--limit-ad-tracking true)",
               when: .equals("ad_tracking_enabled", false)),
        .only("randomized_bundle_token", with: .equals("server_to_server_identity", true), "is only sent with --server-to-server-identity"),
    ])

    /// The table as --help and the man page show it.
    public static var helpText: String { table.helpText }

    /// The keys a table shows first: what routing code looks at.
    public static let routingKeys = ["+clicked_branch_link", "+is_first_session", "+match_guaranteed", "+non_branch_link",
                                     "$canonical_url", "$deeplink_path", "~channel", "~feature", "~campaign", "~stage",
                                     "~tags", "~referring_link", "+click_timestamp"]
}
