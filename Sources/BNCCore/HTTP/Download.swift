// A file fetched to disk (an export's gzip CSV from a signed URL): streamed, never held in memory; resumed with
// an HTTP range after an interruption, on the condition (If-Range) that the server's file is still the one the
// partial file began; checked against the length the server announced; written to a partial file that is renamed
// into place only when complete.
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
    /// The file must be gzip (an export's `.csv.gz`). Any file that starts as gzip does (a custom export's job
    /// file, named `.csv` or `.json` whatever it holds) is checked as gzip too: its bytes are inflated and let go
    /// as they come (after a resume, the kept ones are read again at the end), and it takes its final name only
    /// when it is whole gzip. A damaged or truncated file the server sent whole was renamed into place, and every
    /// later run reused it, failing (QA round 28b F5): it is now 76 with its bytes let go, so a rerun fetches it.
    public var gzip = false
    /// The largest file fetched (64 GiB): a server's file past it, announced or sent, ends the download with exit
    /// 76 and its bytes let go, so no answer fills the disk (QA round 25b).
    public var maxBytes: Int64 = Download.defaultMaxBytes
    public static let defaultMaxBytes: Int64 = 64 << 30

    public init(url: String, to path: String, options: TransportOptions, redactor: Redactor) {
        self.url = url
        self.path = path
        self.options = options
        self.redactor = redactor
    }

    /// What was fetched: its size, how many bytes an earlier attempt had already brought, and how many kept bytes
    /// were let go because the server's file was no longer the one they began (it answered the whole file).
    public struct Outcome: Sendable {
        public let bytes: Int64
        public let resumedFrom: Int64
        public let attempts: Int
        public var discarded: Int64 = 0
    }

    /// The extended attribute of the partial file that keeps the server file's validator (its strong ETag, else its
    /// Last-Modified): a later run resumes with `If-Range` so a file changed on the server is fetched whole, not
    /// spliced onto the old one's bytes. On a file system without user attributes the resume is a plain range (and
    /// gzip's checksum is then what catches a splice).
    public static let validatorAttribute = "user.bnc.validator"

    /// Fetches the file; throws (the partial file kept for a later resume) when every attempt failed.
    public func run() throws(BNCError) -> Outcome {
        let easy = try CurlEasy()
        defer { easy.bodySink = nil }  // the sink holds the handle: let both go
        try Self.requireReplaceable(path)
        // The partial file is this tool's own: never followed through a link (a link at the name would have the
        // download appended to a file elsewhere), never a FIFO (open would block) or a device, never a file with
        // other names (a hard link would change it under them).
        // Made here (O_EXCL), it is marked as bnc's; one already there is resumed only when it carries that mark or
        // a validator bnc kept (a user's notes at `<job>.csv.part` were resumed: spliced with Branch's bytes).
        var fd = open(partialPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        let made = fd >= 0
        if !made && errno == EEXIST { fd = open(partialPath, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard fd >= 0 else {
            if errno == ELOOP { throw BNCError.configuration("\(partialPath) is a symbolic link; bnc downloads only into its own files") }
            throw BNCError(.io, "cannot write \(partialPath): \(FileSystem.errnoText())")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_nlink == 1 else {
            throw BNCError.configuration("\(partialPath) is not a regular file of its own (a FIFO, a device or a hard link); bnc downloads only into its own files")
        }
        // Kept files are the user's alone (0600), whoever made the partial file first.
        if st.st_mode & 0o077 != 0 { _ = fchmod(fd, 0o600) }
        var have = Int64(lseek(fd, 0, SEEK_END))
        let foreign = !made && have > 0 && Self.isForeign(fd)
        if made || have == 0 { Self.markOwn(fd) }
        if let magic, have > 0 {
            var head = [UInt8](repeating: 0, count: magic.count)
            let n = pread(fd, &head, magic.count, 0)  // read-write: a write-only descriptor reads nothing (EBADF)
            if n < 0 || head[..<n] != magic[..<n] {
                throw BNCError.configuration("\(partialPath) does not start as this download does, so it is not one bnc began; bnc never resumes or replaces it",
                                             hint: "move it away, or name another --dir")
            }
        }
        if foreign {
            throw BNCError.configuration("\(partialPath) was not begun by bnc (it carries no mark of a bnc download); bnc never resumes or replaces it",
                                         hint: "move it away, or name another --dir")
        }
        // The partial file's validator, read back as hostile as any file's bytes: one that is not a header value's
        // printable ASCII is not sent (nor is the file resumed without it: its bytes start again from byte 0).
        var validator: String?
        if have > 0 {
            switch Self.readValidator(fd) {
            case .kept(let v): validator = v
            case .foreign: Self.startAgain(fd); have = 0
            case .none: break
            }
        } else {
            Self.removeValidator(fd)
        }
        var resumedFrom = have, discarded: Int64 = 0
        var total: Int64?
        // The gzip check, and how many of the file's bytes it has read: the bytes that come are read while it has
        // read all before them (from a fresh start, not after a resume). Made at once for a file that must be gzip,
        // else when the file's first bytes are gzip's (`sniffed`: those were seen, or will be read back).
        var check = gzip ? try GzipInflater(what: redactor.redact(url)) : nil
        var checked: Int64 = 0
        var sniffed = gzip
        var damaged: BNCError?
        // The kept bytes let go (the server would not resume them): the file starts again from byte 0.
        func restart() {
            Self.startAgain(fd)
            if resumedFrom > 0 { discarded = max(discarded, resumedFrom); resumedFrom = 0 }
            have = 0
            validator = nil
            check?.reset()
            checked = 0
            if !gzip { check = nil; sniffed = false }
        }
        // Whether the file is whole gzip (always, when it is not gzip); one it damaged is let go, or, when it was
        // resumed from kept bytes (a splice the server's validator could not rule out), fetched whole once more.
        func whole(attempt: Int) throws(BNCError) -> Bool {
            if check == nil, have >= 2, startsAsGzip(fd) { check = try GzipInflater(what: redactor.redact(url)) }
            guard let check else { return true }
            do throws(BNCError) {
                if checked != have {
                    check.reset()
                    checked = 0
                    try readBack(fd, upTo: have) { bytes throws(BNCError) in try check.skim(bytes) }
                    checked = have
                }
                if check.insideMember { throw BNCError(.invalidData, "\(redactor.redact(url)): the gzip data ends inside a member (truncated)") }
                return true
            } catch {
                guard error.kind == .invalidData else { throw error }  // the partial file could not be read back
                if resumedFrom > 0 && attempt < attempts { restart(); return false }
                Self.startAgain(fd)
                throw Self.notGzip(error)
            }
        }
        var attempt = 0
        while true {
            attempt += 1
            var request = HTTPRequest(method: "GET", url: url)
            if have > 0 {
                request.headers["Range"] = "bytes=\(have)-"
                if let validator { request.headers["If-Range"] = validator }
            }
            var writeError: Int32 = 0
            var answered = false
            var misplaced = false
            var tooLarge = false
            let sentValidator = have > 0 ? validator : nil
            // The answer's head, read once, at its first body byte or (an empty body) when it is complete: what the
            // bytes that follow are, and whether they belong after the partial file's.
            func begin() -> Bool {
                answered = true
                var status = 0
                bnc_easy_getinfo_long(easy.handle, CURLINFO_RESPONSE_CODE, &status)
                guard (200..<300).contains(status) else { return true }  // an error answer is buffered, not written
                let headers = easy.currentHeaders
                let given = Self.validator(in: headers)
                if status == 206 && have > 0 {
                    // A range must start where the file ends, and be of the file begun: a server that ignored
                    // If-Range answers another file's bytes (another ETag), which are never appended.
                    guard let range = Self.contentRange(headers["Content-Range"]), range.start == have,
                          sentValidator == nil || given == sentValidator else { misplaced = true; return false }
                    if let size = range.size { total = size }
                } else {
                    // 200 means the whole file from byte 0 (the server ignored the range, or the file changed and
                    // If-Range did not hold): start again.
                    if have > 0 { restart() }
                    var length: curl_off_t = -1
                    bnc_easy_getinfo_off(easy.handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
                    total = length >= 0 ? Int64(length) : nil
                }
                if let total, total > maxBytes { tooLarge = true; return false }
                if given != validator {
                    validator = given
                    if let given { Self.store(given, fd) } else { Self.removeValidator(fd) }
                }
                return true
            }
            easy.bodySink = { [progress] chunk in
                if !answered, !begin() { return false }
                guard let base = chunk.baseAddress else { return true }
                if have + Int64(chunk.count) > self.maxBytes { tooLarge = true; return false }
                if !sniffed && have == 0 && chunk.count >= 2 {
                    sniffed = true
                    if chunk[0] == GzipInflater.magic[0] && chunk[1] == GzipInflater.magic[1] { check = try? GzipInflater(what: self.redactor.redact(self.url)) }
                }
                if let check, checked == have {
                    do throws(BNCError) { try check.skim(UnsafeRawBufferPointer(chunk)) } catch { damaged = error; return false }
                    checked += Int64(chunk.count)
                }
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
            // An answer without a body byte (an empty file, a 200 to a range) is read the same way.
            if !answered, case .success(let response) = result, response.isSuccess, response.status != 416 { _ = begin() }
            if tooLarge {
                Self.startAgain(fd)
                throw BNCError(.malformedResponse, "\(redactor.redact(url)): the file is larger than \(maxBytes) bytes, the most bnc downloads; its bytes were let go")
            }
            if let damaged {
                Self.startAgain(fd)
                throw Self.notGzip(damaged)
            }
            if misplaced {
                // Not what was asked: the next attempt asks for the whole file.
                restart()
                guard attempt < attempts else { throw BNCError(.temporary, "\(redactor.redact(url)): the server answered a range of another file, or one that does not start at the byte asked for, \(attempt) times") }
                continue
            }
            if easy.sinkFailed {
                throw BNCError(.io, "cannot write \(partialPath): \(String(cString: strerror(writeError)))")
            }
            switch result {
            case .success(let response) where response.status == 416 && have > 0:
                // The range starts at or past the end. Complete only when the file is that long (`bytes */SIZE`)
                // and still the one begun; else (longer than the server's file, or changed) it starts again.
                let size = Self.unsatisfiedRangeSize(response.headers["Content-Range"])
                let given = Self.validator(in: response.headers)
                if size == have && (validator == nil || given == nil || given == validator) {
                    guard try whole(attempt: attempt) else { continue }
                    return try finish(fd, have: have, total: have, resumedFrom: resumedFrom, attempts: attempt, discarded: discarded)
                }
                restart()
                guard attempt < attempts else { throw BNCError(.temporary, "\(redactor.redact(url)): the server refused every range (416) \(attempt) times") }
                continue
            case .success(let response) where response.isSuccess:
                if let total, have != total {
                    guard attempt < attempts else { throw BNCError(.temporary, "\(redactor.redact(url)): \(have) of \(total) bytes after \(attempt) attempts; run again to resume") }
                    sleep(min(8, 0.5 * Double(1 << min(attempt, 4))))
                    continue
                }
                guard try whole(attempt: attempt) else { continue }
                return try finish(fd, have: have, total: total, resumedFrom: resumedFrom, attempts: attempt, discarded: discarded)
            case .success(let response):
                // A wait the server asks for is taken up to the retry policy's bound (120 s); a longer one ends here.
                if response.status >= 500 || response.status == 429, attempt < attempts,
                   let wait = Optional(response.retryAfter() ?? min(8, 0.5 * Double(1 << min(attempt, 4)))), wait <= RetryPolicy().maxRetryAfter {
                    sleep(wait)
                    continue
                }
                throw response.httpError(redactor: redactor)
            case .failure(let error):
                guard attempt < attempts else { throw error.bncError(attempts: attempt) }
                sleep(min(8, 0.5 * Double(1 << min(attempt, 4))))
            }
        }
    }

    /// A file that is not whole gzip (the check's message names the URL and what zlib said): 76, its bytes let go.
    static func notGzip(_ error: BNCError) -> BNCError {
        BNCError(.malformedResponse, "\(error.message); its bytes were let go, nothing kept",
                 hint: "run again to fetch it again; if it fails again, the export's file on Branch's side is damaged")
    }

    /// Whether the partial file starts as gzip does.
    private func startsAsGzip(_ fd: Int32) -> Bool {
        var head: [UInt8] = [0, 0]
        return pread(fd, &head, 2, 0) == 2 && head == GzipInflater.magic
    }

    /// The partial file's first `count` bytes, read back in blocks of 1 MiB and handed to `body`.
    private func readBack(_ fd: Int32, upTo count: Int64, _ body: (UnsafeRawBufferPointer) throws(BNCError) -> Void) throws(BNCError) {
        let block = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 16)
        defer { buffer.deallocate() }
        var at: Int64 = 0
        while at < count {
            let n = pread(fd, buffer, min(block, Int(count - at)), off_t(at))
            if n < 0 { if errno == EINTR { continue }; throw BNCError(.io, "cannot read \(partialPath): \(FileSystem.errnoText())") }
            if n == 0 { throw BNCError(.invalidData, "\(redactor.redact(url)): the gzip data ends early (\(partialPath) is shorter than it was)") }
            try body(UnsafeRawBufferPointer(start: buffer, count: n))
            at += Int64(n)
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

    /// Empties the partial file and forgets its validator.
    private static func startAgain(_ fd: Int32) {
        _ = ftruncate(fd, 0)
        _ = lseek(fd, 0, SEEK_SET)
        removeValidator(fd)
    }

    /// What a partial file's validator attribute holds.
    private enum StoredValidator {
        /// None (or the file system keeps none): the bytes are resumed without If-Range.
        case none
        /// The ETag or Last-Modified bnc stored when it began the file.
        case kept(String)
        /// Something bnc did not write (too long, or not a header value): the bytes are not trusted.
        case foreign
    }

    /// Marks a partial file as one bnc began (kept beside the validator; best effort).
    static let ownAttribute = "user.bnc.partial"

    private static func markOwn(_ fd: Int32) { ExtendedAttribute.write(ownAttribute, "1", fd: fd) }

    /// A partial file that carries neither bnc's mark nor its validator, on a file system that keeps user attributes
    /// (where it cannot, nothing tells bnc's partial file from another: it is resumed as before).
    private static func isForeign(_ fd: Int32) -> Bool {
        ExtendedAttribute.read(ownAttribute, fd: fd, limit: 1) == .absent
            && ExtendedAttribute.read(validatorAttribute, fd: fd, limit: maxValidatorBytes) == .absent
    }

    private static func readValidator(_ fd: Int32) -> StoredValidator {
        switch ExtendedAttribute.read(validatorAttribute, fd: fd, limit: maxValidatorBytes) {
        case .value(let bytes): headerValue(bytes[...]).map(StoredValidator.kept) ?? .foreign
        case .tooLong: .foreign
        case .absent, .unknown: StoredValidator.none
        }
    }

    private static func store(_ validator: String, _ fd: Int32) { ExtendedAttribute.write(validatorAttribute, validator, fd: fd) }

    private static func removeValidator(_ fd: Int32) { ExtendedAttribute.remove(validatorAttribute, fd: fd) }

    static let maxValidatorBytes = 512

    /// A validator a server gave, as hostile as the rest of its answer: a strong ETag (a weak one may not be
    /// used with If-Range), else Last-Modified; printable ASCII of at most 512 bytes, or none.
    static func validator(in headers: HTTPHeaders) -> String? {
        if let tag = headers["ETag"], !tag.hasPrefix("W/"), let v = headerValue(Array(tag.utf8)[...]) { return v }
        if let date = headers["Last-Modified"] { return headerValue(Array(date.utf8)[...]) }
        return nil
    }

    private static func headerValue(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.isEmpty, bytes.count <= maxValidatorBytes, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A 416's `Content-Range: bytes */SIZE`: the file's size.
    static func unsatisfiedRangeSize(_ value: String?) -> Int64? {
        guard let value, value.hasPrefix("bytes */") else { return nil }
        return Int64(value.dropFirst(8))
    }

    /// `Content-Range: bytes FIRST-LAST/SIZE` (SIZE may be `*`): the first byte and the size when given.
    static func contentRange(_ value: String?) -> (start: Int64, size: Int64?)? {
        guard let value, value.hasPrefix("bytes ") else { return nil }
        let rest = value.dropFirst(6)
        guard let dash = rest.firstIndex(of: "-"), let slash = rest.firstIndex(of: "/"), dash < slash,
              let start = Int64(rest[..<dash]), start >= 0 else { return nil }
        return (start, Int64(rest[rest.index(after: slash)...]))
    }

    private func finish(_ fd: Int32, have: Int64, total: Int64?, resumedFrom: Int64, attempts: Int, discarded: Int64) throws(BNCError) -> Outcome {
        guard fsync(fd) == 0 || errno == EINVAL else { throw BNCError(.io, "cannot write \(partialPath): \(FileSystem.errnoText())") }
        try Self.requireReplaceable(path)
        guard rename(partialPath, path) == 0 else { throw BNCError(.io, "cannot write \(path): \(FileSystem.errnoText())") }
        return Outcome(bytes: have, resumedFrom: resumedFrom, attempts: attempts, discarded: discarded)
    }
}
