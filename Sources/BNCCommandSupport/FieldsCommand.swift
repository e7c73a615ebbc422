// The one `fields` subcommand: every tool lists the fields its API's bodies may carry from the builder's tables
// (name, type and rules, meaning), then each table's rules; written once for every API, current and to come.
import ArgumentParser
import BNCCore

/// What a tool's fields subcommand lists: the tool, its API's tables, and the subcommand's name.
public protocol FieldCatalog {
    /// The tool's name for messages (`bnc-open`).
    static var toolName: String { get }
    /// The tables listed, in order; with more than one, each row names its table.
    static var tables: [FieldTable] { get }
    /// The subcommand's name: `fields`, unless a tool has kept an older one (bnc-link's `params`).
    static var commandName: String { get }
    /// The subcommand's one line of help.
    static var abstract: String { get }
}

extension FieldCatalog {
    public static var commandName: String { "fields" }
    public static var abstract: String {
        "List the fields a request body may carry: name, type and rules, meaning; then the rules between fields."
    }
}

/// `TOOL fields`: the catalog's tables as rows (`table`, `name`, `type`, `description`), then their rules.
public struct FieldsCommand<Catalog: FieldCatalog>: BNCCommand {
    public static var toolName: String { Catalog.toolName }
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Catalog.commandName, abstract: Catalog.abstract)
    }

    @Flag(name: .customLong("json-schema"), help: "Print the tables as JSON Schema (draft 2020-12) instead: an object schema per table, generated from the same specs.")
    var jsonSchema = false

    @OptionGroup(title: "Output") var output: PrintOptions

    public init() {}

    public func run(_ context: ToolContext) throws -> ExitStatus {
        try context.apply(output)
        if jsonSchema {
            let schemas = Catalog.tables.map { FieldSchema.schema($0, title: "\(Catalog.toolName) \($0.name)") }
            try context.printJSON(schemas.count == 1 ? schemas[0] : .array(schemas), pretty: output.output != .ndjson)
            return .success
        }
        let several = Catalog.tables.count > 1
        var rows: [JSON] = []
        for table in Catalog.tables {
            for f in table.fields {
                var o: JSONObject = several ? ["table": .string(table.name)] : [:]
                o["name"] = .string(f.name)
                o["type"] = .string(f.tags)
                o["description"] = .string(f.help)
                rows.append(.object(o))
            }
            for rule in table.rules {
                var o: JSONObject = several ? ["table": .string(table.name)] : [:]
                o["name"] = .string(rule.field ?? table.name)
                o["type"] = .string("rule (\(rule.level.rawValue))")
                o["description"] = .string(rule.message)
                rows.append(.object(o))
            }
        }
        let keys = several ? ["table", "name", "type", "description"] : ["name", "type", "description"]
        try context.emit(rows: rows, format: output.format(context.environment), columns: keys.map { $0.uppercased() }) { r in
            keys.map { r[$0]?.plainText ?? "" }
        }
        return .success
    }
}
