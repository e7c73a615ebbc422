// --ip: strict parsing and the special-purpose ranges that draw a warning.
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
}
