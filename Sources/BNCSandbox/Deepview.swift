// GET /v1/deepview: the Web SDK's branch.deepview() (src/6_branch.js), a JSONP request (src/3_api.js
// jsonpRequest): its parameters' JSON as Base64 in `data` when the API host is branch.io's, in `post_data`
// otherwise (as against this sandbox), and `callback`. Branch answers a script that hands the page a function,
// which the SDK keeps as its deepviewCta; here that function takes the browser to a link of the deep-link data —
// the link the page was opened from when link_click_id names a click the sandbox served, else a new one — whose
// click the sandbox then answers as any other.
import BNCCore

extension Sandbox {
    func deepview(_ r: SandboxRequest) throws -> SandboxResponse {
        guard let callback = r.queryValue("callback") else { throw Rejection("callback is required: /v1/deepview answers JSONP") }
        guard Self.isCallbackName(callback) else { throw Rejection("callback must be a JavaScript function name") }
        guard let encoded = r.queryValue("post_data") ?? r.queryValue("data") else {
            throw Rejection("post_data (or data) is required: the parameters' JSON as Base64")
        }
        guard encoded.utf8.count <= 1 << 20, let bytes = Base64.decode(encoded) else { throw Rejection("post_data must be Base64") }
        // The sandbox's own JSON decoder: the oracle shares no parser with the clients it judges.
        let parsed: JSON
        do { parsed = try SandboxJSON.decode(bytes) } catch { throw Rejection("post_data is not Base64 of JSON: \(error.description)") }
        guard case .object(let body) = parsed else { throw Rejection("post_data must be Base64 of a JSON object, got \(parsed.typeName)") }
        let key = try checkKey(body["branch_key"], appID: body["app_id"])
        for field in ["data", "deepview_type", "source"] where body[field]?.stringValue == nil {
            throw Rejection("\(field) is required (a string)")
        }
        guard ["deepview", "banner"].contains(body["deepview_type"]?.stringValue ?? "") else {
            throw Rejection("deepview_type must be deepview or banner")
        }
        var url: String?
        // link_click_id: the referring link's code and query as the SDK cuts them from the URL
        // (utils.getClickIdAndSearchStringFromLink), or a click id.
        if let given = body["link_click_id"]?.stringValue {
            let code = String(given.prefix { $0 != "?" && $0 != "#" })
            if let link = store.links[code] ?? store.clicks[given].flatMap({ store.links[$0.code] }), link.branchKey == key { url = link.url }
        }
        if url == nil {
            // The link parameters only: the rest (open_app, deepview_type, _t, ...) says how to show it.
            let params = JSONObject(body.filter { Self.linkParams.contains($0.0) && $0.0 != "alias" && $0.0 != "type" })
            url = try makeLink(params, key: key).url
        }
        bump("deepviews")
        // A JSON string is a JavaScript string literal but for U+2028 and U+2029, escaped here.
        let target = String(decoding: SandboxJSON.encode(.string(url ?? "")), as: UTF8.self)
            .replacing("\u{2028}", with: "\\u2028").replacing("\u{2029}", with: "\\u2029")
        return SandboxResponse(status: 200, headers: [("Content-Type", "application/javascript")],
                               body: Array("\(callback)(function() { window.top.location = \(target); });\n".utf8))
    }
}
