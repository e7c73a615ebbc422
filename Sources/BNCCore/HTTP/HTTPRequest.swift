// Requests are values: built by an API module, then sent, printed as JSON (--dry-run) or as curl (--curl).
import FoundationEssentials

/// A request body.
public enum HTTPBody: Sendable, Equatable {
    /// A JSON document, sent compact as application/json.
    case json(JSON)
    /// Plain text (Apple's AdServices API takes the token as a raw body).
    case text(String)

    public var bytes: [UInt8] {
        switch self {
        case .json(let j): j.bytes
        case .text(let t): Array(t.utf8)
        }
    }

    /// The bytes on the wire, lent for the call.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch self {
        case .json(let j): return j.withUTF8(body)
        case .text(let t): return t.withUTF8Bytes(body)
        }
    }

    public var contentType: String {
        switch self {
        case .json: "application/json"
        case .text: "text/plain"
        }
    }
}

/// One HTTP request, complete: nothing is added when it is sent but transport details (User-Agent, Expect).
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: String
    public var headers: HTTPHeaders
    public var body: HTTPBody?
    /// Values this request carries that are secret whatever field holds them (an AdServices token is a whole
    /// text/plain body): every rendering of the request and of its exchange masks them, as the tool's own.
    public var secrets: [Secret] = []

    public init(method: String, url: String, headers: HTTPHeaders = [:], body: HTTPBody? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        if let body, self.headers["Content-Type"] == nil { self.headers.add("Content-Type", body.contentType) }  // absent: no second search
    }

    /// A request to `path` under a base URL (`http://h:1/prefix` + `/v1/open`), with query items encoded.
    public init(method: String, base: String, path: String, query: [(String, String)] = [],
                headers: HTTPHeaders = [:], body: HTTPBody? = nil) {
        var url = base.utf8.last == UInt8(ascii: "/") ? String(base.dropLast()) + path : base + path
        if !query.isEmpty {
            url += "?" + query.map { "\(HTTPURL.percentEncode($0.0))=\(HTTPURL.percentEncode($0.1))" }.joined(separator: "&")
        }
        self.init(method: method, url: url, headers: headers, body: body)
    }
}
