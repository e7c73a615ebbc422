// Help and man pages' EXAMPLES: each a command a reader copies whole, so a long one is broken with ` \` into lines
// that fit, never wrapped as prose (ArgumentParser wraps a discussion at the terminal's width, which cut a command
// into lines that do not run). In BNCSuite for docgen, every tool's help, and the two servers' own.
/// The EXAMPLES of a help text or a man page, laid out to a width.
public enum ExampleLayout {
    /// The commands of an EXAMPLES block's lines: each line is one, unless it ends in ` \`, which the lines
    /// after it continue (joined with one space). Blank lines are dropped.
    public static func commands(_ lines: [String]) -> [String] {
        var out: [String] = []
        var pending: String?
        for raw in lines {
            let line = raw.trimmedOfSpaces
            if line.isEmpty { continue }
            let joined = pending.map { $0 + " " + line } ?? line
            if joined.hasSuffix(" \\") {
                pending = String(joined.dropLast(2))
            } else {
                out.append(joined)
                pending = nil
            }
        }
        if let pending { out.append(pending) }
        return out
    }

    /// A help text whose EXAMPLES (its last section, as every tool writes it) is `wide`'s — the same help made
    /// without wrapping — with each command laid out by `wrap` to fit `width`, indented two spaces.
    public static func help(_ wrapped: String, unwrapped wide: String, width: Int = 78) -> String {
        let marker = "\nEXAMPLES:\n"
        guard let w = wrapped.firstRange(of: marker), let u = wide.firstRange(of: marker) else { return wrapped }
        let lines = wide[u.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let laid = commands(lines).flatMap { wrap($0, width: width - 2) }.map { "  " + $0 }
        return String(wrapped[..<w.upperBound]) + laid.joined(separator: "\n")
    }

    /// An example as lines of at most `width` characters: a long command continued with ` \` at spaces outside
    /// quotes (continuations indented), a trailing `# comment` on its own line above it. A single word longer than
    /// the width (a URL) stays whole.
    public static func wrap(_ line: String, width: Int) -> [String] {
        var command = line
        var comment: String?
        if let r = line.firstRange(of: "  #") {
            command = String(line[..<r.lowerBound]).trimmedOfSpaces
            comment = String(line[r.lowerBound...]).trimmedOfSpaces
        }
        guard command.count > width else { return (comment.map { [$0] } ?? []) + [command] }
        var words: [String] = []
        var current = ""
        var quote: Character?
        for c in command {
            if c == " " && quote == nil {
                if !current.isEmpty { words.append(current); current = "" }
                continue
            }
            if c == "'" || c == "\"" { quote = quote == nil ? c : (quote == c ? nil : quote) }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        // A line breaks before a flag, a pipe or a redirection, so a flag stays with its value.
        var units: [String] = []
        for w in words {
            if let last = units.last, !(w.hasPrefix("-") || ["|", ">", "<", "&&"].contains(w)) {
                units[units.count - 1] = last + " " + w
            } else {
                units.append(w)
            }
        }
        var lines: [String] = []
        var now = ""
        for w in units {
            let indent = lines.isEmpty ? "" : "    "
            if !now.isEmpty && indent.count + now.count + 1 + w.count + 2 > width {
                lines.append(indent + now + " \\")
                now = w
            } else {
                now = now.isEmpty ? w : now + " " + w
            }
        }
        lines.append((lines.isEmpty ? "" : "    ") + now)
        return (comment.map { [$0] } ?? []) + lines
    }
}

extension String {
    /// Without the spaces and tabs at either end.
    fileprivate var trimmedOfSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
