// Every tool parses the shared flags, has --help and --version, and is honest about what it does not do yet.
import Foundation
import Testing
import TestSupport

@Suite struct ToolShellTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    @Test(arguments: [["bnc-open"], ["bnc-event", "send"], ["bnc-tune", "replay"]])
    func sendingToolsShowEveryOptionGroup(_ command: [String]) throws {
        let tool = command[0]
        let r = try box.run(tool, Array(command.dropFirst()) + ["--help"])
        #expect(r.status == 0)
        let device = tool != "bnc-tune"  // replay's device is in each logged request
        for group in ["CREDENTIALS:", "NETWORK:", "OUTPUT:", "BATCH:"] + (device ? ["DEVICE:"] : []) {
            #expect(r.stdout.contains(group), "\(tool) --help shows \(group)")
        }
        for flag in ["--key", "--secret-file", "--sandbox", "--ip", "--dry-run", "--curl", "--shard"] + (device ? ["--idfa", "--device", "--batch"] : []) {
            #expect(r.stdout.contains(flag))
        }
    }

    @Test(arguments: ["bnc-open", "bnc-event", "bnc-link", "bnc-asa", "bnc-tune", "bnc-api", "bnc-sandbox"])
    func versionAndHelp(_ tool: String) throws {
        // The number, the commit and build day, and the libcurl in use: what a bug report needs.
        let version = try box.run(tool, ["--version"])
        let lines = version.stdout.split(separator: "\n").map(String.init)
        #expect(version.status == 0 && lines.count == 2, "\(version.stdout)")
        #expect(lines.first?.firstMatch(of: /^bnc-[a-z]+ 0\.1\.0 \(commit [0-9a-z-]+, built [A-Z][a-z]{2} [ 0-9]\d \d{4}\)$/) != nil, "\(lines)")
        #expect(lines.last?.hasPrefix("libcurl/") == true, "\(lines)")
        let help = try box.run(tool, ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: \(tool)"))
    }

    /// A tool started with SIGTERM blocked (libdispatch's worker threads block it, and the mask survives exec: so
    /// bnc-mcp started its commands) ignored SIGTERM for ever. Every tool now starts with no signal blocked.
    @Test func aToolStartedWithSignalsBlockedStillEndsOnSIGTERM() throws {
        let fifo = box.home + "/blocked.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setsigmask(&attributes, &blocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let path = Executables.path("bnc-tune")
        let words: [String] = [path, "check", fifo]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        #expect(posix_spawn(&pid, path, nil, &attributes, argv, environ) == 0)
        usleep(300_000)  // it blocks opening the FIFO no one writes to
        kill(pid, SIGTERM)
        var status: Int32 = 0, waited = 0
        while waitpid(pid, &status, WNOHANG) == 0 && waited < 100 { usleep(50_000); waited += 1 }
        if waited >= 100 { kill(pid, SIGKILL); _ = waitpid(pid, &status, 0) }
        #expect(waited < 100, "SIGTERM ended it")
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 130, "ended by SIGTERM, exit 130 as EXIT STATUS says: \(status)")
    }

    @Test func sharedChecksRunBeforeTheToolsOwnWork() throws {
        let ip = try box.run("bnc-tune", ["replay", "missing.log", "--ip", "1.2.3.4\r\nX-Injected: 1"])
        #expect(ip.status == 64)
        #expect(ip.stderr.contains(#"--ip must not contain whitespace or line breaks (got "1.2.3.4\r\nX-Injected: 1")"#))
        #expect(ip.stderr.split(separator: "\n").count == 2, "one error line and one hint")

        let device = try box.run("bnc-open", ["--idfa", "nope"])
        #expect(device.status == 65)
        #expect(device.stderr.contains("--idfa must be a UUID"))

        let warn = try box.run("bnc-tune", ["replay", "missing.log", "--key", "key_test_abc", "--ip", "192.168.1.4"])
        #expect(warn.status == 66, "the shared checks warn first; then the missing log is exit 66")
        #expect(warn.stderr.contains("bnc-tune: warning: 192.168.1.4 is a private"))
        let zero = try box.run("bnc-open", ["--dry-run", "--key", "key_test_abc", "--ip", "8.8.8.8", "--idfa", "00000000-0000-0000-0000-000000000000"])
        #expect(zero.stderr.contains("all-zero IDFA"))

        let unknown = try box.run("bnc-link", ["--secret", "secret_test_abc"])
        #expect(unknown.status == 64, "there is no flag that takes the secret itself")
        #expect(!unknown.stderr.contains("secret_test_abc"))
    }

    @Test func configurationErrorsAreExit78() throws {
        try box.write(".config/bnc/config.toml", "[profile.p]\nbranch_key = \"key_live_abc\"\nbranch_secret = \"secret_live_PLACEHOLDER_abc\"\n", mode: 0o644)
        let r = try box.run("bnc-open", ["--profile", "p"])
        #expect(r.status == 78)
        #expect(r.stderr.contains("chmod 600"))
        #expect(!r.output.contains("secret_live_PLACEHOLDER_abc"))
    }

    @Test func missingDeviceFileIsExit66() throws {
        let r = try box.run("bnc-open", ["--device", "nope.json"])
        #expect(r.status == 66)
        #expect(r.stderr.contains("--device: cannot open nope.json"))
    }

    @Test(arguments: ["bnc-link", "bnc-asa"])
    func aToolOfSubcommandsRunBarePrintsItsHelp(_ tool: String) throws {
        let r = try box.run(tool, [])
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE: \(tool) <subcommand>") && r.stdout.contains("SUBCOMMANDS:"), "\(r.stdout)")
    }
}
