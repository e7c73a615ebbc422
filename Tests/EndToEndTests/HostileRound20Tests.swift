// QA round 30a (the rules of rounds 29a and 29b chased into other tools), end to end against loopback servers and
// bnc-mcp over stdio: a cut message keeps no head of a secret, a batch's answers and a --body pass the single
// request's checks, reports and images never take a redirected stream's file, devices are no exports.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound20Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_live_PLACEHOLDERround20", secret = "secret_live_PLACEHOLDER0ROUND20SECRET0123"
    static let env = ["BRANCH_KEY": key, "BRANCH_SECRET": secret]

    /// F1: an error answer was cut to its first 200 or 1,000 characters before it was masked, so a secret the cut
    /// fell inside showed its head (`secret_live_PLACEHOLDE…`). No part of it shows, wherever the cut falls.
    @Test func aCutErrorKeepsNoHeadOfASecret() throws {
        for pad in [150, 155, 158, 170, 180] {
            let server = try LoopbackServer()
            server.choose { _ in .json(400, #"{"pad":"\#(String(repeating: "p", count: pad))","echo":"k=\#(Self.secret)"}"#) }
            let run = try box.run("bnc-link", ["create", "--channel", "x", "--api-url", "http://127.0.0.1:\(server.port)"], env: Self.env)
            #expect(run.status == 65 && !run.stderr.contains("secret_live_PLACE"), "pad \(pad): \(run.stderr)")
        }
    }

    /// F2: bnc-open --batch took answers a single bnc-open refuses (an array, `data` a number, a token with an
    /// escape) as `ok`; each fails its line now, with the single call's message.
    @Test func openBatchAnswersPassTheSingleChecks() throws {
        let answers = [#"[{"not":"a session"}]"#, #"{"session_id":"1","randomized_bundle_token":"b1","data":7}"#,
                       #"{"session_id":"1","randomized_bundle_token":"tok\u001b[31mEVIL\nline2","data":"{}"}"#]
        for answer in answers {
            let server = try LoopbackServer()
            server.choose { _ in .json(200, answer) }
            let line = #"{"os":"iOS","os_version":"17.4","app_version":"2.3.0","model":"iPhone15,2","user_agent":"UA","ios_vendor_id":"1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11","ip":"8.8.4.4"}"#
            let lines = try box.write("open.ndjson", line + "\n")
            let run = try box.run("bnc-open", ["--batch", lines, "--api-url", "http://127.0.0.1:\(server.port)"], env: Self.env)
            #expect(run.status == 1 && run.stdout.contains(#""ok":false"#) && run.stdout.contains(#""status":200"#) && run.stdout.contains("v1/open"), "\(answer): \(run.output)")
        }
    }

    /// F3: `--body` of another app's key or secret was sent (bnc-event warned, bnc-open put the run's in its place);
    /// a batch line is refused for it. Refused alike (65), nothing sent.
    @Test func aBodyOfAnotherAppIsRefused() throws {
        let server = try LoopbackServer()
        let url = "http://127.0.0.1:\(server.port)"
        let event = try box.write("e.json", #"{"name":"PURCHASE","branch_key":"key_live_PLACEHOLDERotherapp","user_data":{"os":"Android","android_id":"a0000000000000001"}}"#)
        let sent = try box.run("bnc-event", ["send", "--body", event, "--api-url", url], env: Self.env)
        #expect(sent.status == 65 && sent.stderr.contains("branch_key is not this run's key"), "\(sent.output)")
        let open = try box.write("o.json", #"{"os":"iOS","os_version":"17.4","app_version":"2.3.0","model":"iPhone15,2","user_agent":"UA","ios_vendor_id":"1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11","branch_secret":"secret_live_PLACEHOLDER_OTHER_APP_SECRET"}"#)
        let opened = try box.run("bnc-open", ["--body", open, "--ip", "8.8.4.4", "--api-url", url], env: Self.env)
        #expect(opened.status == 65 && opened.stderr.contains("branch_secret is not this run's secret"), "\(opened.output)")
        #expect(server.received.isEmpty, "nothing sent")
    }

    /// F6 and F7: `qr --batch --out-dir D > D/qr-1.png` wrote the image over the results; `reconcile --export
    /// /dev/zero` read a GB before refusing it.
    @Test func imagesAndExportsAreNoStreamsOrDevices() throws {
        let server = try LoopbackServer()
        let lines = try box.write("qr.ndjson", #"{"data":{"$canonical_url":"https://example.com/a"}}"# + "\n")
        try FileManager.default.createDirectory(atPath: box.home + "/d", withIntermediateDirectories: true)
        let qr = try box.run("/bin/sh", ["-c", "'\(Executables.path("bnc-link"))' qr --batch qr.ndjson --out-dir d --api-url http://127.0.0.1:\(server.port) > d/qr-1.png"], env: Self.env)
        let kept = try String(contentsOfFile: box.home + "/d/qr-1.png", encoding: .utf8)
        #expect(qr.status != 0 && kept.contains("names the file standard output goes to"), "\(qr.output) \(kept)")
        #expect(server.received.isEmpty && lines.hasSuffix("qr.ndjson"))
        let log = try box.write("log.txt", "/serve?action=session&advertiser_id=877&site_id=1234&sdk=ios&ios_ifv=6A14E2B0-1C3D-4E5F-8A9B-0C1D2E3F4A5B\n")
        let start = Date()
        let zero = try box.run("bnc-tune", ["reconcile", log, "--export", "/dev/zero"])
        #expect(zero.status == 65 && zero.stderr.contains("/dev/zero is a device, not a file of rows") && Date().timeIntervalSince(start) < 10, "\(zero.output)")
    }
}
