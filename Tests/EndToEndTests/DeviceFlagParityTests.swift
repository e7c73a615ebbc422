// No device flag is accepted and dropped: every one reaches the body under the key Branch's documents and SDKs use
// for that endpoint (the carrier as device_carrier; locale and connection_type in an event's user_data).
import Foundation
import Testing
import TestSupport

@Suite struct DeviceFlagParityTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    /// Every device flag with a value that can be found again in the body (flag, value, the key it must be under).
    static let common: [(String, String, String)] = [
        ("--os-version", "14.9", "os_version"), ("--model", "Model-X1", "model"), ("--brand", "BrandY", "brand"),
        ("--app-version", "9.8.7", "app_version"), ("--user-agent", "UA-Parity/1.0", "user_agent"), ("--screen-dpi", "421", "screen_dpi"),
        ("--local-ip", "192.168.77.7", "local_ip"), ("--language", "fr", "language"), ("--country", "CA", "country"),
        ("--locale", "fr_CA", "locale"), ("--carrier", "CarrierZ", "device_carrier"), ("--connection-type", "mobile", "connection_type"),
    ]
    static let android: [(String, String, String)] = [
        ("--os", "android", "os"), ("--gaid", "38400000-8cf0-11bd-b23e-10b96e40000d", ""),
        ("--android-id", "a1b2c3d4e5f60718", ""), ("--oaid", "02ab41d3-7886-4f29-a606-fba4372e9fdc", "oaid"),
    ]

    func body(_ tool: String, _ args: [String]) throws -> [String: Any] {
        let r = try box.run(tool, args + ["--dry-run", "--key", "key_test_parity", "--ip", "8.8.4.4", "--no-state", "--output", "json"],
                            env: ["BRANCH_SECRET": "secret_test_parity"])
        #expect(r.status == 0, "\(tool): \(r.stderr)")
        return try #require((try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])?["body"] as? [String: Any])
    }

    static func flags(_ rows: [(String, String, String)]) -> [String] { rows.flatMap { [$0.0, $0.1] } + ["--screen", "1081x2401"] }

    /// Where a value must be: the key named, or (ids) anywhere in the body.
    func find(_ value: String, key: String, in object: [String: Any]) -> Bool {
        if key.isEmpty { return String(describing: object).contains(value) }
        guard let v = object[key] ?? (object["advertising_ids"] as? [String: Any])?[key] else { return false }
        return "\(v)".lowercased() == value.lowercased() || "\(v)" == value
    }

    @Test func bncOpenSendsEveryDeviceFlag() throws {
        let b = try body("bnc-open", Self.flags(Self.common + Self.android))
        for (flag, value, key) in Self.common + Self.android { #expect(find(value, key: key, in: b), "\(flag) \(value) is not in the body as \(key): \(b)") }
        #expect(b["screen_width"] as? Int == 1081 && b["screen_height"] as? Int == 2401)
        #expect(b["carrier"] == nil, "the S2S guide's name is device_carrier")
    }

    @Test func bncEventSendsEveryDeviceFlagInUserData() throws {
        let b = try body("bnc-event", ["send", "LOGIN"] + Self.flags(Self.common + Self.android))
        let user = try #require(b["user_data"] as? [String: Any])
        for (flag, value, key) in Self.common + Self.android { #expect(find(value, key: key, in: user), "\(flag) \(value) is not in user_data as \(key): \(user)") }
        #expect(user["screen_width"] as? Int == 1081 && user["screen_height"] as? Int == 2401)
    }

    @Test func iOSIdentifiersToo() throws {
        let ios = [("--os", "ios", "os"), ("--idfa", "D5B89252-FCF8-4065-88FC-B70F49186988", ""), ("--idfv", "0C381C08-B808-4C25-BE51-B00BC165B5F8", "")]
        let open = try body("bnc-open", Self.flags(Self.common + ios))
        for (flag, value, key) in Self.common + ios { #expect(find(value, key: key, in: open), "bnc-open \(flag)") }
        let event = try #require(try body("bnc-event", ["send", "LOGIN"] + Self.flags(Self.common + ios))["user_data"] as? [String: Any])
        for (flag, value, key) in Self.common + ios { #expect(find(value, key: key, in: event), "bnc-event \(flag)") }
    }
}
