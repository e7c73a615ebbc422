// --output csv: objects as CSV (RFC 4180), a header row of their keys in first-seen order, then a row each;
// strings as they are, other values as JSON text, a missing key an empty cell.
import BNCCore

/// Renders JSON values as CSV.
public enum CSVRendering {
    public static func render(_ rows: [JSON]) -> String {
        var columns: [String] = []
        var seen = Set<String>()
        for row in rows {
            for (k, _) in row.objectValue ?? ["value": row] where !seen.contains(k) { seen.insert(k); columns.append(k) }
        }
        var out = CSVReader.line(columns) + "\n"
        for row in rows {
            let o = row.objectValue ?? ["value": row]
            out += CSVReader.line(columns.map { cell(o[$0]) }) + "\n"
        }
        return out
    }

    public static func cell(_ value: JSON?) -> String {
        switch value {
        case nil, .null?: ""
        case .string(let s)?: s
        case let v?: v.serialized()
        }
    }
}
