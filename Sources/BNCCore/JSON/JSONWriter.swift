// Serialises JSON values: compact for the wire and NDJSON, indented for people. Written as UTF-8 bytes (one
// buffer, strings copied whole when they need no escape): the batch runner serialises every body and result.

extension JSON {
    /// The value as JSON text. `pretty` indents by two spaces, one member a line.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: utf8(pretty: pretty), as: UTF8.self)
    }

    /// The compact form as UTF-8 bytes, as sent on the wire.
    public var bytes: [UInt8] { utf8(pretty: false) }

    /// The value as JSON text in UTF-8.
    public func utf8(pretty: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    func write(to out: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): JSON.append(n.literal, to: &out)
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { JSON.newline(indent + 1, to: &out) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSON.newline(indent, to: &out) }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.isEmpty { out.append(contentsOf: "{}".utf8); return }
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

    private static func newline(_ indent: Int, to out: inout [UInt8]) {
        out.append(10)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    private static func append(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Writes a quoted string, escaping only what JSON requires (quote, backslash, control characters) and what
    /// breaks JavaScript or a terminal (DEL, U+2028, U+2029); runs between escapes are copied whole.
    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { u in
            let n = u.count
            var run = 0, i = 0
            func flush(_ end: Int) {
                if run < end { out.append(contentsOf: UnsafeBufferPointer(rebasing: u[run..<end])) }
            }
            while i < n {
                let b = u[i]
                if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x7F && b != 0xE2 { i += 1; continue }
                if b == 0xE2 {
                    // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; any other E2 sequence is copied.
                    guard i + 2 < n, u[i + 1] == 0x80, u[i + 2] == 0xA8 || u[i + 2] == 0xA9 else { i += 1; continue }
                    flush(i)
                    out.append(contentsOf: (u[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    i += 3
                    run = i
                    continue
                }
                flush(i)
                switch b {
                case 0x22: out.append(contentsOf: "\\\"".utf8)
                case 0x5C: out.append(contentsOf: "\\\\".utf8)
                case 0x0A: out.append(contentsOf: "\\n".utf8)
                case 0x0D: out.append(contentsOf: "\\r".utf8)
                case 0x09: out.append(contentsOf: "\\t".utf8)
                case 0x08: out.append(contentsOf: "\\b".utf8)
                case 0x0C: out.append(contentsOf: "\\f".utf8)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hex[Int(b >> 4)])
                    out.append(hex[Int(b & 0xF)])
                }
                i += 1
                run = i
            }
            flush(n)
        }
        out.append(UInt8(ascii: "\""))
    }
}
