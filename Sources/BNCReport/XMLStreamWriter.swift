// libxml2's xmlTextWriter over a file descriptor: elements, attributes and text escaped by libxml2, written as
// they come (constant memory). Text is made safe for XML 1.0 first: control characters that XML cannot carry
// at all become visible escapes (\x01), never raw bytes that would break the document.
import BNCCore
import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

public final class XMLStreamWriter {
    private var writer: xmlTextWriterPtr?
    private let fd: Int32
    private let ownsFD: Bool
    private let what: String
    private var failed = false

    /// Writes to a new file (mode 0600, replaced if it exists) or to standard output for `-`.
    public convenience init(path: String, what: String, indent: Bool = true) throws(BNCError) {
        if path == "-" {
            try self.init(fd: 1, ownsFD: false, what: what, indent: indent)
        } else {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            if fd < 0 { throw BNCError(.io, "\(what): cannot create \(path): \(FileSystem.errnoText())") }
            try self.init(fd: fd, ownsFD: true, what: what, indent: indent)
        }
    }

    init(fd: Int32, ownsFD: Bool, what: String, indent: Bool) throws(BNCError) {
        self.fd = fd
        self.ownsFD = ownsFD
        self.what = what
        guard let out = xmlOutputBufferCreateFd(fd, nil), let w = xmlNewTextWriter(out) else {
            if ownsFD { close(fd) }
            throw BNCError(.io, "\(what): libxml2 cannot open a writer")
        }
        writer = w
        if indent {
            xmlTextWriterSetIndent(w, 1)
            xmlTextWriterSetIndentString(w, "  ")
        }
    }

    deinit {
        if let writer { xmlFreeTextWriter(writer) }
        if ownsFD { close(fd) }
    }

    private func check(_ rc: Int32) throws(BNCError) {
        if rc < 0 {
            failed = true
            throw BNCError(.io, "\(what): cannot write: \(errno == 0 ? "libxml2 writer error" : FileSystem.errnoText())")
        }
    }

    public func startDocument() throws(BNCError) { try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)) }

    /// `<!DOCTYPE name>` (HTML pages).
    public func doctype(_ name: String) throws(BNCError) { try check(xmlTextWriterWriteDTD(writer, name, nil, nil, nil)) }

    public func start(_ name: String) throws(BNCError) { try check(xmlTextWriterStartElement(writer, name)) }

    public func attribute(_ name: String, _ value: String) throws(BNCError) {
        try check(xmlTextWriterWriteAttribute(writer, name, Self.clean(value)))
    }

    public func text(_ value: String) throws(BNCError) { try check(bnc_xml_write_string(writer, Self.clean(value))) }

    public func end() throws(BNCError) { try check(xmlTextWriterEndElement(writer)) }

    /// An element with attributes and text, closed (`<name a="b">text</name>`).
    public func element(_ name: String, _ attributes: [(String, String)] = [], text: String? = nil) throws(BNCError) {
        try start(name)
        for (k, v) in attributes { try attribute(k, v) }
        guard let text else { return try end() }
        try self.text(text)
        try check(xmlTextWriterFullEndElement(writer))
    }

    /// Bytes already serialised by another libxml2 writer (a spooled fragment), copied as they are.
    public func raw(_ bytes: UnsafeRawBufferPointer) throws(BNCError) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        try check(xmlTextWriterWriteRawLen(writer, base.assumingMemoryBound(to: xmlChar.self), Int32(bytes.count)))
    }

    public func flush() throws(BNCError) { try check(xmlTextWriterFlush(writer)) }

    /// Closes open elements and the document, flushes, and closes the file; a failure here is an I/O error.
    public func finish(endDocument: Bool = true) throws(BNCError) {
        guard let w = writer else { return }
        if endDocument { try check(xmlTextWriterEndDocument(w)) }
        try check(xmlTextWriterFlush(w))
        xmlFreeTextWriter(w)
        writer = nil
        if ownsFD {
            if fsync(fd) != 0 && errno != EINVAL && errno != EROFS {
                throw BNCError(.io, "\(what): cannot write: \(FileSystem.errnoText())")
            }
        }
    }

    /// XML 1.0 carries tab, LF, CR and everything from U+0020 except U+FFFE/U+FFFF: the rest is escaped as text.
    public static func clean(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { !allowed($0) }) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            if allowed(u) { out.append(u); continue }
            let hex = String(u.value, radix: 16)
            for c in "\\x" + (hex.count < 2 ? "0" + hex : hex) { out.append(c.unicodeScalars.first!) }
        }
        return String(out)
    }

    static func allowed(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
