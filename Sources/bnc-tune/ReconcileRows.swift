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

    /// The rows of an NDJSON file (gzip or not), read a line at a time; nil when the file is not NDJSON (its first
    /// line does not open an object: a JSON array or CSV, read whole above).
    static func ndjsonRows(_ path: String) throws(BNCError) -> [HeldRecord]? {
        let reader = try LineReader(path: path, maxLineLength: 16 << 20, what: "--export \(path)")
        var rows: [HeldRecord] = []
        var number = 0
        while var line = try reader.next() {
            number += 1
            if number == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            guard let first = line.first(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { continue }
            if rows.isEmpty && first != UInt8(ascii: "{") { return nil }
            let item = try JSON.parseInput(Array(line), what: "\(path) line \(reader.lineNumber)")
            guard case .object(let o) = item else {
                throw BNCError.invalid("--export \(path) line \(reader.lineNumber)", "must be a JSON object (a row of Branch's export), got \(item.typeName)")
            }
            rows.append(held(o))
        }
        return rows.isEmpty ? nil : rows
    }

    static func readCSV(_ path: String, topic: String?, bytes: [UInt8]? = nil, _ each: (HeldRecord) -> Void) throws(BNCError) {
        let reader: CSVReader
        if let bytes { reader = CSVReader(bytes: bytes, what: path) } else { reader = try CSVReader(path: path, what: path) }
        guard let columns = try reader.next() else { return }
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
