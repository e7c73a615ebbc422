// bnc-event send's own flags: routing, user_data, typed event_data, custom_data and content items.
// Declared apart from the command so main.swift stays the command's shape; turned into BNCEvent's EventInput.
import ArgumentParser
import BNCCore
import BNCEvent

struct EventFlags: ParsableArguments {
    @Flag(name: .customLong("custom-event"), help: "Send to /v2/event/custom even when the name is a standard one, or close to a command (lsit).")
    var customEvent = false

    @Option(name: .customLong("developer-identity"), help: ArgumentHelp("Your user id (user_data.developer_identity).", valueName: "ID"))
    var developerIdentity: String?

    @Option(name: .customLong("user-data"), help: ArgumentHelp("Another user_data field: KEY=VALUE or KEY:=JSON (repeatable).", valueName: "KEY=VALUE"),
            completion: .assignments(EventFields.userData.names))
    var userData: [String] = []

    @Option(name: .customLong("transaction-id"), help: ArgumentHelp("event_data.transaction_id.", valueName: "ID")) var transactionID: String?
    @Option(name: .customLong("currency"), help: ArgumentHelp("event_data.currency: ISO 4217, e.g. USD.", valueName: "CODE")) var currency: String?
    @Option(name: .customLong("revenue"), help: ArgumentHelp("event_data.revenue, a number.", valueName: "AMOUNT")) var revenue: String?
    @Option(name: .customLong("shipping"), help: ArgumentHelp("event_data.shipping, a number.", valueName: "AMOUNT")) var shipping: String?
    @Option(name: .customLong("tax"), help: ArgumentHelp("event_data.tax, a number.", valueName: "AMOUNT")) var tax: String?
    @Option(name: .customLong("coupon"), help: ArgumentHelp("event_data.coupon.", valueName: "CODE")) var coupon: String?
    @Option(name: .customLong("affiliation"), help: ArgumentHelp("event_data.affiliation, e.g. a store.", valueName: "TEXT")) var affiliation: String?
    @Option(name: .customLong("description"), help: ArgumentHelp("event_data.description.", valueName: "TEXT")) var eventDescription: String?
    @Option(name: .customLong("search-query"), help: ArgumentHelp("event_data.search_query.", valueName: "TEXT")) var searchQuery: String?
    @Option(name: .customLong("ad-type"), help: ArgumentHelp("event_data.ad_type: BANNER, INTERSTITIAL, REWARDED_VIDEO or NATIVE.", valueName: "TYPE"),
            completion: .list(EventCatalog.adTypes))
    var adType: String?

    @Option(name: .customLong("custom"), help: ArgumentHelp("custom_data KEY=VALUE, a string (repeatable).", valueName: "KEY=VALUE"))
    var custom: [String] = []

    @Option(name: .customLong("custom-json"), help: ArgumentHelp("custom_data from a JSON object file (types kept).", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var customJSON: String?

    @Option(name: .customLong("alias"), help: ArgumentHelp("customer_event_alias: your own label for the event.", valueName: "TEXT"))
    var alias: String?

    @Option(name: .customLong("item"), help: ArgumentHelp("A content item: '$sku=42,$price=19.99,$quantity=1,color=blue' (repeatable).", valueName: "SPEC"),
            completion: .assignments(EventFields.contentItem.names))
    var items: [String] = []

    @Option(name: .customLong("items"), help: ArgumentHelp("Content items from a JSON array file.", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var itemsFile: String?

    @Option(name: .customLong("body"), help: ArgumentHelp("One event as a JSON object in a batch line's shape ({name, user_data, event_data, custom_data, content_items, customer_event_alias, ip}), checked as a batch line is; - reads stdin. Not with a name or the flags that build an event.", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var body: String?

    /// The flags that build an event from parts, given: none may be combined with --body.
    var partsGiven: [String] {
        let given: [(String, Bool)] = [
            ("--developer-identity", developerIdentity != nil), ("--user-data", !userData.isEmpty), ("--transaction-id", transactionID != nil),
            ("--currency", currency != nil), ("--revenue", revenue != nil), ("--shipping", shipping != nil), ("--tax", tax != nil),
            ("--coupon", coupon != nil), ("--affiliation", affiliation != nil), ("--description", eventDescription != nil),
            ("--search-query", searchQuery != nil), ("--ad-type", adType != nil), ("--custom", !custom.isEmpty),
            ("--custom-json", customJSON != nil), ("--alias", alias != nil), ("--item", !items.isEmpty), ("--items", itemsFile != nil),
        ]
        return given.filter(\.1).map(\.0)
    }

    @Flag(name: .customLong("explain"), help: "On stderr, each body field and header with its value, where it came from (the name, a flag, the device file, state.db, the settings) and the rule that changed it.")
    var explain = false

    @Option(name: .customLong("category-form"), help: ArgumentHelp("Send $product_category as display (\"Baby & Toddler\") or enum (BABY_AND_TODDLER).", valueName: "FORM"))
    var categoryForm: CategoryFormArgument = .display

    @Flag(name: .customLong("no-state"), help: "Do not read randomized_device_token from bnc-open's state.")
    var noState = false

    enum CategoryFormArgument: String, ExpressibleByArgument, CaseIterable { case display, `enum` }

    var categoryFormValue: CategoryForm { categoryForm == .enum ? .enum : .display }

    /// The event_data flags by name: the table (`EventFields.eventData`) says which field each fills and its type.
    var eventDataFlags: [String: String?] {
        ["--transaction-id": transactionID, "--currency": currency, "--revenue": revenue, "--shipping": shipping, "--tax": tax,
         "--coupon": coupon, "--affiliation": affiliation, "--description": eventDescription, "--search-query": searchQuery,
         "--ad-type": adType]
    }

    /// The flags as BNCEvent's input (the name is checked by the command).
    func input(name: String) -> EventInput {
        var input = EventInput(name: name)
        input.alias = alias
        input.developerIdentity = developerIdentity
        // Each event_data field the table gives a flag takes that flag's value; its type is the table's.
        let given = eventDataFlags
        input.eventData = EventFields.eventData.fields.compactMap { f in f.flag.flatMap { given[$0] ?? nil }.map { (f.name, $0) } }
        input.custom = custom
        input.itemSpecs = items
        return input
    }
}
