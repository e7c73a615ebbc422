// Drives a Sandbox in-process with a clock the test moves.
import BNCCore
@testable import BNCSandbox

final class Clock: @unchecked Sendable {
    var t = 1_790_000_000.0
    func advance(_ s: Double) { t += s }
}

struct Reply {
    let status: Int
    let headers: [(String, String)]
    let body: [UInt8]
    var json: JSON? { try? JSON.parse(bytes: body) }
    var message: String { json?["error"]?["message"]?.stringValue ?? "" }
    func header(_ n: String) -> String? { headers.first { $0.0.lowercased() == n.lowercased() }?.1 }
    /// The decoded `data` string of a /v1/open answer.
    var data: JSON? { json?["data"]?.stringValue.flatMap { try? JSON.parse($0) } }
}

final class Harness {
    let clock = Clock()
    let sandbox: Sandbox
    static let base = "http://127.0.0.1:8787"
    static let key = "key_test_harness1"
    static let secret = "secret_test_harness1"
    static let iosUA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15"
    static let androidUA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36"

    init(_ configure: (inout SandboxConfig) -> Void = { _ in }) throws {
        var config = SandboxConfig(baseURL: Self.base)
        let clock = self.clock
        config.now = { clock.t }
        config.seed = 42
        configure(&config)
        sandbox = try Sandbox(config: config)
    }

    @discardableResult
    func send(_ method: String, _ target: String, _ body: JSON? = nil, text: String? = nil, headers: [(String, String)] = []) -> Reply {
        let (path, query) = SandboxRequest.splitTarget(target)
        let bytes = body.map { $0.bytes } ?? text.map { Array($0.utf8) } ?? []
        let r = sandbox.handle(SandboxRequest(method: method, path: path, query: query, headers: headers, body: bytes, peerIP: "127.0.0.1"))
        return Reply(status: r.reset ? 0 : r.status, headers: r.headers, body: r.body)
    }

    /// The seed's iOS example, with our credentials.
    static func iosOpen(_ changes: [String: JSON?] = [:]) -> JSON {
        var o: JSONObject = [
            "branch_key": .string(key), "branch_secret": .string(secret), "server_to_server": true, "app_version": "1.12.4",
            "os": "iOS", "os_version": "10.0", "model": "iPhone", "screen_height": 2208, "screen_width": 1242,
            "facebook_app_link_checked": false, "user_agent": .string(iosUA),
            "hardware_id": "D5B89252-FCF8-4065-88FC-B70F49186988", "hardware_id_type": "idfa",
            "ios_vendor_id": "0C381C08-B808-4C25-BE51-B00BC165B5F8", "is_hardware_id_real": true, "ad_tracking_enabled": true,
            "custom_param_1": "Parameter 1", "custom_param_2": "Parameter 2", "custom_param_3": "Parameter 3",
        ]
        for (k, v) in changes { o[k] = v }
        return .object(o)
    }

    /// The seed's Android example, with our credentials.
    static func androidOpen(_ changes: [String: JSON?] = [:]) -> JSON {
        var o: JSONObject = [
            "branch_key": .string(key), "branch_secret": .string(secret), "server_to_server": true, "app_version": "1.12.4",
            "os": "Android", "os_version": 26, "model": "SM-G960U1", "screen_height": 2076, "screen_width": 1080,
            "facebook_app_link_checked": false, "user_agent": .string(androidUA), "hardware_id": "fae098e4605e79c3",
            "google_advertising_id": "ea31e5e0-1aa5-4181-91d7-0b56524e0274",
            "advertising_ids": ["oaid": "02ab41d3-7886-4f29-a606-fba4372e9fdc"],
            "google_search_install_referrer": "referrer_value_here", "clicked_referrer_ts": 1574699946,
            "install_begin_ts": 1574699955, "is_hardware_id_real": true, "ad_tracking_enabled": true,
            "custom_param_1": "Parameter 1", "custom_param_2": "Parameter 2", "custom_param_3": "Parameter 3",
        ]
        for (k, v) in changes { o[k] = v }
        return .object(o)
    }

    func open(_ body: JSON, ip: String = "8.8.4.4") -> Reply {
        send("POST", "/v1/open", body, headers: [("X-IP-Override", ip), ("Content-Type", "application/json")])
    }

    func createLink(_ fields: JSONObject) -> Reply {
        var o: JSONObject = ["branch_key": .string(Self.key)]
        for (k, v) in fields { o[k] = v }
        return send("POST", "/v1/url", .object(o), headers: [("Content-Type", "application/json")])
    }

    @discardableResult
    func click(_ url: String, ip: String, ua: String) -> Reply {
        send("GET", String(url.dropFirst(Self.base.count)), headers: [("X-Forwarded-For", ip), ("User-Agent", ua)])
    }
}
