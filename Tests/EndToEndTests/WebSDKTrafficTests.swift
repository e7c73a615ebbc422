// What a web page and an app's SDK need of the sandbox beyond single requests (a QA pass over the Web, Android and
// iOS SDKs' sources at the corpus's commits): cross-origin answers a browser may read, the click id a web redirect
// hands the page (`_branch_match_id`), a referred web session's link and click, and the last attributed touch.
import Foundation
import Testing
import TestSupport

@Suite struct WebSDKTrafficTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }
    static let key = "key_test_sdkcorpus"

    func curl(_ args: [String]) throws -> (status: Int, headers: String, body: String) {
        let r = try box.run("/usr/bin/curl", ["-s", "-i"] + args)
        let parts = r.stdout.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, head, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// src/3_api.js sends cross-origin XHRs: without Access-Control-Allow-Origin the browser hands the page status 0.
    @Test func aPageOnAnotherOriginCanReadTheAnswers() throws {
        let s = try SandboxProcess()
        let preflight = try curl(["-X", "OPTIONS", s.url + "/v2/event/standard", "-H", "Origin: http://localhost:3000",
                                  "-H", "Access-Control-Request-Method: POST", "-H", "Access-Control-Request-Headers: content-type"])
        #expect(preflight.status == 204, "\(preflight.headers)")
        #expect(preflight.headers.contains("Access-Control-Allow-Origin: *") && preflight.headers.contains("Access-Control-Allow-Headers: content-type"))
        let form = "browser_fingerprint_id=1198233472948193311&sdk=web2.86.1&options=%7B%7D&current_url=http%3A%2F%2Flocalhost%3A3000%2F&screen_height=1080&screen_width=1920&branch_key=\(Self.key)"
        let open = try curl(["-X", "POST", s.url + "/v1/open", "-H", "Origin: http://localhost:3000",
                             "-H", "Content-Type: application/x-www-form-urlencoded", "--data", form])
        #expect(open.status == 200 && open.headers.contains("Access-Control-Allow-Origin: *"), "\(open.headers)")
        let received = try s.received()
        #expect(received.count == 1, "the preflight is not an API call: \(received.count)")
    }

    /// A desktop click: the redirect carries the click id as _branch_match_id (src/6_branch.js reads it as the
    /// session's link_identifier), and the referred session answers referring_link and link_click_id.
    @Test func aWebClickIsHandedToThePageAndReferredBack() throws {
        let s = try SandboxProcess()
        let created = try curl(["-X", "POST", s.url + "/v1/url", "-H", "Content-Type: application/json",
                                "-d", #"{"branch_key":"\#(Self.key)","data":{"$desktop_url":"http://localhost:3000/landing#top","item":"42"}}"#])
        let url = try #require((try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any])?["url"] as? String)
        let click = try curl(["-A", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15", url])
        #expect(click.status == 302)
        let location = try #require(click.headers.split(separator: "\r\n").first { $0.hasPrefix("Location: ") }).dropFirst("Location: ".count)
        let id = try #require(location.firstRange(of: "_branch_match_id=").map { String(location[$0.upperBound...].prefix { $0.isNumber }) })
        #expect(location == "http://localhost:3000/landing?_branch_match_id=\(id)#top", "\(location)")
        let form = "browser_fingerprint_id=1198233472948193311&sdk=web2.86.1&options=%7B%7D&link_identifier=\(id)&current_url=http%3A%2F%2Flocalhost%3A3000%2Flanding&branch_key=\(Self.key)"
        let open = try curl(["-X", "POST", s.url + "/v1/open", "-H", "Content-Type: application/x-www-form-urlencoded", "--data", form])
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(open.body.utf8)) as? [String: Any], "\(open.body)")
        #expect(answer["referring_link"] as? String == url, "\(answer)")
        #expect(answer["link_click_id"] as? String == id && answer["session_link_click_id"] as? String == id, "\(answer)")
        let app = try curl(["-A", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", url])
        #expect(!app.headers.contains("_branch_match_id"), "an app platform's redirect is not a web page: \(app.headers)")
    }

    /// branch.deepview() (src/6_branch.js) is JSONP (src/3_api.js): a script tag asks /v1/deepview with the
    /// parameters' JSON as Base64 in `post_data` (an API host that is not branch.io's) and a callback, and runs
    /// what comes back. It was a click on a link named "v1" (404 page, the script failed): in Chromium the answer now
    /// hands the callback a function, and the link that function goes to carries the deep-link data.
    @Test func aDeepviewHandsThePageAFunctionToItsLink() throws {
        let s = try SandboxProcess()
        // The parameters as Server.getUrl keeps them for resources.deepview (data as JSON text, as cleanLinkData
        // leaves it), Base64 of their JSON as utils.base64encode makes it.
        let params: [String: Any] = ["browser_fingerprint_id": "1198233472948193311", "sdk": "web2.86.1", "session_id": "1198233472948193401",
                                     "channel": "web", "feature": "deepview", "data": #"{"item":"42","$canonical_url":"http://localhost:3000/p"}"#,
                                     "open_app": true, "append_deeplink_path": false, "deepview_type": "deepview", "source": "web-sdk",
                                     "branch_key": Self.key]
        let b64 = try JSONSerialization.data(withJSONObject: params).base64EncodedString()
        let src = s.url + "/v1/deepview?&post_data=" + b64.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&callback=branch_callback__1"
        let page = box.root.appendingPathComponent("deepview.html").path
        try #"<!doctype html><html><body><script>function branch_callback__1(cta) { document.body.setAttribute("data-cta", typeof cta + " " + cta.toString()); }</script><script src="\#(src)"></script></body></html>"#
            .write(toFile: page, atomically: true, encoding: .utf8)
        let dom = try box.run("/usr/bin/timeout", ["120", "/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu",
                                                    "--user-data-dir=\(box.root.appendingPathComponent("chromium").path)", "--dump-dom", "file://\(page)"])
        #expect(dom.status == 0, "\(dom.stderr.suffix(600))")
        let prefix = "data-cta=\"function function() { window.top.location = &quot;"
        let start = try #require(dom.stdout.firstRange(of: prefix), "the callback got a function: \(dom.stdout.prefix(600))")
        let link = String(dom.stdout[start.upperBound...].prefix { $0 != "&" })
        #expect(link.hasPrefix(s.url + "/"), "\(link)")
        let read = try curl([s.url + "/v1/url?url=" + link.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&branch_key=\(Self.key)"])
        let stored = try #require(try JSONSerialization.jsonObject(with: Data(read.body.utf8)) as? [String: Any], "\(read.body)")
        #expect((stored["data"] as? [String: Any])?["item"] as? String == "42" && stored["feature"] as? String == "deepview", "\(stored)")
        let bad = try curl([s.url + "/v1/deepview?post_data=%%%&callback=branch_callback__2"])
        #expect(bad.status == 400, "\(bad.body)")
        let evil = try curl([s.url + "/v1/deepview?post_data=\(b64.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&callback=alert(1)"])
        #expect(evil.status == 400 && !evil.body.contains("alert(1)("), "a callback is a function name, never script")
    }

    /// getLastAttributedTouchData (Android ServerRequestGetLATD, iOS BranchLATDRequest) was a 404: it answers the
    /// referred install's link data, and an empty object for a device no link referred.
    @Test func theLastAttributedTouchIsTheReferredInstallsLink() throws {
        let s = try SandboxProcess()
        let created = try curl(["-X", "POST", s.url + "/v1/url", "-H", "Content-Type: application/json",
                                "-d", #"{"branch_key":"\#(Self.key)","data":{"$desktop_url":"http://localhost:3000/x","item":"42"}}"#])
        let url = try #require((try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any])?["url"] as? String)
        let click = try curl(["-A", "Mozilla/5.0 (Macintosh)", url])
        let id = try #require(click.headers.split(separator: "\r\n").first { $0.hasPrefix("X-Branch-Link-Click-Id: ") }?.dropFirst(24))
        let fixture = try JSONSerialization.jsonObject(with: Data(Fixtures.text("sdk/android/install.json").utf8)) as? [String: Any]
        var install = try #require((fixture?["request"] as? [String: Any])?["body"] as? [String: Any])
        install["link_identifier"] = String(id)
        let installed = try curl(["-X", "POST", s.url + "/v1/install", "-H", "Content-Type: application/json",
                                  "--data-binary", String(decoding: try JSONSerialization.data(withJSONObject: install), as: UTF8.self)])
        let token = try #require((try JSONSerialization.jsonObject(with: Data(installed.body.utf8)) as? [String: Any])?["randomized_device_token"] as? String, "\(installed.body)")
        let latdFixture = try JSONSerialization.jsonObject(with: Data(Fixtures.text("sdk/android/latd.json").utf8)) as? [String: Any]
        var latd = try #require((latdFixture?["request"] as? [String: Any])?["body"] as? [String: Any])
        var user = try #require(latd["user_data"] as? [String: Any])
        user["randomized_device_token"] = token
        latd["user_data"] = user
        let answer = try curl(["-X", "POST", s.url + "/v1/cpid/latd", "-H", "Content-Type: application/json",
                               "--data-binary", String(decoding: try JSONSerialization.data(withJSONObject: latd), as: UTF8.self)])
        let touch = try #require((try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])?["last_attributed_touch_data"] as? [String: Any], "\(answer.body)")
        #expect(touch["item"] as? String == "42" && touch["~referring_link"] as? String == url, "\(touch)")
        user["randomized_device_token"] = "1"
        latd["user_data"] = user
        let none = try curl(["-X", "POST", s.url + "/v1/cpid/latd", "-H", "Content-Type: application/json",
                             "--data-binary", String(decoding: try JSONSerialization.data(withJSONObject: latd), as: UTF8.self)])
        #expect(none.status == 200 && none.body.contains(#""last_attributed_touch_data":{}"#), "\(none.body)")
    }

    /// QA round 18, over the wire: the Web SDK's link() with one tag (serializeObject writes `tags=x`, no JSON) and
    /// an Android install from an Amazon Fire device (`os: AMAZON_FIRE`) were 400s from the built sandbox.
    @Test func oneTagAndAnAmazonDeviceAreAnswered() throws {
        let s = try SandboxProcess()
        let link = try curl(["-X", "POST", s.url + "/v1/url", "-H", "Content-Type: application/x-www-form-urlencoded;charset=UTF-8",
                             "--data", "channel=email&feature=sharing&tags=spring-sale&sdk=web2.86.1&branch_key=\(Self.key)"])
        #expect(link.status == 200 && link.body.contains("\"url\""), "\(link.headers)\n\(link.body)")
        let install = try curl(["-X", "POST", s.url + "/v1/install", "-H", "Content-Type: application/json", "--data",
                                #"{"hardware_id":"9c1e7a42-3b6d-4f85-a0e2-7d58c4b19f36","is_hardware_id_real":false,"brand":"Amazon","model":"KFTRWI","os":"AMAZON_FIRE","os_version":30,"app_version":"3.9.0","sdk":"android5.21.2","branch_key":"\#(Self.key)"}"#])
        #expect(install.status == 200 && install.body.contains("\"identity_id\"") && install.body.contains("\"session_id\""), "\(install.body)")
        let received = try s.received()
        #expect(received.contains { $0["path"] as? String == "/v1/url" && $0["status"] as? Int == 200 }, "\(received)")
    }

    /// A client that sends `Expect: 100-continue` (curl, for a large body) is told to go on, not left to its own
    /// timeout (a second a request).
    @Test func expectContinueIsAnswered() throws {
        let s = try SandboxProcess()
        let body = #"{"name":"x","branch_key":"\#(Self.key)","user_data":{"developer_identity":"u","os":"iOS"},"custom_data":{"pad":""# + String(repeating: "a", count: 3000) + #""}}"#
        let r = try box.run("/usr/bin/curl", ["-s", "-v", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Expect: 100-continue", "-H", "Content-Type: application/json",
                                              "--data-binary", body, s.url + "/v2/event/custom"])
        #expect(r.stdout == "200" && r.stderr.contains("< HTTP/1.1 100 Continue"), "\(r.stderr)")
    }
}
