// POST /v1/profile and /v1/logout: the identity calls of the SDKs that made them — setIdentity and logout in
// Android SDKs up to 5.7.x (ServerRequestIdentifyUserRequest, ServerRequestLogout), iOS SDKs 2.x
// (BranchSetIdentityRequest, BranchLogoutRequest) and Web SDKs up to 2.78 (resources.profile, resources.logout).
// Newer SDKs keep the identity on the device and send it with each request instead; apps with the older ones are
// still in use, and their login and logout must work against the sandbox.
import BNCCore

extension Sandbox {
    /// The Web SDK's form fields that are JSON text or numbers.
    private static let identityForm: [String: FormType] = ["metadata": .json, "instrumentation": .json, "advertising_ids": .json,
                                                           "retryNumber": .number, "branch_sdk_request_timestamp": .number]

    /// POST /v1/profile: the user behind `identity` in this app — the one it already has (a login on a second
    /// device joins the first's user, as Branch's identity graph does), else the device's current one — answered
    /// with the keys each SDK keeps: randomized_bundle_token (Android, iOS) and identity_id (Web), link, session_id.
    func profile(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try bodyObject(r, form: Self.identityForm)
        let key = try checkKey(body["branch_key"], appID: body["app_id"])
        if let given = body["identity"], !given.isNull, given.stringValue == nil, given.numberValue == nil {
            throw Rejection("identity must be a string, got \(given.typeName)")  // a repeated form field is a list
        }
        guard let identity = text(body["identity"]), !identity.isEmpty else {
            throw Rejection("identity is required: the user id setIdentity was given")
        }
        guard identity.count <= 127 else { throw Rejection("identity is longer than 127 characters") }
        let found = identityDevice(body, key: key)
        let token = user(named: identity, key: key, else: text(body["randomized_bundle_token"]) ?? text(body["identity_id"])
                            ?? found?.device.bundleTokens.first ?? random.branchID())
        if case (let id, var device)? = found, device.bundleTokens.first != token {
            device.makeCurrent(token)
            store.save(device: device, id: id)
        }
        bump("profiles")
        var answer = identityAnswer(token: token, session: text(body["session_id"]), key: key, web: body["browser_fingerprint_id"] != nil)
        answer["identity"] = .string(identity)
        return .json(200, .object(answer))
    }

    /// The user (bundle token) `identity` names in this app: the one it already names, else `current`, which it
    /// names from now on. /v1/profile and a session that sends `identity` join users through it.
    func user(named identity: String, key: String, else current: @autoclosure () -> String) -> String {
        let identityKey = "\(key)|\(identity)"
        if let user = store.identities[identityKey] { return user }
        let user = current()
        store.save(identity: identityKey, token: user)
        return user
    }

    /// POST /v1/logout: the device's next user is a new one (a new bundle token and session), whom no identity
    /// names until the next setIdentity.
    func logout(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try bodyObject(r, form: Self.identityForm)
        let key = try checkKey(body["branch_key"], appID: body["app_id"])
        let token = random.branchID()
        if case (let id, var device)? = identityDevice(body, key: key) {
            device.makeCurrent(token)
            store.save(device: device, id: id)
        }
        bump("logouts")
        return .json(200, .object(identityAnswer(token: token, session: nil, key: key, web: body["browser_fingerprint_id"] != nil)))
    }

    /// POST /v1/close: Android up to 5.1.3 (ServerRequestRegisterClose) reports the app's close with its tokens
    /// and session, and on success forgets the session's deep-link data; nothing else of the answer is read.
    func close(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try bodyObject(r, form: Self.identityForm)
        _ = try checkKey(body["branch_key"], appID: body["app_id"])
        bump("closes")
        return .json(200, [:])
    }

    /// POST /v1/event: the legacy custom and commerce event of Android 5.0–5.6 (userCompletedAction,
    /// sendCommerceEvent), iOS up to 2.2 (userCompletedAction) and the Web SDK up to 2.71 (track(); up to 2.40 also
    /// init's pageview). Branch's public API README: "returns nothing". An event name is required; Android reads
    /// branch_view_data only when it is there, so the answer is {}.
    func legacyEvent(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try bodyObject(r, form: Self.identityForm.merging(["commerce_data": .json]) { a, _ in a })
        _ = try checkKey(body["branch_key"], appID: body["app_id"])
        if body["event"]?.arrayValue != nil { return .branchError(400, "event is given more than once") }
        guard let name = text(body["event"]), !name.isEmpty else { return .branchError(400, "event is required: the name of the action") }
        // Branch's public API README: event at most 63 characters, identity 127, metadata one level with keys and
        // values of at most 255. The SDKs put the page's URL and user agent in metadata (Web) and the app's state
        // as given (iOS), so metadata beyond those is linted, not refused.
        guard name.count <= 63 else { return .branchError(400, "event is longer than 63 characters") }
        if let identity = body["identity"], !identity.isNull {
            guard let id = identity.stringValue else { return .branchError(400, "identity must be a string, got \(identity.typeName)") }
            guard id.count <= 127 else { return .branchError(400, "identity is longer than 127 characters") }
        }
        if let metadata = body["metadata"], metadata != .null {
            guard let fields = metadata.objectValue else { return .branchError(400, "metadata must be an object") }
            for k in fields.keys {
                let v = fields[k] ?? .null
                let name = "metadata." + k.prefix(64)
                if v.objectValue != nil || v.arrayValue != nil { lint("\(name) is nested: Branch's README takes one level of metadata") }
                if k.count > 255 { lint("\(name)... is a key over 255 characters, Branch's README limit") }
                if let text = v.stringValue, text.count > 255 { lint("\(name) is over 255 characters, Branch's README limit") }
            }
        }
        // Android's sendCommerceEvent: {revenue, currency, transactionID, products: [...]} (ServerRequestActionCompleted).
        if let commerce = body["commerce_data"], commerce != .null {
            guard let c = commerce.objectValue else { return .branchError(400, "commerce_data must be an object") }
            if let r = c["revenue"], r.numberValue == nil { return .branchError(400, "commerce_data.revenue must be a number, got \(r.typeName)") }
            if let cur = c["currency"], !KeyFormat.isCurrency(cur) {
                return .branchError(400, "commerce_data.currency must be a three-letter ISO 4217 code")
            }
            if let p = c["products"], p.arrayValue?.allSatisfy({ $0.objectValue != nil }) != true {
                return .branchError(400, "commerce_data.products must be an array of objects")
            }
        }
        bump("legacy_events")
        return .json(200, [:])
    }

    /// GET /v1/has-app/{branch_key or app_id}: the Web SDK up to 2.75 asks on every returning page load whether the
    /// browser's user has the app (src/6_branch.js checkHasApp; src/3_api.js getUrl puts the key, or the page's
    /// numeric app id, in the path; removed in 2.76 by SDK-1897), and takes the answer, a bare JSON boolean, as
    /// `has_app`, firing didDownloadApp when it turns true. True when the browser's current user (its
    /// identity_id) also has an app session of the same key: one user through setIdentity on both, as /v1/profile
    /// joins them.
    func hasApp(_ r: SandboxRequest, keyOrAppID raw: String) throws -> SandboxResponse {
        guard r.method == "GET" else { return .branchError(405, "Method \(r.method) is not allowed on /v1/has-app/{branch_key}") }
        let given = Percent.decode(raw, plus: false)
        let numeric = KeyFormat.isDigits(given)
        let key = try checkKey(numeric ? nil : .string(given), appID: numeric ? .string(given) : nil)
        guard let fingerprint = r.queryValue("browser_fingerprint_id"), !fingerprint.isEmpty else {
            throw Rejection("browser_fingerprint_id is required: the id /_r or the last session gave the browser")
        }
        guard fingerprint.utf8.count <= 64 else { throw Rejection("browser_fingerprint_id is longer than 64 characters") }
        bump("web_has_app")
        let id = deviceID(issued: fingerprint, key: key) ?? "browser:" + fingerprint
        return .json(200, .bool(store.devices["\(key)|\(id)"].map { userHasApp($0, key: key) } ?? false))
    }

    /// GET /v1/subscription/status?branch_key=KEY&SKU=SKU-…: whether the account has a paid feature (the Adobe
    /// Launch extension asks for Journeys, SKU-00000008, before it offers its Auto-Open action). A bare JSON
    /// boolean, as Branch answers: false for every SKU, since the sandbox emulates no Journeys.
    func subscriptionStatus(_ r: SandboxRequest) throws -> SandboxResponse {
        _ = try checkKey(r.queryValue("branch_key").map(JSON.string))
        guard let sku = r.queryValue("SKU"), !sku.isEmpty else {
            throw Rejection("SKU is required: the product asked about (SKU-00000008 is Journeys)")
        }
        guard sku.utf8.count <= 64 else { throw Rejection("SKU must be at most 64 characters") }
        bump("subscription_status")
        return .json(200, false)
    }

    /// Whether a browser's current user (its first bundle token) holds an app session of this key.
    func userHasApp(_ browser: DeviceRecord, key: String) -> Bool {
        guard let user = browser.bundleTokens.first else { return false }
        let browsers = key + "|browser:"
        return store.devices.contains { $0.key.hasPrefix(key + "|") && !$0.key.hasPrefix(browsers) && $0.value.bundleTokens.first == user }
    }

    /// The device these tokens were issued to: its randomized_device_token or browser fingerprint, else a bundle
    /// token (or the Web SDK's identity_id) it holds. None when the sandbox never issued them (it restarted without
    /// --state): answered all the same, as Branch answers tokens it has lost.
    private func identityDevice(_ body: JSONObject, key: String) -> (id: String, device: DeviceRecord)? {
        for field in ["randomized_device_token", "device_fingerprint_id", "browser_fingerprint_id"] {
            if let token = text(body[field]), let id = deviceID(issued: token, key: key), let device = store.devices["\(key)|\(id)"] {
                return ("\(key)|\(id)", device)
            }
        }
        let tokens = ["randomized_bundle_token", "identity_id"].compactMap { text(body[$0]) }
        guard !tokens.isEmpty else { return nil }
        return store.devices.first { $0.key.hasPrefix(key + "|") && $0.value.bundleTokens.contains { tokens.contains($0) } }
            .map { ($0.key, $0.value) }
    }

    private func identityAnswer(token: String, session: String?, key: String, web: Bool) -> JSONObject {
        ["session_id": .string(session ?? random.branchID()), "randomized_bundle_token": .string(token), "identity_id": .string(token),
         "link": .string(userLink(key: key, token: token, web: web))]
    }

    /// The user's link: a long link of the app (`/a/KEY`, which this sandbox serves) with the user's token, as
    /// Branch answers `link` (`?%24randomized_bundle_token=…`; the Web SDK's `?%24identity_id=…`).
    func userLink(key: String, token: String, web: Bool) -> String {
        "\(config.baseURL)/a/\(key)?%24\(web ? "identity_id" : "randomized_bundle_token")=\(token)"
    }

    /// A token as the SDKs send it: a string, or a number (older SDKs' ids).
    private func text(_ value: JSON?) -> String? {
        value.flatMap { $0.stringValue ?? $0.numberValue?.literal }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
