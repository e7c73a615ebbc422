// --dry-run and --curl: a request shown instead of sent, secrets redacted unless --show-secrets.
import BNCSuite

extension HTTPRequest {
    /// `{"method", "url", "headers": {...}, "body": ...}`; a JSON body stays JSON, a text body is a string.
    public func dryRunJSON(redactor: Redactor, userAgent: String? = nil) -> JSON {
        let r = redactor.redact(self)
        var headers = JSONObject()
        if let userAgent, r.headers["User-Agent"] == nil { headers["User-Agent"] = .string(userAgent) }
        for (name, value) in r.headers { headers[name] = .string(value) }
        var out: JSONObject = ["method": .string(r.method), "url": .string(r.url), "headers": .object(headers)]
        switch r.body {
        case .json(let j)?: out["body"] = j
        case .text(let t)?: out["body"] = .string(t)
        case nil: out["body"] = .null
        }
        return .object(out)
    }

    /// An equivalent curl command line, shell-quoted, that sends the same method, URL, headers and body.
    /// - Parameter userAgent: the User-Agent bnc itself sends, so curl's request matches ours exactly.
    public func curlCommand(redactor: Redactor, userAgent: String? = nil, options: TransportOptions? = nil) -> String {
        let r = redactor.redact(self)
        // Quiet but for errors, and an HTTP error is a failure that still shows its body (curl 7.76+).
        var words = ["curl", "-sS", "--fail-with-body"]
        if let options {
            if options.insecure { words.append("--insecure") }
            if let ca = options.caCertFile { words += ["--cacert", ShellQuote.quote(ca)] }
            words += ["--connect-timeout", TransportOptions.format(options.connectTimeout)]
            words += ["--max-time", TransportOptions.format(options.maxTime)]
        }
        words += ["--request", ShellQuote.quote(r.method), ShellQuote.quote(r.url)]
        if let userAgent, r.headers["User-Agent"] == nil {
            words += ["--header", ShellQuote.quote("User-Agent: \(userAgent)")]
        }
        for (name, value) in r.headers {
            words += ["--header", ShellQuote.quote("\(name): \(value)")]
        }
        if let body = r.body {
            // The body exactly as bnc sends it: compact JSON or the raw text, never re-encoded by curl.
            words += ["--data-binary", ShellQuote.quote(String(decoding: body.bytes, as: UTF8.self))]
            // curl adds "Expect: 100-continue" to large bodies; bnc never does.
            words += ["--header", ShellQuote.quote("Expect:")]
        }
        return words.joined(separator: " ")
    }
}
