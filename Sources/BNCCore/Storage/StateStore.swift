// What the APIs ask a client to keep (DESIGN.md §8), in $XDG_STATE_HOME/bnc/state.db, which Core owns: per Branch
// key and device, whether it has had its first session and the randomized tokens Branch issued; AdServices
// answers for a token's life, keyed by the token's hash. Every part's tables and migrations are declared here
// (`parts`) and brought up to date together on open; the API modules keep no database of their own. WAL mode and
// a busy timeout make concurrent bnc processes safe; every update is one transaction.

/// A device as bnc-open remembers it.
public struct DeviceState: Sendable, Equatable {
    public var branchKey: String
    public var device: String
    public var randomizedBundleToken: String?
    public var randomizedDeviceToken: String?
    public var identity: String?
    public var sessions: Int
    public var firstSeen: Double
    public var lastSeen: Double

    public var json: JSON {
        var o: JSONObject = ["branch_key": .string(branchKey), "device": .string(device), "sessions": .int(sessions),
                             "first_seen": .int(Int(firstSeen)), "last_seen": .int(Int(lastSeen))]
        o["randomized_bundle_token"] = randomizedBundleToken.map(JSON.string) ?? .null
        o["randomized_device_token"] = randomizedDeviceToken.map(JSON.string) ?? .null
        o["identity"] = identity.map(JSON.string) ?? .null
        return .object(o)
    }
}

/// The state database: per Branch key and device, its sessions and the tokens Branch issued (bnc-open,
/// bnc-event); AdServices answers by token hash (bnc-asa).
public final class StateStore {
    private let db: SQLiteDatabase
    public let path: String

    /// Opens (creating) the state database; `directory` is created private to the user.
    public init(path: String) throws(BNCError) {
        self.path = path
        if let slash = path.lastIndex(of: "/") { FileSystem.makeDirectories(String(path[..<slash])) }
        // Another program's database at the path is refused, not given bnc's tables beside its own.
        try SQLiteDatabase.requireOwnSchema(path, tables: ["open_devices", "asa_cache", "asa_cache_meta", "bnc_schema"], what: "state database")
        db = try SQLiteDatabase(path: path, what: "state database")
        try db.migrate(Self.parts, what: "the state database", hint: "use the newer bnc, or move the file aside to start afresh")
    }

    /// Every part of state.db with its migrations, in one versioned schema.
    public static let parts = [devices, adServicesCache]

    /// bnc-open's devices. Version 1: per key and device, the tokens Branch issued and the sessions seen.
    static let devices = StoreSchema("devices", steps: [createDevices])

    private static func createDevices(_ db: SQLiteDatabase) throws {
            try db.execute("""
                CREATE TABLE IF NOT EXISTS open_devices (
                    branch_key TEXT NOT NULL, device TEXT NOT NULL, randomized_bundle_token TEXT, randomized_device_token TEXT,
                    identity TEXT, sessions INTEGER NOT NULL DEFAULT 0, first_seen REAL NOT NULL, last_seen REAL NOT NULL,
                    PRIMARY KEY (branch_key, device))
                """)
    }

    /// bnc-asa's answers. Version 1: the answer as JSON by the token's hash (never the token, a credential),
    /// when it was read and until when it holds. Before `bnc_schema`, the version was in `asa_cache_meta`.
    static let adServicesCache = StoreSchema("adservices_cache", steps: [createAdServicesCache], legacyVersion: adServicesCacheMarker)

    private static func createAdServicesCache(_ db: SQLiteDatabase) throws {
            try db.execute("""
                CREATE TABLE IF NOT EXISTS asa_cache (token_hash TEXT PRIMARY KEY, record TEXT NOT NULL,
                                                      fetched_at REAL NOT NULL, expires_at REAL NOT NULL);
                DROP TABLE IF EXISTS asa_cache_meta;
                """)
    }

    private static func adServicesCacheMarker(_ db: SQLiteDatabase) throws -> Int {
        guard try !db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'asa_cache_meta'").isEmpty else { return 0 }
        return Int(try db.query("SELECT value FROM asa_cache_meta WHERE key = 'schema'").first?[0].integer ?? 0)
    }

    public static func defaultPath(_ environment: Environment) -> String { environment.stateDirectory + "/state.db" }

    public func device(key: String, device: String) throws(BNCError) -> DeviceState? {
        try devices(key: key, device: device).first
    }

    /// Devices, optionally of one key and/or one device id.
    public func devices(key: String? = nil, device: String? = nil) throws(BNCError) -> [DeviceState] {
        var sql = "SELECT branch_key, device, randomized_bundle_token, randomized_device_token, identity, sessions, first_seen, last_seen FROM open_devices WHERE 1"
        var params: [SQLValue] = []
        if let key { sql += " AND branch_key = ?"; params.append(.text(key)) }
        if let device { sql += " AND device = ?"; params.append(.text(device)) }
        sql += " ORDER BY last_seen DESC"
        return try db.query(sql, params).map { r in
            DeviceState(branchKey: r[0].text ?? "", device: r[1].text ?? "", randomizedBundleToken: r[2].text,
                        randomizedDeviceToken: r[3].text, identity: r[4].text, sessions: Int(r[5].integer ?? 0),
                        firstSeen: Self.real(r[6]), lastSeen: Self.real(r[7]))
        }
    }

    private static func real(_ v: SQLValue) -> Double {
        switch v {
        case .real(let d): d
        case .integer(let i): Double(i)
        default: 0
        }
    }

    /// Records a session answered by Branch, keeping tokens already known when the answer has none.
    public func recordSession(key: String, device: String, bundleToken: String?, deviceToken: String?, identity: String?,
                              at time: Double) throws(BNCError) {
        try db.transaction { () throws(BNCError) in
            try db.query("""
                INSERT INTO open_devices (branch_key, device, randomized_bundle_token, randomized_device_token, identity, sessions, first_seen, last_seen)
                VALUES (?, ?, ?, ?, ?, 1, ?, ?)
                ON CONFLICT (branch_key, device) DO UPDATE SET
                    randomized_bundle_token = COALESCE(excluded.randomized_bundle_token, randomized_bundle_token),
                    randomized_device_token = COALESCE(excluded.randomized_device_token, randomized_device_token),
                    identity = COALESCE(excluded.identity, identity),
                    sessions = sessions + 1, last_seen = excluded.last_seen
                """, [.text(key), .text(device), bundleToken.map(SQLValue.text) ?? .null, deviceToken.map(SQLValue.text) ?? .null,
                      identity.map(SQLValue.text) ?? .null, .real(time), .real(time)])
        }
    }

    /// A kept AdServices answer (JSON text) for a token's hash, while it holds.
    public func cachedAnswer(tokenHash: String, now: Double) throws(BNCError) -> String? {
        try db.query("SELECT record FROM asa_cache WHERE token_hash = ? AND expires_at > ?", [.text(tokenHash), .real(now)]).first?[0].text
    }

    /// Keeps an AdServices answer until `expiresAt`, and forgets the answers that no longer hold.
    public func keepAnswer(_ text: String, tokenHash: String, now: Double, expiresAt: Double) throws(BNCError) {
        try db.transaction { () throws(BNCError) in
            try db.query("INSERT OR REPLACE INTO asa_cache (token_hash, record, fetched_at, expires_at) VALUES (?, ?, ?, ?)",
                         [.text(tokenHash), .text(text), .real(now), .real(expiresAt)])
            try db.query("DELETE FROM asa_cache WHERE expires_at <= ?", [.real(now)])
        }
    }

    /// The version of each part, as `bnc_schema` records it.
    public func schemaVersions() throws(BNCError) -> [String: Int] { try db.schemaVersions() }

    /// Forgets devices; returns how many.
    @discardableResult
    public func forget(key: String?, device: String?) throws(BNCError) -> Int {
        var sql = "DELETE FROM open_devices WHERE 1"
        var params: [SQLValue] = []
        if let key { sql += " AND branch_key = ?"; params.append(.text(key)) }
        if let device { sql += " AND device = ?"; params.append(.text(device)) }
        try db.query(sql, params)
        return db.changes
    }
}
