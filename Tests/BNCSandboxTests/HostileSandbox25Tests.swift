// QA round 25b: a body of many unknown members froze the sandbox (a lint each, deduplicated by a linear search
// under the lock, and a header line each); a CR/LF in a redirect or a lint dropped the connection after the click
// or the settings change was recorded.
import BNCCore
import Testing
@testable import BNCSandbox

@Suite struct HostileSandbox25Tests {
    @Test func lintsAreBoundedAndOneLineEach() throws {
        let h = try Harness()
        var body: JSONObject = ["branch_key": .string(Harness.key), "name": "PURCHASE",
                                "user_data": ["os": "Android", "android_id": "a1", "developer_identity": "u"]]
        for i in 0..<5000 { body["unknown_field_\(i)"] = 1 }
        let r = h.send("POST", "/v2/event/standard", .object(body), headers: [("Content-Type", "application/json")])
        let lints = r.headers.filter { $0.0 == "X-Sandbox-Lint" }.map(\.1)
        #expect(r.status == 200 && lints.count == Sandbox.maxLints + 1, "\(r.status) \(lints.count)")
        #expect(lints.last?.hasSuffix("more lints left out") == true)
        let put = h.send("PUT", "/v1/app/\(Harness.key)", ["branch_secret": .string(Harness.secret), "dev_email": "dev@example.com", "x\r\ny": 1],
                         headers: [("Content-Type", "application/json")])
        #expect(put.headers.allSatisfy { !$0.1.contains("\r") && !$0.1.contains("\n") }, "\(put.headers)")
    }

    @Test func aRedirectWithALineBreakIsNotAHeader() throws {
        let h = try Harness()
        _ = h.createLink(["alias": "crlf", "data": ["$fallback_url": "https://e.example/\r\nX-Evil: 1", "$og_redirect": "https://e.example/\r\nX: 1"]])
        let click = h.click(Harness.base + "/crlf", ip: "8.8.4.4", ua: "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0")
        #expect(click.status == 200 && click.header("Location") == nil, "\(click.status) \(click.headers)")
        let appended = h.click(Harness.base + "/crlf?%24fallback_url=https://evil.example/%0d%0aSet-Cookie:%20a=b", ip: "8.8.4.4", ua: "Firefox/120.0")
        #expect(appended.headers.allSatisfy { !$0.1.contains("\r") && !$0.1.contains("\n") }, "\(appended.headers)")
        let robot = h.send("GET", "/crlf", headers: [("User-Agent", "Twitterbot/1.0")])
        #expect(robot.status == 200 && robot.header("Location") == nil)
    }

    /// The association files were built from any string of any length (control characters, `</script>`, 100,000-
    /// character ids) and a "TRUE" flag was stored as a string, so the AASA stayed 404.
    @Test func associationSettingsAreCheckedAndStringFlagsKeptAsBooleans() throws {
        let h = try Harness()
        func put(_ extra: JSONObject) -> Reply {
            var body: JSONObject = ["branch_secret": .string(Harness.secret), "dev_email": "dev@example.com"]
            for (k, v) in extra { body[k] = v }
            return h.send("PUT", "/v1/app/\(Harness.key)", .object(body), headers: [("Content-Type", "application/json")])
        }
        for bad: JSONObject in [["ios_team_id": "A\"B\u{2028}</script>"], ["ios_team_id": "ABCDE1234"], ["ios_bundle_id": "com.x\ny"],
                                ["android_package_name": .string(String(repeating: "a", count: 156))], ["web_url": "https://x/\u{1B}[2J"],
                                ["sha256_cert_fingerprints": ["AB:CD"]], ["sha256_cert_fingerprints": .array(Array(repeating: "x", count: 21))],
                                ["og_title": .string(String(repeating: "t", count: 256))], ["default_desktop_url": .string(String(repeating: "u", count: 4097))]] {
            let r = put(bad)
            #expect(r.status == 400 && r.message.contains(bad.keys.first!), "\(bad.keys.first!): \(r.status) \(r.message)")
        }
        #expect(put(["ios_team_id": "ABCDE12345", "ios_bundle_id": "com.example.app", "universal_linking_enabled": "TRUE"]).status == 200)
        let aasa = h.send("GET", "/.well-known/apple-app-site-association")
        #expect(aasa.status == 200 && aasa.json?["applinks"]?["details"] == [["appID": "ABCDE12345.com.example.app", "paths": ["*"]]], "\(aasa.status)")
        #expect(h.send("GET", "/v1/app/\(Harness.key)?branch_secret=\(Harness.secret)").json?["universal_linking_enabled"] == true)
    }
}

/// QA round 25b, left for the twenty-fourth session.
@Suite struct HostileSandbox25bTests {
    /// F16: X-Forwarded-For's first entry was stored as the click's IP unchecked (markup and 5,000 bytes in the
    /// export's user_data_ip). Only an IP address is taken; else the connection's, with a lint.
    @Test func aForwardedForThatIsNoAddressIsNotTheClicksIP() throws {
        let h = try Harness()
        let url = try #require(h.createLink(["alias": "xff"]).json?["url"]?.stringValue)
        let hostile = "<img src=x onerror=alert(1)>" + String(repeating: "A", count: 5000) + ", 1.2.3.4"
        let r = h.click(url, ip: hostile, ua: "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0")
        #expect(r.headers.contains { $0.0 == "X-Sandbox-Lint" && $0.1.contains("X-Forwarded-For's first entry is not an IP address") }, "\(r.headers)")
        h.click(url, ip: "2001:db8::7, 10.0.0.1", ua: "Firefox/120.0")
        h.click(url, ip: "1.2.3.4\u{0}<b>", ua: "Firefox/120.0")
        let ips = Set(h.sandbox.store.clicks.values.map(\.ip))
        #expect(ips == ["127.0.0.1", "2001:db8::7"], "\(ips)")
    }
}
