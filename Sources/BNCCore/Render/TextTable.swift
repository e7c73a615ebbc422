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
    /// Each row's cell colours (nil: plain), used only when the table is rendered in colour.
    var paints: [[Paint?]] = []

    /// A cell's colour on a terminal that wants colour (SGR codes).
    public enum Paint: String, Sendable {
        case bold = "1", red = "1;31", yellow = "1;33", cyan = "36", green = "32", dim = "2"
    }

    public init(columns: [String]) { self.columns = columns }

    /// Adds a row; its cells are escaped for the terminal (they may hold anything the server sent). `paint` colours
    /// cells by position (a severity, a status) when the table is rendered in colour.
    public mutating func add(_ row: [String], paint: [Paint?] = []) {
        rows.append(row.map { TerminalText.escape($0) })
        paints.append(paint)
    }

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
                let padding = i == widths.count - 1 ? "" : String(repeating: " ", count: widths[i] - cell.count + 2)
                let paint: Paint? = r == 0 ? .bold : (i < paints[r - 1].count ? paints[r - 1][i] : nil)
                if color, let paint, !cell.isEmpty {
                    line += "\u{1B}[\(paint.rawValue)m\(cell)\u{1B}[0m" + padding
                } else {
                    line += cell + padding
                }
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
