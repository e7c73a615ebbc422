// The v2 event body, declared once as field tables (envelope, user_data, event_data, content items, custom_data) with their rules.
import BNCCore
import BNCSuite

/// The v2 event body, declared once as field tables (branch-api-facts §3.1, §3.3-§3.6): validation, --help,
/// the man page and completion come from these.
public enum EventFields {
    /// The top level of the body (credentials are added by the request builder).
    public static let envelope = FieldTable("v2 event", [
        FieldSpec("name", .string, "The event name: a standard one (bnc-event list) or your own", maxLength: 256, required: true),
        FieldSpec("customer_event_alias", .string, "Your own label for the event", flag: "--alias"),
        FieldSpec("user_data", .object, "The device and user the event is about", required: true,
                  hint: "the device and user the event is about", checkedByTable: true),
        FieldSpec("event_data", .object, "Typed event properties: revenue, currency, ...", checkedByTable: true),
        FieldSpec("custom_data", .object, "Your own properties, flat (strings unless from --custom-json)", checkedByTable: true),
        FieldSpec("content_items", .array, "The items the event is about", checkedByTable: true),
        FieldSpec("metadata", .object, "Internal use (README spelling)"),
        FieldSpec("meta_data", .object, "Internal use (OpenAPI spelling)"),
    ])

    public static let userData = FieldTable("user_data", [
        // bnc-open's rules for the device: a known OS name in any case, sent in the SDKs' spelling. Events also come
        // from Branch's tvOS and macOS SDKs (tv_OS: BNCSystemObserver.osName; mac_OS: mac-branch-deep-linking),
        // which v1/open does not take.
        FieldSpec("os", .string, "iOS, Android, tv_OS or mac_OS, any case (the identifier rule needs iOS or Android)",
                  allowed: EventCatalog.operatingSystems, foldsCase: true, flag: "--os"),
        FieldSpec("os_version", .version, "OS version, never blank: NA when unknown", notBlank: true, whenUnknown: "NA",
                  flag: "--os-version", device: "os_version"),
        FieldSpec("environment", .string, "FULL_APP, APP_CLIP, IMESSAGE_APP, INSTANT_APP or TV_APP"),
        FieldSpec("aaid", .string, "Google advertising id", pattern: .uuid, flag: "--gaid"),
        FieldSpec("android_id", .string, "Android hardware id", flag: "--android-id"),
        FieldSpec("idfa", .string, "iOS advertising id", pattern: .uuid, flag: "--idfa"),
        FieldSpec("idfv", .string, "iOS vendor id", pattern: .uuid, flag: "--idfv"),
        FieldSpec("anon_id", .string, "Facebook anonymous id (AEM)"),
        FieldSpec("advertising_ids", .object, "Other ad ids, e.g. {\"oaid\": \"…\"}", flag: "--oaid"),
        FieldSpec("google_analytics_id", .string, "Google Analytics client id"),
        FieldSpec("limit_ad_tracking", .boolean, "The user opted out of ad tracking", flag: "--limit-ad-tracking", device: "limit_ad_tracking"),
        FieldSpec("user_agent", .string, "The device's User-Agent", flag: "--user-agent", device: "user_agent"),
        FieldSpec("browser_fingerprint_id", .string, "Branch's web id"),
        FieldSpec("http_origin", .string, "Web only: the page's origin"),
        FieldSpec("http_referrer", .string, "Web only: the page's referrer"),
        FieldSpec("developer_identity", .string, "Your user id", maxLength: 127, flag: "--developer-identity"),
        FieldSpec("country", .string, "Country code, e.g. US", flag: "--country", device: "country"),
        FieldSpec("language", .string, "Language code, e.g. en", flag: "--language", device: "language"),
        FieldSpec("ip", .string, "The device's IP: the same as X-IP-Override", pattern: .ipAddress, flag: "--ip"),
        FieldSpec("local_ip", .string, "The device's LAN address", pattern: .ipAddress, flag: "--local-ip", device: "local_ip"),
        FieldSpec("brand", .string, "Device brand", flag: "--brand", device: "brand"),
        FieldSpec("model", .string, "Device model", flag: "--model", device: "model"),
        FieldSpec("app_version", .string, "App version", flag: "--app-version", device: "app_version"),
        FieldSpec("randomized_device_token", .string, "From bnc-open's answer (read from its state)", maxLength: 256),
        FieldSpec("device_fingerprint_id", .string, "Legacy name of randomized_device_token"),
        FieldSpec("screen_dpi", .integer, "Screen density", range: 1...100_000, flag: "--screen-dpi", device: "screen_dpi"),
        FieldSpec("screen_height", .integer, "Screen height in pixels", range: 1...100_000, flag: "--screen", device: "screen_height"),
        FieldSpec("screen_width", .integer, "Screen width in pixels", range: 1...100_000, flag: "--screen", device: "screen_width"),
        FieldSpec("dma_eea", .boolean, "EU DMA: the user is in the EEA"),
        FieldSpec("dma_ad_personalization", .boolean, "EU DMA: consent to ad personalisation"),
        FieldSpec("dma_ad_user_data", .boolean, "EU DMA: consent to ad user data"),
        // What the SDKs add (accepted by Branch).
        FieldSpec("sdk", .string, "SDKs: ios, android, web, mac or roku"),
        FieldSpec("sdk_version", .string, "SDKs: the SDK's version"),
        FieldSpec("locale", .string, "SDKs: locale, e.g. en_US", flag: "--locale", device: "locale"),
        FieldSpec("build", .string, "SDKs: OS build"),
        FieldSpec("cpu_type", .string, "SDKs: CPU type"),
        FieldSpec("connection_type", .string, "SDKs: wifi or mobile", flag: "--connection-type", device: "connection_type"),
        // The Android SDK's name for the carrier (DeviceInfo, Tests/Fixtures/sdk/android): `carrier` is no one's.
        FieldSpec("device_carrier", .string, "SDKs: mobile carrier", flag: "--carrier", device: "carrier"),
        FieldSpec("plugin_name", .string, "SDKs: the wrapping plugin"),
        FieldSpec("plugin_version", .string, "SDKs: the plugin's version"),
        FieldSpec("opted_in_status", .string, "SDKs: ATT status"),
        FieldSpec("unidentified_device", .boolean, "SDKs: no device id could be read"),
        FieldSpec("disable_ad_network_callouts", .boolean, "SDKs: keep this event from ad networks"),
        FieldSpec("cpp_level", .string, "SDKs: consumer protection preference level"),
        FieldSpec("app_store", .string, "SDKs: the store the app came from"),
        FieldSpec("ui_mode", .string, "SDKs: the UI mode (Android TV, ...)"),
        FieldSpec("mac_id", .string, "SDKs (macOS): the Mac's id (the Mac SDK fixture's user_data)"),
    ], rules: [
        // At least one identifier: a user id, Branch's web id, or an ad or device id of the event's OS.
        .oneOf(nil, [.filled("developer_identity"), .filled("browser_fingerprint_id"),
                     .all([.equals("os", "iOS"), .any([.filled("idfa"), .filled("idfv")])]),
                     .all([.equals("os", "Android"), .any([.filled("android_id"), .filled("aaid")])])],
               "must identify the user: --developer-identity, or --os iOS with --idfa/--idfv, or --os Android with --android-id/--gaid"),
        .warning("user_agent", "is missing: Branch asks server-side events to carry the device's User-Agent (--user-agent)",
                 when: .absent("user_agent")),
    ])

    public static let eventData = FieldTable("event_data", [
        FieldSpec("transaction_id", .string, "Your transaction id", flag: "--transaction-id"),
        FieldSpec("revenue", .number, "Revenue, converted to USD by Branch", range: -1e15...1e15, flag: "--revenue"),
        FieldSpec("currency", .string, "ISO 4217 code (USD when absent)", pattern: .currency, flag: "--currency"),
        FieldSpec("shipping", .number, "Shipping cost", range: 0...1e15, flag: "--shipping"),
        FieldSpec("tax", .number, "Tax", range: 0...1e15, flag: "--tax"),
        FieldSpec("coupon", .string, "Coupon code", flag: "--coupon"),
        FieldSpec("affiliation", .string, "Store or affiliate", flag: "--affiliation"),
        FieldSpec("description", .string, "A description", multiline: true, flag: "--description"),
        FieldSpec("search_query", .string, "What was searched", flag: "--search-query"),
        FieldSpec("ad_type", .string, "For CLICK_AD and VIEW_AD", allowed: EventCatalog.adTypes, flag: "--ad-type"),
    ])

    /// Content items: the `$` fields, and flat custom keys (strings, numbers or booleans) as the SDKs send them.
    public static let contentItem = FieldTable("content item", unknownKeys: .custom(FieldSpec("custom", .any, "A custom item key")), [
        FieldSpec("$content_schema", .string, "What the item is", allowed: EventCatalog.contentSchemas.sorted()),
        FieldSpec("$og_title", .string, "Title"),
        FieldSpec("$og_description", .string, "Description", multiline: true),
        FieldSpec("$og_image_url", .string, "Image URL"),
        FieldSpec("$canonical_identifier", .string, "Your content id (de-duplicates)"),
        FieldSpec("$canonical_url", .string, "Canonical web URL"),
        FieldSpec("$publicly_indexable", .boolean, "Indexable publicly"),
        FieldSpec("$locally_indexable", .boolean, "Indexable on the device"),
        FieldSpec("$price", .number, "Price", range: 0...1e15),
        FieldSpec("$currency", .string, "ISO 4217 code", pattern: .currency),
        FieldSpec("$quantity", .number, "Quantity", range: 0...1e12),
        FieldSpec("$sku", .string, "SKU"),
        FieldSpec("$product_name", .string, "Product name"),
        FieldSpec("$product_brand", .string, "Product brand"),
        FieldSpec("$product_variant", .string, "Product variant"),
        FieldSpec("$product_category", .string, "A category, as the enum or the display form (\"Baby & Toddler\")"),
        FieldSpec("$condition", .string, "Condition", allowed: EventCatalog.conditions.sorted()),
        FieldSpec("$rating_average", .number, "Average rating", range: 0...1e9),
        FieldSpec("$rating_max", .number, "Highest rating", range: 0...1e9),
        FieldSpec("$rating", .number, "This rating", range: 0...1e9),
        FieldSpec("$rating_count", .number, "How many ratings", range: 0...1e15),
        FieldSpec("$creation_timestamp", .integer, "Creation time, epoch ms", range: 0...4_102_444_800_000),
        FieldSpec("$exp_date", .integer, "Expiry, epoch ms (0: none)", range: 0...4_102_444_800_000),
        FieldSpec("$keywords", .strings, "Keywords"),
        FieldSpec("$image_captions", .strings, "Image captions"),
        FieldSpec("$address_street", .string, "Street"),
        FieldSpec("$address_city", .string, "City"),
        FieldSpec("$address_region", .string, "Region"),
        FieldSpec("$address_country", .string, "Country"),
        FieldSpec("$address_postal_code", .string, "Postal code"),
        FieldSpec("$latitude", .number, "Latitude", range: -90...90),
        FieldSpec("$longitude", .number, "Longitude", range: -180...180),
        FieldSpec("$custom_fields", .any, "Custom fields as an object or a JSON string (OpenAPI); the SDKs flatten them instead"),
    ])

    /// custom_data: any keys, flat values.
    public static let customData = FieldTable("custom_data", unknownKeys: .custom(FieldSpec("custom_data", .any, "A custom property")), [])

    /// Every table, for the Redactor and docs.
    public static let all = [envelope, userData, eventData, contentItem, customData]
}
