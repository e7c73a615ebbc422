// --jq on every tool, through libjq as gh's --jq: strings bare, other results compact JSON, each batch line or list
// row filtered; a bad expression is exit 64 with nothing sent, a filter that fails on the data exit 65; the
// environment (credentials) is out of the filter's reach, and what it reads is already redacted.
import Foundation
import Testing
import TestSupport

@Suite struct JQEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_test_jqe2e0001"
    static let secret = "secret_test_jqe2e0001"

    func sandbox() throws -> SandboxProcess {
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"\#(Self.secret)","app_id":"4242","access_token":"tok_jq_e2e_0001"}]"#)
        return try SandboxProcess(["--keys", keys])
    }

    func env(_ s: SandboxProcess) -> [String: String] {
        ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": Self.secret]
    }

    @Test func filtersAnswersListsAndBatches() throws {
        let s = try sandbox()
        let url = try box.run("bnc-link", ["create", "--channel", "sms", "--output", "json", "--jq", ".url"], env: env(s))
        #expect(url.status == 0 && url.stdout.hasPrefix(s.url + "/") && !url.stdout.contains("\""), "a string is bare: \(url.output)")
        let keys = try box.run("bnc-link", ["read", url.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "--jq", "[.channel, .type]"], env: env(s))
        #expect(keys.stdout == "[\"sms\",0]\n", "other values are compact JSON: \(keys.output)")

        let names = try box.run("bnc-event", ["list", "--output", "ndjson", "--jq", "select(.group == \"commerce\") | .name"])
        #expect(names.stdout.split(separator: "\n").contains("PURCHASE") && !names.stdout.contains("{"), "\(names.output)")
        let count = try box.run("bnc-event", ["list", "--jq", "length"])
        #expect(Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).map { $0 > 10 } == true, "json: the whole array: \(count.output)")

        let input = try box.write("links.ndjson", #"{"channel":"a"}"# + "\n" + #"{"channel":"b"}"# + "\n")
        let batch = try box.run("bnc-link", ["create", "--batch", input, "--jq", "[.line, .ok] | @tsv"], env: env(s))
        #expect(batch.status == 0, "\(batch.output)")
        #expect(batch.stdout.split(separator: "\n").sorted() == ["1\ttrue", "2\ttrue"], "ndjson: each result filtered: \(batch.stdout)")
        // --output json: the filter takes the whole array, as the man pages say (it took each result).
        for args in [["create", "--batch", input], ["bulk", input]] {
            let whole = try box.run("bnc-link", args + ["--output", "json", "--jq", "length, (map(.ok) | all)"], env: env(s))
            #expect(whole.status == 0 && whole.stdout == "2\ntrue\n", "\(args[0]): \(whole.output)")
        }
        let line = "https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&device_ip=8.8.8.8&sdk=android"
            + "&google_aid=6d92078a-8246-4ba4-ae5b-76104861e7dc&os_version=13&app_version=1&device_model=P&device_brand=G&user_agent=x"
        let tuneLog = try box.write("tune.log", line + "&site_id=1\n" + line + "&site_id=2\n")
        let mapped = try box.run("bnc-tune", ["map", tuneLog, "--output", "json", "--jq", "length"])
        #expect(mapped.stdout == "2\n", "\(mapped.output)")
        let empty = try box.write("empty.ndjson", "")
        let none = try box.run("bnc-link", ["create", "--batch", empty, "--output", "json", "--jq", "length"], env: env(s))
        #expect(none.status == 0 && none.stdout == "0\n", "no results: the empty array filtered: \(none.output)")
    }

    @Test func badExpressionsSendNothingAndFailuresOnTheDataAreExit65() throws {
        let s = try sandbox()
        let syntax = try box.run("bnc-link", ["create", "--channel", "sms", "--jq", ".url | nosuchfunction"], env: env(s))
        #expect(syntax.status == 64)
        #expect(syntax.stderr.contains("--jq: nosuchfunction/0 is not defined") && !syntax.stderr.contains("line 2"), "\(syntax.stderr)")
        #expect(try s.received().isEmpty, "nothing was sent")
        let table = try box.run("bnc-link", ["create", "--output", "table", "--jq", "."], env: env(s))
        #expect(table.status == 64 && table.stderr.contains("--jq filters JSON"), "\(table.stderr)")
        let long = try box.run("bnc-link", ["create", "--jq", String(repeating: ".", count: 5000)], env: env(s))
        #expect(long.status == 64 && long.stderr.contains("at most 4096"), "\(long.stderr)")

        let runtime = try box.run("bnc-link", ["create", "--channel", "sms", "--jq", ".url.nested"], env: env(s))
        #expect(runtime.status == 65 && runtime.stderr.contains("--jq: Cannot index string with string \"nested\""), "\(runtime.stderr)")
        let input = try box.run("bnc-link", ["create", "--dry-run", "--jq", "input"], env: env(s))
        #expect(input.status == 65 && input.stderr.contains("no more inputs"), "libjq 1.6 without an input callback crashes: \(input.output)")
        let debug = try box.run("bnc-link", ["create", "--dry-run", "--channel", "sms", "--jq", ".body.channel | debug"], env: env(s))
        #expect(debug.status == 0 && debug.stdout == "sms\n" && debug.stderr.contains(#"["DEBUG:","sms"]"#), "\(debug.output)")
    }

    @Test func secretsStayOutOfTheFilter() throws {
        let s = try sandbox()
        let dry = try box.run("bnc-open", ["--dry-run", "--os", "iOS", "--os-version", "17", "--model", "iPhone15,2", "--brand", "Apple",
                                           "--idfv", "6A14E2B0-1C3D-4E5F-8A9B-0C1D2E3F4A5B", "--ip", "8.8.8.8", "--app-version", "1.0",
                                           "--user-agent", "UA", "--jq", ".body.branch_secret, env.BRANCH_SECRET, $ENV.BRANCH_SECRET"], env: env(s))
        #expect(dry.status == 0, "\(dry.output)")
        #expect(dry.stdout == "<redacted>\nnull\nnull\n", "\(dry.stdout)")
        #expect(!dry.stdout.contains(Self.secret) && !dry.stderr.contains(Self.secret))
    }
}
