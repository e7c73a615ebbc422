// What the emulator answers, Branch's error envelope, and the rule a request broke.
import BNCCore

/// What the emulator answers.
public struct SandboxResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// Close the connection without answering (chaos `reset`).
    public var reset = false
    /// Seconds to wait before answering (chaos `latency`).
    public var delay: Double = 0
    /// True when chaos, not the emulated service, produced this answer.
    public var injected = false
    /// What production would silently mishandle in the request, sent as `X-Sandbox-Lint` headers.
    public var lints: [String] = []

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func json(_ status: Int, _ value: JSON, headers: [(String, String)] = []) -> SandboxResponse {
        SandboxResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: SandboxJSON.encode(value))
    }

    /// Branch's error envelope: `{"error":{"code":N,"message":"…"}}`.
    public static func branchError(_ status: Int, _ message: String, headers: [(String, String)] = []) -> SandboxResponse {
        .json(status, ["error": ["code": .int(status), "message": .string(message)]], headers: headers)
    }
}

/// A rule broken by a request, answered as a 400 in Branch's envelope.
struct Rejection: Error {
    let status: Int
    let message: String
    init(_ message: String, status: Int = 400) {
        self.status = status
        self.message = message
    }
}
