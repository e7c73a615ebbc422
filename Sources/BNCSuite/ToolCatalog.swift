// The suite's built-in tools and their one-line abstracts: read by each tool's --help and by `bnc --list`.

/// A built-in tool of the suite.
public struct ToolInfo: Sendable, Equatable {
    /// The short name: `open` for `bnc-open`.
    public let name: String
    public let abstract: String
    public var executable: String { "bnc-" + name }
}

/// The suite's built-in tools with their one-line abstracts, in the order `bnc --list` prints them.
public enum ToolCatalog {
    public static let open = ToolInfo(name: "open", abstract: "Report an app session (INSTALL/REINSTALL/OPEN) to Branch and print its deep-link data")
    public static let event = ToolInfo(name: "event", abstract: "Send Branch v2 events: standard commerce, content and lifecycle events, and custom events")
    public static let link = ToolInfo(name: "link", abstract: "Create, bulk-create, read, update and delete Branch short links; build long links offline")
    public static let asa = ToolInfo(name: "asa", abstract: "Turn an Apple AdServices token into its attribution record; decode legacy iAd payloads")
    public static let tune = ToolInfo(name: "tune", abstract: "Map legacy TUNE requests to and from Branch, diagnose them, scan logs, export reports")
    public static let api = ToolInfo(name: "api", abstract: "Call any Branch endpoint by method and path with the shared credentials, IP override and rendering")
    public static let app = ToolInfo(name: "app", abstract: "Read an app's Branch settings and change the documented ones, with a diff before anything is sent")
    public static let export = ToolInfo(name: "export", abstract: "Export what Branch holds: a day's daily export and custom export jobs, downloaded, resumed and streamed as rows")
    public static let mcp = ToolInfo(name: "mcp", abstract: "Serve the suite to AI agents over MCP: tools from the field specs, a dry run unless sending is asked for")
    public static let doctor = ToolInfo(name: "doctor", abstract: "Check the setup: config and credentials with their sources, TLS, proxy, upstreams, clock, local state")
    public static let sandbox = ToolInfo(name: "sandbox", abstract: "Run a local emulator of Branch, Apple AdServices and TUNE on 127.0.0.1")

    /// In the order `bnc --list` prints them.
    public static let all: [ToolInfo] = [open, event, link, asa, tune, api, app, export, mcp, doctor, sandbox]

    public static func tool(named name: String) -> ToolInfo? { all.first { $0.name == name } }
}
