// The App API's requests (GET and PUT /v1/app/{branch_key}) and the change an update makes.
import BNCCore
import BNCSuite

/// Builds the App API's requests and the diff an update shows.
public enum AppRequest {
    /// GET /v1/app/{key}?branch_secret=...: the app's settings.
    public static func get(key: BranchKey, secret: Secret, baseURL: String?) -> HTTPRequest {
        HTTPRequest(method: "GET", base: baseURL ?? Branch.defaultBaseURL, path: "/v1/app/" + HTTPURL.percentEncode(key.value),
                    query: [("branch_secret", secret.exposed)], headers: ["Accept": "application/json"])
    }

    /// One `--set KEY=VALUE` (or `KEY:=JSON`) typed by the settings table: true/false and 0/1 for booleans, whole
    /// numbers for integers, `a,b` for a list. Unknown and read-only keys are refused.
    /// - Parameter json: the value was given as JSON (`NAME:=JSON`): checked as the type it is, never read as text.
    public static func setting(_ name: String, _ value: JSON, json: Bool = false) throws(BNCError) -> (String, JSON) {
        if AppFields.readOnly.contains(name) {
            throw BNCError.invalid(name, "is set by Branch and cannot be changed through the App API")
        }
        guard let spec = AppFields.settings[name] else {
            let guess = AppFields.settings.suggestion(for: name).map { "; did you mean \($0)?" } ?? ""
            throw BNCError.usage("--set \(name)", "is not an app setting (bnc-app fields lists them)\(guess)")
        }
        guard !json, case .string(let raw) = value else {
            let checked = try spec.check(value, at: name)
            if name == "deepview_configs", case .object(let sides) = checked { try checkDeepviews(sides) }
            try checkLinkingIdentity(name, checked)
            return (name, checked)
        }
        let typed: JSON
        switch spec.type {
        case .boolean:
            switch raw.lowercased() {
            case "true", "1": typed = true
            case "false", "0": typed = false
            default: throw BNCError.invalid(name, "must be true or false (got \(raw))")
            }
        case .integer:
            guard let n = JSONNumber(literal: raw.trimmingWhitespace()), n.isInteger else {
                throw BNCError.invalid(name, "must be a whole number (got \(raw))")
            }
            typed = .number(n)
        case .strings:
            typed = .array(raw.isEmpty ? [] : raw.split(separator: ",").map { .string(String($0).trimmingWhitespace()) })
        case .object:
            throw BNCError.usage("--set \(name)", "is an object: give it as JSON with := (--set '\(name):={...}')")
        default:
            typed = value
        }
        let checked = try spec.check(typed, at: name)
        try checkLinkingIdentity(name, checked)
        return (name, checked)
    }

    /// What Branch builds the link domain's apple-app-site-association and assetlinks.json from (QA round 25b):
    /// Apple's team id (10 letters and digits), a bundle id or Android package (letters, digits, `.`, `-`, `_`),
    /// SHA-256 fingerprints (32 hex pairs joined by colons, at most 20); no setting's text holds a control character.
    static func checkLinkingIdentity(_ name: String, _ value: JSON) throws(BNCError) {
        func isAlnum(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        if case .string(let text) = value {
            if let bad = TerminalText.firstControl(in: text) { throw BNCError.invalid(name, "must not contain control characters (got \(bad))") }
            let bytes = Array(text.utf8)
            switch name {
            case _ where bytes.isEmpty: break
            case "ios_team_id" where !(bytes.count == 10 && bytes.allSatisfy(isAlnum)):
                throw BNCError.invalid(name, "must be Apple's 10-character team id, letters and digits (got \(text.debugDescription))")
            case "ios_bundle_id", "android_package_name":
                guard bytes.count <= 155, bytes.allSatisfy({ isAlnum($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) else {
                    throw BNCError.invalid(name, "must be at most 155 letters, digits, dots, hyphens and underscores")
                }
            default: break
            }
        }
        if name == "sha256_cert_fingerprints", case .array(let items) = value {
            guard items.count <= 20 else { throw BNCError.invalid(name, "holds at most 20 fingerprints (got \(items.count))") }
            for item in items {
                let pairs = (item.stringValue ?? "").split(separator: ":", omittingEmptySubsequences: false)
                guard pairs.count == 32, pairs.allSatisfy({ $0.utf8.count == 2 && $0.utf8.allSatisfy { isAlnum($0) && ($0 <= 0x39 || "abcdefABCDEF".utf8.contains($0)) } }) else {
                    throw BNCError.invalid(name, "each is a SHA-256 fingerprint: 32 hex pairs joined by colons (AB:CD:...)")
                }
            }
        }
    }

    /// `deepview_configs`: `ios` and `android`, each an object of the documented members with their types.
    static func checkDeepviews(_ sides: JSONObject) throws(BNCError) {
        for (side, value) in sides {
            guard side == "ios" || side == "android" else {
                throw BNCError.invalid("deepview_configs.\(side)", "is not a platform of deepview_configs (ios or android)")
            }
            guard case .object(let members) = value else {
                throw BNCError.invalid("deepview_configs.\(side)", "must be an object of enabled, clipboard_deepview and deepview_audience_id (got \(value.typeName))")
            }
            // An update's unknown name is refused, as an unknown --set is: a typo would be dropped from the PUT.
            let names = AppFields.deepviewSide.names
            for (key, _) in members where !AppFields.deepviewSide.declares(key) {
                let guess = AppFields.deepviewSide.suggestion(for: key).map { "; did you mean \($0)?" } ?? ""
                throw BNCError.invalid("deepview_configs.\(side).\(key)", "is not a deepview_configs field (\(names.joined(separator: ", ")))\(guess)")
            }
            let warnings = Warnings()
            _ = try AppFields.deepviewSide.check(members, prefix: "deepview_configs.\(side).", warnings: warnings)
            if let first = warnings.messages.first { throw BNCError(.invalidData, first, field: "deepview_configs.\(side)") }
        }
    }

    /// What the update changes: each setting whose value differs from the current one, with both values.
    public static func changes(current: JSONObject, wanted: JSONObject) -> [(name: String, from: JSON, to: JSON)] {
        wanted.compactMap { name, value in
            let old = current[name] ?? .null
            return old == value ? nil : (name, old, value)
        }
    }

    /// PUT /v1/app/{key}: the secret and the contact e-mail the API requires with every update, then the changes.
    public static func update(key: BranchKey, secret: Secret, devEmail: String, changes: JSONObject, baseURL: String?) -> HTTPRequest {
        var body: JSONObject = ["branch_secret": .string(secret.exposed), "dev_email": .string(devEmail)]
        for (k, v) in changes { body[k] = v }
        return HTTPRequest(method: "PUT", base: baseURL ?? Branch.defaultBaseURL, path: "/v1/app/" + HTTPURL.percentEncode(key.value),
                           headers: ["Accept": "application/json"], body: .json(.object(body)))
    }
}
