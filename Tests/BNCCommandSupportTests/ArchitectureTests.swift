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
        #expect(executables.count == 9)
        for target in executables {
            for (name, text) in try files(in: target) {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
                #expect(lines < 150, "Sources/\(target)/\(name) has \(lines) lines")
            }
        }
    }

    @Test func onlyTheCommandShapeEndsTheProcess() throws {
        for target in ["BNCCore", "BNCOpen", "BNCEvent", "BNCSuite", "BNCCommandSupport", "BNCSandbox"] {
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

    @Test func theSandboxImportsNoClientAPIModule() throws {
        for (name, text) in try allFiles("BNCSandbox") + (try files(in: "bnc-sandbox")) {
            for module in ["BNCOpen", "BNCEvent", "BNCLink", "BNCASA", "BNCTune"] {
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
