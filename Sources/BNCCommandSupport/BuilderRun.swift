// Any API module's builder wired to the command shape once: a single body is checked, its warnings admitted
// (refused with --strict), printed for --dry-run or --curl, else sent and its answer read; a batch runs every
// line through the same builder.
import BNCCore

extension ToolRun {
    /// The request for one body, its warnings admitted (with --strict, a warning refuses it: nothing is sent).
    /// - Parameter warnings: what the caller already found about this body (a `--body` file's own IP).
    public func request<B: RequestBuilder>(_ builder: B, _ body: JSONObject, warnings: Warnings = Warnings()) throws(BNCError) -> HTTPRequest {
        let request = try builder.request(body, warnings: warnings)
        try admit(warnings)
        return request
    }

    /// One body's whole exchange: nil when `--dry-run` or `--curl` printed the request instead of sending it,
    /// else the answer the builder reads from the response.
    public func exchange<B: RequestBuilder>(_ builder: B, _ body: JSONObject, retry: RetryPolicy? = nil,
                                            warnings: Warnings = Warnings()) throws(BNCError) -> B.Answer? {
        let request = try request(builder, body, warnings: warnings)
        if try render(request) { return nil }
        return try builder.answer(try send(request, retry: retry), redactor: redactor)
    }

    /// The batch of `--batch` (or `input`), each line made a request by the builder (the same checks as a
    /// single body; a line's warnings fail it with --strict), each answer read by the builder's checks too.
    public func runBatch<B: RequestBuilder>(_ builder: B, input: String? = nil, retry: RetryPolicy? = nil,
                                            defaultRate: Double? = nil) throws(BNCError) -> ExitStatus {
        let redactor = self.redactor
        return try runBatch(input: input, retry: retry, defaultRate: defaultRate,
                            answer: { _, response in try builder.batchAnswer(response, redactor: redactor) }) { _, line, warnings throws(BNCError) in
            try builder.request(line: line, warnings: warnings)
        }
    }
}
