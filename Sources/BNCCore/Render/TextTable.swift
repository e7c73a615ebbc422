// Rows as aligned columns for a terminal, control characters made visible.
import BNCSuite
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A simple text table: a header row and left-aligned columns, for `--output table`.
public struct TextTable: Sendable {
    public var columns: [String]
    public var rows: [[String]] = []

    public init(columns: [String]) { self.columns = columns }

    /// Adds a row; its cells are escaped for the terminal (they may hold anything the server sent).
    public mutating func add(_ row: [String]) { rows.append(row.map { TerminalText.escape($0) }) }

    public func render(color: Bool = false) -> String {
        let all = [columns] + rows
        var widths = Array(repeating: 0, count: columns.count)
        for row in all {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        var out = ""
        for (r, row) in all.enumerated() {
            var line = ""
            for (i, cell) in row.enumerated() where i < widths.count {
                let padded = i == widths.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count + 2)
                line += (r == 0 && color) ? "\u{1B}[1m\(padded)\u{1B}[0m" : padded
            }
            out += line + "\n"
        }
        return out
    }

    /// A two-column KEY / VALUE table of a JSON object's members (nested values as compact JSON).
    public static func keyValue(_ object: JSONObject, keyTitle: String = "KEY", valueTitle: String = "VALUE") -> TextTable {
        var t = TextTable(columns: [keyTitle, valueTitle])
        for (k, v) in object { t.add([k, v.plainText]) }
        return t
    }
}
