// Sandbox fidelity, driven with raw requests (never through the client): it accepts what Branch accepts,
// answers what Branch silently mishandles with an X-Sandbox-Lint header, and emulates request ids, the clock,
// per-app tokens, tracking_disabled, HEAD and the field-level error shape.
import BNCCore
import Foundation
import Testing
@testable import BNCSandbox

@Suite struct FidelityTests {
    func lints(_ r: Reply) -> [String] { r.headers.filter { $0.0 == "X-Sandbox-Lint" }.map(\.1) }

    @Test func whatProductionAcceptsIsAcceptedWithALintWhereItIsMishandled() throws {
        let h = try Harness()
        let r = h.open(Harness.iosOpen(["ad_tracking_enabled": false, "retryNumber": 2, "environment": "FULL_APP", "sdk": "ios3.14.0"]))
        #expect(r.status == 200, "\(r.message)")
        #expect(lints(r) == ["ad_tracking_enabled false: the S2S guide says to omit it when Limit Ad Tracking is on"])
        let recorded = h.send("GET", "/_sandbox/requests").json?.arrayValue?.last
        #expect(recorded?["lint"]?.arrayValue?.count == 1, "lints are recorded with the request")
    }

    @Test func headerValuesAreTrimmedAsHTTPAllows() throws {
        let h = try Harness()
        let r = h.send("POST", "/v1/open", Harness.iosOpen(), headers: [("X-IP-Override", "  8.8.4.4\t"), ("Content-Type", "application/json")])
        #expect(r.status == 200, "\(r.message)")
    }

    @Test func theSDKsUserDataExtrasAreAccepted() throws {
        let h = try Harness()
        let user: JSON = ["os": "Android", "aaid": "38400000-8cf0-11bd-b23e-10b96e40000d", "sdk": "android", "sdk_version": "5.21.2",
                          "environment": "FULL_APP", "connection_type": "wifi", "unidentified_device": false, "ui_mode": "UI_MODE_TYPE_NORMAL",
                          "disable_ad_network_callouts": true, "limit_ad_tracking": 0, "ip": "8.8.4.4"]
        let r = h.send("POST", "/v2/event/standard", ["branch_key": .string(Harness.key), "name": "PURCHASE", "user_data": user],
                       headers: [("X-IP-Override", "8.8.4.4"), ("Content-Type", "application/json")])
        #expect(r.status == 200, "\(r.message)")
        #expect(lints(r).isEmpty)
    }

    @Test func anEventsIPOverrideWithoutUserDataIPIsALint() throws {
        let h = try Harness()
        let body: JSON = ["branch_key": .string(Harness.key), "name": "LOGIN", "user_data": ["developer_identity": "u1"]]
        let r = h.send("POST", "/v2/event/standard", body, headers: [("X-IP-Override", "8.8.4.4"), ("Content-Type", "application/json")])
        #expect(r.status == 200)
        #expect(lints(r).first?.hasPrefix("X-IP-Override sent without user_data.ip") == true)
        let noType = h.send("POST", "/v2/event/standard", body)
        #expect(lints(noType).contains { $0.hasPrefix("JSON body sent without Content-Type: application/json") })
    }

    @Test func aFormEncodedEventGetsTheFieldLevelErrorShape() throws {
        let h = try Harness()
        let r = h.send("POST", "/v2/event/custom", text: "branch_key=\(Harness.key)&name=x",
                       headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(r.status == 400)
        #expect(r.json == ["error": ["user_data": "missing required field"]])
    }

    @Test func everyBranchAnswerCarriesARequestIDAndAppleAndTuneDoNot() throws {
        let h = try Harness()
        for r in [h.open(Harness.iosOpen()), h.open(Harness.iosOpen(["os": "Windows"])), h.send("GET", "/nope"), h.send("DELETE", "/v1/open")] {
            #expect(r.header("X-Branch-Request-Id")?.hasPrefix("bnc-sandbox-") == true, "\(r.status)")
        }
        #expect(h.send("POST", "/api/v1/", text: "x").header("X-Branch-Request-Id") == nil)
        #expect(h.send("GET", "/serve?action=session").header("X-Branch-Request-Id") == nil)
    }

    @Test func bundleTokensArePerApp() throws {
        let h = try Harness()
        let first = h.open(Harness.iosOpen(["server_to_server_identity": true]))
        let token = try #require(first.json?["randomized_bundle_token"]?.stringValue)
        h.clock.advance(3)
        // The same token from another app (another key) is not that app's: answered, with a lint.
        let other = h.open(Harness.iosOpen(["branch_key": "key_test_otherapp1", "branch_secret": "secret_test_otherapp1",
                                            "server_to_server_identity": true, "randomized_bundle_token": .string(token)]))
        #expect(other.status == 200)
        #expect(lints(other).first?.contains("was not issued to this app") == true)
    }

    @Test func trackingDisabledStoresNothing() throws {
        let h = try Harness()
        let off = h.open(Harness.iosOpen(["tracking_disabled": true]))
        #expect(off.status == 200)
        #expect(h.send("GET", "/_sandbox/stats").json?["devices"] == 0)
        h.clock.advance(3)
        #expect(h.open(Harness.iosOpen()).data?["+is_first_session"] == true, "the device was not remembered")
    }

    @Test func aHEADIsNotAClick() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["alias": "headcheck", "data": ["$ios_url": "https://example.com/app"]]).json?["url"]?.stringValue)
        let head = h.send("HEAD", "/headcheck", headers: [("User-Agent", Harness.iosUA), ("X-Forwarded-For", "8.8.4.4")])
        #expect(head.status == 302)
        #expect(h.send("GET", "/_sandbox/stats").json?["clicks"] == 0)
        #expect(h.open(Harness.iosOpen(["user_agent": .string(Harness.iosUA)])).data?["+clicked_branch_link"] == false)
        _ = url
    }

    @Test func theClockMovesForward() throws {
        let h = try Harness()
        let before = try #require(h.send("GET", "/_sandbox/clock").json?["now"]?.numberValue?.double)
        let moved = h.send("POST", "/_sandbox/clock", ["advance_seconds": 86_400])
        #expect(moved.status == 200)
        #expect(moved.json?["now"]?.numberValue?.double == before + 86_400)
        #expect(h.send("POST", "/_sandbox/clock", ["advance_seconds": -1]).status == 400)
    }

    @Test func theSandboxHasItsOwnParsers() {
        #expect(SandboxIP.isValid("8.8.4.4") && SandboxIP.isValid("2001:db8::1"))
        #expect(!SandboxIP.isValid("999.1.1.1") && !SandboxIP.isValid(" 8.8.4.4") && !SandboxIP.isValid("8.8.4.4\r\n"))
        #expect(Percent.decode("a%20b+c%zz", plus: true) == "a b c%zz")
        #expect(Percent.decode("a+b", plus: false) == "a+b")
    }

    @Test func aSandboxMintedAdServicesTokenAttributesTheInstallAndAgesWithTheClock() throws {
        let h = try Harness()
        let token = try #require(h.send("POST", "/_sandbox/asa-token", ["detailed": true]).json?["token"]?.stringValue)
        let record = try #require(h.send("POST", "/api/v1/", text: token).json)
        let install = h.open(Harness.iosOpen(["apple_attribution_token": .string(token)]))
        let data = try #require(install.data)
        #expect(data["~channel"] == "Apple Search Ads")
        #expect(data["~campaign_id"]?.stringValue == record["campaignId"]?.numberValue?.literal)
        #expect(data["~keyword_id"]?.stringValue == record["keywordId"]?.numberValue?.literal)
        #expect(data["+is_first_session"] == true && data["+clicked_branch_link"] == false)
        // 24 hours later the token reads nothing, and attributes nothing.
        h.send("POST", "/_sandbox/clock", ["advance_seconds": .int(24 * 3600 + 1)])
        #expect(h.send("POST", "/api/v1/", text: token).status == 404)
        let later = h.open(Harness.iosOpen(["hardware_id": "BBBBBBBB-FCF8-4065-88FC-B70F49186988", "apple_attribution_token": .string(token)]))
        #expect(later.data?["~channel"] == nil)
        // A token whose record says attribution false attributes nothing.
        let organic = try #require(h.send("POST", "/_sandbox/asa-token", ["attribution": false]).json?["token"]?.stringValue)
        let o = h.open(Harness.iosOpen(["hardware_id": "CCCCCCCC-FCF8-4065-88FC-B70F49186988", "apple_attribution_token": .string(organic)]))
        #expect(o.data?["~channel"] == nil)
    }

    @Test func chaosInjectsTheDocumentedErrorShapes() throws {
        let h = try Harness { $0.chaos = try! ChaosSpec.parse("html=0.5,402=0.5") }
        var seen: Set<Int> = []
        for _ in 0..<20 {
            let r = h.open(Harness.iosOpen())
            seen.insert(r.status)
            if r.status == 503 { #expect(r.header("Content-Type") == "text/html" && String(decoding: r.body, as: UTF8.self).contains("<html>")) }
            if r.status == 402 { #expect(r.message == "Not enough credits to redeem.") }
        }
        #expect(seen == [503, 402])
    }

    @Test func theSandboxDecodesJSONWithItsOwnParser() throws {
        let v = try SandboxJSON.decode(Array(#"{"t":true,"one":1,"id":823569794275788167,"big":99999999999999999999,"d":19.99,"s":"é"}"#.utf8))
        #expect(v["t"] == true && v["one"] == 1, "booleans and 1 stay apart")
        #expect(v["id"]?.numberValue?.literal == "823569794275788167" && v["big"]?.numberValue?.literal == "99999999999999999999")
        #expect(v["d"]?.numberValue?.literal == "19.99" && v["s"] == "é")
        #expect(v.objectValue?.keys == ["big", "d", "id", "one", "s", "t"], "keys sorted: stable output")
        #expect(throws: SandboxJSON.Invalid.self) { try SandboxJSON.decode(Array("{\"a\": 1e400}".utf8)) }
        let h = try Harness()
        #expect(h.open(JSON.string("not an object")).message.hasPrefix("Request body must be a JSON object"))
    }

    @Test func tuneDropsTheSameEventWithinAnHourOnTheSandboxClock() throws {
        let h = try Harness()
        let q = "/serve?action=conversion&advertiser_id=877&site_event_name=purchase&ios_ifv=1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"
        #expect(h.send("GET", q).json?["success"] == true)
        let dup = h.send("GET", q)
        #expect(dup.status == 200 && dup.json?["success"] == false)
        #expect(h.send("GET", q + "&transaction_id=t2").json?["success"] == true, "another transaction is another event")
        h.send("POST", "/_sandbox/clock", ["advance_seconds": 3601])
        #expect(h.send("GET", q).json?["success"] == true)
        #expect(h.send("GET", "/_sandbox/stats").json?["counters"]?["tune_duplicates_dropped"] == 1)
    }

    @Test func countersCountOnlyAcceptedRequests() throws {
        let h = try Harness()
        _ = h.open(Harness.iosOpen(["os": "Windows"]))
        _ = h.open(Harness.iosOpen(["branch_secret": nil]))
        let c = h.send("GET", "/_sandbox/stats").json?["counters"]?.objectValue ?? [:]
        #expect(c.keys.filter { ["installs", "opens", "reinstalls", "sessions_non_referred"].contains($0) }.isEmpty, "\(c)")
        #expect(h.open(Harness.iosOpen()).status == 200)
        #expect(h.send("GET", "/_sandbox/stats").json?["counters"]?["installs"] == 1)
    }
}

/// The sandbox writes its answers with its own JSON writer, never the client's: Foundation's parser (a third
/// implementation) reads back what it wrote, controls, quotes, non-ASCII and big numbers included.
@Suite struct SandboxJSONWriterTests {
    @Test func whatTheSandboxWritesFoundationReadsBack() throws {
        let value: JSON = ["s": "quote \" backslash \\ nl \n tab \t nul \u{0} esc \u{1B} del \u{7F} é 😀",
                           "n": .number(JSONNumber(literal: "123456789012345678")!), "d": 1.5, "b": true, "z": .null,
                           "a": [1, "two", ["three": 3]], "e": [:]]
        let bytes = SandboxJSON.encode(value)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(parsed["s"] as? String == "quote \" backslash \\ nl \n tab \t nul \u{0} esc \u{1B} del \u{7F} é 😀")
        #expect((parsed["n"] as? NSNumber)?.int64Value == 123456789012345678)
        #expect(parsed["d"] as? Double == 1.5 && parsed["b"] as? Bool == true && parsed["z"] is NSNull)
        #expect(((parsed["a"] as? [Any])?[2] as? [String: Any])?["three"] as? Int == 3)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"s":"quote \" backslash \\ nl \n tab \t nul \u0000 esc \u001b"#), "member order kept")
        #expect(try SandboxJSON.decode(bytes) == (try SandboxJSON.decode(JSON.object(value.objectValue!).bytes)), "the same document as the client's writer makes")
    }
}
