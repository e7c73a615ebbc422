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

/// The tables run the tools: every flag a table gives an event_data or link field reaches the body under that
/// field's name, typed by the table; and each tool's `fields` lists its tables and their rules as they are.
@Suite struct TablesRunTheToolsTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    /// A value for a field's flag, and the JSON the body must then hold.
    static func sample(_ spec: FieldSpec) -> (flag: String, json: Any) {
        switch (spec.type, spec.name) {
        case (.number, _): return ("12.5", 12.5)
        case (.integer, "type"): return ("1", 1)
        case (.integer, _): return ("600", 600)
        case (.strings, _): return ("t1", ["t1"])
        case (_, "currency"): return ("EUR", "EUR")
        case (_, "ad_type"): return ("BANNER", "BANNER")
        default: return ("v-\(spec.name)", "v-\(spec.name)")
        }
    }

    func dryRun(_ tool: String, _ args: [String]) throws -> [String: Any] {
        let r = try box.run(tool, args + ["--dry-run", "--key", "key_test_tables", "--output", "json"], env: ["BRANCH_SECRET": "secret_test_tables"])
        #expect(r.status == 0, "\(tool): \(r.stderr)")
        return try #require((try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])?["body"] as? [String: Any])
    }

    @Test func everyEventDataFlagReachesTheBodyTyped() throws {
        let specs = EventFields.eventData.fields.filter { $0.flag != nil }
        #expect(specs.count == 10)
        let args = specs.flatMap { [$0.flag!, Self.sample($0).flag] }
        let body = try dryRun("bnc-event", ["send", "PURCHASE", "--developer-identity", "u1", "--ip", "8.8.4.4", "--no-state"] + args)
        let data = try #require(body["event_data"] as? [String: Any])
        for spec in specs {
            let want = Self.sample(spec).json
            #expect("\(data[spec.name] ?? "absent")" == "\(want)", "\(spec.flag!) -> event_data.\(spec.name): \(data)")
        }
    }

    @Test func everyLinkFlagReachesTheBodyTyped() throws {
        let specs = LinkFields.link.fields.filter { $0.flag != nil && $0.name != "data" }
        let args = specs.flatMap { [$0.flag!, Self.sample($0).flag] }
        let body = try dryRun("bnc-link", ["create"] + args + ["--param", "$marketing_title=M"])
        for spec in specs {
            #expect("\(body[spec.name] ?? "absent")" == "\(Self.sample(spec).json)", "\(spec.flag!) -> \(spec.name): \(body)")
        }
    }

    @Test(arguments: [("bnc-open", [OpenFields.table]), ("bnc-event", EventFields.all), ("bnc-link", [LinkFields.link, LinkFields.data])])
    func fieldsListsTheTablesAndTheirRules(_ tool: String, _ tables: [FieldTable]) throws {
        let r = try box.run(tool, ["fields", "--output", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let expected = tables.flatMap { t in t.fields.map { ($0.name, $0.tags) } + t.rules.map { ($0.field ?? t.name, "rule (\($0.level.rawValue))") } }
        #expect(rows.count == expected.count)
        for (row, (name, type)) in zip(rows, expected) {
            #expect(row["name"] as? String == name && row["type"] as? String == type, "\(row)")
        }
        if tool == "bnc-open" { #expect(rows.contains { $0["type"] as? String == "rule (warning)" }) }
    }
}
