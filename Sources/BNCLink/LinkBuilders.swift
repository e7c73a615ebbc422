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

    /// A batch line is `{"url": ...}`: an app or credentials of its own are refused (the run's were used in their
    /// place, and the link deleted), any other member is a warning (--strict: the line fails, nothing deleted).
    public func request(_ body: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        let (url, rest) = try LinkRequest.splitURL(body)
        for (name, value) in rest {
            switch name {
            case "app_id":
                let given = value.stringValue ?? value.numberValue?.literal
                guard given == appID else {
                    throw BNCError.invalid("app_id", "is not this run's app (\(appID)): a line deletes from the run's app; run one batch per app")
                }
            case "access_token", "branch_key", "branch_secret":
                throw BNCError.invalid(name, "must not be on a line: the run's access token comes from --access-token-file, BRANCH_ACCESS_TOKEN or the profile")
            default:
                warnings.add("\(name) is not a field of a delete line (only url, and app_id when it is the run's): ignored")
            }
        }
        return try LinkRequest.delete(url: url, accessToken: accessToken, appID: appID, baseURL: baseURL)
    }
}

/// A QR code as the QR Code API answered it.
public struct QRImage: Sendable {
    public let format: ImageFormat
    public let bytes: [UInt8]
}

/// Makes POST /v2/qr-code requests; the answer is the image. `settings` (the flags') apply under a line's own
/// qr_code_settings.
public struct QRCodeBuilder: RequestBuilder {
    public static let tables = [LinkFields.link, LinkFields.data, LinkFields.qr]
    let key: BranchKey
    let baseURL: String?
    let settings: JSONObject

    public init(key: BranchKey, baseURL: String?, settings: JSONObject = [:]) {
        self.key = key
        self.baseURL = baseURL
        self.settings = settings
    }

    public func request(_ body: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        var b = body
        if !settings.isEmpty {
            var merged = settings
            if case .object(let own)? = body["qr_code_settings"] { merged.overlay(own) }
            b["qr_code_settings"] = .object(merged)
        }
        return try LinkRequest.qrCode(b, key: key, baseURL: baseURL, warnings: warnings)
    }

    /// A 2xx answer must be a whole PNG, JPEG or SVG image (its signature, whatever the Content-Type says, and its
    /// structure: `ImageAnswer`).
    public func answer(_ response: HTTPResponse, redactor: Redactor) throws(BNCError) -> QRImage {
        guard response.isSuccess else { throw response.httpError(redactor: redactor) }
        guard let format = ImageFormat(signature: response.body) else {
            let what = response.headers["Content-Type"].map { " (\($0))" } ?? ""
            throw BNCError(.malformedResponse, "answered HTTP \(response.status) with something that is not a PNG, JPEG or SVG image\(what)",
                           requestID: response.requestID)
        }
        if let problem = ImageAnswer.problem(response.body, format) {
            throw BNCError(.malformedResponse, "answered HTTP \(response.status) with \(problem); nothing was written", requestID: response.requestID)
        }
        return QRImage(format: format, bytes: response.body)
    }
}
