// ASCII case folding on bytes: only A-Z and a-z fold; every other byte, the ones 0x20 apart included, stays.
import Testing
@testable import BNCCore

@Suite struct ASCIITests {
    @Test func onlyLettersFold() {
        for b in UInt8.min...UInt8.max {
            let letter = (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
            #expect(ASCII.isLetter(b) == letter, "\(b)")
            #expect(ASCII.lower(b) == ((0x41...0x5A).contains(b) ? b + 0x20 : b), "\(b)")
        }
    }

    @Test func comparesIgnoringTheCaseOfLettersOnly() {
        #expect(ASCII.equalIgnoringCase("Content-Type".utf8, "content-TYPE".utf8))
        #expect(!ASCII.equalIgnoringCase("Content-Type".utf8, "Content-Typ".utf8))
        #expect(!ASCII.equalIgnoringCase("a@".utf8, "a`".utf8), "@ and ` are 0x20 apart but not letters")
        #expect(!ASCII.equalIgnoringCase("SERVER".utf8, "ſerver".utf8), "no Unicode case mapping")
        #expect(ASCII.hasPrefixIgnoringCase("HTTPS://x".utf8, "https://".utf8))
        #expect(!ASCII.hasPrefixIgnoringCase("http\u{1A}//x".utf8, "http://".utf8), "':' is not '\\u{1A}' in another case")
        #expect(!ASCII.hasPrefixIgnoringCase("htt".utf8, "http".utf8))
    }

    @Test func stringsCompareAndLowerCaseAsTheirBytesDo() {
        #expect(ASCII.equalIgnoringCase("Server", "sERVER"))
        #expect(!ASCII.equalIgnoringCase("server", "serve"))
        #expect(!ASCII.equalIgnoringCase("SERVER", "ſerver"), "no Unicode case mapping")
        #expect(!ASCII.equalIgnoringCase("a@", "a`"))
        #expect(ASCII.equalIgnoringCase("a long name past fifteen bytes", "A LONG NAME PAST FIFTEEN BYTES"))
        for s in ["", "session", "conversion", "a-b_c.1", "Session", "sessioN", "sessión", "é", "x\u{7F}"] {
            #expect(ASCII.isLowerCaseASCII(s) == (s.utf8.allSatisfy { $0 < 0x80 } && s.lowercased() == s), "\(s)")
        }
    }

    /// The eight-bytes-at-a-time search for `%` and `+` against a byte loop: every length to 40, the byte at every
    /// position, and the bytes next to `%` and `+` (0x24, 0x26, 0x2A, 0x2C) and with the high bit set.
    @Test func escapesAreFoundAtEveryPositionAsAByteLoopFindsThem() {
        for length in 0...40 {
            for position in 0..<max(length, 1) {
                for byte: UInt8 in [0x25, 0x2B, 0x24, 0x26, 0x2A, 0x2C, 0xA5, 0xAB, 0x00, 0xFF] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if length > 0 { bytes[position] = byte }
                    for plus in [true, false] {
                        let naive = bytes.contains { $0 == 0x25 || (plus && $0 == 0x2B) }
                        #expect(bytes.withUnsafeBufferPointer { HTTPURL.containsEscape($0, plus: plus) } == naive, "\(length) \(position) \(byte) \(plus)")
                    }
                }
            }
        }
        #expect(HTTPURL.percentDecode(bytes: Array("a+b%2Cc%zz".utf8)[...]) == "a b,c%zz")
        #expect(HTTPURL.percentDecode(bytes: Array("a+b".utf8)[...], plus: false) == "a+b")
        #expect(HTTPURL.percentDecode(bytes: Array("0123456789abcdef0123+".utf8)[...]) == "0123456789abcdef0123 ")
        #expect(HTTPURL.percentDecode("%E2%82%AC+%FF%") == "€ \u{FFFD}%", "invalid UTF-8 repaired, a cut escape kept")
        #expect(HTTPURL.percentDecode("a%2") == "a%2" && HTTPURL.percentDecode("") == "" && HTTPURL.percentDecode("%41%42") == "AB")
    }

    /// memchr over a range of a buffer, the offset counted from the buffer's start: the first hit in the range, none
    /// outside it or in an empty range; the slice form in the slice's own indices.
    @Test func aByteIsFoundWithinItsRangeOnly() {
        let bytes = Array("a=b&c=d&".utf8)
        bytes.withUnsafeBufferPointer { b in
            #expect(ByteSearch.first(UInt8(ascii: "&"), in: b, from: 0, to: b.count) == 3)
            #expect(ByteSearch.first(UInt8(ascii: "&"), in: b, from: 4, to: b.count) == 7)
            #expect(ByteSearch.first(UInt8(ascii: "&"), in: b, from: 4, to: 7) == nil, "the end is not in the range")
            #expect(ByteSearch.first(UInt8(ascii: "="), in: b, from: 2, to: 6) == 5)
            #expect(ByteSearch.first(UInt8(ascii: "a"), in: b, from: 3, to: 3) == nil && ByteSearch.first(UInt8(ascii: "a"), in: b, from: 5, to: 2) == nil)
        }
        #expect(ByteSearch.first(UInt8(ascii: "&"), in: bytes[4...]) == 7 && ByteSearch.first(UInt8(ascii: "a"), in: bytes[1...]) == nil)
    }

    /// Character.isNumber and isHexDigit take "½", Arabic-Indic and full-width digits: every rule about ids,
    /// dates and UUIDs takes ASCII digits only.
    @Test func digitsAreASCIIDigitsOnly() throws {
        #expect(ASCII.isDigits("0123456789") && !ASCII.isDigits("") && !ASCII.isDigits("12a") && !ASCII.isDigits("-1"))
        for unicode in ["½", "٣٣", "１２３", "Ⅷ", "1 2"] { #expect(!ASCII.isDigits(unicode), "\(unicode)") }
        #expect(Branch.isAppID("100000000000000001") && Branch.isAppID("9223372036854775807"))
        for bad in ["9223372036854775808", "12345678901234567890123456", "½", "٣", "", "+1", "1.0"] { #expect(!Branch.isAppID(bad), "\(bad)") }
        #expect(Timestamp.parse("２０２６-01-01") == nil && Timestamp.parse("2026-0١-01") == nil)
        #expect(Timestamp.parse("2026-01-01T00:00:00.٣Z") == nil, "a fraction of Arabic-Indic digits")
        #expect(Timestamp.parse("2026-01-01T00:00:00.250Z") != nil)
        #expect(throws: BNCError.self) { try Device.uuid("ＡＡＡＡＡＡＡＡ-ＡＡＡＡ-ＡＡＡＡ-ＡＡＡＡ-ＡＡＡＡＡＡＡＡＡＡＡＡ", source: "--idfv", upper: true) }
        #expect(try Device.uuid("aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", source: "--idfv", upper: true) == "AAAAAAAA-AAAA-AAAA-AAAA-AAAAAAAAAAAA")
    }
}
