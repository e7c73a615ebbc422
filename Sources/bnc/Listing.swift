// `bnc --list` for people and `bnc --complete-tools` for the completion scripts: the built-ins, then the plugins
// on PATH that `bnc NAME` would run.
import BNCSuite

/// `bnc --list`: built-ins, then plugins on PATH with their abstracts; warnings on stderr.
func list() -> Int32 {
    let found = PluginDirectory.listing()
    out("Built-in tools:")
    for tool in ToolCatalog.all { out("  " + tool.name.padding(12) + tool.abstract) }
    if !found.plugins.isEmpty {
        out("")
        out("Plugins on PATH:")
        for (name, path) in found.plugins {
            let abstract = PluginDirectory.pluginAbstract(path)
            out("  " + TerminalText.escape(name.padding(12) + (abstract.isEmpty ? path : "\(abstract) (\(path))")))
        }
    }
    for w in found.warnings { err("warning: " + w) }
    for m in found.missing { err("warning: built-in \(m) is not installed beside bnc") }
    return 0
}

/// `bnc --complete-tools`, for the completion scripts: `NAME<TAB>ABSTRACT` per line, built-ins then plugins, the
/// names `bnc NAME` would run (no warnings: completion never prints on the terminal). Not for people: --list is.
func completeTools() -> Int32 {
    func line(_ name: String, _ abstract: String) -> String {
        let clean = TerminalText.escape(abstract).map { $0 == "\t" || $0 == "\n" ? " " : $0 }
        return name + "\t" + String(clean)
    }
    for tool in ToolCatalog.all { out(line(tool.name, tool.abstract)) }
    for (name, path) in PluginDirectory.listing().plugins {
        let abstract = PluginDirectory.pluginAbstract(path)
        out(line(name, abstract.isEmpty ? "plugin (\(path))" : abstract))
    }
    return 0
}

