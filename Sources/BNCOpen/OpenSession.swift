// What a session's caller must keep between calls (branch-api-facts §2.3): whether this Branch key has seen
// the device (first_session auto) and the randomized_bundle_token of server_to_server_identity. The state
// lives in Core's StateStore; the decisions are made here, once, for every front end.
import BNCCore

/// One /v1/open session against the kept state of a Branch key.
public struct OpenSession {
    public let store: StateStore?
    public let key: BranchKey

    /// - Parameter store: nil with `--no-state` (neither read nor written).
    public init(store: StateStore?, key: BranchKey) {
        self.store = store
        self.key = key
    }

    /// The draft completed from the state: `first_session` when the caller left it to the state (true the first
    /// time this key sees the device), and the kept bundle token when identity is kept. Returns the body and the
    /// device's key in the store.
    public func prepare(_ draft: JSONObject, ip: IPAddress?, decideFirstSession: Bool,
                        keepToken: Bool) throws(BNCError) -> (body: JSONObject, device: String) {
        var body = draft
        // Known under its key, or under one an earlier bnc kept it by (an iPhone by its IDFA once tracking was
        // allowed): the same device either way.
        let keys = OpenRequest.deviceKeys(draft, ip: ip)
        let device = keys[0]
        var known: DeviceState?
        for k in keys where known == nil { known = try store?.device(key: key.value, device: k) }
        if body["first_session"] == nil, decideFirstSession { body["first_session"] = .bool(known == nil) }
        if keepToken, body["randomized_bundle_token"] == nil, let token = known?.randomizedBundleToken {
            body["randomized_bundle_token"] = .string(token)
        }
        return (body, device)
    }

    /// Keeps what the answer gave: the device has had its session, its tokens, the identity sent.
    public func record(_ answer: OpenResponse, device: String, keepToken: Bool, identity: String?,
                       at time: Double = MonotonicClock.wallSeconds()) throws(BNCError) {
        try store?.recordSession(key: key.value, device: device, bundleToken: keepToken ? answer.randomizedBundleToken : nil,
                                 deviceToken: answer.randomizedDeviceToken, identity: identity, at: time)
    }

    /// The hint a 429 from v1/open deserves: the two rate rules of the attribution API.
    public static let rateLimitHint = "Branch answers 429 when one device opens again in rapid succession (testing): wait a few minutes or vary the device. Separately, non-referred opens count once per IP every 4 hours (the rest still return data)."
}
