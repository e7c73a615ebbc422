// Points in time from the command line: epoch seconds (or milliseconds) or ISO 8601 in UTC or with an offset
// (`2026-11-22T05:30Z`, `2026-11-22T05:30:00+01:00`, `2026-11-22`). No calendar library: the civil-date formula.

#if canImport(Glibc)
import Glibc
#endif

/// Parses command-line times (epoch seconds or milliseconds, ISO 8601 dates and times) into epoch seconds.
public enum Timestamp {
    /// Seconds since the Unix epoch, or nil when the text is no time bnc reads.
    public static func parse(_ text: String) -> Double? {
        let s = text.trimmingWhitespace()
        if let n = Double(s), n.isFinite, !s.contains(where: { $0 == "-" || $0 == ":" }) {
            return n > 1e11 ? n / 1000 : n  // milliseconds when it is too large for seconds
        }
        let chars = Array(s)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= chars.count, chars[from..<from + count].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(String(chars[from..<from + count]))
        }
        guard let year = number(0, 4), chars.count >= 10, chars[4] == "-", chars[7] == "-",
              let month = number(5, 2), let day = number(8, 2), (1...12).contains(month), (1...daysIn(month, of: year)).contains(day) else { return nil }
        var hour = 0, minute = 0, second = 0, offset = 0
        var i = 10
        if i < chars.count {
            guard chars[i] == "T" || chars[i] == " ", let h = number(i + 1, 2), i + 3 < chars.count, chars[i + 3] == ":",
                  let m = number(i + 4, 2), h < 24, m < 60 else { return nil }
            (hour, minute) = (h, m)
            i += 6
            if i < chars.count, chars[i] == ":" {
                guard let sec = number(i + 1, 2), sec < 61 else { return nil }
                second = sec
                i += 3
                if i < chars.count, chars[i] == "." { i += 1; while i < chars.count, chars[i].isASCII && chars[i].isNumber { i += 1 } }
            }
            if i < chars.count {
                switch chars[i] {
                case "Z": i += 1
                case "+", "-":
                    guard let oh = number(i + 1, 2), i + 3 < chars.count, chars[i + 3] == ":", let om = number(i + 4, 2) else { return nil }
                    offset = (oh * 3600 + om * 60) * (chars[i] == "-" ? -1 : 1)
                    i += 6
                default: return nil
                }
            }
            guard i == chars.count else { return nil }
        }
        return Double(civilSeconds(year: year, month: month, day: day) + hour * 3600 + minute * 60 + second - offset)
    }

    /// The days of a month (a real date only: 2026-02-30 is no day, not 2 March).
    static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Seconds from the epoch to a civil date at midnight UTC (Howard Hinnant's days-from-civil).
    /// The instant a zone's wall-clock time names (`local`: the wall clock read as if it were UTC), by the C
    /// library's own time-zone code (TZ set for the call, then put back); nil when the zone cannot be read. A
    /// command's checks call it before any other thread reads the time zone.
    public static func instant(ofWallClock local: Double, inZone zone: String) -> Double? {
        #if canImport(Glibc)
        let days = Int((local / 86400).rounded(.down))
        let (year, month, day) = civil(days: days)
        let rest = Int(local) - days * 86400
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month - 1)
        fields.tm_mday = Int32(day)
        fields.tm_hour = Int32(rest / 3600)
        fields.tm_min = Int32(rest / 60 % 60)
        fields.tm_sec = Int32(rest % 60)
        fields.tm_isdst = -1
        let saved = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", ":" + zone, 1)
        tzset()
        let t = mktime(&fields)
        if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
        tzset()
        return t == -1 ? nil : Double(t) + (local - local.rounded(.down))
        #else
        return nil
        #endif
    }

    public static func civilSeconds(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return (era * 146097 + doe - 719468) * 86400
    }

    /// Days since the epoch as a civil date (Howard Hinnant's civil-from-days): (year, month, day).
    public static func civil(days z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Epoch seconds as UTC date and time parts: `2026-11-22`, `05:30:00` (whole seconds).
    public static func utcParts(_ seconds: Double) -> (date: String, time: String) {
        let days = Int((seconds / 86400).rounded(.down))
        let rest = Int(seconds.rounded(.down)) - days * 86400
        let (y, m, d) = civil(days: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return ("\(y)-\(two(m))-\(two(d))", "\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))")
    }
}

