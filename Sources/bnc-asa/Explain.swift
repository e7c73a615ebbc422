// bnc-asa lookup --explain: the token's origin and what was done to it, and the headers, on stderr.
import BNCCore

enum LookupExplanation {
    static func lines(_ request: HTTPRequest, raw: String, token: String, origin: String, redactor: Redactor, userAgent: String) -> [String] {
        let rule = raw == token ? nil : "white space removed (a paste's, a file's last newline)"
        // Apple takes the token as the whole text/plain body, not a JSON member.
        return ["body = \(redactor.redact(JSON.string(token)).serialized()) ← \(origin)" + (rule.map { "; \($0)" } ?? "")]
            + Explanation.headers(request, tool: "bnc-asa", userAgent: userAgent, redactor: redactor) { _ in "fixed for Apple's AdServices API" }
    }
}
