// One JSON array's elements, one at a time, from a file or stdin (plain or gzip): memory holds one element however
// large the array (a custom export asked for as JSON is one array of up to millions of rows, often on one line).

/// Reads the elements of a JSON array (RFC 8259) in order. The framing (the brackets, commas, strings' quotes and
/// escapes, nesting) is followed byte by byte; each element's bytes are then parsed by the one JSON parser, so an
/// element is refused for what any JSON is refused for. An element over `maxElementBytes` is an error, never a
/// memory blow-up.
public final class JSONArrayReader {
    private let input: LineReader
    private let what: String
    public let maxElementBytes: Int
    /// Elements read so far (the next one's number is this plus one).
    public private(set) var count = 0
    /// Bytes read from the input as stored (compressed, for gzip).
    public var bytesRead: Int { input.bytesRead }
    /// The most bytes held at once (the chunk being read and the element being gathered): what the tests hold to
    /// a bound.
    public private(set) var peakHeld = 0

    private enum Place { case beforeArray, beforeFirst, beforeElement, afterElement, ended }
    private var place = Place.beforeArray
    private var chunk: [UInt8] = []
    private var at = 0
    private var offset = 0  // of chunk[0] in the whole text, for messages
    private var element: [UInt8] = []
    private var sawBOM = false

    public init(path: String, maxElementBytes: Int = 16 << 20, what: String) throws(BNCError) {
        input = try LineReader(path: path, what: what)
        self.what = what
        self.maxElementBytes = maxElementBytes
    }

    private func refuse(_ reason: String) -> BNCError {
        BNCError(.invalidData, "\(what): not a JSON array at byte \(offset + at): \(reason)")
    }

    /// The next byte that is not JSON whitespace, or nil at the end of the input.
    private func nextSignificant() throws(BNCError) -> UInt8? {
        while true {
            while at < chunk.count {
                let b = chunk[at]
                if b != 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { return b }
                at += 1
            }
            guard try refill() else { return nil }
        }
    }

    private func refill() throws(BNCError) -> Bool {
        offset += chunk.count
        at = 0
        guard let more = try input.nextBytes() else { chunk = []; return false }
        chunk = more
        peakHeld = max(peakHeld, chunk.count + element.count)
        return true
    }

    /// The next element, or nil after the array's closing bracket (and nothing but whitespace after it).
    public func next() throws(BNCError) -> JSON? {
        while true {
            switch place {
            case .ended:
                return nil
            case .beforeArray:
                if !sawBOM {
                    sawBOM = true
                    if try nextSignificant() == 0xEF {
                        // A UTF-8 byte-order mark, as the parser tolerates one.
                        for expected: UInt8 in [0xEF, 0xBB, 0xBF] {
                            if at >= chunk.count, !(try refill()) { throw refuse("expected '['") }
                            guard chunk[at] == expected else { throw refuse("expected '['") }
                            at += 1
                        }
                    }
                }
                guard let b = try nextSignificant() else { throw refuse("the input is empty") }
                guard b == UInt8(ascii: "[") else { throw refuse("expected '['") }
                at += 1
                place = .beforeFirst
            case .beforeFirst, .beforeElement:
                guard let b = try nextSignificant() else { throw refuse("the array is never closed") }
                if b == UInt8(ascii: "]") {
                    guard place == .beforeFirst else { throw refuse("a ',' before ']'") }
                    at += 1
                    try end()
                    return nil
                }
                let value = try gather()
                count += 1
                place = .afterElement
                return value
            case .afterElement:
                guard let b = try nextSignificant() else { throw refuse("the array is never closed") }
                at += 1
                if b == UInt8(ascii: ",") { place = .beforeElement; continue }
                if b == UInt8(ascii: "]") { try end(); return nil }
                at -= 1
                throw refuse("expected ',' or ']' after element \(count)")
            }
        }
    }

    /// After the closing bracket only whitespace may follow.
    private func end() throws(BNCError) {
        place = .ended
        if try nextSignificant() != nil { throw refuse("text after the array's closing bracket") }
    }

    /// One element's bytes (from the current byte, not whitespace), gathered across chunks, then parsed.
    private func gather() throws(BNCError) -> JSON {
        element.removeAll(keepingCapacity: element.capacity <= 1 << 20)
        var depth = 0, inString = false, escaped = false
        let scalar = chunk[at] != UInt8(ascii: "{") && chunk[at] != UInt8(ascii: "[") && chunk[at] != UInt8(ascii: "\"")
        let startOffset = offset + at
        while true {
            var done = false
            var i = at
            chunk.withUnsafeBufferPointer { c in
                while i < c.count {
                    let b = c[i]
                    if inString {
                        if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false; if depth == 0 { i += 1; done = true; return } }
                    } else if scalar {
                        if b == 0x2C || b == 0x5D || b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { done = true; return }
                    } else if b == 0x22 {
                        inString = true
                    } else if b == 0x7B || b == 0x5B {
                        depth += 1
                    } else if b == 0x7D || b == 0x5D {
                        depth -= 1
                        if depth == 0 { i += 1; done = true; return }
                    }
                    i += 1
                }
            }
            element.append(contentsOf: chunk[at..<i])
            at = i
            guard element.count <= maxElementBytes else {
                throw BNCError(.invalidData, "\(what): element \(count + 1) (at byte \(startOffset)) is longer than \(maxElementBytes) bytes")
            }
            if done { break }
            guard try refill() else {
                if scalar { break }
                throw BNCError(.invalidData, "\(what): element \(count + 1) (at byte \(startOffset)) never ends")
            }
        }
        peakHeld = max(peakHeld, chunk.count + element.count)
        do {
            return try JSON.parse(bytes: element)
        } catch {
            throw BNCError(.invalidData, "\(what): element \(count + 1) (at byte \(startOffset)): \(error.description)")
        }
    }
}
