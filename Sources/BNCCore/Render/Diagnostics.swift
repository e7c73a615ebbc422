// Warnings, errors and notes to standard error, coloured only on a terminal.
import BNCSuite
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

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

    /// What every warning, error and note is passed through before it is printed: the tool's redactor once it
    /// knows its secrets (`Diagnostics.use(_:)`), before that one that masks what names itself secret
    /// (`branch_secret=…`, `"access_token": "…"`, a URL's password). An error may quote the user's input, a
    /// warning a logged value: neither prints a secret unless --show-secrets. Process-wide, as the error that ends
    /// a run is printed by the entry point's instance, not the command's.
    private static let redactor = Mutex<Redactor>(Redactor(secrets: []))

    /// Redacts every message printed from now on with `redactor` (its known secret values and its --show-secrets).
    public static func use(_ redactor: Redactor) { self.redactor.withLock { $0 = redactor } }

    /// The text as it may be printed.
    /// Bounded (`MessageBound`) after the masking, so a cut never leaves part of a secret unmasked.
    static func redacted(_ text: String) -> String { MessageBound.cut(redactor.withLock { $0 }.redact(text)) }

    public init(tool: String, color: Bool, stream: OutputStream = .stderr) {
        self.tool = tool
        self.color = color
        self.stream = stream
    }

    /// Every warning printed, for tests and summaries.
    public var warnings: [String] { printed.withLock { $0.order } }

    private func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

    /// The same warning is printed once per run (a batch repeats them line after line); with `line`, a batch
    /// line's, it names the first line that gave it.
    public func warning(_ message: String, line: Int? = nil) {
        printed.withLock { printed in
            guard !printed.suppressed, !printed.contains(message) else { return }
            if printed.order.count == Self.maxDistinctWarnings {
                printed.suppressed = true
                stream.line("\(tool): \(paint("warning:", "1;33")) more than \(Self.maxDistinctWarnings) different warnings: the rest are not shown")
                return
            }
            printed.insert(message)
            let shown = line.map { "line \($0): \(message) (the first line that says so)" } ?? message
            stream.line("\(tool): \(paint("warning:", "1;33")) \(TerminalText.escape(Self.redacted(shown)))")
        }
    }

    public func error(_ error: BNCError) {
        var text = "\(tool): \(paint("error:", "1;31")) \(TerminalText.escape(Self.redacted(error.description)))\n"
        if let hint = error.hint { text += "\(tool): \(paint("hint:", "1;36")) \(TerminalText.escape(Self.redacted(hint)))\n" }
        stream.write(text)
    }

    public func error(_ message: String) {
        stream.line("\(tool): \(paint("error:", "1;31")) \(TerminalText.escape(Self.redacted(message)))")
    }

    /// Informational lines (`-v`, `--timing`): prefixed with the tool's name, never on stdout.
    public func note(_ message: String) {
        stream.line("\(tool): \(TerminalText.escape(Self.redacted(message)))")
    }

    /// Raw trace lines of `-v` (already redacted).
    public func raw(_ line: String) { stream.line(TerminalText.escape(line)) }
}
