// The totals of a batch run, for the summary line and the exit status.

/// Totals of a run, for the summary line and the exit status.
public struct BatchSummary: Sendable {
    public var lines = 0
    public var ok = 0
    public var failed = 0
    public var resumed = 0
    public var retries = 0
    /// Lines in flight when an earlier run died: possibly received twice.
    public var ambiguous = 0
    /// Lines left unsent because the run was stopped (SIGINT or --fail-fast).
    public var unsent = 0
    /// Blank lines skipped (no record, no result).
    public var blank = 0
    /// The run stopped (SIGINT, --fail-fast) before its input ended: the lines after this one were not read.
    public var unreadAfter: Int?
    public var interrupted = false
    public var seconds = 0.0

    public var description: String {
        var parts = [Counting.of(lines, "line"), "\(ok) ok", "\(failed) failed"]
        if resumed > 0 { parts.append("\(resumed) acknowledged earlier (resumed)") }
        if retries > 0 { parts.append("\(retries) retries") }
        if ambiguous > 0 { parts.append("\(ambiguous) ambiguous (in flight when the last run stopped: may have been received twice)") }
        if unsent > 0 { parts.append("\(unsent) not sent (stopped)") }
        if let unreadAfter { parts.append("the lines after line \(unreadAfter) not read") }
        if blank > 0 { parts.append("\(Counting.of(blank, "blank line")) skipped") }
        let rate = seconds > 0 ? Double(ok + failed) / seconds : 0
        parts.append("\((seconds * 100).rounded() / 100)s, \(Int(rate.rounded())) lines/s")
        return parts.joined(separator: ", ")
    }
}
