// `bnc-mcp --http PORT`: MCP's streamable HTTP transport on a loopback address, for clients that connect rather than
// spawn. SwiftNIO reads each POST (bounded), the SDK's stateless transport answers it (its validators refuse an
// Origin that is not local, so a web page cannot drive it: DNS rebinding), and the answer is written back as JSON.
import ArgumentParser
import BNCCore
import BNCSuite
import Foundation
import MCP
import NIOCore
import NIOHTTP1
import NIOPosix

enum HTTPListener {
    /// Most bytes of one request: a tool's input, never a file.
    static let maxRequest = 4 << 20

    /// Binds `host:port` (loopback only), says where on stderr, and serves `server` until the process ends.
    static func serve(_ server: Server, host: String, port: Int) async throws {
        let transport = StatelessHTTPServerTransport()
        try await server.start(transport: transport)
        // Stateless HTTP: every client initializes, and so does one that reconnects. The SDK's own handler (which
        // start registers) answered only the first ("Server is already initialized"): a second client could not start.
        let capabilities = await server.capabilities
        await server.withMethodHandler(Initialize.self) { params in
            .init(protocolVersion: Version.supported.contains(params.protocolVersion) ? params.protocolVersion : Version.latest,
                  capabilities: capabilities, serverInfo: .init(name: "bnc", version: BNCVersion.string))
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel: Channel
        do {
            channel = try await ServerBootstrap(group: group)
                .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.pipeline.configureHTTPServerPipeline().flatMap { channel.pipeline.addHandler(Handler(transport: transport)) }
                }
                .bind(host: host, port: port).get()
        } catch {
            // The system's words for it ("Address already in use"), as the tools' other errors, exit 69; NIO's own
            // description went out through ArgumentParser as `Error: bind(descriptor:ptr:bytes:): ...`, exit 1.
            let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
            throw BNCError(.unreachable, "cannot listen on \(host):\(port): \(reason)", hint: port == 0 ? nil : "pass another port, or --http 0 for any free one")
        }
        let bound = channel.localAddress?.port ?? port
        let shown = host.contains(":") ? "[\(host)]" : host
        FileHandle.standardError.write(Data("bnc-mcp: listening on http://\(shown):\(bound)/mcp\n".utf8))
        try await channel.closeFuture.get()
    }

    /// `--http [HOST:]PORT` read: loopback hosts only (an agent's server is nobody else's); nil without it.
    static func address(_ http: String?) throws -> (host: String, port: Int)? {
        guard let http else { return nil }
        var host = "127.0.0.1", port = Substring(http)
        if let colon = http.lastIndex(of: ":") {
            host = String(http[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            port = http[http.index(after: colon)...]
        }
        guard ["127.0.0.1", "::1", "localhost"].contains(host) else {
            throw ValidationError("--http \(http): the host must be 127.0.0.1, ::1 or localhost (bnc-mcp serves this machine only)")
        }
        guard let n = Int(port), (0...65535).contains(n) else { throw ValidationError("--http \(http): the port must be 0 to 65535") }
        return (host, n)
    }

    final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let transport: StatelessHTTPServerTransport
        var head: HTTPRequestHead?
        var body = ByteBuffer()
        var tooLarge = false

        init(transport: StatelessHTTPServerTransport) { self.transport = transport }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let h):
                head = h
                body.clear()
                tooLarge = false
            case .body(var chunk):
                if body.readableBytes + chunk.readableBytes > HTTPListener.maxRequest { tooLarge = true } else { body.writeBuffer(&chunk) }
            case .end:
                guard let head else { return }
                self.head = nil
                let loop = context.eventLoop
                let ctx = NIOLoopBound(context, eventLoop: loop)
                if tooLarge || head.uri.split(separator: "?").first != "/mcp" {
                    let status: HTTPResponseStatus = tooLarge ? .payloadTooLarge : .notFound
                    Self.write(ctx.value, status: status, headers: ["Content-Type": "text/plain"],
                               body: Data((tooLarge ? "request over \(HTTPListener.maxRequest) bytes\n" : "MCP is served at /mcp\n").utf8))
                    return
                }
                var headers: [String: String] = [:]
                for (name, value) in head.headers { headers[name] = headers[name].map { $0 + ", " + value } ?? value }
                let request = MCP.HTTPRequest(method: head.method.rawValue, headers: headers,
                                              body: body.readableBytes > 0 ? Data(body.readableBytesView) : nil, path: "/mcp")
                let transport = self.transport
                Task {
                    let (status, headers, body) = await HTTPListener.answer(request, transport: transport)
                    loop.execute { Self.write(ctx.value, status: HTTPResponseStatus(statusCode: status), headers: headers, body: body) }
                }
            }
        }

        static func write(_ context: ChannelHandlerContext, status: HTTPResponseStatus, headers: [String: String], body: Data) {
            var h = HTTPHeaders(headers.map { ($0.key, $0.value) })
            h.replaceOrAdd(name: "Content-Length", value: String(body.count))
            context.write(NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: h))), promise: nil)
            context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: nil)
        }
    }
}
