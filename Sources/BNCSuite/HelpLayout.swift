// How every tool's --help and the man pages lay out what ArgumentParser writes: USAGE first (as gh and git do), and
// EXAMPLES as commands a reader copies whole, a long one broken with ` \` into lines that fit, never wrapped as
// prose (ArgumentParser wraps a discussion at the terminal's width, which cut a command into lines that do not
// run). In BNCSuite for docgen, the tools' shared command shape, and bnc-mcp's own entry point.
/// A help text's order and its EXAMPLES, laid out to a width.
public enum HelpLayout {
    /// ArgumentParser's help with USAGE right after the one-line overview, and the discussion (details, rules,
    /// EXAMPLES) after the options and subcommands, as gh and git lay theirs out: what to type comes first.
    public static func usageFirst(_ help: String) -> String {
        guard help.hasPrefix("OVERVIEW: "), let usage = help.firstRange(of: "\n\nUSAGE: ") else { return help }
        let head = help[..<usage.lowerBound]
        guard let end = head.firstRange(of: "\n\n") else { return help }
        let overview = head[..<end.lowerBound]
        let discussion = head[end.upperBound...]
        var rest = help[usage.upperBound...]
        while rest.last == "\n" { rest.removeLast() }
        return overview + "\n\nUSAGE: " + rest + "\n\n" + discussion
    }

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
    public static func examples(_ wrapped: String, unwrapped wide: String, width: Int = 78) -> String {
        let marker = "\nEXAMPLES:\n"
        guard let w = wrapped.firstRange(of: marker), let u = wide.firstRange(of: marker) else { return wrapped }
        let lines = wide[u.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let laid = commands(lines).flatMap { wrap($0, width: width - 2) }.map { "  " + $0 }
        return String(wrapped[..<w.upperBound]) + laid.joined(separator: "\n")
    }

    /// An example as lines of at most `width` characters: a long command continued with ` \` at spaces outside
    /// quotes (continuations indented), a trailing `# comment` kept on the line or, when it does not fit, on its own
    /// line after it. A single word longer than
    /// the width (a URL) stays whole.
    public static func wrap(_ line: String, width: Int) -> [String] {
        var command = line
        var comment: String?
        if let r = line.firstRange(of: "  #") {
            command = String(line[..<r.lowerBound]).trimmedOfSpaces
            comment = String(line[r.lowerBound...]).trimmedOfSpaces
        }
        // A trailing comment stays on its line when the whole fits, else it follows on a line of its own (in the
        // order it was written: `# then: ...` comes after what it follows).
        if let comment, command.count + 6 + comment.count <= width { return [command + "      " + comment] }
        guard command.count > width else { return [command] + (comment.map { [$0] } ?? []) }
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
        return lines + (comment.map { [$0] } ?? [])
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
