// bnc-open's requests in the suite's one builder shape: the key and secret, the base URL, the IP override and
// the flags' body made once; each body or batch line checked by OpenFields.table and made a POST /v1/open.
import BNCCore

/// Makes POST /v1/open requests and reads their answers.
public struct OpenBuilder: RequestBuilder {
    public static let tables = [OpenFields.table]

    let key: BranchKey
    let secret: Secret
    let baseURL: String?
    let ip: IPAddress?
    /// The body the flags make: a batch line's members go over it.
    let defaults: JSONObject
    /// Limit Ad Tracking as the flags say it: each line is held to it again.
    let flags: OpenRequest.FlagsLimitAdTracking

    public init(key: BranchKey, secret: Secret, baseURL: String?, ip: IPAddress?, defaults: JSONObject = [:],
                flags: OpenRequest.FlagsLimitAdTracking = OpenRequest.FlagsLimitAdTracking()) {
        self.key = key
        self.secret = secret
        self.baseURL = baseURL
        self.ip = ip
        self.defaults = defaults
        self.flags = flags
    }

    /// A new builder whose IP override is `ip` (a `--body` file's own `"ip"`).
    public func with(ip: IPAddress?) -> OpenBuilder { OpenBuilder(key: key, secret: secret, baseURL: baseURL, ip: ip, defaults: defaults, flags: flags) }

    public func request(_ body: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        try OpenRequest.request(body, key: key, secret: secret, ip: ip, baseURL: baseURL, warnings: warnings)
    }

    public func request(line: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        try OpenRequest.request(line: line, defaults: defaults, flags: flags, key: key, secret: secret, ip: ip, baseURL: baseURL, warnings: warnings)
    }

    public func answer(_ response: HTTPResponse, redactor: Redactor) throws(BNCError) -> OpenResponse {
        try OpenResponse(response: response, redactor: redactor)
    }
}
