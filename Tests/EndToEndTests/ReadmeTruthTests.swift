// The README tells the truth: its tool table is the front door's list of built-ins, its exit statuses are the
// ones the tools use (ExitStatus), and every shared flag it names is a flag of the tools.
import BNCCore
import Foundation
import Testing
import TestSupport

@Suite struct ReadmeTruthTests {
    static let readme: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The first cells of the rows of the table whose header row starts with `header`.
    static func firstColumn(of header: String) -> [String] {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("| \(header) |") }) else { return [] }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map {
            $0.split(separator: "|", omittingEmptySubsequences: false)[1].trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func theToolTableIsTheFrontDoorsList() throws {
        let box = try TestSupport.Sandbox()
        let list = try box.run("bnc", ["--list"]).stdout
        var builtIns: [String] = []
        for line in list.split(separator: "\n").dropFirst() {
            guard line.hasPrefix("  ") else { break }
            builtIns.append("bnc-" + line.split(separator: " ").first!)
        }
        #expect(builtIns.count >= 7, "\(list)")
        let table = Self.firstColumn(of: "tool").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        #expect(Set(table) == Set(builtIns + ["bnc"]), "README's tools \(table) against bnc --list \(builtIns)")
    }

    @Test func theExitStatusesAreTheToolsOwn() {
        let documented = Self.firstColumn(of: "status").compactMap(Int32.init)
        #expect(documented == ExitStatus.allCases.map(\.rawValue).sorted(), "README \(documented)")
    }

    @Test func everySharedFlagItNamesIsAFlagOfTheTools() throws {
        let lines = Self.readme.split(separator: "\n").filter { $0.hasPrefix("| credentials |") || $0.hasPrefix("| network |")
            || $0.hasPrefix("| device |") || $0.hasPrefix("| output |") || $0.hasPrefix("| batch |") }
        #expect(lines.count == 5)
        let named = Set(lines.flatMap { $0.matches(of: /`(--[a-z-]+)/).map { String($0.output.1) } })
        let have = try TableFlagTests.flags(of: "bnc-open").union(try TableFlagTests.flags(of: "bnc-event"))
        #expect(named.count > 30)
        for flag in named { #expect(have.contains(flag), "README names \(flag), which the tools do not have") }
    }

    /// U16 (QA round 26b): the README ran `--device iphone.json` and `pixel.json` without showing one. The two it
    /// shows now make a session each (a dry run: every field checked), and the keys it lists are the device's.
    @Test func theDeviceFilesItShowsMakeSessions() throws {
        let blocks = Self.readme.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
            .filter { $0.contains("\"os_version\"") }
        #expect(blocks.count == 2)
        let box = try TestSupport.Sandbox()
        for (i, block) in blocks.enumerated() {
            let file = try box.write("device\(i).json", block)
            let run = try box.run("bnc-open", ["--device", file, "--ip", "8.8.4.4", "--dry-run"],
                                  env: ["BRANCH_KEY": "key_test_readme01", "BRANCH_SECRET": "secret_test_PLACEHOLDER_readme"])
            #expect(run.status == 0 && !run.stderr.contains("warning"), "\(block): \(run.output)")
        }
        let typo = try box.write("typo.json", #"{"os_vesion": "1"}"#)
        let refused = try box.run("bnc-open", ["--device", typo, "--ip", "8.8.4.4", "--dry-run"], env: ["BRANCH_KEY": "key_test_readme01"])
        let known = refused.stderr.components(separatedBy: "known: ").last?.trimmingCharacters(in: .whitespacesAndNewlines)
            .components(separatedBy: ", ") ?? []
        #expect(known.count > 10)
        for key in known { #expect(Self.readme.contains("`\(key)`"), "the README's list of device keys lacks \(key)") }
    }
}
