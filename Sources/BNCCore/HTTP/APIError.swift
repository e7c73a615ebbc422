// Turns an HTTP error answer into one readable line, whatever shape the service used for it.

extension HTTPResponse {
    /// The server's own words for an error, from any of the envelopes Branch and Apple use:
    /// `{"error":{"code":429,"message":"…"}}`, field-level `{"error":{"user_data":"missing required field"}}`,
    /// `{"error":"…"}`, `{"message":"…"}`, or a non-JSON page (an outage page from a CDN).
    public var errorDetail: String {
        let text = bodyText
        if text.trimmingWhitespace().isEmpty { return "empty body" }
        guard let json else {
            // A signed download URL refused by S3: <Error><Code>AccessDenied</Code><Message>…</Message></Error>.
            if let code = Self.xmlElement("Code", in: text), text.contains("<Error>") {
                let message = Self.xmlElement("Message", in: text).map { ": \($0)" } ?? ""
                return "the file store answered \(code)\(message) (a signed URL that expired or was altered: ask for the export again)"
            }
            if text.lowercased().contains("<html") || text.lowercased().contains("<!doctype html") || headers["Content-Type"]?.lowercased().contains("html") == true {
                let title = Self.htmlTitle(text).map { ": \($0)" } ?? ""
                return "an HTML page instead of JSON (an outage or proxy page?)\(title)"
            }
            return "a non-JSON body: " + Self.oneLine(text, limit: 160)
        }
        // The Data APIs' shape: {"errors":[{"message":"Limit is exceeded for org-…","error_code":7}]}, one entry a
        // refused field ("request_id field is not available for exports"): every message, in order.
        if case .array(let errors)? = json["errors"] {
            let messages = errors.compactMap { $0["message"]?.stringValue }
            if !messages.isEmpty { return Self.oneLine(messages.joined(separator: "; "), limit: 1000) }
        }
        switch json["error"] {
        case .string(let s)?: return Self.oneLine(s, limit: 1000)
        case .object(let o)?:
            if case .string(let m)? = o["message"] { return Self.oneLine(m, limit: 1000) }
            // Field-level validation: {"error":{"field":"rule", "instrumentation":{}}}
            let parts = o.compactMap { k, v -> String? in
                guard case .string(let s) = v else { return nil }
                return "\(k): \(s)"
            }
            if !parts.isEmpty { return Self.oneLine(parts.joined(separator: "; "), limit: 1000) }
            return Self.oneLine(json.serialized(), limit: 200)
        default:
            if case .string(let m)? = json["message"] { return Self.oneLine(m, limit: 1000) }
            return Self.oneLine(json.serialized(), limit: 200)
        }
    }

    /// The typed error for a non-2xx answer, carrying the status (which decides the exit code) and request id.
    /// The server's words pass through the redactor: a service may echo a secret back in an error.
    public func httpError(redactor: Redactor, context: String? = nil) -> BNCError {
        let prefix = context.map { "\($0): " } ?? ""
        return BNCError(.http(status: status), redactor.redact("\(prefix)HTTP \(status): \(errorDetail)"), requestID: requestID)
    }

    /// One line of at most `limit` characters; a longer one is cut and says by how much (a message is never cut
    /// short silently: the reader knows there was more, and -v shows the whole answer).
    static func oneLine(_ s: String, limit: Int) -> String {
        let flat = s.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }.joined(separator: " ")
        guard flat.count > limit else { return flat }
        // Not inside a secret's word: its head would pass the redactor, which masks secrets whole (QA round 30a).
        let end = MessageBound.tokenStart(flat.unicodeScalars, before: flat.index(flat.startIndex, offsetBy: limit))
        let kept = flat[..<end]
        return String(kept) + "… (\(flat.count - kept.count) more characters; -v shows the whole answer)"
    }

    /// The text of the first `<name>…</name>` in an XML body, if any (at most 200 characters).
    static func xmlElement(_ name: String, in text: String) -> String? {
        guard let o = text.firstRange(of: "<\(name)>"), let c = text[o.upperBound...].firstRange(of: "</\(name)>") else { return nil }
        let value = oneLine(String(text[o.upperBound..<c.lowerBound]), limit: 200)
        return value.isEmpty ? nil : value
    }

    /// The text of the page's <title> (or first <h1>), which usually names the outage.
    static func htmlTitle(_ html: String) -> String? {
        for (open, close) in [("<title>", "</title>"), ("<TITLE>", "</TITLE>"), ("<h1>", "</h1>"), ("<H1>", "</H1>")] {
            if let o = html.firstRange(of: open), let c = html[o.upperBound...].firstRange(of: close) {
                let title = oneLine(String(html[o.upperBound..<c.lowerBound]), limit: 120)
                if !title.isEmpty { return title }
            }
        }
        return nil
    }
}

extension HTTPResponse {
    /// A 2xx whose body is not the JSON the API answers: a captive portal, a proxy's page (exit 76).
    public func notJSONError() -> BNCError {
        // What opens as JSON and breaks its rules (a member twice, an unclosed object) is no proxy's page: say how.
        if let first = body.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            do { _ = try JSON.parse(bytes: body) } catch {
                return BNCError(.malformedResponse, "answered HTTP \(status) with JSON that could not be read: \(error.description)", requestID: requestID)
            }
        }
        let what = headers["Content-Type"].map { " (\($0))" } ?? ""
        return BNCError(.malformedResponse, "answered HTTP \(status) with something that is not JSON\(what): a proxy or captive portal may be in the way",
                        requestID: requestID)
    }
}
