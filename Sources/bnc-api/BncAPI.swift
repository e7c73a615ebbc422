// bnc-api: any Branch endpoint by method and path, with the suite's credentials, IP override, retries and
// renderings (like `gh api`). The escape hatch for endpoints the dedicated tools do not cover. Flags -> Core's
// APIRequest (where credentials go) -> sent -> printed.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCEvent
import BNCOpen
import BNCSuite

struct BncAPI: BNCRootCommand, SendingCommand {
    static let toolName = "bnc-api"
    static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: ToolCatalog.api.abstract + ".",
        discussion: """
            The path is appended to the base URL (--api-url, BNC_API_URL, the profile's api_url, else \
            \(Branch.defaultBaseURL)). The Branch key is added as branch_key to the JSON body of POST, PUT and \
            PATCH requests, to the query of the others. --with-secret adds branch_secret to the body and \
            --with-access-token sends the Access-Token header; both are redacted in every rendering.

            EXAMPLES:
              bnc-api --sandbox POST /v1/open --body open.json --ip 8.8.4.4 --with-secret
              bnc-api GET /v1/url -q url=https://example.app.link/abc --output table
              bnc-api POST /v1/url -f channel=email -f 'data:={"$deeplink_path":"item/42"}' --curl
              bnc-api POST /v2/event/custom --batch events.ndjson --concurrency 16 --rate 200 > results.ndjson
              bnc-api --sandbox --replay customer.har --with-secret
            """,
        version: BNCVersion.string)

    @Argument(help: ArgumentHelp("HTTP method: GET, POST, PUT, PATCH, DELETE or HEAD.", valueName: "method"),
              completion: .list(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]))
    var method: String?

    @Argument(help: ArgumentHelp("Path under the base URL, starting with /, e.g. /v1/open.", valueName: "path"))
    var path: String?

    @Option(name: .customLong("replay"), help: ArgumentHelp(
        "Send a recording's requests again (HAR: --record's, or a browser's), in order, on the current base URL with the current credentials: a redacted key, secret or access token is filled in, anything else redacted is refused.",
        valueName: "FILE"), completion: .file(extensions: ["har"]))
    var replay: String?

    @Option(name: .customLong("body"), help: ArgumentHelp("JSON body from a file; - reads stdin. Its \"ip\" is the IP override, as a batch line's.", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var body: String?

    @Option(name: [.customShort("f"), .customLong("field")], help: ArgumentHelp(
        "Body field: KEY=VALUE sets a string, KEY:=JSON a typed value, null included: sent as given, where the other tools take KEY:=null to remove a field (repeatable; applied over --body).", valueName: "KEY=VALUE"))
    var fields: [String] = []

    @Option(name: [.customShort("q"), .customLong("query")], help: ArgumentHelp("Query parameter KEY=VALUE (repeatable).", valueName: "KEY=VALUE"))
    var query: [String] = []

    @Option(name: [.customShort("H"), .customLong("header")], help: ArgumentHelp("Extra header 'Name: value' (repeatable).", valueName: "HEADER"))
    var headers: [String] = []

    @Flag(name: .customLong("no-key"), help: "Do not add the Branch key.")
    var noKey = false

    @Flag(name: .customLong("with-secret"), help: "Add branch_secret to the JSON body.")
    var withSecret = false

    @Flag(name: .customLong("with-access-token"), help: "Send the API access token as the Access-Token header.")
    var withAccessToken = false

    @Flag(name: .customLong("raw"), help: "The answer need not be JSON: print it as it is (a link's page; an image, byte for byte, to a file or pipe). Without it a 2xx that is not JSON is exit 76.")
    var raw = false

    @Flag(name: .customLong("explain"), help: "On stderr, each body field, query parameter and header with its value and where it came from (-f, --body, -q, -H, --ip, the credentials' source).")
    var explain = false

    @OptionGroup var shared: SharedOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions

    static let fieldTables = [OpenFields.table] + EventFields.all
    var batchOptions: BatchOptions? { batch }
    var inputs: [(flag: String, path: String?)] { [("--body", body), ("--replay", replay)] }

    func validate() throws {
        if replay != nil {
            guard method == nil, path == nil, body == nil, !explain, fields.isEmpty, query.isEmpty, headers.isEmpty, batch.batch == nil else {
                throw ValidationError("--replay sends the recording's own requests: give no method, path, --body, -f, -q, -H, --batch or --explain")
            }
            return
        }
        // `help` as a command, as the completions (and every other tool) offer it.
        if method?.lowercased() == "help", path == nil { throw CleanExit.helpRequest(self) }
        if explain && batch.batch != nil { throw ValidationError("--explain explains one request: not with --batch") }
        guard method != nil, path != nil else { throw ValidationError("give a method and a path (bnc-api GET /v1/url ...), or --replay FILE") }
        do { try spec().checkShape() } catch { throw ValidationError(error.message) }
        if batch.batch != nil && body != nil { throw ValidationError("--batch lines are the bodies: drop --body") }
    }

    /// The request as the flags describe it, before a body is read.
    func spec() -> APIRequest {
        var r = APIRequest(method: method ?? "", path: path ?? "")
        r.query = query
        r.headers = headers
        r.addKey = !noKey
        r.withSecret = withSecret
        r.withAccessToken = withAccessToken
        return r
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        if let replay { return try HARReplay.run(tool, path: replay) }
        var request = spec()
        request.fields = try FieldArgument.parseAll(fields)
        if tool.isBatch {
            // Each line is a body (its "ip" member, if any, becomes that request's X-IP-Override). Its answer must
            // be JSON to acknowledge the line (a captive portal's 200 is not Branch's), unless --raw.
            return try tool.runBatch(requireJSON: !raw) { _, line, warnings throws(BNCError) in
                let (body, lineIP) = try Branch.splitLineIP(line, fallback: tool.ip, warnings: warnings)
                var r = request
                r.body = .object(body)
                return try r.build(settings: tool.settings, ip: lineIP, warnings: warnings)
            }
        }
        let (built, ipOrigin) = try BodyInput.request(&request, body: body, tool: tool)
        if explain {
            for line in APIExplanation.lines(built, spec: request, bodyFile: body, settings: tool.settings, ipOrigin: ipOrigin,
                                             redactor: tool.redactor, userAgent: tool.context.userAgent) {
                tool.diagnostics.note("explain: " + line)
            }
        }
        if try tool.render(built) { return .success }

        let response = try tool.send(built)
        // Branch's APIs answer JSON: a 2xx that is not (a captive portal, a proxy's page) is not an answer.
        if response.isSuccess, !raw, request.method != "HEAD", !response.body.isEmpty, response.json == nil {
            throw response.notJSONError()
        }
        if let json = response.json {
            var shown = tool.redactor.redact(json)
            if request.path.hasPrefix("/_sandbox/requests"), !tool.output.showSecrets { shown = Self.maskingTokens(shown) }
            try tool.emit(shown)
        } else if !response.body.isEmpty {
            Self.printRaw(response, tool)
        }
        guard response.isSuccess else { throw response.httpError(redactor: tool.redactor) }
        return .success
    }
}

/// bnc-api's entry point: its own executable and the multi-call binary installed under its name call it.
public enum Entry {
    public static func main() { BncAPI.main() }
}
