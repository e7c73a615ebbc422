// A count and its noun as a person writes them: "1 line", "2 lines", "0 Branch rows".

/// How many of something, in words, for the notes and warnings every tool prints.
public enum Counting {
    /// `n` and `noun`, the noun with an "s" unless `n` is 1 (or `plural` when its plural is not regular).
    public static func of(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(n) \(n == 1 ? noun : plural ?? noun + "s")"
    }
}
