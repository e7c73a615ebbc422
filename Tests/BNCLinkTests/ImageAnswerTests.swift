// A QR code answer is checked for what it claims to be before it is written (QA round 27a, F5): a PNG's chunks
// and CRCs, a JPEG's end marker, an SVG with no script, event handler or script URL.
import BNCCore
import CZlib
import Testing
@testable import BNCLink

@Suite struct ImageAnswerTests {
    /// A chunk as PNG lays it out: length, type, data, CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = UInt32(body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) })
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return be(UInt32(data.count)) + body + be(crc)
    }
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let header = chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])
    static let whole = signature + header + chunk("IDAT", [0x78, 0x9C, 0x63, 0, 0, 0, 1, 0, 1]) + chunk("IEND", [])

    @Test func aWholePNGPasses() {
        #expect(ImageAnswer.problem(Self.whole, .png) == nil)
    }

    static let brokenPNGs: [([UInt8], String)] = [
        (signature + Array("this is not really a png".utf8), "runs past its end"),
        (signature, "cut short"),
        (Array(whole.dropLast(12)), "cut short"),
        (whole + [0], "1 bytes after its end"),
        (signature + chunk("IDAT", [1]) + chunk("IEND", []), "does not start with its header"),
        (signature + header + chunk("IEND", []), "no image data"),
    ]

    @Test(arguments: brokenPNGs)
    func aBrokenPNGIsNamed(_ bytes: [UInt8], _ problem: String) {
        #expect(ImageAnswer.problem(bytes, .png)?.contains(problem) == true, "\(ImageAnswer.problem(bytes, .png) ?? "passed")")
    }

    @Test func aPNGWithABadCRCIsRefused() {
        var bytes = Self.whole
        bytes[bytes.count - 20] ^= 0xFF  // inside IDAT's data
        #expect(ImageAnswer.problem(bytes, .png)?.contains("\"IDAT\" chunk fails its CRC") == true)
    }

    @Test func aJPEGMustEndWithItsMarker() {
        #expect(ImageAnswer.problem([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 0xFF, 0xD9], .jpeg) == nil)
        #expect(ImageAnswer.problem([0xFF, 0xD8, 0xFF, 0xE0, 1, 2], .jpeg) != nil)
    }

    static let activeSVGs: [(String, String)] = [
        (#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#, "<script>"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#, "event handler (onload"),
        (#"<svg xmlns="http://www.w3.org/2000/svg"><a href=" java&#9;script:alert(2)"><text>x</text></a></svg>"#, "script URL"),
        (#"<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="href" to="javascript:alert(3)"/></svg>"#, "script URL"),
        (#"<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>"#, "<foreignobject>"),
        (#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink"><image x:href="file:///etc/passwd"/></svg>"#, "neither a fragment"),
        (#"<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>"#, "neither a fragment"),
        ("<?xml-stylesheet href=\"x.xsl\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>", "style sheet"),
        (#"<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>"#, "not well-formed"),
    ]

    @Test(arguments: activeSVGs)
    func anSVGWithActiveContentIsRefused(_ svg: String, _ problem: String) {
        let found = ImageAnswer.problem(Array(svg.utf8), .svg)
        #expect(found?.contains(problem) == true, "\(found ?? "passed")")
    }

    @Test func aPlainSVGWithAnInlineLogoPasses() {
        let svg = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
              <defs><rect id="m" width="1" height="1"/></defs><use xlink:href="#m" x="2"/>
              <image href="data:image/png;base64,iVBORw0KGgo=" width="2" height="2"/>
              <image href="https://cdn.example/logo.png" width="2" height="2"/>
            </svg>
            """#
        #expect(ImageAnswer.problem(Array(svg.utf8), .svg) == nil)
    }
}
