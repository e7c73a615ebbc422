// QA round 28b (hostile answers to bnc-asa, bnc-export and bnc-app), end to end against loopback servers that play
// Apple's and Branch's part: what is printed, kept, followed and sent back.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound17Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let token = "hzeu5gR2NL/uYqnDRfNq+j7weu8XPLACEHOLDERtokenAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=="

    /// F1 and F2: an "Apple" that echoes the token: `--batch` printed it in clear (a single lookup masked it), and
    /// the cache kept the answer, token and a credential included, in state.db in clear.
    @Test func anEchoedTokenIsMaskedInBatchResultsAndInTheCache() throws {
        let server = try LoopbackServer()
        server.choose { request in
            .json(200, #"{"attribution":true,"orgId":1,"campaignId":2,"adGroupId":3,"keywordId":4,"echo":"\#(request.bodyText)","note":"secret_live_PLACEHOLDER_ASA_ECHO_NOTE"}"#)
        }
        let url = "http://127.0.0.1:\(server.port)"
        let lines = try box.write("tokens.ndjson", #"{"token":"\#(Self.token)"}"# + "\n")
        let batch = try box.run("bnc-asa", ["lookup", "--batch", lines, "--api-url", url])
        #expect(batch.status == 0 && batch.stdout.contains(#""echo":"<redacted>""#), "\(batch.output)")
        #expect(!batch.stdout.contains("PLACEHOLDERtoken") && !batch.stdout.contains("PLACEHOLDER_ASA_ECHO"))
        let single = try box.run("bnc-asa", ["lookup", Self.token, "--api-url", url, "--output", "json"])
        #expect(single.status == 0, "\(single.output)")
        let db = try Data(contentsOf: box.root.appendingPathComponent(".local/state/bnc/state.db"))
        #expect(db.range(of: Data("PLACEHOLDERtoken".utf8)) == nil && db.range(of: Data("PLACEHOLDER_ASA_ECHO".utf8)) == nil, "state.db keeps a secret")
        let cached = try box.run("bnc-asa", ["lookup", Self.token, "--api-url", url, "--output", "json"])
        #expect(cached.status == 0 && cached.stderr.contains("from the cache") && cached.stdout.contains("<redacted>"), "\(cached.output)")
    }

    /// F3: a custom export job's response_url was followed with a user name (sending Basic credentials), and an
    /// `httpfoo:` scheme was tried four times and called an unreachable service (69). It is held to the daily
    /// files' rule: 76 at once, nothing fetched.
    @Test(arguments: ["http://trusted.example@127.0.0.1:PORT/file.csv", "httpfoo://127.0.0.1:PORT/file.csv", "http://127.0.0.1:PORT/fi le.csv"])
    func aJobsFileURLIsHeldToTheDailyFilesRule(_ given: String) throws {
        let server = try LoopbackServer()
        let port = server.port
        server.choose { request in
            if request.method == "POST" { return .json(200, #"{"handle":"h1"}"#) }
            if request.path.hasPrefix("/v2/logs/h1") {
                return .json(200, #"{"status":"complete","response_url":"\#(given.replacingOccurrences(of: "PORT", with: String(port)))","lines_exported":1}"#)
            }
            return .respond(status: 200, headers: [("Content-Type", "text/csv")], body: "a,b\n1,2\n")
        }
        let env = ["BRANCH_KEY": "key_live_PLACEHOLDERexport", "BRANCH_ACCESS_TOKEN": "api_app_PLACEHOLDER_EXPORT_TOKEN", "BRANCH_APP_ID": "123456"]
        let run = try box.run("bnc-export", ["custom", "--api-url", "http://127.0.0.1:\(port)", "--topic", "eo_install",
                                             "--start", "2026-11-20T00:00:00Z", "--end", "2026-11-21T00:00:00Z", "--dir", box.root.appendingPathComponent("d").path], env: env)
        #expect(run.status == 76 && run.stderr.contains("response_url is not a file URL"), "\(run.output)")
        #expect(!server.received.contains { $0.path.hasPrefix("/file") || $0.path.hasPrefix("/fi") }, "nothing fetched")
        #expect(!server.received.contains { $0.header("Authorization") != nil })
    }

    /// F6: bnc-app sent the app's current dev_email back unchecked (NUL, CR/LF, 10 KB); given with --set the same
    /// value is refused. Held to the field's rule: 76, no update sent.
    @Test func theAppsCurrentDevEmailIsCheckedBeforeItIsSentBack() throws {
        let server = try LoopbackServer()
        server.choose { request in
            request.method == "GET" ? .json(200, #"{"app_name":"old","dev_email":"not an email\u0000\r\nX-Injected: 1"}"#) : .json(200, #"{"app_name":"new"}"#)
        }
        let env = ["BRANCH_KEY": "key_live_PLACEHOLDERapp", "BRANCH_SECRET": "secret_live_PLACEHOLDER_APP_SECRET"]
        let run = try box.run("bnc-app", ["update", "--api-url", "http://127.0.0.1:\(server.port)", "--set", "app_name=new"], env: env)
        #expect(run.status == 76 && run.stderr.contains("the app's current dev_email, sent with every update, breaks its rule"), "\(run.output)")
        #expect(!server.received.contains { $0.method == "PUT" })
    }

    /// F5: a truncated gzip file the server sent whole was renamed into --dir, and every later run reused it and
    /// failed (76) without fetching it again. It is 76 with nothing kept, and the next run fetches and prints it.
    @Test func aDownloadThatIsNotWholeGzipIsNotKept() throws {
        let plain = "id,name\n" + (1...500).map { "\($0),OPEN\n" }.joined()
        let gz = [UInt8](try GzipTool.gzip(plain))
        let server = try LoopbackServer()
        let port = server.port
        let served = Served()
        server.choose { request in
            if request.method == "POST" { return .json(200, #"{"handle":"h1"}"#) }
            if request.path.hasPrefix("/v2/logs/h1") {
                return .json(200, #"{"status":"complete","response_url":"http://127.0.0.1:\#(port)/files/eo_install.csv.gz","lines_exported":500}"#)
            }
            return .respondBytes(status: 200, headers: [("Content-Type", "application/gzip")], body: served.next() == 1 ? Array(gz.dropLast(9)) : gz)
        }
        let env = ["BRANCH_KEY": "key_live_PLACEHOLDERexport", "BRANCH_ACCESS_TOKEN": "api_app_PLACEHOLDER_EXPORT_TOKEN", "BRANCH_APP_ID": "123456"]
        let dir = box.root.appendingPathComponent("d").path
        let args = ["custom", "--api-url", "http://127.0.0.1:\(port)", "--topic", "eo_install", "--output", "csv",
                    "--start", "2026-11-20T00:00:00Z", "--end", "2026-11-21T00:00:00Z", "--dir", dir]
        let first = try box.run("bnc-export", args, env: env)
        #expect(first.status == 76 && first.stderr.contains("ends inside a member (truncated)") && first.stderr.contains("let go"), "\(first.output)")
        #expect(first.stdout.isEmpty, "no rows of a truncated file printed: \(first.stdout.prefix(200))")
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        #expect(kept.allSatisfy { $0.hasSuffix(".part") && ((try? Data(contentsOf: URL(fileURLWithPath: dir + "/" + $0)))?.isEmpty ?? true) }, "kept: \(kept)")
        let second = try box.run("bnc-export", args, env: env)
        #expect(second.status == 0 && second.stdout.contains("500,OPEN"), "\(second.output)")
        #expect(server.received.filter { $0.path.hasPrefix("/files/") }.count == 2, "fetched again")
    }

    final class Served: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int { lock.lock(); defer { lock.unlock() }; count += 1; return count }
    }
}
