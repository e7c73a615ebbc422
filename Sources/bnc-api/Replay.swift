// bnc-api --replay FILE: a recording's requests (HAR, as --record writes it or a browser exports it) sent again
// with the current credentials and base URL — a customer's failing request reproduced against the sandbox. A
// redacted credential is filled from the settings; anything else redacted is refused, not sent as "<redacted>".
import BNCCommandSupport
import BNCCore
import BNCSuite

enum HARReplay {
    /// Entries a recording may hold (a recording keeps at most --record-limit plus its failures).
    static let maxEntries = 100_000
    /// Headers libcurl or the transport sets itself (the framing headers -H refuses, `Upgrade` and `TE` among
    /// them), left out of a replay as a browser's or HTTP/2 recording carries them.
    static let transportHeaders: Set<String> = APIRequest.framingHeaders.union(["user-agent", "accept-encoding"])

    static func run(_ tool: ToolRun, path: String) throws(BNCError) -> ExitStatus {
        let har = try tool.readJSON(path, what: "--replay", limit: 64 << 20)
        guard let entries = har["log"]?["entries"]?.arrayValue else {
            throw BNCError(.invalidData, "--replay: \(path) is not a HAR recording (it has no log.entries)")
        }
        guard entries.count <= maxEntries else {
            throw BNCError(.invalidData, "--replay: \(path) has \(entries.count) entries; at most \(maxEntries)")
        }
        // Every entry is checked before the first is sent: a recording that cannot be replayed sends nothing.
        let requests = try entries.enumerated().map { i, e throws(BNCError) in try request(e, number: i + 1, settings: tool.settings) }
        var rows: [JSON] = []
        var failed = 0
        for (i, (request, recorded)) in requests.enumerated() {
            if try tool.render(request) { continue }
            var row: JSONObject = ["entry": .int(i + 1), "method": .string(request.method), "url": .string(tool.redactor.redact(request.url))]
            row["recorded_status"] = recorded.map(JSON.int) ?? .null
            do {
                let response = try tool.send(request)
                row["status"] = .int(response.status)
                row["ok"] = .bool(response.isSuccess)
                if !response.isSuccess { failed += 1; row["error"] = .string(tool.redactor.redact(response.errorDetail)) }
            } catch {
                failed += 1
                row["ok"] = false
                row["error"] = .string(error.message)
            }
            rows.append(.object(row))
        }
        if tool.output.dryRun || tool.output.curl { return .success }
        try tool.context.emit(rows: rows, format: tool.format, columns: ["ENTRY", "METHOD", "URL", "RECORDED", "STATUS"]) { r in
            ["entry", "method", "url", "recorded_status", "status"].map { r[$0]?.plainText ?? "" }
        }
        tool.diagnostics.note("\(Counting.of(rows.count, "request")) replayed, \(rows.count - failed) ok, \(failed) failed")
        return failed > 0 ? .partialFailure : .success
    }

    /// One entry's request, on the current base URL and with the current credentials; and the status recorded.
    static func request(_ entry: JSON, number: Int, settings: Settings) throws(BNCError) -> (HTTPRequest, Int?) {
        let where_ = "--replay: entry \(number)"
        guard let method = entry["request"]?["method"]?.stringValue?.uppercased(), APIRequest.methods.contains(method),
              let recordedURL = entry["request"]?["url"]?.stringValue else {
            throw BNCError(.invalidData, "\(where_) has no request with a method (\(APIRequest.methods.sorted().joined(separator: ", "))) and a URL")
        }
        // Always on the current base URL (Branch's when none is set): the recording's own host never receives
        // the credentials filled in below (a HAR naming http://elsewhere collected the secret and the token).
        var url = try rebase(recordedURL, on: settings.apiURL ?? Branch.defaultBaseURL, where: where_)
        // The path passes the rules a typed one does: no dot segments (libcurl collapses them out of the base URL's
        // prefix), no escaped control characters.
        if let scheme = url.firstRange(of: "://") {
            let rest = url[scheme.upperBound...]
            let path = rest.firstIndex(of: "/").map { String(rest[$0...].prefix { $0 != "?" && $0 != "#" }) } ?? "/"
            try APIRequest.checkSegments(path) { rule in BNCError(.invalidData, "\(where_): its URL's path \(rule)") }
        }
        if let bad = FieldSpec.forbiddenCharacter(in: url, multiline: false) {
            throw BNCError(.invalidData, "\(where_): its URL must not contain \(bad)")
        }
        // Nor any byte libcurl refuses at send time (a control character, a space): found here, before the first
        // entry is sent, not after the earlier ones were.
        if let bad = TerminalText.firstControl(in: url) ?? (url.contains(" ") ? "a space" : nil) {
            throw BNCError(.invalidData, "\(where_): its URL must not contain \(bad)")
        }
        url = try APIRequest.refillCredentials(inQueryOf: url, settings: settings)
        guard !url.contains(Redactor.placeholder) && !url.contains("%3Credacted%3E") else {
            throw BNCError(.invalidData, "\(where_): its URL holds a redacted value bnc cannot fill", hint: "record it again with --show-secrets, or edit the file")
        }
        var headers = HTTPHeaders()
        for pair in entry["request"]?["headers"]?.arrayValue ?? [] {
            guard let name = pair["name"]?.stringValue, var value = pair["value"]?.stringValue else { continue }
            let lower = name.lowercased()
            if name.hasPrefix(":") || transportHeaders.contains(lower) { continue }
            // A recorded header is sent as -H sends one: on one line (CR or LF would inject another header; NUL
            // would end it early).
            try APIRequest.checkHeader(name: name, value: value, field: "header") { rule in BNCError(.invalidData, "\(where_): header \(rule)") }
            if value == Redactor.placeholder {
                guard lower == "access-token", let token = settings.accessToken else {
                    throw BNCError(.invalidData, "\(where_): header \(name) was redacted in the recording and bnc has no value for it",
                                   hint: lower == "access-token" ? "set BRANCH_ACCESS_TOKEN or --access-token-file" : "record it again with --show-secrets")
                }
                value = token.exposed
            }
            // Part of a value redacted (`Bearer <redacted>`, `Cookie: sess=<redacted>`) was sent as it stood.
            if value.contains(Redactor.placeholder) {
                throw BNCError(.invalidData, "\(where_): header \(name) holds a value redacted in the recording, which bnc cannot fill",
                               hint: "record it again with --show-secrets, or edit the file")
            }
            if lower == "x-ip-override" { value = try checkedIP(value, field: "header X-IP-Override", where: where_) }
            headers[name] = value
        }
        var body: HTTPBody?
        if let text = entry["request"]?["postData"]?["text"]?.stringValue {
            let mime = entry["request"]?["postData"]?["mimeType"]?.stringValue ?? ""
            // Sent as the Content-Type header: the rule of a header typed with -H (a CR/LF would inject another).
            try APIRequest.checkHeader(name: "Content-Type", value: mime, field: "postData.mimeType") { rule in
                BNCError(.invalidData, "\(where_): postData.mimeType \(rule)")
            }
            var json: JSON?  // (not `? parsed : nil`: JSON takes nil as its null, which is no object)
            if mime.contains("json") { json = try JSON.parseInput(Array(text.utf8), what: "\(where_)'s body") }
            // A JSON body is an object, as --body's is (an array went out as text).
            if let json, json.objectValue == nil {
                throw BNCError(.invalidData, "\(where_): its JSON body must be an object (got \(json.typeName)), as a typed --body's is")
            }
            if case .object(var object)? = json {
                try APIRequest.refillCredentials(&object, settings: settings)
                try takeIP(&object, into: &headers, where: where_)
                // The body passes --body's rule: a replayed entry is sent only as a typed one would be.
                do { try APIRequest.checkBody(.object(object)) } catch {
                    throw BNCError(.invalidData, "\(where_): body \(error.message)")
                }
                if let field = redactedField(.object(object)) {
                    throw BNCError(.invalidData, "\(where_): body field \(field) was redacted in the recording and is not a credential bnc fills",
                                   hint: "record it again with --show-secrets, or edit the file")
                }
                body = .json(.object(object))
            } else if text == Redactor.placeholder {
                throw BNCError(.invalidData, "\(where_): its body (a token) was redacted in the recording", hint: "record it again with --show-secrets")
            } else {
                // A form's credentials are filled as a query's are; any other redacted part is refused (a form's
                // `branch_secret=<redacted>`, JSON sent as text/plain, went as they stood).
                let form = mime.lowercased().hasPrefix("application/x-www-form-urlencoded")
                let filled = form ? String(try APIRequest.refillCredentials(inQueryOf: "?" + text, settings: settings).dropFirst()) : text
                if filled.contains(Redactor.placeholder) || filled.lowercased().contains("%3credacted%3e") {
                    throw BNCError(.invalidData, "\(where_): its body holds a value redacted in the recording, which bnc cannot fill",
                                   hint: "record it again with --show-secrets, or edit the file")
                }
                if let bad = FieldSpec.forbiddenCharacter(in: filled, multiline: true) {
                    throw BNCError(.invalidData, "\(where_): its body must not contain \(bad)")
                }
                body = .text(filled)
            }
            // A JSON body carries its own type; any other keeps the recorded one (a form went as text/plain).
            headers["Content-Type"] = body.map { if case .json = $0 { return nil } else { return mime.isEmpty ? nil : mime } } ?? nil
        }
        return (HTTPRequest(method: method, url: url, headers: headers, body: body), entry["response"]?["status"]?.numberValue?.int64.map { Int($0) })
    }
}
