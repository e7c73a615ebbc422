// The Deep Linking API and the links: alias idempotency, conflicts, bulk, read, update, delete, redirects.
import BNCCore
import Testing
@testable import BNCSandbox

@Suite struct LinkTests {
    @Test func aliasIsIdempotentForTheSameParametersAndAConflictOtherwise() throws {
        let h = try Harness()
        let first = h.createLink(["alias": "summer-sale", "channel": "email", "data": ["$og_title": "Sale"]])
        #expect(first.json == ["url": "http://127.0.0.1:8787/summer-sale"])
        let same = h.createLink(["alias": "summer-sale", "channel": "email", "data": ["$og_title": "Sale"]])
        #expect(same.status == 200 && same.json == first.json)
        let changed = h.createLink(["alias": "summer-sale", "channel": "email", "data": ["$og_title": "Sale!"]])
        #expect(changed.status == 400)
        #expect(changed.message == "Link alias conflict: 127.0.0.1:8787/summer-sale")
        let legacy = try Harness { $0.legacy409 = true }
        _ = legacy.createLink(["alias": "a1"])
        #expect(legacy.createLink(["alias": "a1", "channel": "x"]).status == 409)
    }

    @Test func twoEighteenDigitIdsOneApartAreDifferentLinkData() throws {
        // Beyond 2^53 a Double cannot tell them apart; the alias check must (they are different parameters).
        let h = try Harness()
        let first = h.createLink(["alias": "item-id", "data": ["item_id": .number(JSONNumber(literal: "823569794275788167")!)]])
        #expect(first.status == 200)
        let same = h.createLink(["alias": "item-id", "data": ["item_id": .number(JSONNumber(literal: "823569794275788167")!)]])
        #expect(same.status == 200, "the same number is the same data")
        let other = h.createLink(["alias": "item-id", "data": ["item_id": .number(JSONNumber(literal: "823569794275788168")!)]])
        #expect(other.status == 400 && other.message.hasPrefix("Link alias conflict"))
    }

    @Test(arguments: [
        (["type": 3], "type must be 0"),
        (["alias": .string(String(repeating: "a", count: 129))], "alias must be 1 to 128"),
        (["alias": "a/b"], "one-character path segment"),
        (["alias": "v1/open"], "cannot start with /v1"),
        (["alias": "serve"], "cannot start with /serve"),
        (["alias": "has space"], "alias may hold"),
        (["tags": "one"], "tags must be an array of strings"),
        (["channel": 5], "channel must be a string"),
        (["data": "[1]"], "data must be a JSON object"),
        (["duration": -1], "duration must be a whole number"),
        (["data": ["~creation_source": 1, "+match_guaranteed": true]], "restricted link data keys: "),
    ] as [(JSONObject, String)])
    func creationRules(_ fields: JSONObject, _ message: String) throws {
        let h = try Harness()
        h.send("POST", "/_sandbox/grant", ["branch_key": .string(Harness.key), "quick_links": true])
        let r = h.createLink(fields)
        #expect(r.status == 400)
        #expect(r.message.contains(message), "\(r.message)")
    }

    /// A bare alias named like an API's first segment (`a`, `api`, `v1`) is a link of its own: only a path under
    /// those segments, or one of this sandbox's GET routes, would never reach it (they were all refused, though
    /// Branch's links live on their own domain and bnc-link's check passes them).
    @Test(arguments: ["a", "api", "v1", "e"])
    func aBareAliasNamedLikeAnAPIIsALink(_ alias: String) throws {
        let h = try Harness()
        h.send("POST", "/_sandbox/grant", ["branch_key": .string(Harness.key), "quick_links": true])
        let r = h.createLink(["alias": .string(alias), "channel": "bare"])
        #expect(r.status == 200, "\(r.message)")
        #expect(h.send("GET", "/\(alias)?debug=1").json?["data"]?["~channel"]?.stringValue == "bare")
    }

    @Test func dataMayBeAJSONString() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["data": #"{"$deeplink_path":"x/1"}"#, "alias": "m1", "duration": 60]).json?["url"]?.stringValue)
        #expect(h.send("GET", "/m1?debug=1").json?["data"]?["$deeplink_path"] == "x/1")
        #expect(url.hasSuffix("/m1"))
        h.send("POST", "/_sandbox/grant", ["branch_key": .string(Harness.key), "quick_links": true])
        let r = h.createLink(["data": #"{"$marketing_title":"Launch"}"#, "type": 2])
        #expect(r.status == 200)
        #expect(h.send("GET", String(r.json!["url"]!.stringValue!.dropFirst(Harness.base.count)) + "?debug=1").json?["data"]?["~marketing"] == true)
    }

    @Test func bulkAnswersPerItem() throws {
        let h = try Harness()
        h.send("POST", "/_sandbox/grant", ["branch_key": .string(Harness.key), "quick_links": true])
        let body: JSON = [["channel": "a"], ["type": 5], "nope", ["alias": "bulk-1"], ["branch_key": "key_test_other", "channel": "b"]]
        let r = h.send("POST", "/v1/url/bulk/\(Harness.key)", body)
        let items = try #require(r.json?.arrayValue)
        #expect(r.status == 200 && items.count == 5)
        #expect(items[0]["url"]?.stringValue?.hasPrefix("http://127.0.0.1:8787/") == true)
        #expect(items[1]["error"]?.stringValue?.contains("type must be 0") == true)
        #expect(items[2]["error"] != nil)
        #expect(items[3] == ["url": "http://127.0.0.1:8787/bulk-1"])
        #expect(items[4]["error"]?.stringValue?.contains("does not match") == true)
        let big = JSON.array(Array(repeating: ["channel": .string(String(repeating: "x", count: 1000))], count: 260))
        #expect(h.send("POST", "/v1/url/bulk/\(Harness.key)", big).status == 413)
        #expect(h.send("POST", "/v1/url/bulk/key_bad", [[:]]).status == 400)
    }

    @Test func readUpdateAndDelete() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["channel": "facebook", "tags": ["one"], "data": ["$canonical_identifier": "content/123", "keep": "me"]]).json?["url"]?.stringValue)
        let encoded = HTTPURL.percentEncode(url)
        let read = h.send("GET", "/v1/url?url=\(encoded)&branch_key=\(Harness.key)")
        #expect(read.status == 200)
        #expect(read.json?["channel"] == "facebook" && read.json?["type"] == 0 && read.json?["alias"] == .null)
        #expect(read.json?["data"]?["~channel"] == "facebook" && read.json?["data"]?["+url"]?.stringValue == url)
        #expect(read.json?["data"]?["keep"] == "me")

        let noSecret = h.send("PUT", "/v1/url?url=\(encoded)", ["branch_key": .string(Harness.key), "data": ["new": 1]])
        #expect(noSecret.status == 400 && noSecret.message.contains("branch_secret"))
        let put = h.send("PUT", "/v1/url?url=\(encoded)", ["branch_key": .string(Harness.key), "branch_secret": .string(Harness.secret),
                                                            "channel": "email", "data": ["new": 1]])
        #expect(put.status == 200)
        #expect(put.json?["channel"] == "email")
        #expect(put.json?["data"]?["keep"] == nil, "PUT replaces data wholesale")
        #expect(put.json?["data"]?["new"] == 1)
        let alias = h.send("PUT", "/v1/url?url=\(encoded)", ["branch_key": .string(Harness.key), "branch_secret": .string(Harness.secret), "alias": "x"])
        #expect(alias.status == 400 && alias.message == "alias cannot be updated")

        let noToken = h.send("DELETE", "/v1/url?url=\(encoded)&app_id=423194549918126821")
        #expect(noToken.status == 400 && noToken.message == "Authentication failed !")
        #expect(noToken.header("X-Sandbox-Lint")?.hasPrefix("Access-Token header is required") == true)
        let deleted = h.send("DELETE", "/v1/url?url=\(encoded)&app_id=423194549918126821", headers: [("Access-Token", "api_abc")])
        #expect(deleted.json == ["url": .string(url), "deleted": true])
        #expect(h.send("GET", "/v1/url?url=\(encoded)&branch_key=\(Harness.key)").status == 404)
        #expect(h.send("GET", "/v1/url?url=\(encoded)&branch_key=key_test_other").status == 404)
    }

    @Test func keysFileRestrictsCredentials() throws {
        let h = try Harness { $0.keys = [KeyEntry(branchKey: Harness.key, branchSecret: Harness.secret, appID: "42", accessToken: "tok")] }
        #expect(h.open(Harness.iosOpen()).status == 200)
        #expect(h.open(Harness.iosOpen(["branch_key": "key_test_other"])).status == 400)
        #expect(h.open(Harness.iosOpen(["branch_secret": "secret_test_other"])).message == "Authentication failed !")
        let url = try #require(h.createLink([:]).json?["url"]?.stringValue)
        let target = "/v1/url?url=\(HTTPURL.percentEncode(url))&app_id=42"
        let wrong = h.send("DELETE", target, headers: [("Access-Token", "wrong")])
        #expect(wrong.status == 400 && wrong.message == "Authentication failed !", "Branch's answer to a bad token")
        #expect(h.send("DELETE", target, headers: [("Access-Token", "tok")]).status == 200)
    }

    @Test(arguments: [
        (Harness.iosUA, "https://ios.example"), (Harness.androidUA, "https://android.example"),
        ("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)", "https://ipad.example"),
        ("Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0", "https://desktop.example"),
    ])
    func clicksRedirectByUserAgent(_ ua: String, _ location: String) throws {
        let h = try Harness()
        let url = try #require(h.createLink(["data": ["$ios_url": "https://ios.example", "$android_url": "https://android.example",
                                                      "$ipad_url": "https://ipad.example", "$desktop_url": "https://desktop.example"]]).json?["url"]?.stringValue)
        let r = h.click(url, ip: "8.8.8.8", ua: ua)
        let id = r.header("X-Branch-Link-Click-Id") ?? ""
        // A browser sent to a web page gets the click id as _branch_match_id (the Web SDK's link_identifier).
        let expected = location == "https://desktop.example" ? location + "?_branch_match_id=" + id : location
        #expect(r.status == 302 && r.header("Location") == expected, "\(r.header("Location") ?? "")")
        #expect(id.count == 18)
    }

    @Test func debugShowsTheLinkDataAndUnknownLinksAre404() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["alias": "dbg", "channel": "sms", "data": ["k": "v"]]).json?["url"]?.stringValue)
        let r = h.send("GET", "/dbg?debug=1")
        #expect(r.json?["data"]?["k"] == "v" && r.json?["data"]?["~channel"] == "sms" && r.json?["url"]?.stringValue == url)
        #expect(h.send("GET", "/nothing-here").status == 404)
        let fallback = h.click(url, ip: "8.8.8.8", ua: "curl/8")
        #expect(fallback.status == 200, "no redirect set: a landing page, the click still recorded")
        #expect(h.send("GET", "/_sandbox/stats").json?["counters"]?["clicks"] == 1)
    }

    @Test func quickLinksNeedTheAccountsAccess() throws {
        let h = try Harness()
        let denied = h.createLink(["type": 2, "data": ["$marketing_title": "Launch"]])
        #expect(denied.status == 403)
        #expect(denied.message == "You don't have access to this type. Please try again with type 0 (default) or 1.")
        #expect(h.send("POST", "/_sandbox/grant", ["branch_key": .string(Harness.key), "quick_links": true]).status == 200)
        #expect(h.createLink(["type": 2, "data": ["$marketing_title": "Launch"]]).status == 200)
        let keyed = try Harness { $0.keys = [KeyEntry(branchKey: Harness.key, branchSecret: Harness.secret, appID: "1", accessToken: "t", quickLinks: true)] }
        #expect(keyed.createLink(["type": 2, "data": ["$marketing_title": "Launch"]]).status == 200, "granted in the keys file")
    }

    @Test func typeAndDurationBeyondInt64AreRefusedNotDefaulted() throws {
        let h = try Harness()
        for field in ["type", "duration"] {
            let r = h.createLink([field: .number(JSONNumber(literal: "99999999999999999999")!)])
            #expect(r.status == 400, "\(field)")
        }
    }

    @Test func topLevelTildeLabelsAreTheAnalyticsLabels() throws {
        let h = try Harness()
        let r = h.createLink(["~channel": "email", "~tags": ["a"], "alias": "tilde"])
        #expect(r.status == 200, "\(r.message)")
        let data = h.send("GET", "/tilde?debug=1").json?["data"]
        #expect(data?["~channel"] == "email" && data?["~tags"] == ["a"])
    }

    @Test func aLongLinkIsClickableAndAttributesTheNextOpen() throws {
        let h = try Harness()
        let path = "/a/\(Harness.key)?channel=sms&%24deeplink_path=item%2F42&tags=a&tags=b&color=red&%24ios_url=https%3A%2F%2Fexample.com%2Fapp"
        let click = h.send("GET", path, headers: [("User-Agent", Harness.iosUA), ("X-Forwarded-For", "8.8.4.4"), ("Referer", "https://news.example/")])
        #expect(click.status == 302 && click.header("Location") == "https://example.com/app")
        let open = h.open(Harness.iosOpen(["user_agent": .string(Harness.iosUA)]))
        let data = try #require(open.data)
        #expect(data["+clicked_branch_link"] == true && data["~channel"] == "sms" && data["$deeplink_path"] == "item/42")
        #expect(data["~tags"] == ["a", "b"] && data["color"] == "red" && data["~creation_source"] == 6)
        #expect(data["+url"]?.stringValue?.contains("/a/\(Harness.key)?") == true)
        #expect(data["+referrer"] == "https://news.example/")
        #expect(h.send("GET", "/a/key_bad?channel=x").status == 400)
    }

    @Test func aBulkBodyBetweenTheTwoCapsIsLinted() throws {
        let h = try Harness()
        let items = JSON.array((0..<900).map { _ in ["channel": .string(String(repeating: "c", count: 120))] })
        let r = h.send("POST", "/v1/url/bulk/\(Harness.key)", items, headers: [("Content-Type", "application/json")])
        #expect(r.status == 200)
        #expect(r.headers.contains { $0.0 == "X-Sandbox-Lint" && $0.1.contains("between the two documented caps") })
    }

    @Test func aliasesAreUniquePerAppLinkDomain() throws {
        let other = "key_test_secondapp1"
        let h = try Harness {
            $0.keys = [KeyEntry(branchKey: Harness.key, branchSecret: Harness.secret, appID: "1", accessToken: "t1"),
                       KeyEntry(branchKey: other, branchSecret: "secret_test_PLACEHOLDER_secondapp", appID: "2", accessToken: "t2", linkDomain: "app2.localhost")]
        }
        let first = h.createLink(["alias": "summer", "data": ["app": "one"]])
        #expect(first.json?["url"] == "http://127.0.0.1:8787/summer")
        var body: JSONObject = ["branch_key": .string(other), "alias": "summer", "data": ["app": "two"]]
        let second = h.send("POST", "/v1/url", .object(body), headers: [("Content-Type", "application/json")])
        #expect(second.status == 200, "another app's domain: the same alias is free")
        #expect(second.json?["url"] == "http://app2.localhost:8787/summer")
        body["data"] = ["app": "changed"]
        #expect(h.send("POST", "/v1/url", .object(body)).status == 400, "within one domain an alias is still unique")
        // A click is routed by its Host: each domain's link answers with its own data.
        #expect(h.send("GET", "/summer?debug=1", headers: [("Host", "app2.localhost:8787")]).json?["data"]?["app"] == "two")
        #expect(h.send("GET", "/summer?debug=1", headers: [("Host", "127.0.0.1:8787")]).json?["data"]?["app"] == "one")
        let read = h.send("GET", "/v1/url?url=\(HTTPURL.percentEncode("http://app2.localhost:8787/summer"))&branch_key=\(other)")
        #expect(read.json?["data"]?["app"] == "two")
    }
}
