// The one run shape of every tool: parse, build the context, run, print the error, exit with its status.
import ArgumentParser
import BNCCore
#if canImport(Glibc)
import Glibc
#endif

/// The root command of a bnc executable. Its `main()` replaces ArgumentParser's so that every message
/// starts with the tool's name and every failure exits with the status DESIGN.md documents.
public protocol BNCRootCommand: ParsableCommand {}

extension BNCRootCommand {
    public static func main() {
        main(CommandLine.arguments.dropFirst().map { $0 })
    }

    public static func main(_ arguments: [String]) {
        signal(SIGPIPE, SIG_IGN)
        let environment = Environment.current()
        let tool = configuration.commandName ?? _commandName
        var command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            exitForParseError(error, tool: tool, environment: environment)
        }
        do {
            try command.run()
            Glibc.exit(ExitStatus.success.rawValue)
        } catch let exit as ExitCode {
            Glibc.exit(exit.rawValue)
        } catch is CleanExit {
            Glibc.exit(0)
        } catch let error as ValidationError {
            let diagnostics = Diagnostics(tool: tool, color: environment.wantsColor(onStderr: true))
            diagnostics.error(BNCError(.usage, error.message, hint: "see '\(tool) --help'"))
            Glibc.exit(ExitStatus.usage.rawValue)
        } catch let error as BNCError {
            let diagnostics = Diagnostics(tool: tool, color: environment.wantsColor(onStderr: true))
            diagnostics.error(error)
            Glibc.exit(ExitStatus(for: error).rawValue)
        } catch {
            // ArgumentParser's own errors (help requested from a subcommand, validation) end up here.
            exitForParseError(error, tool: tool, environment: environment)
        }
    }

    /// Help and version go to stdout with status 0; a usage error is one line on stderr and status 64.
    private static func exitForParseError(_ error: any Error, tool: String, environment: Environment) -> Never {
        let code = exitCode(for: error)
        if code == .success {
            OutputStream.stdout.write(fullMessage(for: error) + "\n")
            Glibc.exit(0)
        }
        let message = self.message(for: error)
        let first = message.split(separator: "\n").first.map(String.init) ?? message
        let text = first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first
        let diagnostics = Diagnostics(tool: tool, color: environment.wantsColor(onStderr: true))
        diagnostics.error(BNCError(.usage, text, hint: "see '\(tool) --help'"))
        Glibc.exit(code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue)
    }
}

/// A command that does a tool's work. It implements `run(_:)`; `run()` builds the context once.
public protocol BNCCommand: ParsableCommand {
    /// The tool's name for messages and User-Agent (`bnc-open`).
    static var toolName: String { get }
    func run(_ context: ToolContext) throws
}

extension BNCCommand {
    public func run() throws {
        let context = ToolContext(tool: Self.toolName, environment: .current())
        try run(context)
    }
}
