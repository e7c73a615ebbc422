// The emulator's HTTP/1.1 server on SwiftNIO, bound to loopback only. It turns bytes into SandboxRequest,
// asks the Sandbox, and writes the answer — or resets the connection or delays, when chaos says so.
import BNCCore
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A running server.
public final class SandboxServer: @unchecked Sendable {
    public let port: Int
    private let group: MultiThreadedEventLoopGroup
    /// Where requests are answered, off the event loops: a request waits there for the Sandbox's lock, and a
    /// large body is decoded or the request log written there, so neither holds every connection of its event
    /// loop (reading back the log stalled each second client for its 6 s: QA round 31a).
    private let pool: NIOThreadPool
    private let channel: Channel

    /// Largest request body accepted (the bulk endpoint's own 250 KB rule is the emulated one).
    static let maxBody = 8 * 1024 * 1024

    /// The bodies being received (or answered) at once, across every connection: each connection's own bound let
    /// 100 connections hold 863 MB (QA round 31a). Sixteen bodies of the largest size.
    static let bodyBudget = 128 * 1024 * 1024

    /// Binds 127.0.0.1:port (0 picks a free one), then creates the Sandbox with the base URL its links need.
    /// With `tls`, HTTPS (HTTP/1.1 over TLS) on the same port instead of plain HTTP.
    public static func start(config: SandboxConfig, port: Int, threads: Int = System.coreCount, tls: SandboxTLS? = nil,
                             log: (@Sendable (String) -> Void)? = nil) throws(BNCError) -> SandboxServer {
        let holder = SandboxHolder()
        let server = try SandboxServer(holder: holder, port: port, threads: threads, tls: try tls?.context(), log: log)
        var config = config
        config.baseURL = server.url
        do {
            holder.sandbox = try Sandbox(config: config)
        } catch {
            server.close()
            server.wait()
            throw error
        }
        return server
    }

    public var sandbox: Sandbox { holder.sandbox! }
    private let holder: SandboxHolder

    private init(holder: SandboxHolder, port: Int, threads: Int, tls: NIOSSLContext?,
                 log: (@Sendable (String) -> Void)?) throws(BNCError) {
        self.holder = holder
        scheme = tls == nil ? "http" : "https"
        group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, threads))
        let budget = BodyBudget(limit: Self.bodyBudget)
        let pool = NIOThreadPool(numberOfThreads: max(4, threads))
        pool.start()
        self.pool = pool
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 512)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(HTTPHandler(holder: holder, pool: pool, budget: budget, log: log))
                }
            }
        do {
            channel = try bootstrap.bind(host: "127.0.0.1", port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            try? pool.syncShutdownGracefully()
            let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
            throw BNCError(.unreachable, "cannot listen on 127.0.0.1:\(port): \(reason)",
                           hint: port == 0 ? nil : "is another bnc-sandbox running? try --port 0")
        }
        self.port = channel.localAddress?.port ?? port
    }

    private let scheme: String
    public var url: String { "\(scheme)://127.0.0.1:\(port)" }

    /// Blocks until the server is closed.
    public func wait() {
        try? channel.closeFuture.wait()
        try? group.syncShutdownGracefully()
        try? pool.syncShutdownGracefully()
    }

    /// Stops accepting and closes; `wait()` then returns.
    public func close() {
        channel.close(promise: nil)
    }
}

/// Bytes of request bodies held, shared by a server's connections. A body counts from its head (its declared
/// Content-Length, so a client is refused before it sends) or as it arrives (chunked), until it is answered.
final class BodyBudget: Sendable {
    let limit: Int
    private let used = NIOLockedValueBox(0)

    init(limit: Int) { self.limit = limit }

    /// Takes `n` more bytes for a body that would then hold `total`: refused (nothing taken) when over the limit,
    /// except for a small body (64 KiB at most), so one holding the budget does not lock out SDK traffic, whose
    /// bodies are a few KB (their sum bounded by the connections).
    func take(_ n: Int, total: Int) -> Bool {
        used.withLockedValue { used in
            if total > 64 * 1024, used + n > limit { return false }
            used += n
            return true
        }
    }

    func give(_ n: Int) { used.withLockedValue { $0 -= n } }
}

/// The Sandbox, set once the port is known (before the first request can arrive).
final class SandboxHolder: @unchecked Sendable {
    var sandbox: Sandbox?
}

private final class HTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let holder: SandboxHolder
    private let pool: NIOThreadPool
    private let budget: BodyBudget
    /// The bytes of `budget` this connection's request holds.
    private var taken = 0
    private let log: (@Sendable (String) -> Void)?
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var tooLarge = false

    init(holder: SandboxHolder, pool: NIOThreadPool, budget: BodyBudget, log: (@Sendable (String) -> Void)?) {
        self.holder = holder
        self.pool = pool
        self.budget = budget
        self.log = log
    }

    /// A request must arrive whole within this of the connection's opening or its last answer: a client that
    /// trickles a head or a body (slowloris: 20,000 such connections held every descriptor, QA round 25b), or
    /// keeps an idle connection, is closed. Branch's front closes idle connections too (nginx's 75 s).
    static let requestTimeout = TimeAmount.seconds(60)
    private var deadline: Scheduled<Void>?

    private func armDeadline(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: Self.requestTimeout) { bound.value.close(promise: nil) }
    }

    func handlerAdded(context: ChannelHandlerContext) { armDeadline(context) }
    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        release()
    }

    private func release() {
        budget.give(taken)
        taken = 0
    }

    /// Holds `total` bytes of body for this request, or answers 503 and closes: the budget is spent.
    private func hold(_ total: Int, context: ChannelHandlerContext) -> Bool {
        guard total > taken else { return true }
        if budget.take(total - taken, total: total) {
            taken = total
            return true
        }
        head = nil
        body = []
        release()
        var response = SandboxResponse.branchError(503, "the sandbox is receiving \(budget.limit >> 20) MiB of request bodies already; try again",
                                                   headers: [("Retry-After", "1")])
        response.headers.append(("Access-Control-Allow-Origin", "*"))
        write(response, keepAlive: false, context: context)
        return false
    }

    /// A 413 in Branch's shape, readable by a page (it never reaches the sandbox, which adds the CORS header).
    static func tooLarge(_ message: String) -> SandboxResponse {
        var response = SandboxResponse.branchError(413, message)
        response.headers.append(("Access-Control-Allow-Origin", "*"))
        return response
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let h):
            head = h
            body = []
            tooLarge = false
            // A client that asks before sending its body (curl does for a large one) is told to go on at once,
            // not left to its own timeout (curl's: a second a request).
            // A declared body over the bound is refused at once, not waited for (a client that never sends it held
            // the connection), and the connection closed: its body is not read.
            if let declared = h.headers["Content-Length"].first.flatMap({ Int($0) }), declared > SandboxServer.maxBody {
                self.head = nil
                write(Self.tooLarge("request body of \(declared) bytes is over \(SandboxServer.maxBody) bytes"), keepAlive: false, context: context)
                return
            }
            if let declared = h.headers["Content-Length"].first.flatMap({ Int($0) }) {
                guard hold(declared, context: context) else { return }
                body.reserveCapacity(declared)  // one allocation of its size, not doublings that copy it (and hold up to twice)
            }
            if h.version.major == 1, h.version.minor >= 1, h.headers["Expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: h.version, status: .continue))), promise: nil)
            }
        case .body(var buffer):
            guard head != nil else { return }  // refused at its head
            if body.count + buffer.readableBytes > SandboxServer.maxBody { tooLarge = true; return }
            guard hold(body.count + buffer.readableBytes, context: context) else { return }
            body.append(contentsOf: buffer.readBytes(length: buffer.readableBytes) ?? [])
        case .end:
            guard let head else { return }
            self.head = nil
            // An answer still queued for a client that does not read holds the next request until it is sent:
            // every answer to a client pipelining requests it never read was made and queued (300 GETs of the log
            // held 315 MB: QA round 31a). NIO's HTTPServerPipelineHandler reads nothing more meanwhile.
            if !context.channel.isWritable {
                waiting = (head, body, tooLarge)
                body = []
                return
            }
            finish(head, body, tooLarge: tooLarge, context: context)
        }
    }

    /// A request read whole, held while the channel was not writable.
    private var waiting: (HTTPRequestHead, [UInt8], Bool)?

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, let (head, body, tooLarge) = waiting {
            waiting = nil
            finish(head, body, tooLarge: tooLarge, context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    /// Answers a request read whole.
    private func finish(_ head: HTTPRequestHead, _ body: [UInt8], tooLarge: Bool, context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        self.body = []
        let keepAlive = head.isKeepAlive
        if tooLarge {
            release()
            answer(Self.tooLarge("request body over \(SandboxServer.maxBody) bytes"), keepAlive: keepAlive, context: context)
            return
        }
        let (path, query) = SandboxRequest.splitTarget(head.uri)
        let request = SandboxRequest(method: head.method.rawValue, path: path, query: query,
                                     headers: head.headers.map { ($0.name, $0.value) }, body: body,
                                     peerIP: context.channel.remoteAddress?.ipAddress ?? "127.0.0.1")
        let (holder, log) = (self.holder, self.log)
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        // The next request of the connection waits for this answer (HTTPServerPipelineHandler), so answers
        // keep their order; the answer is written back on the connection's own event loop.
        pool.runIfActive(eventLoop: context.eventLoop) { () -> SandboxResponse in
            let start = MonotonicClock.now()
            let response = holder.sandbox?.handle(request) ?? .branchError(503, "starting")
            if let log {
                let ms = ((MonotonicClock.now() - start) * 10_000).rounded() / 10
                log("\(head.method.rawValue) \(SandboxRequest.loggedTarget(head.uri)) \(response.reset ? "reset" : String(response.status))\(response.injected ? " (chaos)" : "") \(ms)ms")
            }
            return response
        }.whenComplete { result in
            let (handler, context) = bound.value
            handler.release()  // the body is answered
            // The pool is only inactive while the server shuts down.
            let response = (try? result.get()) ?? .branchError(503, "shutting down")
            handler.answer(response, keepAlive: keepAlive, context: context)
        }
    }

    /// Writes an answer: or resets the connection, or writes it after the chaos delay.
    private func answer(_ response: SandboxResponse, keepAlive: Bool, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }  // closed while the answer was made
        if response.reset {
            // An abortive close: the client sees a reset, not a clean end.
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            if let provider = context.channel as? SocketOptionProvider {
                provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in bound.value.close(promise: nil) }
            } else {
                context.close(promise: nil)
            }
            return
        }
        if response.delay > 0 {
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            let delayed = response
            context.eventLoop.scheduleTask(in: .nanoseconds(Int64(delayed.delay * 1e9))) {
                let (handler, ctx) = bound.value
                handler.write(delayed, keepAlive: keepAlive, context: ctx)
            }
        } else {
            write(response, keepAlive: keepAlive, context: context)
        }
    }

    private func write(_ response: SandboxResponse, keepAlive: Bool, context: ChannelHandlerContext) {
        var headers = NIOHTTP1.HTTPHeaders()
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        headers.replaceOrAdd(name: "Server", value: "bnc-sandbox")
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let status = HTTPResponseStatus(statusCode: response.status)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        var buffer = context.channel.allocator.buffer(capacity: response.body.count)
        buffer.writeBytes(response.body)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let done = context.writeAndFlushPromise()
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
        armDeadline(context)
        if !keepAlive {
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            done.futureResult.whenComplete { _ in bound.value.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

extension ChannelHandlerContext {
    fileprivate func writeAndFlushPromise() -> EventLoopPromise<Void> { eventLoop.makePromise(of: Void.self) }
}
