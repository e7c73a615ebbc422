// A v1/open answer read: session, randomized tokens, the link and its decoded data, routing keys first.
import BNCCore

/// A /v1/open answer with its deep-link data decoded.
public struct OpenResponse: Sendable {
    public var sessionID: String?
    public var randomizedDeviceToken: String?
    public var randomizedBundleToken: String?
    public var identity: String?
    public var link: String?
    public var data: JSONObject

    /// Reads the answer; `data` may be a JSON string (as documented) or an object; legacy token names are read too.
    public init(_ json: JSON) throws(BNCError) {
        guard case .object(let o) = json else { throw BNCError(.malformedResponse, "v1/open answered \(json.typeName), not an object") }
        func text(_ keys: String...) -> String? {
            for k in keys {
                if let s = o[k]?.stringValue { return s }
                if let n = o[k]?.numberValue { return n.literal }
            }
            return nil
        }
        sessionID = text("session_id")
        randomizedDeviceToken = text("randomized_device_token", "device_fingerprint_id")
        randomizedBundleToken = text("randomized_bundle_token", "identity_id")
        identity = text("identity")
        link = text("link")
        // The tokens are kept in the state and sent back on later calls (bnc-open's, bnc-event's): one that its
        // own field's rule would refuse (a line break, a control, a bidi override, 100 KB) is a bad answer, not
        // a state that fails every later call (QA round 28a).
        for (name, token) in [("randomized_device_token", randomizedDeviceToken), ("randomized_bundle_token", randomizedBundleToken)] {
            guard let token, let spec = OpenFields.table[name] else { continue }
            do {
                _ = try spec.check(.string(token), at: name)
            } catch {
                throw BNCError(.malformedResponse, "v1/open answered a \(name) that cannot be kept and sent back: \(error.message)")
            }
        }
        switch o["data"] {
        case .string(let s)?:
            guard case .object(let d)? = try? JSON.parse(s) else {
                throw BNCError(.malformedResponse, "v1/open's data is not a JSON object string")
            }
            data = d
        case .object(let d)?: data = d
        case nil, .null?: data = [:]
        case let other?: throw BNCError(.malformedResponse, "v1/open's data is a \(other.typeName)")
        }
    }

    /// `{session_id, randomized_device_token, randomized_bundle_token, link, data: {...}}`.
    public var json: JSON {
        var o = JSONObject()
        o["session_id"] = sessionID.map(JSON.string) ?? .null
        o["randomized_device_token"] = randomizedDeviceToken.map(JSON.string) ?? .null
        o["randomized_bundle_token"] = randomizedBundleToken.map(JSON.string) ?? .null
        if let identity { o["identity"] = .string(identity) }
        o["link"] = link.map(JSON.string) ?? .null
        o["data"] = .object(data)
        return .object(o)
    }

    /// KEY/VALUE rows: session fields, then the routing keys, then the rest of the data.
    public var tableRows: [(String, String)] {
        var rows: [(String, String)] = []
        for (k, v) in [("session_id", sessionID), ("randomized_device_token", randomizedDeviceToken),
                       ("randomized_bundle_token", randomizedBundleToken), ("link", link)] {
            if let v { rows.append((k, v)) }
        }
        for k in OpenFields.routingKeys { if let v = data[k] { rows.append((k, v.plainText)) } }
        for (k, v) in data where !OpenFields.routingKeys.contains(k) { rows.append((k, v.plainText)) }
        return rows
    }
}

extension OpenResponse {
    /// Decodes a v1/open answer: a non-2xx status is its typed error (429 with the rate rules), a 2xx that is
    /// not the JSON v1/open answers is a malformed response (exit 76).
    public init(response: HTTPResponse, redactor: Redactor) throws(BNCError) {
        guard response.isSuccess else {
            var error = response.httpError(redactor: redactor)
            if response.status == 429 { error.hint = OpenSession.rateLimitHint }
            throw error
        }
        guard let json = response.json else {
            throw BNCError(.malformedResponse, "v1/open answered something that is not JSON", requestID: response.requestID)
        }
        try self.init(json)
    }

    /// One key of the deep-link data, else of the answer, for `--route`; nil when absent or null.
    public func route(_ key: String) -> JSON? {
        guard let value = data[key] ?? json[key], !value.isNull else { return nil }
        return value
    }

    /// The answer as a KEY / VALUE table, routing keys first.
    public var table: TextTable {
        var t = TextTable(columns: ["KEY", "VALUE"])
        for (k, v) in tableRows { t.add([k, v]) }
        return t
    }

    /// The table with each value masked as the JSON output masks it (by its key, or by a secret's shape): the
    /// deep-link data is the server's and may carry a secret (QA round 25b).
    public func table(redactor: Redactor) -> TextTable {
        var t = TextTable(columns: ["KEY", "VALUE"])
        for (k, v) in tableRows { t.add([k, redactor.redact(.string(v), named: k).plainText]) }
        return t
    }
}
