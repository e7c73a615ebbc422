// The batch journal: which lines the service acknowledged, written before the result is printed, so that
// `--resume` after a crash or kill -9 sends none of them again. SQLite in WAL mode: a commit survives the death
// of the process (it is in the WAL file), which is the durability a resumed run needs.
//
// Group commit: `sending`, `acknowledge` and `settle` only queue their change; `commit()` writes everything
// queued in one transaction. The batch runner commits before it lets libcurl put new requests on the wire and
// before it prints results, so the guarantees are those of a commit per change — at a fraction of the cost
// (one transaction per poll of the transfers instead of two per line).

#if canImport(Glibc)
import Glibc
#endif

public final class BatchJournal {
    private let db: SQLiteDatabase
    public let path: String
    /// The lock file's descriptor, holding an exclusive flock(2) for as long as this journal is open: a second
    /// run on the same journal would send the same lines again.
    private let lockFD: Int32
    /// Changes queued since the last commit, in order.
    private var pending: [Change] = []

    private enum Change {
        case sending(Int)
        case acknowledged(Int, status: Int, attempts: Int)
        case settled(Int)
    }

    /// Opens (or, when `fresh`, starts anew) the journal at `path`, after taking its lock. A journal held by
    /// another run is a temporary failure (exit 75) that names the holder's pid.
    public init(path: String, fresh: Bool = false) throws(BNCError) {
        self.path = path
        let lockPath = path + ".lock"
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BNCError(.io, "cannot create the journal lock \(lockPath): \(FileSystem.errnoText())") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let holder = (try? FileSystem.read(lockPath, what: "journal lock", limit: 64)).map { String(decoding: $0, as: UTF8.self) }?
                .trimmingWhitespace() ?? ""
            close(fd)
            throw BNCError(.temporary, "the journal \(path) is held by another run\(holder.isEmpty ? "" : " (pid \(holder))")",
                           hint: "wait for it to finish, or pass another --journal")
        }
        _ = ftruncate(fd, 0)
        _ = FileSystem.writeAll(fd, Array("\(getpid())\n".utf8))
        lockFD = fd
        if fresh { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        do {
            db = try SQLiteDatabase(path: path)
        } catch {
            close(fd)
            throw error
        }
        // Only this process uses the file while it holds the lock: SQLite need not take and release its own
        // file locks (fcntl) around every transaction.
        try db.execute("PRAGMA locking_mode=EXCLUSIVE")
        // Lines are written in increasing order, so inserts touch the right edge of each B-tree: a small page
        // cache suffices, and the default 2 MiB would be most of the growth between a short and a long run.
        try db.execute("PRAGMA cache_size=-256")
        try db.execute("""
            CREATE TABLE IF NOT EXISTS acknowledged (line INTEGER PRIMARY KEY, status INTEGER NOT NULL, attempts INTEGER NOT NULL);
            CREATE TABLE IF NOT EXISTS in_flight (line INTEGER PRIMARY KEY);
            CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            """)
    }

    deinit {
        flock(lockFD, LOCK_UN)
        close(lockFD)
    }

    /// Records what the journal is about; a journal for other input is refused rather than mixed.
    public func bind(input: String, fingerprint: String) throws(BNCError) {
        let rows = try db.query("SELECT value FROM meta WHERE key = 'fingerprint'")
        if let existing = rows.first?[0].text, existing != fingerprint {
            throw BNCError.configuration("the journal \(path) belongs to other input (fingerprint \(existing), this input \(fingerprint))",
                                         hint: "pass another --journal, or delete this one to start over")
        }
        try db.query("INSERT OR REPLACE INTO meta (key, value) VALUES ('fingerprint', ?), ('input', ?)", [.text(fingerprint), .text(input)])
    }

    /// Lines already acknowledged, with their status and attempts.
    public func acknowledged() throws(BNCError) -> [Int: (status: Int, attempts: Int)] {
        var out: [Int: (status: Int, attempts: Int)] = [:]
        for row in try db.query("SELECT line, status, attempts FROM acknowledged") {
            if let l = row[0].integer, let s = row[1].integer, let a = row[2].integer { out[Int(l)] = (Int(s), Int(a)) }
        }
        return out
    }

    /// Lines that were on the wire when the last run stopped and never acknowledged: maybe received twice.
    public func unfinished() throws(BNCError) -> Set<Int> {
        Set(try db.query("SELECT line FROM in_flight WHERE line NOT IN (SELECT line FROM acknowledged)").compactMap { $0[0].integer.map(Int.init) })
    }

    /// Queues a line's in-flight mark: commit before the request is sent.
    public func sending(_ line: Int) { pending.append(.sending(line)) }

    /// Queues a line's acknowledgement by the service (and the end of its in-flight mark): commit before the
    /// result is printed.
    public func acknowledge(_ line: Int, status: Int, attempts: Int) { pending.append(.acknowledged(line, status: status, attempts: attempts)) }

    /// Queues the end of a line's in-flight mark without acknowledgement (a permanent error).
    public func settle(_ line: Int) { pending.append(.settled(line)) }

    /// Whether changes wait for `commit()`.
    public var hasPending: Bool { !pending.isEmpty }

    /// Writes every queued change in one transaction.
    public func commit() throws(BNCError) {
        guard !pending.isEmpty else { return }
        let changes = pending
        pending.removeAll(keepingCapacity: true)
        try db.transaction { () throws(BNCError) in
            for change in changes {
                switch change {
                case .sending(let line):
                    try db.query("INSERT OR IGNORE INTO in_flight (line) VALUES (?)", [.integer(Int64(line))])
                case .acknowledged(let line, let status, let attempts):
                    try db.query("INSERT OR REPLACE INTO acknowledged (line, status, attempts) VALUES (?, ?, ?)",
                                 [.integer(Int64(line)), .integer(Int64(status)), .integer(Int64(attempts))])
                    try db.query("DELETE FROM in_flight WHERE line = ?", [.integer(Int64(line))])
                case .settled(let line):
                    try db.query("DELETE FROM in_flight WHERE line = ?", [.integer(Int64(line))])
                }
            }
        }
    }

    /// Clears in-flight markers left by a previous run, once they have been counted.
    public func clearInFlight() throws(BNCError) {
        try db.execute("DELETE FROM in_flight")
    }
}
