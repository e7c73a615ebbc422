// When to try a request again and how long to wait: a value, so each API can adjust it and tests can check it.

/// What happened on one attempt, as the retry policy sees it.
public enum AttemptOutcome: Sendable, Equatable {
    /// The server answered with this status (and maybe Retry-After seconds).
    case status(Int, retryAfter: Double?)
    /// No answer: connection refused, DNS failure, reset, timeout.
    case transport(TransportFailure)
}

extension AttemptOutcome: CustomStringConvertible {
    /// `HTTP 429`, `connectionReset`: how -v and batch logs name what a retry answers.
    public var description: String {
        switch self {
        case .status(let code, _): "HTTP \(code)"
        case .transport(let failure): "\(failure)"
        }
    }
}

/// The transport failures the policy distinguishes.
public enum TransportFailure: Sendable, Equatable {
    case couldNotConnect
    case timedOut
    case connectionReset
    /// TLS verification and other failures that another try will not mend.
    case permanent
}

/// Retry rules: which outcomes are retried, how many attempts, and the backoff between them.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, including the first (`--retries N` gives N+1).
    public var maxAttempts: Int
    /// First backoff ceiling, in seconds; it doubles each attempt.
    public var baseDelay: Double
    /// Largest backoff ceiling, in seconds.
    public var maxDelay: Double
    /// Longest Retry-After bnc will wait; a longer one ends the retries.
    public var maxRetryAfter: Double
    /// Statuses retried besides 5xx.
    public var retryableStatuses: Set<Int>
    /// Per-status exceptions (Apple's AdServices 404 "not yet" rule arrives with bnc-asa).
    public var overrides: [Int: StatusRule]

    /// A status-specific rule: retry it or not, with its own attempt limit and fixed delay.
    public struct StatusRule: Sendable, Equatable {
        public var retry: Bool
        public var maxAttempts: Int?
        public var fixedDelay: Double?
        public init(retry: Bool, maxAttempts: Int? = nil, fixedDelay: Double? = nil) {
            self.retry = retry
            self.maxAttempts = maxAttempts
            self.fixedDelay = fixedDelay
        }
    }

    public init(maxAttempts: Int = 4, baseDelay: Double = 0.5, maxDelay: Double = 30, maxRetryAfter: Double = 120,
                retryableStatuses: Set<Int> = [408, 429], overrides: [Int: StatusRule] = [:]) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.retryableStatuses = retryableStatuses
        self.overrides = overrides
    }

    /// The suite's default: 3 retries (4 attempts) of 408, 429, 5xx and transport errors.
    public static let standard = RetryPolicy()
    /// Never retry.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// How many attempts an outcome allows in all: its status's own limit, else the policy's.
    public func attempts(for outcome: AttemptOutcome) -> Int {
        if case .status(let code, _) = outcome, let limit = overrides[code]?.maxAttempts { return min(limit, maxAttempts) }
        return maxAttempts
    }

    public enum Decision: Sendable, Equatable {
        case retry(after: Double)
        case stop
    }

    /// Whether this outcome would be retried with attempts to spare.
    public func isRetryable(_ outcome: AttemptOutcome) -> Bool {
        switch outcome {
        case .status(let code, _):
            if let rule = overrides[code] { return rule.retry }
            return retryableStatuses.contains(code) || (500...599).contains(code)
        case .transport(let failure):
            return failure != .permanent
        }
    }

    /// After attempt number `attempt` (1-based) ended in `outcome`: wait and retry, or stop.
    /// - Parameter random: a value in [0, 1) for full jitter (injected so tests are exact).
    public func decide(after attempt: Int, outcome: AttemptOutcome, random: @autoclosure () -> Double) -> Decision {
        guard isRetryable(outcome) else { return .stop }
        var limit = maxAttempts
        var fixed: Double?
        if case .status(let code, _) = outcome, let rule = overrides[code] {
            limit = rule.maxAttempts ?? limit
            fixed = rule.fixedDelay
        }
        guard attempt < limit else { return .stop }
        if case .status(_, let retryAfter?) = outcome {
            return retryAfter <= maxRetryAfter ? .retry(after: retryAfter) : .stop
        }
        if let fixed { return .retry(after: fixed) }
        return .retry(after: backoffCeiling(after: attempt) * min(max(random(), 0), 1))
    }

    /// The full-jitter ceiling after `attempt`: base × 2^(attempt-1), capped.
    public func backoffCeiling(after attempt: Int) -> Double {
        let exponent = min(max(attempt - 1, 0), 30)
        return min(maxDelay, baseDelay * Double(1 << exponent))
    }
}
