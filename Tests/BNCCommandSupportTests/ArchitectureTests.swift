// The layout DESIGN.md promises, checked on the sources themselves: thin executables, one place that exits,
// no executable naming a host, and a sandbox that shares no API module with the client.
import Foundation
import Testing

@Suite struct ArchitectureTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    func files(in target: String) throws -> [(name: String, text: String)] {
        let dir = Self.sources.appendingPathComponent(target)
        return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8))
        }
    }

    var executables: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: Self.sources.path))?
            .filter { $0 == "bnc" || $0.hasPrefix("bnc-") || $0 == "docgen" }.sorted() ?? []
    }

    @Test func everyExecutableFileIsUnder150Lines() throws {
        #expect(executables.count == 13)
        for target in executables {
            for (name, text) in try files(in: target) {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
                #expect(lines < 150, "Sources/\(target)/\(name) has \(lines) lines")
            }
        }
    }

    /// Each tool's executable is one call into its command's module (Sources/Main/NAME/main.swift), so the
    /// multi-call binary `make install` ships runs exactly the code the tests run.
    @Test func eachToolExecutableOnlyCallsItsModule() throws {
        let main = Self.sources.appendingPathComponent("Main")
        let names = try FileManager.default.contentsOfDirectory(atPath: main.path).sorted()
        #expect(names.count == 12 && names.contains("bnc-multicall"))
        for name in names where name != "bnc-multicall" {
            let files = try FileManager.default.contentsOfDirectory(atPath: main.appendingPathComponent(name).path)
            #expect(files == ["main.swift"], "\(name): \(files)")
            let text = try String(contentsOf: main.appendingPathComponent(name + "/main.swift"), encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.hasPrefix("//") && !$0.isEmpty }
            #expect(code.count == 2 && code[0].hasPrefix("import BNCTool") && code[1].hasSuffix("Entry.main()"), "\(name): \(code)")
        }
    }

    /// `make install` installs every tool one way: in the static multi-call binary (MULTICALL, the names its
    /// main answers to) or on the shared runtime under lib/bnc (SHARED); none twice, none forgotten.
    @Test func makeInstallInstallsEveryToolOneWay() throws {
        let makefile = try String(contentsOf: Self.sources.deletingLastPathComponent().appendingPathComponent("Makefile"), encoding: .utf8)
        func list(_ name: String) -> [String] {
            let line = makefile.split(separator: "\n").first { $0.hasPrefix(name + " := ") } ?? ""
            return line.dropFirst(name.count + 4).split(separator: " ").map(String.init)
        }
        let tools = list("TOOLS"), multicall = list("MULTICALL"), shared = list("SHARED")
        #expect(tools.count == 12 && !multicall.isEmpty && !shared.isEmpty)
        #expect(Set(multicall).isDisjoint(with: shared) && Set(multicall).union(shared) == Set(tools), "\(multicall) + \(shared) against \(tools)")
        let main = try String(contentsOf: Self.sources.appendingPathComponent("Main/bnc-multicall/main.swift"), encoding: .utf8)
        let answered = Set(main.split(separator: "\"").filter { $0.hasPrefix("bnc-") && !$0.contains(" ") }.map(String.init))
        #expect(answered == Set(multicall), "the multi-call binary answers to \(answered.sorted())")
        #expect(makefile.contains("-rpath=$$ORIGIN/../lib/bnc") && makefile.contains("scripts/install-runtime.sh"))
    }

    /// Every library module, each with the modules it may import (DESIGN.md's diamond: downwards only).
    static let modules: [String: Set<String>] = [
        "BNCSuite": [],
        "BNCCore": ["BNCSuite", "CCurl", "CSQLite", "CZlib"],
        "BNCOpen": ["BNCCore", "BNCSuite"],
        "BNCEvent": ["BNCCore", "BNCSuite"],
        "BNCLink": ["BNCCore", "BNCSuite", "CXMLWriter", "CZlib"],
        "BNCApp": ["BNCCore", "BNCSuite"],
        "BNCExport": ["BNCCore", "BNCSuite"],
        "BNCASA": ["BNCCore", "BNCSuite", "CCrypto"],
        "BNCTune": ["BNCCore", "BNCSuite", "BNCOpen", "BNCEvent", "CCrypto"],
        "BNCReport": ["BNCCore", "BNCSuite", "CXMLWriter"],
        "BNCCommandSupport": ["BNCCore", "BNCSuite", "ArgumentParser", "CJQ"],
        "BNCSandbox": ["BNCCore", "BNCSuite", "COpenSSL", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOConcurrencyHelpers", "NIOSSL", "CQRImage", "CLibXML2", "CZlib"],
    ]

    @Test func everyModuleImportsOnlyDownwards() throws {
        let system: Set<String> = ["Glibc", "Foundation", "FoundationEssentials", "Synchronization", "Darwin", "Dispatch"]
        for (module, allowed) in Self.modules {
            let files = try allFiles(module)
            #expect(!files.isEmpty, "\(module) has sources")
            for (name, text) in files {
                for match in text.matches(of: /(?m)^(?:@testable )?import (\w+)/) {
                    let imported = String(match.output.1)
                    #expect(allowed.contains(imported) || system.contains(imported), "\(module)/\(name) imports \(imported)")
                }
            }
        }
    }

    /// Every public type of a library module says what it is for, in a `///` summary above it (attributes between).
    @Test func everyPublicTypeHasADocComment() throws {
        for module in Self.modules.keys.sorted() {
            for (name, text) in try allFiles(module) {
                var previous: [Substring] = []
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.firstMatch(of: #/^public (final class|struct|enum|protocol|class|actor) /#) != nil {
                        let above = previous.last { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("@") }
                        #expect(above?.trimmingCharacters(in: .whitespaces).hasPrefix("///") == true, "\(module)/\(name): \(line)")
                    }
                    previous.append(line)
                }
            }
        }
    }

    /// Every command names itself: without `commandName`, ArgumentParser derives the name from the type's with
    /// `String(describing:)` — the runtime's demangler, about 1 M instructions a command, for every subcommand of
    /// the tool at every start (bnc-open's three `state` commands were 11% of a `--dry-run`; bnc-tune's `--help`
    /// fell from 21.4 M to 14.2 M instructions once they were named).
    @Test func everyCommandConfigurationNamesItsCommand() throws {
        var found = 0
        for target in executables + Self.modules.keys.sorted() {
            for (name, text) in try allFiles(target) {
                for match in text.matches(of: /CommandConfiguration\(\s*(\w*)/) {
                    found += 1
                    #expect(match.output.1 == "commandName", "\(target)/\(name): a CommandConfiguration without commandName first")
                }
            }
        }
        #expect(found >= 48)
    }

    @Test func onlyTheCommandShapeEndsTheProcess() throws {
        for target in Self.modules.keys.sorted() {
            for (name, text) in try allFiles(target) where !(target == "BNCCommandSupport" && name == "Command.swift") {
                #expect(text.firstMatch(of: /\b_?exit\(/) == nil, "\(target)/\(name) calls exit")
            }
        }
    }

    @Test func noExecutableNamesAHostOrMovesACredential() throws {
        for target in executables where target != "bnc-sandbox" && target != "docgen" {
            for (name, text) in try files(in: target) {
                #expect(!text.contains("api2.branch.io"), "\(target)/\(name) names Branch's host")
                #expect(!text.contains("\"branch_secret\""), "\(target)/\(name) places the secret itself")
            }
        }
    }

    /// Core owns the databases (state.db's parts and the journals, one versioned schema: StoreSchema): an API
    /// module keeps no table of its own.
    @Test func noAPIModuleKeepsADatabase() throws {
        for module in ["BNCOpen", "BNCEvent", "BNCLink", "BNCASA", "BNCTune", "BNCApp"] {
            for (name, text) in try allFiles(module) {
                #expect(!text.contains("SQLiteDatabase") && !text.contains("CREATE TABLE"), "\(module)/\(name) keeps a database")
            }
        }
    }

    @Test func theSandboxImportsNoClientAPIModule() throws {
        for (name, text) in try allFiles("BNCSandbox") + (try files(in: "bnc-sandbox")) {
            for module in ["BNCOpen", "BNCEvent", "BNCLink", "BNCASA", "BNCTune", "BNCApp"] {
                #expect(!text.contains("import \(module)"), "\(name) imports \(module)")
            }
        }
    }

    func allFiles(_ target: String) throws -> [(name: String, text: String)] {
        let dir = Self.sources.appendingPathComponent(target)
        let paths = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try paths.sorted().map { ($0, try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8)) }
    }
}
