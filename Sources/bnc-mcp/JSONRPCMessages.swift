// The JSON-RPC messages bnc-mcp's stdio transport judges before the SDK sees them, and the requests it counts.
import BNCCore
import Foundation
import Synchronization

/// Requests read (JSON-RPC messages with an id and a method) not yet answered (a message out with that id).
final class PendingRequests: Sendable {
    private let ids = Mutex(Set<String>())
    var count: Int { ids.withLock { $0.count } }

    /// The id of a request, or of a response, in one JSON-RPC message (a batch's members each).
    static func ids(_ data: Data, requests: Bool) -> [String] {
        guard let json = try? JSONSerialization.jsonObject(with: data) else { return [] }
        let messages = (json as? [Any]) ?? [json]
        return messages.compactMap { m in
            guard let o = m as? [String: Any], let id = o["id"], !(id is NSNull) else { return nil }
            guard (o["method"] != nil) == requests else { return nil }
            return "\(id)"
        }
    }

    func read(_ data: Data) { let new = Self.ids(data, requests: true); if !new.isEmpty { ids.withLock { $0.formUnion(new) } } }
    func written(_ data: Data) { let done = Self.ids(data, requests: false); if !done.isEmpty { ids.withLock { $0.subtract(done) } } }
}

/// The errors a message gets from the transport itself.
enum JSONRPCMessages {
    /// A JSON-RPC error message answering no particular request.
    static func error(code: Int, _ message: String, id: Any = NSNull()) -> Data {
        let object: [String: Any] = ["jsonrpc": "2.0", "id": id, "error": ["code": code, "message": message]]
        return (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    /// The error a message deserves before the SDK sees it: an id that is neither a string nor a number (the SDK
    /// answered none, and the end of stdin then waited for that answer for ever), or a tools/call whose
    /// arguments are not an object (answered as an internal error).
    static func invalid(_ data: Data) -> Data? {
        // The suite's own parser tells a boolean from a number (Foundation's gives both as NSNumber).
        guard case .object(let o)? = try? JSON.parse(bytes: [UInt8](data)) else { return nil }  // the SDK answers the rest
        switch o["id"] {
        case nil, .null?, .string?, .number?: break
        default: return error(code: -32600, "Invalid Request: id must be a string or a number")
        }
        if o["method"]?.stringValue == "tools/call", case .object(let params)? = o["params"], let arguments = params["arguments"] {
            guard case .object = arguments else {
                let id: Any = o["id"]?.stringValue ?? o["id"]?.numberValue.map { NSNumber(value: $0.double) } ?? NSNull()
                return error(code: -32602, "Invalid params: arguments must be an object", id: id)
            }
        }
        return nil
    }
}
