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
}
