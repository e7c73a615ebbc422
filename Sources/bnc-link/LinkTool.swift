// What several bnc-link subcommands share: reading a link before changing it, and explaining an alias conflict
// by reading the link that holds the alias.
import BNCCommandSupport
import BNCCore
import BNCLink

enum LinkTool {
    /// GET /v1/url of a link: its current object.
    static func current(_ url: String, key: BranchKey, tool: ToolRun) throws(BNCError) -> JSON {
        let (_, json) = try tool.deliver(try LinkRequest.read(url: url, key: key, baseURL: tool.settings.apiURL))
        return json
    }

    /// The conflict error, with what differs from the link that holds the alias when it can be read.
    static func explainConflict(_ response: HTTPResponse, body: JSONObject, key: BranchKey, tool: ToolRun) -> BNCError {
        var error = LinkAnswers.error(response, redactor: tool.redactor)
        let message = response.json?["error"]?["message"]?.stringValue ?? ""
        guard let alias = body["alias"]?.stringValue, let r = message.firstRange(of: "Link alias conflict: ") else { return error }
        // The message names the link (`host/alias`); its scheme follows the API's (the sandbox answers over http).
        let scheme = (tool.settings.apiURL ?? Branch.defaultBaseURL).hasPrefix("http://") ? "http://" : "https://"
        let url = scheme + message[r.upperBound...]
        if let existing = try? current(url, key: key, tool: tool) {
            let diff = LinkAnswers.differences(existing: existing, wanted: body)
            if !diff.isEmpty {
                error = BNCError(error.kind, "alias \(alias) is taken by a link with other parameters: it differs in \(diff.joined(separator: ", "))",
                                 field: "alias", requestID: error.requestID, hint: error.hint)
            }
        }
        return error
    }
}
