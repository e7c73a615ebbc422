// bnc-link's module: the control-param table, every rule, bulk chunking, merges, conflicts and long links.
import BNCCore
import Foundation
import Testing
@testable import BNCLink

@Suite struct LinkRequestTests {
    let key = try! BranchKey("key_test_links1")

    func check(_ body: JSONObject) throws(BNCError) -> (JSONObject, [String]) {
        let w = Warnings()
        let out = try LinkRequest.validate(body, warnings: w)
        return (out, w.messages)
    }

    @Test func flagsBuildATypedBody() throws {
        var input = LinkInput()
        input.fields = [("channel", "email"), ("tags", ["a", "b"]), ("alias", "spring-sale")]
        input.params = [("$deeplink_path", "item/42"), ("$web_only", "true"), ("$uri_redirect_mode", "2"),
                        ("$ios_url_de", "https://example.de/app"), ("color", "red"), ("$keywords", "x|y")]
        let (body, warnings) = try check(try LinkRequest.body(input))
        #expect(warnings.isEmpty)
        #expect(body["data"]?["$web_only"] == true && body["data"]?["$uri_redirect_mode"] == 2)
        #expect(body["data"]?["$keywords"] == ["x", "y"] && body["data"]?["color"] == "red")
        #expect(body["tags"] == ["a", "b"])
    }

    @Test(arguments: [
        (["alias": .string(String(repeating: "a", count: 129))], "alias must be at most 128 characters"),
        (["alias": "a/b"], "alias cannot start with a one-character path segment"),
        (["alias": "has space"], "alias may hold letters"),
        (["identity": .string(String(repeating: "u", count: 128))], "identity must be at most 127 characters"),
        (["type": 3], "type must be between 0 and 2"),
        (["type": 2], "type 2 (a Quick Link) needs data.$marketing_title"),
        (["duration": -1], "duration must be between 0 and"),
        (["data": ["$ios_url": "not a url"]], "data.$ios_url must be an absolute http(s) URL"),
        (["data": ["$fallback_url_de": "ftp://x"]], "data.$fallback_url_de must be an absolute http(s) URL"),
        (["data": ["$web_only": "yes"]], #"data.$web_only must be true or false (or 1 or 0) (got "yes")"#),
        (["data": ["$uri_redirect_mode": 3]], "data.$uri_redirect_mode must be between 0 and 2"),
        (["data": ["$exp_date": 1.5]], "data.$exp_date must be a whole number"),
        (["data": ["$custom_meta_tags": "not json"]], "data.$custom_meta_tags must be a JSON object as a string"),
        (["data": ["~creation_source": 0]], "data.~creation_source is a restricted link data key"),
        (["data": ["+match_guaranteed": true]], "data.+match_guaranteed is a restricted link data key"),
        (["data": ["$og_title": "a\nb"]], "data.$og_title must not contain line breaks"),
        (["tags": "one"], "tags must be an array of strings"),
    ] as [(JSONObject, String)])
    func everyRule(_ body: JSONObject, _ message: String) {
        #expect {
            try check(body)
        } throws: { error in
            guard let e = error as? BNCError else { return false }
            return e.exitStatus == .dataError && e.message.hasPrefix(message)
        }
    }

    @Test func unknownControlParamsWarnWithTheNameMeant() throws {
        let (body, warnings) = try check(["data": ["$deeplink_pth": "x", "$marketing_title": "T", "note": "kept"]])
        #expect(warnings == ["data.$deeplink_pth is not a link control parameter (did you mean data.$deeplink_path?); not sent"])
        #expect(body["data"]?["$deeplink_pth"] == nil && body["data"]?["note"] == "kept")
    }

    /// A control parameter written without its `$` is custom data Branch never acts on: said, sent as given.
    @Test func aControlParameterWithoutItsDollarWarns() throws {
        let warnings = Warnings()
        let out = try LinkRequest.checkData(["deeplink_path": "item/1", "product": "1"], warnings: warnings)
        #expect(out["deeplink_path"] == "item/1" && out["product"] == "1")
        #expect(warnings.messages == ["data.deeplink_path is custom data, not a control parameter (did you mean data.$deeplink_path?); sent as given"])
    }

    @Test func bulkChunksStayUnderThePayloadCap() throws {
        let items: [JSONObject] = (0..<2000).map { ["channel": .string(String(repeating: "c", count: 100)), "alias": .string("bulk-\($0)")] }
        let (chunks, refused) = LinkRequest.bulk(items + [["alias": "x y"]], key: key, baseURL: nil, warnings: Warnings())
        #expect(refused.keys.sorted() == [2000] && refused[2000]?.hasPrefix("alias may hold") == true, "a bad item is left out, with its error")
        #expect(chunks.count > 1)
        #expect(chunks.flatMap(\.indices) == Array(0..<2000), "every item once, in order")
        for c in chunks { #expect((c.request.body?.bytes.count ?? 0) <= LinkFields.bulkChunkBytes) }
        #expect(chunks[0].request.url == "https://api2.branch.io/v1/url/bulk/key_test_links1")
    }

    /// Each bulk answer goes to one item: an aliased item takes the answer ending with its alias, the others
    /// the answers left, their own position's first. (A copy of the aliased answer went to two items, and the
    /// other link was lost: QA round 29a.)
    @Test func bulkAnswersGoEachToOneItem() throws {
        func urls(_ answers: [String], _ aliases: [String?]) throws -> [String] {
            let json = JSON.array(answers.map { $0.hasPrefix("error") ? .object(["error": .string($0)]) : .object(["url": .string("https://bnc.lt/" + $0)]) })
            let items: [JSONObject] = aliases.map { a in a.map { ["alias": .string($0)] } ?? ["channel": "x"] }
            return try BulkInput.match(json, items: items).map { $0["url"]?.stringValue?.replacing("https://bnc.lt/", with: "") ?? $0["error"]!.stringValue! }
        }
        #expect(try urls(["zzz", "a"], ["a", nil]) == ["a", "zzz"])
        #expect(try urls(["a", "b"], ["a", "b"]) == ["a", "b"])
        #expect(try urls(["b", "x", "a"], ["a", nil, "b"]) == ["a", "x", "b"])
        #expect(try urls(["a", "error 409"], ["a", "a"]) == ["a", "error 409"], "one alias twice: the second takes what is left")
        #expect(try urls(["p", "q", "r"], [nil, "none", nil]) == ["p", "q", "r"], "no answer ends with the alias: positional")
        #expect(try urls(["q", "a", "p"], [nil, nil, "a"]) == ["q", "p", "a"])
        #expect(throws: BNCError.self) { try urls(["a"], ["a", nil]) }
    }

    @Test func updatesMergeOrSayWhatTheyWouldDrop() throws {
        let existing: JSON = ["channel": "email", "data": ["$deeplink_path": "a", "color": "red", "~channel": "email", "+url": "u",
                                                         "~id": "1", "url": "u"]]
        let changes: JSONObject = ["data": ["color": "blue"]]
        #expect(LinkAnswers.droppedKeys(existing: existing, changes: changes) == ["$deeplink_path"])
        #expect(LinkAnswers.merged(existing: existing, changes: changes)["data"] == ["$deeplink_path": "a", "color": "blue"])
        #expect(LinkAnswers.merged(existing: existing, changes: ["data": ["color": .null]])["data"] == ["$deeplink_path": "a"])
        let request = try LinkRequest.update(url: "https://x.app.link/a1", body: ["data": ["color": "blue"]], key: key,
                                             secret: Secret("secret_test_links1"), baseURL: nil, warnings: Warnings())
        #expect(request.method == "PUT" && request.url == "https://api2.branch.io/v1/url?url=https%3A%2F%2Fx.app.link%2Fa1")
        #expect(throws: BNCError.self) {
            try LinkRequest.update(url: "https://x.app.link/a1", body: ["alias": "b"], key: key, secret: Secret("s_x"), baseURL: nil, warnings: Warnings())
        }
    }

    @Test func aliasConflictsInEitherShapeAndWhatDiffers() {
        let c400 = HTTPResponse(status: 400, body: Array(#"{"error":{"code":400,"message":"Link alias conflict: x.app.link/a"}}"#.utf8))
        let c409 = HTTPResponse(status: 409, body: Array(#"{"error":{"code":409,"message":"conflict"}}"#.utf8))
        let other = HTTPResponse(status: 400, body: Array(#"{"error":{"code":400,"message":"Invalid key"}}"#.utf8))
        #expect(LinkAnswers.isAliasConflict(c400) && LinkAnswers.isAliasConflict(c409) && !LinkAnswers.isAliasConflict(other))
        #expect(LinkAnswers.error(c400, redactor: Redactor(secrets: [])).hint?.contains("idempotent only for identical parameters") == true)
        let existing: JSON = ["channel": "email", "data": ["$og_title": "Sale", "~channel": "email"]]
        #expect(LinkAnswers.differences(existing: existing, wanted: ["channel": "email", "data": ["$og_title": "Sale!"]]) == ["data.$og_title"])
    }

    @Test func longLinksAreBuiltOfflineWithTagsRepeated() throws {
        let url = LinkAnswers.longLink(domain: "example.app.link", key: key,
                                       body: ["channel": "sms", "tags": ["a", "b c"], "data": ["$deeplink_path": "item/42", "n": "1"]])
        #expect(url == "https://example.app.link/a/key_test_links1?channel=sms&tags=a&tags=b%20c&%24deeplink_path=item%2F42&n=1")
        // Data that a query cannot carry as it is (a number, an object, a key named as a label) goes whole as the
        // SDKs' data=BASE64 of its JSON: types and names kept.
        let typed = LinkAnswers.longLink(domain: "example.app.link", key: key,
                                         body: ["channel": "label", "data": ["channel": "fromdata", "n": 5, "nested": ["a": [1, 2]]]])
        let data = try #require(typed.split(separator: "data=").last.map(String.init))
        #expect(typed.hasPrefix("https://example.app.link/a/key_test_links1?channel=label&data="), "\(typed)")
        let decoded = try #require(Data(base64Encoded: data.removingPercentEncoding ?? data))
        #expect(try JSON.parse(bytes: Array(decoded)) == ["channel": "fromdata", "n": 5, "nested": ["a": [1, 2]]])
    }

    @Test func theTableDeclaresTheDocumentedParams() {
        for name in ["$fallback_url", "$deeplink_path", "$always_deeplink", "$uri_redirect_mode", "$ios_deepview", "$og_title",
                     "$twitter_card", "$custom_meta_tags", "$exp_date", "$link_exp_date", "$marketing_title",
                     "$click_install_window_days", "~campaign_id"] {
            #expect(LinkFields.data[name] != nil, "\(name)")
        }
        #expect(LinkFields.countryVariant("$ios_url_de") != nil && LinkFields.countryVariant("$ios_url_DE") == nil)
    }
}
