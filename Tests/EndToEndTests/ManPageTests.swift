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
}
