// What came back: status, headers and body, with its timing and the dates Retry-After may carry.
import FoundationEssentials

/// What came back.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Timings of the last attempt.
    public var timing: Timing?
    /// How many attempts it took (1 when the first one answered).
    public var attempts: Int = 1
    /// The protocol the answer came over (`HTTP/2`), when libcurl says.
    public var httpVersion: String?

    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = [], timing: Timing? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.timing = timing
    }

    /// Branch's `X-Branch-Request-Id`, shown with errors so support can trace the call.
    public var requestID: String? { headers["X-Branch-Request-Id"] }
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body as JSON, or nil when it is not JSON (an HTML outage page, an empty body).
    public var json: JSON? { try? JSON.parse(bytes: body) }

    /// How far the server's clock (its `Date` header) is ahead of this machine's, in seconds (negative: behind);
    /// nil without a readable Date. Whole seconds only: a header has no finer grain.
    public func clockSkew(now: Date = Date()) -> Double? {
        guard let raw = headers["Date"], let date = HTTPDate.parse(raw.trimmingWhitespace()) else { return nil }
        return date.timeIntervalSince(now)
    }

    /// `Retry-After` in seconds: delta-seconds, or an HTTP date relative to `now`.
    public func retryAfter(now: Date = Date()) -> Double? {
        guard let raw = headers["Retry-After"]?.trimmingWhitespace(), !raw.isEmpty else { return nil }
        if let seconds = Double(raw), seconds >= 0 { return seconds }
        if let date = HTTPDate.parse(raw) { return max(0, date.timeIntervalSince(now)) }
        return nil
    }
}

/// Phases of one exchange, in seconds from the start (libcurl's *_TIME_T infos).
public struct Timing: Sendable, Equatable {
    public var dns: Double
    public var connect: Double
    public var tls: Double
    public var firstByte: Double
    public var total: Double

    public init(dns: Double, connect: Double, tls: Double, firstByte: Double, total: Double) {
        self.dns = dns
        self.connect = connect
        self.tls = tls
        self.firstByte = firstByte
        self.total = total
    }

    /// `dns 0.1ms  connect 0.3ms  tls 0.0ms  first-byte 2.0ms  total 2.1ms` (`--timing` prints it on stderr).
    public var summary: String {
        func ms(_ s: Double) -> String {
            let v = (s * 10_000).rounded() / 10
            return "\(v)ms"
        }
        return "dns \(ms(dns))  connect \(ms(connect))  tls \(ms(tls))  first-byte \(ms(firstByte))  total \(ms(total))"
    }
}

/// HTTP dates (RFC 9110 IMF-fixdate), for Retry-After.
enum HTTPDate {
    static func parse(_ s: String) -> Date? {
        // "Sun, 06 Nov 1994 08:49:37 GMT"
        let parts = s.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let year = Int(parts[3]) else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard let monthIndex = months.firstIndex(of: String(parts[2])) else { return nil }
        let hms = parts[4].split(separator: ":").compactMap { Int($0) }
        guard hms.count == 3 else { return nil }
        let seconds = Timestamp.civilSeconds(year: year, month: monthIndex + 1, day: day) + hms[0] * 3600 + hms[1] * 60 + hms[2]
        return Date(timeIntervalSince1970: Double(seconds))
    }
}
