// bnc: the front door. `bnc NAME ARGS...` replaces itself with `bnc-NAME ARGS...`, found beside bnc first and
// then on PATH, so arguments, stdin/stdout and the exit status pass through untouched (git/cargo style).
// It links nothing but BNCSuite and libc, so dispatching costs almost nothing.
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

let exitUsage: Int32 = 64
let exitIOError: Int32 = 74

/// The first error writing to stdout (nil: none), for exit status 74 as every tool gives it.
nonisolated(unsafe) var stdoutError: Int32?

func write(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var off = 0
    while off < bytes.count {
        let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + off, $0.count - off) }
        if n <= 0 {
            if n < 0 && errno == EINTR { continue }
            if fd == 1 && stdoutError == nil { stdoutError = n < 0 ? errno : EIO }
            return
        }
        off += n
    }
}
func out(_ s: String) { write(1, s + "\n") }
/// A diagnostic: anything from outside in it (a name typed, a plugin's path or abstract) is escaped.
func err(_ s: String) { write(2, "bnc: " + TerminalText.escape(s) + "\n") }

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}

func usage() -> String {
    var s = """
    bnc \(BNCVersion.string): command suite for Branch's server-to-server APIs

    USAGE: bnc <tool> [<arguments>...]
           bnc help <tool>
           bnc --list | --version | --help

    TOOLS:

    """
    for tool in ToolCatalog.all { s += "  " + tool.name.padding(12) + tool.abstract + "\n" }
    s += """

    Any executable named bnc-NAME on PATH is a plugin: `bnc NAME` runs it.
    `bnc <tool>` is the same as running `bnc-<tool>`; see `bnc help <tool>` or man bnc-<tool>.
    """
    return s
}

/// Replaces this process with the tool; returns only if exec failed.
func run(_ found: PluginDirectory.Found, _ arguments: [String]) -> Int32 {
    let argv = [found.path] + arguments
    var cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
    cargs.append(nil)
    execv(found.path, &cargs)
    let code = errno
    // The file is there (it was found): ENOENT means its #! interpreter is missing, as a shell says "bad
    // interpreter" with 126.
    if code == ENOENT, PluginDirectory.isExecutableFile(found.path) {
        err("error: cannot run \(found.path): its interpreter (the #! line) was not found")
        return 126
    }
    err("error: cannot run \(found.path): \(String(cString: strerror(code)))")
    return code == ENOENT ? 127 : 126
}

func unknown(_ name: String) -> Int32 {
    if PluginDirectory.isValidName(name), let (path, why) = PluginDirectory.locateUnrunnable(name) {
        switch why {
        case .dangling:
            err("error: cannot run \(path): it is a symbolic link to nothing (the tool it named is gone)")
            return 127
        case .notAFile:
            err("error: cannot run \(path): it is not a file (a directory, or a device)")
            return 126
        case .notExecutable:
            err("error: cannot run \(path): it is not an executable file")
            err("hint: chmod +x \(ShellQuote.quote(path)) to use it as a plugin")
            return 126
        }
    }
    if ToolCatalog.tool(named: name) != nil {
        err("error: the built-in bnc-\(name) is missing beside bnc (a plugin never stands in for it)")
        err("hint: reinstall bnc (make install)")
        return 127
    }
    err("error: '\(name)' is not a bnc tool or plugin")
    let candidates = PluginDirectory.knownNames().filter { EditDistance.between($0, name) <= 2 || $0.hasPrefix(name) || name.hasPrefix($0) }
    if !candidates.isEmpty {
        err("hint: did you mean \(candidates.map { "'\($0)'" }.joined(separator: " or "))?")
    } else {
        err("hint: 'bnc --list' shows the tools and plugins")
    }
    return exitUsage
}

func main(_ args: [String]) -> Int32 {
    guard let first = args.first else {
        out(usage())
        return 0
    }
    switch first {
    case "-h", "--help":
        out(usage())
        return 0
    case "--version":
        out("bnc \(BNCVersion.string)")
        return 0
    case "--list":
        return list()
    case "--complete-tools":
        return completeTools()
    case "help":
        guard args.count >= 2 else { out(usage()); return 0 }
        let name = args[1]
        guard PluginDirectory.isValidName(name), let found = PluginDirectory.locate(name) else { return unknown(name) }
        return run(found, ["--help"])
    default:
        if first.hasPrefix("-") {
            err("error: unknown option '\(first)'")
            let guess = EditDistance.closest(to: first, in: ["--help", "--version", "--list"])
            err(guess.map { "hint: did you mean '\($0)'? (see 'bnc --help')" } ?? "hint: see 'bnc --help'")
            return exitUsage
        }
        guard PluginDirectory.isValidName(first), let found = PluginDirectory.locate(first) else { return unknown(first) }
        return run(found, Array(args.dropFirst()))
    }
}

StandardDescriptors.reserve()
signal(SIGPIPE, SIG_IGN)
let status = main(Array(CommandLine.arguments.dropFirst()))
// --list, --help and --version into a full disk or a closed stdout: 74, as every tool; a closed pipe is not an error.
if let e = stdoutError, e != EPIPE {
    err("error: cannot write to standard output: \(String(cString: strerror(e)))")
    exit(status == 0 ? exitIOError : status)
}
exit(status)
