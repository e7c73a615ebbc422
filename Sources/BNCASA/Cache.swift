// Lookups kept for the token's life in the state database, so a repeat does not call Apple again. Keyed by the
// SHA-256 of the token — never the token, a credential. The table is Core's (StateStore): no I/O here.
import BNCCore
import CCrypto

/// AdServices lookups kept in the state database until the token expires, keyed by the token's SHA-256, never
/// the token. Core's StateStore owns the table and its schema; this value only hashes and maps records.
public struct LookupCache {
    let store: StateStore

    public init(store: StateStore) { self.store = store }

    /// The hex SHA-256 of a token: what the cache keys on.
    public static func key(_ token: String) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let bytes = Array(token.utf8)
        let hashed = bytes.withUnsafeBytes { bnc_crypto_sha256($0.baseAddress, $0.count, &digest) } == 1
        // Without libcrypto a key no lookup ever matches: nothing is cached, and no two tokens share a key.
        return hashed ? Hex.encode(digest, upper: false) : "unhashed-" + String(UInt64.random(in: .min ... .max), radix: 16)
    }

    /// The record kept for a token, while it holds.
    public func record(for token: String, now: Double) throws(BNCError) -> AttributionRecord? {
        guard let text = try store.cachedAnswer(tokenHash: Self.key(token), now: now), case .object(let o)? = try? JSON.parse(text) else {
            return nil
        }
        return AttributionRecord(o)
    }

    /// Keeps a record until the token expires (24 hours after it was made; from now when that is unknown). What is
    /// kept is masked as output is: an answer that echoed the token, or held a credential, put it on disk in clear
    /// (QA round 28b), though the cache keys on the token's hash so as never to keep it.
    public func store(_ record: AttributionRecord, for token: String, generatedAt: Double?, now: Double) throws(BNCError) {
        let kept = Redactor(secrets: [Secret(token)]).redact(JSON.object(record.raw))
        try store.keepAnswer(kept.serialized(), tokenHash: Self.key(token), now: now,
                             expiresAt: (generatedAt ?? now) + AdServices.tokenLife)
    }
}
