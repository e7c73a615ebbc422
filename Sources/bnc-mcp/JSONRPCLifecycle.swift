// The stdio session's lifecycle (initialize first) and a message judged with it, a batch member by member.
import BNCCore
import Foundation

extension JSONRPCMessages {
    /// Where the stdio session is in MCP's lifecycle: requests other than `initialize` and `ping` wait for it
    /// (a tools/call sent first was run, QA round 29b). Over stateless HTTP each POST stands alone.
    struct Lifecycle {
        var initialized = false
        /// What a request may do now: nil, or why it is refused; `initialize` moves the session on.
        mutating func admit(_ method: String?) -> String? {
            guard let method else { return nil }
            if method == "initialize" { initialized = true; return nil }
            if initialized || method == "ping" { return nil }
            return "Invalid Request: \(method) before initialize: the session starts with initialize (MCP lifecycle)"
        }
    }

    /// A message judged (`judge(_:)`), with the session's lifecycle kept: a batch's members are listed for the
    /// caller to judge one by one (`inBatch`: a member, which may not be a batch itself).
    static func judge(_ parsed: JSON?, lifecycle: inout Lifecycle, inBatch: Bool = false) -> (refusal: Refusal?, requests: [String], cancelled: [String], members: [JSON]?) {
        let judged = judge(parsed: parsed)
        guard judged.refusal == nil, let message = parsed else { return (judged.refusal, [], [], nil) }
        if case .array(let members) = message {
            if inBatch { return (refusal(code: -32600, "Invalid Request: a batch inside a batch"), [], [], nil) }
            return (nil, judged.requests, judged.cancelled, members)
        }
        if message["id"] != nil, let why = lifecycle.admit(message["method"]?.stringValue) {
            return (refusal(code: -32600, why, id: message["id"]?.stringValue ?? message["id"]?.numberValue.map { NSNumber(value: $0.double) } ?? NSNull()), [], [], nil)
        }
        return (nil, judged.requests, judged.cancelled, nil)
    }
}
