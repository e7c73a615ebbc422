// Scanning on every core: lines are read in chunks (bounded in lines and bytes, so memory stays constant), each
// chunk's lines are parsed, decrypted and checked on several threads — that part needs no other line — and then
// finished one by one in log order on the calling thread (the duplicate window, counts, examples, exports).
import BNCCore
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

extension TuneScanner {
    /// At most this many lines, or this many bytes of lines, are read ahead of the ones being finished.
    public static let chunkLines = 1024
    public static let chunkBytes = 4 << 20

    /// The threads worth using: the cores online, at most 8.
    public static var defaultThreads: Int { max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 8)) }

    /// Scans every line `reader` gives, calling `body` with each outcome in log order; `body` returns false to
    /// stop early. One thread scans line by line; more prepare each chunk's lines in parallel.
    public func scan(_ reader: LineReader, threads: Int = TuneScanner.defaultThreads,
                     _ body: (ScanOutcome) throws(BNCError) -> Bool) throws(BNCError) {
        if threads <= 1 {
            var memo = ValueMemo()
            while let bytes = try reader.next() {
                if let outcome = finish(Self.prepare(line: reader.lineNumber, bytes, key: key, memo: &memo)), try !body(outcome) { return }
            }
            return
        }
        while true {
            var chunk = Chunk()
            while chunk.lines.count < Self.chunkLines && chunk.bytes.count < Self.chunkBytes, let bytes = try reader.next() {
                chunk.append(line: reader.lineNumber, bytes)
            }
            if chunk.lines.isEmpty { return }
            for prepared in chunk.prepare(threads: threads, key: key) {
                if let outcome = finish(prepared), try !body(outcome) { return }
            }
        }
    }
}

/// Lines copied out of the reader's buffer (which the next read reuses) into one array.
private struct Chunk {
    var bytes: [UInt8] = []
    var lines: [(number: Int, range: Range<Int>)] = []

    mutating func append(line number: Int, _ line: ArraySlice<UInt8>) {
        let start = bytes.count
        bytes.append(contentsOf: line)
        lines.append((number, start..<bytes.count))
    }

    /// Every line prepared, in order; the work split in contiguous parts, one per thread.
    func prepare(threads: Int, key: ConversionKey?) -> [PreparedLine] {
        let count = lines.count
        let parts = min(threads, count)
        return [PreparedLine](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                var memo = ValueMemo()
                for i in count * part / parts..<count * (part + 1) / parts {
                    (out.baseAddress! + i).initialize(to: TuneScanner.prepare(line: lines[i].number, bytes[lines[i].range], key: key, memo: &memo))
                }
            }
            initialized = count
        }
    }
}
