// The lookup cache: keyed by the token's SHA-256 (never the token), kept for the token's life, schema-versioned.
import BNCCore
import Foundation
import Testing
@testable import BNCASA

@Suite final class CacheTests {
    let dir = NSTemporaryDirectory() + "bnc-asa-cache-\(UUID().uuidString)"
    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func path() -> String { dir + "/\(UUID().uuidString)/state.db" }

    @Test func keyedByTheTokensHashAndKeptForItsLife() throws {
        #expect(LookupCache.key("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "SHA-256 test vector")
        let p = path()
        let cache = LookupCache(store: try StateStore(path: p))
        let record = AttributionRecord(["attribution": true, "campaignId": 42])
        try cache.store(record, for: "TOKEN+/value==", generatedAt: 1_000, now: 2_000)
        #expect(try cache.record(for: "TOKEN+/value==", now: 3_000)?.id("campaignId") == 42)
        #expect(try cache.record(for: "TOKEN+/value==", now: 1_000 + 86_401) == nil, "gone when the token is")
        #expect(try cache.record(for: "other", now: 3_000) == nil)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: p))
        #expect(bytes.range(of: Data("TOKEN+/value==".utf8)) == nil, "the token itself is never stored")
    }

    @Test func aNewerSchemaIsRefused() throws {
        let p = path()
        _ = try StateStore(path: p)
        try SQLiteDatabase(path: p).execute("UPDATE bnc_schema SET version = 9 WHERE part = 'adservices_cache'")
        #expect { try StateStore(path: p) } throws: {
            ($0 as? BNCError)?.exitStatus == .configuration && ($0 as? BNCError)?.message.contains("adservices_cache schema 9") == true
        }
    }

    /// A cache written before state.db had one schema (its version in asa_cache_meta) is taken as it is.
    @Test func theOlderCacheMarkerIsRead() throws {
        let p = path()
        FileSystem.makeDirectories(String(p[..<p.lastIndex(of: "/")!]))
        let old = try SQLiteDatabase(path: p)
        try old.execute("""
            CREATE TABLE asa_cache_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
            INSERT INTO asa_cache_meta VALUES ('schema', 1);
            CREATE TABLE asa_cache (token_hash TEXT PRIMARY KEY, record TEXT NOT NULL, fetched_at REAL NOT NULL, expires_at REAL NOT NULL);
            """)
        try old.query("INSERT INTO asa_cache VALUES (?, ?, 1, 99999)", [.text(LookupCache.key("T")), .text(#"{"attribution":true}"#)])
        let store = try StateStore(path: p)
        #expect(try store.schemaVersions() == ["devices": 1, "adservices_cache": 1])
        #expect(try LookupCache(store: store).record(for: "T", now: 2)?.raw["attribution"] == true, "the kept answer survives")
        try old.execute("UPDATE asa_cache_meta SET value = 7")
        let newer = path()
        FileSystem.makeDirectories(String(newer[..<newer.lastIndex(of: "/")!]))
        try SQLiteDatabase(path: newer).execute("CREATE TABLE asa_cache_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL); INSERT INTO asa_cache_meta VALUES ('schema', 7);")
        #expect { try StateStore(path: newer) } throws: { ($0 as? BNCError)?.exitStatus == .configuration }
    }
}
