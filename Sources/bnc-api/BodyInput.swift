// bnc-api --body: a JSON file read as one batch line is, its "ip" member the request's IP override.
import BNCCommandSupport
import BNCCore

enum BodyInput {
    /// Reads `--body FILE` into the request. An object is one line: its "ip" member, taken out of the body, is the
    /// request's X-IP-Override, checked as a batch line's (it was sent as a body member, unchecked: QA round 28a).
    /// Returns the IP override and where it came from (for --explain).
    static func read(_ file: String?, into request: inout APIRequest, tool: ToolRun) throws(BNCError) -> (IPAddress?, String?) {
        // An X-IP-Override given with -H draws --ip's warning for a private or reserved address (QA round 28a); its
        // check (64) is the request's build.
        for h in request.headers {
            guard let colon = h.firstIndex(of: ":"), String(h[..<colon]).trimmingWhitespace().lowercased() == "x-ip-override",
                  let warning = (try? IPAddress(String(h[h.index(after: colon)...]).trimmingWhitespace()))?.warning else { continue }
            tool.diagnostics.warning("--header X-IP-Override " + warning)
        }
        let fromFlag = tool.ip.map { _ in "--ip" }
        guard let file else { return (tool.ip, fromFlag) }
        let given = try tool.readJSON(file, what: "--body")
        guard case .object(let o) = given, o["ip"] != nil else {
            request.body = given
            return (tool.ip, fromFlag)
        }
        let warnings = Warnings()
        let (rest, ip) = try Branch.splitLineIP(o, fallback: tool.ip, warnings: warnings)
        for w in warnings.messages { tool.diagnostics.warning(w) }
        request.body = .object(rest)
        return (ip, "--body's \"ip\"")
    }
}
