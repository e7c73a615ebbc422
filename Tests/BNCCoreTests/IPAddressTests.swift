// --ip: strict parsing and the special-purpose ranges that draw a warning.
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BNCCore

@Suite struct IPAddressTests {
    @Test(arguments: ["8.8.8.8", "1.2.3.4", "2a00:1450:4001:82b::200e", "2606:4700::1111", "::ffff:8.8.4.4"])
    func publicAddressesPassQuietly(_ text: String) throws {
        let ip = try IPAddress(text)
        #expect(ip.specialRange == nil)
        #expect(ip.warning == nil)
        #expect(ip.text == text)
    }

    @Test(arguments: [
        ("", "must not be empty"),
        (" 1.2.3.4", "whitespace"),
        ("1.2.3.4\r\nX-Evil: 1", "whitespace or line breaks"),
        ("1.2.3.4\n", "line breaks"),
        ("fe80::1%eth0", "zone id"),
        ("[::1]", "without brackets"),
        ("01.2.3.4", "is not an IPv4 or IPv6 address"),
        ("1.2.3", "is not an IPv4 or IPv6 address"),
        ("256.1.1.1", "is not an IPv4 or IPv6 address"),
        ("1.2.3.4.5", "is not an IPv4 or IPv6 address"),
        ("example.com", "is not an IPv4 or IPv6 address"),
        ("1::2::3", "is not an IPv4 or IPv6 address"),
        ("0x7f.0.0.1", "is not an IPv4 or IPv6 address"),
    ])
    func refusesMalformedInput(_ text: String, _ rule: String) {
        do {
            _ = try IPAddress(text)
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.exitStatus == .usage)
            #expect(error.message.hasPrefix("--ip "))
            #expect(error.message.contains(rule))
            #expect(!error.message.contains("\n"), "the message stays one line even for CR/LF input")
        }
    }

    @Test(arguments: [
        ("0.0.0.0", IPAddress.SpecialRange.unspecified), ("0.1.2.3", .reserved),
        ("10.1.2.3", .private), ("172.16.0.1", .private), ("172.31.255.255", .private), ("192.168.1.20", .private),
        ("100.64.0.1", .cgnat), ("100.127.255.254", .cgnat),
        ("127.0.0.1", .loopback), ("169.254.10.10", .linkLocal),
        ("192.0.0.8", .protocolAssignment),
        ("192.0.2.1", .documentation), ("198.51.100.7", .documentation), ("203.0.113.7", .documentation),
        ("198.18.0.1", .benchmarking), ("224.0.0.1", .multicast), ("240.0.0.1", .reserved),
        ("255.255.255.255", .broadcast),
        ("::", .unspecified), ("::1", .loopback), ("fe80::1", .linkLocal), ("fd12:3456::1", .private),
        ("fc00::1", .private), ("2001:db8::1", .documentation), ("3fff::1", .documentation), ("ff02::1", .multicast),
        ("::ffff:10.0.0.1", .private), ("::ffff:127.0.0.1", .loopback), ("2001:0:4136:e378::1", .protocolAssignment),
        ("100::1", .reserved),
    ])
    func classifiesSpecialRanges(_ text: String, _ range: IPAddress.SpecialRange) throws {
        let ip = try IPAddress(text)
        #expect(ip.specialRange == range)
        #expect(ip.warning?.contains(range.rawValue) == true)
    }

    @Test func boundariesOfRanges() throws {
        #expect(try IPAddress("172.15.255.255").specialRange == nil)
        #expect(try IPAddress("172.32.0.0").specialRange == nil)
        #expect(try IPAddress("100.63.255.255").specialRange == nil)
        #expect(try IPAddress("100.128.0.0").specialRange == nil)
        #expect(try IPAddress("169.253.1.1").specialRange == nil)
        #expect(try IPAddress("fec0::1").specialRange == nil)
    }

    /// The dotted-quad fast path agrees with inet_pton on every text it is given (a seeded 200,000 — quads, and
    /// any text of digits and dots — and the edges): it never accepts what inet_pton refuses, reads the same four
    /// bytes when both accept, and takes every quad inet_pton accepts (else it would be dead code).
    @Test func theDottedQuadFastPathAgreesWithInetPton() {
        var seed: UInt64 = 0x9E3779B97F4A7C15
        func next() -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) }
        let alphabet = Array("0123456789.".utf8) + Array("0125.".utf8)
        var texts = ["0.0.0.0", "255.255.255.255", "256.0.0.0", "1.2.3.04", "00.1.2.3", "1..2.3", ".1.2.3", "1.2.3.4.",
                     "1.2.3.4.5", "999.1.1.1", "1.2.3", "10.0.0.1", "100.200.250.255", "1.2.3.0", "0.1.2.3"]
        // Quads (octets to 279, some with a leading zero), and any text of digits and dots.
        func octet() -> String { next() % 8 == 0 ? "0\(next() % 30)" : "\(next() % 280)" }
        for _ in 0..<100_000 { texts.append("\(octet()).\(octet()).\(octet()).\(octet())") }
        for _ in 0..<100_000 { texts.append(String(decoding: (0..<(1 + next() % 17)).map { _ in alphabet[next() % alphabet.count] }, as: UTF8.self)) }
        var accepted = 0
        for text in texts {
            var expected = SIMD16<UInt8>()
            let libc = text.withCString { c in withUnsafeMutableBytes(of: &expected) { inet_pton(AF_INET, c, $0.baseAddress) } } == 1
            var copy = text
            let fast = copy.withUTF8 { IPAddress.dottedQuad($0) }
            let read = fast.map { q in SIMD16<UInt8>((0..<16).map { $0 < 4 ? UInt8(truncatingIfNeeded: q >> (24 - 8 * $0)) : 0 }) }
            #expect(fast == nil || (libc && read == expected), "\(text): the fast path read it, inet_pton \(libc ? "differently" : "refuses it")")
            #expect(!libc || fast != nil, "\(text): inet_pton reads it, the fast path does not")
            if libc { accepted += 1 }
        }
        #expect(accepted > 40_000)
    }
}
