// The multi-call binary `make install` puts in bin/ under each client tool's name (hard links of one file): each name runs its tool, exactly as the tool's own executable does; the front door and bnc-mcp find
// the tools beside them.
import Foundation
import Testing
import TestSupport

@Suite struct MulticallTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let names = ["bnc-open", "bnc-event", "bnc-link", "bnc-api", "bnc-app", "bnc-export", "bnc-asa", "bnc-doctor", "bnc-tune"]

    /// A bin/ as `make install` lays it out: bnc, and one multi-call file linked under each tool's name.
    func installed() throws -> String {
        let bin = box.root.appendingPathComponent("bin").path
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Executables.path("bnc-multicall"), toPath: bin + "/bnc-open")
        for name in Self.names.dropFirst() { try FileManager.default.linkItem(atPath: bin + "/bnc-open", toPath: bin + "/" + name) }
        for own in ["bnc", "bnc-mcp", "bnc-sandbox"] {
            try FileManager.default.copyItem(atPath: Executables.path(own), toPath: bin + "/" + own)
        }
        return bin
    }

    @Test func eachNameRunsItsToolAsItsOwnExecutableDoes() throws {
        let bin = try installed()
        let inode = try FileManager.default.attributesOfItem(atPath: bin + "/bnc-open")[.systemFileNumber] as? Int
        for name in Self.names {
            #expect(try FileManager.default.attributesOfItem(atPath: bin + "/" + name)[.systemFileNumber] as? Int == inode, "one file")
            let help = try box.run(bin + "/" + name, ["--help"])
            let own = try box.run(name, ["--help"])
            #expect(help.status == 0 && help.stdout == own.stdout, "\(name) --help is its own")
        }
        let args = ["--dry-run", "--ip", "8.8.4.4", "--os", "iOS", "--os-version", "17.4", "--model", "iPhone15,2", "--app-version", "2.3.0",
                    "--user-agent", "UA", "--idfv", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11", "--no-state"]
        let env = ["BRANCH_KEY": "key_test_multi0001", "BRANCH_SECRET": "secret_test_multi0001"]
        let multi = try box.run(bin + "/bnc-open", args, env: env)
        let own = try box.run("bnc-open", args, env: env)
        #expect(multi.status == 0 && multi.stdout == own.stdout && multi.stderr == own.stderr, "\(multi.output)")
        // Exit statuses are the tool's: a usage error is 64 under either.
        #expect(try box.run(bin + "/bnc-event", ["send"]).status == 64)
        // The front door runs the tools beside it.
        let door = try box.run(bin + "/bnc", ["open"] + args, env: env)
        #expect(door.status == 0 && door.stdout == own.stdout, "\(door.output)")
        // Under another name it says which names it answers to.
        try FileManager.default.linkItem(atPath: bin + "/bnc-open", toPath: box.root.appendingPathComponent("mytool").path)
        let other = try box.run(box.root.appendingPathComponent("mytool").path, ["--help"])
        #expect(other.status == 64 && other.stderr.contains("run me under a tool's name (bnc-api, bnc-app, bnc-asa, bnc-doctor,") && other.stderr.contains("not as mytool"),
                "\(other.output)")
    }

    /// What slows every start in one image stays out of it: libxml2 (with ICU), libcrypto, libsqlite3 and libjq
    /// (with libonig) are loaded on first use, as libcurl is, never as the binary's own dependencies.
    @Test func theMultiCallBinaryLoadsNoLibraryItMayNotUseAtStart() throws {
        let needed = try box.run("/usr/bin/env", ["readelf", "-d", Executables.path("bnc-multicall")])
        #expect(needed.status == 0)
        let libraries = needed.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!libraries.isEmpty)
        for forbidden in ["libxml2", "libcrypto", "libssl", "libicu", "libcurl", "libsqlite3", "libjq", "libonig", "libFoundation.",
                          "FoundationInternationalization"] {
            #expect(!libraries.contains { $0.contains(forbidden) }, "\(forbidden) in \(libraries)")
        }
    }

    @Test func bncMcpFindsTheToolsBesideIt() throws {
        let bin = try installed()
        // A minimal MCP client: initialize, then one call, reading each answer before the next (stdin stays open).
        let client = #"""
        import json, subprocess, sys
        p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        def ask(m):
            p.stdin.write(json.dumps(m) + "\n"); p.stdin.flush()
            return json.loads(p.stdout.readline()) if "id" in m else None
        ask({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
        ask({"jsonrpc": "2.0", "method": "notifications/initialized"})
        r = ask({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "long_link", "arguments": {"domain": "example.app.link", "channel": "sms"}}})
        print(r["result"]["content"][0]["text"])
        p.stdin.close(); p.wait()
        """#
        let r = try box.run("/usr/bin/env", ["python3", "-c", client, bin + "/bnc-mcp"], env: ["BRANCH_KEY": "key_test_multi0001"])
        #expect(r.status == 0 && r.stdout.contains("https://example.app.link/a/key_test_multi0001?"), "\(r.output.prefix(2000))")
    }
}
