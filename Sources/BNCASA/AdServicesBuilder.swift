// bnc-asa's lookups in the suite's one builder shape: a body (or batch line) names the token, the request is the
// token as the raw body of POST /api/v1/, the answer is the attribution record.
import BNCCore

/// Makes AdServices lookups for a body's `"token"`; the answer is the attribution record.
public struct AdServicesBuilder: RequestBuilder {
    public static let tables: [FieldTable] = []
    let baseURL: String?

    public init(baseURL: String?) { self.baseURL = baseURL }

    public func request(_ body: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        guard let value = body["token"] else { throw BNCError.invalid("token", "is required on every line") }
        guard let raw = value.stringValue else { throw BNCError.invalid("token", "must be a string (got \(value.typeName))") }
        // A line is {"token": ...} and nothing else: another member is a misspelling or a mistake, never sent.
        if let other = body.keys.first(where: { $0 != "token" }) {
            warnings.add("\(other) is not a lookup field; not sent (a line is {\"token\": \"...\"})")
        }
        return AdServices.lookup(try AdServices.token(raw), baseURL: baseURL)
    }

    public func answer(_ response: HTTPResponse, redactor: Redactor) throws(BNCError) -> AttributionRecord {
        try AdServices.record(response, redactor: redactor)
    }
}
