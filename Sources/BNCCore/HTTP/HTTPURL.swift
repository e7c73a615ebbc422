// A strict view of an http(s) URL, and percent-encoding both ways.
import FoundationEssentials

/// Minimal, strict view of an http(s) URL.
public struct HTTPURL: Sendable, Equatable {
    public let scheme: String
    public let host: String
    public let port: Int?
    public let path: String
    public let query: String?
    public let fragment: String?

    public init?(_ text: String) {
        guard let c = URLComponents(string: text), let scheme = c.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = c.host, !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = c.port
        self.path = c.percentEncodedPath
        self.query = c.percentEncodedQuery
        self.fragment = c.fragment
    }

    /// Decodes %XX escapes (and `+` as a space when `plus`, as in form-encoded queries); bad escapes stay as they are.
    public static func percentDecode(_ s: String, plus: Bool = true) -> String {
        s.withUTF8Bytes { percentDecode(buffer: $0, plus: plus) }
    }

    /// The same over bytes, then UTF-8 (invalid sequences become U+FFFD); no copy when there is nothing to decode.
    public static func percentDecode(bytes: [UInt8], plus: Bool = true) -> String { percentDecode(bytes: bytes[...], plus: plus) }

    /// The same over a slice (a query's name or value in place: no copy when there is nothing to decode).
    public static func percentDecode(bytes: ArraySlice<UInt8>, plus: Bool = true) -> String {
        bytes.withUnsafeBufferPointer { percentDecode(buffer: $0, plus: plus) }
    }

    /// The same over a buffer (a scanned line's bytes: no slice, and so no retain of the line, per value).
    public static func percentDecode(buffer b: UnsafeBufferPointer<UInt8>, plus: Bool = true) -> String {
        if !containsEscape(b, plus: plus) { return String(decoding: b, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: b.count) { out in
            var i = 0, n = 0
            while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "%"), i + 2 < b.count, let h = Hex.digit(b[i + 1]), let l = Hex.digit(b[i + 2]) {
                    out[n] = h << 4 | l
                    i += 3
                } else {
                    out[n] = plus && c == UInt8(ascii: "+") ? 0x20 : c
                    i += 1
                }
                n += 1
            }
            return n
        }
    }

    /// Whether bytes hold a `%` (or a `+`, when it stands for a space), eight bytes at a time: a query's values
    /// are mostly plain, and the scan looks at every byte of every value.
    static func containsEscape(_ b: UnsafeBufferPointer<UInt8>, plus: Bool) -> Bool {
        guard let base = UnsafeRawPointer(b.baseAddress) else { return false }
        let n = b.count, ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let percents = 0x25 &* ones, pluses = 0x2B &* ones
        // A byte of v ^ k is zero where v has k's byte; (x - ones) & ~x & highs is non-zero iff some byte of x is.
        func hit(_ v: UInt64) -> Bool {
            let p = v ^ percents, q = v ^ pluses
            return (p &- ones) & ~p & highs != 0 || (plus && (q &- ones) & ~q & highs != 0)
        }
        guard n >= 8 else {
            for c in b where c == 0x25 || (plus && c == 0x2B) { return true }
            return false
        }
        var i = 0
        while i + 8 <= n {
            if hit(base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { return true }
            i += 8
        }
        // The last bytes as one word ending at the end (it overlaps bytes already seen, which were plain).
        return i < n && hit(base.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters (safe in any query or path segment).
    public static func percentEncode(_ s: String) -> String {
        var out = ""
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
