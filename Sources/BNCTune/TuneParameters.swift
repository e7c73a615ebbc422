// The legacy TUNE (MobileAppTracking) measurement parameters, declared once with their Branch counterparts
// (the seed's "Server-to-Server Integrations with the TUNE API" section; tune-and-apple-ads-facts.md B3, B4, B8).
// Mapping both ways, `check`'s rules, --help, `bnc-tune params`, the man page and completion come from this table.
import BNCCore
import BNCOpen

/// The table of TUNE parameters, TUNE's pre-defined events with their Branch counterparts, and lookups by name.
public enum TuneParameters {
    typealias P = TuneParameter
    static let flag01 = ["0", "1"]
    /// Every platform: what the seed requires of every request.
    static let everywhere = Set(TunePlatform.allCases)

    /// TUNE's 17 pre-defined events and the Branch standard events they correspond to (fact sheet B8c).
    public static let predefinedEvents: [(tune: String, branch: String)] = [
        ("registration", "COMPLETE_REGISTRATION"), ("login", "LOGIN"), ("purchase", "PURCHASE"), ("add_to_cart", "ADD_TO_CART"),
        ("add_to_wishlist", "ADD_TO_WISHLIST"), ("added_payment_info", "ADD_PAYMENT_INFO"), ("checkout_initiated", "INITIATE_PURCHASE"),
        ("reservation", "RESERVE"), ("search", "SEARCH"), ("content_view", "VIEW_ITEM"), ("tutorial_complete", "COMPLETE_TUTORIAL"),
        ("level_achieved", "ACHIEVE_LEVEL"), ("achievement_unlocked", "UNLOCK_ACHIEVEMENT"), ("spent_credits", "SPEND_CREDITS"),
        ("invite", "INVITE"), ("rated", "RATE"), ("share", "SHARE"),
    ]

    /// Session actions (SDK v3+ `session`; the legacy separate ones), other actions TUNE knew.
    public static let sessionActions = ["session", "install", "update", "open"]
    public static let otherActions = ["conversion", "click", "impression", "close", "geofence"]

    /// TUNE lower-cases a custom `site_event_name` and strips what is not a letter or digit before storing it.
    public static func normalisedEventName(_ name: String) -> String {
        // Already lower-case letters and digits (the usual case): as it is.
        // Read through one buffer (each step of a String's UTF-8 view cost dozens of instructions; this runs twice
        // a conversion).
        if name.withUTF8Bytes({ $0.allSatisfy { $0 &- UInt8(ascii: "a") < 26 || $0 &- UInt8(ascii: "0") < 10 } }) { return name }
        return String(name.lowercased().unicodeScalars.filter { ($0.properties.isAlphabetic || $0.properties.numericType != nil) }.map(Character.init))
    }

    /// The Branch standard event a TUNE event name stands for (compared as TUNE stores names), or nil.
    public static func standardEvent(forTune name: String) -> String? {
        let n = normalisedEventName(name)
        return predefinedEvents.first { normalisedEventName($0.tune) == n }?.branch
    }

    /// The TUNE pre-defined name of a Branch standard event, or nil.
    public static func tuneEvent(forBranch name: String) -> String? {
        predefinedEvents.first { $0.branch == name }?.tune
    }

    public static let all: [TuneParameter] = routing + identifiers + device + event + attribution + sdkExtras

    /// What the current TUNE SDKs also send (BranchMetrics/sdk-release@5039ba92: the Android, iOS and Windows URL
    /// builders and key lists), so `check` calls none of it unknown. None has a Branch counterpart.
    static let sdkExtras: [P] = [
        P("skip_dup", .string, .routing, "1: skip TUNE's duplicate-install check (Windows SDKs; iOS test builds)", allowed: flag01),
        P("sdk_plugin", .string, .routing, "The wrapping plugin: air, cocos2dx, corona, js, marmalade, phonegap, react-native, titanium, unity, xamarin"),
        P("sdk_version", .string, .routing, "SDK version, again (Android, inside data)"),
        P("bundle_id", .string, .device, "iOS bundle id (CFBundleIdentifier)"),
        P("device_type", .string, .device, "Windows device family: Windows or WindowsPhone"),
        P("device_screen_size", .string, .device, "Screen resolution WxH, or Unknown (Windows Phone 8)"),
        P("bluetooth_state", .integer, .device, "CoreBluetooth state (iOS)", range: -1...100),
        P("location_auth_status", .integer, .device, "CLAuthorizationStatus: the location permission (iOS)", range: -1...100),
        P("location_horizontal_accuracy", .number, .device, "Accuracy of latitude and longitude in metres (iOS)", range: -1...1e9),
        P("location_vertical_accuracy", .number, .device, "Accuracy of altitude in metres (iOS)", range: -1...1e9),
        P("location_timestamp", .integer, .device, "Time of the location fix, epoch seconds (iOS)", range: 0...Double(Int64.max)),
        P("is_testflight_build", .string, .device, "1: a TestFlight build (iOS)", allowed: flag01),
        P("fb_cookie_id", .string, .device, "Facebook attribution id from the fb_app_attribution pasteboard (iOS)"),
        P("ios_purchase_status", .integer, .event, "SKPaymentTransactionState 0-4; -192837465 when unset (iOS sends it always)",
          range: -192_837_465...100),
        P("android_purchase_status", .integer, .event, "In-app purchase status (Android)", range: -1_000_000...1_000_000),
        P("geofence_name", .string, .event, "iBeacon or geofence region id (iOS geofence action)"),
        P("iad_attribution", .string, .attribution, "1: the install was attributed to iAd / Apple Search Ads (iOS)", allowed: flag01),
        P("impression_datetime", .integer, .attribution, "iAd impression date, epoch seconds (iOS)", range: 0...Double(Int64.max)),
        P("publisher_sub_campaign_ref", .string, .attribution, "iAd / Apple Search Ads campaign id (iOS)"),
        P("publisher_sub_campaign_name", .string, .attribution, "iAd / Apple Search Ads campaign name (iOS)"),
        P("publisher_sub_publisher_ref", .string, .attribution, "iAd / Apple Search Ads organisation name (iOS)"),
        P("publisher_sub_ad_ref", .string, .attribution, "iAd / Apple Search Ads line item (ad group) id (iOS)"),
        P("publisher_sub_ad_name", .string, .attribution, "iAd / Apple Search Ads line item (ad group) name (iOS)"),
        P("publisher_sub_placement_ref", .string, .attribution, "iAd / Apple Search Ads creative id (iOS)"),
        P("publisher_sub_placement_name", .string, .attribution, "iAd / Apple Search Ads creative name (iOS)"),
        P("publisher_sub_keyword_ref", .string, .attribution, "iAd / Apple Search Ads keyword (iOS)"),
        // The 2013-2014 iOS SDK's cookie-tracking install URL carried the conversion key itself (inside data).
        P("key", .string, .routing, "The advertiser's conversion key (old iOS cookie tracking): a secret", secret: true),
    ]

    static let routing: [P] = [
        P("action", .string, .routing, "session (install, update and open merged), conversion, a pre-defined event, click or impression",
          allowed: sessionActions + otherActions + predefinedEvents.map(\.tune), required: .required(on: everywhere, sealable: false),
          open: [.endpoint("POST /v1/open (session)")], event: [.endpoint("POST /v2/event (conversion)")]),
        P("advertiser_id", .integer, .routing, "TUNE advertiser (account) id; also the host's first label", range: 1...Double(Int64.max),
          required: .required(on: everywhere, sealable: false), open: [.branchKey], event: [.branchKey]),
        P("site_id", .integer, .routing, "TUNE app id (required server-to-server; comparable to Branch's app)", range: 1...Double(Int64.max),
          required: .required(on: everywhere, orElse: ["package_name"], serverToServer: true, sealable: false), open: [.branchKey], event: [.branchKey]),
        P("package_name", .string, .routing, "Bundle id or Android package (the SDKs send it instead of site_id)", open: [.branchKey]),
        P("sdk", .string, .routing, "server (server-to-server), ios, tvos, watchos, android, fire or windows",
          allowed: ["server", "ios", "tvos", "watchos", "android", "fire", "windows"], open: [.key("server_to_server"), .key("os")], event: [.member(.userData, "os")]),
        P("response_format", .string, .routing, "json (else a redirect or XML)"),
        P("ver", .string, .routing, "SDK version"),
        P("transaction_id", .string, .routing, "Random UUID per request; a retry keeps it", pattern: .uuid),
        P("sdk_retry_attempt", .integer, .routing, "0, 1, 2 ... incremented on each resend", range: 0...1_000_000, open: [.key("retryNumber")], copies: true),
        P("site_event_name", .string, .routing, "Conversion name: free text (TUNE stores it lower-cased, letters and digits only)", event: [.key("name")]),
        P("site_event_id", .integer, .routing, "Conversion id of an event created in TUNE", range: 0...Double(Int64.max), event: [.key("name")]),
        P("tracking_id", .string, .routing, "TUNE click or session id from a tracking link (not a Branch click id)"),
        P("referral_url", .string, .routing, "Android first open: the Play install referrer; other opens: the URL that opened the app",
          seed: true, open: [.either(["universal_link_url", "android_app_link_url", "install_referrer_extras"])]),
        P("referral_source", .string, .routing, "The app that opened this one"),
        P("debug", .string, .routing, "1: debug mode", allowed: flag01, open: [.key("debug")]),
        P("post_conversion", .string, .routing, "1: iOS re-sent the install after a late iAd answer", allowed: flag01),
        P("data", .string, .routing, "Encrypted hex of the SDK's other parameters (AES with the conversion key): bnc-tune decrypt"),
        P("existing_user", .string, .routing, "1: the user predates the TUNE integration (TUNE counted the install organic)",
          allowed: flag01, open: [.fixed("first_session", false)]),
        P("local_ip", .string, .routing, "Not supported on TUNE API calls (Branch's v1/open takes it; TUNE ignores it)", pattern: .ipAddress),
    ]

    static let identifiers: [P] = [
        P("ios_ifa", .string, .identifiers, "IDFA, upper case with hyphens; all zeros when tracking is not authorised", pattern: .uuid,
          required: .notAsked(on: [.iOS], why: "iOS gives no IDFA without the user's consent (ATT); ios_ifv identifies the device"),
          device: "idfa", open: [.keyWith("hardware_id", companion: "hardware_id_type", value: "idfa")], event: [.member(.userData, "idfa")], platform: .iOS),
        P("ios_ifv", .string, .identifiers, "IDFV, upper case with hyphens", pattern: .uuid, required: .required(on: [.iOS]), device: "idfv",
          open: [.key("ios_vendor_id")], event: [.member(.userData, "idfv")], platform: .iOS),
        P("ios_ad_tracking_disabled", .string, .identifiers, "1 = limited; required whenever ios_ifa is sent", allowed: flag01,
          required: .checkedBy(.adIDWithoutFlag, on: [.iOS]), device: "limit_ad_tracking", flag: .limited, open: [.omittedWhenLimited("ad_tracking_enabled")],
          event: [.member(.userData, "limit_ad_tracking")], platform: .iOS),
        P("ios_ad_tracking", .string, .identifiers, "1 = allowed (the iOS SDK's flag): the inverse of ios_ad_tracking_disabled",
          allowed: flag01, device: "limit_ad_tracking", flag: .allowed, open: [.omittedWhenLimited("ad_tracking_enabled")], event: [.member(.userData, "limit_ad_tracking")], platform: .iOS),
        P("google_aid", .string, .identifiers, "Google advertising id; TUNE asks upper case with hyphens, Android gives lower case",
          pattern: .uuid, required: .required(on: [.android], orElse: ["os_id", "android_id"]), device: "gaid", open: [.key("google_advertising_id")], event: [.member(.userData, "aaid")], platform: .android),
        P("google_ad_tracking_disabled", .string, .identifiers, "1 = limited; required whenever google_aid is sent", allowed: flag01,
          required: .checkedBy(.adIDWithoutFlag, on: [.android]), device: "limit_ad_tracking", flag: .limited, open: [.omittedWhenLimited("ad_tracking_enabled")],
          event: [.member(.userData, "limit_ad_tracking")], platform: .android),
        P("google_ad_tracking", .string, .identifiers, "1 = allowed (Branch's old webhook template): the inverse of google_ad_tracking_disabled",
          allowed: flag01, device: "limit_ad_tracking", flag: .allowed, open: [.omittedWhenLimited("ad_tracking_enabled")], event: [.member(.userData, "limit_ad_tracking")], platform: .android),
        P("os_id", .string, .identifiers, "ANDROID_ID when google_aid cannot be sent (the seed); the Windows SDK's hardware id",
          required: .checkedBy(.missingRequired, on: [.android]), device: "android_id", open: [.key("hardware_id")], event: [.member(.userData, "android_id")], platform: .android),
        P("android_id", .string, .identifiers, "ANDROID_ID, lower-case hex (the Android SDK's key)", device: "android_id",
          open: [.key("hardware_id")], event: [.member(.userData, "android_id")], platform: .android),
        P("android_id_md5", .string, .identifiers, "MD5 of ANDROID_ID (Branch does not match hashed ids)"),
        P("android_id_sha1", .string, .identifiers, "SHA-1 of ANDROID_ID"),
        P("android_id_sha256", .string, .identifiers, "SHA-256 of ANDROID_ID"),
        P("fire_aid", .string, .identifiers, "Amazon Fire advertising id", pattern: .uuid),
        P("fire_ad_tracking_disabled", .string, .identifiers, "1 = limited; with fire_aid", allowed: flag01, flag: .limited),
        P("platform_aid", .string, .identifiers, "Generic advertising id (the last Android SDK)"),
        P("platform_ad_tracking_disabled", .string, .identifiers, "1 = limited; with platform_aid", allowed: flag01, flag: .limited),
        P("device_id", .string, .identifiers, "Windows hardware id (the seed); IMEI/MEID on old Android",
          required: .required(on: [.windows], mayBeEmpty: true)),
        P("windows_aid", .string, .identifiers, "Windows advertising id, upper case without separators; empty when disabled",
          required: .required(on: [.windows], mayBeEmpty: true)),
        P("mat_id", .string, .identifiers, "TUNE's own install id", pattern: .uuid),
        P("open_log_id", .string, .identifiers, "Server log id echoed back"),
        P("last_open_log_id", .string, .identifiers, "Server log id echoed back"),
        P("install_log_id", .string, .identifiers, "Server log id echoed back"),
        P("update_log_id", .string, .identifiers, "Server log id echoed back"),
        P("app_ad_tracking", .string, .identifiers, "App-level opt-out", allowed: flag01),
        P("is_coppa", .string, .identifiers, "1: the user is under the age threshold", allowed: flag01),
    ]

    static let device: [P] = [
        P("device_ip", .string, .device, "The device's public IP, as a query parameter (TUNE cannot read X-IP-Override)", pattern: .ipAddress,
          required: .checkedBy(.deviceIPMissing, on: everywhere), open: [.header("X-IP-Override")], event: [.member(.userData, "ip"), .header("X-IP-Override")]),
        P("user_agent", .string, .device, "The device's User-Agent (also taken from the request header)",
          required: .required(on: everywhere, orElse: ["conversion_user_agent"], userAgentHeader: true),
          device: "user_agent", open: [.key("user_agent")], event: [.member(.userData, "user_agent")]),
        P("conversion_user_agent", .string, .device, "The device's User-Agent (the SDKs' key)", device: "user_agent", open: [.key("user_agent")],
          event: [.member(.userData, "user_agent")]),
        P("device_brand", .string, .device, "Brand or maker, e.g. Apple or Samsung", required: .required(on: everywhere), device: "brand",
          open: [.key("brand")], event: [.member(.userData, "brand")]),
        P("device_model", .string, .device, "Model, e.g. iPhone5,2 or GT-i9300", required: .required(on: everywhere), device: "model",
          open: [.key("model")], event: [.member(.userData, "model")]),
        P("device_carrier", .string, .device, "Carrier, e.g. AT&T", seed: true, device: "carrier", open: [.key("device_carrier")], event: [.member(.userData, "device_carrier")]),
        P("device_cpu_type", .string, .device, "CPU type", open: [.key("cpu_type")], event: [.member(.userData, "cpu_type")], copies: true),
        P("device_cpu_subtype", .string, .device, "CPU subtype"),
        P("build", .string, .device, "OS build", open: [.key("build")], event: [.member(.userData, "build")], copies: true),
        P("os_version", .string, .device, "OS version (Branch requires one: NA when unknown)", seed: true, device: "os_version",
          open: [.key("os_version")], event: [.member(.userData, "os_version")]),
        P("os_jailbroke", .string, .device, "1: jailbroken or rooted", allowed: flag01),
        P("app_name", .string, .device, "App name"),
        P("app_version", .string, .device, "App version (Branch requires one)", seed: true, device: "app_version", open: [.key("app_version")],
          event: [.member(.userData, "app_version")]),
        P("app_version_name", .string, .device, "Android version name"),
        P("language", .string, .device, "Device language", seed: true, device: "language", open: [.key("language")], event: [.member(.userData, "language")]),
        P("locale", .string, .device, "Locale, e.g. en_US", device: "locale", open: [.key("locale")], event: [.member(.userData, "locale")]),
        P("country_code", .string, .device, "ISO 3166 alpha-2 or alpha-3 country", seed: true, device: "country", open: [.key("country")],
          event: [.member(.userData, "country")]),
        P("mobile_country_code", .string, .device, "MCC"),
        P("mobile_network_code", .string, .device, "MNC"),
        P("carrier_country_code", .string, .device, "Carrier's country"),
        P("connection_type", .string, .device, "wifi or mobile", device: "connection_type", open: [.key("connection_type")],
          event: [.member(.userData, "connection_type")]),
        P("screen_density", .number, .device, "Screen density", range: 0...100_000, device: "screen_dpi", open: [.key("screen_dpi")],
          event: [.member(.userData, "screen_dpi")]),
        P("screen_size", .string, .device, "iOS screen size WxH", pattern: .screenSize, device: "screen", open: [.key("screen_width"), .key("screen_height")],
          event: [.member(.userData, "screen_width"), .member(.userData, "screen_height")], platform: .iOS),
        P("screen_layout_size", .string, .device, "Android screen size WxH", device: "screen", open: [.key("screen_width"), .key("screen_height")],
          event: [.member(.userData, "screen_width"), .member(.userData, "screen_height")], platform: .android),
        P("latitude", .number, .device, "Latitude", range: -90...90),
        P("longitude", .number, .device, "Longitude", range: -180...180),
        P("altitude", .number, .device, "Altitude"),
        P("insdate", .integer, .device, "Install date (Unix seconds)", range: 0...Double(Int64.max)),
        P("install_referrer", .string, .device, "Play install referrer (Android)", open: [.key("install_referrer_extras")], platform: .android),
        P("download_date", .integer, .device, "Install began (Unix seconds, Android)", range: 0...Double(Int64.max), open: [.key("install_begin_ts")],
          copies: true, platform: .android),
        P("click_timestamp", .integer, .device, "Referrer click (Unix seconds, Android)", range: 0...Double(Int64.max),
          open: [.key("clicked_referrer_ts")], copies: true, platform: .android),
        P("installer", .string, .device, "Installing store package (Android)"),
        P("referrer_delay", .integer, .device, "Milliseconds the referrer took (Android)"),
        P("system_date", .integer, .device, "The device clock (Unix seconds)", range: 0...Double(Int64.max)),
        P("session_datetime", .string, .device, "The device clock at the session"),
    ]

    static let event: [P] = {
        var rows: [P] = [
            P("user_id", .string, .event, "The advertiser's user id", seed: true, open: [.key("identity")], event: [.member(.userData, "developer_identity")],
              copies: true),
            P("revenue", .number, .event, "Revenue of the conversion", range: -1e15...1e15, event: [.member(.eventData, "revenue")], copies: true),
            P("currency_code", .string, .event, "ISO 4217 (TUNE's default USD)", pattern: .currency, event: [.member(.eventData, "currency")], copies: true),
            P("advertiser_ref_id", .string, .event, "The advertiser's order or reference id", event: [.member(.eventData, "transaction_id")], copies: true),
            P("search_string", .string, .event, "Search text", event: [.member(.eventData, "search_query")], copies: true),
            P("quantity", .integer, .event, "Quantity", range: 0...1e12, event: [.member(.contentItem, "$quantity")]),
            P("site_event_items", .string, .event, "Event items as JSON (the Windows SDK)", event: [.key("content_items")]),
        ]
        for name in ["attribute_sub1", "attribute_sub2", "attribute_sub3", "attribute_sub4", "attribute_sub5", "content_id", "content_type",
                     "date1", "date2", "level", "rating", "device_form"] {
            rows.append(P(name, .string, .event, "Event attribute (no fixed Branch slot)", event: [.member(.customData, name)], copies: true))
        }
        for name in ["user_email_md5", "user_email_sha1", "user_email_sha256", "user_name_md5", "user_name_sha1", "user_name_sha256",
                     "user_phone_md5", "user_phone_sha1", "user_phone_sha256", "facebook_user_id", "google_user_id", "twitter_user_id",
                     "age", "gender", "is_paying_user"] {
            rows.append(P(name, .string, .event, "User attribute (no Branch S2S counterpart)"))
        }
        return rows
    }()

    static let attribution: [P] = {
        var names = ["attr_set", "publisher_id", "offer_id", "agency_id", "publisher_ref_id", "ref_id"]
        for level in ["publisher", "site", "campaign", "adgroup", "ad", "keyword"] {
            names += ["publisher_sub_\(level)", "advertiser_sub_\(level)"]
        }
        for level in ["publisher", "site", "campaign", "adgroup", "ad", "keyword", "placement"] {
            names += ["my_\(level)", "sub_\(level)"]
        }
        for i in 1...5 { names += ["publisher_sub\(i)", "sub\(i)"] }
        return names.map { P($0, .string, .attribution, "Partner or pre-loaded attribution (Branch attributes from its own links)") }
    }()

    public static let byName: [String: TuneParameter] = {
        var map: [String: TuneParameter] = [:]
        for p in all {
            precondition(map[p.name] == nil, "TUNE: \(p.name) is declared twice")
            map[p.name] = p
        }
        return map
    }()

    public static let names: [String] = all.map(\.name)

    /// Branch fields that say nothing a TUNE request lacks, so reading a body back to TUNE passes them without a
    /// word: what the v1/open builder derives from facts that are mapped (is_hardware_id_real from hardware_id).
    public static let impliedInBranch: Set<String> = ["is_hardware_id_real"]

    /// What Branch's v1/open requires that TUNE rows fill through the device: each required, non-credential
    /// field of `OpenFields.table` with the rows whose `open` targets name it, in table order. `check` reports
    /// a session without any of them (`branch-required`); the mapping refuses one, or sends the field's
    /// `whenUnknown` value (os_version "NA").
    public static let branchRequired: [(field: String, rows: [TuneParameter])] = OpenFields.table.fields.compactMap { f in
        guard f.required, !f.credential else { return nil }
        let rows = all.filter { $0.device != nil && $0.open.contains(.key(f.name)) }
        return rows.isEmpty ? nil : (f.name, rows)
    }

    /// Rows of `all` by name: the suite's one name index (a scan looks up every parameter of every line).
    static let rows = NameIndex(names)

    /// The row of `all` that declares `name` (hashed as `hash`, `NameHash.of(name)`), if any.
    static func row(of name: String, hash: UInt64) -> Int? { rows.position(of: name, hash: hash) }
    static func row(ofBytes name: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? { rows.position(ofBytes: name, hash: hash) }
    static func name(row: Int) -> String { rows[row] }

    /// The table as --help and man pages show it, group by group.
    public static var helpText: String {
        TuneGroup.allCases.map { g in
            "\(g.rawValue):\n" + all.filter { $0.group == g }.map { p in
                var line = "  \(p.name) (\(p.tags)): \(p.spec.help)"
                let to = [p.open.summary.map { "v1/open \($0)" }, p.event.summary.map { "v2 \($0)" }].compactMap { $0 }
                if !to.isEmpty { line += " -> " + to.joined(separator: "; ") }
                return line
            }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static func describe(_ r: ClosedRange<Double>) -> String {
        func show(_ d: Double) -> String { abs(d) < 9e18 && d == d.rounded() ? String(Int64(d)) : String(d) }
        return r.upperBound >= 9e18 ? "at least \(show(r.lowerBound))" : "between \(show(r.lowerBound)) and \(show(r.upperBound))"
    }
}
