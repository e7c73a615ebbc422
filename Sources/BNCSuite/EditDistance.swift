// Levenshtein distance, for the did-you-mean suggestions of the front door and the tools.

/// Edit distance between strings (a swap of neighbours counts as one edit), for did-you-mean suggestions.
public enum EditDistance {
    /// The number of single-character insertions, deletions, substitutions and swaps of neighbours that turn
    /// `a` into `b` (optimal string alignment: `nmae` is one edit from `name`, as a typist makes it).
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var twoBack = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], twoBack[j - 2] + 1) }
            }
            twoBack = previous
            previous = current
        }
        return previous[b.count]
    }
}

extension EditDistance {
    /// The candidate nearest to `word` (case ignored), when it is near enough to be a typo: at most 2 edits,
    /// and fewer than half the word's length (so `ip` does not suggest `os`).
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        var best: (String, Int)?
        for c in candidates {
            let d = between(lower, c.lowercased())
            if d <= 2, d * 2 < max(word.count, 2), d < (best?.1 ?? .max) { best = (c, d) }
        }
        return best?.0
    }
}
