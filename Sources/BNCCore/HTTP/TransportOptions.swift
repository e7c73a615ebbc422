// Transport settings every tool shares: timeouts, TLS, the User-Agent and the caps on answers.
import BNCSuite

/// Transport settings shared by every tool (`--connect-timeout`, `--max-time`, `--insecure`, `--cacert`).
public struct TransportOptions: Sendable, Equatable {
    public var connectTimeout: Double
    /// Whole-exchange limit per attempt, in seconds.
    public var maxTime: Double
    public var insecure: Bool
    public var caCertFile: String?
    public var userAgent: String
    /// The most bytes an answer may have; a longer one is cut off and reported (an endless body must not grow
    /// the process without bound).
    public var maxResponseBytes: Int

    /// 16 MiB: Branch's answers are a few KiB; a bulk link answer for 1,000 links is about 100 KiB.
    public static let defaultMaxResponseBytes = 16 << 20
    /// The answers a batch holds at once: half for its transfers in flight (each at most its share of that
    /// half), half for answers received and waiting to be printed after an earlier line's (ordered output).
    public static let maxTotalResponseBytes = 256 << 20

    public init(connectTimeout: Double = 10, maxTime: Double = 30, insecure: Bool = false, caCertFile: String? = nil,
                userAgent: String = "bnc/\(BNCVersion.string)", maxResponseBytes: Int = defaultMaxResponseBytes) {
        self.maxResponseBytes = maxResponseBytes
        self.connectTimeout = connectTimeout
        self.maxTime = maxTime
        self.insecure = insecure
        self.caCertFile = caCertFile
        self.userAgent = userAgent
    }

    /// Seconds as curl's command line writes them (`10`, `2.5`).
    public static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
