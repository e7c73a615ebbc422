// The JSON-RPC messages bnc-mcp's stdio transport judges before the SDK sees them, and the requests it counts.
import BNCCore
import Foundation
import Synchronization

/// Requests read (JSON-RPC messages with an id and a method) not yet answered (a message out with that id).
final class PendingRequests: Sendable {
    private let ids = Mutex(Set<String>())
    var count: Int { ids.withLock { $0.count } }

    /// The ids of the requests, or of the responses, in one parsed JSON-RPC message (a batch's members each).
    static func ids(_ message: JSON, requests: Bool) -> [String] {
        let messages = message.arrayValue ?? [message]
        return messages.compactMap { m in
            guard case .object(let o) = m, let id = o["id"], !id.isNull, (o["method"] != nil) == requests else { return nil }
            // A number by its value: the SDK may write back 1 for a request's 1.0.
            return id.stringValue.map { "s:" + $0 } ?? id.numberValue.map { "n:\($0.double)" } ?? id.serialized()
        }
    }

    func read(_ new: [String]) { if !new.isEmpty { ids.withLock { $0.formUnion(new) } } }
    func written(_ data: Data) {
        guard let message = try? JSON.parse(bytes: [UInt8](data)) else { return }
        let done = Self.ids(message, requests: false)
        if !done.isEmpty { ids.withLock { $0.subtract(done) } }
    }
}

/// The errors a message gets from the transport itself.
enum JSONRPCMessages {
    /// A JSON-RPC error message answering no particular request.
    static func error(code: Int, _ message: String, id: Any = NSNull()) -> Data {
        let object: [String: Any] = ["jsonrpc": "2.0", "id": id, "error": ["code": code, "message": message]]
        return (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    /// A message read, judged before the SDK sees it, parsed once (the suite's parser, which tells a boolean from
    /// a number where Foundation's gives both as NSNumber): the error it deserves — an id that is neither a string
    /// nor a number (the SDK answered none, and the end of stdin then waited for that answer for ever), or a
    /// tools/call whose arguments are not an object (answered as an internal error) — or the request ids it adds.
    static func judge(_ data: Data) -> (refusal: Data?, requests: [String]) {
        guard let message = try? JSON.parse(bytes: [UInt8](data)) else { return (nil, []) }  // the SDK answers the rest
        guard case .object(let o) = message else { return (nil, PendingRequests.ids(message, requests: true)) }
        switch o["id"] {
        case nil, .null?, .string?, .number?: break
        default: return (error(code: -32600, "Invalid Request: id must be a string or a number"), [])
        }
        if o["method"]?.stringValue == "tools/call", case .object(let params)? = o["params"], let arguments = params["arguments"] {
            guard case .object = arguments else {
                let id: Any = o["id"]?.stringValue ?? o["id"]?.numberValue.map { NSNumber(value: $0.double) } ?? NSNull()
                return (error(code: -32602, "Invalid params: arguments must be an object", id: id), [])
            }
        }
        return (nil, PendingRequests.ids(message, requests: true))
    }
}
