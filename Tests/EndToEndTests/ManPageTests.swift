// The man pages as a reader gets them: rendered by man(1) at 80 columns, every line fits; each tool's SYNOPSIS has
// a line for every subcommand, nested ones too; every subcommand is described under COMMANDS.
import Foundation
import Testing
import TestSupport

@Suite struct ManPageTests {
    static let man = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("man").path

    func render(_ page: String) throws -> String {
        let box = try TestSupport.Sandbox()
        let r = try box.run("/bin/sh", ["-c", "man -l '\(Self.man)/\(page)' | col -bx"], env: ["MANWIDTH": "80", "LANG": "C.UTF-8"])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout
    }

    @Test(arguments: ["bnc.1", "bnc-open.1", "bnc-event.1", "bnc-link.1", "bnc-asa.1", "bnc-tune.1", "bnc-api.1", "bnc-sandbox.1", "bnc-config.5"])
    func everyLineFitsEightyColumns(_ page: String) throws {
        let text = try render(page)
        #expect(text.count > 1000)
        for line in text.split(separator: "\n") where line.count > 80 {
            Issue.record("\(page): \(line.count) columns: \(line)")
        }
    }

    @Test(arguments: [
        ("bnc-open.1", ["bnc-open [options]", "bnc-open state list [options]", "bnc-open state show device [options]", "bnc-open fields [options]"]),
        ("bnc-link.1", ["bnc-link create [options]", "bnc-link bulk file [options]", "bnc-link read url [options]", "bnc-link long [options]"]),
        ("bnc-tune.1", ["bnc-tune scan", "bnc-tune check request [options]", "bnc-tune replay"]),
        ("bnc-asa.1", ["bnc-asa lookup", "bnc-asa decode-iad", "bnc-asa for-open"]),
        ("bnc-sandbox.1", ["bnc-sandbox [options]", "bnc-sandbox status [options]", "bnc-sandbox stop [options]"]),
    ] as [(String, [String])])
    func theSynopsisHasALineForEverySubcommand(_ page: String, _ lines: [String]) throws {
        let text = try render(page)
        let synopsis = text.components(separatedBy: "\nSYNOPSIS\n").last?.components(separatedBy: "\nDESCRIPTION\n").first ?? ""
        for line in lines {
            #expect(synopsis.contains(line), "\(page) SYNOPSIS lacks '\(line)':\n\(synopsis)")
        }
    }

    /// U4 (QA round 26b): every page carried the suite's one table, so bnc-sandbox(1) listed batch failures and
    /// bnc-doctor(1) 65 and 75. Each lists the statuses its tool returns, with its own meanings; bnc(1) keeps all.
    @Test(arguments: [
        ("bnc-sandbox.1", ["75 --detach: a bnc-sandbox already runs", "1 Status or stop: no bnc-sandbox runs"], [" 65 ", " 77 ", "items of a batch"]),
        ("bnc-doctor.1", ["69 Only an upstream check fails", "78 A configuration, credential, clock or local state check fails"], [" 65 ", " 75 ", " 76 "]),
        ("bnc-app.1", ["65 Data rejected", "77 Not permitted"], [". 1 "]),
        ("bnc-open.1", ["--route KEY named a value the answer does not have"], ["Apple's"]),
        ("bnc-asa.1", ["Apple's 404"], []),
        ("bnc.1", ["Some items of a batch failed", "Apple's 404", "77 Not permitted"], []),
    ] as [(String, [String], [String])])
    func eachPageListsItsToolsExitStatuses(_ page: String, _ present: [String], _ absent: [String]) throws {
        let text = try render(page)
        let section = text.components(separatedBy: "\nEXIT STATUS\n").last?.components(separatedBy: "\nEXAMPLES\n").first?
            .components(separatedBy: "\nSEE ALSO\n").first ?? ""
        let flat = section.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for line in present { #expect(flat.contains(line), "\(page) EXIT STATUS lacks '\(line)':\n\(section)") }
        for line in absent { #expect(!flat.contains(line), "\(page) EXIT STATUS has '\(line)':\n\(section)") }
    }
}
