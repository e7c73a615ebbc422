// Where output goes: data on stdout (json, ndjson or a table), diagnostics on stderr, colour only for people.
import BNCSuite
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `--output json|ndjson|table`.
public enum OutputFormat: String, Sendable, CaseIterable {
    case json, ndjson, table

    /// Table for a person at a terminal, JSON for a pipe.
    public static func `default`(for environment: Environment) -> OutputFormat {
        environment.stdoutIsTTY ? .table : .json
    }
}

/// Writes to a file descriptor. A failed write is remembered, not fatal: later writes are skipped and the
/// command shape turns `writeError` into the exit status (a closed pipe, `| head`, is a quiet 0 for one answer;
/// a full disk or a closed descriptor is 74). Library code never ends the process.
public final class OutputStream: Sendable {
    public static let stdout = OutputStream(fd: 1)
    public static let stderr = OutputStream(fd: 2)

    let fd: Int32
    private let failure = Mutex<Int32>(0)

    init(fd: Int32) { self.fd = fd }

    public func write(_ text: String) {
        failure.withLock { error in
            guard error == 0 else { return }
            if !FileSystem.writeAll(fd, Array(text.utf8)) { error = errno == 0 ? EIO : errno }
        }
    }

    public func line(_ text: String) { write(text + "\n") }

    public func write(bytes: [UInt8]) {
        failure.withLock { error in
            guard error == 0 else { return }
            if !FileSystem.writeAll(fd, bytes) { error = errno == 0 ? EIO : errno }
        }
    }

    /// The errno of the first write that failed, if any.
    public var writeError: Int32? {
        let e = failure.withLock { $0 }
        return e == 0 ? nil : e
    }
}

/// Prints warnings, errors and hints to stderr as `tool: warning: …`, coloured only on a terminal.
/// Safe from any thread (the sandbox logs from its event loops): each line is written whole, under a lock.
public final class Diagnostics: Sendable {
    public let tool: String
    public let color: Bool
    private let stream: OutputStream
    private let printed = Mutex<Printed>(Printed())

    /// The warnings printed, once each, in order; past a few, also in a set to look up (a batch asks for every
    /// line: comparing one message with itself is cheaper than hashing it, hashing cheaper than a long scan).
    private struct Printed {
        var order: [String] = []
        var seen = Set<String>()
        var suppressed = false
        static let scanned = 16

        func contains(_ message: String) -> Bool {
            order.count <= Self.scanned ? order.contains(message) : seen.contains(message)
        }

        mutating func insert(_ message: String) {
            order.append(message)
            if order.count == Self.scanned + 1 { seen = Set(order) } else if order.count > Self.scanned { seen.insert(message) }
        }
    }

    /// Distinct warnings printed at most: a batch whose every line warns differently does not fill stderr, or
    /// memory, with them.
    public static let maxDistinctWarnings = 1000

    public init(tool: String, color: Bool, stream: OutputStream = .stderr) {
        self.tool = tool
        self.color = color
        self.stream = stream
    }

    /// Every warning printed, for tests and summaries.
    public var warnings: [String] { printed.withLock { $0.order } }

    private func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

    /// The same warning is printed once per run (a batch repeats them line after line).
    public func warning(_ message: String) {
        printed.withLock { printed in
            guard !printed.suppressed, !printed.contains(message) else { return }
            if printed.order.count == Self.maxDistinctWarnings {
                printed.suppressed = true
                stream.line("\(tool): \(paint("warning:", "1;33")) more than \(Self.maxDistinctWarnings) different warnings: the rest are not shown")
                return
            }
            printed.insert(message)
            stream.line("\(tool): \(paint("warning:", "1;33")) \(TerminalText.escape(message))")
        }
    }

    public func error(_ error: BNCError) {
        var text = "\(tool): \(paint("error:", "1;31")) \(TerminalText.escape(error.description))\n"
        if let hint = error.hint { text += "\(tool): \(paint("hint:", "1;36")) \(TerminalText.escape(hint))\n" }
        stream.write(text)
    }

    public func error(_ message: String) {
        stream.line("\(tool): \(paint("error:", "1;31")) \(TerminalText.escape(message))")
    }

    /// Informational lines (`-v`, `--timing`): prefixed with the tool's name, never on stdout.
    public func note(_ message: String) {
        stream.line("\(tool): \(TerminalText.escape(message))")
    }

    /// Raw trace lines of `-v` (already redacted).
    public func raw(_ line: String) { stream.line(TerminalText.escape(line)) }
}

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
