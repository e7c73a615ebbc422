// Where a batch's results go: one JSON object a line (NDJSON, the default), or, when --output json asks for one
// document, one JSON array written as the results come (its brackets and commas around the same lines).

/// A batch's result lines as NDJSON, or as one JSON array (`--output json`).
public struct ResultStream {
    public let array: Bool
    public private(set) var count = 0

    public init(array: Bool) { self.array = array }

    /// Appends one result (its compact JSON) to `out`, with what separates it from the one before.
    public mutating func append(_ result: [UInt8], to out: inout [UInt8]) {
        if array { out.append(contentsOf: count == 0 ? [UInt8(ascii: "["), 10] : [UInt8(ascii: ","), 10]) }
        out.append(contentsOf: result)
        if !array { out.append(10) }
        count += 1
    }

    /// What ends the output: the array's closing bracket (an empty array when no result came); nothing for NDJSON.
    public var end: [UInt8] {
        guard array else { return [] }
        return count == 0 ? Array("[]\n".utf8) : Array("\n]\n".utf8)
    }
}
