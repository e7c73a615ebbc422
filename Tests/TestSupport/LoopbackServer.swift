// A tiny HTTP/1.1 server on 127.0.0.1 for tests: records every request and answers from a script.
// Independent of the code under test (plain sockets, its own parser), so it can judge what bnc and curl send.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One request as the server received it.
public struct ReceivedRequest: Sendable, Equatable {
    public let method: String
    /// Path and query, as on the request line.
    public let target: String
    public let headers: [(name: String, value: String)]
    public let body: [UInt8]
    /// Which accepted connection it came on (0, 1, ...), to see connection reuse.
    public let connection: Int

    public var path: String { String(target.prefix { $0 != "?" }) }
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public static func == (a: ReceivedRequest, b: ReceivedRequest) -> Bool {
        a.method == b.method && a.target == b.target && a.body == b.body
            && a.headers.map { "\($0.name.lowercased()): \($0.value)" } == b.headers.map { "\($0.name.lowercased()): \($0.value)" }
    }
}

/// What the server does with the next request.
public enum ScriptedReply: Sendable {
    case respond(status: Int, headers: [(String, String)], body: String)
    /// An answer whose body is any bytes (gzip), not text.
    case respondBytes(status: Int, headers: [(String, String)], body: [UInt8])
    /// Close the connection without answering (a reset, as the client sees it).
    case reset
    /// A 200 whose body never ends (no Content-Length; bytes until the client hangs up): a client must cap it.
    case endless
    /// Another reply, sent after a pause (a slow answer; other connections are served meanwhile).
    indirect case after(seconds: Double, ScriptedReply)

    public static func json(_ status: Int, _ body: String, headers: [(String, String)] = []) -> ScriptedReply {
        .respond(status: status, headers: [("Content-Type", "application/json")] + headers, body: body)
    }
}

public final class LoopbackServer: @unchecked Sendable {
    public let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var script: [ScriptedReply]
    private let fallback: ScriptedReply
    private var _received: [ReceivedRequest] = []
    private var connections = 0
    private var stopped = false
    private var silent = false
    private var chooser: (@Sendable (ReceivedRequest) -> ScriptedReply?)?

    /// Starts listening at once on an ephemeral port.
    public init(script: [ScriptedReply] = [], fallback: ScriptedReply = .json(200, "{\"ok\":true}")) throws {
        self.script = script
        self.fallback = fallback
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        port = Int(UInt16(bigEndian: addr.sin_port))
        listener = fd
        // The accept loop holds the server weakly, so dropping the server stops it (deinit closes the socket).
        let ref = WeakServer(self)
        Thread.detachNewThread { [fd] in LoopbackServer.acceptLoop(fd, ref) }
    }

    deinit { stop() }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public var received: [ReceivedRequest] {
        lock.lock(); defer { lock.unlock() }
        return _received
    }

    public var acceptedConnections: Int {
        lock.lock(); defer { lock.unlock() }
        return connections
    }

    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        // Shut down only: the accept loop closes the descriptor when accept fails. Closing it here would let a newer
        // server reuse the number while the old loop still calls accept() on it and resets the newer server's clients.
        if !wasStopped { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    /// From now on, connections are accepted but never answered (to provoke client timeouts); each is held 30 s.
    /// Replies chosen by the request (its body, its path) ahead of the script: nil falls through to the script.
    public func choose(_ reply: @escaping @Sendable (ReceivedRequest) -> ScriptedReply?) {
        lock.lock(); chooser = reply; lock.unlock()
    }

    public func stopAnswering() {
        lock.lock(); silent = true; lock.unlock()
    }

    private final class WeakServer: @unchecked Sendable {
        weak var server: LoopbackServer?
        init(_ server: LoopbackServer) { self.server = server }
    }

    private static func acceptLoop(_ listener: Int32, _ ref: WeakServer) {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            guard let server = ref.server else { close(client); shutdown(listener, Int32(SHUT_RDWR)); close(listener); return }
            server.lock.lock()
            let id = server.connections
            server.connections += 1
            let mute = server.silent
            server.lock.unlock()
            if mute {
                Thread.detachNewThread { sleep(30); close(client) }
                continue
            }
            Thread.detachNewThread { [server] in server.serve(client, id: id) }
        }
    }

    private func nextReply(to request: ReceivedRequest) -> ScriptedReply {
        lock.lock()
        let chooser = self.chooser
        lock.unlock()
        if let chosen = chooser?(request) { return chosen }
        lock.lock(); defer { lock.unlock() }
        return script.isEmpty ? fallback : script.removeFirst()
    }

    private func serve(_ fd: Int32, id: Int) {
        defer { close(fd) }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        func fill() -> Bool {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return false }
            buffer.append(contentsOf: chunk[0..<n])
            return true
        }
        let separator: [UInt8] = [13, 10, 13, 10]
        while true {
            var headerEnd: Int?
            while headerEnd == nil {
                if let r = buffer.firstRange(of: separator) { headerEnd = r.lowerBound; break }
                if !fill() { return }
            }
            let head = String(decoding: buffer[0..<headerEnd!], as: UTF8.self)
            var lines = head.components(separatedBy: "\r\n")
            let requestLine = lines.removeFirst().split(separator: " ")
            guard requestLine.count >= 2 else { return }
            var headers: [(String, String)] = []
            for line in lines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
            let length = Int(headers.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0
            let bodyStart = headerEnd! + 4
            while buffer.count < bodyStart + length { if !fill() { return } }
            let body = Array(buffer[bodyStart..<bodyStart + length])
            buffer.removeFirst(bodyStart + length)
            let request = ReceivedRequest(method: String(requestLine[0]), target: String(requestLine[1]),
                                          headers: headers, body: body, connection: id)
            lock.lock()
            _received.append(request)
            lock.unlock()

            var reply = nextReply(to: request)
            while case .after(let seconds, let then) = reply {
                usleep(UInt32(seconds * 1_000_000))
                reply = then
            }
            switch reply {
            case .reset:
                var linger = linger(l_onoff: 1, l_linger: 0)
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
                return
            case .endless:
                let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n[".utf8)
                _ = head.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                let chunk = [UInt8](repeating: UInt8(ascii: "1"), count: 65536)
                while chunk.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) > 0 {}
                return
            case .respond, .respondBytes:
                let (status, extra, payload): (Int, [(String, String)], [UInt8])
                switch reply {
                case .respond(let s, let h, let text): (status, extra, payload) = (s, h, Array(text.utf8))
                case .respondBytes(let s, let h, let bytes): (status, extra, payload) = (s, h, bytes)
                default: return
                }
                var response = "HTTP/1.1 \(status) \(status < 400 ? "OK" : "Error")\r\n"
                for (n, v) in extra { response += "\(n): \(v)\r\n" }
                response += "Content-Length: \(payload.count)\r\n\r\n"
                let bytes = Array(response.utf8) + payload
                var sent = 0
                while sent < bytes.count {
                    let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    if n <= 0 { return }
                    sent += n
                }
            case .after: return  // unwrapped above
            }
        }
    }
}
