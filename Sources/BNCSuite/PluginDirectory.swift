// The front door's plugin directory: where `bnc NAME` finds `bnc-NAME` (beside bnc first, then on PATH), which
// plugins exist, and what `bnc --list` warns about. Pure lookups; the bnc executable prints and execs.
#if canImport(Glibc)
import Glibc
#endif

/// Finds `bnc-NAME` executables beside bnc and on PATH, and lists the plugins that exist for `bnc --list`.
public enum PluginDirectory {
    /// The directory this executable lives in (built-ins are installed beside it).
    public static func ownDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    public static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public static func isExecutableFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }

    public static func isFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    public static func pathDirectories() -> [String] {
        guard let p = getenv("PATH") else { return [] }
        // An empty PATH entry means the current directory, which a dispatcher must never search implicitly.
        // Entries are resolved (symlinks, ..) so the directory bnc itself lives in is recognised.
        return String(cString: p).split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }.map(canonical)
    }

    /// A `bnc-NAME` executable found somewhere.
    public struct Found: Sendable {
        public let name: String
        public let path: String
        public let builtin: Bool
    }

    /// Where `bnc-NAME` would be run from: beside bnc, else the first executable on PATH. A built-in tool's name
    /// is looked for beside bnc only: a plugin never stands in for a built-in, even one missing from its place.
    public static func locate(_ name: String) -> Found? {
        if let dir = ownDirectory(), isExecutableFile("\(dir)/bnc-\(name)") {
            return Found(name: name, path: "\(dir)/bnc-\(name)", builtin: ToolCatalog.tool(named: name) != nil)
        }
        if ToolCatalog.tool(named: name) != nil { return nil }
        for dir in pathDirectories() where isExecutableFile("\(dir)/bnc-\(name)") {
            return Found(name: name, path: "\(dir)/bnc-\(name)", builtin: false)
        }
        return nil
    }

    /// A `bnc-NAME` that exists but may not be run (not executable, or not a regular file): a shell would say
    /// "permission denied" and exit 126; so does bnc.
    public static func locateUnrunnable(_ name: String) -> (path: String, why: Unrunnable)? {
        var dirs = ownDirectory().map { [$0] } ?? []
        if ToolCatalog.tool(named: name) == nil { dirs += pathDirectories() }
        for dir in dirs {
            let path = "\(dir)/bnc-\(name)"
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            if stat(path, &st) != 0 { return (path, .dangling) }
            return (path, st.st_mode & S_IFMT == S_IFREG ? .notExecutable : .notAFile)
        }
        return nil
    }

    /// Why a `bnc-NAME` that is there cannot be run.
    public enum Unrunnable: Sendable {
        /// A symbolic link to nothing: the tool vanished (127, as a shell says "No such file").
        case dangling
        /// A directory or another kind of file (126; chmod would not help).
        case notAFile
        /// A regular file without execute permission (126; chmod +x makes it a plugin).
        case notExecutable
    }

    /// Tool names are plain words: no slashes, no leading dash, nothing a path trick could use.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "-" else { return false }
        return name.unicodeScalars.allSatisfy { ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "-" || $0 == "_" }
    }

    /// Every `bnc-*` file in a directory, by its NAME.
    public static func entries(of dir: String) -> [String] {
        names(in: dir).filter { $0.hasPrefix("bnc-") && $0.count > 4 }.map { String($0.dropFirst(4)) }
    }

    /// The names in a directory, sorted (none when it cannot be read); `.` and `..` left out.
    public static func names(in dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// A plugin's one-line abstract: a `bnc-abstract: …` line near the top of a script, if it has one.
    public static func pluginAbstract(_ path: String) -> String {
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

    /// Every name bnc could run: built-ins and plugins.
    public static func knownNames() -> [String] {
        var names = Set(ToolCatalog.all.map(\.name))
        for dir in pathDirectories() {
            for name in entries(of: dir) where isValidName(name) && isExecutableFile("\(dir)/bnc-\(name)") { names.insert(name) }
        }
        return names.sorted()
    }

    /// What `bnc --list` shows: the built-ins missing beside bnc, the plugins found (name, path), and warnings
    /// about shadowed or non-executable files.
    public static func listing() -> (missing: [String], plugins: [(name: String, path: String)], warnings: [String]) {
        let own = ownDirectory()
        let missing = ToolCatalog.all.map(\.executable).filter { exe in !(own.map { isExecutableFile("\($0)/\(exe)") } ?? false) }
        var seen = Set(ToolCatalog.all.map(\.name))
        var plugins: [(name: String, path: String)] = []
        var warnings: [String] = []
        var dirs: [String] = own.map { [$0] } ?? []
        for dir in pathDirectories() where !dirs.contains(dir) { dirs.append(dir) }
        for dir in dirs {
            for name in entries(of: dir) {
                let path = "\(dir)/bnc-\(name)"
                // bnc-multicall beside bnc (in a build directory) is the suite's one binary, no plugin: run under
                // its own name it only says to call it by a tool's.
                if dir == own && (ToolCatalog.tool(named: name) != nil || name == "multicall") { continue }
                if ToolCatalog.tool(named: name) != nil {
                    if own.map({ "\($0)/bnc-\(name)" }) != path {
                        warnings.append("\(path) is shadowed by the built-in bnc-\(name) and is never run by bnc")
                    }
                    continue
                }
                if !isFile(path) { continue }
                guard isValidName(name) else {
                    warnings.append("\(path) is not a usable plugin name (bnc-NAME, NAME of letters, digits, - and _)")
                    continue
                }
                if !isExecutableFile(path) {
                    warnings.append("\(path) is not executable (chmod +x it to use it as a plugin)")
                    continue
                }
                if seen.contains(name) {
                    warnings.append("\(path) is shadowed by an earlier bnc-\(name) on PATH")
                    continue
                }
                seen.insert(name)
                plugins.append((name, path))
            }
        }
        return (missing, plugins, warnings)
    }
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
