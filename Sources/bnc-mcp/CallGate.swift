// How many tool calls run at once: each holds a thread and a subprocess.

/// At most `limit` tool calls of a kind run at once (each holds a thread and a subprocess); later ones wait in
/// order. Calls that reach a server and calls that work offline have a gate each: an offline call never waits
/// behind calls held by a slow server.
actor CallGate {
    static let remote = CallGate(), offline = CallGate()
    static func of(_ tool: MCPTool) -> CallGate { tool.kind == .local || tool.kind == .sandbox ? offline : remote }
    static let limit = 16
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        if running < Self.limit { running += 1; return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
    }
}
