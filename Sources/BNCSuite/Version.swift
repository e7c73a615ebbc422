// The suite's version: every tool's --version, and the User-Agent it sends (bnc-<tool>/<version>).

/// The suite's version, shown by --version and sent in each tool's User-Agent.
public enum BNCVersion {
    /// Bumped with each release; CHANGELOG.md names the same version.
    public static let string = "0.1.0"

    /// `bnc-open/0.1.0`: what every tool sends as User-Agent.
    public static func userAgent(tool: String) -> String { "\(tool)/\(string)" }
}
