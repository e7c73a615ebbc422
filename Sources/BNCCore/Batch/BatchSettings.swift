// How a batch runs: concurrency, rate, order, fail-fast, shard, retries, transport.

/// How a batch runs.
public struct BatchSettings: Sendable {
    public var concurrency: Int
    /// Most requests started per second (nil: no limit).
    public var rate: Double?
    public var ordered: Bool
    public var failFast: Bool
    /// Take only lines whose hash falls in shard K (1-based) of N.
    public var shard: (k: Int, n: Int)?
    public var retry: RetryPolicy
    public var transport: TransportOptions
    /// A 2xx answer must be JSON to acknowledge a line (a captive portal's HTML page is not Branch's answer).
    public var requireJSON = true
    /// Lines are text, not NDJSON (logged URLs): each reaches `prepare` as `{"text": line}`; blank lines and
    /// `#` comments are skipped without a result.
    public var textLines = false

    public init(concurrency: Int = 8, rate: Double? = nil, ordered: Bool = true, failFast: Bool = false,
                shard: (k: Int, n: Int)? = nil, retry: RetryPolicy = .standard, transport: TransportOptions = TransportOptions()) {
        self.concurrency = concurrency
        self.rate = rate
        self.ordered = ordered
        self.failFast = failFast
        self.shard = shard
        self.retry = retry
        self.transport = transport
    }

    /// Lines taken but not yet printed, at most: what bounds memory.
    public var window: Int { max(concurrency * 64, 1024) }

    /// Parses `K/N`.
    public static func parseShard(_ text: String) -> (k: Int, n: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
        return (k, n)
    }

    /// Whether a line belongs to this run's shard (a stable hash of its bytes).
    public func takes<C: Collection>(_ line: C) -> Bool where C.Element == UInt8 {
        guard let shard else { return true }
        return Int(FNV1a64.hash(line) % UInt64(shard.n)) == shard.k - 1
    }
}
