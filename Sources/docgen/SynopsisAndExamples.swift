// A tool page's SYNOPSIS (a line per subcommand) and its EXAMPLES wrapped to fit 80 columns.
import BNCCore

extension Mdoc {
    /// A SYNOPSIS line for the command (when it does something itself: arguments or options beyond --help) and
    /// one for each subcommand, nested ones included: `bnc-open state show device`.
    static func synopsis(_ command: JSON, words: [String]) -> String {
        let args = (command["arguments"]?.arrayValue ?? []).filter {
            $0["shouldDisplay"]?.boolValue != false && !["help", "version"].contains($0["valueName"]?.stringValue ?? "")
        }
        let subs = (command["subcommands"]?.arrayValue ?? []).filter { $0["commandName"]?.stringValue != "help" }
        var s = ""
        if !args.isEmpty || subs.isEmpty {
            s += ".Nm\n" + words.map { ".Cm \($0)\n" }.joined()
            for a in args where a["kind"]?.stringValue == "positional" {
                let name = a["valueName"]?.stringValue ?? "arg"
                s += (a["isOptional"]?.boolValue == true ? ".Op Ar \(name)" : ".Ar \(name)") + (a["isRepeating"]?.boolValue == true ? " ...\n" : "\n")
            }
            if args.contains(where: { $0["kind"]?.stringValue != "positional" }) { s += ".Op Ar options\n" }
        }
        for sub in subs { s += synopsis(sub, words: words + [sub["commandName"]?.stringValue ?? ""]) }
        return s
    }

    /// An example as lines of at most `width` characters: a long command continued with ` \` at spaces outside
    /// quotes (continuations indented), a trailing `# comment` on its own line above it. A single word longer than
    /// the width (a URL) stays whole.
    static func wrapCommand(_ line: String, width: Int = 66) -> [String] {
        var command = line
        var comment: String?
        if let r = line.firstRange(of: "  #") {
            command = String(line[..<r.lowerBound]).trimmingWhitespace()
            comment = String(line[r.lowerBound...]).trimmingWhitespace()
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
