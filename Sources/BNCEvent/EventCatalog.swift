// Branch's v2 events, declared once: the standard names by group, the event_data and content-item fields with
// their types and enums (branch-api-facts §3). Routing, validation, `bnc-event list` and completion read these.
import BNCCore
import BNCSuite

/// The group a standard event belongs to: commerce, content or lifecycle.
public enum EventGroup: String, Sendable, CaseIterable {
    case commerce, content, lifecycle
}

/// One of Branch's standard v2 events: its name, its group and a line of help.
public struct StandardEvent: Sendable {
    public let name: String
    public let group: EventGroup
    public let help: String
}

/// Branch's standard event names and the values event fields take (ad types, OSes, currencies, categories).
public enum EventCatalog {
    public static let standard: [StandardEvent] = [
        .init(name: "ADD_TO_CART", group: .commerce, help: "Item added to the cart"),
        .init(name: "ADD_TO_WISHLIST", group: .commerce, help: "Item added to a wishlist"),
        .init(name: "VIEW_CART", group: .commerce, help: "Cart viewed"),
        .init(name: "INITIATE_PURCHASE", group: .commerce, help: "Checkout started"),
        .init(name: "ADD_PAYMENT_INFO", group: .commerce, help: "Payment details added"),
        .init(name: "CLICK_AD", group: .commerce, help: "An ad was clicked (event_data.ad_type)"),
        .init(name: "PURCHASE", group: .commerce, help: "Purchase completed (revenue, currency)"),
        .init(name: "SPEND_CREDITS", group: .commerce, help: "In-app credits spent"),
        .init(name: "VIEW_AD", group: .commerce, help: "An ad was viewed (event_data.ad_type)"),
        .init(name: "RESERVE", group: .commerce, help: "A reservation was made"),
        .init(name: "SEARCH", group: .content, help: "A search (event_data.search_query)"),
        .init(name: "VIEW_ITEM", group: .content, help: "One item viewed"),
        .init(name: "VIEW_ITEMS", group: .content, help: "A list of items viewed"),
        .init(name: "RATE", group: .content, help: "Content rated"),
        .init(name: "SHARE", group: .content, help: "Content shared"),
        .init(name: "INITIATE_STREAM", group: .content, help: "A stream started"),
        .init(name: "COMPLETE_STREAM", group: .content, help: "A stream finished"),
        .init(name: "COMPLETE_REGISTRATION", group: .lifecycle, help: "Sign-up completed"),
        .init(name: "COMPLETE_TUTORIAL", group: .lifecycle, help: "Tutorial completed"),
        .init(name: "ACHIEVE_LEVEL", group: .lifecycle, help: "A level reached"),
        .init(name: "UNLOCK_ACHIEVEMENT", group: .lifecycle, help: "An achievement unlocked"),
        .init(name: "INVITE", group: .lifecycle, help: "Someone was invited"),
        .init(name: "LOGIN", group: .lifecycle, help: "Logged in"),
        .init(name: "START_TRIAL", group: .lifecycle, help: "A trial started"),
        .init(name: "SUBSCRIBE", group: .lifecycle, help: "A subscription started"),
    ]

    public static let names: Set<String> = Set(standard.map(\.name))

    public static func isStandard(_ name: String) -> Bool { names.contains(name) }

    /// A standard name a custom-looking upper-case name probably meant (PURCHASED -> PURCHASE).
    public static func suggestion(for name: String) -> String? {
        guard !isStandard(name), name.contains(where: \.isLetter) else { return nil }
        // Standard names are upper case with underscores: `purchase`, `Add To Cart` and `add-to-cart` are custom
        // events unless the case and separators are Branch's.
        let folded = String(name.uppercased().map { $0 == " " || $0 == "-" ? "_" : $0 })
        if isStandard(folded) { return folded }
        guard name == name.uppercased() else { return nil }
        return standard.map(\.name).filter { EditDistance.between($0, name) <= 2 }.min { EditDistance.between($0, name) < EditDistance.between($1, name) }
    }

    public static let adTypes = ["BANNER", "INTERSTITIAL", "REWARDED_VIDEO", "NATIVE"]

    /// The OS names Branch's SDKs send in user_data.os: iOS and Android; tv_OS from the iOS SDK on tvOS
    /// (BNCSystemObserver.osName), mac_OS from the macOS SDK (mac-branch-deep-linking's BNCTestCase.json).
    public static let operatingSystems = ["iOS", "Android", "tv_OS", "mac_OS"]

    /// ISO 4217 codes the SDKs ship (dated: others get a warning, not a refusal).
    public static let currencies: Set<String> = Set("""
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BYR BZD CAD CDF \
        CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF \
        GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD \
        LSL LYD MAD MDL MGA MKD MMK MNT MOP MRO MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR \
        PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLL SOS SRD SSP STD SYP SZL THB TJS TMT TND TOP TRY TTD TWD \
        TZS UAH UGX USD USN UYI UYU UZS VEF VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XDR XFU XOF XPD XPF XPT XSU XTS XUA \
        XXX YER ZAR ZMW
        """.split(separator: " ").map(String.init))

    public static let contentSchemas: Set<String> = [
        "COMMERCE_AUCTION", "COMMERCE_BUSINESS", "COMMERCE_OTHER", "COMMERCE_PRODUCT", "COMMERCE_RESTAURANT",
        "COMMERCE_SERVICE", "COMMERCE_TRAVEL_FLIGHT", "COMMERCE_TRAVEL_HOTEL", "COMMERCE_TRAVEL_OTHER", "GAME_STATE",
        "MEDIA_IMAGE", "MEDIA_MIXED", "MEDIA_MUSIC", "MEDIA_OTHER", "MEDIA_VIDEO", "OTHER", "TEXT_ARTICLE", "TEXT_BLOG",
        "TEXT_OTHER", "TEXT_RECIPE", "TEXT_REVIEW", "TEXT_SEARCH_RESULTS", "TEXT_STORY", "TEXT_TECHNICAL_DOC",
    ]
    public static let conditions: Set<String> = ["OTHER", "NEW", "EXCELLENT", "GOOD", "FAIR", "POOR", "USED", "REFURBISHED"]

    /// $product_category: the OpenAPI enum and the display string the SDKs send, pairwise.
    public static let productCategories: [(enumName: String, display: String)] = [
        ("ANIMALS_AND_PET_SUPPLIES", "Animals & Pet Supplies"), ("APPAREL_AND_ACCESSORIES", "Apparel & Accessories"),
        ("ARTS_AND_ENTERTAINMENT", "Arts & Entertainment"), ("BABY_AND_TODDLER", "Baby & Toddler"),
        ("BUSINESS_AND_INDUSTRIAL", "Business & Industrial"), ("CAMERAS_AND_OPTICS", "Cameras & Optics"),
        ("ELECTRONICS", "Electronics"), ("FOOD_BEVERAGES_AND_TOBACCO", "Food, Beverages & Tobacco"), ("FURNITURE", "Furniture"),
        ("HARDWARE", "Hardware"), ("HEALTH_AND_BEAUTY", "Health & Beauty"), ("HOME_AND_GARDEN", "Home & Garden"),
        ("LUGGAGE_AND_BAGS", "Luggage & Bags"), ("MATURE", "Mature"), ("MEDIA", "Media"), ("OFFICE_SUPPLIES", "Office Supplies"),
        ("RELIGIOUS_AND_CEREMONIAL", "Religious & Ceremonial"), ("SOFTWARE", "Software"), ("SPORTING_GOODS", "Sporting Goods"),
        ("TOYS_AND_GAMES", "Toys & Games"), ("VEHICLES_AND_PARTS", "Vehicles & Parts"),
    ]
}

/// The v2 event body, declared once as field tables (branch-api-facts §3.1, §3.3-§3.6): validation, --help,
/// the man page and completion come from these.
public enum EventFields {
    /// The top level of the body (credentials are added by the request builder).
    public static let envelope = FieldTable("v2 event", [
        FieldSpec("name", .string, "The event name: a standard one (bnc-event list) or your own", maxLength: 256, required: true),
        FieldSpec("customer_event_alias", .string, "Your own label for the event", flag: "--alias"),
        FieldSpec("user_data", .object, "The device and user the event is about", required: true,
                  hint: "the device and user the event is about"),
        FieldSpec("event_data", .object, "Typed event properties: revenue, currency, ..."),
        FieldSpec("custom_data", .object, "Your own properties, flat (strings unless from --custom-json)"),
        FieldSpec("content_items", .array, "The items the event is about"),
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
        FieldSpec("randomized_device_token", .string, "From bnc-open's answer (read from its state)"),
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
