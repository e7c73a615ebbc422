// A thin, typed layer over SQLite: the suite's storage for state, journals and the sandbox's --state file.
// WAL mode and a busy timeout make it safe for several processes at once (DESIGN.md §8).
import BNCSuite
import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// A value bound to or read from a statement.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public var text: String? { if case .text(let s) = self { return s }; return nil }
    public var integer: Int64? { if case .integer(let i) = self { return i }; return nil }
    public var blob: [UInt8]? { if case .blob(let b) = self { return b }; return nil }
}

/// One open database connection. Not shared between threads: open one per thread or guard it with a lock.
public final class SQLiteDatabase {
    private let handle: OpaquePointer
    public let path: String
    /// Prepared statements by their SQL, reused (reset and rebound) instead of compiled on every call: a batch
    /// journal runs the same three statements for every line.
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (creating if needed) a database file; `:memory:` for a private in-memory one.
    /// - Parameter pageSize: for a database this call creates (SQLite ignores it for an existing one).
    /// - Parameter what: the file's role, named in errors (`--journal`, `state database`).
    public init(path: String, what: String = "database", busyTimeoutMs: Int32 = 5000, pageSize: Int? = nil) throws(BNCError) {
        try Self.loadLibrary()
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        if path != ":memory:" {
            // Only a database (or nothing) at the path: a user's other file is never opened for writing.
            try FileSystem.requireOwnDatabase(path, what: what, hint: "name another file, or move this one away: mv \(ShellQuote.quote(path)) \(ShellQuote.quote(path + ".not-bnc"))")
            // Created private (0600) whatever the umask: it holds tokens; SQLite gives its -wal and -shm files the
            // same mode.
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            if fd >= 0 { close(fd) }
        }
        let rc = bnc_sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: bnc_sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { bnc_sqlite3_close(db) }
            throw BNCError(Self.kind(rc, default: .inputMissing), "cannot open database \(path): \(message)")
        }
        handle = db
        self.path = path
        self.what = what
        bnc_sqlite3_busy_timeout(db, busyTimeoutMs)
        if let pageSize { try execute("PRAGMA page_size=\(pageSize)") }
        if path != ":memory:" {
            try execute("PRAGMA journal_mode=WAL")
            try execute("PRAGMA synchronous=NORMAL")
        }
    }

    /// libsqlite3, loaded on the first database a command opens (CSQLite); exit 78 when the system lacks it.
    static func loadLibrary() throws(BNCError) {
        guard bnc_sqlite_load() == 0 else { return }
        throw BNCError.configuration("libsqlite3 cannot be loaded: \(String(cString: bnc_sqlite_error())); install the libsqlite3-0 package")
    }

    /// Refuses (exit 78) a database at `path` that holds a table not among `tables` (nor bnc_schema, nor SQLite's
    /// own): another program's database (an app's, bnc's own state.db given as a --journal) is never opened for
    /// writing, converted or replaced.
    /// Read-only: the file is left exactly as it was. A missing or empty file passes.
    /// `generic`: names of `tables` common enough that another program's database may hold them too (a journal's
    /// `meta`): a database whose only tables are generic ones is not taken for bnc's.
    public static func requireOwnSchema(_ path: String, tables: Set<String>, generic: Set<String> = [], what: String) throws(BNCError) {
        guard FileSystem.regularFileMode(path) != nil else { return }
        try loadLibrary()
        // Read-only first; a database SQLite will not read that way (a hot rollback journal left by a writer that
        // crashed, a WAL without its index) is opened for writing without creating, which recovers it as any reader
        // of it would. What still cannot be listed is refused when the file is a SQLite database: a locked, damaged
        // or unrecoverable database was taken for bnc's own, deleted (a fresh journal) or written into.
        var listed = tableNames(path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX)
        if case .failure = listed { listed = tableNames(path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX) }
        let found: [String]
        switch listed {
        case .success(let names):
            found = names
        case .failure(let failure):
            guard hasSQLiteHeader(path) else { return }  // not a database: the writable open says so, with its fix
            if isDamaged(failure.code) { throw damaged(what: what, path: path, message: failure.message) }
            let busy = kind(failure.code) == .temporary
            throw BNCError(busy ? .temporary : .configuration,
                           "\(what): cannot read the tables of \(path), a SQLite database (\(failure.message)); it is left as it is",
                           hint: busy ? "another program is using it: run again when it is done, or name another file"
                                      : "name another file; bnc never writes over a database it did not make")
        }
        // Ours only when every table is one of ours (or SQLite's own): a user's database with one table named like
        // one of ours (`meta` is common) was taken for a journal, and replaced.
        var others = found.filter { !tables.contains($0) && $0 != "bnc_schema" && !$0.hasPrefix("sqlite_") }
        if others.isEmpty && !found.isEmpty && found.allSatisfy({ generic.contains($0) || $0.hasPrefix("sqlite_") }) { others = found }
        guard !others.isEmpty else { return }
        throw BNCError.configuration(
            "\(what): \(path) is another program's database (tables \(others.sorted().prefix(5).joined(separator: ", "))); it is left as it is",
            hint: "name another file; bnc never writes over a database it did not make")
    }

    /// The tables of the database at `path`, opened with `flags`; the SQLite code and message when it cannot say.
    private static func tableNames(_ path: String, flags: Int32) -> Result<[String], SchemaFailure> {
        var db: OpaquePointer?
        let rc = bnc_sqlite3_open_v2(path, &db, flags, nil)
        guard let db else { return .failure(SchemaFailure(code: rc, message: "cannot open")) }
        defer { bnc_sqlite3_close(db) }
        func failed() -> SchemaFailure { SchemaFailure(code: bnc_sqlite3_errcode(db), message: String(cString: bnc_sqlite3_errmsg(db))) }
        guard rc == SQLITE_OK else { return .failure(failed()) }
        bnc_sqlite3_busy_timeout(db, 5000)  // another bnc writing its state.db at this moment is waited for
        var statement: OpaquePointer?
        guard bnc_sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table'", -1, &statement, nil) == SQLITE_OK else {
            return .failure(failed())
        }
        defer { bnc_sqlite3_finalize(statement) }
        var names: [String] = []
        while true {
            let step = bnc_sqlite3_step(statement)
            if step == SQLITE_DONE { return .success(names) }
            guard step == SQLITE_ROW else { return .failure(failed()) }
            if let name = bnc_sqlite3_column_text(statement, 0) { names.append(String(cString: name)) }
        }
    }

    struct SchemaFailure: Error {
        let code: Int32
        let message: String
    }

    /// The file begins with SQLite's 16-byte header ("SQLite format 3\0").
    static func hasSQLiteHeader(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)  // a link to a database is judged as the database
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 16)
        guard head.withUnsafeMutableBytes({ pread(fd, $0.baseAddress, 16, 0) }) == 16 else { return false }
        return head == Array("SQLite format 3".utf8) + [0]
    }

    deinit {
        for statement in statements.values { bnc_sqlite3_finalize(statement) }
        bnc_sqlite3_close_v2(handle)
    }

    private let what: String

    private func error(_ action: String) -> BNCError {
        let code = bnc_sqlite3_errcode(handle)
        if Self.isDamaged(code) { return damaged() }
        return BNCError(Self.kind(code), "\(action) (\(path)): \(String(cString: bnc_sqlite3_errmsg(handle)))")
    }

    /// A file SQLite cannot read as a database (damaged, or not one): a configuration error naming it, with the
    /// command that moves it aside so a new one is made.
    private func damaged() -> BNCError { Self.damaged(what: what, path: path, message: String(cString: bnc_sqlite3_errmsg(handle))) }

    static func damaged(what: String, path: String, message: String) -> BNCError {
        BNCError.configuration("\(what) \(path) is damaged or not a database (\(message)); it is left as it is",
                               hint: "move it away and run again: mv \(ShellQuote.quote(path)) \(ShellQuote.quote(path + ".damaged"))")
    }

    static func isDamaged(_ rc: Int32) -> Bool { rc & 0xff == SQLITE_CORRUPT || rc & 0xff == SQLITE_NOTADB }

    /// What a SQLite result code means for the exit status: a full disk or an I/O error is 74, a database
    /// held by another process 75; anything else is a bug (70).
    static func kind(_ rc: Int32, default other: BNCError.Kind = .internal) -> BNCError.Kind {
        switch rc & 0xff {
        case SQLITE_FULL, SQLITE_IOERR, SQLITE_READONLY, SQLITE_CANTOPEN: .io
        case SQLITE_BUSY, SQLITE_LOCKED: .temporary
        default: other
        }
    }

    /// Runs one or more statements that take no parameters and return no rows.
    public func execute(_ sql: String) throws(BNCError) {
        var message: UnsafeMutablePointer<CChar>?
        if bnc_sqlite3_exec(handle, sql, nil, nil, &message) != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            bnc_sqlite3_free(message)
            if Self.isDamaged(bnc_sqlite3_errcode(handle)) { throw damaged() }
            throw BNCError(Self.kind(bnc_sqlite3_errcode(handle)), "SQLite (\(path)): \(text)")
        }
    }

    /// Runs one statement with parameters; returns every row as an array of values.
    @discardableResult
    public func query(_ sql: String, _ parameters: [SQLValue] = []) throws(BNCError) -> [[SQLValue]] {
        let statement: OpaquePointer
        var kept = true
        if let cached = statements[sql] {
            statement = cached
        } else {
            var fresh: OpaquePointer?
            guard bnc_sqlite3_prepare_v2(handle, sql, -1, &fresh, nil) == SQLITE_OK, let fresh else {
                throw error("cannot prepare \(sql.prefix(40))")
            }
            statement = fresh
            if statements.count < 64 { statements[sql] = fresh } else { kept = false }
        }
        defer {
            if kept {
                bnc_sqlite3_reset(statement)
                bnc_sqlite3_clear_bindings(statement)
            } else {
                bnc_sqlite3_finalize(statement)
            }
        }
        for (i, value) in parameters.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value {
            case .null: rc = bnc_sqlite3_bind_null(statement, index)
            case .integer(let v): rc = bnc_sqlite3_bind_int64(statement, index, v)
            case .real(let v): rc = bnc_sqlite3_bind_double(statement, index, v)
            case .text(let s): rc = bnc_sqlite3_bind_text(statement, index, s, -1)
            case .blob(let b):
                rc = b.withUnsafeBytes { bnc_sqlite3_bind_blob(statement, index, $0.baseAddress, Int32(b.count)) }
            }
            if rc != SQLITE_OK { throw error("cannot bind parameter \(index)") }
        }
        var rows: [[SQLValue]] = []
        while true {
            let rc = bnc_sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw error("cannot run \(sql.prefix(40))") }
            var row: [SQLValue] = []
            for c in 0..<bnc_sqlite3_column_count(statement) {
                switch bnc_sqlite3_column_type(statement, c) {
                case SQLITE_INTEGER: row.append(.integer(bnc_sqlite3_column_int64(statement, c)))
                case SQLITE_FLOAT: row.append(.real(bnc_sqlite3_column_double(statement, c)))
                case SQLITE_NULL: row.append(.null)
                case SQLITE_BLOB:
                    let count = Int(bnc_sqlite3_column_bytes(statement, c))
                    let bytes = bnc_sqlite3_column_blob(statement, c)
                    row.append(.blob(count > 0 && bytes != nil ? Array(UnsafeRawBufferPointer(start: bytes, count: count)) : []))
                default: row.append(.text(String(cString: bnc_sqlite3_column_text(statement, c))))
                }
            }
            rows.append(row)
        }
        return rows
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(bnc_sqlite3_changes(handle)) }

    /// Runs `body` in one transaction (BEGIN IMMEDIATE: writers queue instead of failing later).
    @discardableResult
    public func transaction<T>(_ body: () throws(BNCError) -> T) throws(BNCError) -> T {
        try query("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try query("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}
