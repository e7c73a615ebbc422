// Time without Foundation: monotonic seconds for durations, the wall clock for timestamps, and sleeping that a
// signal ends.
#if canImport(Glibc)
import Glibc
#endif

/// Monotonic seconds and sleeping, without Foundation.
public enum MonotonicClock {
    /// A clock's time in seconds.
    private static func seconds(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Monotonic seconds, for durations.
    public static func now() -> Double { seconds(CLOCK_MONOTONIC) }

    /// The same to the kernel's tick (a few milliseconds), read without the time-stamp counter: for checks made
    /// a million times a second whether a tenth of a second has passed (a progress line's), where `now()` was 1% of
    /// a scan.
    public static func coarse() -> Double { seconds(CLOCK_MONOTONIC_COARSE) }

    /// Seconds since the Unix epoch (wall clock, for timestamps that leave the process).
    public static func wallSeconds() -> Double { seconds(CLOCK_REALTIME) }

    public static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        // With a signal watcher installed, a wait is a poll of its pipe: SIGINT or SIGTERM ends it at once.
        if let wake = SignalWatcher.wakeFD {
            var fd = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
            let deadline = now() + seconds
            while true {
                let left = deadline - now()
                if left <= 0 || SignalWatcher.wakeFD == nil { return }
                if poll(&fd, 1, Int32(min(left * 1000 + 0.999, 1e9))) != 0 && errno != EINTR { return }
            }
        }
        var ts = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var rem = timespec()
        while nanosleep(&ts, &rem) != 0 && errno == EINTR { ts = rem }
    }
}
