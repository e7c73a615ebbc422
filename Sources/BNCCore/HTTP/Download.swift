// A file fetched to disk (an export's gzip CSV from a signed URL): streamed, never held in memory; resumed with
// an HTTP range after an interruption; checked against the length the server announced; written to a partial
// file that is renamed into place only when complete.
import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// Downloads one URL to a file, resuming what an earlier attempt (or run) left in `path + ".part"`.
public final class Download {
    public let url: String
    public let path: String
    public var partialPath: String { path + ".part" }
    public let options: TransportOptions
    public let redactor: Redactor
    /// Attempts in all when the transfer breaks off (each resumes where the last stopped).
    public var attempts = 5
    /// Bytes on disk and the total when known, after each chunk (for a progress bar).
    public var progress: ((_ have: Int64, _ total: Int64?) -> Void)?
    public var sleep: (Double) -> Void = MonotonicClock.sleep
    public var recorder: HARRecorder?
    /// The bytes the file starts with (gzip's 1f 8b): a partial file that does not is not this download's, and
    /// is not resumed (the rest would be appended to another file's bytes).
    public var magic: [UInt8]?

    public init(url: String, to path: String, options: TransportOptions, redactor: Redactor) {
        self.url = url
        self.path = path
        self.options = options
        self.redactor = redactor
    }

    /// What was fetched: its size, and how many bytes an earlier attempt had already brought.
    public struct Outcome: Sendable {
        public let bytes: Int64
        public let resumedFrom: Int64
        public let attempts: Int
    }

    /// Fetches the file; throws (the partial file kept for a later resume) when every attempt failed.
    public func run() throws(BNCError) -> Outcome {
        let easy = try CurlEasy()
        defer { easy.bodySink = nil }  // the sink holds the handle: let both go
        try Self.requireReplaceable(path)
        // The partial file is this tool's own: never followed through a link (a link at the name would have the
        // download appended to a file elsewhere), never a FIFO (open would block) or a device, never a file with
        // other names (a hard link would change it under them).
        let fd = open(partialPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw BNCError.configuration("\(partialPath) is a symbolic link; bnc downloads only into its own files") }
            throw BNCError(.io, "cannot write \(partialPath): \(FileSystem.errnoText())")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_nlink == 1 else {
            throw BNCError.configuration("\(partialPath) is not a regular file of its own (a FIFO, a device or a hard link); bnc downloads only into its own files")
        }
        var have = Int64(lseek(fd, 0, SEEK_END))
        if let magic, have > 0 {
            var head = [UInt8](repeating: 0, count: magic.count)
            let n = pread(fd, &head, magic.count, 0)  // read-write: a write-only descriptor reads nothing (EBADF)
            if n < 0 || head[..<n] != magic[..<n] {
                throw BNCError.configuration("\(partialPath) does not start as this download does, so it is not one bnc began; bnc never resumes or replaces it",
                                             hint: "move it away, or name another --dir")
            }
        }
        let resumedFrom = have
        var total: Int64?
        var attempt = 0
        while true {
            attempt += 1
            var request = HTTPRequest(method: "GET", url: url)
            if have > 0 { request.headers["Range"] = "bytes=\(have)-" }
            var writeError: Int32 = 0
            var expectedStart: Int64 = have
            var first = true
            easy.bodySink = { [progress] chunk in
                if first {
                    first = false
                    // 200 means the whole file from byte 0 (the server ignored the range): start again.
                    var status = 0
                    bnc_easy_getinfo_long(easy.handle, CURLINFO_RESPONSE_CODE, &status)
                    if status == 200 && have > 0 {
                        _ = ftruncate(fd, 0)
                        _ = lseek(fd, 0, SEEK_SET)
                        have = 0
                        expectedStart = 0
                    }
                    var length: curl_off_t = -1
                    bnc_easy_getinfo_off(easy.handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
                    if length >= 0 { total = expectedStart + Int64(length) }
                }
                guard let base = chunk.baseAddress else { return true }
                var off = 0
                while off < chunk.count {
                    let n = write(fd, base + off, chunk.count - off)
                    if n < 0 { if errno == EINTR { continue }; writeError = errno; return false }
                    off += n
                }
                have += Int64(chunk.count)
                progress?(have, total)
                return true
            }
            try easy.prepare(request, options: options, trace: nil, redactor: redactor)
            let started = recorder == nil ? 0 : HARRecorder.now()
            let code = bnc_curl_easy_perform(easy.handle)
            let result = easy.result(of: code)
            recorder?.record(request, result, started: started, note: "attempt \(attempt)", userAgent: options.userAgent)
            if easy.sinkFailed {
                throw BNCError(.io, "cannot write \(partialPath): \(String(cString: strerror(writeError)))")
            }
            switch result {
            case .success(let response) where response.status == 416 && have > 0:
                // The range starts at the end: an earlier run brought it all.
                total = have
                return try finish(fd, have: have, total: total, resumedFrom: resumedFrom, attempts: attempt)
            case .success(let response) where response.isSuccess:
                if let total, have != total {
                    guard attempt < attempts else { throw BNCError(.temporary, "\(redactor.redact(url)): \(have) of \(total) bytes after \(attempt) attempts; run again to resume") }
                    sleep(min(8, 0.5 * Double(1 << min(attempt, 4))))
                    continue
                }
                return try finish(fd, have: have, total: total, resumedFrom: resumedFrom, attempts: attempt)
            case .success(let response):
                if response.status >= 500 || response.status == 429, attempt < attempts {
                    sleep(response.retryAfter() ?? min(8, 0.5 * Double(1 << min(attempt, 4))))
                    continue
                }
                throw response.httpError(redactor: redactor)
            case .failure(let error):
                guard attempt < attempts else { throw error.bncError(attempts: attempt) }
                sleep(min(8, 0.5 * Double(1 << min(attempt, 4))))
            }
        }
    }

    /// The final name may hold nothing or a regular file (an earlier download), never a link, a FIFO, a device or
    /// a directory, which the rename would replace (exit 78).
    public static func requireReplaceable(_ path: String) throws(BNCError) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        guard st.st_mode & S_IFMT == S_IFREG else {
            let kind = st.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : st.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
            throw BNCError.configuration("\(path) is \(kind); bnc never replaces it with a download", hint: "move it away, or name another --dir")
        }
    }

    private func finish(_ fd: Int32, have: Int64, total: Int64?, resumedFrom: Int64, attempts: Int) throws(BNCError) -> Outcome {
        guard fsync(fd) == 0 || errno == EINVAL else { throw BNCError(.io, "cannot write \(partialPath): \(FileSystem.errnoText())") }
        try Self.requireReplaceable(path)
        guard rename(partialPath, path) == 0 else { throw BNCError(.io, "cannot write \(path): \(FileSystem.errnoText())") }
        return Outcome(bytes: have, resumedFrom: resumedFrom, attempts: attempts)
    }
}
