// The requests bnc-mcp's stdio transport has read and not yet answered, counted by id.
import BNCCore
import Foundation
import Synchronization

/// Requests read (JSON-RPC messages with an id and a method) not yet answered (a message out with that id).
final class PendingRequests: Sendable {
    /// By id, how many requests with it wait for an answer (a client may reuse an id).
    private let ids = Mutex([String: Int]())
    var count: Int { ids.withLock { $0.values.reduce(0, +) } }

    /// An id as both sides write it: a string, or an integer by its value (`-0` and `0`, `1` and `1.0` are one);
    /// nil for anything the SDK cannot echo exactly (a fraction, past 2^53, another type), which no answer names.
    static func key(_ id: JSON) -> String? {
        if let s = id.stringValue { return "s:" + s }
        guard let d = id.numberValue?.double, d.isFinite, d == d.rounded(), abs(d) <= 9_007_199_254_740_992 else { return nil }
        return "n:\(Int64(d))"
    }

    /// The ids of the requests, or of the responses, in one parsed JSON-RPC message (a batch's members each).
    static func ids(_ message: JSON, requests: Bool) -> [String] {
        let messages = message.arrayValue ?? [message]
        return messages.compactMap { m in
            guard case .object(let o) = m, let id = o["id"] else { return nil }
            // A request has a method and no result or error; an answer has no method.
            let isRequest = o["method"] != nil && o["result"] == nil && o["error"] == nil
            guard isRequest == requests, requests || o["method"] == nil else { return nil }
            return key(id)
        }
    }

    /// Requests the client cancelled (`notifications/cancelled`): the SDK answers none of them, so none is waited
    /// for (an answer already on its way is not counted twice).
    func cancelled(_ gone: [String]) { settle(gone) }

    private func settle(_ done: [String]) {
        if !done.isEmpty { ids.withLock { pending in for id in done { if let n = pending[id] { pending[id] = n > 1 ? n - 1 : nil } } } }
    }

    func read(_ new: [String]) { if !new.isEmpty { ids.withLock { for id in new { $0[id, default: 0] += 1 } } } }
    func written(_ data: Data) {
        guard let message = try? JSON.parse(bytes: [UInt8](data)) else { return }
        settle(Self.ids(message, requests: false))
    }

    /// The requests a message cancels: each `notifications/cancelled`'s requestId (a batch's members each).
    static func cancellations(_ message: JSON) -> [String] {
        (message.arrayValue ?? [message]).compactMap { m in
            guard case .object(let o) = m, o["method"]?.stringValue == "notifications/cancelled", o["id"] == nil,
                  let id = o["params"]?["requestId"] else { return nil }
            return key(id)
        }
    }
}

/// A stdio batch's refused members, held until the SDK writes its array of answers to the batch's other requests,
/// then written in that array. The SDK's batch handler collects an answer for every request of the batch, an error
/// included, and writes them together once its calls (run one after another) are done.
final class HeldRefusals: Sendable {
    private let batches = Mutex([(requests: Set<String>, refusals: [Data])]())

    func hold(_ refusals: [Data], until requests: [String]) {
        batches.withLock { $0.append((Set(requests), refusals)) }
    }

    /// `answer` with the refusals of the batch it answers joined to it, when it is an array answering one.
    func joined(to answer: Data) -> Data {
        guard answer.first == UInt8(ascii: "["), batches.withLock({ !$0.isEmpty }),
              let message = try? JSON.parse(bytes: [UInt8](answer)) else { return answer }
        let answered = Set(PendingRequests.ids(message, requests: false))
        guard let refusals = batches.withLock({ held -> [Data]? in
            guard let i = held.firstIndex(where: { !$0.requests.isDisjoint(with: answered) }) else { return nil }
            return held.remove(at: i).refusals
        }) else { return answer }
        return Self.array(refusals, after: answer)
    }

    /// One JSON array of `refusals`, after the members of the array `answers` when given.
    static func array(_ refusals: [Data], after answers: Data?) -> Data {
        // The answers' array without its closing bracket (and any space after it); an empty one adds no comma.
        var out = Data("[".utf8)
        if let answers, let close = answers.lastIndex(of: UInt8(ascii: "]")) {
            let head = answers[..<close]
            out = Data(head)
            if head.contains(where: { $0 != UInt8(ascii: "[") && $0 > 32 }) { out += Data(",".utf8) }
        }
        out += Data(refusals.joined(separator: Data(",".utf8)))
        out += Data("]".utf8)
        return out
    }
}
