// Hostile input, table-driven: every case runs a built tool against a live sandbox and checks the exit status,
// that stderr's error is one line naming the field and the rule, and that nothing reached the sandbox.
import Foundation
import Testing
import TestSupport

struct HostileCase: CustomTestStringConvertible, Sendable {
    let tool: String
    let args: [String]
    let status: Int32
    let message: String
    var stdin: String?
    var files: [String: String] = [:]
    var testDescription: String { "\(tool) \(args.joined(separator: " ").debugDescription)" }

    init(_ tool: String, _ args: [String], _ status: Int32, _ message: String, stdin: String? = nil, files: [String: String] = [:]) {
        self.tool = tool
        self.args = args
        self.status = status
        self.message = message
        self.stdin = stdin
        self.files = files
    }
}

@Suite struct HostileInputTests {
    static let pixel = ["--os", "android", "--os-version", "14", "--model", "Pixel 8", "--app-version", "2.3.0",
                        "--user-agent", "Mozilla/5.0 (Linux; Android 14)", "--android-id", "a1b2c3d4e5f60718", "--ip", "8.8.4.4", "--no-state"]
    static let event = ["send", "PURCHASE", "--developer-identity", "u1", "--ip", "8.8.4.4", "--no-state"]
    static func open(_ extra: [String], _ status: Int32, _ message: String, files: [String: String] = [:], stdin: String? = nil) -> HostileCase {
        HostileCase("bnc-open", pixel + extra, status, message, stdin: stdin, files: files)
    }
    static func ev(_ extra: [String], _ status: Int32, _ message: String, files: [String: String] = [:]) -> HostileCase {
        HostileCase("bnc-event", event + extra, status, message, files: files)
    }
    static func api(_ args: [String], _ status: Int32, _ message: String, stdin: String? = nil) -> HostileCase {
        HostileCase("bnc-api", args, status, message, stdin: stdin)
    }

    static let cases: [HostileCase] = [
        // Header and URL smuggling: CR, LF and NUL never reach a header, a URL or a one-line body string.
        open(["--user-agent", "UA\r\nX-Injected: 1"], 65, "--user-agent must not contain line breaks"),
        open(["-f", "user_agent=UA\nX-Injected: 1"], 65, "user_agent must not contain line breaks (CR or LF)"),
        open(["-f", #"identity:="a\u0000b""#], 65, "identity must not contain NUL characters"),
        open(["--identity", "u1\r\nX-Injected: 1"], 65, "identity must not contain line breaks"),
        open(["--ip", "8.8.4.4\r\nX-Injected: 1"], 64, "--ip must not contain whitespace or line breaks"),
        open(["--api-url", "http://127.0.0.1:9\r\nX-Injected: 1"], 64, "--api-url must not contain line breaks"),
        open(["--install-referrer", "link_click_id=1\r\nX: 1", "--first-session", "true"], 65, "install_referrer_extras must not contain line breaks"),
        open(["--device", "dev.json"], 65, "model in dev.json must not contain line breaks or NUL characters",
             files: ["dev.json": #"{"model": "Pixel\u00008"}"#]),
        ev(["--developer-identity", "u1\r\nX-Injected: 1"], 65, "user_data.developer_identity must not contain line breaks"),
        HostileCase("bnc-event", ["send", "PUR\r\nCHASE", "--developer-identity", "u1", "--no-state"], 65, "name must not contain line breaks"),
        ev(["--alias", "a\nb"], 65, "customer_event_alias must not contain line breaks"),
        ev(["--user-data", "user_agent=a\rb"], 65, "user_data.user_agent must not contain line breaks"),
        api(["GET", "/v1/url", "-H", "X-A: b\r\nX-Injected: 1"], 64, "--header must be 'Name: value' on one line"),
        api(["GET", "/v1/url", "-q", "url=a\r\nX-Injected: 1"], 64, "--query url must not contain line breaks"),
        api(["GET", "/v1/url\r\nHost: evil"], 64, "path must start with / and contain no spaces or line breaks"),
        api(["GET", "/v1/url", "-H", "NoColon"], 64, "--header must be 'Name: value' on one line"),
        api(["FETCH", "/v1/url"], 64, "method must be one of GET, POST, PUT, PATCH, DELETE, HEAD"),
        // Round 2: framing headers are the transport's; a header name is a token.
        api(["GET", "/v1/url", "-H", "Content-Length: 5"], 64, "--header Content-Length is set by the transport"),
        api(["GET", "/v1/url", "-H", "transfer-encoding: chunked"], 64, "--header transfer-encoding is set by the transport"),
        api(["GET", "/v1/url", "-H", "Host: evil.example"], 64, "--header Host is set by the transport"),
        api(["GET", "/v1/url", "-H", "Connection: close"], 64, "--header Connection is set by the transport"),
        api(["GET", "/v1/url", "-H", "X A: b"], 64, "--header a header name is letters, digits"),
        // Round 2: timeouts under 1 ms (libcurl's 0 is "never") and a rate under one request in 100 s are usage errors;
        // a bad --cacert is a configuration error naming the file, not an unreachable service.
        ev(["--max-time", "0.0001"], 64, "--max-time must be between 0.001 (1 ms) and 86400 seconds"),
        ev(["--connect-timeout", "0.00001"], 64, "--connect-timeout must be between 0.001 (1 ms) and 3600 seconds"),
        HostileCase("bnc-event", ["send", "--batch", "-", "--rate", "0.0001"], 64, "--rate must be between 0.01 and 1000000", stdin: ""),
        ev(["--cacert", "/nonexistent/ca.pem"], 78, "--cacert: cannot open /nonexistent/ca.pem"),
        ev(["--cacert", "ca.pem"], 78, "--cacert: ca.pem holds no PEM certificate", files: ["ca.pem": "not a certificate\n"]),
        // Round 2: bnc-event's OS follows bnc-open's rules (plus the SDKs' tv_OS and mac_OS).
        ev(["--os", "Windows"], 65, "user_data.os must be iOS, Android, tv_OS or mac_OS (got Windows)"),
        ev(["--user-data", "os_version= "], 65, "user_data.os_version must not be blank"),
        // Round 2 (probe): control bytes in a header value, ? or # in bnc-api's path, NUL in a body string.
        api(["GET", "/v1/url", "-H", "X-A: a\u{1B}[31mb"], 64, "--header X-A must not contain control characters (got U+001B)"),
        api(["GET", "/v1/url", "-H", "X-A: a\u{7F}"], 64, "--header X-A must not contain control characters (got U+007F)"),
        api(["GET", "/v1/url?url=x"], 64, "path must not contain ? or #"),
        api(["GET", "/v1/url#frag"], 64, "path must not contain ? or #"),
        api(["POST", "/v2/event/custom", "-f", #"n:="a\u0000b""#], 65, "n must not contain NUL characters"),
        api(["POST", "/v2/event/custom", "-f", #"n:={"a":1e999}"#], 65, "n.a must be a finite number within 64 bits"),
        HostileCase("bnc-tune", ["scan", "log.txt", "--conversion-key-file", "k.txt"], 78, "--conversion-key-file holds a control character",
                    files: ["log.txt": "x\n", "k.txt": "0123456789ab\u{1}def"]),
        HostileCase("bnc-tune", ["scan", "log.txt", "--report", "same.xml", "--junit", "same.xml"], 64, "--report, --junit and --html must name different files",
                    files: ["log.txt": "x\n"]),
        HostileCase("bnc-tune", ["scan", "log.txt", "--report", "same.xml", "--junit", "./same.xml"], 64, "--report, --junit and --html must name different files",
                    files: ["log.txt": "x\n"]),
        HostileCase("bnc-sandbox", ["--port", "0", "--keys", "keys.json", "--log-file", "keys.json"], 64, "--keys and --log-file name the same file",
                    files: ["keys.json": "[]"]),
        HostileCase("bnc-sandbox", ["--port", "0", "--keys", "keys.json"], 78, "keys.json[0].branch_key must be key_live_",
                    files: ["keys.json": #"[{"branch_key":"nope"}]"#]),
        // Round 2: a control byte in a secret or token file is a configuration error, the secret never shown.
        open(["--secret-file", "s.txt"], 78, "--secret-file: s.txt holds a control character (U+0000)", files: ["s.txt": "secret_test_a\u{0}b\n"]),
        open(["--secret-file", "s.txt"], 78, "--secret-file: s.txt holds a control character (U+001B)", files: ["s.txt": "secret_test_\u{1B}[31m\n"]),
        HostileCase("bnc-link", ["delete", "http://127.0.0.1:9/x", "--app-id", "1", "--access-token-file", "t.txt"], 78,
                    "--access-token-file: t.txt holds a control character (U+0007)", files: ["t.txt": "api_\u{7}x"]),
        // Round 2: a link domain is a host name; redirect URLs are valid absolute URLs; no path tricks in aliases.
        HostileCase("bnc-link", ["long", "--domain", "user@example.app.link"], 64, "--domain must not carry a user name"),
        HostileCase("bnc-link", ["long", "--domain", "example.app.link:http"], 64, "--domain has a port that is not a number"),
        HostileCase("bnc-link", ["long", "--domain", "https://example.app.link"], 64, "--domain is a host name, not a URL"),
        HostileCase("bnc-link", ["long", "--domain", "ex ample.app.link"], 64, "--domain must be a host name"),
        HostileCase("bnc-link", ["create", "--param", "$desktop_url=https://a b"], 65, "data.$desktop_url must be an absolute http(s) URL"),
        HostileCase("bnc-link", ["create", "--param", "$fallback_url=https://x.example/<script>"], 65, "data.$fallback_url must be an absolute http(s) URL"),
        HostileCase("bnc-link", ["create", "--param", "$ios_url=https://apps.apple.com@evil.example/"], 65, "data.$ios_url must be an absolute http(s) URL"),
        HostileCase("bnc-link", ["create", "--param", "$desktop_url=javascript:alert(1)"], 65, "data.$desktop_url must be an absolute http(s) URL"),
        HostileCase("bnc-link", ["create", "--alias", ".."], 65, "alias cannot be . or .."),
        HostileCase("bnc-link", ["create", "--alias", "sale/../admin"], 65, "alias cannot be . or .."),
        // The seed's rules and the table's types.
        open(["--os", "windows"], 65, "os must be iOS or Android (got windows)"),
        open(["--os-version", " "], 65, "--os-version must not be blank (use \"NA\" when unknown)"),
        open(["-f", "os_version= "], 65, "os_version must not be blank"),
        open(["-f", "os_version:=true"], 65, "os_version must be a string, got boolean"),
        open(["-f", #"first_session:="yes""#], 65, #"first_session must be true or false (or 1 or 0) (got "yes")"#),
        open(["-f", "hardware_id_type=foo"], 65, "hardware_id_type must be one of idfa, vendor_id, random (got foo)"),
        open(["-f", "local_ip=300.1.1.1"], 65, "local_ip must be an IPv4 or IPv6 address"),
        open(["-f", "country=USA"], 65, "country must be a two-letter ISO 3166 country code"),
        open(["-f", "environment=FULL"], 65, "environment must be one of FULL_APP"),
        open(["--identity", String(repeating: "x", count: 128)], 65, "identity must be at most 127 characters (got 128)"),
        open(["-f", "ios_vendor_id=1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"], 65, "ios_vendor_id is iOS only and must not be sent with os Android"),
        open(["--limit-ad-tracking", "true", "-f", "ad_tracking_enabled:=false"], 65, "ad_tracking_enabled must be omitted"),
        open(["--idfa", "not-a-uuid"], 65, "--idfa must be a UUID"),
        open(["--screen", "0x0"], 65, "--screen must be WIDTHxHEIGHT"),
        open(["--screen-dpi=-1"], 65, "--screen-dpi must be a positive whole number"),
        open(["--country", "USA"], 65, "--country must be a two-letter ISO 3166 country code"),
        open(["--ip", "999.1.1.1"], 64, "--ip is not an IPv4 or IPv6 address (got \"999.1.1.1\")"),
        // Numbers: finite and in range.
        open(["-f", "screen_width:=1e400"], 65, "screen_width must be a whole number"),
        open(["-f", "screen_width:=18446744073709551616"], 65, "screen_width must be a whole number"),
        open(["-f", "screen_width:=-5"], 65, "screen_width must be between 1 and 100000 (got -5)"),
        open(["-f", "screen_dpi:=1.5"], 65, "screen_dpi must be a whole number"),
        ev(["--revenue", "1e400"], 65, "event_data.revenue must be a finite number (got 1e400)"),
        ev(["--revenue", "1e-400"], 65, "event_data.revenue is too small to represent (got 1e-400)"),
        ev(["--revenue", "19,99"], 65, "--revenue must be a number (got 19,99)"),
        ev(["--revenue", "18446744073709551616e10"], 65, "event_data.revenue must be between"),
        ev(["--shipping=-1"], 65, "event_data.shipping must be between 0 and"),
        ev(["--item", "$quantity=-2"], 65, "content_items[0].$quantity must be between 0 and"),
        ev(["--item", "$price=1e999"], 65, "content_items[0].$price must be a finite number"),
        ev(["--item", "$latitude=91"], 65, "content_items[0].$latitude must be between -90 and 90 (got 91)"),
        ev(["--item", "$creation_timestamp=1.5"], 65, "content_items[0].$creation_timestamp must be a whole number"),
        ev(["--currency", "usd"], 65, "event_data.currency must be three upper-case letters (ISO 4217) (got usd)"),
        ev(["--ad-type", "POPUP"], 65, "event_data.ad_type must be one of BANNER, INTERSTITIAL, REWARDED_VIDEO, NATIVE (got POPUP)"),
        ev(["--user-data", "ip=999.1.1.1"], 65, "user_data.ip must be an IPv4 or IPv6 address"),
        ev(["--user-data", "os:=5"], 65, "user_data.os must be a string, got number"),
        ev(["--user-data", "screen_width:=1e10"], 65, "user_data.screen_width must be a whole number"),
        ev(["--custom-json", "custom.json"], 65, "custom_data.n.deep must be a finite number", files: ["custom.json": #"{"n": {"deep": 1e999}}"#]),
        // Options against each other, and bounds.
        open(["--max-time", "1e308"], 64, "--max-time must be between 0.001 (1 ms) and 86400 seconds"),
        open(["--max-time", "nan"], 64, "--max-time must be between 0.001 (1 ms) and 86400 seconds"),
        open(["--connect-timeout=-1"], 64, "--connect-timeout must be between 0.001 (1 ms) and 3600 seconds"),
        open(["--retries", "21"], 64, "--retries must be between 0 and 20"),
        open(["--max-response-size", "10"], 64, "--max-response-size must be between 1024 and 1073741824 bytes"),
        open(["--first-session", "maybe"], 64, "The value 'maybe' is invalid for '--first-session"),
        open(["--device", "-", "--body", "-"], 64, "--device and --body both read standard input (-): at most one option of a run may read it", stdin: "{}"),
        HostileCase("bnc-event", ["send", "--batch", "x.ndjson", "--rate", "1e9"], 64, "--rate must be between 0.01 and 1000000"),
        HostileCase("bnc-api", ["GET", "/v1/url", "--body", "b.json"], 64, "--body is only for POST, PUT and PATCH", files: ["b.json": "{}"]),
        // Files: missing, too large, not what they must hold.
        open(["--device", "/nonexistent/device.json"], 66, "--device: cannot open /nonexistent/device.json"),
        open(["--body", "/nonexistent/body.json"], 66, "--body: cannot open /nonexistent/body.json"),
        open(["--secret-file", "/dev/zero"], 78, "--secret-file: /dev/zero is larger than 1048576 bytes"),
        open(["--body", "/dev/zero"], 65, "--body: /dev/zero is larger than 1048576 bytes"),
        open(["--body", "arr.json"], 65, "--body must be a JSON object", files: ["arr.json": "[1]"]),
        open(["--body", "bad.json"], 65, "--body bad.json: ", files: ["bad.json": "{\"a\": }"]),
        open(["--device", "dev.json"], 65, "idfv2 in dev.json is not a device field (did you mean idfv?)", files: ["dev.json": #"{"idfv2": "x"}"#]),
        ev(["--items", "items.json"], 65, "--items must hold a JSON array of content items", files: ["items.json": "{}"]),
        api(["POST", "/v1/open", "--body", "-"], 65, "--body (stdin): ", stdin: "not json"),
    ]

    @Test(arguments: cases)
    func refusedWithOneLineAndNothingSent(_ c: HostileCase) throws {
        let box = try TestSupport.Sandbox()
        let s = try SandboxProcess()
        for (name, text) in c.files { _ = try box.write(name, text) }
        let env = ["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_hostile", "BRANCH_SECRET": "secret_test_hostile"]
        let r = try box.run(c.tool, c.args, env: env, stdin: c.stdin)
        #expect(r.status == c.status, "\(r.stderr)")
        let errors = r.stderr.split(separator: "\n").filter { $0.hasPrefix("\(c.tool): error: ") }
        #expect(errors.count == 1, "\(r.stderr)")
        #expect(errors.first?.dropFirst("\(c.tool): error: ".count).hasPrefix(c.message) == true, "\(r.stderr)")
        #expect(!r.stderr.contains("\r") && !r.stderr.contains("\u{0}"), "stderr carries no raw control characters")
        #expect(r.stdout.isEmpty)
        #expect(try s.received().isEmpty, "nothing reached the sandbox")
    }

    @Test func countsAtLeastSixtyCases() { #expect(Self.cases.count >= 60) }
}
