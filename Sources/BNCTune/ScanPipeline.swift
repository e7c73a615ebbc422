// Scanning on every core: lines are read in chunks (bounded in lines and bytes, so memory stays constant), each
// chunk's lines are parsed, decrypted and checked on several threads — that part needs no other line — and then
// finished one by one in log order on the calling thread (the duplicate window, counts, examples, exports) while
// the next chunk is prepared and the one after it read. At most three chunks are held: the one being finished, the one
// being prepared and the one read ahead.
import BNCCore
import Dispatch
import Synchronization
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
        // Chunk k is finished on this thread while chunk k+1 is prepared: by `threads - 1` workers from the start,
        // and by this thread too once it has finished chunk k (pieces of 32 lines taken from a shared counter), so
        // no core waits for the in-order part.
        // The chunk after next is read while the workers prepare the next one, so reading is not a pause of every
        // core between chunks.
        var ready: [PreparedLine] = []
        var upcoming = try Chunk(reader)
        while true {
            let job = upcoming.lines.isEmpty ? nil : PrepareJob(upcoming, key: key)
            job?.start(workers: threads - 1)
            // Stopping early leaves the job to its workers: they finish the chunk, and the job then frees it.
            for prepared in ready {
                if let outcome = finish(prepared), try !body(outcome) { return }
            }
            guard let job else { return }
            upcoming = try Chunk(reader)
            ready = job.help()
        }
    }
}

/// One chunk's lines prepared by several threads: each takes the next 32 lines until none are left.
private final class PrepareJob: @unchecked Sendable {
    static let piece = 32
    let chunk: Chunk
    let key: ConversionKey?
    let out: UnsafeMutablePointer<PreparedLine>
    let next = Atomic<Int>(0)
    let group = DispatchGroup()

    init(_ chunk: Chunk, key: ConversionKey?) {
        self.chunk = chunk
        self.key = key
        out = .allocate(capacity: chunk.lines.count)
    }

    deinit {
        // Every worker has returned (each holds the job), so the pieces taken are the lines prepared: the first
        // `next` (0 once `help` has moved them out).
        out.deinitialize(count: min(next.load(ordering: .relaxed), chunk.lines.count))
        out.deallocate()
    }

    func start(workers: Int) {
        for _ in 0..<max(0, min(workers, chunk.lines.count / Self.piece)) {
            group.enter()
            DispatchQueue.global().async { [self] in
                work()
                group.leave()
            }
        }
    }

    /// Prepares pieces until none are left.
    func work() {
        var memo = ValueMemo()
        let count = chunk.lines.count
        while true {
            let first = next.add(Self.piece, ordering: .relaxed).oldValue
            if first >= count { return }
            for i in first..<min(first + Self.piece, count) {
                let line = chunk.lines[i]
                (out + i).initialize(to: TuneScanner.prepare(line: line.number, chunk.bytes[line.range], key: key, memo: &memo))
            }
        }
    }

    /// Joins the workers, then hands over the prepared lines in order.
    func help() -> [PreparedLine] {
        work()
        group.wait()
        let count = chunk.lines.count
        let lines = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: out, count: count)
            initialized = count
        }
        next.store(0, ordering: .relaxed)
        return lines
    }
}

/// Lines copied out of the reader's buffer (which the next read reuses) into one array.
private struct Chunk {
    var bytes: [UInt8] = []
    var lines: [(number: Int, range: Range<Int>)] = []

    /// The reader's next lines, up to `chunkLines` lines or `chunkBytes` bytes (none at the end).
    init(_ reader: LineReader) throws(BNCError) {
        while lines.count < TuneScanner.chunkLines && bytes.count < TuneScanner.chunkBytes, let line = try reader.next() {
            append(line: reader.lineNumber, line)
        }
    }

    mutating func append(line number: Int, _ line: ArraySlice<UInt8>) {
        let start = bytes.count
        bytes.append(contentsOf: line)
        lines.append((number, start..<bytes.count))
    }
}
