// What a report page says about its input and its making (the log's time range, the command line, bnc's version),
// and hourly counts merged into at most 48 columns for a chart.
import BNCCore
import BNCSuite

/// Facts and time buckets for the HTML pages.
public enum ReportTiming {
    /// `2026-11-22 05:00 UTC`.
    public static func utc(_ seconds: Double) -> String {
        let (date, time) = Timestamp.utcParts(seconds)
        return "\(date) \(time.prefix(5)) UTC"
    }

    public static func facts(log: String, first: Double?, last: Double?, command: String, seconds: Double) -> [(String, String)] {
        var f: [(String, String)] = [("Log", log == "-" ? "standard input" : log)]
        if let first, let last { f.append(("Time range", "\(utc(first)) to \(utc(last))")) }
        if !command.isEmpty { f.append(("Command", command)) }
        f.append(("Made by", "bnc \(BNCVersion.string) in \((seconds * 100).rounded() / 100) s"))
        return f
    }

    /// Hourly values (several series) as at most 48 columns from the first hour to the last, merged evenly.
    public static func buckets(_ byHour: [Int: [Int]], series: Int) -> (labels: [String], values: [[Int]]) {
        guard let first = byHour.keys.min(), let last = byHour.keys.max() else { return ([], Array(repeating: [], count: series)) }
        let span = last - first + 1
        let width = max(1, (span + 47) / 48)
        let count = (span + width - 1) / width
        var values = Array(repeating: Array(repeating: 0, count: count), count: series)
        for (hour, v) in byHour {
            let i = (hour - first) / width
            for s in 0..<min(series, v.count) { values[s][i] += v[s] }
        }
        let labels = (0..<count).map { utc(Double((first + $0 * width) * 3600)) }
        return (labels, values)
    }
}
