// Where a batch's results go: one JSON object a line (NDJSON, the default), or, when --output json asks for one
// document, one JSON array written as the results come (its brackets and commas around the same lines).
import BNCCore
import BNCSuite

/// A batch's result lines as NDJSON, or as one JSON array (`--output json`); with `--jq`, each result filtered.
public struct ResultStream {
    public let array: Bool
    public private(set) var count = 0
    let filter: JQFilter?
    let terminal: Bool
    /// The first `--jq` runtime error (the results after it are not printed; the run ends with it, exit 65).
    public private(set) var failure: BNCError?

    /// `filter` (from `--jq`) replaces each result with its results, one a line (no array then); `terminal`
    /// escapes a bare string's control characters.
    public init(array: Bool, filter: JQFilter? = nil, terminal: Bool = false) {
        self.array = array && filter == nil
        self.filter = filter
        self.terminal = terminal
    }

    /// Appends one result (its compact JSON) to `out`, with what separates it from the one before.
    public mutating func append(_ result: [UInt8], to out: inout [UInt8]) {
        if let filter {
            guard failure == nil else { return }
            do {
                for line in try filter.run(String(decoding: result, as: UTF8.self)) {
                    out.append(contentsOf: (terminal ? TerminalText.escape(line) : line).utf8)
                    out.append(10)
                }
            } catch {
                failure = error
            }
            count += 1
            return
        }
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
