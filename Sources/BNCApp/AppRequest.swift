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

    /// What the field table cannot say: no setting's text holds a control character (it reaches the link domain's
    /// apple-app-site-association, assetlinks.json and pages), and an app lists at most 20 fingerprints. The ids
    /// those files are built from are the table's patterns (team id, bundle id, SHA-256 fingerprint).
    static func checkLinkingIdentity(_ name: String, _ value: JSON) throws(BNCError) {
        if case .string(let text) = value, let bad = TerminalText.firstControl(in: text) {
            throw BNCError.invalid(name, "must not contain control characters (got \(bad))")
        }
        if name == "sha256_cert_fingerprints", case .array(let items) = value, items.count > 20 {
            throw BNCError.invalid(name, "holds at most 20 fingerprints (got \(items.count))")
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
