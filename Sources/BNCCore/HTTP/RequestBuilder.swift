// The one shape of every API module's requests: a builder is a value made once from the credentials, the base
// URL and the tool's options; it makes the request for a body — a single request's and each batch line's alike,
// through the same checks — and reads the answer. The command shape wires any builder to --dry-run, --curl, a
// single send and --batch once (BNCCommandSupport's ToolRun.exchange and runBatch), so a new API is a field
// table plus a builder.

/// One API's requests and answers, built from a body.
public protocol RequestBuilder: Sendable {
    /// What a successful answer is read as.
    associatedtype Answer

    /// The tables a body is checked against: `--help`, the Redactor's secret names and docs read them.
    static var tables: [FieldTable] { get }

    /// The request for one body (checked; warnings added for what is sent with a caveat or left out).
    func request(_ body: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest

    /// The request for one batch line: the API's body in the same shape, plus what a line may carry besides
    /// (an `"ip"` for the IP override, a link's `"url"`). By default the line is the body.
    func request(line: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest

    /// A 2xx answer read as the API's value; any other answer is its typed error (the exit status follows it).
    func answer(_ response: HTTPResponse, redactor: Redactor) throws(BNCError) -> Answer

    /// A batch line's 2xx answer, held to `answer`'s checks (a batch line and a single request pass the same
    /// ones: a create answer whose `url` is no link was `ok` in a batch, QA round 29a), printed as its JSON.
    func batchAnswer(_ response: HTTPResponse, redactor: Redactor) throws(BNCError) -> JSON
}

extension RequestBuilder {
    public func request(line: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        try request(line, warnings: warnings)
    }

    public func batchAnswer(_ response: HTTPResponse, redactor: Redactor) throws(BNCError) -> JSON {
        _ = try answer(response, redactor: redactor)
        guard let json = response.json else { throw response.notJSONError() }
        return json
    }
}

/// An answer read as its JSON: what most of Branch's APIs return.
public protocol JSONAnswering: RequestBuilder where Answer == JSON {}

extension JSONAnswering {
    public func answer(_ response: HTTPResponse, redactor: Redactor) throws(BNCError) -> JSON {
        guard response.isSuccess else { throw response.httpError(redactor: redactor) }
        guard let json = response.json else { throw response.notJSONError() }
        return json
    }

    /// The answer is its JSON: read once.
    public func batchAnswer(_ response: HTTPResponse, redactor: Redactor) throws(BNCError) -> JSON {
        try answer(response, redactor: redactor)
    }
}
