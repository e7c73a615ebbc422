// Sending one request with retries on a reused easy handle.
import BNCSuite
import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// Sends one request at a time, retrying per policy, on one kept-alive connection.
public final class HTTPClient {
    public let options: TransportOptions
    public let retry: RetryPolicy
    public let redactor: Redactor
    public weak var trace: TraceSink?
    /// Called before each retry with the attempt that failed, its outcome and the wait, for `-v` and progress.
    public var onRetry: ((Int, AttemptOutcome, Double) -> Void)?
    /// `--record`: every attempt, its answer or failure.
    public var recorder: HARRecorder?
    /// Injected in tests: sleeping and the jitter source.
    public var sleep: (Double) -> Void = MonotonicClock.sleep
    public var random: () -> Double = { Double.random(in: 0..<1) }

    private var easy: CurlEasy?

    public init(options: TransportOptions, retry: RetryPolicy = .standard, redactor: Redactor, trace: TraceSink? = nil) {
        self.options = options
        self.retry = retry
        self.redactor = redactor
        self.trace = trace
    }

    /// Sends `request` until it gets an answer the policy does not retry, or attempts run out.
    /// Returns the last HTTP response whatever its status; throws only when no response came at all.
    public func send(_ request: HTTPRequest) throws(BNCError) -> HTTPResponse {
        if easy == nil { easy = try CurlEasy() }
        let easy = easy!
        var attempt = 0
        while true {
            attempt += 1
            try easy.prepare(request, options: options, trace: trace, redactor: redactor)
            let started = recorder == nil ? 0 : HARRecorder.now()
            let code = bnc_curl_easy_perform(easy.handle)
            let outcome: AttemptOutcome
            let result = easy.result(of: code)
            recorder?.record(request, result, started: started, note: "attempt \(attempt)", userAgent: options.userAgent)
            switch result {
            case .success(var response):
                response.attempts = attempt
                outcome = .status(response.status, retryAfter: response.retryAfter())
                if case .retry(let delay) = retry.decide(after: attempt, outcome: outcome, random: random()) {
                    onRetry?(attempt, outcome, delay)
                    sleep(delay)
                    continue
                }
                return response
            case .failure(let error):
                outcome = .transport(error.failure)
                if case .retry(let delay) = retry.decide(after: attempt, outcome: outcome, random: random()) {
                    onRetry?(attempt, outcome, delay)
                    sleep(delay)
                    continue
                }
                throw error.bncError(attempts: attempt)
            }
        }
    }
}
