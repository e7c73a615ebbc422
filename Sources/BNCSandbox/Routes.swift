// The API's routes in one table: the router, the stats' endpoint names, HEAD (which routes only read) and which
// answers are Branch's (a request id, CORS) all read it, so an endpoint is added in one place.

/// One route: a path, or a prefix followed by one path segment (a key, a job, a handle), the handler of each method,
/// and what the rest of the sandbox needs to know of it.
struct Route: Sendable {
    typealias Handler = @Sendable (Sandbox, SandboxRequest, String) throws -> SandboxResponse
    /// The path, or the prefix before the segment (ending in `/`).
    let path: String
    /// The segment's name in the stats (`{key}`), nil for a whole path.
    let segment: String?
    /// The handler of each method ("*": every method, the handler answering 405 itself).
    let methods: [String: Handler]
    /// Another method gets 405. Otherwise it falls through to the link routes (a GET there is a click).
    let refusesOthers: Bool
    /// Its GET only reads: a HEAD is answered as the GET without its body.
    let reads: Bool
    /// Branch's API (a request id, CORS), not Apple's AdServices or TUNE's measurement endpoint.
    let branch: Bool

    init(_ path: String, segment: String? = nil, _ methods: [String: Handler], refusesOthers: Bool = false, reads: Bool = false, branch: Bool = true) {
        self.path = path
        self.segment = segment
        self.methods = methods
        self.refusesOthers = refusesOthers
        self.reads = reads
        self.branch = branch
    }

    /// `GET /v1/app/{key}`: how the stats name a request of this route.
    func name(_ method: String) -> String { "\(method) \(path)\(segment.map { "{\($0)}" } ?? "")" }

    /// The handler for `method`, nil when the route does not answer it.
    func handler(_ method: String) -> Handler? { methods[method] ?? methods["*"] }
}

extension Sandbox {
    /// Every route of the API (paths not here are links, an app's own domain, S3's export files, or 404).
    static let routes: [Route] = [
        Route("/v1/open", ["POST": { s, r, _ in try s.open(r) }], refusesOthers: true),
        Route("/v1/install", ["POST": { s, r, _ in try s.open(r, install: true) }], refusesOthers: true),
        // Android 6.0.0-beta (pre-release): every session after the install, and the deep link of a URI first.
        Route("/v3/events/open", ["POST": { s, r, _ in try s.open(r, carriesLinkData: true) }], refusesOthers: true),
        Route("/v3/deeplink", ["POST": { s, r, _ in try s.deeplink(r) }], refusesOthers: true),
        Route("/v1/pageview", ["POST": { s, r, _ in try s.pageview(r) }], refusesOthers: true),
        Route("/v1/dismiss", ["POST": { s, r, _ in try s.dismiss(r) }], refusesOthers: true),
        Route("/v1/cpid/latd", ["POST": { s, r, _ in try s.lastAttributedTouch(r) }]),
        Route("/v1/cpid", ["POST": { s, r, _ in try s.crossPlatformIDs(r) }]),
        Route("/v1/profile", ["POST": { s, r, _ in try s.profile(r) }], refusesOthers: true),
        Route("/v1/deepview", ["GET": { s, r, _ in try s.deepview(r) }]),
        Route("/v1/logout", ["POST": { s, r, _ in try s.logout(r) }], refusesOthers: true),
        Route("/v1/close", ["POST": { s, r, _ in try s.close(r) }], refusesOthers: true),
        Route("/v1/event", ["POST": { s, r, _ in try s.legacyEvent(r) }], refusesOthers: true),
        Route("/_r", ["GET": { s, r, _ in s.browserFingerprint(r) }], reads: true),
        Route("/v2/event/standard", ["POST": { s, r, _ in try s.event(r, standard: true) }], refusesOthers: true),
        Route("/v2/event/custom", ["POST": { s, r, _ in try s.event(r, standard: false) }], refusesOthers: true),
        Route("/v1/url", ["POST": { s, r, _ in try s.createLink(r) }, "GET": { s, r, _ in try s.readLink(r) },
                          "PUT": { s, r, _ in try s.updateLink(r) }, "DELETE": { s, r, _ in try s.deleteLink(r) }],
              refusesOthers: true, reads: true),
        Route("/v1/url/bulk/", segment: "key", ["POST": { s, r, key in try s.bulkCreate(r, key: key) }]),
        Route("/v2/qr-code", ["POST": { s, r, _ in try s.qrCode(r) }], refusesOthers: true),
        Route("/v1/qr-code", ["POST": { s, r, _ in try s.qrCode(r) }], refusesOthers: true),
        Route("/v1/app/", segment: "key", ["*": { s, r, key in try s.app(r, key: key) }], reads: true),
        Route("/v1/app-link-settings/", segment: "key", ["*": { s, r, key in try s.appLinkSettings(r, key: key) }], reads: true),
        Route("/v1/has-app/", segment: "key", ["*": { s, r, key in try s.hasApp(r, keyOrAppID: key) }], reads: true),
        Route("/v1/subscription/status", ["GET": { s, r, _ in try s.subscriptionStatus(r) }], refusesOthers: true, reads: true),
        // The files Branch hosts on a link domain for iOS universal links and Android App Links.
        Route("/.well-known/apple-app-site-association", ["GET": { s, r, _ in s.appleAppSiteAssociation(r) }], refusesOthers: true, reads: true),
        Route("/apple-app-site-association", ["GET": { s, r, _ in s.appleAppSiteAssociation(r) }], refusesOthers: true, reads: true),
        Route("/.well-known/assetlinks.json", ["GET": { s, r, _ in s.assetLinks(r) }], refusesOthers: true, reads: true),
        Route("/v3/export", ["POST": { s, r, _ in try s.dailyExport(r) }]),
        Route("/v2/logs", ["POST": { s, r, _ in try s.customExportCreate(r) }]),
        Route("/v2/logs/", segment: "handle", ["GET": { s, r, handle in try s.customExportStatus(r, handle: handle) }], reads: true),
        Route("/v1/query/analytics", ["POST": { s, r, _ in try s.query(r) }]),
        Route("/v2/analytics", ["POST": { s, r, _ in try s.analyticsCreate(r) }]),
        Route("/v2/analytics/", segment: "job", ["GET": { s, r, job in try s.analyticsStatus(r, job: job) }], reads: true),
        Route("/v1/branch_aggregate/async/analytics", ["POST": { s, r, _ in try s.crossEventCreate(r) }]),
        Route("/v1/branch_aggregate/async/status/", segment: "job", ["GET": { s, r, job in try s.analyticsStatus(r, job: job) }], reads: true),
        Route("/v2/data/ready", ["POST": { s, r, _ in try s.dataReady(r) }]),
        Route("/api/v1/", ["POST": { s, r, _ in s.adServices(r) }], refusesOthers: true, branch: false),
        Route("/api/v1", ["POST": { s, r, _ in s.adServices(r) }], refusesOthers: true, branch: false),
        Route("/serve", ["GET": { s, r, _ in s.tune(r) }, "POST": { s, r, _ in s.tune(r) }], refusesOthers: true, branch: false),
    ]

    private static let exactRoutes = Dictionary(uniqueKeysWithValues: routes.filter { $0.segment == nil }.map { ($0.path, $0) })
    private static let segmentRoutes = routes.filter { $0.segment != nil }

    /// The route of a path and the segment it carries ("" for a whole path); nil for a link or an unknown path.
    static func route(of path: String) -> (route: Route, segment: String)? {
        if let route = exactRoutes[path] { return (route, "") }
        for route in segmentRoutes where path.hasPrefix(route.path) {
            let rest = path.dropFirst(route.path.count)
            if !rest.isEmpty, !rest.contains("/") { return (route, String(rest)) }
        }
        return nil
    }
}
