// bnc-mcp's stdio transport with the requests in flight counted: the SDK answers each request in its own task and
// its loop ends at the end of stdin, so the process waits until every request read has its answer written.
import Foundation
import Logging
import MCP
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

/// stdio, with the requests in flight counted.
actor CountingTransport: Transport {
    private let inner: StdioTransport
    private let pending: PendingRequests
    nonisolated let logger: Logger

    init(_ inner: StdioTransport, pending: PendingRequests) {
        self.inner = inner
        self.pending = pending
        logger = inner.logger
    }

    func connect() async throws { try await inner.connect() }
    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws {
        try await inner.send(data)
        pending.written(data)
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let source = inner
        let pending = pending
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await data in await source.receive() {
                        pending.read(data)
                        continuation.yield(data)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
