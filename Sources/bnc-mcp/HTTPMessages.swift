// bnc-mcp --http: one POST's JSON-RPC answered as stdio's are — each message judged first (JSONRPCMessages), a
// batch member by member, a request id already being answered refused.
import BNCCore
import Foundation
import MCP
import Synchronization

extension HTTPListener {
    typealias Answer = (status: Int, headers: [String: String], body: Data)

    /// One POST answered: its message judged as stdio's are (a number no double holds, an id or method of the
    /// wrong type: the SDK made up an id for those and the POST waited for ever, or called them parse errors), a
    /// JSON-RPC batch answered member by member (the SDK's HTTP transport refused every batch as unparsable JSON,
    /// though stdio takes them): the answers in one array, in the batch's order; 202 when it held only
    /// notifications.
    static func answer(_ request: MCP.HTTPRequest, transport: StatelessHTTPServerTransport) async -> Answer {
        let json = ["Content-Type": "application/json"]
        guard request.method.uppercased() == "POST", let data = request.body, !data.isEmpty else { return own(await transport.handleRequest(request)) }
        let judged = JSONRPCMessages.judge(data)
        if let refusal = judged.refusal { return (refusal.httpStatus, json, refusal.data) }
        guard let members = (try? JSON.parse(bytes: [UInt8](data)))?.arrayValue else {
            // The SDK's transport waits for an answer by the request's id: a second request with an id in flight
            // took the first one's place, and the first POST waited for ever.
            guard let id = judged.requests.first else { return own(await transport.handleRequest(request)) }
            guard inFlight.withLock({ $0.insert(id).inserted }) else { return (400, json, duplicate(data)) }
            defer { _ = inFlight.withLock { $0.remove(id) } }
            return own(await transport.handleRequest(request))
        }
        let memberHeaders = request.headers.filter { $0.key.lowercased() != "content-length" }
        let path = request.path
        let answers = await withTaskGroup(of: (Int, Answer).self) { group in
            for (i, member) in members.enumerated() {
                group.addTask {
                    let text = Data(member.serialized().utf8)
                    if case .array = member { return (i, (400, json, JSONRPCMessages.error(code: -32600, "Invalid Request: a batch inside a batch"))) }
                    let judged = JSONRPCMessages.judge(text)
                    if let refusal = judged.refusal { return (i, (refusal.httpStatus, json, refusal.data)) }
                    let id = judged.requests.first
                    if let id, !inFlight.withLock({ $0.insert(id).inserted }) { return (i, (400, json, duplicate(text))) }
                    defer { if let id { _ = inFlight.withLock { $0.remove(id) } } }
                    let one = MCP.HTTPRequest(method: "POST", headers: memberHeaders, body: text, path: path)
                    return (i, own(await transport.handleRequest(one)))
                }
            }
            var all = [Answer?](repeating: nil, count: members.count)
            for await (i, a) in group { all[i] = a }
            return all.compactMap { $0 }
        }
        // A refusal of the POST itself (its Origin, Accept or protocol version) answers the whole batch.
        if let refused = answers.first(where: { $0.status != 200 && $0.status != 202 && $0.status != 400 }) { return refused }
        let bodies = answers.map(\.body).filter { !$0.isEmpty }
        if bodies.isEmpty { return (202, [:], Data()) }
        return (200, json, Data("[".utf8) + Data(bodies.joined(separator: Data(",".utf8))) + Data("]".utf8))
    }

    /// The ids of requests being answered (PendingRequests.key).
    static let inFlight = Mutex(Set<String>())

    private static func duplicate(_ message: Data) -> Data {
        let id = (try? JSON.parse(bytes: [UInt8](message)))?["id"].map { $0.serialized() } ?? "null"
        return JSONRPCMessages.error(code: -32600, "Invalid Request: a request with id \(id.prefix(80)) is already being answered")
    }

    private static func own(_ response: MCP.HTTPResponse) -> Answer {
        (response.statusCode, response.headers, response.bodyData ?? Data())
    }
}
