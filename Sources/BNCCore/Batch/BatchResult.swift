// The outcome of one batch line and its one serialiser (the NDJSON result line).

/// The outcome of one input line.
public struct BatchResult: Sendable {
    public var line: Int
    public var ok: Bool
    public var status: Int?
    public var attempts: Int
    public var elapsedMs: Double
    public var response: JSON?
    public var error: String?
    /// Acknowledged in an earlier run (`--resume`): not sent again.
    public var resumed = false

    /// The result line, `{line, ok, status, attempts, elapsed_ms, resumed?, response | error}`, as compact JSON
    /// written directly (the one serialiser of a result: no tree is built, since every line of a batch prints
    /// one). A test reads it back and holds it to the JSON writer's own bytes for the same value.
    public var utf8: [UInt8] {
        var out = ByteBuffer(capacity: 128 + (error?.utf8.count ?? 0))
        out.append("{\"line\":"); out.append(decimal: line)
        out.append(ok ? ",\"ok\":true" : ",\"ok\":false")
        out.append(",\"status\":")
        if let status { out.append(decimal: status) } else { out.append("null") }
        out.append(",\"attempts\":"); out.append(decimal: attempts)
        out.append(",\"elapsed_ms\":")
        // Tenths of a millisecond as JSONNumber prints them (`12`, `0.8`), without formatting a Double.
        let tenths = (elapsedMs * 10).rounded()
        if tenths >= 0 && tenths < 1e15 {
            let t = Int(tenths)
            out.append(decimal: t / 10)
            if t % 10 != 0 { out.append(UInt8(ascii: ".")); out.append(UInt8(ascii: "0") + UInt8(t % 10)) }
        } else {
            JSON.double(tenths / 10).write(to: &out, pretty: false, indent: 0)
        }
        if resumed { out.append(",\"resumed\":true") }
        if let error {
            out.append(",\"error\":"); JSON.writeString(MessageBound.cut(error), to: &out)
        } else {
            out.append(",\"response\":"); (response ?? .null).write(to: &out, pretty: false, indent: 0)
        }
        out.append(UInt8(ascii: "}"))
        return out.bytes
    }
}
