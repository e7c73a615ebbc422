// Serialises JSON values: compact for the wire and NDJSON, indented for people. Written as UTF-8 bytes into
// one growing buffer (strings copied whole when they need no escape): the batch runner serialises every body
// and every result line, where an Array's uniqueness and capacity checks on each append cost more than the
// bytes themselves.

/// A growing byte buffer for writers: appends check the capacity and nothing else. Noncopyable, so its memory
/// has exactly one owner and is freed once.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(1) }
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if bytes.count > capacity - count { grow(bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(string text: String) {
        text.withUTF8Bytes { append($0) }
    }

    /// A decimal integer, without going through String.
    mutating func append(decimal value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
    }

    private mutating func grow(_ extra: Int) {
        let wanted = max(capacity * 2, count + extra)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: wanted)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = wanted
    }

    /// The bytes written, copied out.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written, lent for the call.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: base, count: count))
    }
}

extension JSON {
    /// The value as JSON text. `pretty` indents by two spaces, one member a line.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: utf8(pretty: pretty), as: UTF8.self)
    }

    /// The compact form as UTF-8 bytes, as sent on the wire.
    public var bytes: [UInt8] { utf8(pretty: false) }

    /// The value as JSON text in UTF-8.
    public func utf8(pretty: Bool = false) -> [UInt8] {
        var out = ByteBuffer()
        write(to: &out, pretty: pretty, indent: 0)
        return out.bytes
    }

    /// The compact form lent as UTF-8 bytes for the call, without an Array (a request body libcurl copies).
    func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var out = ByteBuffer(capacity: 1024)  // most bodies fit: no growing
        write(to: &out, pretty: false, indent: 0)
        return out.withBytes(body)
    }

    func write(to out: inout ByteBuffer, pretty: Bool, indent: Int) {
        switch self {
        case .null: out.append("null")
        case .bool(true): out.append("true")
        case .bool(false): out.append("false")
        case .number(let n): out.append(string: n.literal)
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out.append("[]"); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { JSON.newline(indent + 1, to: &out) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSON.newline(indent, to: &out) }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.isEmpty { out.append("{}"); return }
            out.append(UInt8(ascii: "{"))
            var first = true
            for (key, value) in object {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                if pretty { JSON.newline(indent + 1, to: &out) }
                JSON.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSON.newline(indent, to: &out) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ indent: Int, to out: inout ByteBuffer) {
        out.append(10)
        for _ in 0..<(2 * indent) { out.append(UInt8(ascii: " ")) }
    }

    /// Writes a quoted string, escaping only what JSON requires (quote, backslash, control characters) and what
    /// breaks JavaScript or a terminal (DEL, U+2028, U+2029); runs between escapes are copied whole.
    static func writeString(_ s: String, to out: inout ByteBuffer) {
        s.withUTF8Bytes { u in
            // Most strings are printable ASCII throughout: one scan, one copy.
            var i = 0
            while i < u.count {
                let b = u[i]
                if b < 0x20 || b == 0x22 || b == 0x5C || b >= 0x7F { break }
                i += 1
            }
            out.append(UInt8(ascii: "\""))
            if i == u.count {
                out.append(u)
            } else {
                writeEscaping(u, from: i, to: &out)
            }
            out.append(UInt8(ascii: "\""))
        }
    }

    /// The string's bytes from `first` (the first that needs a look) on, the plain run before it copied first.
    private static func writeEscaping(_ u: UnsafeBufferPointer<UInt8>, from first: Int, to out: inout ByteBuffer) {
        let n = u.count
        var run = 0, i = first
        func flush(_ end: Int, _ out: inout ByteBuffer) {
            if run < end { out.append(UnsafeBufferPointer(rebasing: u[run..<end])) }
        }
        while i < n {
            let b = u[i]
            if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x7F && b != 0xE2 { i += 1; continue }
            if b == 0xE2 {
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; any other E2 sequence is copied.
                guard i + 2 < n, u[i + 1] == 0x80, u[i + 2] == 0xA8 || u[i + 2] == 0xA9 else { i += 1; continue }
                flush(i, &out)
                out.append(u[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                i += 3
                run = i
                continue
            }
            flush(i, &out)
            switch b {
            case 0x22: out.append("\\\"")
            case 0x5C: out.append("\\\\")
            case 0x0A: out.append("\\n")
            case 0x0D: out.append("\\r")
            case 0x09: out.append("\\t")
            case 0x08: out.append("\\b")
            case 0x0C: out.append("\\f")
            default:
                let hex: StaticString = "0123456789abcdef"
                out.append("\\u00")
                out.append(hex.utf8Start[Int(b >> 4)])
                out.append(hex.utf8Start[Int(b & 0xF)])
            }
            i += 1
            run = i
        }
        flush(n, &out)
    }
}
