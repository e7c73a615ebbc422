// json, ndjson or table: how a run prints its data.
import BNCSuite
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `--output json|ndjson|table`.
public enum OutputFormat: String, Sendable, CaseIterable {
    case json, ndjson, table, csv

    /// Table for a person at a terminal, JSON for a pipe.
    public static func `default`(for environment: Environment) -> OutputFormat {
        environment.stdoutIsTTY ? .table : .json
    }
}
