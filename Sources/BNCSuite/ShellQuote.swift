// POSIX shell quoting, for a command line bnc prints for a person to paste (a fix, a hint, `--curl`): here, below
// every tool and the front door, so each quotes the same way.

/// POSIX shell quoting.
public enum ShellQuote {
    /// A word that any POSIX shell reads back as `s`: bare when safe, else single-quoted.
    public static func quote(_ s: String) -> String {
        if !s.isEmpty, s.unicodeScalars.allSatisfy({ safe.contains($0) }) { return s }
        return "'" + s.replacing("'", with: "'\\''") + "'"
    }

    private static let safe: Set<Unicode.Scalar> = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@,+%".unicodeScalars)
}
