// bnc: the front door. `bnc NAME ARGS...` replaces itself with `bnc-NAME ARGS...`, found beside bnc first and
// then on PATH, so arguments, stdin/stdout and the exit status pass through untouched (git/cargo style).
// It links nothing but BNCSuite and libc, so dispatching costs almost nothing.
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

let exitUsage: Int32 = 64

func write(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var off = 0
    while off < bytes.count {
        let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + off, $0.count - off) }
        if n <= 0 { if errno == EINTR { continue }; return }
        off += n
    }
}
func out(_ s: String) { write(1, s + "\n") }
func err(_ s: String) { write(2, "bnc: " + s + "\n") }

/// The directory this executable lives in (built-ins are installed beside it).
func ownDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return nil }
    let path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return String(path[..<slash])
}

func canonical(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}

func isExecutableFile(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
}

func isFile(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
}

func pathDirectories() -> [String] {
    guard let p = getenv("PATH") else { return [] }
    // An empty PATH entry means the current directory, which a dispatcher must never search implicitly.
    // Entries are resolved (symlinks, ..) so the directory bnc itself lives in is recognised.
    return String(cString: p).split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }.map(canonical)
}

/// A `bnc-NAME` executable found somewhere.
struct Found {
    let name: String
    let path: String
    let builtin: Bool
}

/// Where `bnc-NAME` would be run from: beside bnc, else the first executable on PATH.
func locate(_ name: String) -> Found? {
    if let dir = ownDirectory(), isExecutableFile("\(dir)/bnc-\(name)") {
        return Found(name: name, path: "\(dir)/bnc-\(name)", builtin: ToolCatalog.tool(named: name) != nil)
    }
    for dir in pathDirectories() where isExecutableFile("\(dir)/bnc-\(name)") {
        return Found(name: name, path: "\(dir)/bnc-\(name)", builtin: false)
    }
    return nil
}

/// Tool names are plain words: no slashes, no leading dash, nothing a path trick could use.
func isValidName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first != "-" else { return false }
    return name.unicodeScalars.allSatisfy { ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "-" || $0 == "_" }
}

/// Every `bnc-*` file in a directory.
func entries(of dir: String) -> [String] {
    guard let d = opendir(dir) else { return [] }
    defer { closedir(d) }
    var names: [String] = []
    while let e = readdir(d) {
        let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name.hasPrefix("bnc-"), name.count > 4 { names.append(String(name.dropFirst(4))) }
    }
    return names.sorted()
}

/// A plugin's one-line abstract: a `bnc-abstract: …` line near the top of a script, if it has one.
func pluginAbstract(_ path: String) -> String {
    guard let f = fopen(path, "r") else { return "" }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 512)
    for _ in 0..<20 {
        guard fgets(&line, Int32(line.count), f) != nil else { break }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let r = text.firstRange(of: "bnc-abstract:") {
            return String(text[r.upperBound...]).trimmedOfWhitespace()
        }
    }
    return ""
}

extension String {
    /// Without leading and trailing white space and line breaks ("\r\n" is one Character: test isWhitespace).
    func trimmedOfWhitespace() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}

/// `bnc --list`: built-ins (with where they are), then plugins on PATH; warnings on stderr.
func list() -> Int32 {
    let own = ownDirectory()
    out("Built-in tools:")
    var missing: [String] = []
    for tool in ToolCatalog.all {
        let here = own.map { isExecutableFile("\($0)/\(tool.executable)") } ?? false
        if !here { missing.append(tool.executable) }
        out("  " + tool.name.padding(12) + tool.abstract)
    }
    var seen = Set(ToolCatalog.all.map(\.name))
    var plugins: [(String, String)] = []
    var dirs: [String] = own.map { [$0] } ?? []
    for dir in pathDirectories() where !dirs.contains(dir) { dirs.append(dir) }
    for dir in dirs {
        for name in entries(of: dir) {
            let path = "\(dir)/bnc-\(name)"
            if dir == own && ToolCatalog.tool(named: name) != nil { continue }
            if ToolCatalog.tool(named: name) != nil {
                if own.map({ "\($0)/bnc-\(name)" }) != path {
                    err("warning: \(path) is shadowed by the built-in bnc-\(name) and is never run by bnc")
                }
                continue
            }
            if !isFile(path) { continue }
            if !isExecutableFile(path) {
                err("warning: \(path) is not executable (chmod +x it to use it as a plugin)")
                continue
            }
            if seen.contains(name) {
                err("warning: \(path) is shadowed by an earlier bnc-\(name) on PATH")
                continue
            }
            seen.insert(name)
            plugins.append((name, path))
        }
    }
    if !plugins.isEmpty {
        out("")
        out("Plugins on PATH:")
        for (name, path) in plugins {
            let abstract = pluginAbstract(path)
            out("  " + name.padding(12) + (abstract.isEmpty ? path : "\(abstract) (\(path))"))
        }
    }
    for m in missing { err("warning: built-in \(m) is not installed beside bnc") }
    return 0
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}

/// Every name bnc could run: built-ins and plugins.
func knownNames() -> [String] {
    var names = Set(ToolCatalog.all.map(\.name))
    for dir in pathDirectories() {
        for name in entries(of: dir) where isExecutableFile("\(dir)/bnc-\(name)") { names.insert(name) }
    }
    return names.sorted()
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
func run(_ found: Found, _ arguments: [String]) -> Int32 {
    let argv = [found.path] + arguments
    var cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
    cargs.append(nil)
    execv(found.path, &cargs)
    let reason = String(cString: strerror(errno))
    err("error: cannot run \(found.path): \(reason)")
    return errno == ENOENT ? 127 : 126
}

func unknown(_ name: String) -> Int32 {
    err("error: '\(name)' is not a bnc tool or plugin")
    let candidates = knownNames().filter { EditDistance.between($0, name) <= 2 || $0.hasPrefix(name) || name.hasPrefix($0) }
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
    case "help":
        guard args.count >= 2 else { out(usage()); return 0 }
        let name = args[1]
        guard isValidName(name), let found = locate(name) else { return unknown(name) }
        return run(found, ["--help"])
    default:
        if first.hasPrefix("-") {
            err("error: unknown option '\(first)'")
            err("hint: see 'bnc --help'")
            return exitUsage
        }
        guard isValidName(first), let found = locate(first) else { return unknown(first) }
        return run(found, Array(args.dropFirst()))
    }
}

exit(main(Array(CommandLine.arguments.dropFirst())))
