// --record FILE: every attempt a tool makes (retries included) as a HAR 1.2 file, the format browsers and proxies
// import: request, answer, timings. Secrets are redacted as in every rendering; the file is private (0600), written
// beside its path and renamed over it when the run ends, and bounded: the first `limit` attempts and every failure.
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Collects attempts and writes them as one HAR document at the end of the run.
/// Sendable by its lock: the entries and the redactor live in a Mutex; the file is touched only by finish().
public final class HARRecorder: @unchecked Sendable {
    /// Attempts kept by default: the first 1,000 (every failure is kept whatever the count).
    public static let defaultLimit = 1000
    /// Failures kept past the limit, at most: a batch of a million failing lines must not fill the disk.
    public static let maxFailures = 10_000

    let file: AtomicFile
    let limit: Int
    let creator: String
    /// The most a gzip answer is inflated to for the recording (beyond: recorded as it came, masked byte for byte).
    static let maxDecodedBody = 16 << 20

    private struct State { var entries: [JSON] = []; var seen = 0; var left = 0; var redactor: Redactor }
    private let state: Mutex<State>

    /// Checks the path at once (a file of another kind there is refused before anything is sent).
    public init(path: String, limit: Int = defaultLimit, redactor: Redactor, tool: String, version: String) throws(BNCError) {
        file = try AtomicFile(path: path, kind: .har, what: "--record")
        self.limit = limit
        state = Mutex(State(redactor: redactor))
        creator = tool + "\u{0}" + version
    }

    /// The redactor grew (a token read at run time): what is recorded from now on masks it too.
    public func use(_ redactor: Redactor) { state.withLock { $0.redactor = redactor } }

    /// Keeps one attempt: started at `started` (seconds since 1970) with the answer or the transport failure.
    public func record(_ request: HTTPRequest, _ result: Result<HTTPResponse, TransportError>, started: Double, note: String, userAgent: String) {
        let failed: Bool
        switch result {
        case .success(let r): failed = r.status >= 400
        case .failure: failed = true
        }
        let redactor = state.withLock { $0.redactor }
        let entry = self.entry(request, result, started: started, note: note, userAgent: userAgent, redactor: redactor)
        state.withLock { s in
            s.seen += 1
            if s.entries.count < limit || (failed && s.entries.count < limit + Self.maxFailures) {
                s.entries.append(entry)
            } else {
                s.left += 1
            }
        }
    }

    /// Writes the recording and renames it over the path. Returns how many attempts it holds and left out.
    @discardableResult
    public func finish() throws(BNCError) -> (kept: Int, left: Int) {
        let (entries, left) = state.withLock { ($0.entries, $0.left) }
        let parts = creator.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
        var log: JSONObject = [:]
        log["version"] = "1.2"
        log["creator"] = .object(["name": .string(parts[0]), "version": .string(parts[1])])
        log["entries"] = .array(entries)
        if left > 0 { log["comment"] = .string("\(left) attempts past the first \(limit) were left out (every failure is kept)") }
        var document: JSONObject = [:]
        document["log"] = .object(log)
        guard FileSystem.writeAll(file.fd, Array(JSON.object(document).serialized().utf8) + [10]) else {
            throw BNCError(.io, "--record: cannot write \(file.path): \(FileSystem.errnoText())")
        }
        try file.commit(what: "--record")
        return (entries.count, left)
    }

    func entry(_ request: HTTPRequest, _ result: Result<HTTPResponse, TransportError>, started: Double, note: String, userAgent: String,
               redactor base: Redactor) -> JSON {
        let redactor = base.adding(request.secrets)
        let r = redactor.redact(request)
        var headers = [(name: String, value: String)]()
        if r.headers["User-Agent"] == nil { headers.append(("User-Agent", userAgent)) }
        for (name, value) in r.headers { headers.append((name, value)) }
        if let body = r.body, r.headers["Content-Type"] == nil { headers.append(("Content-Type", body.contentType)) }
        let bodyBytes = r.body?.bytes ?? []
        var req: JSONObject = [:]
        req["method"] = .string(r.method)
        req["url"] = .string(r.url)
        req["httpVersion"] = .string((try? result.get())?.httpVersion ?? "HTTP/1.1")
        req["cookies"] = .array([])
        req["headers"] = .array(headers.map { .object(["name": .string($0.name), "value": .string($0.value)]) })
        req["queryString"] = .array(Self.query(r.url).map { .object(["name": .string($0.0), "value": .string($0.1)]) })
        if let body = r.body {
            req["postData"] = .object(["mimeType": .string(body.contentType), "text": .string(String(decoding: bodyBytes, as: UTF8.self))])
        }
        req["headersSize"] = -1
        req["bodySize"] = .int(bodyBytes.count)

        var res: JSONObject = [:]
        var timings: JSONObject = ["blocked": -1, "dns": -1, "connect": -1, "send": 0, "wait": 0, "receive": 0, "ssl": -1]
        var total = 0.0
        var comment = note
        switch result {
        case .success(let answer):
            res["status"] = .int(answer.status)
            res["statusText"] = ""
            res["httpVersion"] = .string(answer.httpVersion ?? "HTTP/1.1")
            res["cookies"] = .array([])
            res["headers"] = .array(answer.headers.map { .object(["name": .string($0.name), "value": .string(redactor.redactHeaderValue($0.name, $0.value))]) })
            // A gzip answer (Content-Encoding: gzip; bnc asks for none) is recorded decoded, as HAR 1.2's text is,
            // so what it says is redacted like any answer; `compression` says how much smaller it came.
            var body = answer.body, inflated = false
            if answer.headers["Content-Encoding"]?.lowercased().contains("gzip") == true,
               let plain = GzipInflater.inflateAll(answer.body, limit: Self.maxDecodedBody) {
                body = plain
                inflated = true
            }
            var content: JSONObject = ["size": .int(body.count), "mimeType": .string(answer.headers["Content-Type"] ?? "application/octet-stream")]
            if inflated { content["compression"] = .int(body.count - answer.body.count) }
            // A body that is not UTF-8 (a QR code's PNG) is kept whole as Base64, as HAR 1.2 says (as text, a third
            // of an image's bytes became U+FFFD), with the secrets in it masked byte for byte.
            if body.starts(with: [0x1f, 0x8b]), !redactor.showSecrets {
                // A compressed file (an export's `.gz`, with no Content-Encoding): its secrets cannot be masked in
                // the compressed bytes, so the body is left out (QA round 25b); --show-secrets records it.
                content["text"] = ""
                content["comment"] = .string("a gzip body of \(body.count) bytes, left out: its secrets cannot be masked (--show-secrets records it)")
            } else if let decoded = String(validating: body, as: UTF8.self) {
                content["text"] = .string(redactor.redact(decoded))
            } else {
                content["text"] = .string(Data(redactor.redact(bytes: body)).base64EncodedString())
                content["encoding"] = "base64"
            }
            res["content"] = .object(content)
            // Masked as the same header is in `headers` (it was kept in clear here, QA round 29b).
            res["redirectURL"] = .string(answer.headers["Location"].map { redactor.redactHeaderValue("Location", $0) } ?? "")
            res["headersSize"] = -1
            res["bodySize"] = .int(answer.body.count)
            if let t = answer.timing {
                let ms = { (s: Double) -> JSON in .double((s * 1000 * 1000).rounded() / 1000) }
                timings["dns"] = ms(t.dns)
                timings["connect"] = ms(max(0, t.connect - t.dns))
                timings["ssl"] = t.tls > 0 ? ms(max(0, t.tls - t.connect)) : -1
                timings["wait"] = ms(max(0, t.firstByte - max(t.tls, t.connect)))
                timings["receive"] = ms(max(0, t.total - t.firstByte))
                total = t.total * 1000
            }
        case .failure(let error):
            // No answer came: HAR has no place for that, so status 0 (as browsers record a failed request) and the
            // reason in `_error`.
            res = ["status": 0, "statusText": "", "httpVersion": "", "cookies": .array([]), "headers": .array([]),
                   "content": .object(["size": 0, "mimeType": ""]), "redirectURL": "", "headersSize": -1, "bodySize": -1,
                   "_error": .string(redactor.redact(error.message))]
            comment += ": no answer"
        }
        var e: JSONObject = [:]
        e["startedDateTime"] = .string(Self.iso8601(started))
        e["time"] = .double((total * 1000).rounded() / 1000)
        e["request"] = .object(req)
        e["response"] = .object(res)
        e["cache"] = .object([:])
        e["timings"] = .object(timings)
        e["comment"] = .string(comment)
        return .object(e)
    }

    /// The query's name/value pairs as the URL carries them (percent-encoded, as HAR readers expect to decode).
    static func query(_ url: String) -> [(String, String)] {
        guard let q = url.firstIndex(of: "?") else { return [] }
        let rest = url[url.index(after: q)...].prefix { $0 != "#" }
        return rest.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// `2026-11-24T18:50:42.123Z`.
    public static func iso8601(_ seconds: Double) -> String {
        var t = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&t, &parts)
        let ms = Int(((seconds - seconds.rounded(.down)) * 1000).rounded(.down))
        func pad(_ n: Int, _ width: Int) -> String { let s = String(n); return String(repeating: "0", count: max(0, width - s.count)) + s }
        return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
            + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2)).\(pad(ms, 3))Z"
    }

    /// Seconds since 1970, now.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
