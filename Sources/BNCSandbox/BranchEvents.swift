// POST /v2/event/standard and /v2/event/custom: standard names, the user_data identifier rule, and the
// types of event_data, custom_data and content_items, as branch-api-facts §3 describes them.
import BNCCore

extension Sandbox {
    /// The 24 names of Branch's OpenAPI enum, plus RESERVE (current docs) and the iOS SDK's OPT_IN/OPT_OUT.
    static let standardEvents: Set<String> = [
        "ADD_TO_CART", "ADD_TO_WISHLIST", "VIEW_CART", "INITIATE_PURCHASE", "ADD_PAYMENT_INFO", "CLICK_AD", "PURCHASE",
        "SPEND_CREDITS", "VIEW_AD", "RESERVE",
        "SEARCH", "VIEW_ITEM", "VIEW_ITEMS", "RATE", "SHARE", "INITIATE_STREAM", "COMPLETE_STREAM",
        "COMPLETE_REGISTRATION", "COMPLETE_TUTORIAL", "ACHIEVE_LEVEL", "UNLOCK_ACHIEVEMENT", "INVITE", "LOGIN",
        "START_TRIAL", "SUBSCRIBE", "OPT_IN", "OPT_OUT",
    ]
    static let contentSchemas: Set<String> = [
        "COMMERCE_AUCTION", "COMMERCE_BUSINESS", "COMMERCE_OTHER", "COMMERCE_PRODUCT", "COMMERCE_RESTAURANT",
        "COMMERCE_SERVICE", "COMMERCE_TRAVEL_FLIGHT", "COMMERCE_TRAVEL_HOTEL", "COMMERCE_TRAVEL_OTHER", "GAME_STATE",
        "MEDIA_IMAGE", "MEDIA_MIXED", "MEDIA_MUSIC", "MEDIA_OTHER", "MEDIA_VIDEO", "OTHER", "TEXT_ARTICLE", "TEXT_BLOG",
        "TEXT_OTHER", "TEXT_RECIPE", "TEXT_REVIEW", "TEXT_SEARCH_RESULTS", "TEXT_STORY", "TEXT_TECHNICAL_DOC",
    ]
    static let conditions: Set<String> = ["OTHER", "NEW", "EXCELLENT", "GOOD", "FAIR", "POOR", "USED", "REFURBISHED"]
    /// Both vocabularies of $product_category: the OpenAPI enum and the display strings the SDKs send.
    static let productCategories: Set<String> = [
        "ANIMALS_AND_PET_SUPPLIES", "APPAREL_AND_ACCESSORIES", "ARTS_AND_ENTERTAINMENT", "BABY_AND_TODDLER",
        "BUSINESS_AND_INDUSTRIAL", "CAMERAS_AND_OPTICS", "ELECTRONICS", "FOOD_BEVERAGES_AND_TOBACCO", "FURNITURE",
        "HARDWARE", "HEALTH_AND_BEAUTY", "HOME_AND_GARDEN", "LUGGAGE_AND_BAGS", "MATURE", "MEDIA", "OFFICE_SUPPLIES",
        "RELIGIOUS_AND_CEREMONIAL", "SOFTWARE", "SPORTING_GOODS", "TOYS_AND_GAMES", "VEHICLES_AND_PARTS",
        "Animals & Pet Supplies", "Apparel & Accessories", "Arts & Entertainment", "Baby & Toddler",
        "Business & Industrial", "Cameras & Optics", "Electronics", "Food, Beverages & Tobacco", "Furniture", "Hardware",
        "Health & Beauty", "Home & Garden", "Luggage & Bags", "Mature", "Media", "Office Supplies",
        "Religious & Ceremonial", "Software", "Sporting Goods", "Toys & Games", "Vehicles & Parts",
    ]

    /// The event fields Branch documents, then what the SDKs add at the top level of every v2 body
    /// (Tests/Fixtures/sdk: retryNumber, instrumentation, debug, the request's timestamp and id, the device ids
    /// Android repeats there, the ad-click ids iOS forwards): accepted and not stored. Anything else draws a lint.
    static let eventFields: Set<String> = ["branch_key", "name", "user_data", "event_data", "custom_data", "content_items",
                                           "customer_event_alias", "metadata", "meta_data"]
    static let eventSDKExtras: Set<String> = [
        "retryNumber", "instrumentation", "debug", "branch_sdk_request_timestamp", "branch_sdk_request_unique_id", "app_id",
        "partner_data", "skan_postback_index", "gclid", "gbraid", "gbraid_timestamp", "is_deeplink_gbraid",
        "is_deeplink_gclid", "meta_campaign_ids", "sccid", "hardware_id", "is_hardware_id_real", "advertising_ids",
        "cpp_level", "sdk", "sdk_version", "session_id", "identity_id", "browser_fingerprint_id",
        "randomized_bundle_token", "randomized_device_token", "dma_eea", "dma_ad_personalization", "dma_ad_user_data",
        // The Roku SDK's retry count: BrightScript's dot assignment lower-cases an associative array's keys, and
        // FormatJson writes them so (BranchSdkLibrary.brs).
        "retrynumber",
    ]
    /// user_data keys with a rule of their own; the rest are strings, numbers or booleans as the SDKs send them.
    static let userDataStrings: Set<String> = [
        "os", "developer_identity", "browser_fingerprint_id", "idfa", "idfv", "aaid", "android_id", "oaid", "user_agent",
        "ip", "local_ip", "country", "language", "brand", "model", "app_version", "environment", "sdk", "sdk_version",
        "randomized_device_token", "anon_id", "http_origin", "http_referrer", "identity", "cpp_level", "app_store",
    ]
    private static let eventForm: [String: FormType] = [
        "user_data": .json, "event_data": .json, "custom_data": .json, "content_items": .json, "metadata": .json,
        "meta_data": .json, "instrumentation": .json, "partner_data": .json, "advertising_ids": .json,
        "retryNumber": .number, "debug": .bool, "branch_sdk_request_timestamp": .number, "is_hardware_id_real": .bool,
    ]

    /// POST /v2/event/standard and /custom, as JSON or as the Web SDK's form (its objects as JSON text).
    func event(_ r: SandboxRequest, standard: Bool) throws -> SandboxResponse {
        let body = try bodyObject(r, form: Self.eventForm)
        let key = try checkKey(body["branch_key"], appID: body["app_id"])
        let ip = try ipOverride(r, required: false)
        guard let name = body["name"]?.stringValue, !name.isEmpty else { throw Rejection("name is required") }
        if standard && !Self.standardEvents.contains(name) {
            throw Rejection("name \(name) is not a standard event; send custom events to /v2/event/custom")
        }
        for field in body.keys where !Self.eventFields.contains(field) && !Self.eventSDKExtras.contains(field) {
            lint("\(field) is not a top-level event field: Branch ignores it (custom keys go in custom_data)")
        }
        for field in ["retryNumber", "branch_sdk_request_timestamp"] where body[field] != nil && body[field]?.numberValue?.isInteger != true {
            throw Rejection("\(field) must be an integer")
        }
        for field in ["instrumentation", "partner_data", "advertising_ids", "metadata", "meta_data"] where body[field] != nil && body[field]?.objectValue == nil {
            throw Rejection("\(field) must be an object")
        }
        // Branch's field-level shape (branch-deep-linking-public-api#43): a form whose user_data is missing or
        // bracket-nested (user_data[os]=…), or a JSON body without it.
        guard let userValue = body["user_data"] else { return .json(400, ["error": ["user_data": "missing required field"]]) }
        guard case .object(let user) = userValue else { throw Rejection("user_data must be an object") }
        try checkIdentifier(user)
        if let ip {
            // The documented pair: production takes the event, but attributes by user_data.ip.
            switch user["ip"]?.stringValue {
            case nil: lint("X-IP-Override sent without user_data.ip: the event is attributed without the device's IP")
            case let bodyIP? where bodyIP != ip: lint("X-IP-Override (\(ip)) differs from user_data.ip (\(bodyIP))")
            default: break
            }
        }
        for (field, value) in user {
            switch field {
            case "dma_eea", "dma_ad_personalization", "dma_ad_user_data", "unidentified_device", "disable_ad_network_callouts",
                 "limit_facebook_tracking":
                guard value.boolValue != nil else { throw Rejection("user_data.\(field) must be a boolean") }
            case "limit_ad_tracking":
                // A boolean, or 0/1 as the Android SDK sends it.
                guard value.boolValue != nil || ["0", "1"].contains(value.numberValue?.literal ?? "") else {
                    throw Rejection("user_data.limit_ad_tracking must be a boolean")
                }
            case "screen_dpi", "screen_height", "screen_width":
                guard value.numberValue?.isInteger == true else { throw Rejection("user_data.\(field) must be an integer") }
            case "advertising_ids":
                guard value.objectValue != nil else { throw Rejection("user_data.advertising_ids must be an object") }
            case "os_version":
                guard value.stringValue != nil || value.numberValue != nil else { throw Rejection("user_data.os_version must be a string") }
            case _ where Self.userDataStrings.contains(field):
                guard value.stringValue != nil else { throw Rejection("user_data.\(field) must be a string, got \(value.typeName)") }
            default:
                guard value.arrayValue == nil else { throw Rejection("user_data.\(field) must be a string, number or boolean") }
            }
        }
        if user["dma_eea"]?.boolValue == true, user["dma_ad_personalization"] == nil || user["dma_ad_user_data"] == nil {
            throw Rejection("user_data.dma_ad_personalization and dma_ad_user_data are required when dma_eea is true")
        }
        if let e = body["event_data"] {
            guard case .object(let eventData) = e else { throw Rejection("event_data must be an object") }
            for (field, value) in eventData {
                switch field {
                case "revenue", "shipping", "tax":
                    guard value.numberValue != nil else { throw Rejection("event_data.\(field) must be a number, got \(value.typeName)") }
                case "currency":
                    // The Roku SDK's logEvent always writes its currency argument, "" when the event has none
                    // (BranchSdkLibrary.brs): no currency, said in a lint.
                    if value.stringValue == "" {
                        lint("event_data.currency is empty: taken as no currency (the Roku SDK sends \"\" for an event without one)")
                        continue
                    }
                    guard KeyFormat.isCurrency(value) else {
                        throw Rejection("event_data.currency must be a three-letter ISO 4217 code")
                    }
                case "transaction_id", "coupon", "affiliation", "description", "search_query", "ad_type":
                    guard value.stringValue != nil else { throw Rejection("event_data.\(field) must be a string, got \(value.typeName)") }
                default:
                    throw Rejection("event_data.\(field) is not an event_data field (custom keys go in custom_data)")
                }
            }
        }
        if let c = body["custom_data"], c.objectValue == nil { throw Rejection("custom_data must be an object") }
        if let a = body["customer_event_alias"], a.stringValue == nil { throw Rejection("customer_event_alias must be a string") }
        if let items = body["content_items"] {
            guard let list = items.arrayValue else { throw Rejection("content_items must be an array") }
            for (i, item) in list.enumerated() { try checkContentItem(item, index: i) }
        }
        bump(standard ? "events_standard" : "events_custom")
        // The export row: user_data, event_data, custom_data as JSON text, the alias.
        var cells = Self.userCells(user)
        if let ip, cells["user_data_ip"] == nil { cells["user_data_ip"] = ip }
        for (field, value) in body["event_data"]?.objectValue ?? [:] {
            cells["event_data_" + field] = value.stringValue ?? value.numberValue?.literal ?? SandboxJSON.encodeText(value)
        }
        if let custom = body["custom_data"], custom.objectValue != nil { cells["custom_data"] = SandboxJSON.encodeText(custom) }
        if let alias = body["customer_event_alias"]?.stringValue { cells["customer_event_alias"] = alias }
        if let items = body["content_items"] { cells["content_items"] = SandboxJSON.encodeText(items) }
        recordExport(Self.eventTopic(name, standard: standard), key: key, name: name, cells: cells)
        return .json(200, ["branch_view_enabled": false])
    }

    /// At least one identifier: developer_identity, browser_fingerprint_id, idfa/idfv on iOS, android_id/aaid on Android.
    private func checkIdentifier(_ user: JSONObject) throws {
        func has(_ k: String) -> Bool { user[k]?.stringValue.map { !$0.isEmpty } ?? false }
        if has("developer_identity") || has("browser_fingerprint_id") { return }
        // The SDKs' names count as their family (tv_OS and mac_OS as iOS, AMAZON_FIRE as Android).
        let os = user["os"]?.stringValue.flatMap { try? Self.sdkOS($0) }
        if os == "iOS" && (has("idfa") || has("idfv")) { return }
        if os == "Android" && (has("android_id") || has("aaid")) { return }
        // Branch's SDKs for other platforms identify a logged-out device by the token its session was given and
        // its own ids: macOS (BNCDevice: no idfv, a zero idfa dropped; randomized_device_token, mac_address),
        // Windows (BaseEvent.cpp: windows_advertising_id), Roku (roku_rida, device_fingerprint_id) and the
        // connected-TV SDK (randomized_device_token, SAMSUNG_IFA...). Branch's dashboard shows their events.
        if has("randomized_device_token") || has("device_fingerprint_id") || has("mac_address")
            || user["advertising_ids"]?.objectValue.map({ ids in ids.keys.contains { ids[$0]?.stringValue?.isEmpty == false } }) == true { return }
        throw Rejection("user_data must identify the user: developer_identity, browser_fingerprint_id, os iOS with idfa or idfv, os Android with android_id or aaid, or the device's randomized_device_token or advertising_ids")
    }

    private func checkContentItem(_ item: JSON, index i: Int) throws {
        guard case .object(let o) = item else { throw Rejection("content_items[\(i)] must be an object") }
        for (field, value) in o {
            let at = "content_items[\(i)].\(field)"
            switch field {
            case "$price", "$quantity", "$rating_average", "$rating_max", "$rating", "$rating_count", "$latitude", "$longitude":
                guard value.numberValue != nil else { throw Rejection("\(at) must be a number, got \(value.typeName)") }
            case "$creation_timestamp", "$exp_date":
                guard value.isNull || value.numberValue?.isInteger == true else { throw Rejection("\(at) must be epoch milliseconds") }
            case "$publicly_indexable", "$locally_indexable":
                guard value.boolValue != nil else { throw Rejection("\(at) must be a boolean") }
            case "$keywords", "$image_captions":
                guard value.arrayValue?.allSatisfy({ $0.stringValue != nil }) == true else { throw Rejection("\(at) must be an array of strings") }
            case "$content_schema":
                guard let s = value.stringValue, Self.contentSchemas.contains(s) else { throw Rejection("\(at) is not a content schema") }
            case "$condition":
                guard let s = value.stringValue, Self.conditions.contains(s) else { throw Rejection("\(at) must be one of \(Self.conditions.sorted().joined(separator: ", "))") }
            case "$product_category":
                guard let s = value.stringValue, Self.productCategories.contains(s) else { throw Rejection("\(at) is not a product category") }
            case "$currency":
                guard KeyFormat.isCurrency(value) else {
                    throw Rejection("\(at) must be a three-letter ISO 4217 code")
                }
            case "$custom_fields":
                guard value.objectValue != nil || value.stringValue != nil else { throw Rejection("\(at) must be an object") }
            default:
                // Other $ fields are strings; custom keys (flattened by the SDKs) may be any scalar.
                if field.hasPrefix("$"), value.stringValue == nil { throw Rejection("\(at) must be a string, got \(value.typeName)") }
                if value.arrayValue != nil || value.objectValue != nil, !field.hasPrefix("$") {
                    throw Rejection("\(at) must be a string, number or boolean (custom item keys are flat)")
                }
            }
        }
    }
}
