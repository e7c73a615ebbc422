// Every `flag:` a field table declares is a flag of the tool that table serves, read from the tool's own help
// dump: a renamed or removed flag cannot leave a table pointing at nothing (its help, man page and completion
// would promise a flag the tool refuses).
import BNCCore
import BNCEvent
import BNCLink
import BNCOpen
import Foundation
import Testing
import TestSupport

@Suite struct TableFlagTests {
    /// Each tool and the tables whose flags it must have.
    static let tools: [(String, [FieldTable])] = [
        ("bnc-open", [OpenFields.table, Device.table]),
        ("bnc-event", EventFields.all + [Device.table]),
        ("bnc-link", [LinkFields.link]),
    ]

    /// The long flags of a tool and all its subcommands, from `--experimental-dump-help`.
    static func flags(of tool: String) throws -> Set<String> {
        let box = try TestSupport.Sandbox()
        let r = try box.run(tool, ["--experimental-dump-help"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        var out = Set<String>()
        func walk(_ command: [String: Any]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    if let n = name["name"] as? String { out.insert("--" + n) }
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub) }
        }
        walk(try #require(json["command"] as? [String: Any]))
        return out
    }

    @Test(arguments: tools.map(\.0))
    func everyTableFlagIsTheToolsFlag(_ tool: String) throws {
        let have = try Self.flags(of: tool)
        #expect(have.count > 20, "\(tool)'s help dump was read")
        let tables = Self.tools.first { $0.0 == tool }!.1
        var declared = 0
        for table in tables {
            for spec in table.fields {
                guard let flag = spec.flag else { continue }
                declared += 1
                #expect(have.contains(flag), "\(table.name).\(spec.name) declares \(flag), which \(tool) does not have")
            }
        }
        #expect(declared > 5)
    }
}
