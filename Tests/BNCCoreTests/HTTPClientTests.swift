// The libcurl transport against a loopback server: what goes out, retries, failures, timing, many at once.
import Testing
import TestSupport
@testable import BNCCore

final class TraceLines: TraceSink {
    var lines: [String] = []
    func trace(_ line: String) { lines.append(line) }
}

@Suite(.serialized) struct HTTPClientTests {
    func client(retry: RetryPolicy = .standard, redactor: Redactor = Redactor(secrets: []), trace: TraceSink? = nil) -> (HTTPClient, Box) {
        let c = HTTPClient(options: TransportOptions(connectTimeout: 2, maxTime: 5, userAgent: "bnc-test/1"), retry: retry,
                           redactor: redactor, trace: trace)
        let waits = Box()
        c.sleep = { waits.values.append($0) }
        c.random = { 0.5 }
        return (c, waits)
    }
    final class Box { var values: [Double] = [] }

    @Test func sendsExactlyTheRequest() throws {
        let server = try LoopbackServer(script: [.json(200, #"{"ok":1}"#, headers: [("X-Branch-Request-Id", "rid-7")])])
        let (c, _) = client()
        let request = HTTPRequest(method: "POST", url: server.baseURL + "/v1/open?x=1", headers: ["X-IP-Override": "8.8.8.8"],
                                  body: .json(["branch_key": "key_test_a", "n": 1]))
        let response = try c.send(request)
        #expect(response.status == 200)
        #expect(response.json == ["ok": 1])
        #expect(response.requestID == "rid-7")
        #expect(response.attempts == 1)
        let got = try #require(server.received.first)
        #expect(got.method == "POST")
        #expect(got.target == "/v1/open?x=1")
        #expect(got.bodyText == #"{"branch_key":"key_test_a","n":1}"#)
        #expect(got.header("Content-Type") == "application/json")
        #expect(got.header("X-IP-Override") == "8.8.8.8")
        #expect(got.header("User-Agent") == "bnc-test/1")
        #expect(got.headers.filter { $0.name.lowercased() == "user-agent" }.count == 1)
        #expect(got.header("Expect") == nil, "never waits for 100-continue")
        let timing = try #require(response.timing)
        #expect(timing.total >= timing.connect && timing.total > 0)
    }

    /// A request's own User-Agent replaces bnc's: one header, the request's.
    @Test func aRequestsOwnUserAgentIsTheOnlyOne() throws {
        let server = try LoopbackServer()
        let (c, _) = client()
        for agent in ["Mozilla/5.0 (Linux; Android 14)", "bnc-test/1"] {
            _ = try c.send(HTTPRequest(method: "POST", url: server.baseURL + "/x", headers: ["user-agent": agent], body: .json([:])))
        }
        _ = try c.send(HTTPRequest(method: "GET", url: server.baseURL + "/x", headers: ["User-Agent": "other/2"]))
        #expect(server.received.map { got in got.headers.filter { $0.name.lowercased() == "user-agent" }.map(\.value) }
                == [["Mozilla/5.0 (Linux; Android 14)"], ["bnc-test/1"], ["other/2"]])
    }

    @Test(arguments: [0, 1023, 1024, 300_000])
    func noBodySizeWaitsForContinue(_ size: Int) throws {
        let server = try LoopbackServer()
        let (c, _) = client()
        let filler = String(repeating: "x", count: max(0, size - 8))
        let request = HTTPRequest(method: "POST", url: server.baseURL + "/x", headers: ["X-A": "1", "X-B": ""],
                                  body: .json(["f": .string(filler)]))
        for _ in 0..<2 {  // the second request reuses the handle and its header buffer
            #expect(try c.send(request).status == 200)
        }
        #expect(server.received.count == 2)
        for got in server.received {
            #expect(got.header("Expect") == nil)
            #expect(got.header("X-A") == "1" && got.header("Content-Type") == "application/json")
            #expect(got.body.count == filler.utf8.count + 8)
        }
    }

    @Test(arguments: ["GET", "PUT", "DELETE", "PATCH"])
    func methods(_ method: String) throws {
        let server = try LoopbackServer()
        let (c, _) = client()
        let body: HTTPBody? = method == "GET" || method == "DELETE" ? nil : .json(["a": 1])
        _ = try c.send(HTTPRequest(method: method, url: server.baseURL + "/x", body: body))
        #expect(server.received.first?.method == method)
        #expect(server.received.first?.body == (body?.bytes ?? []))
    }

    /// One handle, one request after another: POSTs with a body reuse the handle's setup, anything else resets
    /// it, and nothing of one request (method, body, headers, empty body) leaks into the next.
    @Test func oneHandleCarriesNothingBetweenRequests() throws {
        let server = try LoopbackServer()
        let (c, _) = client()
        let sequence: [(String, HTTPBody?, HTTPHeaders)] = [
            ("POST", .json(["a": 1]), ["X-IP-Override": "8.8.8.8"]),
            ("POST", .json(["b": 22]), [:]),
            ("GET", nil, ["Accept": "text/plain"]),
            ("POST", .json([:]), ["X-One": "1"]),
            ("HEAD", nil, [:]),
            ("DELETE", .json(["c": 3]), [:]),
            ("POST", .json(["d": "é"]), ["X-Two": "2"]),
        ]
        for (method, body, headers) in sequence {
            _ = try c.send(HTTPRequest(method: method, url: server.baseURL + "/\(method.lowercased())", headers: headers, body: body))
        }
        #expect(server.received.count == sequence.count)
        for (got, (method, body, headers)) in zip(server.received, sequence) {
            #expect(got.method == method)
            #expect(got.target == "/" + method.lowercased())
            #expect(got.body == (body?.bytes ?? []), "\(method) \(got.bodyText)")
            for name in ["X-IP-Override", "X-One", "X-Two", "Accept"] {
                if let value = headers[name] { #expect(got.header(name) == value) } else if name != "Accept" { #expect(got.header(name) == nil, "\(name) leaked into \(method)") }
            }
            #expect(got.header("User-Agent") == "bnc-test/1")
        }
        #expect(server.acceptedConnections == 1, "the connection is kept throughout")
    }

    /// Headers repeated from the previous answer reuse its strings: each answer still reads as it was sent,
    /// whether a header repeats, changes, moves or goes.
    @Test func answersOnOneHandleKeepTheirOwnHeaders() throws {
        let answers: [[(String, String)]] = [
            [("X-Branch-Request-Id", "rid-1"), ("X-Same", "same")],
            [("X-Branch-Request-Id", "rid-1"), ("X-Same", "same")],
            [("X-Branch-Request-Id", "rid-10"), ("X-Same", "same")],
            [("X-Same", "same"), ("X-Branch-Request-Id", "rid-2")],
            [("X-Branch-Request-Id", "rid-2")],
            [("X-Branch-Request-Id", "rid-2"), ("X-Same", "samf")],
        ]
        let server = try LoopbackServer(script: answers.map { .json(200, "{}", headers: $0) })
        let (c, _) = client()
        for expected in answers {
            let response = try c.send(HTTPRequest(method: "POST", url: server.baseURL + "/x", body: .json([:])))
            #expect(response.requestID == expected.first { $0.0 == "X-Branch-Request-Id" }?.1)
            let mine = response.headers.fields.filter { $0.name.hasPrefix("X-") }.map { [$0.name, $0.value] }
            #expect(mine == expected.map { [$0.0, $0.1] })
        }
        #expect(server.acceptedConnections == 1)
    }

    @Test func retries429And5xxThenSucceeds() throws {
        let server = try LoopbackServer(script: [
            .json(429, #"{"error":{"code":429,"message":"Rate limit reached."}}"#, headers: [("Retry-After", "2")]),
            .json(503, "{}"),
            .json(200, "{}"),
        ])
        let (c, waits) = client()
        let response = try c.send(HTTPRequest(method: "POST", url: server.baseURL + "/v2/event/standard", body: .json([:])))
        #expect(response.status == 200)
        #expect(response.attempts == 3)
        #expect(server.received.count == 3)
        #expect(waits.values == [2, 0.5], "Retry-After first, then full jitter of the second ceiling (1s x 0.5)")
        #expect(server.acceptedConnections == 1, "the connection is kept across attempts")
    }

    @Test func givesUpAfterMaxAttemptsAndReturnsTheLastAnswer() throws {
        let server = try LoopbackServer(fallback: .respond(status: 502, headers: [("Content-Type", "text/html")], body: "<html><title>Bad Gateway</title></html>"))
        let (c, waits) = client(retry: RetryPolicy(maxAttempts: 3))
        let response = try c.send(HTTPRequest(method: "GET", url: server.baseURL + "/v1/url"))
        #expect(response.status == 502)
        #expect(response.attempts == 3)
        #expect(waits.values.count == 2)
        #expect(response.httpError(redactor: .none).message.contains("HTML page"))
    }

    @Test func doesNotRetryA400() throws {
        let server = try LoopbackServer(fallback: .json(400, #"{"error":{"message":"bad","code":400}}"#))
        let (c, _) = client()
        let response = try c.send(HTTPRequest(method: "POST", url: server.baseURL + "/v1/url", body: .json([:])))
        #expect(response.status == 400)
        #expect(server.received.count == 1)
    }

    @Test func retriesAResetConnection() throws {
        let server = try LoopbackServer(script: [.reset, .json(200, "{}")])
        let (c, _) = client()
        let response = try c.send(HTTPRequest(method: "POST", url: server.baseURL + "/v1/open", body: .json([:])))
        #expect(response.status == 200)
        #expect(response.attempts == 2)
        #expect(server.received.count == 2)
    }

    @Test func anUnreachableServiceIsExit69() throws {
        // Port 9 (discard), which nothing here serves: a stopped server's port could be bound again beside it.
        let url = "http://127.0.0.1:9/v1/open"
        let (c, waits) = client(retry: RetryPolicy(maxAttempts: 2))
        let error = try #require(throws: BNCError.self) { try c.send(HTTPRequest(method: "GET", url: url)) }
        #expect(error.exitStatus == .unavailable)
        #expect(error.message.contains("cannot reach \(url) after 2 attempts"))
        #expect(waits.values.count == 1)
    }

    @Test func aTimeoutIsExit75() throws {
        // A listening socket that never answers: accept backlog only.
        let server = try LoopbackServer(script: [])
        let c = HTTPClient(options: TransportOptions(connectTimeout: 1, maxTime: 0.3), retry: .none, redactor: Redactor(secrets: []))
        server.stopAnswering()
        // The server must outlive the request: released after its last use, its deinit would reset the connection.
        let error = try withExtendedLifetime(server) {
            try #require(throws: BNCError.self) { try c.send(HTTPRequest(method: "GET", url: server.baseURL + "/slow")) }
        }
        #expect(error.exitStatus == .temporaryFailure)
        #expect(error.message.contains("timed out"))
    }

    @Test func verboseTraceRedactsSecrets() throws {
        let server = try LoopbackServer(fallback: .json(200, #"{"echo":"secret_test_trace0001"}"#))
        let secret = Secret("secret_test_trace0001")
        let trace = TraceLines()
        let (c, _) = client(redactor: Redactor(secrets: [secret]), trace: trace)
        _ = try c.send(HTTPRequest(method: "POST", url: server.baseURL + "/v1/open", headers: ["Access-Token": "tok_zzz999"],
                                   body: .json(["branch_secret": .string(secret.exposed)])))
        let text = trace.lines.joined(separator: "\n")
        #expect(text.contains("> POST /v1/open HTTP/1.1"))
        #expect(text.contains("< HTTP/1.1 200"))
        #expect(text.contains("Access-Token: <redacted>"))
        #expect(!text.contains(secret.exposed))
        #expect(!text.contains("tok_zzz999"))
        #expect(server.received.first?.bodyText.contains(secret.exposed) == true, "the wire itself carries the secret")
    }

    @Test func manyAtOnceReuseConnections() throws {
        let server = try LoopbackServer()
        let transport = try ConcurrentTransport(options: TransportOptions(), concurrency: 4, redactor: Redactor(secrets: []))
        var next = 0
        var results: [Int: Int] = [:]
        try transport.run(next: {
            guard next < 40 else { return .done }
            defer { next += 1 }
            return .request(tag: next, HTTPRequest(method: "POST", url: server.baseURL + "/v2/event/custom", body: .json(["n": .int(next)])))
        }, completion: { tag, result in
            if case .success(let r) = result { results[tag] = r.status }
        })
        #expect(results.count == 40)
        #expect(results.values.allSatisfy { $0 == 200 })
        #expect(server.received.count == 40)
        #expect(Set(server.received.map(\.bodyText)).count == 40)
        #expect(server.acceptedConnections <= 4)
    }

    @Test func manyAtOnceHonourWaits() throws {
        let server = try LoopbackServer()
        let transport = try ConcurrentTransport(options: TransportOptions(), concurrency: 2, redactor: Redactor(secrets: []))
        let start = MonotonicClock.now()
        var state = 0
        var done = 0
        try transport.run(next: {
            switch state {
            case 0: state = 1; return .wait(until: start + 0.2)
            case 1: state = 2; return .request(tag: 1, HTTPRequest(method: "GET", url: server.baseURL + "/a"))
            default: return .done
            }
        }, completion: { _, _ in done += 1 })
        #expect(done == 1)
        #expect(MonotonicClock.now() - start >= 0.2)
    }
}
