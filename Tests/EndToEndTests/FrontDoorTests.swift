// `bnc`: dispatch to built-ins and PATH plugins with arguments and exit status untouched; --list; did-you-mean.
import Foundation
import Testing
import TestSupport

@Suite struct FrontDoorTests {
    let box: TestSupport.Sandbox
    let plugins: String

    init() throws {
        box = try TestSupport.Sandbox()
        plugins = box.root.appendingPathComponent("plugins").path
        try box.write("plugins/bnc-hello", """
            #!/bin/sh
            # bnc-abstract: Say hello and echo the arguments
            for a in "$@"; do printf '[%s]\\n' "$a"; done
            cat
            echo "to stderr" >&2
            exit 3
            """, mode: 0o755)
        try box.write("plugins/bnc-notexec", "#!/bin/sh\necho no\n", mode: 0o644)
        try box.write("plugins/bnc-open", "#!/bin/sh\necho fake-open\n", mode: 0o755)
    }

    var env: [String: String] { ["PATH": "\(plugins):/usr/bin:/bin"] }

    @Test func pluginGetsArgumentsStdinAndExitStatusUntouched() throws {
        let r = try box.run("bnc", ["hello", "a b", "", "--flag=x", "it's"], env: env, stdin: "piped\n")
        #expect(r.status == 3)
        #expect(r.stdout == "[a b]\n[]\n[--flag=x]\n[it's]\npiped\n")
        #expect(r.stderr == "to stderr\n")
    }

    @Test func listShowsBuiltInsAndPluginsAndWarns() throws {
        let r = try box.run("bnc", ["--list"], env: env)
        #expect(r.status == 0)
        for tool in ["open", "event", "link", "asa", "tune", "api", "sandbox"] {
            #expect(r.stdout.contains("\n  \(tool) "), "\(tool) listed")
        }
        #expect(r.stdout.contains("Plugins on PATH:"))
        #expect(r.stdout.contains("hello       Say hello and echo the arguments (\(plugins)/bnc-hello)"))
        #expect(r.stderr.contains("\(plugins)/bnc-notexec is not executable"))
        #expect(r.stderr.contains("\(plugins)/bnc-open is shadowed by the built-in bnc-open"))
        #expect(!r.stdout.contains("fake-open"))
    }

    @Test func aPluginNeverOverridesABuiltIn() throws {
        let r = try box.run("bnc", ["open", "--version"], env: env)
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("bnc-open 0.1.0 (commit "), "the built-in bnc-open ran: \(r.stdout)")
    }

    /// A front door whose built-in bnc-open is missing from beside it does not run a `bnc-open` from PATH (it did,
    /// while --list said such a plugin is never run); a dangling link is a vanished tool (127), a directory is
    /// no file (126, no chmod hint).
    @Test func aMissingBuiltInIsNotReplacedAndOddFilesAreNamed() throws {
        let alone = box.root.appendingPathComponent("alone").path
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Executables.path("bnc"), toPath: alone + "/bnc")
        let r = try box.run(alone + "/bnc", ["open", "--version"], env: env)
        #expect(r.status == 127 && !r.stdout.contains("fake-open"), "\(r.output)")
        #expect(r.stderr.contains("the built-in bnc-open is missing beside bnc"), "\(r.stderr)")
        try FileManager.default.createSymbolicLink(atPath: plugins + "/bnc-gone", withDestinationPath: "/nonexistent/bnc-gone")
        let gone = try box.run("bnc", ["gone"], env: env)
        #expect(gone.status == 127 && gone.stderr.contains("a symbolic link to nothing") && !gone.stderr.contains("chmod"), "\(gone.stderr)")
        try FileManager.default.createDirectory(atPath: plugins + "/bnc-dirplug", withIntermediateDirectories: true)
        let dir = try box.run("bnc", ["dirplug"], env: env)
        #expect(dir.status == 126 && dir.stderr.contains("it is not a file") && !dir.stderr.contains("chmod"), "\(dir.stderr)")
        let notexec = try box.run("bnc", ["notexec"], env: env)
        #expect(notexec.status == 126 && notexec.stderr.contains("chmod +x"), "\(notexec.stderr)")
    }

    /// --sandbox starts bnc-sandbox from beside the tool or PATH's absolute directories, never from a relative
    /// entry such as `.` (a bnc-sandbox in the current directory ran).
    @Test func theSandboxIsNeverStartedFromTheCurrentDirectory() throws {
        let alone = box.root.appendingPathComponent("solo").path
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Executables.path("bnc-api"), toPath: alone + "/bnc-api")
        try box.write("bnc-sandbox", "#!/bin/sh\necho ran > \"$(dirname \"$0\")/pwned\"\nexit 1\n", mode: 0o755)
        // A copied executable can be "busy" for a moment: a process another test forks meanwhile holds the copy's
        // write descriptor until it execs (ETXTBSY, seen once in CI). Launching again is the usual remedy.
        var attempt = 0
        func launch() throws -> ProcessResult {
            do {
                return try box.run(alone + "/bnc-api", ["--sandbox", "GET", "/v1/url", "-q", "url=x"],
                                   env: ["PATH": ".:/usr/bin:/bin", "BNC_SANDBOX_URL": "http://127.0.0.1:9"])
            } catch let e as NSError where attempt < 20 && ((e.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY) || e.code == Int(ETXTBSY)) {
                attempt += 1
                usleep(50_000)
                return try launch()
            }
        }
        let r = try launch()
        #expect(r.status == 69 && r.stderr.contains("bnc-sandbox was not found"), "\(r.output)")
        #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("pwned").path))
    }

    @Test func builtInsPassExitStatusThrough() throws {
        let r = try box.run("bnc", ["open", "--ip", "not-an-ip"], env: env)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("bnc-open: error: --ip is not an IPv4 or IPv6 address"))
    }

    @Test func helpRunsTheToolsHelp() throws {
        let r = try box.run("bnc", ["help", "api"], env: env)
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE: bnc-api"))
    }

    @Test(arguments: [("opne", "'open'"), ("helo", "'hello'"), ("evnt", "'event'")])
    func unknownNamesSuggest(_ name: String, _ suggestion: String) throws {
        let r = try box.run("bnc", [name], env: env)
        #expect(r.status == 64)
        #expect(r.stderr.contains("bnc: error: '\(name)' is not a bnc tool or plugin"))
        #expect(r.stderr.contains("did you mean") && r.stderr.contains(suggestion))
        #expect(r.stdout.isEmpty)
    }

    /// bnc(1): "bnc itself exits 64 for an unknown tool or option (with a did-you-mean)".
    @Test(arguments: [("--lisst", "'--list'"), ("--versio", "'--version'"), ("--hlep", "'--help'")])
    func unknownOptionsSuggest(_ option: String, _ suggestion: String) throws {
        let r = try box.run("bnc", [option], env: env)
        #expect(r.status == 64 && r.stdout.isEmpty)
        #expect(r.stderr.contains("bnc: error: unknown option '\(option)'") && r.stderr.contains("did you mean \(suggestion)?"), "\(r.stderr)")
        let far = try box.run("bnc", ["--zzzzzz"], env: env)
        #expect(far.status == 64 && !far.stderr.contains("did you mean") && far.stderr.contains("see 'bnc --help'"))
    }

    @Test(arguments: ["../bnc-hello", "/bin/sh", "-x"])
    func refusesPathTricksAndUnknownOptions(_ name: String) throws {
        let r = try box.run("bnc", [name], env: env)
        #expect(r.status == 64)
    }

    @Test func noArgumentsPrintsUsage() throws {
        let r = try box.run("bnc", [], env: env)
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE: bnc <tool>"))
        #expect(try box.run("bnc", ["--version"]).stdout == "bnc 0.1.0\n")
    }
}
