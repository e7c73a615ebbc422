// Core's versioned schema: parts brought up step by step in one transaction, versions recorded, newer refused.
import Foundation
import Testing
@testable import BNCCore

@Suite final class StoreSchemaTests {
    let path = NSTemporaryDirectory() + "bnc-schema-\(UUID().uuidString).db"
    deinit { for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) } }

    static let one = StoreSchema("one", steps: [
        { db in try db.execute("CREATE TABLE a (x INTEGER)") },
        { db in try db.execute("ALTER TABLE a ADD COLUMN y TEXT") },
    ])
    static let other = StoreSchema("other", steps: [{ db in try db.execute("CREATE TABLE b (z INTEGER)") }])

    @Test func partsAreBroughtUpAndRecorded() throws {
        let db = try SQLiteDatabase(path: path)
        try db.migrate([StoreSchema("one", steps: [Self.one.steps[0]])], what: "test", hint: "h")
        #expect(try db.schemaVersions() == ["one": 1])
        try db.query("INSERT INTO a (x) VALUES (1)")
        try db.migrate([Self.one, Self.other], what: "test", hint: "h")
        #expect(try db.schemaVersions() == ["one": 2, "other": 1])
        #expect(try db.query("SELECT x, y FROM a") == [[.integer(1), .null]], "version 1's rows kept, version 2's column added")
        try db.migrate([Self.one, Self.other], what: "test", hint: "h")  // current: nothing runs again
        #expect(try db.query("SELECT count(*) FROM b") == [[.integer(0)]])
    }

    @Test func aNewerPartIsRefusedAndAFailingStepChangesNothing() throws {
        let db = try SQLiteDatabase(path: path)
        try db.migrate([Self.one], what: "test", hint: "h")
        try db.execute("UPDATE bnc_schema SET version = 5")
        #expect { try db.migrate([Self.one], what: "the test database", hint: "use the newer one") } throws: {
            let e = $0 as? BNCError
            return e?.exitStatus == .configuration && e?.message.contains("was written by a newer bnc (one schema 5; this bnc knows 2)") == true
        }
        let broken = StoreSchema("broken", steps: [
            { db in try db.execute("CREATE TABLE c (x INTEGER)") },
            { _ in throw BNCError.configuration("step two failed") },
        ])
        #expect(throws: BNCError.self) { try db.migrate([broken], what: "test", hint: "h") }
        #expect(try db.query("SELECT name FROM sqlite_master WHERE name = 'c'").isEmpty, "rolled back whole")
        #expect(try db.schemaVersions()["broken"] == nil)
    }

    @Test func theStateDatabaseHoldsEveryPart() throws {
        let store = try StateStore(path: path)
        #expect(try store.schemaVersions() == Dictionary(uniqueKeysWithValues: StateStore.parts.map { ($0.name, $0.version) }))
        try store.keepAnswer("{}", tokenHash: "h", now: 10, expiresAt: 20)
        #expect(try store.cachedAnswer(tokenHash: "h", now: 15) == "{}")
        #expect(try store.cachedAnswer(tokenHash: "h", now: 20) == nil, "not once it no longer holds")
    }
}
