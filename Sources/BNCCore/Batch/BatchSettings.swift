// How a batch runs: concurrency, rate, order, fail-fast, shard, retries, transport.

/// At most `count` requests in any `seconds`.
public struct RateWindow: Sendable, Equatable {
    public var count: Int
    public var seconds: Double
    public init(count: Int, seconds: Double) {
        self.count = count
        self.seconds = seconds
    }
}

/// How a batch runs.
public struct BatchSettings: Sendable {
    public var concurrency: Int
    /// Most requests started per second (nil: no limit).
    public var rate: Double?
    /// An endpoint's documented limits over longer windows (the QR Code API's 100 a minute and 1,000 an
    /// hour), each held in any span of its length: honoured on top of `rate`.
    public var windows: [RateWindow] = []
    /// Turns a 2xx answer into the line's result (an image written to a file, answered with its path) instead
    /// of the answer's JSON; an error fails the line. Called on the batch's thread.
    public var answer: (@Sendable (_ line: Int, _ response: HTTPResponse) throws -> JSON)?
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
    /// The input is read once (stdin, a pipe) and has no fingerprint of its whole: the journal keeps each line's
    /// digest as it is read, and `--resume` checks every line an earlier run read before anything is sent.
    public var digestLines = false

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
    /// The answer bytes held waiting for an earlier line's result (ordered output): past this, no new line is
    /// taken until the line holding them up is printed. A slow first line must not leave a thousand large
    /// answers in memory behind it.
    public var maxHeldBytes = TransportOptions.maxTotalResponseBytes / 2

    /// Parses `K/N`.
    public static func parseShard(_ text: String) -> (k: Int, n: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
        return (k, n)
    }

    /// Whether a line belongs to this run's shard (a stable hash of its bytes).
    public func takes<C: Collection>(_ line: C) -> Bool where C.Element == UInt8 {
        guard let shard else { return true }
        return Int(Self.mixed(FNV1a64.hash(line)) % UInt64(shard.n)) == shard.k - 1
    }

    /// Whether a line not read (one too long to hold) belongs to this run's shard: by its number, so that one
    /// shard of N gives it its result.
    public func takes(lineNumber: Int) -> Bool {
        guard let shard else { return true }
        return Int(Self.mixed(UInt64(lineNumber)) % UInt64(shard.n)) == shard.k - 1
    }

    /// FNV-1a's low bits depend only on the low bits of the bytes (its prime is odd, XOR keeps bit 0 to bit 0):
    /// taken modulo an even N, shard 1/2 of a log got none of its lines. MurmurHash3's 64-bit finaliser spreads
    /// every bit of the hash over the low ones first.
    static func mixed(_ hash: UInt64) -> UInt64 {
        var h = hash
        h ^= h >> 33
        h &*= 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h &*= 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return h
    }
}
