// ASCII case on bytes: header names, query parameter names, log verbs and codes are ASCII tokens, where only
// A-Z and a-z are the same letters — no Unicode case mapping, and no lower-cased copy per comparison (these run
// per response header, per scanned log line, per field check).

/// Case-insensitive operations on ASCII bytes, where only A-Z and a-z fold (no Unicode case mapping).
public enum ASCII {
    /// The byte with A-Z mapped to a-z; every other byte unchanged.
    @inlinable public static func lower(_ b: UInt8) -> UInt8 { b &- 0x41 < 26 ? b | 0x20 : b }

    /// A-Z or a-z.
    @inlinable public static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }

    /// The same bytes, but for the case of ASCII letters.
    @inlinable public static func equalIgnoringCase<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { lower($0) == lower($1) }
    }

    /// `bytes` begins with `prefix`, but for the case of ASCII letters.
    @inlinable public static func hasPrefixIgnoringCase<A: Collection<UInt8>, B: Collection<UInt8>>(_ bytes: A, _ prefix: B) -> Bool {
        bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { lower($0) == lower($1) }
    }
}
