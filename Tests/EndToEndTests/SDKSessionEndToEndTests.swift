// A whole SDK session replayed from the corpus against a real bnc-sandbox process over HTTP, as an app pointed at
// it with the SDK's API-URL setter would send it: a link shared by one app user, clicked in Safari on a new
// iPhone, the app's install there (attributed to the click), a purchase, then an open through the link.
import Foundation
import Testing
import TestSupport

@Suite struct SDKSessionEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    func fixture(_ name: String) throws -> (headers: [String: String], body: [String: Any]) {
        let json = try JSONSerialization.jsonObject(with: Data(Fixtures.text("sdk/" + name).utf8)) as? [String: Any]
        let request = try #require(json?["request"] as? [String: Any])
        return (request["headers"] as? [String: String] ?? [:], try #require(request["body"] as? [String: Any]))
    }

    /// POSTs a body with curl (a real HTTP client, not the suite's) and parses the JSON answer.
    func post(_ s: SandboxProcess, _ path: String, _ body: [String: Any], headers: [String: String]) throws -> (Int, [String: Any]) {
        let file = try box.write("body-\(UUID().uuidString).json", String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self))
        var args = ["-s", "-X", "POST", "--data-binary", "@" + file, "-w", "\n%{http_code}"]
        for (k, v) in headers { args += ["-H", "\(k): \(v)"] }
        let r = try box.run("/usr/bin/curl", args + [s.url + path])
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let status = Int(lines.last ?? "") ?? 0
        let answer = try JSONSerialization.jsonObject(with: Data(lines.dropLast().joined(separator: "\n").utf8)) as? [String: Any]
        return (status, answer ?? [:])
    }

    func decodedData(_ answer: [String: Any]) throws -> [String: Any] {
        let text = try #require(answer["data"] as? String, "data is a JSON string, as the SDKs parse it")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func anIOSAppsWholeSessionFromTheCorpus() throws {
        let s = try SandboxProcess()
        // 1. An app user shares a link (BranchShortUrlRequest's body).
        let link = try fixture("ios/link-create.json")
        var linkBody = link.body
        linkBody["data"] = ["$deeplink_path": "product/42", "product_id": "42"]
        linkBody.removeValue(forKey: "alias")
        let (linkStatus, created) = try post(s, "/v1/url", linkBody, headers: link.headers)
        #expect(linkStatus == 200, "\(created)")
        let url = try #require(created["url"] as? String)

        // 2. A friend taps it in Safari on a new iPhone (the install's User-Agent, this machine's address).
        let install = try fixture("ios/install.json")
        let ua = try #require(install.body["user_agent"] as? String)
        let click = try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-A", ua, url])
        #expect(click.stdout == "200" || click.stdout == "302", "\(click.stdout)")

        // 3. The app's first session there: /v1/install, attributed to the click (deferred deep link).
        var installBody = install.body
        installBody.removeValue(forKey: "link_identifier")
        installBody.removeValue(forKey: "universal_link_url")
        let (installStatus, installed) = try post(s, "/v1/install", installBody, headers: install.headers)
        #expect(installStatus == 200, "\(installed)")
        let bundle = try #require(installed["randomized_bundle_token"] as? String)
        let device = try #require(installed["randomized_device_token"] as? String)
        #expect(installed["session_id"] is String)
        let firstData = try decodedData(installed)
        #expect(firstData["+clicked_branch_link"] as? Bool == true && firstData["+is_first_session"] as? Bool == true)
        #expect(firstData["product_id"] as? String == "42" && firstData["~referring_link"] as? String == url)

        // 4. A purchase (BranchEvent's v2 body).
        let purchase = try fixture("ios/event-standard-purchase.json")
        let (eventStatus, eventAnswer) = try post(s, "/v2/event/standard", purchase.body, headers: purchase.headers)
        #expect(eventStatus == 200, "\(eventAnswer)")

        // 5. Later, the link opens the app (a Universal Link), with the tokens the install gave.
        let open = try fixture("ios/open-with-link.json")
        var openBody = open.body
        openBody["universal_link_url"] = url
        openBody["randomized_bundle_token"] = bundle
        openBody["randomized_device_token"] = device
        let (openStatus, opened) = try post(s, "/v1/open", openBody, headers: open.headers)
        #expect(openStatus == 200, "\(opened)")
        #expect(opened["randomized_bundle_token"] as? String == bundle, "the identity carries over")
        let openData = try decodedData(opened)
        #expect(openData["+clicked_branch_link"] as? Bool == true && openData["+is_first_session"] as? Bool == false)
        #expect(openData["$deeplink_path"] as? String == "product/42" && openData["+match_guaranteed"] as? Bool == true)

        // What the sandbox received: the four SDK requests and the click, none of them linted.
        let received = try s.received()
        #expect(received.map { "\($0["method"]!) \($0["path"]!)" }.filter { !$0.hasPrefix("GET") }
                == ["POST /v1/url", "POST /v1/install", "POST /v2/event/standard", "POST /v1/open"])
        for r in received { #expect((r["lint"] as? [Any])?.isEmpty == true, "\(r["path"]!): \(r["lint"]!)") }
        let stats = try #require(try s.control("/_sandbox/stats") as? [String: Any])
        let counters = try #require(stats["counters"] as? [String: Int])
        #expect(counters["installs"] == 1 && counters["opens"] == 1 && counters["clicks"] == 1 && counters["events_standard"] == 1)
    }
}
