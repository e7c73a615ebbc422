// Scanning on every core: each thread takes the next chunk of lines from the reader (bounded in lines and bytes, so
// memory stays constant: one chunk per thread), prepares its lines — parsed, decrypted and checked, which needs no
// other line — and then, when the chunks before it are done, finishes them in log order (the duplicate window,
// counts, examples, exports). Reading and finishing are taken in turns; preparing runs on every thread at once.
// A chunk's lines are made, finished and freed by one thread: with one thread preparing and another finishing,
// each line's memory went back to the allocator from the other thread, and the two threads queued on malloc's
// lock (thousands of futex waits a second).
import BNCCore
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

extension TuneScanner {
    /// At most this many lines, or this many bytes of lines, in one chunk.
    public static let chunkLines = 1024
    public static let chunkBytes = 4 << 20

    /// The threads worth using: the cores online, at most 8.
    public static var defaultThreads: Int { max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 8)) }

    /// Scans every line `reader` gives, calling `body` with each outcome in log order (one call at a time, from
    /// any of the threads); `body` returns false to stop early. One thread scans line by line.
    public func scan(_ reader: LineReader, threads: Int = TuneScanner.defaultThreads,
                     _ body: (ScanOutcome) throws(BNCError) -> Bool) throws(BNCError) {
        if threads <= 1 {
            var memo = ValueMemo()
            while let bytes = try reader.next() {
                inputBytesRead = reader.bytesRead
                if let outcome = finish(Self.prepare(line: reader.lineNumber, bytes, key: key, memo: &memo)), try !body(outcome) { return }
            }
            return
        }
        let failure: BNCError? = withoutActuallyEscaping(body) { body in
            let run = ScanRun(reader: reader, scanner: self, body: body)
            // Every thread runs the same loop; none waits on a thread that has not started (a chunk's turn to be
            // finished comes once the chunks before it, each taken by a running thread, are finished).
            DispatchQueue.concurrentPerform(iterations: threads) { _ in run.loop() }
            return run.failure
        }
        if let failure { throw failure }
    }
}

/// One multi-threaded scan: the reader's turn, the finishing turns, and how the scan ended.
private final class ScanRun: @unchecked Sendable {
    let reader: LineReader
    let scanner: TuneScanner
    let body: (ScanOutcome) throws(BNCError) -> Bool
    /// The reader's turn: the next chunk's number, and whether the input has ended (or failed).
    let reading = Mutex<(next: Int, ended: Bool)>((0, false))
    let finishing = Turns()
    /// Set once, by the thread holding the finishing turn.
    var failure: BNCError?

    init(reader: LineReader, scanner: TuneScanner, body: @escaping (ScanOutcome) throws(BNCError) -> Bool) {
        self.reader = reader
        self.scanner = scanner
        self.body = body
    }

    /// Takes chunks until the input ends or the scan stops.
    func loop() {
        // One memo a thread for the whole scan: a log repeats its values from chunk to chunk.
        var memo = ValueMemo()
        // And one chunk's storage, filled again for each chunk the thread takes: a new one each time was a
        // half-megabyte allocation, and each merged the allocator's free lists (malloc_consolidate).
        var spare = Chunk()
        while true {
            // The reader's turn: the next chunk, its number, and the reader's progress when it was read.
            let taken: (number: Int, chunk: Result<Chunk, BNCError>, bytesRead: Int)? = reading.withLock { state in
                if state.ended || finishing.isStopped { return nil }
                let number = state.next
                state.next += 1
                let chunk = Result { () throws(BNCError) in
                    var c = spare
                    spare = Chunk()
                    try c.read(reader)
                    return c
                }
                if case .failure = chunk { state.ended = true }
                if case .success(let c) = chunk, c.lines.isEmpty { state.ended = true }
                return (number, chunk, reader.bytesRead)
            }
            guard let taken else { return }
            switch taken.chunk {
            case .failure(let error):
                // Given once the chunks before it are finished, so every outcome before the failure is given.
                guard finishing.wait(for: taken.number) else { return }
                failure = error
                finishing.stop()
                return
            case .success(let chunk):
                if chunk.lines.isEmpty { return }
                let prepared = PreparedLines(chunk, key: scanner.key, memo: &memo)
                guard finishing.wait(for: taken.number) else { return }
                scanner.inputBytesRead = taken.bytesRead
                while let line = prepared.take() {
                    guard let outcome = scanner.finish(line) else { continue }
                    do {
                        if try !body(outcome) {
                            finishing.stop()
                            return
                        }
                    } catch {
                        failure = error
                        finishing.stop()
                        return
                    }
                }
                finishing.pass()
                spare = prepared.recycle()
            }
        }
    }
}

/// Turns taken in order by several threads: turn n comes after turn n - 1 is passed, or never once stopped.
private final class Turns: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var current = 0
    private var stopped = false

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Blocks until turn `n` comes (true) or the turns stop (false).
    func wait(for n: Int) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while current != n && !stopped { pthread_cond_wait(condition, mutex) }
        return !stopped
    }

    /// Ends the current turn: the next one may begin.
    func pass() {
        pthread_mutex_lock(mutex)
        current += 1
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// No turn comes any more: every waiting thread returns.
    func stop() {
        pthread_mutex_lock(mutex)
        stopped = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    var isStopped: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return stopped
    }
}

/// A chunk's lines, prepared in order, then moved out one by one to be finished (not copied: a copy of each line
/// retained and released every String of its request).
private final class PreparedLines {
    private let lines: UnsafeMutablePointer<PreparedLine>
    private let count: Int
    private var taken = 0
    /// Holds the bytes the prepared lines point into.
    private var chunk: Chunk

    init(_ chunk: Chunk, key: ConversionKey?, memo: inout ValueMemo) {
        self.chunk = chunk
        count = chunk.lines.count
        lines = .allocate(capacity: count)
        for (i, line) in chunk.lines.enumerated() {
            (lines + i).initialize(to: TuneScanner.prepare(line: line.number, chunk.bytes[line.range], key: key, memo: &memo))
        }
    }

    deinit {
        (lines + taken).deinitialize(count: count - taken)
        lines.deallocate()
    }

    /// The chunk, for the thread's next one, once every line is taken and finished (its storage then referenced
    /// here alone, so it is refilled in place).
    func recycle() -> Chunk {
        let c = chunk
        chunk = Chunk()
        return c
    }

    /// The next line in order, moved out; nil after the last.
    func take() -> PreparedLine? {
        guard taken < count else { return nil }
        defer { taken += 1 }
        return (lines + taken).move()
    }
}

/// Lines copied out of the reader's buffer (which the next read reuses) into one array.
private struct Chunk: Sendable {
    var bytes: [UInt8] = []
    var lines: [(number: Int, range: Range<Int>)] = []

    /// The reader's next lines in place of the chunk's, up to `chunkLines` lines or `chunkBytes` bytes (none at the
    /// end); the storage is kept.
    mutating func read(_ reader: LineReader) throws(BNCError) {
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        lines.reserveCapacity(TuneScanner.chunkLines)
        try reader.nextLines(into: &bytes, lines: &lines, maxLines: TuneScanner.chunkLines, maxBytes: TuneScanner.chunkBytes)
    }
}
