// bnc-api against a loopback server: the --curl rendering sends what bnc sends, secrets stay hidden,
// HTTP answers become the documented exit statuses.
import Foundation
import Testing
import TestSupport

@Suite struct APIAndCurlTests {
    static let secret = "secret_test_e2e0123456789"
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    func env(_ server: LoopbackServer) -> [String: String] {
        ["BRANCH_KEY": "key_test_e2e", "BRANCH_SECRET": Self.secret, "BNC_API_URL": server.baseURL]
    }

    let openArgs = ["POST", "/v1/open", "-f", "os=iOS", "-f", "os_version=17.4", "-f", "screen_width:=1179",
                    "-f", "user_agent=Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) 'quoted' $HOME",
                    "--ip", "8.8.4.4", "--with-secret", "-H", "X-Trace: a b"]

    @Test func curlRenderingSendsWhatBncSends() throws {
        let server = try LoopbackServer()
        let sent = try box.run("bnc-api", openArgs, env: env(server))
        #expect(sent.status == 0, "\(sent.stderr)")
        let rendered = try box.run("bnc-api", openArgs + ["--curl", "--show-secrets"], env: env(server))
        #expect(rendered.status == 0)
        #expect(server.received.count == 1, "--curl sends nothing")
        let viaCurl = try box.run("/bin/sh", ["-c", rendered.stdout.trimmingCharacters(in: .newlines) + " --silent --output /dev/null"])
        #expect(viaCurl.status == 0, "\(viaCurl.stderr)")
        let got = server.received
        try #require(got.count == 2)
        let (bnc, curl) = (got[0], got[1])
        #expect(bnc.method == curl.method)
        #expect(bnc.target == curl.target)
        #expect(bnc.body == curl.body)
        let norm: (ReceivedRequest) -> [String] = { r in r.headers.map { "\($0.name.lowercased()): \($0.value)" }.sorted() }
        #expect(norm(bnc) == norm(curl))
        #expect(bnc.header("X-IP-Override") == "8.8.4.4")
        #expect(bnc.header("User-Agent") == "bnc-api/0.1.0")
        #expect(bnc.bodyText.hasPrefix(#"{"branch_key":"key_test_e2e","os":"iOS","os_version":"17.4","screen_width":1179,"#))
        #expect(bnc.bodyText.contains(Self.secret))
    }

    @Test func noSecretInDryRunCurlVerboseOrErrors() throws {
        let server = try LoopbackServer(fallback: .json(400, #"{"error":{"message":"bad secret \#(Self.secret)","code":400}}"#))
        try box.write("token", "tok_e2e_abcdef123", mode: 0o600)
        let extra = ["--access-token-file", box.root.appendingPathComponent("token").path, "--with-access-token"]
        for args in [["--dry-run"], ["--curl"], ["-v"], ["-v", "--timing"], []] {
            let r = try box.run("bnc-api", openArgs + extra + args, env: env(server))
            #expect(!r.output.contains(Self.secret), "\(args): \(r.output)")
            #expect(!r.output.contains("tok_e2e_abcdef123"), "\(args)")
            if args.isEmpty || args.contains("-v") {
                #expect(r.status == 65)
                #expect(r.stderr.contains("bnc-api: error: HTTP 400: bad secret <redacted>"))
            }
        }
        let curl = try box.run("bnc-api", openArgs + ["--curl"], env: env(server))
        #expect(curl.stdout.hasPrefix("curl -sS --fail-with-body "), "\(curl.stdout)")
        #expect(curl.stderr.contains("the command has <redacted> where secrets go, so it will not work as printed: --show-secrets"), "\(curl.stderr)")
        #expect(!(try box.run("bnc-api", openArgs + ["--curl", "--show-secrets"], env: env(server))).stderr.contains("<redacted>"))
        let dry = try box.run("bnc-api", openArgs + ["--dry-run"], env: env(server))
        #expect(dry.stdout.contains(#""branch_secret": "<redacted>""#))
        let shown = try box.run("bnc-api", openArgs + ["--dry-run", "--show-secrets"], env: env(server))
        #expect(shown.stdout.contains(Self.secret))
        let verbose = try box.run("bnc-api", openArgs + ["-v"], env: env(server))
        #expect(verbose.stderr.contains("> POST /v1/open HTTP/1.1"))
        #expect(verbose.stderr.contains("branch_secret from environment BRANCH_SECRET"))
    }

    @Test(arguments: [
        (400, #"{"error":{"message":"Invalid or missing app id, Branch key, or secret","code":400}}"#, Int32(65)),
        (401, #"{"error":"unauthorized"}"#, 77),
        (403, #"{"error":{"message":"You don't have access to this type.","code":403}}"#, 77),
        (404, #"{"error":{"message":"not found","code":404}}"#, 65),
        (429, #"{"error":{"message":"Rate limit reached.","code":429}}"#, 75),
        (503, "<html><title>Service Unavailable</title></html>", 75),
    ])
    func httpStatusesBecomeExitStatuses(_ status: Int, _ body: String, _ exit: Int32) throws {
        let server = try LoopbackServer(fallback: .respond(status: status, headers: [("Retry-After", "0"), ("X-Branch-Request-Id", "rid-\(status)")], body: body))
        let r = try box.run("bnc-api", ["GET", "/v1/url", "-q", "url=https://x.app.link/a", "--retries", "1"], env: env(server))
        #expect(r.status == exit)
        #expect(r.stderr.hasPrefix("bnc-api: error: HTTP \(status): "))
        #expect(r.stderr.contains("(request id rid-\(status))"))
        if status == 400 || status == 401 {
            // Branch refused the credentials: which went, and from where, is the hint.
            #expect(r.stderr.split(separator: "\n").count == 2)
            #expect(r.stderr.contains("bnc-api: hint: sent the key key_test_e2e"), "\(r.stderr)")
        } else {
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
        let attempts = [429, 503].contains(status) ? 2 : 1
        #expect(server.received.count == attempts)
        #expect(server.received.first?.target == "/v1/url?url=https%3A%2F%2Fx.app.link%2Fa&branch_key=key_test_e2e")
    }

    @Test func successPrintsTheResponse() throws {
        let server = try LoopbackServer(fallback: .json(200, #"{"url":"https://x.app.link/abc","n":1}"#))
        let json = try box.run("bnc-api", ["POST", "/v1/url", "-f", "channel=email"], env: env(server))
        #expect(json.status == 0)
        #expect(json.stdout == "{\n  \"url\": \"https://x.app.link/abc\",\n  \"n\": 1\n}\n")
        let table = try box.run("bnc-api", ["POST", "/v1/url", "--output", "table"], env: env(server))
        #expect(table.stdout == "KEY  VALUE\nurl  https://x.app.link/abc\nn    1\n")
        let nd = try box.run("bnc-api", ["POST", "/v1/url", "--output", "ndjson"], env: env(server))
        #expect(nd.stdout == #"{"url":"https://x.app.link/abc","n":1}"# + "\n")
    }

    @Test func unreachableIsExit69() throws {
        // Port 9 (discard), which nothing here serves: a stopped server's port could be bound again by a test
        // running beside this one.
        let server = try LoopbackServer()
        var e = env(server)
        e["BNC_API_URL"] = "http://127.0.0.1:9"
        let r = try box.run("bnc-api", ["GET", "/v1/url", "--retries", "0"], env: e)
        #expect(r.status == 69)
        #expect(r.stderr.contains("cannot reach"))
        #expect(r.stderr.contains("hint:"))
    }

    @Test func badInputSendsNothing() throws {
        let server = try LoopbackServer()
        for (args, status) in [(["POST", "/v1/open", "--ip", "1.2.3"], Int32(64)), (["POST", "/v1/open", "-f", "x:={bad"], 64),
                               (["FETCH", "/v1/open"], 64), (["POST", "v1/open"], 64), (["POST", "/v1/open", "--body", "missing.json"], 66)] {
            let r = try box.run("bnc-api", args, env: env(server))
            #expect(r.status == status, "\(args): \(r.stderr)")
            #expect(r.stderr.hasPrefix("bnc-api: error: "))
        }
        let noKey = try box.run("bnc-api", ["GET", "/v1/url"], env: ["BNC_API_URL": server.baseURL])
        #expect(noKey.status == 78)
        #expect(server.received.isEmpty)
    }

    @Test func insecureWarnsEveryTime() throws {
        let server = try LoopbackServer()
        let r = try box.run("bnc-api", ["GET", "/x", "--insecure"], env: env(server))
        #expect(r.status == 0)
        #expect(r.stderr.contains("warning: --insecure"))
    }

    @Test func brokenPipeIsNotAnError() throws {
        let r = try box.run("/bin/sh", ["-c", "'\(Executables.path("bnc-api"))' --help | head -c 10 >/dev/null; exit ${PIPESTATUS:-0}"])
        #expect(r.status == 0)
        #expect(!r.stderr.contains("error"))
    }
}
