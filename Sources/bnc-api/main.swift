// bnc-api: any Branch endpoint by method and path, with the suite's credentials, IP override, retries and
// renderings (like `gh api`). The escape hatch for endpoints the dedicated tools do not cover.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCSuite

@main
struct BncAPI: BNCRootCommand, BNCCommand {
    static let toolName = "bnc-api"
    static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: ToolCatalog.api.abstract + ".",
        discussion: """
            The path is appended to the base URL (--api-url, BNC_API_URL, the profile's api_url, else \
            https://api2.branch.io). The Branch key is added as branch_key to the JSON body of POST, PUT and \
            PATCH requests, to the query of the others. --with-secret adds branch_secret to the body and \
            --with-access-token sends the Access-Token header; both are redacted in every rendering.

            EXAMPLES:
              bnc-api --sandbox POST /v1/open --body open.json --ip 203.0.113.7 --with-secret
              bnc-api GET /v1/url -q url=https://example.app.link/abc --output table
              bnc-api POST /v1/url -f channel=email -f 'data:={"$deeplink_path":"item/42"}' --curl
              bnc-api POST /v2/event/custom --batch events.ndjson --concurrency 16 --rate 200 > results.ndjson
            """,
        version: BNCVersion.string)

    @Argument(help: ArgumentHelp("HTTP method: GET, POST, PUT, PATCH, DELETE or HEAD.", valueName: "method"))
    var method: String

    @Argument(help: ArgumentHelp("Path under the base URL, starting with /, e.g. /v1/open.", valueName: "path"))
    var path: String

    @Option(name: .customLong("body"), help: ArgumentHelp("JSON body from a file; - reads stdin.", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var body: String?

    @Option(name: [.customShort("f"), .customLong("field")], help: ArgumentHelp(
        "Body field: KEY=VALUE sets a string, KEY:=JSON a typed value (repeatable; applied over --body).", valueName: "KEY=VALUE"))
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

    @OptionGroup(title: "Credentials") var credentials: CredentialOptions
    @OptionGroup(title: "Network") var network: NetworkOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions

    static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]

    func validate() throws {
        guard Self.methods.contains(method.uppercased()) else {
            throw ValidationError("method must be one of GET, POST, PUT, PATCH, DELETE, HEAD (got \(method))")
        }
        guard path.hasPrefix("/"), !path.contains(where: { $0.isWhitespace }) else {
            throw ValidationError("path must start with / and contain no spaces (got \(path))")
        }
        if batch.batch != nil && (output.dryRun || output.curl) {
            throw ValidationError("--batch sends; --dry-run and --curl render one request")
        }
        if batch.batch != nil && body != nil { throw ValidationError("--batch lines are the bodies: drop --body") }
    }

    func run(_ context: ToolContext) throws {
        context.apply(output)
        let settings = try context.settings(credentials, network)
        let ip = try context.ipOverride(network)
        let redactor = context.redactor(settings, output)
        if batch.batch != nil {
            // Each line is a body (its "ip" member, if any, becomes that request's X-IP-Override).
            try context.runBatch(batch, network: network, redactor: redactor) { _, line throws(BNCError) in
                let (body, lineIP) = try splitLineIP(line, fallback: ip)
                return try buildRequest(settings: settings, ip: lineIP, lineBody: .object(body))
            }
        }
        let request = try buildRequest(settings: settings, ip: ip)
        if context.render(request, output: output, network: network, redactor: redactor) { return }

        let response = try context.send(request, network: network, redactor: redactor)
        if let json = response.json {
            context.emit(redactor.redact(json), format: output.format(context.environment))
        } else if !response.body.isEmpty {
            context.stdout.write(redactor.redact(response.bodyText))
        }
        guard response.isSuccess else { throw response.httpError(redactor: redactor) }
    }

    /// The request: `lineBody` (a batch line) or --body, then -f fields, credentials and headers.
    func buildRequest(settings: Settings, ip: IPAddress?, lineBody: JSON? = nil) throws(BNCError) -> HTTPRequest {
        let verb = method.uppercased()
        let sendsBody = ["POST", "PUT", "PATCH"].contains(verb)
        var object: JSON? = lineBody
        if lineBody == nil, let file = body {
            object = try JSON.parseInput(try FileSystem.read(file, what: "--body"), what: "--body \(file)")
        }
        if !fields.isEmpty {
            guard case .object(var o) = object ?? .object([:]) else {
                throw BNCError.usage("--field", "needs a JSON object body (--body holds \(object!.typeName))")
            }
            for field in fields {
                let (key, value) = try FieldArgument.parse(field)
                o[key] = value
            }
            object = .object(o)
        }
        if object != nil && !sendsBody {
            throw BNCError.usage("--body", "is only for POST, PUT and PATCH (use -q for \(verb) parameters)")
        }

        var queryItems: [(String, String)] = []
        for item in query {
            guard let eq = item.firstIndex(of: "="), eq != item.startIndex else {
                throw BNCError.usage("--query", "must be KEY=VALUE (got \(item))")
            }
            queryItems.append((String(item[..<eq]), String(item[item.index(after: eq)...])))
        }

        if !noKey {
            let key = try settings.requireKey()
            if sendsBody {
                var o = JSONObject()
                o["branch_key"] = .string(key.value)
                if case .object(let existing)? = object {
                    for (k, v) in existing { o[k] = v }
                } else if object != nil {
                    throw BNCError.usage("--body", "must be a JSON object to carry branch_key (or pass --no-key)")
                }
                object = .object(o)
            } else if !queryItems.contains(where: { $0.0 == "branch_key" }) {
                queryItems.append(("branch_key", key.value))
            }
        }
        if withSecret {
            guard sendsBody else { throw BNCError.usage("--with-secret", "needs a POST, PUT or PATCH body") }
            let secret = try settings.requireSecret()
            var o = object?.objectValue ?? JSONObject()
            o["branch_secret"] = .string(secret.exposed)
            object = .object(o)
        }

        var headerFields = HTTPHeaders()
        headerFields["Accept"] = "application/json"
        for h in headers {
            guard let colon = h.firstIndex(of: ":"), colon != h.startIndex,
                  !h.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                throw BNCError.usage("--header", "must be 'Name: value' on one line (got \(h))")
            }
            headerFields[String(h[..<colon]).trimmingWhitespace()] = String(h[h.index(after: colon)...]).trimmingWhitespace()
        }
        if let ip { headerFields["X-IP-Override"] = ip.text }
        if withAccessToken {
            guard let token = settings.accessToken else {
                throw BNCError.configuration("no access token: pass --access-token-file FILE or set BRANCH_ACCESS_TOKEN")
            }
            headerFields["Access-Token"] = token.exposed
        }
        if verb == "DELETE", withAccessToken, let appID = settings.appID, !queryItems.contains(where: { $0.0 == "app_id" }) {
            queryItems.append(("app_id", appID))
        }
        return HTTPRequest(method: verb, base: settings.baseURL(default: "https://api2.branch.io"), path: path,
                           query: queryItems, headers: headerFields, body: object.map(HTTPBody.json))
    }
}
