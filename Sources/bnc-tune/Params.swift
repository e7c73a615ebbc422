// bnc-tune params: the TUNE parameter table with each parameter's Branch targets.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCTune

struct Params: BNCCommand {
    static let toolName = "bnc-tune"
    static let configuration = CommandConfiguration(
        commandName: "params",
        abstract: "Print the TUNE parameter table: group, type, where the seed requires it, and its Branch counterparts.")
    @OptionGroup(title: "Output") var output: PrintOptions

    func run(_ context: ToolContext) throws -> ExitStatus {
        try context.apply(output)
        let rows: [JSON] = TuneParameters.all.map { p in
            var o: JSONObject = ["name": .string(p.name), "group": .string(p.group.rawValue), "type": .string(p.spec.type.label)]
            o["required_on"] = .array(p.requiredOn.sorted().map { .string($0.rawValue) })
            o["flag"] = p.flag.map { .string("1 = \($0.rawValue)") }
            o["open"] = p.open.summary.map(JSON.string)
            o["event"] = p.event.summary.map(JSON.string)
            o["help"] = .string(p.spec.help)
            return .object(o)
        }
        try context.emit(rows: rows, format: output.format(context.environment), columns: ["PARAMETER", "REQUIRED ON", "V1/OPEN", "V2 EVENT"]) { r in
            let o = r.objectValue ?? [:]
            return [o["name"]?.stringValue ?? "", (o["required_on"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ","),
                    o["open"]?.stringValue ?? "-", o["event"]?.stringValue ?? "-"]
        }
        return .success
    }
}
