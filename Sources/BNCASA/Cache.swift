// Lookups kept for the token's life in the state database, so a repeat does not call Apple again. Keyed by the
// SHA-256 of the token — never the token, a credential — in a table with its own schema version.
import BNCCore
import COpenSSL

/// AdServices lookups kept in SQLite until the token expires, keyed by the token's SHA-256, never the token.
public struct LookupCache {
    /// The table's layout version; `migrate` brings older databases up to it.
    public static let schemaVersion = 1
    let db: SQLiteDatabase

    public init(path: String) throws(BNCError) {
        if let slash = path.lastIndex(of: "/") { FileSystem.makeDirectories(String(path[..<slash])) }
        db = try SQLiteDatabase(path: path, what: "AdServices cache")
        try migrate()
    }

    /// Version 1: token_hash -> the record as JSON, when it was read, until when it holds.
    func migrate() throws(BNCError) {
        try db.execute("CREATE TABLE IF NOT EXISTS asa_cache_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)")
        let version = try db.query("SELECT value FROM asa_cache_meta WHERE key = 'schema'").first?[0].integer ?? 0
        if version > Int64(Self.schemaVersion) {
            throw BNCError.configuration("the AdServices cache in \(db.path) has schema \(version), newer than this bnc-asa knows (\(Self.schemaVersion))",
                                         hint: "use the newer bnc-asa, or --no-cache")
        }
        if version < 1 {
            try db.execute("""
                CREATE TABLE IF NOT EXISTS asa_cache (token_hash TEXT PRIMARY KEY, record TEXT NOT NULL,
                                                      fetched_at REAL NOT NULL, expires_at REAL NOT NULL);
                INSERT OR REPLACE INTO asa_cache_meta (key, value) VALUES ('schema', 1);
                """)
        }
    }

    /// The hex SHA-256 of a token: what the cache keys on.
    public static func key(_ token: String) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let bytes = Array(token.utf8)
        _ = bytes.withUnsafeBytes { bnc_sha256($0.baseAddress, $0.count, &digest) }
        return Hex.encode(digest, upper: false)
    }

    /// The record kept for a token, while it holds.
    public func record(for token: String, now: Double) throws(BNCError) -> AttributionRecord? {
        guard let text = try db.query("SELECT record FROM asa_cache WHERE token_hash = ? AND expires_at > ?",
                                      [.text(Self.key(token)), .real(now)]).first?[0].text,
              case .object(let o)? = try? JSON.parse(text) else { return nil }
        return AttributionRecord(o)
    }

    /// Keeps a record until the token expires (24 hours after it was made; from now when that is unknown).
    public func store(_ record: AttributionRecord, for token: String, generatedAt: Double?, now: Double) throws(BNCError) {
        let expires = (generatedAt ?? now) + AdServices.tokenLife
        try db.query("INSERT OR REPLACE INTO asa_cache (token_hash, record, fetched_at, expires_at) VALUES (?, ?, ?, ?)",
                     [.text(Self.key(token)), .text(JSON.object(record.raw).serialized()), .real(now), .real(expires)])
        try db.query("DELETE FROM asa_cache WHERE expires_at <= ?", [.real(now)])
    }
}
