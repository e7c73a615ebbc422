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
}
