// bnc-mcp's stdio transport with the requests in flight counted: the SDK answers each request in its own task and
// its loop ends at the end of stdin, so the process waits until every request read has its answer written.
import BNCCore
import Foundation
import Logging
import MCP
import Synchronization

/// stdio as JSON-RPC lines, with the requests in flight counted. Its own reader: the SDK's searched its whole
/// buffer for a line break after every 4 KiB read (a 1.6 MB message took 45 s and held every call behind it). A
/// line is found once, by memchr over the bytes just read; a message over `maxMessage` is refused whole, as is
/// one that is not a valid JSON-RPC request (an id that is an object, arguments that are not an object), each
/// answered with its JSON-RPC error.
actor CountingTransport: Transport {
    private let pending: PendingRequests
    nonisolated let logger: Logger
    private let stream: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    private var started = false
    /// One writer at a time, a whole message per write.
    private let output = Mutex(Int32(1))
    /// A batch's refused members, held until the SDK answers the batch's other requests, so a batch gets one array.
    private let held = HeldRefusals()

    /// 64 MiB: a bulk link request of thousands of items fits; a runaway writer does not grow the server.
    static let maxMessage = 64 << 20

    init(pending: PendingRequests, logger: Logger = Logger(label: "bnc-mcp.stdio", factory: { _ in SwiftLogNoOpLogHandler() })) {
        self.pending = pending
        self.logger = logger
        (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    }

    func connect() async throws {
        guard !started else { return }
        started = true
        let continuation = continuation, pending = pending, held = held
        let refuse: @Sendable (Data) -> Void = { [weak self] answer in
            guard let self else { return }
            Task { try? await self.send(answer) }
        }
        Thread.detachNewThread {
            Self.readLines(fd: 0, continuation: continuation, pending: pending, held: held, refuse: refuse)
        }
    }

    func disconnect() async { continuation.finish() }

    func send(_ data: Data) async throws {
        let data = held.joined(to: data)
        var bytes = [UInt8](data)
        bytes.append(10)
        let failure: Int32? = output.withLock { fd in
            var off = 0
            while off < bytes.count {
                let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + off, $0.count - off) }
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN { usleep(1000); continue }
                    return errno
                }
                off += n
            }
            return nil
        }
        if let failure { throw MCPError.internalError("cannot write to standard output: \(String(cString: strerror(failure)))") }
        pending.written(data)
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> { stream }

    /// Reads stdin (blocking, on a thread of its own) until its end, each line a message.
    static func readLines(fd: Int32, continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation,
                          pending: PendingRequests, held: HeldRefusals = HeldRefusals(), refuse: @Sendable (Data) -> Void) {
        var buffer = [UInt8]()
        var start = 0, scanned = 0
        var skipping = false  // inside a message over maxMessage: dropped up to its line break
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var lifecycle = JSONRPCMessages.Lifecycle()
        func deliver(_ line: ArraySlice<UInt8>) {
            guard !line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) else { return }
            var data = Data(line)
            // Parsed once: the message, then a batch's members, are judged as values.
            var judged = JSONRPCMessages.judge(try? JSON.parse(bytes: [UInt8](line)), lifecycle: &lifecycle)
            if let refusal = judged.refusal { refuse(refusal.data); return }
            // A batch is judged member by member, as --http judges one: a bad member (an object id, a numeric
            // method, no jsonrpc) made the SDK refuse the whole batch under a made-up id, its good requests never
            // answered and the end of stdin waiting ten minutes for them (QA round 29b). The others go on as a
            // batch of their own; the bad members' errors join the SDK's array of answers to it (JSON-RPC 2.0 §6: a
            // batch is answered by one array), or make the array themselves when no other member is answered.
            if let members = judged.members {
                var kept: [JSON] = [], refusals: [Data] = []
                for member in members {
                    let one = JSONRPCMessages.judge(member, lifecycle: &lifecycle, inBatch: true)
                    if let refusal = one.refusal { refusals.append(refusal.data) } else { kept.append(member) }
                }
                let requests = PendingRequests.ids(.array(kept), requests: true)
                if !refusals.isEmpty {
                    if requests.isEmpty { refuse(HeldRefusals.array(refusals, after: nil)) } else { held.hold(refusals, until: requests) }
                }
                if kept.isEmpty { return }
                data = Data(JSON.array(kept).serialized().utf8)
                judged.requests = requests
                judged.cancelled = PendingRequests.cancellations(.array(kept))
            }
            pending.read(judged.requests)
            pending.cancelled(judged.cancelled)
            continuation.yield(data)
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {  // a client's non-blocking pipe: wait for it, it has not ended
                    var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                break
            }
            if n == 0 { break }
            buffer.append(contentsOf: chunk[..<n])
            while let nl = buffer.withUnsafeBufferPointer({ b -> Int? in
                guard scanned < b.count, let p = memchr(b.baseAddress! + scanned, 10, b.count - scanned) else { return nil }
                return b.baseAddress!.distance(to: p.assumingMemoryBound(to: UInt8.self))
            }) {
                if skipping { skipping = false } else { deliver(buffer[start..<nl]) }
                start = nl + 1
                scanned = start
            }
            scanned = buffer.count
            if !skipping && buffer.count - start > maxMessage {
                skipping = true
                refuse(JSONRPCMessages.error(code: -32600, "Invalid Request: a message over \(maxMessage >> 20) MiB is not read"))
            }
            if skipping || start > 0 && start >= buffer.count / 2 {
                buffer.removeFirst(skipping ? buffer.count : start)
                start = 0
                scanned = 0
            }
        }
        if !skipping && start < buffer.count { deliver(buffer[start...]) }
        continuation.finish()
    }
}
