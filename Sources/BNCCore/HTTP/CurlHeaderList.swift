// A request's header lines as libcurl's `curl_slist`, laid out in one buffer that its handle reuses request after
// request: no allocation per header line and no copy by curl_slist_append.
import CCurl

/// The header arena of one `CurlEasy`: list nodes first, then the lines' text, each NUL-terminated.
///
/// Lifetime: owned by the handle's object and freed with it (`deinit`). The list `build` returns stays valid
/// until the next `build` on the same arena; libcurl reads CURLOPT_HTTPHEADER only while it sends the request it
/// was set for, and a handle sends one request at a time, so the next `build` (for the next request) never
/// pulls the memory from under a transfer. Noncopyable: two owners of one buffer would free it twice.
struct CurlHeaderList: ~Copyable {
    private var buffer: UnsafeMutableRawPointer?
    private var capacity = 0

    init() {}

    deinit { buffer?.deallocate() }

    /// Lays out `Name: value` for each field, then `User-Agent: <userAgent>` when given, then an empty `Expect:`
    /// when `expectOff` (libcurl's 100-continue wait turned off); returns the list's head, or nil for no lines.
    mutating func build(_ fields: [(name: String, value: String)], userAgent: String?, expectOff: Bool) -> UnsafeMutablePointer<curl_slist>? {
        let count = fields.count + (userAgent == nil ? 0 : 1) + (expectOff ? 1 : 0)
        guard count > 0 else { return nil }
        let nodeBytes = count * MemoryLayout<curl_slist>.stride
        var size = nodeBytes + (expectOff ? 8 : 0) + (userAgent.map { 13 + $0.utf8.count } ?? 0)  // "User-Agent: ", NUL
        for field in fields { size += field.name.utf8.count + field.value.utf8.count + 3 }  // ": " and NUL
        if size > capacity {
            buffer?.deallocate()
            capacity = max(size, 512)
            buffer = .allocate(byteCount: capacity, alignment: MemoryLayout<curl_slist>.alignment)
        }
        let arena = buffer!
        let nodes = arena.bindMemory(to: curl_slist.self, capacity: count)
        var text = (arena + nodeBytes).assumingMemoryBound(to: UInt8.self)
        /// Copies a string's bytes to `text` and moves it past them.
        func put(_ string: String, _ text: inout UnsafeMutablePointer<UInt8>) {
            let n = string.withUTF8Bytes { utf8 in
                if let base = utf8.baseAddress { text.update(from: base, count: utf8.count) }
                return utf8.count
            }
            text += n
        }
        for i in 0..<count {
            nodes[i] = curl_slist(data: UnsafeMutableRawPointer(text).assumingMemoryBound(to: CChar.self),
                                  next: i + 1 < count ? nodes + i + 1 : nil)
            if i < fields.count {
                put(fields[i].name, &text)
                text[0] = UInt8(ascii: ":")
                text[1] = UInt8(ascii: " ")
                text += 2
                put(fields[i].value, &text)
            } else if i == fields.count, let userAgent {
                put("User-Agent: ", &text)
                put(userAgent, &text)
            } else {
                put("Expect:", &text)
            }
            text.pointee = 0
            text += 1
        }
        return nodes
    }
}
