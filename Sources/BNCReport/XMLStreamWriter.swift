// libxml2's xmlTextWriter over a file descriptor: elements, attributes and text escaped by libxml2, written as
// they come (constant memory). Text is made safe for XML 1.0 first: control characters that XML cannot carry
// at all become visible escapes (\x01), never raw bytes that would break the document.
import BNCCore
import CXMLWriter
#if canImport(Glibc)
import Glibc
#endif

/// Writes XML as it goes through libxml2's text writer: to stdout, or to a file that `finish()` renames into place.
public final class XMLStreamWriter {
    private var writer: UnsafeMutableRawPointer?
    private let fd: Int32
    private let ownsFD: Bool
    private let what: String
    /// The file written, named in errors ("standard output" for -, nil for a spool).
    private var target: String?
    private var failed = false
    /// A file target: written beside it and renamed over it by `finish()` (nil for stdout and spools).
    private var atomic: AtomicFile?

    /// Writes to standard output for `-`, else to a temporary file renamed over `path` when `finish()` completes
    /// (mode 0600): a failed or interrupted run leaves the old file as it was. A `path` holding another kind of
    /// file than `kind` is refused (exit 78) and left alone.
    public convenience init(path: String, what: String, kind: OwnKind, indent: Bool = true) throws(BNCError) {
        if path == "-" {
            try self.init(fd: 1, ownsFD: false, what: what, indent: indent)
            target = "standard output"
        } else {
            let file = try AtomicFile(path: path, kind: kind, what: what)
            try self.init(fd: file.fd, ownsFD: false, what: what, indent: indent)
            atomic = file
            target = path
        }
    }

    init(fd: Int32, ownsFD: Bool, what: String, indent: Bool) throws(BNCError) {
        self.fd = fd
        self.ownsFD = ownsFD
        self.what = what
        guard let w = bnc_xmlw_new_fd(fd) else {
            if ownsFD { close(fd) }
            let why = bnc_xmlw_load() == 1 ? "libxml2 cannot open a writer" : "libxml2 cannot be loaded: " + String(cString: bnc_xmlw_error())
            throw BNCError(.io, "\(what): \(why)")
        }
        writer = w
        if indent {
            _ = bnc_xmlw_set_indent(w, 1)
            _ = bnc_xmlw_set_indent_string(w, "  ")
        }
    }

    deinit {
        if let writer { bnc_xmlw_free(writer) }
        if ownsFD { close(fd) }
        atomic?.discard()
    }

    private func check(_ rc: Int32) throws(BNCError) {
        if rc < 0 {
            failed = true
            throw BNCError(.io, "\(what): cannot write\(target.map { " " + $0 } ?? ""): \(errno == 0 ? "libxml2 writer error" : FileSystem.errnoText())")
        }
    }

    public func startDocument() throws(BNCError) { try check(bnc_xmlw_start_document(writer, "1.0", "UTF-8")) }

    /// `<!DOCTYPE name>` (HTML pages).
    public func doctype(_ name: String) throws(BNCError) { try check(bnc_xmlw_write_dtd(writer, name)) }

    public func start(_ name: String) throws(BNCError) { try check(bnc_xmlw_start_element(writer, name)) }

    public func attribute(_ name: String, _ value: String) throws(BNCError) {
        try check(bnc_xmlw_write_attribute(writer, name, Self.clean(value)))
    }

    public func text(_ value: String) throws(BNCError) { try check(bnc_xmlw_write_string(writer, Self.clean(value))) }

    public func end() throws(BNCError) { try check(bnc_xmlw_end_element(writer)) }

    /// An element with attributes and text, closed (`<name a="b">text</name>`).
    public func element(_ name: String, _ attributes: [(String, String)] = [], text: String? = nil) throws(BNCError) {
        try start(name)
        for (k, v) in attributes { try attribute(k, v) }
        guard let text else { return try end() }
        try self.text(text)
        try check(bnc_xmlw_full_end_element(writer))
    }

    /// Bytes already serialised by another libxml2 writer (a spooled fragment), copied as they are.
    public func raw(_ bytes: UnsafeRawBufferPointer) throws(BNCError) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        try check(bnc_xmlw_write_raw(writer, base, Int32(bytes.count)))
    }

    public func flush() throws(BNCError) { try check(bnc_xmlw_flush(writer)) }

    /// Closes open elements and the document, flushes, and closes the file; a failure here is an I/O error.
    public func finish(endDocument: Bool = true) throws(BNCError) {
        guard let w = writer else { return }
        if endDocument { try check(bnc_xmlw_end_document(w)) }
        try check(bnc_xmlw_flush(w))
        bnc_xmlw_free(w)
        writer = nil
        if ownsFD {
            if fsync(fd) != 0 && errno != EINVAL && errno != EROFS {
                throw BNCError(.io, "\(what): cannot write\(target.map { " " + $0 } ?? ""): \(FileSystem.errnoText())")
            }
        }
        if failed { atomic?.discard(); return }
        try atomic?.commit(what: what)
    }

    /// XML 1.0 carries tab, LF, CR and everything from U+0020 except U+FFFE/U+FFFF: the rest is escaped as text
    /// (`\x1b`). So are the bidi overrides and isolates (U+202A-202E, U+2066-2069: `\u202e`), which XML carries
    /// but which make a browser or a viewer show a logged value's text in another order than it has.
    public static func clean(_ s: String) -> String {
        // Most text is printable ASCII: its bytes are read in place (walking the scalars of every attribute and
        // text a report writes was a tenth of a scan's --report --junit).
        let ascii = s.utf8.withContiguousStorageIfAvailable { b in
            b.allSatisfy { ($0 >= 0x20 && $0 < 0x80) || $0 == 0x9 || $0 == 0xA || $0 == 0xD }
        }
        if ascii == true { return s }
        guard s.unicodeScalars.contains(where: { !allowed($0) }) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            if allowed(u) { out.append(u); continue }
            let hex = String(u.value, radix: 16)
            let text = u.value < 0x100 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u" + hex
            out.append(contentsOf: text.unicodeScalars)
        }
        return String(out)
    }

    static func allowed(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x9, 0xA, 0xD: true
        case 0x202A...0x202E, 0x2066...0x2069: false
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
