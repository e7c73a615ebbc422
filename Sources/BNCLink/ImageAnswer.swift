// A QR code answer is hostile until checked, like every answer: its first bytes said its format, and a file that
// was only a PNG signature, or an SVG with a script in it, was saved as the user's image. Each format is held to
// its structure before it is written: a PNG's chunks and their CRCs, a JPEG's markers at both ends, an SVG read
// by libxml2 with no script, event handler or script URL in it (an SVG opened in a browser runs its scripts).
import BNCCore
import CXMLWriter
import CZlib

enum ImageAnswer {
    /// Why the bytes are not a whole image of `format`, or nil when they are.
    static func problem(_ bytes: [UInt8], _ format: ImageFormat) -> String? {
        switch format {
        case .png: return png(bytes)
        case .jpeg: return bytes.count >= 4 && bytes.suffix(2).elementsEqual([0xFF, 0xD9]) ? nil : "a JPEG cut short (no end-of-image marker)"
        case .svg: return svg(bytes)
        }
    }

    /// Chunks from the signature to IEND, each within the bytes and with its CRC; IHDR first, an IDAT, nothing after IEND.
    static func png(_ b: [UInt8]) -> String? {
        func word(_ i: Int) -> UInt32 { b[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        var i = 8, chunks = 0, sawData = false
        while i + 12 <= b.count {
            let length = Int(word(i))
            guard length <= b.count - i - 12 else { return "a PNG whose chunk \(chunks + 1) runs past its end" }
            let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
            let crc = b.withUnsafeBufferPointer { crc32(0, $0.baseAddress! + i + 4, UInt32(length + 4)) }
            guard UInt32(crc) == word(i + 8 + length) else { return "a PNG whose \(type.debugDescription) chunk fails its CRC" }
            if chunks == 0 && (type != "IHDR" || length != 13 || word(i + 8) == 0 || word(i + 12) == 0) { return "a PNG that does not start with its header (IHDR)" }
            chunks += 1
            if type == "IDAT" { sawData = true }
            i += 12 + length
            if type == "IEND" {
                return !sawData ? "a PNG with no image data (IDAT)" : i == b.count ? nil : "a PNG with \(b.count - i) bytes after its end (IEND)"
            }
        }
        return "a PNG cut short (no IEND chunk)"
    }

    /// Elements that run or embed active content, by local name in lower case.
    static let activeElements: Set<String> = ["script", "foreignobject", "iframe", "embed", "object", "handler", "listener"]
    /// What a reference may point at: the document itself, a raster image inline, or a web address (a logo).
    static let allowedReferences = ["#", "data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp", "https://", "http://"]

    static func svg(_ b: [UInt8]) -> String? {
        guard let reader = b.withUnsafeBytes({ bnc_xmlr_new($0.baseAddress, Int32(clamping: $0.count)) }) else {
            return bnc_xmlw_load() == 0 ? "an SVG that cannot be checked: libxml2 cannot be loaded (install libxml2)" : "an SVG libxml2 cannot read"
        }
        defer { bnc_xmlr_free(reader) }
        func text(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "" }
        while true {
            let step = bnc_xmlr_read(reader)
            if step == 0 { return nil }
            if step < 0 { return "an SVG that is not well-formed XML" }
            switch bnc_xmlr_node_type(reader) {
            case 10: return "an SVG with a document type declaration (entities)"
            case 7 where text(bnc_xmlr_local_name(reader)).lowercased() == "xml-stylesheet": return "an SVG with a style sheet instruction"
            case 1:
                let element = text(bnc_xmlr_local_name(reader)).lowercased()
                if activeElements.contains(element) { return "an SVG with a <\(element)> element" }
                while bnc_xmlr_next_attribute(reader) == 1 {
                    let name = text(bnc_xmlr_local_name(reader)).lowercased()
                    // Compared without white space and controls, which browsers skip in a URL's scheme.
                    let value = String(text(bnc_xmlr_value(reader)).unicodeScalars.filter { $0.value > 0x20 }).lowercased()
                    if name.hasPrefix("on") { return "an SVG with an event handler (\(name) on <\(element)>)" }
                    if value.contains("javascript:") || value.contains("vbscript:") { return "an SVG with a script URL (\(name) on <\(element)>)" }
                    if name == "href" || name == "src", !value.isEmpty, !allowedReferences.contains(where: value.hasPrefix) {
                        return "an SVG whose <\(element)> \(name) is neither a fragment, an inline raster image nor a web address"
                    }
                }
            default: break
            }
        }
    }
}
