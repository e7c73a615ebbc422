// The one run shape of every tool: parse, build the context, run, print the error, exit with its status.
// `BNCRootCommand.main` is the only place in the suite that ends the process; everything below returns values
// and statuses (swift-package-manager's SwiftCommand is the model).
import ArgumentParser
import BNCCore
import BNCSuite
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What this process runs, once its arguments are parsed (`RunIdentity.command`: "bnc-api POST /v2/event/custom").
public enum RunIdentity {
    nonisolated(unsafe) public static var command = ""
}

/// The root command of a bnc executable. Its `main()` replaces ArgumentParser's so that every message
/// starts with the tool's name and every failure exits with the status DESIGN.md documents.
public protocol BNCRootCommand: ParsableCommand {}

extension BNCRootCommand {
    public static func main() {
        main(CommandLine.arguments.dropFirst().map { $0 })
    }

    /// The first argument of this process that is not valid UTF-8, named by its flag (`--identity's value`) or
    /// its position, or nil.
    static func invalidUTF8Argument() -> String? {
        var previous: [UInt8] = []
        for i in 1..<Int(CommandLine.argc) {
            guard let c = CommandLine.unsafeArgv[i] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(c).assumingMemoryBound(to: UInt8.self), count: strlen(c)))
            if String(validating: bytes, as: UTF8.self) == nil {
                let flag = String(decoding: previous, as: UTF8.self)
                if flag.hasPrefix("-"), flag.count > 1, !flag.contains("=") { return "\(flag)'s value" }
                if let eq = bytes.firstIndex(of: UInt8(ascii: "=")), bytes.first == UInt8(ascii: "-"),
                   let name = String(validating: bytes[..<eq], as: UTF8.self) { return "\(name)'s value" }
                return "argument \(i)"
            }
            previous = bytes
        }
        return nil
    }

    /// `--duration -5`: ArgumentParser reads a negative number after an option as another option ("Missing value
    /// for '--duration <S>'"). Joined as `--duration=-5`, the value reaches the field's own rule, which names it
    /// ("must be between 0 and 31536000 (got -5)"), as a batch line's -5 does. Words after `--` are left alone.
    static func joiningNegativeNumbers(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" { out += arguments[i...]; break }
            if a.hasPrefix("--"), a.count > 2, !a.contains("="), i + 1 < arguments.count, Self.isNegativeNumber(arguments[i + 1]) {
                out.append(a + "=" + arguments[i + 1])
                i += 2
                continue
            }
            out.append(a)
            i += 1
        }
        return out
    }

    /// `-5`, `-1.5`, `-1e3`: a minus sign, then a decimal number (never a short option, none of which is a digit).
    static func isNegativeNumber(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard b.count >= 2, b[0] == UInt8(ascii: "-"), (0x30...0x39).contains(b[1]) else { return false }
        return b.dropFirst().allSatisfy { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
            || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
    }

    public static func main(_ arguments: [String]) -> Never {
        let arguments = joiningNegativeNumbers(arguments)
        StandardDescriptors.reserve()
        // No signal blocked: a parent may start us with some blocked (the mask survives exec, and libdispatch's
        // worker threads block SIGTERM: bnc-mcp's SIGTERM to a cancelled call's command stayed pending for ever).
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
        signal(SIGPIPE, SIG_IGN)
        Interruption.exitOn130(tool: name(of: Self.self), erasingLine: isatty(2) == 1)
        // Every file and folder a tool creates (state, journals, pid files, reports) is private to the user.
        FileSystem.userUmask = umask(0o077)
        let environment = Environment.current()
        let tool = name(of: Self.self)
        // The secrets the environment holds are masked in an error raised before the command resolves its options
        // (a path or a flag that quotes one); the command's own redactor takes over once it has one.
        let known = ConfigurationResolver.environmentSecrets(environment)
        if !known.isEmpty { Diagnostics.use(Redactor(secrets: known)) }
        // --show-secrets: an error raised before then (a usage error too) prints what the user typed.
        if arguments.contains("--show-secrets") { Diagnostics.use(.none) }
        // --color rules the final error too, and a parse error's (ArgumentParser has not read it yet then).
        let diagnostics = Diagnostics(tool: tool, color: environment.wantsColor(onStderr: true, mode: colorMode(in: arguments)))
        // An argument that is not UTF-8 would reach the command with U+FFFD in place of its bytes (Swift repairs
        // argv), and be sent or opened as something the user never typed: refused, as the same bytes in a file are.
        if let bad = invalidUTF8Argument() {
            diagnostics.error(BNCError.usage(bad, "is not valid UTF-8 text"))
            finish(ExitStatus.usage.rawValue, diagnostics: diagnostics)
        }
        // `--version` names the commit, the build day and the libcurl in use, as curl's does.
        if arguments == ["--version"] {
            OutputStream.stdout.write(BuildInfo.text(tool: tool) + "\n")
            finish(0, diagnostics: diagnostics)
        }
        var command: ParsableCommand
        do {
            if let leaf = parseNamedLeaf(arguments) {
                command = leaf
            } else {
                command = try parseAsRoot(arguments)
                if let alone = try rejectOptionsOfAncestors(command, arguments) { command = alone }
            }
            RunIdentity.command = identity(of: command, arguments)
        } catch {
            exitForParseError(error, tool: tool, diagnostics: diagnostics)
        }
        var status = ExitStatus.success
        do {
            try command.run()
        } catch let error as CommandStatus {
            status = error.status
        } catch let exit as ExitCode {
            finish(Int32(exit.rawValue), diagnostics: diagnostics)
        } catch let clean as CleanExit {
            // A root with subcommands and no default asks for its help when run bare (`bnc-link`): print it.
            let text = helpText(for: clean)
            if !text.isEmpty { OutputStream.stdout.write(text + "\n") }
            status = .success
        } catch let error as ValidationError {
            diagnostics.error(BNCError(.usage, error.message, hint: "see '\(helpPath(tool)) --help'"))
            status = .usage
        } catch let error as BNCError {
            diagnostics.error(error)
            status = ExitStatus(for: error)
        } catch {
            // ArgumentParser's own errors (help requested from a subcommand, validation) end up here.
            exitForParseError(error, tool: tool, diagnostics: diagnostics)
        }
        finish(status.rawValue, diagnostics: diagnostics)
    }

    /// The help a request for it prints: USAGE first, the examples inherited when the command has none, and
    /// each example laid out whole (ArgumentParser's wrapping at the terminal's width cut commands mid-word).
    static func helpText(for error: any Error) -> String {
        let wrapped = withInheritedExamples(HelpLayout.usageFirst(fullMessage(for: error)))
        let wide = withInheritedExamples(HelpLayout.usageFirst(fullMessage(for: error, columns: 100_000)))
        return HelpLayout.examples(wrapped, unwrapped: wide)
    }

    /// What a run is, for a journal to be resumed only by the same command: the command's names (`bnc-link qr`,
    /// `bnc-event send` however it was typed) and the positional words before its first option (bnc-api's method
    /// and path).
    static func identity(of command: ParsableCommand, _ arguments: [String]) -> String {
        let names = path(to: type(of: command), from: Self.self)?.map(name(of:)) ?? [name(of: Self.self)]
        var rest = arguments[...]
        for n in names.dropFirst() where rest.first == n { rest = rest.dropFirst() }
        // A positional file (bnc-tune replay's log) is the input, which the journal's fingerprint names already.
        return (names + rest.prefix { !$0.hasPrefix("-") }.filter { !FileSystem.exists($0) }).joined(separator: " ")
    }

    /// A subcommand's help without examples of its own gets its tool's that run it (`bnc-link create --help`
    /// shows bnc-link's `bnc-link create ...` lines), so every page a user asks for ends with something to copy.
    static func withInheritedExamples(_ help: String) -> String {
        guard !help.contains("\nEXAMPLES:"), let usage = help.split(separator: "\n").first(where: { $0.hasPrefix("USAGE: ") }),
              let discussion = configuration.discussion.split(separator: "EXAMPLES:\n", maxSplits: 1).dropFirst().first else { return help }
        let path = usage.dropFirst("USAGE: ".count).split(separator: " ")
            .prefix { !$0.hasPrefix("<") && !$0.hasPrefix("[") && !$0.hasPrefix("-") }.joined(separator: " ")
        guard path.contains(" ") else { return help }
        // An example is a line indented two spaces and the more deeply indented lines that continue it.
        var examples: [[Substring]] = []
        for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("   "), !examples.isEmpty { examples[examples.count - 1].append(line) }
            else if line.hasPrefix("  ") { examples.append([line]) }
            else if !line.isEmpty { break }
        }
        func runs(_ e: [Substring]) -> Bool {
            e.joined(separator: " ").split(separator: " ").joined(separator: " ").contains(path + " ") || e.last?.hasSuffix(path) == true
        }
        // An example's set-up (`export BRANCH_KEY=...` lines just above it) comes with it: alone it would run
        // with other credentials.
        func isSetUp(_ e: [Substring]) -> Bool { e.first?.drop { $0 == " " }.hasPrefix("export ") == true }
        var taken = Set<Int>()
        for (i, e) in examples.enumerated() where runs(e) {
            var first = i
            while first > 0, isSetUp(examples[first - 1]) { first -= 1 }
            taken.formUnion(first...i)
        }
        let mine = taken.sorted().map { examples[$0] }
        guard !mine.isEmpty else { return help }
        return help + "\n\nEXAMPLES:\n" + mine.map { $0.joined(separator: "\n") }.joined(separator: "\n")
    }

    /// A root with options of its own and subcommands (bnc-open sends, and has `state` and `fields`): ArgumentParser
    /// takes the root's options beside a subcommand and drops them, so `bnc-open fields --curl` did nothing, quietly.
    /// The arguments without the subcommands' names are parsed again by the subcommand alone: an option it does not
    /// take is the usage error it is.
    /// Returns the leaf as parsed alone: when an ancestor declares an option of the same name as the leaf's
    /// (`bnc-sandbox --pid-file` and `bnc-sandbox stop --pid-file`), the tree's parse gives the value to the
    /// ancestor, and the leaf would run without it.
    @discardableResult
    static func rejectOptionsOfAncestors(_ command: ParsableCommand, _ arguments: [String]) throws -> ParsableCommand? {
        let leaf = type(of: command)
        guard leaf != Self.self, leaf._commandName != "help", let path = path(to: leaf, from: Self.self) else { return nil }
        var rest = arguments
        for name in path.dropFirst().map(name(of:)) {
            guard let i = rest.firstIndex(of: name) else { return nil }
            rest.remove(at: i)
        }
        let parsed = try leaf.parseAsRoot(rest)
        return type(of: parsed) == leaf ? parsed : nil
    }

    /// `TOOL SUB [SUB...] ARGS` where every command above the named leaf declares no arguments of its own
    /// (`bnc-event send`, `bnc-tune scan`): the leaf parsed alone, as `rejectOptionsOfAncestors` would parse it
    /// anyway. ArgumentParser's parse of the whole tree builds the leaf's argument set four more times on the way
    /// (to ask whether it, or the root's default subcommand, takes all remaining input) — three quarters of a
    /// `bnc-event send --dry-run`. nil when the arguments do not start with the names of such a path, or when the
    /// leaf alone refuses them: help, usage errors and completion requests take the whole tree's parse, as before.
    static func parseNamedLeaf(_ arguments: [String]) -> ParsableCommand? {
        var command: ParsableCommand.Type = Self.self
        var named = 0
        while named < arguments.count, let sub = command.configuration.subcommands.first(where: {
            name(of: $0) == arguments[named] || $0.configuration.aliases.contains(arguments[named])
        }) {
            // A command on the way with options, flags or arguments of its own (each a stored property wrapper,
            // so the type has a size; a reflecting Mirror costs more than the parse saves): the tree's parse
            // decides what they take (and `rejectOptionsOfAncestors` refuses them beside a subcommand).
            guard Self.storedSize(of: command) == 0 else { return nil }
            command = sub
            named += 1
        }
        guard named > 0, command.configuration.subcommands.isEmpty,
              let parsed = try? command.parseAsRoot(Array(arguments[named...])),
              type(of: parsed) == command  // not the help ArgumentParser answers `--help` with
        else { return nil }
        return parsed
    }

    private static func storedSize<C: ParsableCommand>(of _: C.Type) -> Int { MemoryLayout<C>.size }

    /// The name a command is typed by: its configuration's, else the one ArgumentParser derives from its type.
    static func name(of command: ParsableCommand.Type) -> String { command.configuration.commandName ?? command._commandName }

    /// The commands under `command` (itself included) whose help lists `flag`, by their paths (`bnc-link qr`).
    static func commandsDeclaring(_ flag: String, in command: ParsableCommand.Type, path: String) -> [String] {
        var found: [String] = []
        if command.configuration.subcommands.isEmpty || command.configuration.defaultSubcommand == nil {
            let help = command.helpMessage(columns: 10_000)
            if help.firstMatch(of: try! Regex("(^|[\\s,])\(flag)([\\s,=<]|$)").anchorsMatchLineEndings()) != nil { found.append(path) }
        }
        for sub in command.configuration.subcommands where name(of: sub) != "help" {
            found += commandsDeclaring(flag, in: sub, path: path + " " + name(of: sub))
        }
        return found
    }

    /// The tool and the subcommands the command line named (`bnc-link create`): the page that lists the flags a
    /// usage error is about (the tool's own lists its commands only).
    static func helpPath(_ tool: String, _ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> String {
        var path = tool
        var current: ParsableCommand.Type = Self.self
        for word in arguments {
            guard let next = current.configuration.subcommands.first(where: { name(of: $0) == word }) else { break }
            path += " " + word
            current = next
        }
        return path
    }

    /// The commands from `root` down to `leaf` (nil: not below it).
    static func path(to leaf: ParsableCommand.Type, from root: ParsableCommand.Type) -> [ParsableCommand.Type]? {
        if root == leaf { return [root] }
        for sub in root.configuration.subcommands {
            if let below = path(to: leaf, from: sub) { return [root] + below }
        }
        return nil
    }

    /// The last `--color WHEN` or `--color=WHEN` before any `--` (auto when none, or not a valid WHEN).
    static func colorMode(in arguments: [String]) -> ColorMode {
        var mode = ColorMode.auto
        var i = 0
        while i < arguments.count, arguments[i] != "--" {
            if arguments[i] == "--color", i + 1 < arguments.count {
                mode = ColorMode(rawValue: arguments[i + 1]) ?? mode
                i += 1
            } else if arguments[i].hasPrefix("--color=") {
                mode = ColorMode(rawValue: String(arguments[i].dropFirst(8))) ?? mode
            }
            i += 1
        }
        return mode
    }

    /// Exits with `code`, unless stdout could not be written: a closed pipe (`| head`) keeps the status, any
    /// other write failure (a full disk, a closed descriptor) is one line and status 74.
    private static func finish(_ code: Int32, diagnostics: Diagnostics) -> Never {
        if let errno = OutputStream.stdout.writeError, errno != EPIPE, code == 0 || code == 1 {
            diagnostics.error(BNCError(.io, "cannot write to standard output: \(String(cString: strerror(errno)))"))
            Glibc.exit(ExitStatus.ioError.rawValue)
        }
        Glibc.exit(code)
    }

    /// Help and version go to stdout with status 0; a usage error is one line on stderr and status 64.
    private static func exitForParseError(_ error: any Error, tool: String, diagnostics: Diagnostics) -> Never {
        let code = exitCode(for: error)
        if code == .success {
            OutputStream.stdout.write(helpText(for: error) + "\n")
            finish(0, diagnostics: diagnostics)
        }
        let first = firstParagraph(self.message(for: error))
        let text = first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first
        if let broken = fieldRuleBroken(text) ?? tooLarge(text) {
            diagnostics.error(broken)
            Glibc.exit(ExitStatus(for: broken).rawValue)
        }
        diagnostics.error(explained(text, tool: tool, firstArgument: CommandLine.arguments.dropFirst().first))
        Glibc.exit(code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue)
    }

    /// ArgumentParser's message, said better where it would mislead: a secret given as a flag is told where
    /// secrets come from (not that `--secret` is near `--screen`); a mistyped command of a root without a default
    /// one gets the command it was near.
    static func explained(_ text: String, tool: String, firstArgument: String?) -> BNCError {
        let hint = "see '\(helpPath(tool)) --help'"
        if let m = text.firstMatch(of: /^Unknown option '(--[^'=]+)/), let said = Self.secretSources(tool)[String(m.output.1)] {
            return BNCError(.usage, "\(m.output.1): \(said.message)", hint: said.hint)
        }
        // A Branch credential given to a command that calls another service (bnc-asa lookup asks Apple): not a
        // typo to be matched with the nearest flag (`--key`, "did you mean --ip?").
        if let m = text.firstMatch(of: /^Unknown option '(--key|--secret-file|--access-token-file)'/) {
            return BNCError(.usage, "\(m.output.1): this command sends nothing to Branch, so it takes no Branch credentials",
                            hint: "see the command's --help for what it takes")
        }
        // An option of another command of the tool (`bnc-link create --out x.png`: --out is qr's): said so, rather
        // than the nearest name here ("did you mean '--tag'?").
        if let m = text.firstMatch(of: /^Unknown option '(--[a-z0-9-]+)'/) {
            let flag = String(m.output.1), here = helpPath(tool)
            let owners = commandsDeclaring(flag, in: Self.self, path: tool).filter { $0 != here }
            if !owners.isEmpty {
                return BNCError(.usage, "\(flag) is an option of '\(owners.joined(separator: "', '"))', not of '\(here)'", hint: hint)
            }
        }
        if let m = text.firstMatch(of: /^(?:Unexpected argument|\d+ unexpected arguments:) '([^']*)'/), String(m.output.1) == firstArgument {
            let word = String(m.output.1)
            let names = configuration.subcommands.map(name(of:))
            if let guess = EditDistance.closest(to: word, in: names) {
                return BNCError(.usage, "'\(word)' is not a \(tool) command; did you mean '\(guess)'?", hint: hint)
            }
        }
        return BNCError(.usage, text, hint: hint)
    }

    /// ArgumentParser's message without the usage and help lines it appends: a value with a line feed in it
    /// (`--topic $'eo\ninstall'`) is kept whole (the message was cut at it, its rule lost), and escaped when printed.
    static func firstParagraph(_ message: String) -> String {
        var end = message.endIndex
        for marker in ["\nUsage: ", "\nHelp: ", "\nHelp:  ", "\n  See '"] {
            if let r = message.firstRange(of: marker), r.lowerBound < end { end = r.lowerBound }
        }
        return String(message[..<end])
    }

    /// A whole number too large for its option's type (`--limit 99999999999999999999`): said so, where
    /// ArgumentParser only says the value is invalid.
    static func tooLarge(_ text: String) -> BNCError? {
        guard let m = text.firstMatch(of: /^The value '([+-]?[0-9]{19,})' is invalid for '(--[a-z0-9-]+)[ '<]/) else { return nil }
        return BNCError.usage(String(m.output.2), "must be a whole number within 64 bits (got \(m.output.1))")
    }

    /// A numeric (or BOOL) flag's value its type could not read ("The value '1e400' is invalid for '--duration <S>'"), told
    /// as the field the flag sets tells a batch line's value (`duration must be a whole number ... (got 1e400)`,
    /// exit 65): one rule, one message, however the value came. Nil for flags that set no numeric or BOOL field.
    static func fieldRuleBroken(_ text: String) -> BNCError? {
        guard let m = text.firstMatch(of: /^The value '(.*)' is invalid for '(--[a-z0-9-]+)[ '<]/) else { return nil }
        let value = String(m.output.1), flag = String(m.output.2)
        let specs = fieldTables(of: Self.self).flatMap(\.fields)
        guard let spec = specs.first(where: { $0.flag == flag && ($0.type == .integer || $0.type == .number || $0.type == .boolean) }) else { return nil }
        if spec.type == .boolean {
            // A BOOL option (`<BOOL>`); `--first-session` sets a boolean field from auto|true|false, whose own
            // message lists its words.
            guard text.contains("\(flag) <BOOL>'") else { return nil }
            return BNCError.invalid(spec.name, "\(FieldSpec.booleanRule) (got \(value.debugDescription))")
        }
        if let number = try? JSON.parse(bytes: Array(value.utf8)), case .number = number {
            do { _ = try spec.check(number, at: spec.name) } catch { return error }
        }
        // Not a number (`wide`), or one the flag's type cannot read as written (` 100`).
        let range = spec.range.map { " " + FieldSpec.describe($0) } ?? ""
        return BNCError.invalid(spec.name, "must be \(spec.type == .integer ? "a whole number" : "a number")\(range) (got \(value.debugDescription))")
    }

    /// The field tables of a command and of every command under it.
    static func fieldTables(of command: any ParsableCommand.Type) -> [FieldTable] {
        var tables = (command as? any SendingCommand.Type)?.fieldTables ?? []
        for sub in command.configuration.subcommands { tables += fieldTables(of: sub) }
        return tables
    }

    /// Where each secret comes from instead of a flag (bnc-asa's token is Apple's AdServices token).
    static func secretSources(_ tool: String) -> [String: (message: String, hint: String)] {
        let never = "a secret never goes on the command line (process lists and shell history show it)"
        let secret = (never, "pass --secret-file FILE (or - for stdin), set BRANCH_SECRET, or keep branch_secret in a private profile (bnc-config(5))")
        let token = (never, "pass --access-token-file FILE (or -), set BRANCH_ACCESS_TOKEN, or keep access_token in a private profile (bnc-config(5))")
        let adServices = ("there is no such flag: the AdServices token is the argument",
                          "give it as the argument, - to read it from stdin, or --token-file FILE")
        return ["--secret": secret, "--branch-secret": secret, "--access-token": token, "--token": tool == "bnc-asa" ? adServices : token]
    }
}

/// A finished command's status other than success, carried to `main` (the only place that exits).
public struct CommandStatus: Error {
    public let status: ExitStatus
}

/// A command that does a tool's work. It implements `run(_:)` and returns its status; `run()` builds the
/// context once.
public protocol BNCCommand: ParsableCommand {
    /// The tool's name for messages and User-Agent (`bnc-open`).
    static var toolName: String { get }
    func run(_ context: ToolContext) throws -> ExitStatus
}

extension BNCCommand {
    public func run() throws {
        let status = try run(ToolContext(tool: Self.toolName, environment: .current()))
        if status != .success { throw CommandStatus(status: status) }
    }
}

/// What the default interruption writes before it exits: the progress line erased (on a terminal) and
/// "TOOL: interrupted". Made once, before the handler can run; the handler only reads it.
private let interruptionText = Atomic<Int>(0)  // the buffer's address
private let interruptionLength = Atomic<Int>(0)

/// The process's own ending on SIGINT, SIGTERM and SIGHUP (here: the command shape alone ends the process).
enum Interruption {
    /// Every command's SIGINT, SIGTERM and SIGHUP until a run installs its own watcher: the line a progress bar may be
    /// drawing is erased, "TOOL: interrupted" is said, and the process exits 130, as the man pages' EXIT STATUS
    /// says of both (SIGTERM's default ended a single request or a download with 143, silently, with the bar left
    /// on the terminal). A signal the process started with ignored (a background job's SIGINT) stays ignored.
    static func exitOn130(tool: String, erasingLine: Bool) {
        let text = Array(((erasingLine ? "\r\u{1B}[K" : "") + "\(tool): interrupted\n").utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: text.count)
        buffer.initialize(from: text, count: text.count)
        interruptionLength.store(text.count, ordering: .sequentiallyConsistent)
        interruptionText.store(Int(bitPattern: buffer), ordering: .sequentiallyConsistent)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            if let text = UnsafeRawPointer(bitPattern: interruptionText.load(ordering: .sequentiallyConsistent)) {
                _ = write(2, text, interruptionLength.load(ordering: .sequentiallyConsistent))
            }
            _exit(130)
        }
        sigemptyset(&action.sa_mask)
        for sig in SignalWatcher.stopping where !SignalWatcher.isIgnored(sig) {
            sigaction(sig, &action, nil)
        }
    }
}
