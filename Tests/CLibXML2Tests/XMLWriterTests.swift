// libxml2 through its shim, beside Foundation: the ICU clash stays cured and the writer escapes text.
import CLibXML2
import Foundation
import Testing

@Suite struct XMLWriterTests {
    @Test func writesAnEscapedDocumentToMemory() throws {
        let buffer = try #require(xmlBufferCreate())
        defer { xmlBufferFree(buffer) }
        let writer = try #require(xmlNewTextWriterMemory(buffer, 0))
        #expect(xmlTextWriterStartDocument(writer, nil, "UTF-8", nil) >= 0)
        #expect(xmlTextWriterStartElement(writer, "testsuite") >= 0)
        #expect(xmlTextWriterWriteAttribute(writer, "name", "a<b & \"c\"") >= 0)
        #expect(bnc_xml_write_string(writer, "x < y & é") >= 0)
        #expect(xmlTextWriterEndDocument(writer) >= 0)
        xmlFreeTextWriter(writer)
        let text = String(cString: xmlBufferContent(buffer))
        #expect(text.contains(#"<testsuite name="a&lt;b &amp; &quot;c&quot;">x &lt; y &amp; é</testsuite>"#))
        #expect(text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
    }
}
