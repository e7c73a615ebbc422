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
            try OpenFields.table["randomized_bundle_token"]?.checkKept(token, what: "the randomized_bundle_token kept in the state for device \(device)", device: device)
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

/// A batch's sessions against the kept state, each line decided as one call is (`first_session` from the state, the
/// kept bundle token) and each answer kept. A device's lines go one after another (`serialKey`): each is made only
/// once the line before it has its final result, from what that answer left in the state — its install before its
/// opens, the bundle token the first answer gave on every later line, and a failed first line still followed by a
/// first session. With `--no-state` (no store) every line is a first session, as every call is.
/// Only outstanding lines are remembered (their device keys until their results are printed): memory follows the
/// batch's window, not its length. Used on the batch's one thread.
public final class OpenBatchSession: @unchecked Sendable {
    let session: OpenSession
    let builder: OpenBuilder
    let decideFirstSession: Bool
    let keepToken: Bool
    /// Each outstanding line's device key and the identity it sent.
    private var lines: [Int: (device: String, identity: String?)] = [:]
    /// Each line's draft, made once when its device is asked for (`serialKey`, as the line is read) and taken when
    /// the line is made (at once, or once its device's line before it has its result): it was made twice.
    private var drafts: [Int: (body: JSONObject, ip: IPAddress?, warnings: [String])] = [:]

    public init(session: OpenSession, builder: OpenBuilder, decideFirstSession: Bool, keepToken: Bool) {
        self.session = session
        self.builder = builder
        self.decideFirstSession = decideFirstSession
        self.keepToken = keepToken
    }

    /// The flags' body under the line, and the line's IP override.
    private func draft(_ line: JSONObject, warnings: Warnings?) throws(BNCError) -> (JSONObject, IPAddress?) {
        try OpenRequest.draft(line: line, defaults: builder.defaults, flags: builder.flags, ip: builder.ip, warnings: warnings)
    }

    /// The device a line is a session of: its lines are sent one after another.
    public func serialKey(number: Int, line: JSONObject) throws(BNCError) -> String? {
        let said = Warnings()
        let (draft, ip) = try draft(line, warnings: said)
        drafts[number] = (draft, ip, said.messages)
        return OpenRequest.deviceKeys(draft, ip: ip)[0]
    }

    /// Line `number` made a request: the flags' body under the line, completed from the state, then checked.
    public func request(number: Int, line: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        let draft: JSONObject, lineIP: IPAddress?
        if let kept = drafts.removeValue(forKey: number) {
            (draft, lineIP) = (kept.body, kept.ip)
            for message in kept.warnings { warnings.add(message) }
        } else {
            (draft, lineIP) = try self.draft(line, warnings: warnings)
        }
        let (body, device) = try session.prepare(draft, ip: lineIP, decideFirstSession: decideFirstSession, keepToken: keepToken)
        let request = try builder.with(ip: lineIP).request(body, warnings: warnings)
        lines[number] = (device, body["identity"]?.stringValue)
        return request
    }

    /// A 2xx answer to line `number`: kept as a single call keeps it; the line's result is the answer.
    public func answered(_ number: Int, _ response: HTTPResponse, redactor: Redactor) throws(BNCError) -> JSON {
        // Held to a single session's checks (an array, `data` a number, a token with an escape were `ok` in a
        // batch and in bnc-tune replay, QA round 30a): such an answer fails its line, nothing kept.
        let answer = try OpenResponse(response: response, redactor: redactor)
        if let sent = lines[number] {
            try session.record(answer, device: sent.device, keepToken: keepToken, identity: sent.identity)
        }
        // The shape one session prints (`data` decoded), so one jq filter reads both (QA round 26b).
        return redactor.redact(answer.json)
    }

    /// Line `number`'s result was printed: nothing more is kept for it.
    public func settled(_ number: Int) {
        lines[number] = nil
    }
}
