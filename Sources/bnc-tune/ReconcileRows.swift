// reconcile's rows from bnc-export's NDJSON files, read a line at a time, each keeping the columns it compares.
import BNCCore
import BNCTune

extension ReconcileInput {
    /// A row of Branch's export as reconciling reads it: the columns it reads, each as text.
    static func held(_ o: JSONObject) -> HeldRecord {
        var cells: [String: String] = [:]
        for (k, v) in o where HeldRecord.isRead(k) { cells[k] = v.stringValue ?? v.serialized() }
        return HeldRecord(topic: cells["topic"] ?? topic(of: cells["name"] ?? ""), cells: cells)
    }

    /// The rows of a regular file (gzip or not) in order, as its first significant byte says: `{` NDJSON read a line
    /// at a time, `[` a JSON array read an element at a time (`JSONArrayReader`), anything else CSV read a record at
    /// a time. Memory holds one row's text and the columns reconciling compares (a JSON array was read whole, up to
    /// 1 GiB).
    static func streamedRows(_ path: String, _ each: (HeldRecord) -> Void) throws(BNCError) {
        switch try firstByte(path) {
        case UInt8(ascii: "{"):
            let reader = try LineReader(path: path, maxLineLength: 16 << 20, what: "--export \(path)")
            while var line = try reader.next() {
                if reader.lineNumber == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
                guard line.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { continue }
                try each(row(JSON.parseInput(Array(line), what: "\(path) line \(reader.lineNumber)"), path, "line \(reader.lineNumber)"))
            }
        case UInt8(ascii: "["):
            let reader = try JSONArrayReader(path: path, what: "--export \(path)")
            while let item = try reader.next() { try each(row(item, path, "item \(reader.count)")) }
        default:
            try readCSV(path, topic: nil, each)
        }
    }

    /// A row of an export: an object of columns (5, "x", null or [1] counted as an empty row, silently, once).
    static func row(_ item: JSON, _ path: String, _ place: String) throws(BNCError) -> HeldRecord {
        guard case .object(let o) = item else {
            throw BNCError.invalid("--export \(path) \(place)", "must be a JSON object (a row of Branch's export), got \(item.typeName)")
        }
        return held(o)
    }

    /// The first byte of a file (inflated, past a byte-order mark) that is not JSON whitespace; nil when it has none.
    static func firstByte(_ path: String) throws(BNCError) -> UInt8? {
        let reader = try LineReader(path: path, maxLineLength: 16 << 20, what: "--export \(path)")
        var first = true
        while let bytes = try reader.nextBytes() {
            var rest = bytes[...]
            if first, rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
            first = false
            if let b = rest.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) { return b }
        }
        return nil
    }

    static func readCSV(_ path: String, topic: String?, bytes: [UInt8]? = nil, _ each: (HeldRecord) -> Void) throws(BNCError) {
        let reader: CSVReader
        if let bytes { reader = CSVReader(bytes: bytes, what: path) } else { reader = try CSVReader(path: path, what: path) }
        guard var columns = try reader.next() else { return }
        // Excel's byte-order mark is no part of the first column's name.
        if let head = columns.first, head.hasPrefix("\u{FEFF}") { columns[0] = String(head.dropFirst()) }
        while let record = try reader.next() {
            var cells: [String: String] = [:]
            for (c, v) in zip(columns, record) where !v.isEmpty && HeldRecord.isRead(c) { cells[c] = v }
            each(HeldRecord(topic: topic ?? cells["topic"] ?? Self.topic(of: cells["name"] ?? ""), cells: cells))
        }
    }

    /// A row's topic when its file does not say (a session's by its name; anything else an event).
    static func topic(of name: String) -> String {
        ["INSTALL": "eo_install", "REINSTALL": "eo_reinstall", "OPEN": "eo_open"][name] ?? "eo_custom_event"
    }
}
