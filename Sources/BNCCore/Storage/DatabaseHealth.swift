// What `bnc doctor` reports of one of bnc's databases (state.db, a batch journal): its size, each part's schema
// version against the one this bnc writes, and SQLite's own check of its pages. Read only: nothing is migrated.

/// The health of one database file.
public struct DatabaseHealth: Sendable {
    public let path: String
    public let bytes: Int
    /// Each part's version as the file records it (`bnc_schema`).
    public let versions: [String: Int]
    /// The parts a newer bnc wrote (this bnc refuses the file), and those an older one did (the next run migrates).
    public let newer: [String]
    public let older: [String]
    /// "ok", or SQLite's first complaint (`PRAGMA quick_check`).
    public let integrity: String

    /// Inspects the file at `path` against `parts`; a file SQLite cannot read throws (exit 78, naming it).
    public static func inspect(_ path: String, parts: [StoreSchema], what: String) throws(BNCError) -> DatabaseHealth {
        let bytes = FileSystem.regularFileSize(path) ?? 0
        let db = try SQLiteDatabase(path: path, what: what)
        let hasSchema = try !db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'bnc_schema'").isEmpty
        let versions = hasSchema ? try db.schemaVersions() : [:]
        let integrity = try db.query("PRAGMA quick_check").first?.first?.text ?? "no answer"
        return DatabaseHealth(path: path, bytes: bytes, versions: versions,
                              newer: parts.filter { (versions[$0.name] ?? 0) > $0.version }.map(\.name),
                              older: parts.filter { (versions[$0.name] ?? 0) < $0.version }.map(\.name),
                              integrity: integrity)
    }
}
