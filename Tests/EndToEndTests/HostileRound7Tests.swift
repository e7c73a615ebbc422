// Users' files and secrets, round 7 (a QA sweep with full and read-only disks, other programs' databases and
// echoing servers): a SQLite database SQLite could not read at that moment (a crashed writer's hot journal, a
// damaged schema) was taken for bnc's own journal and deleted.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound7Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_live_round7PLACEHOLDER", secret = "secret_live_PLACEHOLDER_round7"
    static let token = "api_app_PLACEHOLDER_round7", app = "123456789"

    func python(_ script: String) throws {
        let r = try box.run("/usr/bin/env", ["python3", "-c", script])
        #expect(r.status == 0 || r.status == 9, "\(r.stderr)")
    }

    /// A user's database that SQLite would not read read-only — its writer crashed mid-transaction (a hot rollback
    /// journal beside it), or one schema entry is damaged — was taken for bnc's own journal: deleted and replaced,
    /// exit 0. It is refused and left as it is: the committed rows stay (the crashed transaction rolled back, as
    /// any reader of it would), and a damaged schema is named.
    @Test func aDatabaseSQLiteCannotListIsNeverTakenForAJournal() throws {
        let db = box.root.appendingPathComponent("app.db").path
        try python("""
        import sqlite3, os
        c = sqlite3.connect('\(db)', isolation_level=None)
        c.execute('create table customers(id integer primary key, name text)')
        c.execute("insert into customers values (1, 'alice'), (2, 'bob')")
        c.execute('PRAGMA cache_size=1'); c.execute('BEGIN')
        for i in range(3, 20000): c.execute('insert into customers values (?, ?)', (i, 'x' * 100))
        os._exit(9)
        """)
        #expect(FileManager.default.fileExists(atPath: db + "-journal"), "the writer's hot journal")
        let lines = try box.write("ev.ndjson", #"{"name":"EV1","user_data":{"developer_identity":"u1","user_agent":"UA"},"ip":"8.8.4.4"}"# + "\n")
        let env = ["BRANCH_KEY": Self.key, "BNC_API_URL": "http://127.0.0.1:9"]
        for extra in [[], ["--resume"]] {
            let r = try box.run("bnc-event", ["send", "--batch", lines, "--no-state", "--journal", db] + extra, env: env)
            #expect(r.status == 78 && r.stderr.contains("another program's database (tables customers)"), "\(extra): \(r.output)")
        }
        let rows = try box.run("/usr/bin/env", ["python3", "-c", "import sqlite3; print(sqlite3.connect('\(db)').execute('select count(*) from customers').fetchone()[0])"])
        #expect(rows.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2", "the committed rows: \(rows.output)")
        let tables = try box.run("/usr/bin/env", ["python3", "-c", "import sqlite3; print(sorted(r[0] for r in sqlite3.connect('\(db)').execute('select name from sqlite_master')))"])
        #expect(tables.stdout.contains("['customers']"), "no bnc table written into it: \(tables.stdout)")

        let damaged = box.root.appendingPathComponent("damaged.db").path
        try python("""
        import sqlite3
        c = sqlite3.connect('\(damaged)', isolation_level=None)
        c.execute('create table customers(id integer primary key, name text)'); c.execute("insert into customers values (1, 'alice')")
        c.execute('PRAGMA writable_schema=ON'); c.execute("update sqlite_master set sql='CREATE TABLE customers(' where name='customers'")
        """)
        let before = try Data(contentsOf: URL(fileURLWithPath: damaged))
        let r = try box.run("bnc-event", ["send", "--batch", lines, "--no-state", "--journal", damaged], env: env)
        #expect(r.status == 78 && r.stderr.contains("cannot read the tables of \(damaged), a SQLite database") && r.stderr.contains("malformed"), "\(r.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: damaged)) == before, "left byte for byte")
        let state = try box.run("bnc-sandbox", ["--port", "0", "--state", damaged])
        #expect(state.status == 78 && state.stderr.contains("--state: cannot read the tables"), "\(state.output)")
    }
}
