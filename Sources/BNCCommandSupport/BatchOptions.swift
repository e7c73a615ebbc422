// --batch and its flags: concurrency, rate, journal, resume, order, fail-fast, shard.
import ArgumentParser
import BNCCore

/// `--batch`, `--concurrency`, `--rate`, `--journal`, `--resume`, `--unordered`, `--fail-fast`, `--shard`.
public struct BatchOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("batch"), help: ArgumentHelp(
        "NDJSON file of requests, one per line (same shape as the API body, without credentials); - reads stdin; gzip is read as it is.", valueName: "FILE"),
        completion: .file())
    public var batch: String?

    @Option(name: .customLong("concurrency"), help: ArgumentHelp("Requests in flight at once.", valueName: "N"))
    public var concurrency: Int = 8

    @Option(name: .customLong("rate"), help: ArgumentHelp("Most requests per second (default: no limit).", valueName: "R"))
    public var rate: Double?

    @Option(name: .customLong("journal"), help: ArgumentHelp("Journal of acknowledged lines, for --resume.", valueName: "FILE"),
            completion: .file())
    public var journal: String?

    @Flag(name: .customLong("resume"), help: "Skip the lines the journal shows as acknowledged: all of them after a run that finished; a file changed since its unfinished run is refused.")
    public var resume = false

    @Flag(name: .customLong("unordered"), help: "Print results as they finish instead of in input order.")
    public var unordered = false

    @Flag(name: .customLong("fail-fast"), help: "Stop at the first failed line.")
    public var failFast = false

    @Option(name: .customLong("shard"), help: ArgumentHelp("Take only shard K of N of the lines (stable hash), e.g. 2/8.", valueName: "K/N"))
    public var shard: String?

    public init() {}

    public func validate() throws {
        guard (1...1024).contains(concurrency) else { throw ValidationError("--concurrency must be between 1 and 1024") }
        // Below one request in 100 s a batch is a typo, not a plan (and the wait between lines would be hours).
        if let rate, !(rate >= 0.01 && rate <= 1_000_000) { throw ValidationError("--rate must be between 0.01 and 1000000 requests per second") }
        if let shard {
            let parts = shard.split(separator: "/")
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
                throw ValidationError("--shard must be K/N with 1 <= K <= N, e.g. 2/8")
            }
        }
    }
}
