// The batch journal: which lines the service acknowledged, written before the result is printed, so that
// `--resume` after a crash or kill -9 sends none of them again. SQLite in WAL mode: a commit survives the death
// of the process (it is in the WAL file), which is the durability a resumed run needs.
//
// Group commit: `sending`, `acknowledge` and `settle` only queue their change; `commit()` writes everything
// queued in one transaction. The batch runner commits before it lets libcurl put new requests on the wire and
// before it prints results, so the guarantees are those of a commit per change — at a fraction of the cost
// (one transaction per poll of the transfers instead of two per line).
//
// Schema 2: one row per commit (`rounds`), the lines it marked in flight, acknowledged and settled packed as
// LEB128 numbers; the journal's state is those rows replayed in order. A row per line in two tables cost an
// insert, an insert and a delete per line — the most expensive part of a batch after the request itself. Each
// run starts by folding the rows into one (`begin()`). Schema 1 journals (tables `acknowledged` and
// `in_flight`) are converted when opened. Schema 3 adds each round's `digests`: for input read once (stdin, a
// pipe), which has no fingerprint of its whole, each line's FNV-1a digest as it was read, so a resumed run can
// tell that the input it reads is the one the journal was written for, line by line, before it sends any.

import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

/// A batch's SQLite journal, locked to one run: the lines acknowledged, so `--resume` does not send them again.
public final class BatchJournal {
    private let db: SQLiteDatabase
    public let path: String
    /// The lock file's descriptor, holding an exclusive flock(2) for as long as this journal is open: a second
    /// run on the same journal would send the same lines again.
    /// Held while the journal is open: no other run takes it (nil: a look at a journal whose lock the caller holds).
    private let lock: FileLock?
    /// Changes queued since the last commit: line numbers (and, acknowledged, status and attempts) as LEB128.
    private var sentQueue: [UInt8] = []
    private var acknowledgedQueue: [UInt8] = []
    private var settledQueue: [UInt8] = []
    private var digestQueue: [UInt8] = []
    /// The journal's layout version (its part of Core's versioned schema).
    static var schema: Int { schemaPart.version }

    /// Opens (or, when `fresh`, starts anew) the journal at `path`, after taking its lock. A journal held by
    /// another run is a temporary failure (exit 75) that names the holder's pid.
    /// - Parameter keepUnfinished: refuse to start afresh over an unfinished run (a journal the user named and
    ///   keeps; a tool's own journal is its input's alone, and a run without --resume asked to send it again).
    public init(path: String, fresh: Bool = false, keepUnfinished: Bool = false) throws(BNCError) {
        self.path = path
        // A path that holds anything but a journal (a user's file, a device) is refused before anything is
        // opened, locked, truncated or unlinked there.
        try FileSystem.requireOwnDatabase(path, what: "--journal")
        // The lock first: a run holding the journal keeps SQLite's exclusive lock on it, so the schema check below
        // waited out SQLite's busy timeout and blamed "another program"; the lock names the run at once.
        let lock = try FileLock(for: path, what: "--journal lock", busy: "the journal \(path) is held by another run",
                                hint: "wait for it to finish, or pass another --journal")
        // A database, but a journal's (schema 2's tables, or schema 1's)? Asked read-only, before `fresh` unlinks;
        // a refused one gets no lock file beside it.
        do {
            try SQLiteDatabase.requireOwnSchema(path, tables: ["rounds", "meta", "acknowledged", "in_flight"], generic: ["meta"], what: "--journal")
        } catch {
            lock.abandon()
            throw error
        }
        lock.sign()
        self.lock = lock
        if fresh {
            // Starting afresh drops what the journal acknowledged: refused while that is an unfinished run's, whose
            // --resume would then send those lines again (a run without --resume over a kept journal wiped it).
            if keepUnfinished { try Self.refuseUnfinished(path) }
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        }
        // Small pages: a commit appends one row, and the WAL gets a copy of each page it touched.
        db = try SQLiteDatabase(path: path, what: "--journal", pageSize: 1024)
        // Only this process uses the file while it holds the lock: SQLite need not take and release its own
        // file locks (fcntl) around every transaction.
        try db.execute("PRAGMA locking_mode=EXCLUSIVE")
        // Lines are written in increasing order, so inserts touch the right edge of each B-tree: a small page
        // cache suffices, and the default 2 MiB would be most of the growth between a short and a long run.
        try db.execute("PRAGMA cache_size=-256")
        // A checkpoint syncs the disk twice; with 1 KiB pages, 4,000 frames (a WAL of 4 MiB at most) make them a
        // quarter as frequent as SQLite's default of 1,000.
        try db.execute("PRAGMA wal_autocheckpoint=4000")
        try migrate()
    }

    /// Creates the tables of a new journal, converts a schema 1 journal, refuses one from a newer bnc: the
    /// journal's part of Core's versioned schema (`schemaPart`).
    private func migrate() throws(BNCError) {
        try db.migrate([Self.schemaPart], what: "the journal", hint: "pass another --journal, or resume with that version")
    }

    /// A journal's tables. Version 1: the lines in flight and acknowledged, a row each. Version 2: one row per
    /// commit with the lines as LEB128 blobs (version 1's rows converted). Before `bnc_schema`, the version was
    /// SQLite's `user_version`, which version 2 still sets so an older bnc reads it.
    public static let schemaPart = StoreSchema("journal", steps: [createVersion1, convertToVersion2, addDigests], legacyVersion: userVersion)

    private static func createVersion1(_ db: SQLiteDatabase) throws {
            try db.execute("""
                CREATE TABLE IF NOT EXISTS in_flight (line INTEGER PRIMARY KEY);
                CREATE TABLE IF NOT EXISTS acknowledged (line INTEGER PRIMARY KEY, status INTEGER NOT NULL, attempts INTEGER NOT NULL);
                CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                PRAGMA user_version = 1;
                """)
    }

    private static func convertToVersion2(_ db: SQLiteDatabase) throws {
            func damaged(_ why: String) -> BNCError {
                BNCError.configuration("the journal \(db.path) is damaged: \(why)",
                                       hint: "delete it to start over (the lines it acknowledged would be sent again)")
            }
            try db.execute("CREATE TABLE IF NOT EXISTS rounds (id INTEGER PRIMARY KEY, sent BLOB NOT NULL, acknowledged BLOB NOT NULL, settled BLOB NOT NULL)")
            var sent: [UInt8] = [], acknowledged: [UInt8] = []
            for row in try db.query("SELECT line FROM in_flight ORDER BY line") {
                guard let line = row[0].integer, line > 0 else { throw damaged("a line in flight is not a line number") }
                LEB128.append(UInt64(line), to: &sent)
            }
            for row in try db.query("SELECT line, status, attempts FROM acknowledged ORDER BY line") {
                guard let line = row[0].integer, let status = row[1].integer, let attempts = row[2].integer,
                      line > 0, status >= 0, attempts >= 0 else { throw damaged("an acknowledged line is not numbers") }
                for n in [line, status, attempts] { LEB128.append(UInt64(n), to: &acknowledged) }
            }
            if !sent.isEmpty || !acknowledged.isEmpty {
                try db.query("INSERT INTO rounds (sent, acknowledged, settled) VALUES (?, ?, ?)", [.blob(sent), .blob(acknowledged), .blob([])])
            }
            try db.execute("DROP TABLE IF EXISTS acknowledged; DROP TABLE IF EXISTS in_flight; PRAGMA user_version = 2")
    }

    /// Version 3: each round's digests of the lines read (line, digest pairs as LEB128), for input read once.
    private static func addDigests(_ db: SQLiteDatabase) throws {
        try db.execute("ALTER TABLE rounds ADD COLUMN digests BLOB NOT NULL DEFAULT x''")
    }

    private static func userVersion(_ db: SQLiteDatabase) throws -> Int {
        Int(try db.query("PRAGMA user_version").first?[0].integer ?? 0)
    }

    /// Refuses (exit 78) to start the journal at `path` afresh while it holds a run that acknowledged lines and did
    /// not finish: `--resume` sends the rest; deleting the journal sends every line again, as the user chooses.
    /// A run finished (`markFinished`) or with nothing acknowledged loses nothing.
    static func refuseUnfinished(_ path: String) throws(BNCError) {
        guard let size = FileSystem.regularFileSize(path), size > 0 else { return }
        // Closed again (at the end of this scope) before the caller unlinks it.
        let old = try BatchJournal(path: path, lockHeld: true)
        if try old.db.query("SELECT value FROM meta WHERE key = 'finished'").first != nil { return }
        let acknowledged = try old.replay().acknowledged.count
        let input = try old.db.query("SELECT value FROM meta WHERE key = 'input'").first?[0].text ?? "its input"
        guard acknowledged > 0 else { return }
        throw BNCError.configuration("the journal \(path) holds an unfinished run of \(input) that acknowledged \(Counting.of(acknowledged, "line")); starting afresh would send them again",
                                     hint: "pass --resume to send only the lines still to go, or delete it to send every line: rm \(ShellQuote.quote(path))")
    }

    /// Opens a journal whose lock this process already holds (to read it before it is started afresh).
    private init(path: String, lockHeld: Bool) throws(BNCError) {
        self.path = path
        lock = nil
        db = try SQLiteDatabase(path: path, what: "--journal", pageSize: 1024)
        try migrate()
    }

    /// Records that the run finished: every line acknowledged, so starting afresh loses nothing.
    public func markFinished() throws(BNCError) {
        try db.query("INSERT OR REPLACE INTO meta (key, value) VALUES ('finished', '1')")
    }

    private func damaged(_ why: String) -> BNCError {
        BNCError.configuration("the journal \(path) is damaged: \(why)",
                               hint: "delete it to start over (the lines it acknowledged would be sent again)")
    }

    /// Removes the journal's files (a run that finished needs none to resume from); the lock is held until the
    /// journal is released, so no other run can take the name meanwhile.
    public func remove() {
        for suffix in ["", "-wal", "-shm", ".lock"] { unlink(path + suffix) }
    }

    /// Records what the journal is about; a journal for other input is refused rather than mixed.
    /// A journal written by another command (`bnc-link create`'s, resumed by `bnc-link qr`) is refused too: its
    /// acknowledged lines were never sent by this one. A journal from before commands were recorded takes this one.
    /// A journal that acknowledged lines for another destination (the Branch key, app and API it sent to) is refused
    /// too: its lines were acknowledged by that app, never this one, and a resume skipped them all and exited 0.
    public func bind(input: String, fingerprint: String, command: String = "", destination: String = "") throws(BNCError) {
        let rows = try db.query("SELECT value FROM meta WHERE key = 'fingerprint'")
        if let existing = rows.first?[0].text, existing != fingerprint {
            throw BNCError.configuration("the journal \(path) belongs to other input (fingerprint \(existing), this input \(fingerprint))",
                                         hint: "pass another --journal, or delete this one to start over")
        }
        if !command.isEmpty {
            let kept = try db.query("SELECT value FROM meta WHERE key = 'command'")
            if let existing = kept.first?[0].text, existing != command {
                throw BNCError.configuration("the journal \(path) belongs to another command (\(existing); this is \(command))",
                                             hint: "resume with the command that wrote it, or pass another --journal")
            }
            try db.query("INSERT OR REPLACE INTO meta (key, value) VALUES ('command', ?)", [.text(command)])
        }
        if !destination.isEmpty {
            let kept = try db.query("SELECT value FROM meta WHERE key = 'destination'")
            // Lines it acknowledged were sent there; one whose every line failed (a captive portal's HTML, the
            // wrong --api-url) may be resumed anywhere.
            if let existing = kept.first?[0].text, existing != destination, try !replay().acknowledged.isEmpty {
                throw BNCError.configuration("the journal \(path) was written sending to \(existing); this run sends to \(destination)",
                                             hint: "its acknowledged lines were not sent there: run without --resume, or pass another --journal")
            }
            try db.query("INSERT OR REPLACE INTO meta (key, value) VALUES ('destination', ?)", [.text(destination)])
        }
        try db.query("INSERT OR REPLACE INTO meta (key, value) VALUES ('fingerprint', ?), ('input', ?)", [.text(fingerprint), .text(input)])
    }

    /// The journal's state: its rows replayed in order.
    private func replay() throws(BNCError) -> State {
        if let replayed { return replayed }
        let state = try replayRows()
        replayed = state
        return state
    }

    typealias State = (acknowledged: [Int: (status: Int, attempts: Int)], inFlight: Set<Int>, digests: [Int: UInt64])
    /// The rows' state as last replayed, until a commit adds a row (a resume asks it before its run begins: read once).
    private var replayed: State?

    private func replayRows() throws(BNCError) -> State {
        var acknowledged: [Int: (status: Int, attempts: Int)] = [:]
        var inFlight = Set<Int>()
        var digests: [Int: UInt64] = [:]
        for row in try db.query("SELECT sent, acknowledged, settled, digests FROM rounds ORDER BY id") {
            guard row.count == 4, let sent = row[0].blob, let acked = row[1].blob, let settled = row[2].blob, let digested = row[3].blob else {
                throw damaged("a round is not four blobs")
            }
            var reader = LEB128.Reader(sent)
            while let line = try number(&reader) { inFlight.insert(line) }
            reader = LEB128.Reader(acked)
            while let line = try number(&reader) {
                guard let status = try number(&reader), let attempts = try number(&reader) else {
                    throw damaged("an acknowledgement is cut short")
                }
                acknowledged[line] = (status, attempts)
                inFlight.remove(line)
            }
            reader = LEB128.Reader(settled)
            while let line = try number(&reader) { inFlight.remove(line) }
            reader = LEB128.Reader(digested)
            while let line = try number(&reader) {
                guard let digest = reader.next() else { throw damaged(reader.failed ? "a number is malformed" : "a digest is cut short") }
                digests[line] = digest
            }
        }
        return (acknowledged, inFlight, digests)
    }

    private func number(_ reader: inout LEB128.Reader) throws(BNCError) -> Int? {
        guard let n = reader.next() else {
            if reader.failed { throw damaged("a number is malformed") }
            return nil
        }
        guard n <= UInt64(Int.max) else { throw damaged("a number is out of range") }
        return Int(n)
    }

    /// Lines already acknowledged, with their status and attempts.
    public func acknowledged() throws(BNCError) -> [Int: (status: Int, attempts: Int)] {
        try replay().acknowledged
    }

    /// Lines that were on the wire when the last run stopped and never acknowledged: maybe received twice.
    public func unfinished() throws(BNCError) -> Set<Int> {
        let state = try replay()
        return state.inFlight.subtracting(state.acknowledged.keys)
    }

    /// Queues a line's in-flight mark: commit before the request is sent.
    public func sending(_ line: Int) { LEB128.append(UInt64(line), to: &sentQueue) }

    /// Queues a line's acknowledgement by the service (and the end of its in-flight mark): commit before the
    /// result is printed.
    public func acknowledge(_ line: Int, status: Int, attempts: Int) {
        LEB128.append(UInt64(line), to: &acknowledgedQueue)
        LEB128.append(UInt64(max(0, status)), to: &acknowledgedQueue)
        LEB128.append(UInt64(max(0, attempts)), to: &acknowledgedQueue)
    }

    /// Queues a line's FNV-1a digest as it was read (input read once: see `begin()`).
    public func read(_ line: Int, digest: UInt64) {
        LEB128.append(UInt64(line), to: &digestQueue)
        LEB128.append(digest, to: &digestQueue)
    }

    /// Whether the journal records acknowledgements but no line digests: written by a bnc before them (schema 2),
    /// so a resume from input read once cannot be checked against it.
    public func lacksDigests() throws(BNCError) -> Bool {
        let state = try replay()
        return !state.acknowledged.isEmpty && state.digests.isEmpty
    }

    /// Queues the end of a line's in-flight mark without acknowledgement (a permanent error).
    public func settle(_ line: Int) { LEB128.append(UInt64(line), to: &settledQueue) }

    /// Whether changes wait for `commit()`.
    public var hasPending: Bool { !(sentQueue.isEmpty && acknowledgedQueue.isEmpty && settledQueue.isEmpty && digestQueue.isEmpty) }

    /// Writes every queued change in one transaction: one row.
    public func commit() throws(BNCError) {
        guard hasPending else { return }
        replayed = nil
        try db.transaction { () throws(BNCError) in
            try db.query("INSERT INTO rounds (sent, acknowledged, settled, digests) VALUES (?, ?, ?, ?)",
                         [.blob(sentQueue), .blob(acknowledgedQueue), .blob(settledQueue), .blob(digestQueue)])
        }
        digestQueue.removeAll(keepingCapacity: true)
        sentQueue.removeAll(keepingCapacity: true)
        acknowledgedQueue.removeAll(keepingCapacity: true)
        settledQueue.removeAll(keepingCapacity: true)
    }

    /// Starts a run on this journal: the lines acknowledged earlier, and how many were in flight when the last
    /// run stopped (counted once: their marks are then forgotten, and every row folded into one); and the digests
    /// of the lines read by the runs that kept them (input read once).
    public func begin() throws(BNCError) -> (acknowledged: [Int: (status: Int, attempts: Int)], ambiguous: Int, digests: [Int: UInt64]) {
        let rows = try db.query("SELECT count(*) FROM rounds").first?[0].integer ?? 0
        let state = try replay()
        let ambiguous = state.inFlight.subtracting(state.acknowledged.keys).count
        if rows > 1 || !state.inFlight.isEmpty {
            var acknowledged: [UInt8] = []
            for line in state.acknowledged.keys.sorted() {
                let ack = state.acknowledged[line]!
                for n in [line, ack.status, ack.attempts] { LEB128.append(UInt64(n), to: &acknowledged) }
            }
            var digests: [UInt8] = []
            for line in state.digests.keys.sorted() {
                LEB128.append(UInt64(line), to: &digests)
                LEB128.append(state.digests[line]!, to: &digests)
            }
            try db.transaction { () throws(BNCError) in
                try db.execute("DELETE FROM rounds")
                try db.query("INSERT INTO rounds (sent, acknowledged, settled, digests) VALUES (?, ?, ?, ?)",
                             [.blob([]), .blob(acknowledged), .blob([]), .blob(digests)])
            }
            replayed = (state.acknowledged, [], state.digests)  // the folded row's state: nothing in flight
        }
        return (state.acknowledged, ambiguous, state.digests)
    }
}

/// Unsigned LEB128: seven bits a byte, low first, the high bit set on every byte but the last.
enum LEB128 {
    static func append(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    /// Reads numbers until the bytes end; `failed` tells a malformed number (more than ten bytes, bits past 64,
    /// or cut short) from the end.
    struct Reader {
        private let bytes: [UInt8]
        private var index = 0
        private(set) var failed = false

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() -> UInt64? {
            guard index < bytes.count, !failed else { return nil }
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if shift == 63 && byte > 1 { failed = true; return nil }
                value |= UInt64(byte & 0x7f) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
                if shift > 63 { failed = true; return nil }
            }
            failed = true
            return nil
        }
    }
}
