// The TUNE parameter table mapped both ways, row by row: every row with a Branch counterpart reaches it (through
// BNCOpen's and BNCEvent's own builders) and comes back from it to its canonical TUNE name.
import BNCCore
import BNCEvent
import BNCOpen
import Testing
@testable import BNCTune

func request(_ query: String, host: String = "877.measure.mobileapptracking.com") throws -> TuneRequest {
    try TuneLog.parse(Array("https://\(host)/serve?\(query)".utf8)[...])
}

enum Base {
    static let ios = "action=session&advertiser_id=877&site_id=1234&sdk=server&ios_ifv=6A14E2B0-1C3D-4E5F-8A9B-0C1D2E3F4A5B"
        + "&ios_ad_tracking_disabled=0&device_ip=8.8.4.4&device_brand=Apple&device_model=iPhone15%2C2&os_version=17.4"
        + "&app_version=2.3.0&user_agent=Mozilla%2F5.0"
    static let android = "action=session&advertiser_id=877&site_id=1234&sdk=server&os_id=9774d56d682e549c"
        + "&device_ip=8.8.4.4&device_brand=Google&device_model=Pixel+8&os_version=14&app_version=2.3.0&user_agent=Dalvik%2F2.1.0"
    static func conversion(_ base: String) -> String {
        base.replacing("action=session", with: "action=conversion&site_event_name=purchase")
    }
}

@Suite struct MappingTests {
    /// A value that satisfies a row's rule.
    static func sample(_ p: TuneParameter) -> String {
        if p.flag != nil { return "1" }
        switch p.device {
        case "screen": return "1179x2556"
        case "language": return "fr"
        case "country": return "DE"
        case "locale": return "fr_FR"
        case "idfa", "idfv", "gaid": return p.name == "google_aid" ? "38400000-8CF0-11BD-B23E-10B96E40000D" : "AA9A0C57-6B3E-4B8E-9D1B-6C1F3E2A4B5C"
        case "android_id": return "1234abcd5678ef90"
        case "screen_dpi": return "480"
        default: break
        }
        switch p.spec.type {
        case .integer: return "42"
        case .number: return "19.5"
        default: return p.spec.pattern == .currency ? "EUR" : "v-\(p.name)"
        }
    }

    static func isAndroid(_ p: TuneParameter) -> Bool { ["google", "os_id", "android", "download", "click_t", "screen_layout"].contains { p.name.hasPrefix($0) } }

    static let mappedRows = TuneParameters.all.filter { ($0.device != nil || $0.copies) && !($0.open.isEmpty && $0.event.isEmpty) }

    @Test func theTableCoversTheSeedsTUNESection() {
        // Every key of the seed's "Server-to-Server Integrations with the TUNE API" table, with its REQUIRED platform.
        let seed: [(String, TunePlatform?)] = [
            ("ios_ifa", .iOS), ("ios_ad_tracking_disabled", .iOS), ("ios_ifv", .iOS), ("google_aid", .android),
            ("google_ad_tracking_disabled", .android), ("os_id", .android), ("device_id", .windows), ("windows_aid", .windows),
            ("referral_url", nil), ("device_ip", .iOS), ("device_brand", .android), ("device_model", .windows), ("user_agent", .iOS),
            ("os_version", nil), ("device_carrier", nil), ("language", nil), ("country_code", nil), ("app_version", nil), ("user_id", nil),
        ]
        for (name, platform) in seed {
            let p = TuneParameters.byName[name]
            #expect(p?.seedListed == true, "\(name) is in the seed's list")
            if let platform { #expect(p?.requiredOn.contains(platform) == true, "\(name) is REQUIRED on \(platform)") }
        }
        #expect(TuneParameters.byName["local_ip"] != nil, "local_ip is declared, so check can say it is not supported")
        #expect(TuneParameters.predefinedEvents.count == 17)
    }

    @Test(arguments: mappedRows.map(\.name))
    func eachRowMapsToItsBranchCounterpartAndBack(_ name: String) throws {
        let p = try #require(TuneParameters.byName[name])
        let android = Self.isAndroid(p)
        let value = Self.sample(p)
        for conversion in [false, true] {
            let counterpart = conversion ? p.event : p.open
            if counterpart.isEmpty { continue }
            var base = android ? Base.android : Base.ios
            if conversion { base = Base.conversion(base) }
            // Drop the base's own value of the same device field, so the row under test is the one read.
            let own = TuneParameters.all.filter { $0.device != nil && $0.device == p.device && $0.name != p.name }.map(\.name)
            let kept = base.split(separator: "&").filter { pair in !own.contains { pair.hasPrefix($0 + "=") } && !pair.hasPrefix(p.name + "=") }
            let r = try request(kept.joined(separator: "&") + "&\(p.name)=\(HTTPURL.percentEncode(value))")
            let mapped = try TuneMapping.toBranch(r, warnings: Warnings())
            #expect(mapped.api == (conversion ? .event : .open))
            for path in counterpart.compactMap(\.bodyPath) {
                let got = Self.lookup(mapped.body, path)
                if path == "ad_tracking_enabled" {
                    // Branch omits it when tracking is limited (the sample value 1 means limited for *_disabled).
                    #expect((got == nil) == (p.flag == .limited), "\(name)=1 -> ad_tracking_enabled")
                } else {
                    #expect(got != nil, "\(name) -> \(path) (\(conversion ? "event" : "open"))")
                }
            }
            // And back: the reverse finds the same fact under this row's canonical TUNE name.
            let back = try TuneReverse.toTune(mapped.line, target: TuneTarget(advertiserID: "877"), warnings: Warnings())
            let canonical = Self.canonical(p, android: android)
            let returned = try #require(back[canonical], "\(name) comes back as \(canonical) (\(conversion ? "event" : "open"))")
            if p.flag != nil {
                #expect(returned == (p.flag == .limited ? "1" : "0"), "limited either way")
            } else {
                #expect(returned.lowercased() == value.lowercased(), "\(name)=\(value) came back as \(canonical)=\(returned)")
            }
        }
    }

    /// The name the reverse uses for a row's fact: the first row of its device field (by platform for flags,
    /// screens and Android ids).
    static func canonical(_ p: TuneParameter, android: Bool) -> String {
        if p.flag != nil { return android ? "google_ad_tracking_disabled" : "ios_ad_tracking_disabled" }
        switch p.device {
        case "screen": return android ? "screen_layout_size" : "screen_size"
        case "android_id": return "os_id"
        case nil: return p.name
        case let field?: return TuneParameters.all.first { $0.device == field }!.name
        }
    }

    static func lookup(_ body: JSONObject, _ path: String) -> JSON? {
        if path == "X-IP-Override" { return nil }
        var parts = path.split(separator: ".").map(String.init)
        if parts.first == "content_items[0]" { return body["content_items"]?.arrayValue?.first?.objectValue?[parts[1]] }
        var o = body
        while parts.count > 1 { o = o[parts.removeFirst()]?.objectValue ?? [:] }
        return o[parts[0]]
    }

    @Test func routingSessionIPIdentityAndLinks() throws {
        let r = try request(Base.ios + "&user_id=u-42&existing_user=1&referral_url=https%3A%2F%2Fexample.app.link%2Fspring&debug=1&sdk_retry_attempt=2")
        let m = try TuneMapping.toBranch(r, warnings: Warnings())
        #expect(m.api == .open)
        #expect(m.ip?.text == "8.8.4.4", "device_ip becomes the X-IP-Override")
        #expect(m.body["server_to_server"] == true)
        #expect(m.body["os"] == "iOS")
        #expect(m.body["identity"] == "u-42")
        #expect(m.body["first_session"] == false, "existing_user=1: not a first session")
        #expect(m.body["universal_link_url"] == "https://example.app.link/spring")
        #expect(m.body["debug"] == true)
        #expect(m.body["retryNumber"] == 2)
        #expect(m.body["ad_tracking_enabled"] == true, "ios_ad_tracking_disabled=0: tracking allowed")
        let request = try m.request(key: BranchKey("key_test_abc"), secret: Secret("secret_test_abc"), baseURL: "http://127.0.0.1:1", warnings: Warnings())
        #expect(request.url == "http://127.0.0.1:1/v1/open")
        #expect(request.headers["X-IP-Override"] == "8.8.4.4")
    }

    @Test func flagsAreNormalisedToLimitedYesOrNo() throws {
        for (flags, limited) in [("ios_ad_tracking_disabled=1", true), ("ios_ad_tracking_disabled=0", false), ("ios_ad_tracking=1", false),
                                 ("ios_ad_tracking=0", true), ("ios_ad_tracking_disabled=1&ios_ad_tracking=1", true)] {
            let base = Base.ios.replacing("&ios_ad_tracking_disabled=0", with: "")
            let m = try TuneMapping.toBranch(try request(base + "&" + flags), warnings: Warnings())
            #expect((m.body["ad_tracking_enabled"] == nil) == limited, "\(flags): Branch omits ad_tracking_enabled when limited")
            let e = try TuneMapping.toBranch(try request(Base.conversion(base) + "&" + flags), warnings: Warnings())
            #expect(e.body["user_data"]?.objectValue?["limit_ad_tracking"] == .bool(limited), "\(flags) as v2 limit_ad_tracking")
        }
    }

    @Test func gaidAndIDFACaseAndTheAllZeroIDFA() throws {
        let m = try TuneMapping.toBranch(try request(Base.android + "&google_aid=38400000-8CF0-11BD-B23E-10B96E40000D&google_ad_tracking_disabled=0"),
                                         warnings: Warnings())
        #expect(m.body["google_advertising_id"] == "38400000-8cf0-11bd-b23e-10b96e40000d", "Branch gets the GAID as Android gives it")
        let back = try TuneReverse.toTune(m.line, target: TuneTarget(advertiserID: "877"), warnings: Warnings())
        #expect(back["google_aid"] == "38400000-8CF0-11BD-B23E-10B96E40000D", "TUNE asks upper case with hyphens")
        let warnings = Warnings()
        let zero = try TuneMapping.toBranch(try request(Base.ios + "&ios_ifa=00000000-0000-0000-0000-000000000000"), warnings: warnings)
        #expect(zero.body["hardware_id_type"] == "vendor_id", "the all-zero IDFA is absent; the IDFV stands in")
        #expect(warnings.messages.contains { $0.contains("all-zero") })
    }

    @Test func screenSplitAndDensity() throws {
        let m = try TuneMapping.toBranch(try request(Base.android + "&screen_layout_size=1080x2400&screen_density=420"), warnings: Warnings())
        #expect(m.body["screen_width"] == 1080)
        #expect(m.body["screen_height"] == 2400)
        #expect(m.body["screen_dpi"] == 420)
        let warnings = Warnings()
        let scale = try TuneMapping.toBranch(try request(Base.ios + "&screen_density=3.0&country_code=USA"), warnings: warnings)
        #expect(scale.body["screen_dpi"] == nil)
        #expect(scale.body["country"] == nil)
        #expect(warnings.messages.contains { $0.contains("screen_density 3.0 is a scale") })
        #expect(warnings.messages.contains { $0.contains("alpha-3") })
    }

    @Test(arguments: TuneParameters.predefinedEvents.map(\.tune))
    func predefinedEventsBecomeStandardEvents(_ tune: String) throws {
        let branch = TuneParameters.predefinedEvents.first { $0.tune == tune }!.branch
        let viaName = try TuneMapping.toBranch(try request(Base.ios.replacing("action=session", with: "action=conversion&site_event_name=\(tune)")), warnings: Warnings())
        #expect(viaName.body["name"] == .string(branch))
        let viaAction = try TuneMapping.toBranch(try request(Base.ios.replacing("action=session", with: "action=\(tune)")), warnings: Warnings())
        #expect(viaAction.body["name"] == .string(branch))
        #expect(EventCatalog.isStandard(branch))
        let back = try TuneReverse.toTune(viaName.line, target: TuneTarget(advertiserID: "877"), warnings: Warnings())
        #expect(back["site_event_name"] == tune)
        #expect(back["action"] == "conversion")
    }

    @Test func siteEventNamesAreComparedAsTUNEStoresThem() throws {
        #expect(TuneParameters.normalisedEventName("Add To-Cart!") == "addtocart")
        #expect(TuneParameters.standardEvent(forTune: "Add To Cart") == "ADD_TO_CART")
        let custom = try TuneMapping.toBranch(try request(Base.conversion(Base.ios).replacing("purchase", with: "Level+Up%21")), warnings: Warnings())
        #expect(custom.body["name"] == "Level Up!", "a custom name is sent as the app sent it")
    }

    @Test func conversionsCarryCommerceAndAttributes() throws {
        let r = try request(Base.conversion(Base.ios) + "&revenue=9.99&currency_code=EUR&advertiser_ref_id=o-1&search_string=shoes&attribute_sub1=a&level=3&quantity=2&user_id=u-9")
        let m = try TuneMapping.toBranch(r, warnings: Warnings())
        let data = m.body["event_data"]?.objectValue ?? [:]
        #expect(data["revenue"] == .number(JSONNumber(literal: "9.99")!))
        #expect(data["currency"] == "EUR")
        #expect(data["transaction_id"] == "o-1")
        #expect(data["search_query"] == "shoes")
        #expect(m.body["custom_data"]?.objectValue?["attribute_sub1"] == "a")
        #expect(m.body["custom_data"]?.objectValue?["level"] == "3")
        #expect(m.body["content_items"]?.arrayValue?.first?.objectValue?["$quantity"] == 2)
        #expect(m.body["user_data"]?.objectValue?["developer_identity"] == "u-9")
        #expect(m.body["user_data"]?.objectValue?["ip"] == "8.8.4.4", "the device IP in user_data too (the documented pair)")
        let request = try m.request(key: BranchKey("key_test_abc"), secret: nil, baseURL: "http://127.0.0.1:1", warnings: Warnings())
        #expect(request.url == "http://127.0.0.1:1/v2/event/standard")
    }

    @Test func windowsItemsBecomeContentItems() throws {
        let items = HTTPURL.percentEncode(#"[{"item":"shoe","quantity":2,"unit_price":10.5,"attribute_sub1":"red"}]"#)
        let r = try request("action=conversion&advertiser_id=877&sdk=windows&site_event_name=purchase&windows_aid=AAAABBBB&device_id=X&device_ip=8.8.4.4&user_id=u-1&data=&site_event_items=\(items)")
        let m = try TuneMapping.toBranch(r, warnings: Warnings())
        let item = m.body["content_items"]?.arrayValue?.first?.objectValue ?? [:]
        #expect(item["$product_name"] == "shoe")
        #expect(item["$quantity"] == 2)
        #expect(item["$price"] == .number(JSONNumber(literal: "10.5")!))
        #expect(item["attribute_sub1"] == "red")
    }

    @Test func whatBranchCannotTakeIsExit65NamingTheTUNEParameter() throws {
        let cases: [(String, String)] = [
            (Base.ios.replacing("&device_ip=8.8.4.4", with: ""), "device_ip is required"),
            (Base.ios.replacing("&device_model=iPhone15%2C2", with: ""), "device_model is required: Branch's v1/open needs model"),
            (Base.ios.replacing("action=session", with: "action=click"), "click has no Branch server-to-server counterpart"),
            (Base.ios.replacing("sdk=server", with: "sdk=windows"), "Branch's v1/open takes iOS and Android sessions only"),
            (Base.ios + "&ios_ifa=nope", "ios_ifa must be a UUID"),
            (Base.ios.replacing("device_ip=8.8.4.4", with: "device_ip=999.1.1.1"), "device_ip must be an IPv4 or IPv6 address"),
        ]
        for (query, message) in cases {
            #expect(throws: BNCError.self, "\(message)") { try TuneMapping.toBranch(try request(query), warnings: Warnings()) }
            do { _ = try TuneMapping.toBranch(try request(query), warnings: Warnings()) } catch let e as BNCError {
                #expect(e.message.contains(message), "\(e.message)")
                #expect(e.exitStatus == .dataError)
            }
        }
    }

    @Test func aRequestsURLReadsBackToTheSameParameters() throws {
        // Found by fuzzing: an advertiser_id that is not a number once became part of the rebuilt URL's host.
        let line = #"203.0.113.9 - - [22/Nov/2026:05:30:00 +0100] "GET =/serve?action=conversion&advertiser_id=8?7&sdk=android&x=1 HTTP/1.1" 200 64"#
        let r = try TuneLog.parse(Array(line.utf8)[...])
        #expect(r.url.hasPrefix("https://engine.mobileapptracking.com/=/serve?action=conversion&advertiser_id=8%3F7"))
        let again = try TuneLog.parse(Array(r.url.utf8)[...])
        #expect(again.parameters.map(\.name) == r.parameters.map(\.name))
        #expect(again.parameters.map(\.value) == r.parameters.map(\.value))
        // And a path with a tab, a CR and non-ASCII bytes (the URL once ended at the tab).
        let odd = "1.2.3.4 - - [22/Nov/2026:05:30:00 +0100] \"GET /se\u{e9}rve\td=\r?action=session&advertiser_id=877 HTTP/1.1\" 200 1"
        let o = try TuneLog.parse(Array(odd.utf8)[...])
        #expect(o.url == "https://877.measure.mobileapptracking.com/se%C3%A9rve%09d=%0D?action=session&advertiser_id=877")
        #expect(try TuneLog.parse(Array(o.url.utf8)[...]).parameters.map(\.name) == ["action", "advertiser_id"])
    }

    @Test func theReverseOfABncOpenBody() throws {
        let body: JSONObject = ["os": "Android", "os_version": "14", "model": "Pixel 8", "brand": "Google", "app_version": "2.3.0",
                                "user_agent": "Dalvik/2.1.0", "server_to_server": true, "hardware_id": "1234abcd5678ef90",
                                "is_hardware_id_real": true, "google_advertising_id": "38400000-8cf0-11bd-b23e-10b96e40000d",
                                "local_ip": "10.0.0.2", "identity": "u-1", "ip": "8.8.4.4"]
        let warnings = Warnings()
        let r = try TuneReverse.toTune(body, target: TuneTarget(advertiserID: "877", siteID: "1234"), warnings: warnings)
        #expect(r.url.hasPrefix("https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&site_id=1234&sdk=server"))
        #expect(r["device_ip"] == "8.8.4.4")
        #expect(r["os_id"] == "1234abcd5678ef90")
        #expect(r["google_aid"] == "38400000-8CF0-11BD-B23E-10B96E40000D")
        #expect(r["google_ad_tracking_disabled"] == "1", "no ad_tracking_enabled in Branch means limited")
        #expect(r["user_id"] == "u-1")
        #expect(r["local_ip"] == nil)
        #expect(warnings.messages.contains { $0.hasPrefix("local_ip has no TUNE counterpart: TUNE's local_ip is not supported on TUNE API calls") })
        #expect(!warnings.messages.contains { $0.hasPrefix("is_hardware_id_real") || $0.hasPrefix("server_to_server") }, "\(warnings.messages)")
        #expect(throws: BNCError.self) { try TuneReverse.toTune(body, target: TuneTarget(advertiserID: "x77"), warnings: Warnings()) }
    }
}

@Suite struct BranchTargetTests {
    /// Every Branch target the TUNE table names is a field the Branch tables declare: a typo in a target would
    /// map a fact to nowhere (and the reverse would never read it).
    @Test func everyTargetIsADeclaredBranchField() {
        for p in TuneParameters.all {
            for t in p.open {
                switch t {
                case .key(let k), .omittedWhenLimited(let k), .fixed(let k, _):
                    #expect(OpenFields.table.declares(k), "\(p.name) -> v1/open \(k)")
                case .keyWith(let k, let companion, let v):
                    #expect(OpenFields.table.declares(k) && OpenFields.table.declares(companion), "\(p.name) -> v1/open \(k)")
                    #expect(OpenFields.table[companion]?.allowed?.contains(v) == true, "\(companion) takes \(v)")
                case .either(let ks): for k in ks { #expect(OpenFields.table.declares(k), "\(p.name) -> v1/open \(k)") }
                case .member: Issue.record("\(p.name): a v1/open target is a top-level key")
                case .header, .endpoint, .branchKey: break
                }
            }
            for t in p.event {
                switch t {
                case .member(.userData, let k): #expect(EventFields.userData.declares(k), "\(p.name) -> user_data.\(k)")
                case .member(.eventData, let k): #expect(EventFields.eventData.declares(k), "\(p.name) -> event_data.\(k)")
                case .member(.contentItem, let k): #expect(EventFields.contentItem.declares(k), "\(p.name) -> content item \(k)")
                case .member(.customData, _): break  // custom data takes any key
                case .key(let k): #expect(EventFields.envelope.declares(k), "\(p.name) -> event \(k)")
                case .header, .endpoint, .branchKey: break
                default: Issue.record("\(p.name): \(t.description) is not an event target")
                }
            }
        }
        #expect(TuneParameters.branchRequired.map(\.field) == ["app_version", "os_version", "model", "user_agent"])
    }

    @Test func targetsDescribeThemselvesAsTheTableShowsThem() {
        #expect(TuneParameters.byName["ios_ifa"]!.open.summary == "hardware_id (hardware_id_type idfa)")
        #expect(TuneParameters.byName["screen_size"]!.event.summary == "user_data.screen_width, user_data.screen_height")
        #expect(TuneParameters.byName["referral_url"]!.open.summary == "universal_link_url, android_app_link_url or install_referrer_extras")
        #expect(TuneParameters.byName["existing_user"]!.open.summary == "first_session: false")
        #expect(TuneParameters.byName["device_ip"]!.event.summary == "user_data.ip, X-IP-Override header")
        #expect(TuneParameters.byName["fb_cookie_id"]!.open.summary == nil)
    }
}
