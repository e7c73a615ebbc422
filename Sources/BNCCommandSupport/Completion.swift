// Completion values the shells get from the tool itself rather than from a list baked into the script: a shell
// expands `$name` and `~name` in a baked list (compgen -W, fish's -a), and cannot tell a `KEY=` value (no space
// after it) from a word. The generated scripts (docgen) quote what these return as the user began the word.
import ArgumentParser

extension CompletionKind {
    /// `KEY=` for each name, for a repeatable KEY=VALUE option (`--param '$ios_url=…'`, `--user-data os=…`).
    public static func assignments(_ names: [String]) -> CompletionKind {
        .custom { _, _, _ in names.map { $0 + "=" } }
    }
}
