// Where a batch's results go: one JSON object a line (NDJSON, the default), or, when --output json asks for one
// document, one JSON array written as the results come (its brackets and commas around the same lines).
import BNCCore
import BNCSuite

/// A batch's result lines as NDJSON, or as one JSON array (`--output json`); with `--jq`, each line filtered
/// (NDJSON) or the whole array (json: its results printed when the batch ends, as the man pages say).
public struct ResultStream {
    public let array: Bool
    public private(set) var count = 0
    let filter: JQFilter?
    let terminal: Bool
    /// With `--output json --jq`: the array so far, filtered as one document at the end.
    private var collected: [UInt8]?
    private var finished = false
    /// The first `--jq` runtime error (the results after it are not printed; the run ends with it, exit 65).
    public private(set) var failure: BNCError?

    /// The most a whole array filtered by `--jq` may hold: a batch's results are kept until its end only for this.
    public static let maxFilteredArray = 256 << 20

    /// `filter` (from `--jq`) replaces each result with its results, one a line; with `array`, it takes the
    /// whole array once the results end. `terminal` escapes a bare string's control characters.
    public init(array: Bool, filter: JQFilter? = nil, terminal: Bool = false) {
        self.array = array && filter == nil
        self.filter = filter
        self.terminal = terminal
        if array && filter != nil { collected = [UInt8(ascii: "[")] }
    }

    /// Appends one result (its compact JSON) to `out`, with what separates it from the one before.
    public mutating func append(_ result: [UInt8], to out: inout [UInt8]) {
        guard failure == nil else { return }
        if collected != nil {
            if collected!.count + result.count > Self.maxFilteredArray {
                failure = BNCError(.usage, "the results are too many to filter as one array (over \(Self.maxFilteredArray >> 20) MiB)",
                                   hint: "use --output ndjson, whose lines --jq filters one by one")
                collected = nil
                return
            }
            if count > 0 { collected!.append(UInt8(ascii: ",")) }
            collected!.append(contentsOf: result)
            count += 1
            return
        }
        if let filter {
            run(filter, String(decoding: result, as: UTF8.self), to: &out)
            count += 1
            return
        }
        if array { out.append(contentsOf: count == 0 ? [UInt8(ascii: "["), 10] : [UInt8(ascii: ","), 10]) }
        // On a terminal, the controls JSON leaves raw (bidi, C1) are escaped; only a result holding a byte past
        // 0x7F can hold one.
        if terminal, result.contains(where: { $0 >= 0x80 }) {
            out.append(contentsOf: TerminalText.jsonForTerminal(String(decoding: result, as: UTF8.self)).utf8)
        } else {
            out.append(contentsOf: result)
        }
        if !array { out.append(10) }
        count += 1
    }

    private mutating func run(_ filter: JQFilter, _ document: String, to out: inout [UInt8]) {
        do {
            for line in try filter.run(document) {
                out.append(contentsOf: (terminal ? TerminalText.escape(line) : line).utf8)
                out.append(10)
            }
        } catch {
            failure = error
        }
    }

    /// What ends the output, once (later calls: nothing): the array's closing bracket (an empty array when no
    /// result came), or the whole array's filtered results; nothing for NDJSON. A filter's error is `failure`.
    public mutating func finish() -> [UInt8] {
        guard !finished else { return [] }
        finished = true
        if var document = collected, let filter {
            collected = nil
            document.append(UInt8(ascii: "]"))
            var out: [UInt8] = []
            if failure == nil { run(filter, String(decoding: document, as: UTF8.self), to: &out) }
            return out
        }
        guard array else { return [] }
        return count == 0 ? Array("[]\n".utf8) : Array("\n]\n".utf8)
    }
}
