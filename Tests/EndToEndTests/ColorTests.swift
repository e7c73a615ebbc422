// Colour obeys --color always|never|auto and NO_COLOR on stdout tables as on stderr: a table's header is bold and
// a severity is coloured (errors red, warnings yellow, information cyan) only where colour is wanted.
import Foundation
import Testing
import TestSupport

@Suite struct ColorTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let session = ProgressTests.session
    /// A request with an error (an ad id without its flag) and an information finding (a private local_ip).
    static let faulty = session + "&ios_ifa=6D92078A-8246-4BA4-AE5B-76104861E7DC&local_ip=10.0.0.2"
    static let red = "\u{1B}[1;31m", yellow = "\u{1B}[1;33m", cyan = "\u{1B}[36m", bold = "\u{1B}[1m"

    @Test func stdoutTablesFollowColorAndNoColor() throws {
        let check = ["check", Self.faulty, "--output", "table"]
        let always = try box.run("bnc-tune", check + ["--color", "always"], env: ["NO_COLOR": ""])
        #expect(always.stdout.contains(Self.bold + "SEVERITY"), "the header is bold: \(always.stdout.debugDescription)")
        #expect(always.stdout.contains(Self.red + "error\u{1B}[0m"), "\(always.stdout.debugDescription)")
        #expect(always.stdout.contains(Self.cyan + "info\u{1B}[0m"), "\(always.stdout.debugDescription)")
        #expect(always.stdout.contains("\u{1B}[0m     ad-id-without-flag  "), "only the severity cell is coloured")

        let piped = try box.run("bnc-tune", check, env: ["NO_COLOR": ""])
        #expect(!piped.stdout.contains("\u{1B}"), "auto: never into a pipe")
        #expect(piped.stdout.contains("error     ad-id-without-flag"))

        let terminal = try box.runOnTerminal("bnc-tune", check, env: ["NO_COLOR": ""], stdoutOnTerminal: true)
        #expect(terminal.terminal.contains(Self.red + "error"), "auto on a terminal: \(terminal.terminal.debugDescription)")
        let noColor = try box.runOnTerminal("bnc-tune", check, env: ["NO_COLOR": "1"], stdoutOnTerminal: true)
        #expect(!noColor.terminal.contains("\u{1B}["), "NO_COLOR: \(noColor.terminal.debugDescription)")
        let never = try box.runOnTerminal("bnc-tune", check + ["--color", "never"], env: ["NO_COLOR": ""], stdoutOnTerminal: true)
        #expect(!never.terminal.contains("\u{1B}["), "--color never: \(never.terminal.debugDescription)")
    }

    @Test func severitiesOnStderrAreColouredWhenAsked() throws {
        let bad = try box.run("bnc-tune", ["check", "-", "--color", "always"], env: ["NO_COLOR": ""], stdin: "not a request\n")
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("bnc-tune: " + Self.red + "error:\u{1B}[0m"), "\(bad.stderr.debugDescription)")
        let plain = try box.run("bnc-tune", ["check", "-"], env: ["NO_COLOR": ""], stdin: "not a request\n")
        #expect(!plain.stderr.contains("\u{1B}"), "\(plain.stderr.debugDescription)")
        // A usage error, found before the options are read, follows --color too.
        let usage = try box.run("bnc-open", ["--output", "yaml", "--color=always"], env: ["NO_COLOR": ""])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("bnc-open: " + Self.red + "error:\u{1B}[0m"), "\(usage.stderr.debugDescription)")
        let onTerminal = try box.runOnTerminal("bnc-open", ["--output", "yaml", "--color", "never"], env: ["NO_COLOR": ""])
        #expect(onTerminal.status == 64 && !onTerminal.terminal.contains("\u{1B}["), "\(onTerminal.terminal.debugDescription)")
    }
}
