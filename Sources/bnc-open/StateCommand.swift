// `bnc-open state`: what bnc-open keeps per Branch key and device in $XDG_STATE_HOME/bnc/state.db.
import ArgumentParser
import BNCCommandSupport
import BNCCore

/// `bnc-open state list|show|forget`: what bnc-open keeps per Branch key and device.
struct StateCommand: BNCCommand {
    static let toolName = "bnc-open"
    static let configuration = CommandConfiguration(
        commandName: "state", abstract: "Show or forget what bnc-open keeps per Branch key and device (first sessions, tokens).",
        subcommands: [List.self, Show.self, Forget.self], defaultSubcommand: List.self)

    func run(_ context: ToolContext) throws -> ExitStatus { .success }

    struct List: BNCCommand {
        static let toolName = "bnc-open"
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the devices kept, newest first.")
        @Option(name: .customLong("key"), help: ArgumentHelp("Only this Branch key's devices.", valueName: "KEY")) var key: String?
        @OptionGroup(title: "Output") var output: PrintOptions

        func run(_ context: ToolContext) throws -> ExitStatus {
            try context.apply(output)
            let rows = try StateStore(path: StateStore.defaultPath(context.environment)).devices(key: key)
            try StateCommand.print(rows, context: context, output: output)
            return .success
        }
    }

    struct Show: BNCCommand {
        static let toolName = "bnc-open"
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one device (its id as `state list` prints it).")
        @Argument(help: ArgumentHelp("The device id.", valueName: "device")) var device: String
        @OptionGroup(title: "Output") var output: PrintOptions

        func run(_ context: ToolContext) throws -> ExitStatus {
            try context.apply(output)
            let rows = try StateStore(path: StateStore.defaultPath(context.environment)).devices(device: device)
            guard !rows.isEmpty else { throw BNCError(.invalidData, "no state for device \(device)") }
            try StateCommand.print(rows, context: context, output: output)
            return .success
        }
    }

    struct Forget: BNCCommand {
        static let toolName = "bnc-open"
        static let configuration = CommandConfiguration(commandName: "forget", abstract: "Forget one device (its next session is a first session again), or all with --all.")
        @Argument(help: ArgumentHelp("The device id.", valueName: "device")) var device: String?
        @Flag(name: .customLong("all"), help: "Forget every device.") var all = false
        @Option(name: .customLong("key"), help: ArgumentHelp("Only this Branch key's devices.", valueName: "KEY")) var key: String?

        func validate() throws {
            if (device == nil) == !all { throw ValidationError("name one device, or pass --all") }
        }

        func run(_ context: ToolContext) throws -> ExitStatus {
            let n = try StateStore(path: StateStore.defaultPath(context.environment)).forget(key: key, device: device)
            context.diagnostics.note("forgot \(n) device\(n == 1 ? "" : "s")")
            return .success
        }
    }

    static func print(_ rows: [DeviceState], context: ToolContext, output: PrintOptions) throws(BNCError) {
        try context.emit(rows: rows.map(\.json), format: output.format(context.environment),
                     columns: ["BRANCH_KEY", "DEVICE", "SESSIONS", "BUNDLE_TOKEN", "IDENTITY"]) { r in
            ["branch_key", "device", "sessions", "randomized_bundle_token", "identity"].map { r[$0]?.plainText ?? "" }
        }
    }
}
