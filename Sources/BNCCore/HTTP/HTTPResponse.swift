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
        // delta-seconds is digits (RFC 9110 10.2.3): not `inf`, `nan` or an exponent a Double would read.
        if raw.utf8.count <= 15, raw.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Double(raw) { return seconds }
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
        // A server's header: each field bounded as RFC 9110's IMF-fixdate has it (2-digit day, 4-digit year, a
        // clock time), so no arithmetic below can overflow whatever the text holds.
        let parts = s.split(separator: " ")
        func number(_ p: Substring, digits: Int, in range: ClosedRange<Int>) -> Int? {
            guard p.count == digits, p.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(p), range.contains(n) else { return nil }
            return n
        }
        guard parts.count == 6, parts[5] == "GMT", let day = number(parts[1], digits: 2, in: 1...31),
              let year = number(parts[3], digits: 4, in: 1...9999) else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard let monthIndex = months.firstIndex(of: String(parts[2])) else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, let h = number(clock[0], digits: 2, in: 0...23), let m = number(clock[1], digits: 2, in: 0...59),
              let sec = number(clock[2], digits: 2, in: 0...60) else { return nil }
        let hms = [h, m, sec]
        let seconds = Timestamp.civilSeconds(year: year, month: monthIndex + 1, day: day) + hms[0] * 3600 + hms[1] * 60 + hms[2]
        return Date(timeIntervalSince1970: Double(seconds))
    }
}
