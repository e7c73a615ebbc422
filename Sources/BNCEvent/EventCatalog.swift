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

    /// Whether `name` is one of Branch's standard events (every batch line asks, twice: found through the suite's
    /// name index, one multiplication and one comparison, not a Set's hash of the String).
    public static func isStandard(_ name: String) -> Bool { nameIndex.position(of: name) != nil }
    private static let nameIndex = NameIndex(standard.map(\.name))

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

    /// Whether `code` is in `currencies` (every line with a currency asks: through the name index, as `isStandard`).
    public static func isCurrency(_ code: String) -> Bool { currencyIndex.position(of: code) != nil }
    private static let currencyIndex = NameIndex(currencies.sorted())

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
