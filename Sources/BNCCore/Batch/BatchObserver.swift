// What a batch tells its watcher: progress, retries (the progress bar on a terminal).

/// Watches a run: progress for a bar, retries for -v.
public protocol BatchObserver: AnyObject {
    func progress(done: Int, inFlight: Int, retrying: Int)
    func retrying(line: Int, attempt: Int, outcome: AttemptOutcome, delay: Double)
}
