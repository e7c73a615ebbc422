// What `--version` says beyond the number: the commit, the build day, and the libcurl the tool would use.
import BNCSuite
import CCurl

/// The build's commit and day, and the libcurl in use: the lines a bug report needs.
public enum BuildInfo {
    /// `0.1.0 (commit 6e3beab, built Nov 24 2026)`.
    public static var version: String {
        "\(BNCVersion.string) (commit \(String(cString: bnc_build_commit())), built \(String(cString: bnc_build_date())))"
    }

    /// libcurl's own version line, or why it cannot be loaded (only `--version` loads it without sending).
    public static var libcurl: String {
        if let v = bnc_curl_version() { return String(cString: v) }
        return "libcurl cannot be loaded: \(String(cString: bnc_curl_error()))"
    }

    /// The whole `--version` text of a tool.
    public static func text(tool: String) -> String { "\(tool) \(version)\n\(libcurl)" }
}
