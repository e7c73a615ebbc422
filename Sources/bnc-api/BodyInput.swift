// bnc-api's single request: a --body JSON file read as one batch line is, its "ip" member the request's IP override.
import BNCCommandSupport
import BNCCore

enum BodyInput {
    /// Reads `--body FILE` into the request and builds it. An object is one line: its "ip" member, taken out of the
    /// body, is the request's X-IP-Override, checked as a batch line's (it was sent as a body member, unchecked: QA
    /// round 28a). The warnings (a private address in the body's "ip" or an -H X-IP-Override) pass `--strict` as a
    /// line's do. Returns the request and where its IP override came from (for --explain).
    static func request(_ request: inout APIRequest, body file: String?, tool: ToolRun) throws(BNCError) -> (HTTPRequest, String?) {
        let warnings = Warnings()
        var (ip, origin) = (tool.ip, tool.ip.map { _ in "--ip" })
        if let file {
            let given = try tool.readJSON(file, what: "--body")
            if case .object(let o) = given, o["ip"] != nil {
                let (rest, lineIP) = try Branch.splitLineIP(o, fallback: tool.ip, warnings: warnings)
                (request.body, ip, origin) = (.object(rest), lineIP, "--body's \"ip\"")
            } else {
                request.body = given
            }
        }
        let built = try request.build(settings: tool.settings, ip: ip, warnings: warnings)
        try tool.admit(warnings)
        return (built, origin)
    }
}
