// QA round 29b (hostile input on bnc-mcp, --record/--replay, bnc-api and bnc-asa decode-iad), end to end against
// loopback servers and bnc-mcp over stdio: what is answered, sent, recorded and printed.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound19Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_live_PLACEHOLDERround19", secret = "secret_live_PLACEHOLDER_ROUND19"
    static let env = ["BRANCH_KEY": key, "BRANCH_SECRET": secret]
    static let initialize = [
        #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    ]

    static func answers(_ stdout: String) -> [Any] {
        stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
    }

    static func flat(_ stdout: String) -> [[String: Any]] {
        answers(stdout).flatMap { ($0 as? [[String: Any]]) ?? [$0 as? [String: Any]].compactMap { $0 } }
    }

    static func code(_ a: [String: Any]) -> Int? { (a["error"] as? [String: Any])?["code"] as? Int }

    /// F1, F9 and F10: over stdio one bad member of a batch made the whole batch a parse error under a made-up id,
    /// its good requests never answered and the end of input waiting ten minutes; a member with a null id was
    /// answered under ""; params of the wrong type were internal errors; a tools/call before initialize ran.
    @Test func stdioJudgesBatchMembersAndTheLifecycle() throws {
        let early = try box.run("/usr/bin/timeout", ["60", Executables.path("bnc-mcp")], env: Self.env,
                                stdin: #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"long_link","arguments":{}}}"# + "\n"
                                    + #"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\n")
        let first = Self.flat(early.stdout)
        #expect(first.first { $0["id"] as? Int == 1 }.flatMap(Self.code) == -32600, "\(early.stdout)")
        #expect((first.first { $0["id"] as? Int == 1 }?["error"] as? [String: Any])?["message"] as? String == "Invalid Request: tools/call before initialize: the session starts with initialize (MCP lifecycle)")
        #expect(first.first { $0["id"] as? Int == 2 }?["result"] != nil, "a ping is answered at any time")
        let messages = Self.initialize + [
            #"[{"jsonrpc":"2.0","id":{"a":1},"method":"ping"},{"jsonrpc":"2.0","id":7,"method":"ping"}]"#,
            #"[{"jsonrpc":"2.0","id":10,"method":5},{"id":11,"method":"ping"},{"jsonrpc":"2.0","id":null,"method":"ping"},{"jsonrpc":"2.0","id":12,"method":"ping"}]"#,
            #"[{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"tune_map","arguments":[1]}}]"#,
            #"{"jsonrpc":"2.0","id":14,"method":"tools/list","params":"x"}"#,
            #"{"jsonrpc":"2.0","id":15,"method":"resources/read"}"#,
        ]
        let start = Date()
        let r = try box.run("/usr/bin/timeout", ["60", Executables.path("bnc-mcp")], env: Self.env, stdin: messages.joined(separator: "\n") + "\n")
        #expect(r.status == 0 && Date().timeIntervalSince(start) < 30, "\(r.status) \(r.stderr.suffix(300))")
        let all = Self.flat(r.stdout)
        func answer(_ id: Int) -> [String: Any]? { all.first { $0["id"] as? Int == id } }
        #expect(answer(7)?["result"] != nil && answer(12)?["result"] != nil, "the good members are answered: \(r.stdout)")
        #expect(answer(10).flatMap(Self.code) == -32600 && answer(11).flatMap(Self.code) == -32600, "\(r.stdout)")
        #expect(all.filter { $0["id"] is NSNull }.compactMap(Self.code) == [-32600, -32600], "the object id and the null id: \(r.stdout)")
        #expect(!all.contains { $0["id"] as? String == "" } && !all.contains { ($0["id"] as? String)?.count == 36 }, "no made-up id: \(r.stdout)")
        #expect(answer(13).flatMap(Self.code) == -32602 && answer(14).flatMap(Self.code) == -32602 && answer(15).flatMap(Self.code) == -32602, "\(r.stdout)")
        // JSON-RPC 2.0 §6: each batch is answered by one array, its refused members beside the SDK's answers
        // (they were a second array of their own).
        let arrays = Self.answers(r.stdout).compactMap { $0 as? [Any] }.map(\.count).sorted()
        #expect(arrays == [1, 2, 4], "one array a batch: \(r.stdout)")
    }

    /// F2: tune_map and tune_check read a path in `request`: a FIFO held the call for ever, /dev/zero a core.
    /// A path on disk must be a regular file; a logged request is still read as one.
    @Test func aRequestThatNamesADeviceOrAFIFOIsRefused() throws {
        let fifo = box.home + "/requests.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let calls = [("tune_map", "/dev/zero"), ("tune_check", fifo),
                     ("tune_check", "/serve?action=session&advertiser_id=877&site_id=1234&sdk=ios&ios_ifv=6A14E2B0-1C3D-4E5F-8A9B-0C1D2E3F4A5B")]
        let messages = Self.initialize + calls.enumerated().map { i, c in
            #"{"jsonrpc":"2.0","id":\#(i + 1),"method":"tools/call","params":{"name":"\#(c.0)","arguments":{"request":"\#(c.1)"}}}"#
        }
        let start = Date()
        let r = try box.run("/usr/bin/timeout", ["60", Executables.path("bnc-mcp")], env: Self.env, stdin: messages.joined(separator: "\n") + "\n")
        #expect(r.status == 0 && Date().timeIntervalSince(start) < 30, "\(r.status) \(r.stderr.suffix(300))")
        let all = Self.flat(r.stdout)
        func text(_ id: Int) -> String {
            ((all.first { $0["id"] as? Int == id }?["result"] as? [String: Any])?["content"] as? [[String: Any]])?.compactMap { $0["text"] as? String }.joined() ?? ""
        }
        #expect(text(1).contains("must name a regular file; /dev/zero is a device"), "\(r.stdout)")
        #expect(text(2).contains("is a FIFO"), "\(r.stdout)")
        #expect(text(3).contains("findings") || text(3).contains("severity") || text(3).contains("rule"), "a request is still checked: \(text(3).prefix(300))")
    }

    /// F3: calls waiting on a server that never answers held every thread: an unrelated call took 35 s and a ping
    /// got no answer. They run on threads of their own now, at most 16 at once.
    @Test func slowCallsDoNotHoldTheServer() throws {
        let silent = try LoopbackServer(fallback: .after(seconds: 40, .json(200, "{}")))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Executables.path("bnc-mcp"))
        p.arguments = ["--api-url", "http://127.0.0.1:\(silent.port)"]
        p.environment = box.environment(Self.env)
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGTERM) }; p.waitUntilExit(); silent.stop() }
        let reads = (1...24).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"tools/call","params":{"name":"read_link","arguments":{"url":"https://bnc.lt/x\#($0)","send":true}}}"# }
        let quick = [#"{"jsonrpc":"2.0","id":100,"method":"ping"}"#,
                     #"{"jsonrpc":"2.0","id":101,"method":"tools/call","params":{"name":"long_link","arguments":{"channel":"c"}}}"#]
        var seen = Data()
        let reader = output.fileHandleForReading
        func wait(for wanted: Set<Int>, seconds: Double) -> Set<Int> {
            let from = Date()
            var ids = Set<Int>()
            while Date().timeIntervalSince(from) < seconds && !wanted.isSubset(of: ids) {
                var ready = pollfd(fd: reader.fileDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 500) > 0 else { continue }
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                seen += chunk
                ids = Set(Self.flat(String(decoding: seen, as: UTF8.self)).compactMap { $0["id"] as? Int })
            }
            return ids
        }
        // A first call, answered once the commands' declarations are read (the first call waits for them).
        let warm = #"{"jsonrpc":"2.0","id":50,"method":"tools/call","params":{"name":"long_link","arguments":{"channel":"w"}}}"#
        input.fileHandleForWriting.write(Data(((Self.initialize + [warm]).joined(separator: "\n") + "\n").utf8))
        #expect(wait(for: [50], seconds: 60).contains(50), "the first call is answered")
        input.fileHandleForWriting.write(Data((reads.joined(separator: "\n") + "\n").utf8))
        usleep(1_500_000)
        let asked = Date()
        input.fileHandleForWriting.write(Data((quick.joined(separator: "\n") + "\n").utf8))
        let ids = wait(for: [100, 101], seconds: 20)
        #expect(ids.contains(100) && ids.contains(101), "answered in \(Date().timeIntervalSince(asked)) s: \(ids.sorted())")
        #expect(Date().timeIntervalSince(asked) < 8, "a ping and an offline call while 24 calls wait on a silent server (10-17 s before)")
        #expect(!ids.contains(1), "the slow calls still wait")
    }

    /// F4 and F8: a recording kept the answer's Location in clear in redirectURL (masked in headers), and a
    /// credential written with a JSON escape (`secret\u005flive_…`) or percent-encoded in an answer in clear.
    @Test func recordingsMaskRedirectsAndEscapedSecrets() throws {
        let server = try LoopbackServer()
        server.choose { _ in
            .respond(status: 302, headers: [("Location", "https://x.example/cb?branch_secret=LOCATIONPLACEHOLDER9"), ("Content-Type", "application/json")],
                     body: #"{"a":"secret\u005flive_PLACEHOLDER_JSON_ESCAPED_ANSWER","b":"secret%5Flive%5FPLACEHOLDER_PERCENT_ANSWER"}"#)
        }
        let har = box.root.appendingPathComponent("rec.har").path
        let run = try box.run("bnc-api", ["GET", "/v1/url", "-q", "url=https://bnc.lt/x", "--api-url", "http://127.0.0.1:\(server.port)", "--record", har, "-v"], env: Self.env)
        let recorded = try String(contentsOfFile: har, encoding: .utf8)
        for leaked in ["LOCATIONPLACEHOLDER9", "PLACEHOLDER_JSON_ESCAPED_ANSWER", "PLACEHOLDER_PERCENT_ANSWER"] {
            #expect(!recorded.contains(leaked), "the recording holds \(leaked)")
            #expect(!run.stdout.contains(leaked) && !run.stderr.contains(leaked), "\(leaked): \(run.output)")
        }
        #expect(recorded.contains(#""redirectURL":"https://x.example/cb?branch_secret=<redacted>""#) || recorded.contains(#""redirectURL": "https://x.example/cb?branch_secret=<redacted>""#), "\(recorded.prefix(2000))")
    }

    /// F5 and F6: --replay sent what a typed request is refused for (a junk X-IP-Override, a body "ip" with a zone,
    /// a JSON array body, another app's clear branch_secret), and -q took another app's branch_key or secret.
    @Test func replayedAndQueriedRequestsPassTheTypedChecks() throws {
        let server = try LoopbackServer()
        let url = "http://127.0.0.1:\(server.port)"
        for (name, value) in [("branch_key", "key_live_PLACEHOLDERotherapp"), ("branch_secret", "secret_live_PLACEHOLDER_OTHER_APP")] {
            let run = try box.run("bnc-api", ["GET", "/v1/url", "-q", "\(name)=\(value)", "--api-url", url], env: Self.env)
            #expect(run.status == 65 && run.stderr.contains("\(name) is not this run's"), "\(run.output)")
        }
        func entry(_ request: String) -> String { #"{"request":\#(request),"response":{"status":200}}"# }
        let bad = [
            (#"{"method":"GET","url":"https://api2.branch.io/v1/url?url=x","headers":[{"name":"X-IP-Override","value":"junk"}]}"#, "X-IP-Override"),
            (#"{"method":"POST","url":"https://api2.branch.io/v2/event/standard","headers":[],"postData":{"mimeType":"application/json","text":"{\"name\":\"PURCHASE\",\"ip\":\"fe80::1%eth0\"}"}}"#, "ip"),
            (#"{"method":"POST","url":"https://api2.branch.io/v2/event/standard","headers":[],"postData":{"mimeType":"application/json","text":"[1,2]"}}"#, "must be an object"),
        ]
        for (request, says) in bad {
            let file = try box.write("bad.har", #"{"log":{"entries":[\#(entry(request))]}}"#)
            let run = try box.run("bnc-api", ["--replay", file, "--api-url", url], env: Self.env)
            #expect(run.status == 65 && run.stderr.contains(says), "\(says): \(run.output)")
        }
        #expect(server.received.isEmpty, "nothing sent")
        let other = try box.write("other.har", #"{"log":{"entries":[\#(entry(#"{"method":"GET","url":"https://api2.branch.io/v1/app/x?branch_secret=secret_live_PLACEHOLDER_OTHER_APP","headers":[]}"#))]}}"#)
        let replayed = try box.run("bnc-api", ["--replay", other, "--api-url", url], env: Self.env)
        #expect(replayed.status == 0, "\(replayed.output)")
        #expect(server.received.last?.target.contains("branch_secret=\(Self.secret)") == true, "the run's secret, not the recorded one: \(server.received.last?.target ?? "")")
    }

    /// F7: decode-iad printed what the payload held in clear (a credential's shape, a branch_secret member).
    @Test func decodeIAdMasksWhatThePayloadHolds() throws {
        let payload = try box.write("iad.json", #"{"Version3.1":{"iad-attribution":"true","iad-keyword":"secret_live_PLACEHOLDER_IAD_KEYWORD1","branch_secret":"IADSECRETPLACEHOLDER","iad-org-name":"Org"}}"#)
        for format in ["json", "table"] {
            let run = try box.run("bnc-asa", ["decode-iad", payload, "--output", format])
            #expect(run.status == 0 && run.stdout.contains("<redacted>") && run.stdout.contains("Org"), "\(run.output)")
            #expect(!run.stdout.contains("PLACEHOLDER_IAD_KEYWORD1") && !run.stdout.contains("IADSECRETPLACEHOLDER"), "\(run.stdout)")
        }
        let shown = try box.run("bnc-asa", ["decode-iad", payload, "--show-secrets", "--output", "json"])
        #expect(shown.stdout.contains("PLACEHOLDER_IAD_KEYWORD1"), "\(shown.output)")
    }
}
