// The sandbox's tools: start and stop a detached bnc-sandbox, and its control API (what it received, reset, its
// clock) through bnc-api, always at the sandbox's own URL.
import BNCCore

extension MCPTools {
    static let sandbox: [MCPTool] = [
        MCPTool(name: "sandbox_start", summary: "Start bnc-sandbox in the background (a local emulator of every Branch endpoint); answers the URL it listens on.",
                command: ["bnc-sandbox"], arguments: ["port", "seed", "chaos", "burst-window", "legacy-409", "keys"],
                fixed: ["--detach"], kind: .local, defaults: { settings in
                    // The port the server's sandbox URL names, so the other tools reach the sandbox it starts.
                    settings.sandboxURL.flatMap(HTTPURL.init).map { ["port": .int($0.port ?? 80)] } ?? ["port": 8787]
                }),
        MCPTool(name: "sandbox_stop", summary: "Stop the bnc-sandbox sandbox_start started.", command: ["bnc-sandbox", "stop"], arguments: [], fixed: [], kind: .local),
        MCPTool(name: "sandbox_requests", summary: "What the sandbox received, oldest first: method, path, headers and body of each request (secrets redacted).",
                command: ["bnc-api", "GET", "/_sandbox/requests"], arguments: [], fixed: ["--no-key", "--output", "json"], kind: .sandbox),
        MCPTool(name: "sandbox_reset", summary: "Forget everything the sandbox holds: requests, links, devices, exports.",
                command: ["bnc-api", "POST", "/_sandbox/reset"], arguments: [], fixed: ["--no-key", "--output", "json"], kind: .sandbox),
        MCPTool(name: "sandbox_clock", summary: "The sandbox's clock: move it forward (to close a day for the daily export, expire a token) and answer the time it reads.",
                command: ["bnc-api", "POST", "/_sandbox/clock"], arguments: [],
                stdin: .rest(words: ["--body", "-"], schema: ["type": "object", "properties": ["advance_seconds": [
                    "type": "number", "minimum": 0, "maximum": 3.2e9, "description": "Seconds to move the clock forward (default 0: read it)"]]]),
                fixed: ["--no-key", "--output", "json"], kind: .sandbox, defaults: { _ in ["advance_seconds": 0] }),
    ]

    /// Whether a call changes the sandbox (starts, stops or resets it, moves its clock): refused with --allow-send
    /// false, which leaves everything as it was (an agent wiped the sandbox's data under it). Reading what it
    /// received, or its time, changes nothing.
    static func changesTheSandbox(_ tool: String, _ arguments: JSONObject) -> Bool {
        switch tool {
        case "sandbox_start", "sandbox_stop", "sandbox_reset": return true
        case "sandbox_clock": return (arguments["advance_seconds"]?.numberValue?.double ?? 0) != 0
        default: return false
        }
    }
}
