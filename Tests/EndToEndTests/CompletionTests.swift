// Completion as people get it: the checked-in scripts in real bash (with bash-completion), zsh and fish started
// interactive on a pseudo-terminal, a line typed and Tab pressed, and the line the shell then holds read back; and
// the candidates each shell is offered, asked the way it asks (bash: the function with COMP_LINE, COMP_POINT,
// COMP_WORDS and its three arguments; fish: `complete -C`), directly and through the front door, with the built
// tools on PATH for the dynamic values.
import Foundation
import Testing
import TestSupport

@Suite struct CompletionTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("completions").path

    var env: [String: String] { ["PATH": Executables.directory.path + ":/usr/local/bin:/usr/bin:/bin"] }

    /// What bash offers for `line` (the cursor at its end), with the tools' scripts and the front door's loaded.
    func bash(_ line: String) throws -> [String] {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if line.hasSuffix(" ") { words.append("") }
        let command = words[0]
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = """
            for f in \(Self.scripts)/bash/*; do source "$f"; done
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _\(command) '\(command)' "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let r = try box.run("/bin/bash", ["-c", script], env: env)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// What fish offers for `line` (candidates without their descriptions).
    func fish(_ line: String) throws -> [String] {
        let tool = String(line.split(separator: " ").first!)
        let script = "source \(Self.scripts)/fish/\(tool).fish; source \(Self.scripts)/fish/bnc-event.fish; source \(Self.scripts)/fish/bnc-open.fish; complete -C '\(line)'"
        let r = try box.run("/usr/bin/fish", ["-c", script], env: env)
        return r.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    @Test(arguments: [
        ("bnc-open --os ", ["Android", "iOS"]),
        ("bnc-event send PUR", ["PURCHASE"]),
        ("bnc event send PUR", ["PURCHASE"]),
        ("bnc open --os A", ["Android"]),
        ("bnc event send --ad-type BA", ["BANNER"]),
        ("bnc li", ["link"]),
        ("bnc-api P", ["PATCH", "POST", "PUT"]),
        ("bnc-open --facebook-app-link-checked ", ["false", "true"]),
        ("bnc-mcp --allow-send f", ["false"]),
        ("bnc-export aggregate --granularity w", ["week"]),
    ])
    func bashOffersWhatFitsTheWord(_ line: String, _ expected: [String]) throws {
        #expect(try bash(line).sorted() == expected, "bash: \(line)")
    }

    @Test(arguments: [
        ("bnc-open --os ", ["Android", "iOS"]),
        ("bnc event send PUR", ["PURCHASE"]),
        ("bnc open --os A", ["Android"]),
        ("bnc li", ["link"]),
        // A later word `help` (a flag's value) does not stop completion through bnc; bnc's own --help is offered.
        ("bnc event send --customer-event-alias help --outp", ["--output"]),
        ("bnc --", ["--help", "--list", "--version"]),
        ("bnc help op", ["open"]),
    ])
    func fishOffersWhatFitsTheWord(_ line: String, _ expected: [String]) throws {
        #expect(try fish(line).sorted() == expected, "fish: \(line)")
    }

    /// Tab in a real shell: what the line becomes. Values with `$` and `~` keep the user's quoting (a bare `$` or
    /// `~` is escaped by the shell or by the script), `KEY=` takes no space, tools and plugins come through the front
    /// door, and profiles come from the config file.
    @Test(arguments: InteractiveShell.allCases)
    func tabCompletesTheLine(_ shell: InteractiveShell) throws {
        _ = try box.write(".config/bnc/config.toml", "[profile.staging]\nbranch_key = \"key_test_a\"\n")
        _ = try box.write("plugins/bnc-hello", "#!/bin/sh\n# bnc-abstract: Say hello\necho hello\n", mode: 0o755)
        let env = ["PATH": Executables.directory.path + ":" + box.home + "/plugins:/usr/bin:/bin"]
        let cases: [(String, String)] = [
            ("bnc event send PURC", "bnc event send PURCHASE "),
            ("bnc-event send PURC", "bnc-event send PURCHASE "),
            ("bnc-open --os i", "bnc-open --os iOS "),
            ("bnc open --profile sta", "bnc open --profile staging "),
            ("bnc ev", "bnc event "),
            ("bnc hell", "bnc hello "),
            ("bnc help li", "bnc help link "),
            ("bnc-link cr", "bnc-link create "),
            ("bnc-event send --user-data developer_id", "bnc-event send --user-data developer_identity="),
            ("bnc-link create --param \\$ios_wec", "bnc-link create --param \\$ios_wechat_url="),
            ("bnc link create --param \\~chan", "bnc link create --param \\~channel="),
            // Inside '…' the quote stays open in zsh and fish; bash's readline closes it, which the shell reads
            // the same ('$ios_wechat_url='https://… is one word).
            ("bnc link create --param '$ios_wec", shell == .bash ? "bnc link create --param '$ios_wechat_url='"
                : "bnc link create --param '$ios_wechat_url="),
            ("bnc-link qr --code-pattern circ", "bnc-link qr --code-pattern circles "),
            ("bnc link qr --finder-pattern rou", "bnc link qr --finder-pattern rounded-square "),
            ("bnc-app update --set og_ti", "bnc-app update --set og_title="),
            ("bnc-app get dev_em", "bnc-app get dev_email "),
        ]
        for (typed, expected) in cases {
            let line = try box.complete(in: shell, typed, completions: Self.scripts, env: env)
            #expect(line == expected, "\(shell): \(typed.debugDescription) became \(line.debugDescription)")
        }
    }

    /// bash lists subcommands with their descriptions when more than one fits (the name alone when one does).
    @Test func bashDescribesSubcommands() throws {
        let offered = try bash("bnc-link ")
        #expect(offered.contains { $0.hasPrefix("create") && $0.contains("-- Create a short link") }, "\(offered)")
        let tools = try bash("bnc ")
        #expect(tools.contains { $0.hasPrefix("open") && $0.contains("-- Report an app session") }, "\(tools)")
        #expect(try bash("bnc-link cr") == ["create"])
    }

    /// fish gave each value of a fixed list the option's whole help as its description (`--output`'s four values
    /// each showed 400 characters: QA round 31b); they carry none now.
    @Test func fishValuesCarryNoCopyOfTheHelp() throws {
        let script = "source \(Self.scripts)/fish/bnc-open.fish; complete -C 'bnc-open --output '"
        let r = try box.run("/usr/bin/fish", ["-c", script], env: env)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.sorted() == ["csv", "json", "ndjson", "table"], "\(lines)")
    }

    /// Profiles come from the user's config file, read when asked, with the built-in sandbox (QA round 31b).
    @Test func profilesAreCompletedFromTheConfigFile() throws {
        _ = try box.write(".config/bnc/config.toml", "[profile.staging]\nbranch_key = \"key_test_a\"\n[profile.prod]\nbranch_key = \"key_live_b\"\n")
        #expect(try bash("bnc-open --profile ").sorted() == ["prod", "sandbox", "staging"])
        #expect(try bash("bnc open --profile st") == ["staging"])
        #expect(try fish("bnc-open --profile st") == ["staging"])
        // Every tool's --profile, bnc-mcp's own option among them (it offered nothing).
        for tool in ["bnc-mcp", "bnc-doctor", "bnc-api GET /v1/app", "bnc-export daily", "bnc-app get"] {
            #expect(try bash("\(tool) --profile ").sorted() == ["prod", "sandbox", "staging"], "\(tool)")
            #expect(try fish("\(tool) --profile st") == ["staging"], "\(tool)")
        }
    }
}
