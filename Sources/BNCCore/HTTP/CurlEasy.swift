// One libcurl easy handle, owned by one Swift object: options set per request, freed in deinit.
// The handle is reused across requests so its connection is kept alive; `self` reaches libcurl's callbacks
// as unretained userdata, which is safe because the handle never outlives this object.
import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// One libcurl easy handle and what a request on it needs: options, the header arena, the answer being read.
final class CurlEasy {
    let handle: UnsafeMutableRawPointer
    /// The request's header lines as libcurl's list, in one buffer this handle owns and reuses.
    private var headerList = CurlHeaderList()
    private var responseBody: [UInt8] = []
    private var responseHeaders = HTTPHeaders()
    /// The headers of the answer being read (a download's sink reads its ETag and Content-Range at the first chunk).
    var currentHeaders: HTTPHeaders { responseHeaders }
    /// The last answer's headers on this handle: an answer's header that repeats one byte for byte (the same
    /// server's Content-Type, Connection, and Date within a second) reuses its strings instead of making them.
    private var previousHeaders = HTTPHeaders()
    private var statusLineSeen = false
    /// libcurl writes failures here during any later transfer, so it is owned memory that lives as long as the
    /// handle (a Swift array's `&` pointer is valid only for the duration of one call).
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var traceSink: TraceSink?
    private var maxResponseBytes = TransportOptions.defaultMaxResponseBytes
    /// The answer outgrew `maxResponseBytes`: the write callback refused the rest.
    private var tooLarge = false
    private var redactor = Redactor.none
    /// Caller's token for multi transfers (index of the request in flight on this handle).
    var tag = -1
    /// With a recording: the request this handle is sending, and when it started (seconds since 1970).
    var recorded: HTTPRequest?
    var started = 0.0
    /// Its place among a multi transfer's busy handles, or -1.
    var busyIndex = -1
    /// The URL of the request under way, for error messages.
    private(set) var url = ""
    /// A download's destination: a 2xx (and 206) answer's body goes here chunk by chunk instead of into memory;
    /// returning false stops the transfer (a write error). Other answers are buffered as usual (error bodies).
    var bodySink: ((UnsafeRawBufferPointer) -> Bool)?
    /// The sink refused a chunk (the disk is full): the transfer failed for that reason, not the network's.
    private(set) var sinkFailed = false

    /// The handle's owner, from the pointer libcurl keeps for it (CURLOPT_PRIVATE).
    static func owner(of handle: UnsafeMutableRawPointer) -> CurlEasy? {
        var pointer: UnsafeMutableRawPointer?
        guard bnc_easy_getinfo_pointer(handle, CURLINFO_PRIVATE, &pointer) == CURLE_OK, let pointer else { return nil }
        return Unmanaged<CurlEasy>.fromOpaque(pointer).takeUnretainedValue()
    }

    init() throws(BNCError) {
        try CurlGlobal.load()
        guard let h = bnc_curl_easy_init() else {
            throw BNCError(.internal, "libcurl could not be initialised")
        }
        handle = h
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        bnc_curl_easy_cleanup(handle)
        if let parsedURL { bnc_curl_url_cleanup(parsedURL) }  // after the handle that used it
        errorBuffer.deallocate()
    }

    /// The request's URL as libcurl parsed it (CURLOPT_CURLU), kept while this handle's requests go to it: libcurl
    /// 7.88 parses a CURLOPT_URL again at every transfer and prints it back normalised, 10 k instructions of
    /// the 173 k a batch request costs; from a parsed handle it copies the parts.
    private var parsedURL: OpaquePointer?
    private var parsedURLText = ""

    /// Sets the URL: CURLOPT_URL (what libcurl names the transfer by) and the parsed handle of the same text. A
    /// text libcurl's parser refuses is left to CURLOPT_URL alone, so the transfer fails as it always did.
    private func setURL(_ url: String) throws(BNCError) {
        try check(url.withCString { bnc_easy_setopt_string(handle, CURLOPT_URL, $0) }, "URL")  // libcurl copies it
        if url != parsedURLText {
            try check(bnc_easy_setopt_url(handle, nil), "CURLU")
            if let old = parsedURL { bnc_curl_url_cleanup(old) }
            parsedURL = nil
            parsedURLText = ""
            guard let parsed = bnc_curl_url() else { return }
            // The flags libcurl parses a CURLOPT_URL with (url.c, parseurlandfillconn).
            let flags = UInt32(CURLU_GUESS_SCHEME) | UInt32(CURLU_NON_SUPPORT_SCHEME)
            guard url.withCString({ bnc_curl_url_set(parsed, CURLUPART_URL, $0, flags) }) == CURLUE_OK else {
                bnc_curl_url_cleanup(parsed)
                return
            }
            parsedURL = parsed
            parsedURLText = url
        }
        if let parsedURL { try check(bnc_easy_setopt_url(handle, parsedURL), "CURLU") }
    }

    /// Whether any variable libcurl takes a proxy from is set (libcurl itself ignores HTTP_PROXY; it is listed
    /// so that setting it changes nothing here either).
    /// Whether libcurl may multiplex transfers to this URL (HTTP/2 is offered by ALPN over TLS only).
    static func mayMultiplex(_ url: String) -> Bool {
        // Case-insensitive: each byte of "https://" has bit 0x20 set, which folds a capital letter to its small one.
        // The bytes compared in place (a zip of the two views cost 800 instructions a request).
        var url = url
        return url.withUTF8 { u in
            guard u.count >= 8 else { return false }
            let want: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0x68, 0x74, 0x74, 0x70, 0x73, 0x3A, 0x2F, 0x2F)
            return u[0] | 0x20 == want.0 && u[1] | 0x20 == want.1 && u[2] | 0x20 == want.2 && u[3] | 0x20 == want.3
                && u[4] | 0x20 == want.4 && u[5] | 0x20 == want.5 && u[6] | 0x20 == want.6 && u[7] | 0x20 == want.7
        }
    }

    static let environmentNamesAProxy: Bool = {
        let names: [String] = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
        return names.contains { getenv($0) != nil }
    }()

    /// What the handle was last set up for: a POST with a body under the same options and tracing needs only
    /// its URL, body and headers set again (the batch runner's case: resetting and re-setting a dozen options
    /// per request cost more than the request's own parsing).
    private var lastSetup: (options: TransportOptions, tracing: Bool, multiplex: Bool)?

    /// Sets every option for one request. Nothing of a previous request survives but the connection cache and,
    /// between POSTs with a body under the same options, the options that do not depend on the request.
    func prepare(_ request: HTTPRequest, options: TransportOptions, trace: TraceSink?, redactor: Redactor) throws(BNCError) {
        responseBody.removeAll(keepingCapacity: true)
        sinkFailed = false
        responseHeaders = HTTPHeaders()
        statusLineSeen = false
        tooLarge = false
        maxResponseBytes = options.maxResponseBytes
        errorBuffer[0] = 0
        traceSink = trace
        self.redactor = request.secrets.isEmpty ? redactor : redactor.adding(request.secrets)
        url = request.url

        let isPostWithBody = request.body != nil && request.method == "POST"
        let multiplex = Self.mayMultiplex(request.url)
        if isPostWithBody, let last = lastSetup, last.options == options, last.tracing == (trace != nil), last.multiplex == multiplex {
            try setURL(request.url)
            try setHeaders(request, bodySize: try setBody(request), userAgent: options.userAgent)
            return
        }
        bnc_curl_easy_reset(handle)
        lastSetup = nil
        let me = Unmanaged.passUnretained(self).toOpaque()
        try check(bnc_easy_setopt_pointer(handle, CURLOPT_PRIVATE, me), "PRIVATE")
        try setURL(request.url)
        try check(bnc_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1), "NOSIGNAL")
        // Wait for a connection that may multiplex (HTTP/2 over TLS, known once ALPN has answered) instead of
        // opening another: only for https. Over plain HTTP libcurl speaks HTTP/1.1 and learns that a connection
        // cannot multiplex only from its first answer, so every transfer of a batch waited for the first line's.
        try check(bnc_easy_setopt_long(handle, CURLOPT_PIPEWAIT, multiplex ? 1 : 0), "PIPEWAIT")
        try check(bnc_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "ERRORBUFFER")
        // Through a proxy, libcurl's own User-Agent option also labels the CONNECT request; otherwise the header
        // goes in the request's list (setHeaders), which libcurl formats once instead of twice.
        if Self.environmentNamesAProxy { try check(bnc_easy_setopt_string(handle, CURLOPT_USERAGENT, options.userAgent), "USERAGENT") }
        try check(bnc_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(options.connectTimeout * 1000)), "CONNECTTIMEOUT")
        try check(bnc_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(options.maxTime * 1000)), "TIMEOUT")
        try check(bnc_easy_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, options.insecure ? 0 : 1), "SSL_VERIFYPEER")
        try check(bnc_easy_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, options.insecure ? 0 : 2), "SSL_VERIFYHOST")
        if let ca = options.caCertFile { try check(bnc_easy_setopt_string(handle, CURLOPT_CAINFO, ca), "CAINFO") }
        // Only http and https, also after redirects (which bnc does not follow: Branch answers directly).
        try check(bnc_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"), "PROTOCOLS")
        // libcurl reads the proxy variables on every transfer; when none is set (and a process's environment
        // does not change under it) an empty proxy says so once.
        // The same for no_proxy and NO_PROXY, read on every transfer (twice, by getenv) to match the host against.
        if !Self.environmentNamesAProxy {
            try check(bnc_easy_setopt_string(handle, CURLOPT_PROXY, ""), "PROXY")
            try check(bnc_easy_setopt_string(handle, CURLOPT_NOPROXY, ""), "NOPROXY")
        }

        let method = request.method.uppercased()
        var bodySize = 0
        if request.body != nil || method == "POST" { bodySize = try setBody(request) }
        switch method {
        case "GET" where request.body == nil: try check(bnc_easy_setopt_long(handle, CURLOPT_HTTPGET, 1), "HTTPGET")
        case "HEAD": try check(bnc_easy_setopt_long(handle, CURLOPT_NOBODY, 1), "NOBODY")
        case "POST": break
        default: try check(bnc_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, request.method), "CUSTOMREQUEST")
        }

        try setHeaders(request, bodySize: bodySize, userAgent: options.userAgent)

        try check(bnc_easy_setopt_write(handle, { ptr, size, count, user in
            let me = Unmanaged<CurlEasy>.fromOpaque(user!).takeUnretainedValue()
            let n = size * count
            if let sink = me.bodySink {
                var status = 0
                bnc_easy_getinfo_long(me.handle, CURLINFO_RESPONSE_CODE, &status)
                if (200..<300).contains(status) {
                    guard let ptr, sink(UnsafeRawBufferPointer(start: ptr, count: n)) else {
                        me.sinkFailed = n > 0
                        return n > 0 ? 0 : n
                    }
                    return n
                }
            }
            if me.responseBody.count + n > me.maxResponseBytes {
                me.tooLarge = true
                return 0  // libcurl stops the transfer with CURLE_WRITE_ERROR
            }
            if let ptr { me.responseBody.append(contentsOf: UnsafeRawBufferPointer(start: ptr, count: n)) }
            return n
        }), "WRITEFUNCTION")
        try check(bnc_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, me), "WRITEDATA")
        try check(bnc_easy_setopt_header(handle, { ptr, size, count, user in
            let me = Unmanaged<CurlEasy>.fromOpaque(user!).takeUnretainedValue()
            let n = size * count
            if let ptr { me.receiveHeaderLine(UnsafeRawBufferPointer(start: ptr, count: n)) }
            return n
        }), "HEADERFUNCTION")
        try check(bnc_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, me), "HEADERDATA")

        if trace != nil {
            try check(bnc_easy_setopt_long(handle, CURLOPT_VERBOSE, 1), "VERBOSE")
            try check(bnc_easy_setopt_debug(handle, { _, type, data, size, user in
                let me = Unmanaged<CurlEasy>.fromOpaque(user!).takeUnretainedValue()
                if let data { me.receiveTrace(type, UnsafeRawBufferPointer(start: data, count: size)) }
                return 0
            }), "DEBUGFUNCTION")
            try check(bnc_easy_setopt_pointer(handle, CURLOPT_DEBUGDATA, me), "DEBUGDATA")
        }
        if isPostWithBody { lastSetup = (options, trace != nil, multiplex) }
    }

    /// COPYPOSTFIELDS: libcurl keeps its own copy, so the body is written into a buffer lent for the call and
    /// never outlives it. Returns the size.
    private func setBody(_ request: HTTPRequest) throws(BNCError) -> Int {
        let (size, code) = (request.body ?? .text("")).withBytes { bytes -> (Int, CURLcode) in
            let code = bnc_easy_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
            guard code == CURLE_OK else { return (bytes.count, code) }
            // An empty body is "", never NULL: NULL would make libcurl read the body from a callback.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return (0, bnc_easy_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, ""))
            }
            return (bytes.count, base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                bnc_easy_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, $0)
            })
        }
        try check(code, "COPYPOSTFIELDS")
        return size
    }

    /// Bodies from this size on would get libcurl's `Expect: 100-continue` (1 KiB in libcurl before 7.74, 1 MiB
    /// since): an empty `Expect:` turns it off. Branch's bodies are small and a round trip costs more than it saves.
    static let expectThreshold = 1024

    /// The request's header lines for libcurl, with bnc's User-Agent (unless the request has its own, or a proxy
    /// takes it from CURLOPT_USERAGENT) and the empty `Expect:` when the body is large enough to need it.
    private func setHeaders(_ request: HTTPRequest, bodySize: Int, userAgent: String) throws(BNCError) {
        let fields = request.headers.fields
        let agent: String? = Self.environmentNamesAProxy || fields.contains { HTTPHeaders.sameName($0.name, "User-Agent") }
            ? nil : userAgent
        let list = headerList.build(fields, userAgent: agent, expectOff: bodySize >= Self.expectThreshold)
        try check(bnc_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, list), "HTTPHEADER")
    }

    private func check(_ code: CURLcode, _ option: String) throws(BNCError) {
        if code != CURLE_OK {
            throw BNCError(.internal, "libcurl refused option \(option): \(String(cString: bnc_curl_easy_strerror(code)))")
        }
    }

    /// One header line as libcurl gives it (with its CRLF), read as bytes: a status line starts the headers
    /// anew (a 100 Continue or a redirect came first); `Name: value` is kept with the white space trimmed.
    private func receiveHeaderLine(_ raw: UnsafeRawBufferPointer) {
        let bytes = raw.bindMemory(to: UInt8.self)
        var end = bytes.count
        while end > 0, bytes[end - 1] == 10 || bytes[end - 1] == 13 { end -= 1 }
        if end >= 5, bytes[0] == 0x48, bytes[1] == 0x54, bytes[2] == 0x54, bytes[3] == 0x50, bytes[4] == 0x2F {  // "HTTP/"
            responseHeaders = HTTPHeaders()
            responseHeaders.reserveCapacity(12)  // one allocation for a usual answer's headers, not four
            return
        }
        guard let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":")) else { return }
        func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 }
        var nameStart = 0, nameEnd = colon, valueStart = colon + 1, valueEnd = end
        while nameStart < nameEnd, isSpace(bytes[nameStart]) { nameStart += 1 }
        while nameEnd > nameStart, isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
        while valueStart < valueEnd, isSpace(bytes[valueStart]) { valueStart += 1 }
        while valueEnd > valueStart, isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
        let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])
        let value = UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd])
        let k = responseHeaders.fields.count
        if k < previousHeaders.fields.count {
            let old = previousHeaders.fields[k]
            if Self.same(old.name, name) && Self.same(old.value, value) {
                responseHeaders.add(old.name, old.value)
                return
            }
        }
        responseHeaders.add(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// Whether a string's UTF-8 is exactly these bytes.
    private static func same(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        string.withUTF8Bytes { u in
            u.count == bytes.count && (u.isEmpty || memcmp(u.baseAddress!, bytes.baseAddress!, u.count) == 0)
        }
    }

    private func receiveTrace(_ type: curl_infotype, _ data: UnsafeRawBufferPointer) {
        guard let sink = traceSink else { return }
        let text = String(decoding: data, as: UTF8.self)
        let prefix: String
        switch type {
        case CURLINFO_TEXT: prefix = "* "
        case CURLINFO_HEADER_OUT: prefix = "> "
        case CURLINFO_HEADER_IN: prefix = "< "
        case CURLINFO_DATA_OUT: prefix = "> "
        case CURLINFO_DATA_IN: prefix = "< "
        default: return  // TLS records: binary, not for people
        }
        let isHeader = type == CURLINFO_HEADER_OUT || type == CURLINFO_HEADER_IN
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0.isNewline }) {
            let shown = isHeader ? redactor.redactHeaderLine(String(line)) : redactor.redact(String(line))
            sink.trace(prefix + shown)
        }
    }

    /// The finished exchange, or the transport error in the terms the retry policy uses.
    func result(of code: CURLcode) -> Result<HTTPResponse, TransportError> {
        if tooLarge {
            return .failure(TransportError(code: TransportError.tooLargeCode,
                                           message: "the answer is larger than \(maxResponseBytes) bytes (--max-response-size)",
                                           url: redactor.redact(url)))
        }
        guard code == CURLE_OK else {
            let buffered = String(cString: errorBuffer)
            let detail = buffered.isEmpty ? String(cString: bnc_curl_easy_strerror(code)) : buffered
            return .failure(TransportError(code: Int(code.rawValue), message: redactor.redact(detail), url: redactor.redact(url)))
        }
        var status = 0
        bnc_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        previousHeaders = responseHeaders
        var response = HTTPResponse(status: status, headers: responseHeaders, body: responseBody)
        response.timing = timing()
        var version = 0
        bnc_easy_getinfo_long(handle, CURLINFO_HTTP_VERSION, &version)
        switch version {  // a switch, not a dictionary literal built (and hashed into) for every answer
        case 1: response.httpVersion = "HTTP/1.0"
        case 2: response.httpVersion = "HTTP/1.1"
        case 3: response.httpVersion = "HTTP/2"
        case 30: response.httpVersion = "HTTP/3"
        default: response.httpVersion = nil
        }
        return .success(response)
    }

    private func timing() -> Timing {
        func seconds(_ info: CURLINFO) -> Double {
            var v: curl_off_t = 0
            bnc_easy_getinfo_off(handle, info, &v)
            return Double(v) / 1_000_000
        }
        let connect = seconds(CURLINFO_CONNECT_TIME_T)
        let app = seconds(CURLINFO_APPCONNECT_TIME_T)
        return Timing(dns: seconds(CURLINFO_NAMELOOKUP_TIME_T), connect: connect,
                      tls: app > 0 ? app - connect : 0,
                      firstByte: seconds(CURLINFO_STARTTRANSFER_TIME_T), total: seconds(CURLINFO_TOTAL_TIME_T))
    }
}
