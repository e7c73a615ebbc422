// The JSON-RPC messages bnc-mcp's stdio transport judges before the SDK sees them, and the requests it counts.
import BNCCore
import Foundation
import Synchronization

/// The errors a message gets from the transport itself.
enum JSONRPCMessages {
    /// The first number in `value` that is not finite as a double, or that underflows to zero (its literal).
    static func outOfRange(_ value: JSON) -> String? {
        switch value {
        case .number(let n):
            let d = n.double
            if !d.isFinite { return n.literal }
            // 1e-400: digits that are not all zero, read as zero.
            if d == 0, n.literal.prefix(while: { $0 != "e" && $0 != "E" }).contains(where: { ("1"..."9").contains($0) }) { return n.literal }
            return nil
        case .array(let items): return items.lazy.compactMap(outOfRange).first
        case .object(let o): return o.lazy.compactMap { outOfRange($0.value) }.first
        default: return nil
        }
    }

    /// An error the transport answers itself: its code and the message.
    struct Refusal {
        let code: Int
        let data: Data
        /// Over HTTP: 200 for a request's own error (-32602, invalid params), 400 for a message that is no
        /// request (-32700, -32600).
        var httpStatus: Int { code == -32602 ? 200 : 400 }
    }

    static func refusal(code: Int, _ message: String, id: Any = NSNull()) -> Refusal {
        Refusal(code: code, data: error(code: code, message, id: id))
    }

    /// A JSON-RPC error message answering no particular request.
    static func error(code: Int, _ message: String, id: Any = NSNull()) -> Data {
        let object: [String: Any] = ["jsonrpc": "2.0", "id": id, "error": ["code": code, "message": message]]
        return (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    /// A message read, judged before the SDK sees it, parsed once (the suite's parser, which tells a boolean from
    /// a number where Foundation's gives both as NSNumber): the error it deserves — an id that is neither a string
    /// nor a number (the SDK answered none, and the end of stdin then waited for that answer for ever), or a
    /// tools/call whose arguments are not an object (answered as an internal error) — or the request ids it adds.
    static let maxBatch = 100

    static func judge(_ data: Data) -> (refusal: Refusal?, requests: [String], cancelled: [String]) {
        judge(parsed: try? JSON.parse(bytes: [UInt8](data)))
    }

    /// `judge(_:)` of a message already parsed (nil: it did not parse).
    static func judge(parsed: JSON?) -> (refusal: Refusal?, requests: [String], cancelled: [String]) {
        // JSON-RPC 2.0 §5: an answer whose request's id cannot be read carries a null id (the SDK made one up, and
        // answered invalid UTF-8 not at all).
        guard let message = parsed else { return (refusal(code: -32700, "Parse error: not a JSON text"), [], []) }
        // A number no double holds (1e400): the SDK's decoder refused the message under an id it made up, so the
        // request stayed in flight and the end of stdin waited for its answer for ever. One error, the id kept.
        if let bad = outOfRange(message) {
            let id: Any = message["id"]?.stringValue ?? message["id"]?.numberValue.flatMap { $0.double.isFinite ? NSNumber(value: $0.double) : nil } ?? NSNull()
            return (refusal(code: -32700, "Parse error: the number \(bad.prefix(40)) is outside the range of a double (bnc(1) LIMITS: numbers are finite)", id: id), [], [])
        }
        if case .array(let batch) = message, batch.isEmpty { return (refusal(code: -32600, "Invalid Request: an empty batch"), [], []) }
        // A batch is answered whole, its calls one after another: 1,000 calls in one POST held the server for
        // minutes, every other client unanswered (QA round 26a).
        if case .array(let batch) = message, batch.count > maxBatch {
            return (refusal(code: -32600, "Invalid Request: a batch holds at most \(maxBatch) messages (got \(batch.count)); send more batches"), [], [])
        }
        if case .array = message { return (nil, PendingRequests.ids(message, requests: true), PendingRequests.cancellations(message)) }
        // JSON-RPC 2.0 §5.1: `5` or a batch's `[1, 2]` is JSON, but no request (the SDK called it a parse error).
        guard case .object(let o) = message else { return (refusal(code: -32600, "Invalid Request: a message is a JSON object, got \(message.typeName)"), [], []) }
        let id: Any = o["id"]?.stringValue ?? o["id"]?.numberValue.map { NSNumber(value: $0.double) } ?? NSNull()
        // The JSON parsed: what is wrong is the request (-32600), not the text (-32700).
        if o["jsonrpc"]?.stringValue != "2.0" { return (refusal(code: -32600, "Invalid Request: jsonrpc must be \"2.0\"", id: id), [], []) }
        // MCP: a request's id must not be null (a notification has none at all).
        if o["method"] != nil, o["id"]?.isNull == true { return (refusal(code: -32600, "Invalid Request: a request's id must not be null"), [], []) }
        switch o["id"] {
        case nil, .null?, .string?: break
        case .number(let n)? where PendingRequests.key(.number(n)) != nil: break
        case .number?: return (refusal(code: -32600, "Invalid Request: a numeric id must be a whole number within 2^53"), [], [])
        default: return (refusal(code: -32600, "Invalid Request: id must be a string or a number"), [], [])
        }
        // A method that is not a string, or a message that is neither a request nor an answer: the SDK's decoder
        // called these parse errors (-32700) of text that parsed.
        if let method = o["method"], method.stringValue == nil {
            return (refusal(code: -32600, "Invalid Request: method must be a string, got \(method.typeName)", id: id), [], [])
        }
        if o["method"] == nil, o["result"] == nil, o["error"] == nil {
            return (refusal(code: -32600, "Invalid Request: a message needs a method (a request) or a result or error (an answer)", id: id), [], [])
        }
        // JSON-RPC 2.0 §4.2: params, when given, are structured; MCP's are an object. Another type reached the SDK's
        // decoder, which answered an internal error (-32603) for what is the request's own mistake.
        if let params = o["params"], params.objectValue == nil {
            return (refusal(code: -32602, "Invalid params: params must be an object, got \(params.typeName)", id: id), [], [])
        }
        if o["method"]?.stringValue == "resources/read", o["params"]?["uri"]?.stringValue == nil {
            return (refusal(code: -32602, "Invalid params: resources/read takes params {uri}", id: id), [], [])
        }
        if o["method"]?.stringValue == "tools/call" {
            guard case .object(let params)? = o["params"], params["name"]?.stringValue != nil else {
                return (refusal(code: -32602, "Invalid params: tools/call takes params {name, arguments}", id: id), [], [])
            }
            if let arguments = params["arguments"] {
                guard case .object = arguments else { return (refusal(code: -32602, "Invalid params: arguments must be an object", id: id), [], []) }
            }
        }
        return (nil, PendingRequests.ids(message, requests: true), PendingRequests.cancellations(message))
    }
}
