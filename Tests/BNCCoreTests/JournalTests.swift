// The batch journal's storage: rows replayed in order, folded at the start of a run, schema 1 converted,
// damaged or newer journals refused with the journal named.
import Foundation
import Testing
import TestSupport
@testable import BNCCore

@Suite struct JournalTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    var path: String { box.root.appendingPathComponent("j.db").path }

    @Test func rowsReplayInOrderAndBeginFoldsThem() throws {
        do {
            let journal = try BatchJournal(path: path)
            for line in 1...5 { journal.sending(line) }
            try journal.commit()
            journal.acknowledge(1, status: 200, attempts: 1)
            journal.acknowledge(2, status: 201, attempts: 3)
            journal.settle(3)
            journal.sending(6)
            try journal.commit()
            journal.acknowledge(6, status: 200, attempts: 2)
            try journal.commit()
            try journal.commit()  // nothing queued: no row
            #expect(try journal.unfinished() == [4, 5])
            let acked = try journal.acknowledged()
            #expect(acked.keys.sorted() == [1, 2, 6])
            #expect(acked[2]?.status == 201 && acked[2]?.attempts == 3)
        }
        #expect(try rows() == 3)
        do {
            let journal = try BatchJournal(path: path)
            let begun = try journal.begin()
            #expect(begun.ambiguous == 2)
            #expect(begun.acknowledged.keys.sorted() == [1, 2, 6] && begun.acknowledged[6]?.attempts == 2)
            #expect(try journal.unfinished().isEmpty)
            #expect(try journal.begin().ambiguous == 0)
        }
        #expect(try rows() == 1, "folded into one row")
    }

    @Test func largeNumbersRoundTrip() throws {
        let journal = try BatchJournal(path: path)
        let lines = [1, 127, 128, 16_383, 16_384, 2_000_000_000, Int(Int32.max) * 4]
        for line in lines { journal.acknowledge(line, status: 599, attempts: 300) }
        try journal.commit()
        let acked = try journal.acknowledged()
        #expect(acked.keys.sorted() == lines)
        #expect(acked.values.allSatisfy { $0.status == 599 && $0.attempts == 300 })
    }

    @Test func leb128RefusesMalformedNumbers() {
        for value: UInt64 in [0, 1, 127, 128, 255, 300, 1 << 35, UInt64.max] {
            var bytes: [UInt8] = []
            LEB128.append(value, to: &bytes)
            var reader = LEB128.Reader(bytes)
            #expect(reader.next() == value)
            #expect(reader.next() == nil && !reader.failed)
        }
        for bad: [UInt8] in [[0x80], [0xff, 0xff], Array(repeating: 0xff, count: 9) + [0x02], Array(repeating: 0x80, count: 11)] {
            var reader = LEB128.Reader(bad)
            #expect(reader.next() == nil)
            #expect(reader.failed, "\(bad)")
        }
    }

    @Test func aSchemaOneJournalIsConverted() throws {
        do {
            let db = try SQLiteDatabase(path: path)
            try db.execute("""
                CREATE TABLE acknowledged (line INTEGER PRIMARY KEY, status INTEGER NOT NULL, attempts INTEGER NOT NULL);
                CREATE TABLE in_flight (line INTEGER PRIMARY KEY);
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                INSERT INTO acknowledged VALUES (1, 200, 1), (2, 202, 4);
                INSERT INTO in_flight VALUES (2), (3);
                INSERT INTO meta VALUES ('fingerprint', 'f1');
                """)
        }
        do {
            let journal = try BatchJournal(path: path)
            #expect(try journal.acknowledged().keys.sorted() == [1, 2])
            #expect(try journal.acknowledged()[2]?.attempts == 4)
            #expect(try journal.unfinished() == [3])
            try journal.bind(input: "in", fingerprint: "f1")  // the fingerprint survives
        }
        let db = try SQLiteDatabase(path: path)
        #expect(try db.query("SELECT name FROM sqlite_master WHERE name IN ('acknowledged', 'in_flight')").isEmpty)
        #expect(try db.query("PRAGMA user_version").first?[0].integer == 2, "the legacy marker stays at 2: versions since are in bnc_schema")
    }

    @Test func aDamagedJournalIsRefusedByName() throws {
        for blob: [UInt8] in [[0x80], [0x05, 0xc8]] {  // a number cut short; an acknowledgement without attempts
            try? FileManager.default.removeItem(atPath: path)
            do {
                let journal = try BatchJournal(path: path)
                journal.sending(1)
                try journal.commit()
            }
            do {
                let db = try SQLiteDatabase(path: path)
                try db.query("INSERT INTO rounds (sent, acknowledged, settled) VALUES (?, ?, ?)", [.blob([]), .blob(blob), .blob([])])
            }
            let journal = try BatchJournal(path: path)
            do {
                _ = try journal.begin()
                Issue.record("a damaged journal was read")
            } catch {
                #expect(error.kind == .configuration)
                #expect(error.message.contains("the journal \(path) is damaged"))
            }
        }
    }

    /// Input read once keeps each line's digest as it was read; a journal with acknowledgements and no digests
    /// (a bnc before schema 3) is told apart, so a resume can say it cannot check its input.
    @Test func digestsAreKeptFoldedAndTheirAbsenceTold() throws {
        do {
            let journal = try BatchJournal(path: path)
            journal.acknowledge(1, status: 200, attempts: 1)
            try journal.commit()
            #expect(try journal.lacksDigests())
            journal.read(1, digest: 0xDEAD_BEEF_0000_0001)
            journal.read(2, digest: UInt64.max)
            try journal.commit()
            #expect(try !journal.lacksDigests())
        }
        let journal = try BatchJournal(path: path)
        let begun = try journal.begin()  // folds the rounds into one
        #expect(begun.digests == [1: 0xDEAD_BEEF_0000_0001, 2: UInt64.max])
        #expect(try BatchJournal(path: path + "2").begin().digests.isEmpty)
        _ = journal
    }

    @Test func aJournalFromANewerBncIsRefused() throws {
        do {
            let db = try SQLiteDatabase(path: path)
            try db.execute("PRAGMA user_version = \(BatchJournal.schema + 1)")
        }
        #expect { try BatchJournal(path: path) } throws: { error in
            (error as? BNCError)?.message.contains("written by a newer bnc") == true
        }
    }

    @Test func aNewJournalUsesSmallPagesAndAnOldOneKeepsItsOwn() throws {
        do { _ = try BatchJournal(path: path) }
        #expect(try SQLiteDatabase(path: path).query("PRAGMA page_size").first?[0].integer == 1024)
        let other = box.root.appendingPathComponent("old.db").path
        do {
            // A journal of an older bnc (schema 1's tables), made with SQLite's default pages.
            let db = try SQLiteDatabase(path: other)
            try db.execute("CREATE TABLE acknowledged (line INTEGER PRIMARY KEY, status INTEGER, attempts INTEGER); CREATE TABLE in_flight (line INTEGER PRIMARY KEY)")
        }
        do {
            let journal = try BatchJournal(path: other)
            journal.sending(1)
            try journal.commit()
            #expect(try journal.unfinished() == [1])
        }
        #expect(try SQLiteDatabase(path: other).query("PRAGMA page_size").first?[0].integer == 4096)
    }

    /// Another program's database is no journal: refused (78), whatever `fresh` says, and left as it was.
    @Test func anotherDatabaseIsNeverTakenForAJournal() throws {
        let other = box.root.appendingPathComponent("app.db").path
        do {
            let db = try SQLiteDatabase(path: other)
            try db.execute("CREATE TABLE precious (x); INSERT INTO precious VALUES (42)")
        }
        for fresh in [true, false] {
            #expect { try BatchJournal(path: other, fresh: fresh) } throws: { ($0 as? BNCError)?.exitStatus == .configuration }
        }
        #expect(try SQLiteDatabase(path: other).query("SELECT x FROM precious").first?[0].integer == 42)
    }

    private func rows() throws -> Int64 {
        try SQLiteDatabase(path: path).query("SELECT count(*) FROM rounds").first?[0].integer ?? -1
    }
}
