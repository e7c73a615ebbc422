// The route table (Sandbox.routes) is what the router, the stats, HEAD and the Branch headers all read.
import BNCCore
import Testing
@testable import BNCSandbox

@Suite struct RouteTableTests {
    /// A path of the route: its own, or its prefix with a segment.
    static func path(_ r: Route) -> String { r.path + (r.segment == nil ? "" : "abc123") }

    @Test func everyRouteIsNamedInTheStatsByItsTable() throws {
        let h = try Harness()
        for route in Sandbox.routes {
            for method in route.methods.keys.map({ $0 == "*" ? "GET" : $0 }) {
                h.send(method, Self.path(route))
            }
        }
        let endpoints = h.send("GET", "/_sandbox/stats").json?["endpoints"]?.objectValue ?? [:]
        for route in Sandbox.routes {
            for method in route.methods.keys.map({ $0 == "*" ? "GET" : $0 }) {
                #expect(endpoints[route.name(method)] != nil, "\(route.name(method)) is counted under its own name")
            }
        }
        #expect(!endpoints.keys.contains { $0.hasSuffix("/{link}") }, "no API request counted as a link: \(endpoints.keys.sorted())")
        #expect(Sandbox.routes.first { $0.path == "/v1/app/" }?.name("GET") == "GET /v1/app/{key}")
    }

    @Test func aMethodAWholePathRouteDoesNotTakeIs405() throws {
        let h = try Harness()
        for route in Sandbox.routes where route.refusesOthers && route.methods["*"] == nil {
            let method = ["PATCH", "PUT", "DELETE", "GET"].first { route.methods[$0] == nil }!
            let reply = h.send(method, Self.path(route))
            #expect(reply.status == 405, "\(method) \(route.path): \(reply.status)")
            #expect(reply.message.contains("is not allowed"))
        }
    }

    @Test func onlyBranchsRoutesCarryBranchsHeaders() throws {
        let h = try Harness()
        for route in Sandbox.routes {
            let method = route.methods.keys.first { $0 != "*" } ?? "GET"
            let reply = h.send(method, Self.path(route))
            #expect((reply.header("X-Branch-Request-Id") != nil) == route.branch, "\(method) \(route.path)")
            #expect((reply.header("Access-Control-Allow-Origin") != nil) == route.branch, "\(method) \(route.path)")
        }
        #expect(Sandbox.routes.filter { !$0.branch }.map(\.path).sorted() == ["/api/v1", "/api/v1/", "/serve"])
    }

    @Test func headOnEveryReadIsItsGETWithoutItsBody() throws {
        let h = try Harness()
        for route in Sandbox.routes where route.reads {
            let get = h.send("GET", Self.path(route)), head = h.send("HEAD", Self.path(route))
            #expect(head.status == get.status && head.body.isEmpty && !get.body.isEmpty, "\(route.path): \(head.status) vs \(get.status)")
        }
        // A write is not a read: HEAD there is refused (or, off the table, a link's click).
        #expect(h.send("HEAD", "/v2/event/custom").status == 405)
    }

    @Test func aSegmentRouteTakesOneSegment() {
        #expect(Sandbox.route(of: "/v1/app/key_test_x")?.segment == "key_test_x")
        #expect(Sandbox.route(of: "/v1/app/key_test_x/more") == nil, "two segments are a link's path")
        #expect(Sandbox.route(of: "/v1/url")?.segment == "")
        #expect(Sandbox.route(of: "/v1/url/bulk/key_test_x")?.route.path == "/v1/url/bulk/")
        #expect(Sandbox.route(of: "/mylink") == nil)
    }
}
