// bnc-mcp's entry point, with its --help laid out as every tool's: USAGE first, the examples as commands to copy
// (ArgumentParser's own printed the discussion first and wrapped the examples at the terminal's width).
import ArgumentParser
import BNCCore
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

/// bnc-mcp's entry point: its own executable and the multi-call binary installed under its name call it.
public enum Entry {
    public static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Help and version written and checked as every tool's: stdout full or closed is one line and 74 (bnc(1)),
        // not a silent 0 (print dropped the write's error).
        if let text = help(arguments) ?? (arguments == ["--version"] ? BuildInfo.text(tool: "bnc-mcp") : nil) {
            OutputStream.stdout.line(text)
            if let errno = OutputStream.stdout.writeError, errno != EPIPE {
                OutputStream.stderr.line("bnc-mcp: error: cannot write to standard output: \(String(cString: strerror(errno)))")
                exit(ExitStatus.ioError.rawValue)
            }
            return
        }
        await BncMCP.main()
    }

    /// The help text when the arguments ask for it (`--help`, `-h`, `help`: bnc-mcp has no subcommand or
    /// positional argument for them to belong to); nil for anything else, which ArgumentParser's main answers.
    static func help(_ arguments: [String]) -> String? {
        let words = arguments.prefix { $0 != "--" }
        guard words.contains("--help") || words.contains("-h") || words.first == "help" else { return nil }
        return HelpLayout.examples(HelpLayout.usageFirst(BncMCP.helpMessage()),
                                   unwrapped: HelpLayout.usageFirst(BncMCP.helpMessage(columns: 100_000)))
    }
}
