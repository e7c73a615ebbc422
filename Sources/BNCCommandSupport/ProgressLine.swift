// One progress line on a terminal's stderr, redrawn in place at most ten times a second and erased before
// anything else is printed there. Only on a terminal, never with --quiet or -v (whose lines it would garble).
import BNCCore
import BNCSuite

/// A line of progress on stderr: `[=====>     ] 45%  12340 lines  48210/s  ETA 3s`.
public final class ProgressLine {
    /// Times from the coarse clock (milliseconds are plenty for ten draws a second and a rate): a scan calls
    /// `draw` after every line.
    private let start = MonotonicClock.coarse()
    private var lastDraw = 0.0
    private var drawn = false

    public init() {}

    /// Seconds since the work began.
    public var elapsed: Double { MonotonicClock.coarse() - start }

    /// Redraws `text` unless the last draw was under a tenth of a second ago (`force`: always).
    public func draw(_ text: @autoclosure () -> String, force: Bool = false) {
        let now = MonotonicClock.coarse()
        guard force || now - lastDraw >= 0.1 else { return }
        lastDraw = now
        // Its text may name what a server said (an export's topic): control characters shown escaped, as in
        // every diagnostic, never drawn (a title set, a screen cleared).
        OutputStream.stderr.write("\r\u{1B}[K" + TerminalText.escape(text()))
        drawn = true
    }

    /// Erases the line (before a result or a message is printed, and at the end).
    public func clear() {
        if drawn { OutputStream.stderr.write("\r\u{1B}[K") }
        drawn = false
    }

    /// `[=====>     ] ` for `done` of `total`, `width` wide.
    public static func bar(_ done: Int, of total: Int, width: Int = 30) -> String {
        let filled = total > 0 ? min(width, done * width / total) : 0
        return "[" + String(repeating: "=", count: filled) + (filled < width ? ">" : "")
            + String(repeating: " ", count: max(0, width - filled - 1)) + "] "
    }

    /// Seconds left at `rate` per second for `remaining`, as `ETA 3s`.
    public static func eta(_ remaining: Double, rate: Double) -> String {
        "ETA \(rate > 0 ? Int((remaining / rate).rounded()) : 0)s"
    }
}
