// bnc-event list: the standard events by group.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCEvent
import BNCSuite

struct List: BNCCommand {
    static let toolName = "bnc-event"
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the standard events by group (commerce, content, lifecycle).")
    @OptionGroup(title: "Output") var output: PrintOptions

    func run(_ context: ToolContext) throws -> ExitStatus {
        try context.apply(output)
        let rows: [JSON] = EventCatalog.standard.map { ["name": .string($0.name), "group": .string($0.group.rawValue), "description": .string($0.help)] }
        try context.emit(rows: rows, format: output.format(context.environment), columns: ["NAME", "GROUP", "DESCRIPTION"]) { r in
            ["name", "group", "description"].map { r[$0]?.plainText ?? "" }
        }
        return .success
    }
}
