// ASCII case on bytes: header names, query parameter names, log verbs and codes are ASCII tokens, where only
// A-Z and a-z are the same letters — no Unicode case mapping, and no lower-cased copy per comparison (these run
// per response header, per scanned log line, per field check).

/// Case-insensitive operations on ASCII bytes, where only A-Z and a-z fold (no Unicode case mapping).
public enum ASCII {
    /// The byte with A-Z mapped to a-z; every other byte unchanged.
    @inlinable public static func lower(_ b: UInt8) -> UInt8 { b &- 0x41 < 26 ? b | 0x20 : b }

    /// Only ASCII digits, and at least one (`Character.isNumber` takes "½", "٣" and full-width digits too).
    public static func isDigits(_ s: some StringProtocol) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { $0 &- 0x30 < 10 }
    }

    /// A-Z or a-z.
    @inlinable public static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }

    /// The same bytes, but for the case of ASCII letters.
    @inlinable public static func equalIgnoringCase<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        a.count == b.count && hasPrefixIgnoringCase(a, b)
    }

    /// The same for two Strings, over their UTF-8 buffers (a String.UTF8View walked by index is not).
    public static func equalIgnoringCase(_ a: String, _ b: String) -> Bool {
        a.withUTF8Bytes { x in b.withUTF8Bytes { y in equalIgnoringCase(x, y) } }
    }

    /// ASCII with no upper-case letter: `lowercased()` would return it unchanged.
    public static func isLowerCaseASCII(_ s: String) -> Bool {
        s.withUTF8Bytes { b in
            for c in b where c >= 0x80 || c &- 0x41 < 26 { return false }
            return true
        }
    }

    /// `bytes` begins with `prefix`, but for the case of ASCII letters.
    @inlinable public static func hasPrefixIgnoringCase<A: Collection<UInt8>, B: Collection<UInt8>>(_ bytes: A, _ prefix: B) -> Bool {
        // Indexes rather than zip: zip of two String.UTF8Views is not specialised away (it was 2% of a scan).
        guard bytes.count >= prefix.count else { return false }
        var i = bytes.startIndex, j = prefix.startIndex
        while j != prefix.endIndex {
            if lower(bytes[i]) != lower(prefix[j]) { return false }
            bytes.formIndex(after: &i)
            prefix.formIndex(after: &j)
        }
        return true
    }
}
