// The batch journal: which lines the service acknowledged, written before the result is printed, so that
// `--resume` after a crash or kill -9 sends none of them again. SQLite in WAL mode: a commit survives the death
// of the process (it is in the WAL file), which is the durability a resumed run needs.

#if canImport(Glibc)
import Glibc
#endif

public final class BatchJournal {
    private let db: SQLiteDatabase
    public let path: String
    /// The lock file's descriptor, holding an exclusive flock(2) for as long as this journal is open: a second
    /// run on the same journal would send the same lines again.
    private let lockFD: Int32

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

    /// Marks a line as about to be sent.
    public func sending(_ line: Int) throws(BNCError) {
        try db.query("INSERT OR IGNORE INTO in_flight (line) VALUES (?)", [.integer(Int64(line))])
    }

    /// Marks a line as acknowledged by the service (and no longer in flight), in one transaction.
    public func acknowledge(_ line: Int, status: Int, attempts: Int) throws(BNCError) {
        try db.transaction { () throws(BNCError) in
            try db.query("INSERT OR REPLACE INTO acknowledged (line, status, attempts) VALUES (?, ?, ?)",
                         [.integer(Int64(line)), .integer(Int64(status)), .integer(Int64(attempts))])
            try db.query("DELETE FROM in_flight WHERE line = ?", [.integer(Int64(line))])
        }
    }

    /// A line that ended without acknowledgement (a permanent error) is no longer in flight either.
    public func settle(_ line: Int) throws(BNCError) {
        try db.query("DELETE FROM in_flight WHERE line = ?", [.integer(Int64(line))])
    }

    /// Clears in-flight markers left by a previous run, once they have been counted.
    public func clearInFlight() throws(BNCError) {
        try db.execute("DELETE FROM in_flight")
    }
}
