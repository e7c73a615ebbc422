// CSV (RFC 4180) one record at a time, from a file or stdin, plain or gzip (LineReader inflates it): quoted fields
// with commas, doubled quotes and line breaks inside; CRLF or LF. Memory holds one record, however large the file.

/// Reads CSV records; the first is the header when `header` is asked for.
public final class CSVReader {
    private let lines: LineReader
    /// The longest record accepted (a quote never closed would otherwise swallow the file).
    public let maxRecordBytes: Int
    /// The record just read began on this line of the file.
    public private(set) var recordLine = 0
    public var bytesRead: Int { lines.bytesRead }
    public var isCompressed: Bool { lines.isCompressed }

    public init(path: String, maxRecordBytes: Int = 16 * 1024 * 1024, what: String) throws(BNCError) {
        lines = try LineReader(path: path, maxLineLength: maxRecordBytes, what: what)
        self.maxRecordBytes = maxRecordBytes
    }

    /// Records of bytes already read.
    public init(bytes: [UInt8], maxRecordBytes: Int = 16 * 1024 * 1024, what: String) {
        lines = LineReader(bytes: bytes, maxLineLength: maxRecordBytes, what: what)
        self.maxRecordBytes = maxRecordBytes
    }

    /// The next record's fields, or nil at the end. A quote left open at the end of the file is an error.
    public func next() throws(BNCError) -> [String]? {
        guard var line = try lines.next() else { return nil }
        recordLine = lines.lineNumber
        var record = [UInt8](line)
        // A record continues on the next line while a quoted field is open (an odd number of quotes so far).
        var quotes = line.reduce(0) { $0 + ($1 == UInt8(ascii: "\"") ? 1 : 0) }
        while quotes % 2 == 1 {
            guard let more = try lines.next() else {
                throw BNCError(.invalidData, "CSV record at line \(recordLine): a quoted field is never closed")
            }
            line = more
            record.append(UInt8(ascii: "\n"))
            record.append(contentsOf: line)
            guard record.count <= maxRecordBytes else {
                throw BNCError(.invalidData, "CSV record at line \(recordLine) is longer than \(maxRecordBytes) bytes")
            }
            quotes += line.reduce(0) { $0 + ($1 == UInt8(ascii: "\"") ? 1 : 0) }
        }
        if record.last == UInt8(ascii: "\r") { record.removeLast() }
        return Self.fields(record)
    }

    /// One record's fields: `a,"b,c","d""e"` is a / b,c / d"e.
    public static func fields(_ record: [UInt8]) -> [String] {
        var out: [String] = []
        var field: [UInt8] = []
        var inQuotes = false
        var i = 0
        while i < record.count {
            let c = record[i]
            if inQuotes {
                if c == UInt8(ascii: "\"") {
                    if i + 1 < record.count, record[i + 1] == UInt8(ascii: "\"") { field.append(c); i += 1 } else { inQuotes = false }
                } else {
                    field.append(c)
                }
            } else if c == UInt8(ascii: "\"") {
                inQuotes = true
            } else if c == UInt8(ascii: ",") {
                out.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            } else {
                field.append(c)
            }
            i += 1
        }
        out.append(String(decoding: field, as: UTF8.self))
        return out
    }

    /// One record written as CSV: fields with a comma, quote or line break quoted, quotes doubled.
    /// A cell a spreadsheet would run as a formula (it begins with `=`, `+`, `-`, `@`, a tab or a CR and is not a
    /// number: `=HYPERLINK(...)`, `+cmd|' /C calc'!A0`) is written with a leading `'`, as OWASP's CSV injection advice
    /// has it; a NUL, which no CSV reader keeps, as U+FFFD. Cells come from answers and apps' users (QA round 28b).
    public static func line(_ fields: [String]) -> String {
        fields.map { raw in
            var f = raw
            if f.utf8.contains(0) { f = f.replacing("\u{0}", with: "\u{FFFD}") }
            if let first = f.utf8.first, formulaStarts.contains(first), JSONNumber(literal: f) == nil { f = "'" + f }
            return f.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + f.replacing("\"", with: "\"\"") + "\"" : f
        }.joined(separator: ",")
    }

    /// The first bytes that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D]
}
