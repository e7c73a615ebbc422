// bnc-link against bnc-sandbox: alias idempotency and conflicts, bulk with a bad item, read, update --merge,
// delete, Quick Link access, the opt-in long-link fallback, batches, and links clicked then attributed by bnc-open.
import Foundation
import Testing
import TestSupport

@Suite struct LinkEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_test_linke2e01"
    static let ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15"

    func sandbox(_ extra: [String] = []) throws -> SandboxProcess {
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"secret_test_linke2e01","app_id":"4242","access_token":"tok_link_e2e_0001"}]"#)
        return try SandboxProcess(["--keys", keys] + extra)
    }

    func env(_ s: SandboxProcess) -> [String: String] {
        ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": "secret_test_linke2e01"]
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// An answer that is one value scripts: the URL bare into a pipe (`url=$(bnc-link create ...)`), the object
    /// with --output json; a batch's results are NDJSON, one JSON array with --output json, and never a table.
    @Test func answersThatScript() throws {
        let s = try sandbox()
        let bare = try box.run("bnc-link", ["create", "--channel", "sms"], env: env(s))
        #expect(bare.status == 0 && bare.stdout.hasPrefix(s.url + "/") && bare.stdout.hasSuffix("\n") && !bare.stdout.contains("{"), "\(bare.stdout)")
        #expect(bare.stdout.split(separator: "\n").count == 1)
        let long = try box.run("bnc-link", ["long", "--domain", "example.app.link", "--channel", "sms"], env: env(s))
        #expect(long.stdout.hasPrefix("https://example.app.link/a/\(Self.key)?"), "\(long.stdout)")
        let object = try box.run("bnc-link", ["create", "--channel", "sms", "--output", "json"], env: env(s))
        #expect((try json(object.stdout)["url"] as? String)?.hasPrefix(s.url) == true)
        let input = try box.write("links.ndjson", #"{"channel":"a"}"# + "\n" + #"{"channel":"b"}"# + "\n")
        let array = try box.run("bnc-link", ["create", "--batch", input, "--output", "json"], env: env(s))
        let results = try #require(try JSONSerialization.jsonObject(with: Data(array.stdout.utf8)) as? [[String: Any]], "\(array.stdout)")
        #expect(results.map { $0["line"] as? Int } == [1, 2] && results.allSatisfy { $0["ok"] as? Bool == true })
        let bulk = try box.run("bnc-link", ["bulk", input, "--output", "json"], env: env(s))
        #expect((try JSONSerialization.jsonObject(with: Data(bulk.stdout.utf8)) as? [[String: Any]])?.count == 2, "\(bulk.stdout)")
        for args in [["create", "--batch", input, "--output", "table"], ["bulk", input, "--output", "table"]] {
            let table = try box.run("bnc-link", args, env: env(s))
            #expect(table.status == 64 && table.stderr.contains("--output table cannot show a batch"), "\(table.stderr)")
        }
        let csv = try box.run("bnc-link", ["bulk", input, "--output", "csv"], env: env(s))
        #expect(csv.status == 64 && csv.stderr.contains("--output csv cannot show a batch"), "printed NDJSON: \(csv.output)")
        let ndjson = try box.run("bnc-link", ["create", "--batch", input], env: env(s))
        #expect(ndjson.stdout.split(separator: "\n").count == 2 && ndjson.stdout.hasPrefix("{"))
        // A line's warning names the first line that gave it (a 10,000-line file's was not to be found).
        let odd = try box.write("odd.ndjson", #"{"channel":"a"}"# + "\n" + #"{"chanel":"b"}"# + "\n" + #"{"chanel":"c"}"# + "\n")
        let warned = try box.run("bnc-link", ["create", "--batch", odd], env: env(s))
        #expect(warned.stderr.contains("warning: line 2: chanel is not a link field"), "\(warned.stderr)")
        #expect(!warned.stderr.contains("line 3"), "said once: \(warned.stderr)")
    }

    @Test func anAliasIsIdempotentAndAConflictNamesWhatDiffers() throws {
        for legacy in [false, true] {
            let s = try sandbox(legacy ? ["--legacy-409"] : [])
            let args = ["create", "--alias", "spring", "--channel", "email", "--param", "$og_title=Sale", "--output", "json"]
            let first = try box.run("bnc-link", args, env: env(s))
            #expect(first.status == 0, "\(first.stderr)")
            #expect(try json(first.stdout)["url"] as? String == s.url + "/spring")
            #expect(try box.run("bnc-link", args, env: env(s)).stdout == first.stdout, "same parameters: the same link")
            let changed = try box.run("bnc-link", ["create", "--alias", "spring", "--channel", "email", "--param", "$og_title=Sale!"], env: env(s))
            #expect(changed.status == 65)
            #expect(changed.stderr.contains("alias spring is taken by a link with other parameters: it differs in data.$og_title"),
                    "\(changed.stderr)")
            #expect(changed.stderr.contains("idempotent only for identical parameters"), "409 and 400 are explained alike")
            // $one_time_use is Branch's read-back of the link's type, never the creator's: not a difference.
            #expect(!changed.stderr.contains("one_time_use"), "\(changed.stderr)")
        }
    }

    @Test func bulkWithABadItemAnswersEveryItemInOrder() throws {
        let s = try sandbox()
        let input = try box.write("links.ndjson", [#"{"channel":"a"}"#, #"{"alias":"bad alias"}"#, #"{"alias":"bulk-1","channel":"b"}"#,
                                                    #"{"type":5}"#].joined(separator: "\n"))
        let r = try box.run("bnc-link", ["bulk", input], env: env(s))
        #expect(r.status == 1, "\(r.stderr)")
        let lines = try r.stdout.split(separator: "\n").map { try json(String($0)) }
        #expect(lines.map { $0["line"] as? Int } == [1, 2, 3, 4])
        #expect(lines.map { $0["ok"] as? Bool } == [true, false, true, false])
        #expect((lines[1]["error"] as? String)?.hasPrefix("alias may hold letters") == true)
        #expect((lines[2]["url"] as? String)?.hasSuffix("/bulk-1") == true)
        let bodies = try s.received().compactMap { $0["body"] as? [Any] }
        #expect(bodies.count == 1 && bodies[0].count == 2, "only the two good items were sent, in one chunk")
    }

    /// An item no chunk can carry is refused before anything is sent, and a chunk Branch refuses fails its own
    /// items: the chunks after it are still sent, every item has its line, exit 1. (One 413 ended the run, exit
    /// 65, the items after it neither sent nor reported.)
    @Test func bulkGoesOnPastAFailedChunk() throws {
        func item(_ channel: String, _ size: Int) -> String { #"{"channel":"\#(channel)","data":{"blob":"\#(String(repeating: "x", count: size))"}}"# }
        let input = try box.write("big.ndjson", [item("s1", 10), item("big", 120_000), item("s3", 60_000), item("s4", 60_000)].joined(separator: "\n"))
        let s = try sandbox()
        let r = try box.run("bnc-link", ["bulk", input], env: env(s))
        #expect(r.status == 1, "\(r.stderr)")
        var lines = try r.stdout.split(separator: "\n").map { try json(String($0)) }
        #expect(lines.map { $0["line"] as? Int } == [1, 2, 3, 4])
        #expect(lines.map { $0["ok"] as? Bool } == [true, false, true, true])
        #expect((lines[1]["error"] as? String)?.contains("over the 95 KB a bulk request carries") == true, "\(lines[1])")
        let chunks = try s.received().compactMap { ($0["body"] as? [[String: Any]])?.compactMap { $0["channel"] as? String } }
        #expect(chunks == [["s1", "s3"], ["s4"]], "the big item never sent")

        let refusing = try sandbox(["--chaos", "402=1"])
        let failed = try box.run("bnc-link", ["bulk", input], env: env(refusing))
        #expect(failed.status == 1, "\(failed.stderr)")
        lines = try failed.stdout.split(separator: "\n").map { try json(String($0)) }
        #expect(lines.map { $0["line"] as? Int } == [1, 2, 3, 4] && lines.allSatisfy { $0["ok"] as? Bool == false })
        #expect((lines[2]["error"] as? String)?.contains("402") == true, "\(lines[2])")
        #expect(try refusing.received().filter { ($0["path"] as? String)?.hasPrefix("/v1/url/bulk/") == true }.count == 2, "every chunk was sent")
        #expect(failed.stderr.contains("4 links, 0 created, 4 failed"), "\(failed.stderr)")
    }

    @Test func readUpdateMergeAndDelete() throws {
        let s = try sandbox()
        let url = s.url + "/m1"
        #expect(try box.run("bnc-link", ["create", "--alias", "m1", "--param", "color=red", "--param", "$deeplink_path=a/1"], env: env(s)).status == 0)
        let read = try box.run("bnc-link", ["read", url, "--output", "json"], env: env(s))
        #expect(((try json(read.stdout))["data"] as? [String: Any])?["color"] as? String == "red")
        let plain = try box.run("bnc-link", ["update", url, "--param", "$og_title=T"], env: env(s))
        #expect(plain.status == 65)
        #expect(plain.stderr.contains("data would lose color, $deeplink_path:") || plain.stderr.contains("data would lose $deeplink_path, color:"), "\(plain.stderr)")
        let merged = try box.run("bnc-link", ["update", url, "--merge", "--param", "$og_title=T", "--output", "json"], env: env(s))
        #expect(merged.status == 0, "\(merged.stderr)")
        let data = try #require((try json(merged.stdout))["data"] as? [String: Any])
        #expect(data["color"] as? String == "red" && data["$og_title"] as? String == "T" && data["$deeplink_path"] as? String == "a/1")
        let replaced = try box.run("bnc-link", ["update", url, "--replace", "--param", "only=this", "--output", "json"], env: env(s))
        #expect(((try json(replaced.stdout))["data"] as? [String: Any])?["color"] == nil, "--replace drops what is not resent")
        let token = try box.write("token", "tok_link_e2e_0001")
        let del = try box.run("bnc-link", ["delete", url, "--app-id", "4242", "--access-token-file", token], env: env(s))
        #expect(del.status == 0, "\(del.stderr)")
        #expect(!del.output.contains("tok_link_e2e_0001"))
        let gone = try box.run("bnc-link", ["read", url], env: env(s))
        #expect(gone.status == 65 && gone.stderr.contains("404"), "\(gone.stderr)")
    }

    @Test func quickLinksNeedAccessAndNothingFallsBackSilently() throws {
        let s = try sandbox()
        let denied = try box.run("bnc-link", ["create", "--type", "2", "--param", "$marketing_title=Launch"], env: env(s))
        #expect(denied.status == 77)
        #expect(denied.stderr.contains("You don't have access to this type") && denied.stderr.contains("Quick Links API access"), "\(denied.stderr)")
        let fallback = try box.run("bnc-link", ["create", "--type", "2", "--param", "$marketing_title=Launch", "--fallback-long",
                                                "--domain", "example.app.link", "--output", "json"], env: env(s))
        #expect(fallback.status == 0)
        #expect(fallback.stderr.contains("--fallback-long: printing a long link instead"))
        #expect((try json(fallback.stdout)["url"] as? String)?.hasPrefix("https://example.app.link/a/\(Self.key)?") == true)
    }

    @Test func aCreatedLinkAndALongLinkAreClickedThenAttributedByBncOpen() throws {
        let s = try sandbox()
        let open = ["--os", "ios", "--os-version", "17.4", "--model", "iPhone15,2", "--app-version", "2.3.0", "--user-agent", Self.ua,
                    "--ip", "8.8.4.4", "--no-state", "--output", "json"]
        let created = try box.run("bnc-link", ["create", "--channel", "email", "--param", "$deeplink_path=item/42", "--output", "json"], env: env(s))
        let url = try #require(try json(created.stdout)["url"] as? String)
        #expect(try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-A", Self.ua, "-H", "X-Forwarded-For: 8.8.4.4", url]).status == 0)
        let first = try box.run("bnc-open", open + ["--idfv", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"], env: env(s))
        let data = try #require(try json(first.stdout)["data"] as? [String: Any])
        #expect(data["+clicked_branch_link"] as? Bool == true && data["$deeplink_path"] as? String == "item/42" && data["~channel"] as? String == "email")

        let long = try box.run("bnc-link", ["long", "--domain", String(s.url.dropFirst("http://".count)), "--channel", "sms",
                                            "--tag", "a", "--tag", "b", "--param", "$deeplink_path=item/7", "--output", "json"], env: env(s))
        let longURL = try #require(try json(long.stdout)["url"] as? String).replacingOccurrences(of: "https://", with: "http://")
        #expect(try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-A", Self.ua, "-H", "X-Forwarded-For: 8.8.4.5", longURL]).status == 0)
        let second = try box.run("bnc-open", open.map { $0 == "8.8.4.4" ? "8.8.4.5" : $0 } + ["--idfv", "2EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"], env: env(s))
        let longData = try #require(try json(second.stdout)["data"] as? [String: Any])
        #expect(longData["+clicked_branch_link"] as? Bool == true && longData["$deeplink_path"] as? String == "item/7")
        #expect(longData["~channel"] as? String == "sms" && longData["~tags"] as? [String] == ["a", "b"])
    }

    @Test func aBatchOfLinksGoesThroughTheRunner() throws {
        let s = try sandbox()
        let input = try box.write("b.ndjson", (1...20).map { #"{"alias":"batch-\#($0)","channel":"email"}"# }.joined(separator: "\n")
                                  + "\n" + #"{"data":{"~id":"1"}}"#)
        let r = try box.run("bnc-link", ["create", "--batch", input], env: env(s))
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 21)
        #expect(lines.last?.contains("data.~id is a restricted link data key") == true)
        #expect(try s.received().count == 20)
    }
}
