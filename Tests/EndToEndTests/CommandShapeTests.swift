// The one command shape, end to end: what every sending tool checks the same way before anything is sent —
// unknown fields, flags for the other platform, --strict, two readers of stdin, output that cannot be written.
import Foundation
import Testing
import TestSupport

@Suite struct CommandShapeTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let pixel = ["--os", "android", "--os-version", "14", "--model", "Pixel 8", "--app-version", "2.3.0",
                        "--user-agent", "Mozilla/5.0 (Linux; Android 14)", "--android-id", "a1b2c3d4e5f60718", "--ip", "8.8.4.4"]

    func env(_ s: SandboxProcess) -> [String: String] {
        ["BNC_API_URL": s.url, "BRANCH_KEY": "key_test_shape", "BRANCH_SECRET": "secret_test_shape"]
    }

    @Test func aTypoedBodyFieldWarnsNamingTheRightOneAndIsNotSent() throws {
        let s = try SandboxProcess()
        let r = try box.run("bnc-open", Self.pixel + ["--no-state", "-f", "scren_width:=1170", "-f", "screen_height:=2532"], env: env(s))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("bnc-open: warning: scren_width is not a v1/open field (did you mean screen_width?); not sent"), "\(r.stderr)")
        let sent = try #require(try s.received().first?["body"] as? [String: Any])
        #expect(sent["scren_width"] == nil && sent["screen_height"] as? Int == 2532)
    }

    /// Mistakes ArgumentParser would answer misleadingly: a secret given as a flag is told where secrets come from
    /// (not that --secret is near --screen); a mistyped command gets the command it was near; `bnc-event lsit`
    /// (send is the default command) warns before an event named lsit goes out.
    @Test(arguments: [
        ("bnc-open", ["--secret", "s3cr3t"], "bnc-open: error: --secret: a secret never goes on the command line", "--secret-file FILE"),
        ("bnc-link", ["update", "https://x.app.link/a", "--branch-secret=s"], "error: --branch-secret: a secret never goes", "BRANCH_SECRET"),
        ("bnc-link", ["delete", "https://x.app.link/a", "--access-token", "t"], "error: --access-token: a secret never goes", "--access-token-file"),
        ("bnc-asa", ["lookup", "--token", "t"], "error: --token: there is no such flag: the AdServices token is the argument", "--token-file"),
        ("bnc-link", ["craete"], "bnc-link: error: 'craete' is not a bnc-link command; did you mean 'create'?", "see 'bnc-link --help'"),
        ("bnc-tune", ["scna", "log"], "bnc-tune: error: 'scna' is not a bnc-tune command; did you mean 'scan'?", "see 'bnc-tune --help'"),
        ("bnc-link", ["create", "--chanel", "x"], "bnc-link: error: Unknown option '--chanel'. Did you mean '--channel'?", "see 'bnc-link create --help'"),
        ("bnc-tune", ["scan", "--htlm", "x", "log"], "bnc-tune: error: Unknown option '--htlm'. Did you mean '--html'?", "see 'bnc-tune scan --help'"),
        // An option of another command is said so (ArgumentParser offered the nearest name here: '--tag').
        ("bnc-link", ["create", "--out", "x.png"], "bnc-link: error: --out is an option of 'bnc-link qr', not of 'bnc-link create'", "see 'bnc-link create --help'"),
    ] as [(String, [String], String, String)])
    func misleadingParseErrorsAreSaidRight(_ tool: String, _ args: [String], _ error: String, _ hint: String) throws {
        let r = try box.run(tool, args)
        #expect(r.status == 64)
        #expect(r.stderr.contains(error) && r.stderr.contains(hint), "\(r.stderr)")
        #expect(!r.stderr.contains("--screen") && !r.stderr.contains("s3cr3t"), "\(r.stderr)")
    }

    /// Branch's "Authentication failed !" says only that the pair failed: bnc says which credentials went and from where.
    @Test func aRefusedKeyAndSecretPairSaysWhichWereSentAndFromWhere() throws {
        let keys = try box.write("keys.json", #"[{"branch_key":"key_test_shape","branch_secret":"secret_test_right"}]"#)
        let s = try SandboxProcess(["--keys", keys])
        let r = try box.run("bnc-open", Self.pixel + ["--no-state"], env: env(s))
        #expect(r.status == 65)
        #expect(r.stderr.contains("Authentication failed"), "\(r.stderr)")
        #expect(r.stderr.contains("hint: sent the key key_test_shape (from environment BRANCH_KEY), the secret from environment BRANCH_SECRET: check they belong to the same app"),
                "\(r.stderr)")
        #expect(!r.stderr.contains("secret_test_shape"), "the secret itself is never shown")
    }

    /// A command that sends nothing offers no --dry-run or --curl: they would do nothing there.
    @Test(arguments: [
        ("bnc-tune", ["scan", "log", "--dry-run"]), ("bnc-tune", ["check", "action=session", "--curl"]),
        ("bnc-event", ["list", "--dry-run"]), ("bnc-event", ["fields", "--curl"]), ("bnc-link", ["params", "--dry-run"]),
        ("bnc-asa", ["decode-iad", "e30=", "--dry-run"]),
        // bnc-open sends and has subcommands: its own options are not taken beside `fields` or `state` either.
        ("bnc-open", ["fields", "--curl"]), ("bnc-open", ["state", "list", "--dry-run"]),
    ] as [(String, [String])])
    func commandsThatSendNothingOfferNoRendering(_ tool: String, _ args: [String]) throws {
        let r = try box.run(tool, args)
        // Said as unknown, or as another command's option (`--dry-run is an option of 'bnc-event send'`).
        #expect(r.status == 64 && (r.stderr.contains("Unknown option '\(args.last!)'") || r.stderr.contains("error: \(args.last!) is an option of '")),
                "\(tool) \(args): \(r.stderr)")
        #expect(try box.run(tool, [args[0], "--help"]).stdout.contains(args[0] == "state" ? "list" : "--quiet"), "the printing options stay")
    }

    /// USAGE comes right after the one-line overview, for every tool and subcommand; the details and EXAMPLES
    /// follow the options (as gh and git lay out their help), and no field table is in --help (`fields` lists them).
    @Test func helpStartsWithUsageAndEndsWithExamples() throws {
        let commands: [[String]] = [["bnc-open"], ["bnc-open", "fields"], ["bnc-open", "state", "list"], ["bnc-event"], ["bnc-event", "send"],
                                    ["bnc-link"], ["bnc-link", "create"], ["bnc-link", "bulk"], ["bnc-asa"], ["bnc-asa", "lookup"],
                                    ["bnc-tune"], ["bnc-tune", "scan"], ["bnc-tune", "check"], ["bnc-api"], ["bnc-sandbox"], ["bnc-mcp"]]
        for command in commands {
            let help = try box.run(command[0], Array(command.dropFirst()) + ["--help"])
            let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let usage = lines.firstIndex { $0.hasPrefix("USAGE: ") }
            #expect(help.status == 0 && usage.map { $0 <= 4 } == true, "\(command): USAGE at line \(usage.map { $0 + 1 } ?? -1)")
            // The whole path, also for a subcommand its tool parses alone (`BNCRootCommand.parseNamedLeaf`).
            #expect(usage.map { lines[$0].hasPrefix("USAGE: \(command.joined(separator: " "))") } == true, "\(command): \(help.stdout.prefix(300))")
            if let examples = lines.firstIndex(of: "EXAMPLES:"), let options = lines.firstIndex(where: { $0.hasSuffix("OPTIONS:") }) {
                #expect(examples > options, "\(command): EXAMPLES after the options")
            }
            #expect(!help.stdout.contains("FIELDS:\n  "), "\(command): field tables are in `fields` and the man page")
        }
        #expect(try box.run("bnc-sandbox", ["--help"]).stdout.split(separator: "\n").count < 80, "bnc-sandbox(1) has the long story")
    }

    /// A subcommand without examples of its own shows its tool's examples that run it, each with the `export`
    /// lines set up just above it (bnc-export daily's sandbox example ran alone with a test key: refused, 78).
    @Test func aSubcommandsHelpInheritsItsToolsExamplesWithTheirSetUp() throws {
        let daily = try box.run("bnc-export", ["daily", "--help"]).stdout
        let examples = try #require(daily.components(separatedBy: "\nEXAMPLES:\n").last?.split(separator: "\n").map(String.init))
            .filter { !$0.hasPrefix("      ") && !$0.hasPrefix("  # ") }  // a long command's continuation lines, a comment
        #expect(examples.allSatisfy { $0.hasPrefix("  bnc-export daily ") || $0.hasPrefix("  export BRANCH_") }, "\(examples)")
        let sandbox = try #require(examples.firstIndex { $0.contains("--api-url http://127.0.0.1:8787") })
        #expect(sandbox >= 2 && examples[sandbox - 2].hasPrefix("  export BRANCH_KEY=key_live_")
                && examples[sandbox - 1].hasPrefix("  export BRANCH_SECRET="), "\(examples)")
        #expect(!examples.contains { $0.contains("bnc-export custom") })
        let create = try box.run("bnc-link", ["create", "--help"]).stdout
        #expect(create.contains("\nEXAMPLES:\n  bnc-link create "), "\(create)")
    }

    /// An example is a command to copy: a long one goes on over lines ending in ` \` that fit 78 columns, whatever
    /// the terminal's width (ArgumentParser wrapped examples as prose, so a copied line was half a command and
    /// `--idfv` was cut from its value).
    @Test func examplesAreLaidOutAsCommandsToCopy() throws {
        let commands: [[String]] = [["bnc-open"], ["bnc-link", "create"], ["bnc-export"], ["bnc-event", "send"], ["bnc-tune"], ["bnc-api"], ["bnc-asa"],
                                    ["bnc-mcp"]]
        for command in commands {
            for columns in ["50", "80", "200"] {
                let help = try box.run(command[0], Array(command.dropFirst()) + ["--help"], env: ["COLUMNS": columns])
                let examples = try #require(help.stdout.components(separatedBy: "\nEXAMPLES:\n").last?.split(separator: "\n").map(String.init))
                #expect(examples.count >= 2, "\(command)")
                for (i, line) in examples.enumerated() {
                    let continued = i > 0 && examples[i - 1].hasSuffix(" \\")
                    #expect(line.hasPrefix(continued ? "      " : "  ") && (continued || !line.hasPrefix("   ")), "\(command) at \(columns): \(line)")
                    #expect(!line.hasPrefix("  {") && !line.hasPrefix("{"), "a comment's JSON was cut onto a line of its own: \(line)")
                    #expect(line.count <= 78 || !line.drop { $0 == " " }.contains(" "), "\(command) at \(columns) columns: \(line)")
                }
            }
        }
        let open = try box.run("bnc-open", ["--help"], env: ["COLUMNS": "50"]).stdout
        let joined = open.components(separatedBy: "\nEXAMPLES:\n").last!.replacing(" \\\n      ", with: " ")
        #expect(joined.contains("  bnc-open --sandbox --ip 8.8.4.4 --os iOS --os-version 17.4 --model iPhone15,2 --app-version 2.3.0 --user-agent \"$UA\" --idfv 1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11\n"), "\(joined)")
    }

    /// Every argument of every command of every tool, read from ArgumentParser's own dump: (the command's path,
    /// the argument).
    func everyArgument() throws -> [(path: String, argument: [String: Any])] {
        var all: [(String, [String: Any])] = []
        func walk(_ command: [String: Any], _ path: String) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] { all.append((path, argument)) }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, path + " " + (sub["commandName"] as? String ?? "?")) }
        }
        for tool in ["bnc-open", "bnc-event", "bnc-link", "bnc-api", "bnc-app", "bnc-export", "bnc-asa", "bnc-tune", "bnc-doctor",
                     "bnc-sandbox", "bnc-mcp"] {
            let dump = try box.run(tool, ["--experimental-dump-help"])
            let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
            walk(try #require(root["command"] as? [String: Any]), tool)
        }
        return all
    }

    /// Each default is stated once — by ArgumentParser's "(default: X)" or by the help's own words, never both — and
    /// no default is a value of the machine that built the tool (the sandbox's thread count is one per core where
    /// it runs).
    @Test func eachDefaultIsStatedOnceAndNoneIsTheBuildMachines() throws {
        let found = try everyArgument().compactMap { path, argument -> String? in
            let words = (argument["abstract"] as? String ?? "") + " " + (argument["discussion"] as? String ?? "")
            guard argument["defaultValue"] != nil, words.range(of: "default", options: .caseInsensitive) != nil else { return nil }
            return "\(path) \(argument["valueName"] ?? "?"): \(words)"
        }
        #expect(found.isEmpty, "stated twice:\n\(found.joined(separator: "\n"))")
        let threads = try box.run("bnc-sandbox", ["--help"]).stdout
        #expect(threads.contains("one per core") && !threads.contains("one per core). (default"), "\(threads)")
    }

    /// An option that takes one of a fixed set of words completes them: a BOOL completes true and false (three
    /// did not: --facebook-app-link-checked, --limit-ad-tracking, bnc-mcp --allow-send), and so does any option
    /// whose help lists its values ("auto, always or never", "png (default), jpeg, jpg or svg").
    @Test func optionsOfFixedValuesCompleteThem() throws {
        var missing: [String] = []
        for (path, argument) in try everyArgument() where argument["kind"] as? String == "option" {
            let name = (argument["preferredName"] as? [String: Any])?["name"] as? String ?? "?"
            let values = ((argument["completionKind"] as? [String: Any])?["list"] as? [String: Any])?["values"] as? [String] ?? []
            if argument["valueName"] as? String == "BOOL", !(values.contains("true") && values.contains("false")) {
                missing.append("\(path) --\(name)")
            }
            // "Colour: auto, always or never", "auto, true or false: ...": the help's own list of words.
            let abstract = argument["abstract"] as? String ?? ""
            if let m = abstract.firstMatch(of: /^(?:[A-Za-z ]+: )?([a-z]+(?: \(default\))?(?:, [a-z]+)* or [a-z]+)[:.(]/) {
                let listed = m.output.1.replacing(" (default)", with: "").replacing(" or ", with: ", ").split(separator: ", ").map(String.init)
                if !Set(listed).isSubset(of: Set(values)) { missing.append("\(path) --\(name) (\(listed))") }
            }
        }
        #expect(missing.isEmpty, "no completion of their values:\n\(missing.joined(separator: "\n"))")
    }

    /// bnc-asa lookup asks Apple: it offers no Branch key, secret or token, and one given is said so (not "did
    /// you mean --ip?"); --profile and --sandbox still choose where it goes.
    @Test func aCommandThatCallsAppleOffersNoBranchCredentials() throws {
        let help = try box.run("bnc-asa", ["lookup", "--help"]).stdout
        #expect(!help.contains("--key") && !help.contains("--secret-file") && !help.contains("--access-token-file"), "\(help)")
        #expect(help.contains("--profile") && help.contains("--sandbox"))
        let r = try box.run("bnc-asa", ["lookup", "dG9rZW4=", "--key", "key_test_x"])
        #expect(r.status == 64 && r.stderr.contains("--key: this command sends nothing to Branch") && !r.stderr.contains("did you mean"), "\(r.stderr)")
    }

    /// The completions offer `help` to every tool: bnc-api took it for a method and bnc-doctor for an unexpected
    /// argument (QA round 26b).
    @Test func helpAsACommandWorksForEveryTool() throws {
        for tool in ["bnc-api", "bnc-doctor"] {
            let r = try box.run(tool, ["help"])
            #expect(r.status == 0 && r.stdout.hasPrefix("OVERVIEW:"), "\(tool): \(r.output)")
        }
        let other = try box.run("bnc-doctor", ["nonsense"])
        #expect(other.status == 64 && other.stderr.contains("Unexpected argument 'nonsense'"), "\(other.stderr)")
    }

    /// `send` is the default command: `bnc-event lsit` sent an event named lsit with a warning and exit 0 (QA round
    /// 26b). A name close to a command is refused, the did-you-mean first, unless --custom-event says it is meant.
    @Test func aMistypedEventCommandIsRefusedUnlessMeant() throws {
        let s = try SandboxProcess()
        let typo = try box.run("bnc-event", ["lsit", "--developer-identity", "u", "--user-agent", "UA"], env: env(s))
        #expect(typo.status == 64 && typo.stderr.contains("'lsit' is not a bnc-event command; did you mean 'list'?"), "\(typo.stderr)")
        let bare = try box.run("bnc-event", ["sned"], env: env(s))
        #expect(bare.status == 64 && bare.stderr.contains("did you mean 'send'?"), "the did-you-mean comes before the missing user: \(bare.stderr)")
        #expect(try s.received().isEmpty, "nothing sent")
        let meant = try box.run("bnc-event", ["lsit", "--custom-event", "--developer-identity", "u", "--user-agent", "UA"], env: env(s))
        #expect(meant.status == 0, "\(meant.stderr)")
        #expect(try s.received().count == 1)
        let standard = try box.run("bnc-event", ["LOGIN", "--developer-identity", "u", "--user-agent", "UA"], env: env(s))
        #expect(standard.status == 0 && !standard.stderr.contains("warning"), "\(standard.stderr)")
    }

    @Test func strictMakesAWarningAnErrorAndSendsNothing() throws {
        let s = try SandboxProcess()
        let r = try box.run("bnc-open", Self.pixel + ["--no-state", "--strict", "-f", "scren_width:=1170"], env: env(s))
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("bnc-open: error: scren_width is not a v1/open field (did you mean screen_width?)"), "\(r.stderr)")
        #expect(r.stderr.contains("--strict"))
        #expect(try s.received().isEmpty)
        // The same body field read from --body is checked the same way.
        let body = try box.write("body.json", #"{"custom_param_1": "x", "identty": "u1"}"#)
        let b = try box.run("bnc-open", Self.pixel + ["--no-state", "--body", body, "--dry-run"], env: env(s))
        #expect(b.stderr.contains("identty is not a v1/open field (did you mean identity?)"), "\(b.stderr)")
    }

    @Test func aFlagForTheOtherPlatformWarnsNamingIt() throws {
        let s = try SandboxProcess()
        let r = try box.run("bnc-open", Self.pixel + ["--no-state", "--idfv", "1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11"], env: env(s))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("bnc-open: warning: --idfv is an iOS identifier: not sent with os Android"), "\(r.stderr)")
        let sent = try #require(try s.received().first?["body"] as? [String: Any])
        #expect(!"\(sent)".contains("1EF2A0C4"))
        // bnc-event shares the check (the same shape), and --strict refuses it.
        let e = try box.run("bnc-event", ["send", "LOGIN", "--developer-identity", "u1", "--os", "iOS", "--gaid",
                                          "38400000-8cf0-11bd-b23e-10b96e40000d", "--strict", "--dry-run"], env: env(s))
        #expect(e.status == 65)
        #expect(e.stderr.hasPrefix("bnc-event: error: --gaid is an Android identifier: not sent with os iOS"), "\(e.stderr)")
    }

    @Test(arguments: [
        ("bnc-open", ["--device", "-", "--body", "-"], "--device and --body both read standard input"),
        ("bnc-open", ["--secret-file", "-", "--asa-token", "-"], "--secret-file and --asa-token both read standard input"),
        ("bnc-event", ["send", "X", "--device", "-", "--items", "-"], "--device and --items both read standard input"),
        ("bnc-api", ["POST", "/v1/open", "--body", "-", "--secret-file", "-"], "--secret-file and --body both read standard input"),
        ("bnc-event", ["send", "--batch", "-", "--custom-json", "-"], "--batch and --custom-json both read standard input"),
    ] as [(String, [String], String)])
    func twoReadersOfStdinAreAUsageError(_ tool: String, _ args: [String], _ message: String) throws {
        let s = try SandboxProcess()
        let r = try box.run(tool, args, env: env(s), stdin: "{}")
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("\(tool): error: \(message)"), "\(r.stderr)")
        #expect(try s.received().isEmpty)
    }

    @Test func batchExcludesTheRenderingsInEveryTool() throws {
        for tool in ["bnc-open", "bnc-api"] {
            let args = tool == "bnc-api" ? ["POST", "/v2/event/custom", "--batch", "x.ndjson", "--dry-run"] : ["--batch", "x.ndjson", "--curl"]
            let r = try box.run(tool, args)
            #expect(r.status == 64)
            #expect(r.stderr.contains("--batch sends; --dry-run and --curl render one request"), "\(r.stderr)")
        }
    }

    @Test func aFullStdoutIsExit74AndAClosedPipeIsQuiet() throws {
        let s = try SandboxProcess()
        let full = try box.run("/bin/sh", ["-c", "\"$0\" \"$@\" > /dev/full", Executables.path("bnc-event"), "list", "--output", "json"],
                               env: env(s))
        #expect(full.status == 74, "\(full.stderr)")
        #expect(full.stderr.hasPrefix("bnc-event: error: cannot write to standard output: No space left on device"), "\(full.stderr)")
        let piped = try box.run("/bin/bash", ["-c", "\"$0\" \"$@\" | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}",
                                            Executables.path("bnc-event"), "list", "--output", "ndjson"], env: env(s))
        #expect(piped.status == 0)
        #expect(piped.stderr.isEmpty, "\(piped.stderr)")
    }

    @Test func aMaxTimeBeyondADayIsAUsageErrorNotACrash() throws {
        let r = try box.run("bnc-open", Self.pixel + ["--max-time", "1e308", "--dry-run"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--max-time must be between 0.001 (1 ms) and 86400 seconds"), "\(r.stderr)")
    }

    /// U13 (QA round 26b): a profile missing from no config file named the file that is not there; a typo of a
    /// defined one had no did-you-mean, as every other name the suite checks has.
    @Test func anUnknownProfileIsSaidRight() throws {
        let box = try TestSupport.Sandbox()
        let none = try box.run("bnc-open", ["--ip", "8.8.4.4", "--dry-run"], env: ["BNC_PROFILE": "nope"])
        #expect(none.status == 78 && none.stderr.contains("profile nope (from environment BNC_PROFILE) is not defined: there is no config file at"), "\(none.output)")
        _ = try box.write(".config/bnc/config.toml", "[profile.dev]\nbranch_key = \"key_test_profiles01\"\n")
        let typo = try box.run("bnc-open", ["--profile", "dve", "--ip", "8.8.4.4", "--dry-run"])
        #expect(typo.status == 78 && typo.stderr.contains("(did you mean dev?)"), "\(typo.output)")
    }
}
