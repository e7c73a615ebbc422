// The device IP sent as X-IP-Override (Branch) or device_ip (TUNE): strict parsing and range classes.
// Parsing is libc's inet_pton (no octal, no zone ids, no shorthand like "1.2.3"); classes follow the IANA
// special-purpose registries (RFC 6890 and successors).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A validated IPv4 or IPv6 address.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    public enum Family: Sendable { case v4, v6 }

    public let family: Family
    /// Network-order bytes, held inline (an array was two allocations a parse: this runs per line of a scan and
    /// per line of a batch): the first 4 for IPv4, all 16 for IPv6.
    private let raw: SIMD16<UInt8>
    /// Network-order bytes: 4 for IPv4, 16 for IPv6.
    public var bytes: [UInt8] { (0..<(family == .v4 ? 4 : 16)).map { raw[$0] } }
    /// The address as the user wrote it (already validated; IPv6 case kept).
    public let text: String

    /// Parses an address, refusing anything inet_pton would not accept verbatim.
    /// - Parameter field: what the error names: the flag (`--ip`, a usage error) or a batch line's member (`ip`,
    ///   invalid data).
    public init(_ text: String, field: String = "--ip") throws(BNCError) {
        func refuse(_ why: String) -> BNCError {
            if !field.hasPrefix("--") { return BNCError.invalid(field, "\(why) (got \(JSON.string(text).serialized()))") }
            // Quoted as a JSON string: control characters escaped, so a refused value never breaks the one-line message.
            return BNCError.usage(field, "\(why) (got \(JSON.string(text).serialized()))",
                                  hint: "pass the device's public IPv4 or IPv6 address, e.g. --ip 8.8.4.4")
        }
        if text.isEmpty { throw refuse("must not be empty") }
        // A plain dotted quad (the common case: this runs per line of a scanned log) is read at once, without the
        // checks below or a C string; anything else is checked, then inet_pton's to judge.
        if let quad = text.withUTF8Bytes({ Self.dottedQuad($0) }) {
            var octets = SIMD16<UInt8>()
            for i in 0..<4 { octets[i] = UInt8(truncatingIfNeeded: quad >> (24 - 8 * i)) }
            family = .v4
            raw = octets
            self.text = text
            return
        }
        // Anything else, in one pass over the bytes: ASCII white space and line breaks, and
        // Unicode white space only when there is non-ASCII text at all.
        // Read through one buffer: a step of a String's UTF-8 view cost dozens of instructions.
        var colon = false, percent = false, nonASCII = false, space = false, control = false
        text.withUTF8Bytes { b in
            for c in b {
                switch c {
                case 9...13, 32: space = true
                case 0...8, 14...31, 127: control = true
                case UInt8(ascii: ":"): colon = true
                case UInt8(ascii: "%"): percent = true
                case 0x80...: nonASCII = true
                default: break
                }
            }
        }
        if space { throw refuse("must not contain whitespace or line breaks") }
        // NUL and the other control characters: inet_pton reads a C string, which a NUL would end early, so
        // "8.8.4.4\0" would pass as 8.8.4.4 while the text sent in a header still held the NUL.
        if control { throw refuse("must not contain NUL or other control characters") }
        if nonASCII && text.contains(where: { $0.isWhitespace || $0.isNewline }) { throw refuse("must not contain whitespace or line breaks") }
        if percent { throw refuse("must not carry an IPv6 zone id") }
        if text.utf8.first == UInt8(ascii: "[") { throw refuse("must be a bare address, without brackets") }
        // inet_pton writes at most 16 bytes (an in6_addr) straight into the inline storage; withCString hands a
        // small String over from the stack (passing the String itself made a C array on the heap).
        var storage = SIMD16<UInt8>()
        let parsed = text.withCString { c in
            withUnsafeMutableBytes(of: &storage) { inet_pton(colon ? AF_INET6 : AF_INET, c, $0.baseAddress) }
        }
        if parsed != 1 { throw refuse("is not an IPv4 or IPv6 address") }
        family = colon ? .v6 : .v4
        raw = storage
        self.text = text
    }

    /// Four decimal octets as inet_pton reads them (each 0-255, no leading zero, nothing else), as one number
    /// (the first octet highest); nil for any other text, which inet_pton then judges (so this accepts nothing
    /// inet_pton refuses).
    static func dottedQuad(_ b: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard (7...15).contains(b.count) else { return nil }
        var quad: UInt32 = 0, octets = 0, value: UInt32 = 0, digits = 0
        for c in b {
            if c == UInt8(ascii: ".") {
                guard digits > 0, octets < 3 else { return nil }
                quad = quad << 8 | value
                octets += 1
                value = 0
                digits = 0
            } else {
                let d = UInt32(truncatingIfNeeded: c &- 48)
                guard d <= 9, digits == 0 || value > 0 else { return nil }
                value = value * 10 + d
                digits += 1
                guard value <= 255 else { return nil }
            }
        }
        guard octets == 3, digits > 0 else { return nil }
        return quad << 8 | value
    }

    public var description: String { text }

    /// Where the address sits in the special-purpose registries; nil for an ordinary public address.
    public var specialRange: SpecialRange? {
        switch family {
        case .v4: return Self.classifyV4(raw[0], raw[1], raw[2], raw[3])
        case .v6: return Self.classifyV6(raw)
        }
    }

    /// The warning to print for an address that cannot be a device's public IP, or nil.
    public var warning: String? {
        guard let range = specialRange else { return nil }
        return "\(text) is a \(range.rawValue) address; Branch wants the device's public IP, never a private or server address"
    }

    /// Special-purpose ranges that are never a phone's public address.
    public enum SpecialRange: String, Sendable {
        case unspecified = "unspecified"
        case loopback = "loopback"
        case `private` = "private (RFC 1918 / unique-local)"
        case linkLocal = "link-local"
        case cgnat = "carrier-grade NAT (100.64.0.0/10)"
        case documentation = "documentation"
        case benchmarking = "benchmarking (198.18.0.0/15)"
        case multicast = "multicast"
        case broadcast = "broadcast"
        case reserved = "reserved"
        case protocolAssignment = "IETF protocol assignment"
    }

    private static func classifyV4(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8, _ b3: UInt8) -> SpecialRange? {
        switch (b0, b1, b2) {
        case (0, _, _): return b1 == 0 && b2 == 0 && b3 == 0 ? .unspecified : .reserved
        case (10, _, _): return .private
        case (100, 64...127, _): return .cgnat
        case (127, _, _): return .loopback
        case (169, 254, _): return .linkLocal
        case (172, 16...31, _): return .private
        case (192, 0, 0): return .protocolAssignment
        case (192, 0, 2), (198, 51, 100), (203, 0, 113): return .documentation
        case (192, 88, 99): return .reserved  // deprecated 6to4 relay anycast
        case (192, 168, _): return .private
        case (198, 18...19, _): return .benchmarking
        case (224...239, _, _): return .multicast
        case (255, 255, 255) where b3 == 255: return .broadcast
        case (240...255, _, _): return .reserved
        default: return nil
        }
    }

    private static func classifyV6(_ b: SIMD16<UInt8>) -> SpecialRange? {
        func zero(_ r: Range<Int>) -> Bool { r.allSatisfy { b[$0] == 0 } }
        if zero(0..<16) { return .unspecified }
        if zero(0..<15) && b[15] == 1 { return .loopback }
        // IPv4-mapped (::ffff:a.b.c.d): judge the IPv4 address inside.
        if zero(0..<10) && b[10] == 0xFF && b[11] == 0xFF { return classifyV4(b[12], b[13], b[14], b[15]) }
        // Other addresses under ::/8 (IPv4-compatible, deprecated) are reserved.
        if b[0] == 0 && b[1] == 0 && !(b[2] == 0 && b[3] == 0x64) { return .reserved }
        switch (b[0], b[1]) {
        case (0x20, 0x01) where b[2] == 0x0D && b[3] == 0xB8: return .documentation  // 2001:db8::/32
        case (0x20, 0x01) where b[2] < 0x02: return .protocolAssignment  // 2001::/23 (Teredo, ORCHID, ...)
        case (0x3F, 0xFF) where b[2] & 0xF0 == 0: return .documentation  // 3fff::/20 (RFC 9637)
        case (0x01, 0x00) where zero(2..<8): return .reserved  // 100::/64 discard
        case (0xFC...0xFD, _): return .private  // fc00::/7 unique-local
        case (0xFE, 0x80...0xBF): return .linkLocal  // fe80::/10
        case (0xFF, _): return .multicast
        default: return nil
        }
    }
}
