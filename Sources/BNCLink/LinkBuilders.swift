// bnc-link's requests in the suite's one builder shape: create (POST /v1/url), update (PUT /v1/url) and delete
// (DELETE /v1/url), each a value made once from its credentials; a batch line names its link in "url".
import BNCCore

/// Makes POST /v1/url requests; the answer is the short link.
public struct LinkCreateBuilder: RequestBuilder {
    public static let tables = [LinkFields.link, LinkFields.data]
    let key: BranchKey
    let baseURL: String?

    public init(key: BranchKey, baseURL: String?) {
        self.key = key
        self.baseURL = baseURL
    }

    public func request(_ body: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        try LinkRequest.create(body, key: key, baseURL: baseURL, warnings: warnings)
    }

    public func answer(_ response: HTTPResponse, redactor: Redactor) throws(BNCError) -> String {
        try LinkAnswers.url(response, redactor: redactor)
    }
}

/// Makes PUT /v1/url requests for one link (`url`), or for each batch line's `"url"`.
public struct LinkUpdateBuilder: JSONAnswering {
    public static let tables = [LinkFields.link, LinkFields.data]
    let key: BranchKey
    let secret: Secret
    let baseURL: String?
    let url: String?

    public init(key: BranchKey, secret: Secret, baseURL: String?, url: String? = nil) {
        self.key = key
        self.secret = secret
        self.baseURL = baseURL
        self.url = url
    }

    public func request(_ body: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        guard let url else { throw BNCError.usage("URL", "is required: the link to update") }
        return try LinkRequest.update(url: url, body: body, key: key, secret: secret, baseURL: baseURL, warnings: warnings)
    }

    public func request(line: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        let (url, body) = try LinkRequest.splitURL(line)
        return try LinkRequest.update(url: url, body: body, key: key, secret: secret, baseURL: baseURL, warnings: warnings)
    }
}

/// Makes DELETE /v1/url requests (the App's access token and id) for a body's or a line's `"url"`.
public struct LinkDeleteBuilder: JSONAnswering {
    public static let tables: [FieldTable] = []
    let accessToken: Secret
    let appID: String
    let baseURL: String?

    public init(accessToken: Secret, appID: String, baseURL: String?) {
        self.accessToken = accessToken
        self.appID = appID
        self.baseURL = baseURL
    }

    public func request(_ body: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        try LinkRequest.delete(url: try LinkRequest.splitURL(body).url, accessToken: accessToken, appID: appID, baseURL: baseURL)
    }
}
