// v2 events: the catalog, routing, items from --item specs, and every rule.
import BNCCore
import Testing
import TestSupport
@testable import BNCEvent

@Suite struct EventTests {
    @Test func catalogAndRouting() {
        #expect(EventCatalog.standard.count == 25)
        #expect(Set(EventCatalog.standard.map(\.group)) == Set(EventGroup.allCases))
        #expect(EventCatalog.standard.first { $0.name == "RESERVE" }?.group == .commerce)
        #expect(EventRequest.path(for: "PURCHASE", forceCustom: false) == "/v2/event/standard")
        #expect(EventRequest.path(for: "PURCHASE", forceCustom: true) == "/v2/event/custom")
        #expect(EventRequest.path(for: "level_up", forceCustom: false) == "/v2/event/custom")
        #expect(EventCatalog.suggestion(for: "PURCHASED") == "PURCHASE")
        #expect(EventCatalog.suggestion(for: "ADD_TO_CARTS") == "ADD_TO_CART")
        #expect(EventCatalog.suggestion(for: "purchased") == nil, "lower case one typo away is clearly a custom name")
        // A standard name in another case or with other separators is one Branch will not count as standard.
        #expect(EventCatalog.suggestion(for: "purchase") == "PURCHASE")
        #expect(EventCatalog.suggestion(for: "Add To Cart") == "ADD_TO_CART")
        #expect(EventCatalog.suggestion(for: "add-to-cart") == "ADD_TO_CART")
        #expect(EventCatalog.suggestion(for: "SOMETHING_ELSE") == nil)
    }

    @Test func theFixturesContentItemFromOneItemSpec() throws {
        let spec = "$content_schema=COMMERCE_PRODUCT,$quantity=2,$price=23.2,$currency=USD,$sku=1994320302,$product_name=my_product_name1,"
            + "$product_brand=my_prod_Brand1,$product_category=Baby & Toddler,$product_variant=3T,$rating_average=5,$rating_count=5,"
            + "$rating_max=7,$rating=6,$condition=FAIR,$address_street=Street_name1,$address_city=city1,$address_region=Region1,"
            + "$address_country=Country1,$address_postal_code=postal_code,$latitude=12.07,$longitude=-97.5,"
            + "$image_captions=my_img_caption1|my_img_caption_2,$og_title=My Content Title,$canonical_identifier=item/12345,"
            + "$canonical_url=https://branch.io/deepviews,$keywords=My_Keyword1|My_Keyword2,$og_description=my_product_description1,"
            + "$og_image_url=https://test_img_url,$exp_date=212123232544,$locally_indexable=true,$creation_timestamp=1501869445321,"
            + "Custom_Content_metadata_key1=Custom_Content_metadata_val1,Custom_Content_metadata_key2=Custom_Content_metadata_val2"
        let item = try EventRequest.parseItem(spec)
        #expect(JSON.object(item) == (try JSON.parse(Fixtures.text("mac-BNCTestCase/content_item.json"))))
    }

    @Test func categoriesInEitherFormAndEscapedCommas() throws {
        let body: JSONObject = ["name": "PURCHASE", "user_data": ["developer_identity": "u"],
                                "content_items": [["$product_category": "FOOD_BEVERAGES_AND_TOBACCO"], ["$product_category": "baby & toddler"]]]
        let display = try EventRequest.validate(body)
        #expect(display["content_items"]?.arrayValue?.map { $0["$product_category"] } == ["Food, Beverages & Tobacco", "Baby & Toddler"])
        let enumForm = try EventRequest.validate(body, categoryForm: .enum)
        #expect(enumForm["content_items"]?.arrayValue?.map { $0["$product_category"] } == ["FOOD_BEVERAGES_AND_TOBACCO", "BABY_AND_TODDLER"])
        let item = try EventRequest.parseItem(#"$product_category=Food\, Beverages & Tobacco,note=a\,b"#)
        #expect(item["$product_category"] == "Food, Beverages & Tobacco" && item["note"] == "a,b")
    }

    static let good: JSONObject = ["name": "PURCHASE", "user_data": ["os": "Android", "aaid": "38400000-8cf0-11bd-b23e-10b96e40000d"]]

    @Test(arguments: [
        (["name": nil], "name is required"),
        (["user_data": nil], "user_data is required"),
        (["user_data": ["os": "iOS", "aaid": "38400000-8cf0-11bd-b23e-10b96e40000d"]], "user_data must identify the user"),
        (["user_data": ["os": "Android", "aaid": "x"]], "user_data.aaid must be a UUID"),
        (["event_data": ["revenue": "1.5"]], "event_data.revenue must be a number"),
        (["event_data": ["currency": "usd"]], "event_data.currency must be three upper-case letters"),
        (["event_data": ["revenue": .number(JSONNumber(literal: "1e400")!)]], "event_data.revenue must be a finite number"),
        (["event_data": ["revenue": .number(JSONNumber(literal: "1e-400")!)]], "event_data.revenue is too small to represent"),
        (["content_items": [["$quantity": -2]]], "content_items[0].$quantity must be between 0 and"),
        (["user_data": ["developer_identity": "u\r\nX-Injected: 1"]], "user_data.developer_identity must not contain line breaks"),
        (["event_data": ["ad_type": "POPUP"]], "event_data.ad_type must be one of"),
        (["custom_data": ["a"]], "custom_data must be an object"),
        (["content_items": [["$condition": "MINT"]]], "content_items[0].$condition must be one of"),
        (["content_items": [["$content_schema": "PRODUCT"]]], "content_items[0].$content_schema must be one of"),
        (["content_items": [["$product_category": "Toys"]]], "content_items[0].$product_category is not a product category"),
        (["content_items": [["$price": "12"]]], "content_items[0].$price must be a number"),
        (["content_items": [["nested": ["a": 1]]]], "content_items[0].nested must be a string, number or boolean"),
    ] as [([String: JSON?], String)])
    func everyRule(_ changes: [String: JSON?], _ message: String) {
        var body = Self.good
        for (k, v) in changes { body[k] = v }
        #expect {
            try EventRequest.validate(body)
        } throws: { error in
            guard let e = error as? BNCError else { return false }
            return e.exitStatus == .dataError && e.message.hasPrefix(message)
        }
    }

    @Test func itemSpecsAreTyped() throws {
        #expect(throws: BNCError.self) { try EventRequest.parseItem("$price=abc") }
        #expect(throws: BNCError.self) { try EventRequest.parseItem("novalue") }
        #expect(throws: BNCError.self) { try EventRequest.parseItem("$locally_indexable=maybe") }
        #expect(try EventRequest.parseItem("$price=1e2")["$price"]?.numberValue?.literal == "1e2")
    }

    @Test func userDataFromTheDevice() throws {
        var d = Device()
        for (k, v) in [("os", "android"), ("os_version", "34"), ("gaid", "38400000-8CF0-11BD-B23E-10B96E40000D"), ("android_id", "abc"),
                       ("oaid", "o1"), ("limit_ad_tracking", "false"), ("user_agent", "UA")] {
            try d.set(k, v, source: k, warn: { _ in })
        }
        let u = EventRequest.userData(device: d, ip: try IPAddress("8.8.4.4"), developerIdentity: "user-1", randomizedDeviceToken: "t1")
        #expect(JSON.object(u) == ["os": "Android", "os_version": "34", "user_agent": "UA", "developer_identity": "user-1",
                                   "aaid": "38400000-8cf0-11bd-b23e-10b96e40000d", "android_id": "abc", "advertising_ids": ["oaid": "o1"],
                                   "limit_ad_tracking": false, "ip": "8.8.4.4", "randomized_device_token": "t1"])
    }

    @Test func unknownKeysWarnWithTheNameMeantAndAreNotSent() throws {
        var body = Self.good
        body["event_data"] = ["revenu": 12, "currency": "USD"]
        body["content_items"] = [["$prise": 3, "color": "blue"]]
        body["user_data"] = ["os": "Android", "aaid": "38400000-8cf0-11bd-b23e-10b96e40000d", "develper_identity": "u"]
        let warnings = Warnings()
        let out = try EventRequest.validate(body, warnings: warnings)
        #expect(warnings.messages.contains("event_data.revenu is not an event_data field (did you mean event_data.revenue?); not sent"))
        #expect(warnings.messages.contains("content_items[0].$prise is not a content item field (did you mean content_items[0].$price?); not sent"))
        #expect(warnings.messages.contains { $0.hasPrefix("user_data.develper_identity is not a user_data field (did you mean user_data.developer_identity?)") })
        #expect(out["event_data"]?["revenu"] == nil && out["event_data"]?["currency"] == "USD")
        #expect(out["content_items"]?.arrayValue?.first?["color"] == "blue", "custom item keys stay")
        #expect(out["content_items"]?.arrayValue?.first?["$prise"] == nil)
    }

    @Test func everyBuiltBodyHoldsOnlyTableKeys() throws {
        var device = Device()
        for (k, v) in [("os", "iOS"), ("os_version", "17.4"), ("model", "iPhone15,2"), ("user_agent", "UA"), ("idfa", "1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11"),
                       ("idfv", "1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a12"), ("screen", "1179x2556"), ("screen_dpi", "460"), ("local_ip", "192.168.1.2"),
                       ("language", "en"), ("country", "US"), ("brand", "Apple"), ("app_version", "1.0"), ("limit_ad_tracking", "false")] {
            try device.set(k, v, source: k, warn: { _ in })
        }
        var input = EventInput(name: "PURCHASE")
        input.developerIdentity = "u1"
        input.alias = "a"
        input.eventData = [("currency", "USD"), ("coupon", "X"), ("revenue", "1.5")]
        input.custom = ["k=v"]
        input.itemSpecs = ["$sku=1,$price=2,color=red"]
        input.randomizedDeviceToken = "123"
        let body = try EventRequest.body(input, device: device, ip: try IPAddress("8.8.4.4"))
        #expect(body.keys.allSatisfy { EventFields.envelope[$0] != nil })
        #expect(body["user_data"]!.objectValue!.keys.allSatisfy { EventFields.userData[$0] != nil }, "\(body["user_data"]!)")
        #expect(body["event_data"]!.objectValue!.keys.allSatisfy { EventFields.eventData[$0] != nil })
        let warnings = Warnings()
        _ = try EventRequest.validate(body, warnings: warnings)
        #expect(warnings.messages.isEmpty, "\(warnings.messages)")
    }
}

@Suite struct EventTableTests {
    @Test func theTablesRulesNameDeclaredFields() {
        for t in EventFields.all { #expect(t.undeclaredRuleNames.isEmpty, "\(t.name): \(t.undeclaredRuleNames)") }
    }

    /// Each event_data flag is the table's: the field and its type come from EventFields.eventData.
    @Test func eventDataFromTheTable() throws {
        var input = EventInput(name: "PURCHASE")
        input.developerIdentity = "u"
        input.eventData = [("revenue", "2.50"), ("coupon", "C"), ("tax", "x")]
        #expect(throws: BNCError.self) { try EventRequest.body(input, device: Device(), ip: nil) }
        input.eventData.removeLast()
        let body = try EventRequest.body(input, device: Device(), ip: nil)
        #expect(body["event_data"] == ["revenue": .number(JSONNumber(literal: "2.50")!), "coupon": "C"])
    }
}
