// A request to any Branch endpoint by method and path (bnc-api), and the rules of where Branch's credentials
// go: the key in a JSON body or the query, the secret in the body, the access token in the Access-Token header
// with app_id in the query of a DELETE. One place, so no executable moves a credential itself.
import BNCSuite

/// What the caller asked for; `APIRequest.build` turns it into a checked `HTTPRequest`.
public struct APIRequest: Sendable {
    public static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]

    public var method: String
    public var path: String
    /// A JSON body (a file's or a batch line's), then `-f` fields over it.
    public var body: JSON?
    public var fields: [(String, JSON)] = []
    /// `-q KEY=VALUE` items.
    public var query: [String] = []
    /// `-H 'Name: value'` lines.
    public var headers: [String] = []
    public var addKey = true
    public var withSecret = false
    public var withAccessToken = false

    /// Headers that frame a message or steer its connection (RFC 9110 §7.6.1, RFC 9112): never from a user.
    public static let framingHeaders: Set<String> = [
        "content-length", "transfer-encoding", "host", "connection", "keep-alive", "te", "trailer", "upgrade",
        "proxy-connection", "expect",
    ]

    /// Every number of a body a service can read: finite as a double (1e999 is not), and an integer within 64 bits
    /// (Branch's services read them as longs and doubles; a 29-digit id would arrive changed). Exit 65 naming
    /// the member.
    static func checkNumbers(_ value: JSON, path: String) throws(BNCError) {
        try FieldSpec.checkNested(value, at: { path })
    }

    /// The rule of every body bnc-api sends, `--body`'s and a replayed one's alike: strings without NUL, numbers
    /// finite and, when whole, within 64 bits (exit 65 naming the member).
    public static func checkBody(_ value: JSON) throws(BNCError) { try checkNumbers(value, path: "") }

    /// RFC 9110's tchar.
    static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(b)
        }
    }

    public init(method: String, path: String) {
        self.method = method.uppercased()
        self.path = path
    }

    /// The method and path checked (exit 64), before anything is read.
    public func checkShape() throws(BNCError) {
        guard Self.methods.contains(method) else {
            throw BNCError.usage("method", "must be one of GET, POST, PUT, PATCH, DELETE, HEAD (got \(method))")
        }
        guard path.hasPrefix("/"), FieldSpec.forbiddenCharacter(in: path, multiline: false) == nil,
              !path.contains(where: { $0.isWhitespace }) else {
            throw BNCError.usage("path", "must start with / and contain no spaces or line breaks (got \(path))")
        }
        // The key and -q parameters go in the query bnc builds: a ? or # in the path would move them elsewhere.
        if path.contains("?") || path.contains("#") {
            throw BNCError.usage("path", "must not contain ? or # (got \(path)): pass query parameters with -q KEY=VALUE")
        }
        if let bad = TerminalText.firstControl(in: path) {
            throw BNCError.usage("path", "must not contain control characters (got \(bad))")
        }
        try Self.checkSegments(path) { rule in BNCError.usage("path", rule) }
    }

    /// A dot segment, plain or escaped, is collapsed by libcurl and servers alike: `/../admin` under
    /// `--api-url https://host/prefix` would leave the prefix (credentials with it) while --dry-run showed it
    /// inside. An escaped control character (`%00`, `%0a`) would be one once the server decodes the path. The
    /// same rules for a path typed and one read from a recording (`--replay`).
    public static func checkSegments(_ path: String, error: (String) -> BNCError) throws(BNCError) {
        for segment in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            // "." and "..", each dot plain or escaped (%2e, either case).
            let lower = segment.lowercased()
            if [".", "..", "%2e", "%2e%2e", ".%2e", "%2e."].contains(lower) {
                throw error("must not contain . or .. segments (got \(path))")
            }
        }
        if let escape = Self.controlEscape(in: path) {
            throw error("must not contain an escaped control character (got \(escape))")
        }
    }

    /// A header given whole, by -H or from a recording: a token name, a value on one line without control
    /// characters (CR, LF or NUL would split it or end it early). `field` is named in the error.
    public static func checkHeader(name: String, value: String, field: String, error: (String) -> BNCError) throws(BNCError) {
        guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte) else {
            throw error("a header name is letters, digits and !#$%&'*+-.^_`|~ (got \(name.debugDescription))")
        }
        if let bad = TerminalText.firstControl(in: value, allowingTab: true) {
            throw error("\(name) must not contain control characters (got \(bad))")
        }
    }

    /// The first `%XX` escape of a control character (00-1F, 7F) in a path, or nil.
    static func controlEscape(in path: String) -> String? {
        let b = Array(path.utf8)
        var i = 0
        while i + 2 < b.count {
            if b[i] == UInt8(ascii: "%"), let h = Hex.digit(b[i + 1]), let l = Hex.digit(b[i + 2]), h < 2 || (h == 7 && l == 0xF) {
                return String(decoding: b[i...(i + 2)], as: UTF8.self)
            }
            i += 1
        }
        return nil
    }

    var sendsBody: Bool { ["POST", "PUT", "PATCH"].contains(method) }

    /// The request with the credentials in their places.
    public func build(settings: Settings, ip: IPAddress?, warnings: Warnings? = nil) throws(BNCError) -> HTTPRequest {
        try checkShape()
        var object = body
        if !fields.isEmpty {
            guard case .object(var o) = object ?? .object([:]) else {
                throw BNCError.usage("--field", "needs a JSON object body (--body holds \(object!.typeName))")
            }
            for (key, value) in fields { o[key] = value }
            object = .object(o)
        }
        if let object { try Self.checkNumbers(object, path: "") }
        if object != nil && !sendsBody {
            throw BNCError.usage("--body", "is only for POST, PUT and PATCH (use -q for \(method) parameters)")
        }

        var queryItems: [(String, String)] = []
        for item in query {
            guard let eq = item.firstIndex(of: "="), eq != item.startIndex else {
                throw BNCError.usage("--query", "must be KEY=VALUE (got \(item))")
            }
            if let bad = FieldSpec.forbiddenCharacter(in: item, multiline: false) {
                throw BNCError.usage("--query \(item[..<eq])", "must not contain \(bad)")
            }
            queryItems.append((String(item[..<eq]), String(item[item.index(after: eq)...])))
        }
        // A query's credentials are held to a body's rules (QA round 29b: `-q branch_key=` of another app went out
        // where the same body member is refused): the run's key, and its secret, or none.
        if addKey {
            for (name, value) in queryItems {
                if name == "branch_key", let key = settings.branchKey?.value, value != key {
                    throw BNCError.invalid("branch_key", "is not this run's key (\(key)): a request sends for one app (--key, or --no-key to send the query as it is)")
                }
                if name == "branch_secret", let secret = settings.branchSecret, value != secret.exposed {
                    throw BNCError.invalid("branch_secret", "is not this run's secret: a request sends for one app (--no-key to send the query as it is)")
                }
            }
        }

        if addKey {
            let key = try settings.requireKey()
            if sendsBody {
                var o: JSONObject = ["branch_key": .string(key.value)]
                if case .object(let existing)? = object {
                    // A body's own key is this run's or none, as a batch line's: another app's went out with this
                    // app's secret under --with-secret (QA round 25b). --no-key sends a body as it stands.
                    if let other = existing["branch_key"]?.stringValue, other != key.value {
                        throw BNCError.invalid("branch_key", "is not this run's key (\(key.value)): a request sends for one app (--key, or --no-key to send the body as it is)")
                    }
                    // And its secret, as a batch line's (QA round 28a): another app's went out beside this app's key.
                    if let other = existing["branch_secret"]?.stringValue, let secret = settings.branchSecret, other != secret.exposed {
                        throw BNCError.invalid("branch_secret", "is not this run's secret: a request sends for one app (--no-key to send the body as it is)")
                    }
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
            var o = object?.objectValue ?? JSONObject()
            // The secret is the configured key's: never added beside another app's key.
            if let other = o["branch_key"]?.stringValue, let key = settings.branchKey?.value, other != key {
                throw BNCError.invalid("branch_key", "is not this run's key (\(key)): --with-secret adds that key's secret")
            }
            o["branch_secret"] = .string(try settings.requireSecret().exposed)
            object = .object(o)
        }

        var headerFields: HTTPHeaders = ["Accept": "application/json"]
        for h in headers {
            guard let colon = h.firstIndex(of: ":"), colon != h.startIndex, FieldSpec.forbiddenCharacter(in: h, multiline: false) == nil else {
                throw BNCError.usage("--header", "must be 'Name: value' on one line (got \(h.debugDescription))")
            }
            let name = String(h[..<colon]).trimmingWhitespace()
            let value = String(h[h.index(after: colon)...]).trimmingWhitespace()
            // A control byte (an escape, a backspace, DEL) in a header value is never sent: RFC 9110 allows only
            // visible characters, spaces and tabs there.
            try Self.checkHeader(name: name, value: value, field: "--header") { rule in BNCError.usage("--header", rule) }
            // Framing and connection headers are libcurl's to write: a user's would smuggle a second request or
            // desynchronise the connection.
            guard !Self.framingHeaders.contains(String(decoding: name.utf8.map(ASCII.lower), as: UTF8.self)) else {
                throw BNCError.usage("--header", "\(name) is set by the transport and cannot be given (Content-Length, Transfer-Encoding, Host, Connection and the other framing headers)")
            }

            // The IP override is --ip's (or a line's "ip"): given as a header it passes the same check, and two
            // different addresses for one request are refused, not one silently kept (QA round 28a).
            if HTTPHeaders.sameName(name, "X-IP-Override") {
                let given = try IPAddress(value, field: "--header X-IP-Override")
                if let w = given.warning { warnings?.add("--header X-IP-Override " + w) }
                if let ip, ip.family != given.family || ip.bytes != given.bytes {
                    throw BNCError.usage("--header", "X-IP-Override \(given.text) differs from the IP override \(ip.text) (--ip or the body's \"ip\"): give one")
                }
                headerFields["X-IP-Override"] = given.text
                continue
            }
            headerFields[name] = value
        }
        if let ip { headerFields["X-IP-Override"] = ip.text }
        if withAccessToken {
            guard let token = settings.accessToken else {
                throw BNCError.configuration("no access token: pass --access-token-file FILE or set BRANCH_ACCESS_TOKEN")
            }
            headerFields["Access-Token"] = token.exposed
            if method == "DELETE", let appID = settings.appID, !queryItems.contains(where: { $0.0 == "app_id" }) {
                queryItems.append(("app_id", appID))
            }
        }
        return HTTPRequest(method: method, base: settings.baseURL(default: Branch.defaultBaseURL), path: path,
                           query: queryItems, headers: headerFields, body: object.map(HTTPBody.json))
    }
}

extension APIRequest {
    /// A recorded body's credentials replaced by the current ones (`bnc-api --replay`): the key where the body has
    /// one, the secret where it had one (redacted or not). Core decides where credentials go, as for a built request.
    public static func refillCredentials(_ body: inout JSONObject, settings: Settings) throws(BNCError) {
        if let key = settings.branchKey, body["branch_key"] != nil { body["branch_key"] = .string(key.value) }
        if body["branch_secret"] != nil { body["branch_secret"] = .string(try settings.requireSecret().exposed) }
    }

    /// A recorded URL's query credentials replaced by the current ones, as a JSON body's are: `branch_key` and
    /// `branch_secret` whatever they were (bnc-app's recordings: `/v1/app/KEY?branch_secret=<redacted>`). A secret
    /// recorded in clear was left as it was, so another app's went out beside this app's key (QA round 29b); with
    /// no secret configured, a query that carries one is the missing secret's error.
    public static func refillCredentials(inQueryOf url: String, settings: Settings) throws(BNCError) -> String {
        var url = url
        if let key = settings.branchKey { url = replacingQuery(url, name: "branch_key", with: key.value) }
        if let q = url.firstIndex(of: "?"), url[url.index(after: q)...].split(separator: "&").contains(where: { $0.hasPrefix("branch_secret=") }) {
            url = replacingQuery(url, name: "branch_secret", with: HTTPURL.percentEncode(try settings.requireSecret().exposed))
        }
        return url
    }

    /// The URL with `name`'s value in its query replaced (only where it is one of `only`, when given).
    static func replacingQuery(_ url: String, name: String, with value: String) -> String {
        guard let q = url.firstIndex(of: "?") else { return url }
        let pairs = url[url.index(after: q)...].split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard pair.hasPrefix(name + "=") else { return String(pair) }
            return name + "=" + value
        }
        return String(url[...q]) + pairs.joined(separator: "&")
    }
}
