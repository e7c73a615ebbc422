// The lookup cache: keyed by the token's SHA-256 (never the token), kept for the token's life, schema-versioned.
import BNCCore
import Foundation
import Testing
@testable import BNCASA

@Suite struct CacheTests {
    func path() -> String { NSTemporaryDirectory() + "bnc-asa-cache-\(UUID().uuidString)/state.db" }

    @Test func keyedByTheTokensHashAndKeptForItsLife() throws {
        #expect(LookupCache.key("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "SHA-256 test vector")
        let p = path()
        let cache = try LookupCache(path: p)
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
        _ = try LookupCache(path: p)
        try SQLiteDatabase(path: p).execute("UPDATE asa_cache_meta SET value = 9 WHERE key = 'schema'")
        #expect { try LookupCache(path: p) } throws: { ($0 as? BNCError)?.exitStatus == .configuration }
    }
}
