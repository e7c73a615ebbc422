// A tool's page from its help dump: NAME, SYNOPSIS, DESCRIPTION, options by group, COMMANDS, EXAMPLES.
import BNCCore
import BNCSuite

extension Mdoc {
    /// A tool's page: synopsis, description, options by group, then the shared sections.
    /// `manual` replaces the discussion's prose where --help keeps a summary (bnc-sandbox).
    static func toolPage(tool: ToolInfo, help: JSON, fields: [JSON] = [], manual: String? = nil) -> String {
        var s = header(tool.executable, section: 1, description: tool.abstract)
        let args = help["arguments"]?.arrayValue ?? []
        let visible = args.filter { $0["shouldDisplay"]?.boolValue != false }
        s += ".Sh SYNOPSIS\n" + synopsis(help, words: [])

        var (description, rootExamples) = splitDiscussion(help["discussion"]?.stringValue ?? "")
        if let manual { description = splitDiscussion(manual).0 }
        s += ".Sh DESCRIPTION\n" + prose(tool.abstract + ".") + "\n"
        for paragraph in description where !paragraph.isEmpty {
            // Indented lines (a table such as BODY FIELDS) stay lines; the rest is prose.
            let lines = paragraph.split(separator: "\n").map(String.init)
            let text = lines.filter { !$0.hasPrefix("  ") }
            let listed = lines.filter { $0.hasPrefix("  ") }
            if !text.isEmpty { s += ".Pp\n" + prose(text.joined(separator: " ")) + "\n" }
            if !listed.isEmpty {
                s += ".Bd -literal -offset indent\n" + listed.map { escape($0.trimmingWhitespace()) }.joined(separator: "\n") + "\n.Ed\n"
            }
        }

        // The request body's fields and the rules between them, as `TOOL fields` lists them: a tagged list, so
        // each description wraps within the page's width.
        if !fields.isEmpty {
            s += ".Sh FIELDS\n" + prose("What a request body may carry, as \(tool.executable) fields lists it: each field's type and rules, then the rules between fields.") + "\n"
            s += ".Bl -tag -width Ds\n"
            for row in fields {
                let table = row["table"]?.stringValue.map { $0 + ": " } ?? ""
                s += ".It Li " + escape(table + (row["name"]?.stringValue ?? "")) + "\n"
                s += prose("(\(row["type"]?.stringValue ?? "")) \(row["description"]?.stringValue ?? "")") + "\n"
            }
            s += ".El\n"
        }

        // Subcommands, each with its abstract (`bnc-open state`).
        let subcommands = (help["subcommands"]?.arrayValue ?? []).filter { $0["commandName"]?.stringValue != "help" }
        if !subcommands.isEmpty {
            s += ".Sh COMMANDS\n.Bl -tag -width Ds\n"
            for sub in subcommands {
                let name = sub["commandName"]?.stringValue ?? ""
                let nested = (sub["subcommands"]?.arrayValue ?? []).compactMap { $0["commandName"]?.stringValue }.filter { $0 != "help" }
                s += ".It Cm \(name)" + (nested.isEmpty ? "" : " Ar " + nested.joined(separator: "|")) + "\n"
                s += prose(sub["abstract"]?.stringValue ?? "") + "\n"
                for n in sub["subcommands"]?.arrayValue ?? [] where n["commandName"]?.stringValue != "help" {
                    s += ".Pp\n.Cm \(name) \(n["commandName"]?.stringValue ?? ""):\n" + prose(n["abstract"]?.stringValue ?? "") + "\n"
                }
            }
            s += ".El\n"
        }

        // Options in the order --help shows them: the tool's own first, then each shared group; then the options
        // of each subcommand that has its own (`bnc-event send`), so the page documents every flag.
        s += ".Sh OPTIONS\n" + optionGroups(visible, prefix: nil)
        var examples = rootExamples
        // Each subcommand's, and its own subcommands' in turn (`bnc-open state forget`: its --all was nowhere).
        func subcommandOptions(_ sub: JSON, path: String) {
            guard let name = sub["commandName"]?.stringValue, name != "help" else { return }
            let args = (sub["arguments"]?.arrayValue ?? []).filter {
                $0["shouldDisplay"]?.boolValue != false && !["help", "version"].contains($0["valueName"]?.stringValue ?? "")
            }
            if !args.isEmpty {
                s += optionGroups(args, prefix: "\(path) \(name)")
                examples += splitDiscussion(sub["discussion"]?.stringValue ?? "").1
            }
            for nested in sub["subcommands"]?.arrayValue ?? [] { subcommandOptions(nested, path: "\(path) \(name)") }
        }
        for sub in subcommands { subcommandOptions(sub, path: tool.executable) }
        s += sharedSections(extraFiles: Self.ownFiles[tool.executable] ?? [], exitStatus: Self.exitStatuses[tool.executable] ?? [])
        if !examples.isEmpty {
            s += ".Sh EXAMPLES\n.Bd -literal -offset indent\n" + HelpLayout.commands(examples).flatMap { HelpLayout.wrap($0, width: 66) }.map(escape).joined(separator: "\n") + "\n.Ed\n"
        }
        s += seeAlso(except: tool.executable)
        return s
    }

    /// `.Ss` groups of options, in --help's order; titled "PREFIX: Group" for a subcommand's.
    static func optionGroups(_ args: [JSON], prefix: String?) -> String {
        var groups: [(String, [JSON])] = []
        for a in args {
            let title = a["sectionTitle"]?.stringValue ?? (a["kind"]?.stringValue == "positional" ? "Arguments" : "Options")
            if let i = groups.firstIndex(where: { $0.0 == title }) { groups[i].1.append(a) } else { groups.append((title, [a])) }
        }
        var s = ""
        for (title, items) in groups {
            s += ".Ss \(escape(prefix.map { "\($0): \(title)" } ?? title))\n.Bl -tag -width Ds\n"
            for a in items {
                s += ".It " + itemHead(a) + "\n" + prose(a["abstract"]?.stringValue ?? "") + "\n"
                if let d = a["defaultValue"]?.stringValue, a["kind"]?.stringValue == "option" {
                    s += "Default: \(escape(d)).\n"
                }
            }
            s += ".El\n"
        }
        return s
    }

    /// `.Fl Fl key Ar KEY` for `--key <KEY>`, with short forms.
    static func itemHead(_ a: JSON) -> String {
        let kind = a["kind"]?.stringValue
        let value = a["valueName"]?.stringValue ?? "value"
        if kind == "positional" { return "Ar \(value)" }
        let names = (a["names"]?.arrayValue ?? []).map { n -> String in
            let name = n["name"]?.stringValue ?? ""
            return n["kind"]?.stringValue == "short" ? "Fl \(name)" : "Fl Fl \(name)"
        }
        let joined = names.joined(separator: " , ")
        return kind == "option" ? "\(joined) Ar \(value)" : joined
    }

    /// The discussion's prose paragraphs, and the lines under its EXAMPLES: heading.
    static func splitDiscussion(_ text: String) -> ([String], [String]) {
        guard let r = text.firstRange(of: "EXAMPLES:") else {
            return (text.components(separatedBy: "\n\n"), [])
        }
        let prose = String(text[..<r.lowerBound]).trimmingWhitespace()
        let examples = text[r.upperBound...].split(separator: "\n").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        return (prose.components(separatedBy: "\n\n"), examples)
    }
}
