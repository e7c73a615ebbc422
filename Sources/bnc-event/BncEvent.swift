// bnc-event: send Branch v2 events — standard commerce, content and lifecycle events, and custom events —
// one from flags, or a million from NDJSON through the batch runner. Flags -> BNCEvent -> Core -> printed.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCEvent
import BNCSuite

struct BncEvent: BNCRootCommand {
    static let configuration = CommandConfiguration(
        commandName: "bnc-event",
        abstract: ToolCatalog.event.abstract + ".",
        discussion: """
            `bnc-event send NAME` posts to /v2/event/standard when NAME is a standard event (`bnc-event list`) and to \
            /v2/event/custom otherwise (--custom-event forces custom). user_data comes from the device flags, \
            --developer-identity and --ip (sent as X-IP-Override and user_data.ip); it must identify the user \
            (developer_identity, or idfa/idfv on iOS, or android_id/aaid on Android), checked before sending.
            """,
        version: BNCVersion.string,
        subcommands: [Send.self, List.self, FieldsCommand<EventFieldCatalog>.self],
        defaultSubcommand: Send.self)
}

/// `bnc-event fields`: the event body's tables (envelope, user_data, event_data, content items, custom_data).
enum EventFieldCatalog: FieldCatalog {
    static let toolName = "bnc-event"
    static var tables: [FieldTable] { EventBuilder.tables }
}

/// bnc-event's entry point: its own executable and the multi-call binary installed under its name call it.
public enum Entry {
    public static func main() { BncEvent.main() }
}
