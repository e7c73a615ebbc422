// The process environment as a value, and the XDG paths derived from it, so tests can pass their own.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Environment variables plus the facts about the terminal that decide output format and colour.
public struct Environment: Sendable {
    public var variables: [String: String]
    public var stdoutIsTTY: Bool
    public var stderrIsTTY: Bool

    public init(variables: [String: String], stdoutIsTTY: Bool = false, stderrIsTTY: Bool = false) {
        self.variables = variables
        self.stdoutIsTTY = stdoutIsTTY
        self.stderrIsTTY = stderrIsTTY
    }

    /// The environment of this process.
    public static func current() -> Environment {
        var vars: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") {
                vars[String(s[..<eq])] = String(s[s.index(after: eq)...])
            }
            p += 1
        }
        return Environment(variables: vars, stdoutIsTTY: isatty(1) == 1, stderrIsTTY: isatty(2) == 1)
    }

    public subscript(name: String) -> String? {
        guard let v = variables[name], !v.isEmpty else { return nil }
        return v
    }

    public var home: String { self["HOME"] ?? "/" }

    /// `$XDG_CONFIG_HOME/bnc` (default `~/.config/bnc`).
    public var configDirectory: String { (absolute(self["XDG_CONFIG_HOME"]) ?? home + "/.config") + "/bnc" }
    /// `$XDG_STATE_HOME/bnc` (default `~/.local/state/bnc`).
    public var stateDirectory: String { (absolute(self["XDG_STATE_HOME"]) ?? home + "/.local/state") + "/bnc" }

    /// The config file: `$BNC_CONFIG`, else `config.toml` in the config directory.
    public var configFile: String { self["BNC_CONFIG"].map(expandTilde) ?? configDirectory + "/config.toml" }

    /// XDG says relative paths in these variables are invalid and must be ignored.
    private func absolute(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/") else { return nil }
        return path
    }

    /// `~/x` -> `$HOME/x`, as a shell would.
    public func expandTilde(_ path: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst(1) }
        return path
    }

    /// Colour is for people: only on a terminal, never with `NO_COLOR` set or `TERM=dumb`.
    public func wantsColor(onStderr: Bool, mode: ColorMode = .auto) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            if variables["NO_COLOR"].map({ !$0.isEmpty }) == true { return false }
            if self["TERM"] == "dumb" { return false }
            return onStderr ? stderrIsTTY : stdoutIsTTY
        }
    }
}

/// `--color auto|always|never`.
public enum ColorMode: String, Sendable, CaseIterable {
    case auto, always, never
}
