// The versioned schema of bnc's databases, owned by Core. Each part of a database (bnc-open's devices and the
// AdServices cache in state.db; a batch journal in its own file) declares its tables as numbered steps; Core
// records the version each part reached in that database's `bnc_schema` table, brings every part up to date in
// one transaction when the database is opened, and refuses (exit 78) a database a newer bnc wrote.

/// One part of a database: its name and the steps that bring its tables from each version to the next.
public struct StoreSchema: Sendable {
    /// A step throws BNCError only (untyped here: Swift 6.3's SILGen crashes on stored typed-throws functions).
    public typealias Step = @Sendable (SQLiteDatabase) throws -> Void
    public typealias Marker = @Sendable (SQLiteDatabase) throws -> Int

    /// The part's name in `bnc_schema` (`devices`, `adservices_cache`, `journal`).
    public let name: String
    /// The steps in order: after step i the part is at version i + 1. A step only ever adds to what the steps
    /// before it made (new tables, new columns, converted rows), so a database at any version can be brought up.
    public let steps: [Step]
    /// The version of a database written before `bnc_schema` existed, read from the part's own older marker
    /// (`PRAGMA user_version`, a meta table); nil: such a database is taken as version 0.
    public let legacyVersion: Marker?

    public init(_ name: String, steps: [Step], legacyVersion: Marker? = nil) {
        self.name = name
        self.steps = steps
        self.legacyVersion = legacyVersion
    }

    /// The version this bnc writes.
    public var version: Int { steps.count }
}

extension SQLiteDatabase {
    /// Brings each part to its version in one transaction, recording the versions in `bnc_schema`. A part at a
    /// version newer than this bnc knows is refused (exit 78) before anything changes, naming `what` and `hint`.
    public func migrate(_ parts: [StoreSchema], what: String, hint: String) throws(BNCError) {
        try execute("CREATE TABLE IF NOT EXISTS bnc_schema (part TEXT PRIMARY KEY, version INTEGER NOT NULL)")
        /// The parts not at their version yet, with the version each is at (refusing one that is newer).
        func behind() throws(BNCError) -> [(StoreSchema, Int)] {
            let recorded = try schemaVersions()
            var out: [(StoreSchema, Int)] = []
            for part in parts {
                var version = recorded[part.name] ?? 0
                if recorded[part.name] == nil, let marker = part.legacyVersion { version = try Self.run { () throws in try marker(self) } }
                if version > part.version {
                    throw BNCError.configuration("\(what) \(path) was written by a newer bnc (\(part.name) schema \(version); this bnc knows \(part.version))",
                                                 hint: hint)
                }
                if version < part.version || recorded[part.name] == nil { out.append((part, version)) }
            }
            return out
        }
        // Most opens find every part current and write nothing.
        guard try !behind().isEmpty else { return }
        try transaction { () throws(BNCError) in
            // Again under the write lock: another process may have migrated in between.
            for (part, version) in try behind() {
                for step in part.steps[version...] { try Self.run { () throws in try step(self) } }
                try query("INSERT OR REPLACE INTO bnc_schema (part, version) VALUES (?, ?)", [.text(part.name), .integer(Int64(part.version))])
            }
        }
    }

    /// Runs a step, passing on its BNCError (a step throws nothing else; anything else is a bug, reported as one).
    private static func run<T>(_ body: () throws -> T) throws(BNCError) -> T {
        do { return try body() } catch let e as BNCError { throw e } catch {
            throw BNCError(.internal, "a schema step failed: \(error)")
        }
    }

    /// The version each part of this database is at, from `bnc_schema` (`bnc doctor` and tests read it).
    public func schemaVersions() throws(BNCError) -> [String: Int] {
        var versions: [String: Int] = [:]
        for row in try query("SELECT part, version FROM bnc_schema WHERE 1") {
            if let part = row[0].text, let version = row[1].integer { versions[part] = Int(version) }
        }
        return versions
    }
}
