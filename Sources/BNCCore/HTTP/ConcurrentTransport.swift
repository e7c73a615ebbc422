// Sending many requests at once through a libcurl multi handle.
import BNCSuite
import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// What to send next, asked each time a slot is free.
public enum TransferFeed: Sendable {
    /// Send this request; `tag` comes back with its result.
    case request(tag: Int, HTTPRequest)
    /// Nothing is ready before this monotonic time (retries waiting, rate limit), but more will come.
    case wait(until: Double)
    /// No more requests; finish those in flight.
    case done
}

/// Many transfers at once on a libcurl multi handle, each easy handle reused so connections are kept.
/// Single attempts: the batch runner decides about retries and feeds them back in.
public final class ConcurrentTransport {
    public let options: TransportOptions
    public let concurrency: Int
    public let redactor: Redactor
    public weak var trace: TraceSink?
    /// `--record`: every transfer, its answer or failure.
    public var recorder: HARRecorder?

    private let multi: UnsafeMutableRawPointer
    private var idle: [CurlEasy] = []
    /// Handles with a transfer under way; each knows its place here (`busyIndex`), and libcurl hands each back
    /// through CURLINFO_PRIVATE: no table keyed by handle to hash into per transfer.
    private var busy: [CurlEasy] = []

    public init(options: TransportOptions, concurrency: Int, redactor: Redactor, trace: TraceSink? = nil) throws(BNCError) {
        try CurlGlobal.load()
        guard let m = bnc_curl_multi_init() else {
            throw BNCError(.internal, "libcurl multi handle could not be initialised")
        }
        self.multi = m
        self.options = options
        self.concurrency = max(1, concurrency)
        self.redactor = redactor
        self.trace = trace
        try Self.check(bnc_multi_setopt_long(m, CURLMOPT_MAX_TOTAL_CONNECTIONS, self.concurrency), "MAX_TOTAL_CONNECTIONS")
        try Self.check(bnc_multi_setopt_long(m, CURLMOPT_MAXCONNECTS, self.concurrency), "MAXCONNECTS")
    }

    /// A multi call that failed is a bug or exhaustion (out of memory, too many handles): never ignored.
    private static func check(_ code: CURLMcode, _ call: String) throws(BNCError) {
        if code != CURLM_OK {
            throw BNCError(.internal, "libcurl multi \(call): \(String(cString: bnc_curl_multi_strerror(code)))")
        }
    }

    deinit {
        for easy in busy { bnc_curl_multi_remove_handle(multi, easy.handle) }
        bnc_curl_multi_cleanup(multi)
    }

    /// Runs until `next` says `.done` and every transfer has finished.
    /// `completion` gets each transfer's tag and result on this thread, in completion order.
    /// - Parameter flush: called before libcurl sends the requests just added (and after each round of
    ///   completions): the batch journal commits its in-flight marks and acknowledgements there, once per round.
    public func run(next: () -> TransferFeed,
                    completion: (Int, Result<HTTPResponse, TransportError>) -> Void,
                    flush: () throws(BNCError) -> Void = {}) throws(BNCError) {
        var exhausted = false
        var waitUntil = 0.0
        while true {
            // Fill free slots.
            while !exhausted && busy.count < concurrency && MonotonicClock.now() >= waitUntil {
                switch next() {
                case .request(let tag, let request):
                    let easy: CurlEasy
                    if let reused = idle.popLast() { easy = reused } else { easy = try CurlEasy() }
                    try easy.prepare(request, options: options, trace: trace, redactor: redactor)
                    easy.tag = tag
                    if recorder != nil {
                        easy.recorded = request
                        easy.started = HARRecorder.now()
                    }
                    try Self.check(bnc_curl_multi_add_handle(multi, easy.handle), "add_handle")
                    easy.busyIndex = busy.count
                    busy.append(easy)
                case .wait(let until):
                    waitUntil = until
                case .done:
                    exhausted = true
                }
            }
            try flush()
            if exhausted && busy.isEmpty { return }

            var running: Int32 = 0
            try Self.check(bnc_curl_multi_perform(multi, &running), "perform")
            var queued: Int32 = 0
            while let msg = bnc_curl_multi_info_read(multi, &queued) {
                var handle: UnsafeMutableRawPointer?
                var code = CURLE_OK
                guard bnc_multi_done(msg, &handle, &code) == 1, let handle, let easy = CurlEasy.owner(of: handle),
                      easy.busyIndex >= 0, easy.busyIndex < busy.count, busy[easy.busyIndex] === easy else { continue }
                let last = busy.removeLast()
                if last !== easy {
                    busy[easy.busyIndex] = last
                    last.busyIndex = easy.busyIndex
                }
                easy.busyIndex = -1
                try Self.check(bnc_curl_multi_remove_handle(multi, handle), "remove_handle")
                let result = easy.result(of: code)
                let tag = easy.tag
                if let recorder, let request = easy.recorded {
                    recorder.record(request, result, started: easy.started, note: "transfer \(tag)", userAgent: options.userAgent)
                    easy.recorded = nil
                }
                idle.append(easy)
                completion(tag, result.map { var r = $0; r.attempts = 1; return r })
                // A finished transfer may make work ready (a retry, room in the window): ask the feed again.
                waitUntil = 0
            }
            try flush()
            if exhausted && busy.isEmpty { return }
            // Sleep in curl until there is socket activity, or until a waiting request becomes ready.
            var timeoutMs: Int32 = 1000
            if !exhausted && busy.count < concurrency {
                timeoutMs = Int32(max(0, min(1000, (waitUntil - MonotonicClock.now()) * 1000)))
            }
            let wakeBefore = SignalWatcher.wakeFD
            defer {
                // A signal ended the wait: ask the feed again at once (it stops instead of waiting out a rate or a
                // back-off).
                if wakeBefore != nil && SignalWatcher.wakeFD == nil { waitUntil = 0 }
            }
            if !busy.isEmpty || timeoutMs > 0 {
                if busy.isEmpty {
                    MonotonicClock.sleep(Double(timeoutMs) / 1000)
                } else {
                    if let wake = SignalWatcher.wakeFD {
                        // The signal pipe among the fds libcurl waits on: ^C ends the wait at once.
                        var extra = curl_waitfd(fd: wake, events: Int16(CURL_WAIT_POLLIN), revents: 0)
                        try Self.check(bnc_curl_multi_poll(multi, &extra, 1, timeoutMs, nil), "poll")
                    } else {
                        try Self.check(bnc_curl_multi_poll(multi, nil, 0, timeoutMs, nil), "poll")
                    }
                }
            }
        }
    }
}
