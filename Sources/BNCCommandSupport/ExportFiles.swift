// The files an export answer points to, fetched into the download directory: resumed from a partial file, kept
// once complete (a rerun reuses them), each with a progress line on a terminal.
import BNCCore
#if canImport(Glibc)
import Glibc
#endif

/// Fetches export files (bnc-export, bnc-tune reconcile) into a kept directory.
public enum ExportFiles {
    /// The directory an app's exports are kept in: --dir, or the state directory's exports/.
    public static func directory(_ given: String?, tool: ToolRun, app: String) throws(BNCError) -> String {
        try requireDirectory(given, tool: tool, app: app)
        let dir = path(given, tool: tool, app: app)
        FileSystem.makeDirectories(dir)
        guard FileSystem.isDirectory(dir) else { throw BNCError(.io, "--dir: cannot create \(dir): \(FileSystem.errnoText())") }
        return dir
    }

    private static func path(_ given: String?, tool: ToolRun, app: String) -> String {
        given ?? "\(tool.environment.stateDirectory)/exports/\(app)"
    }

    /// The same directory checked before anything is sent (a job made on Branch's side, then refused for its
    /// --dir, was left there): --dir is not empty, and it is a directory or can be made under its nearest existing
    /// parent. Makes nothing (a dry run leaves no directory behind); `directory` makes it when the file comes.
    public static func requireDirectory(_ given: String?, tool: ToolRun, app: String) throws(BNCError) {
        if given?.isEmpty == true { throw BNCError.usage("--dir", "must name a directory (it is empty)") }
        var dir = path(given, tool: tool, app: app)
        if FileSystem.exists(dir) {
            if !FileSystem.isDirectory(dir) { throw BNCError.configuration("--dir: \(dir) is not a directory") }
            return
        }
        // The nearest part of the path that is there must be a directory this user may make entries in.
        while !FileSystem.exists(dir) {
            guard let slash = dir.utf8.lastIndex(of: UInt8(ascii: "/")) else { dir = "."; break }
            dir = slash == dir.utf8.startIndex ? "/" : String(dir[..<slash])
        }
        if !FileSystem.isDirectory(dir) { throw BNCError.configuration("--dir: \(dir) is not a directory") }
        if access(dir, W_OK | X_OK) != 0 {
            throw BNCError(.io, "--dir: cannot create \(given ?? "the exports directory") under \(dir): \(FileSystem.errnoText())")
        }
    }

    /// Fetches `url` to `path` unless a complete copy is there; returns the path.
    public static func file(_ url: String, to path: String, label: String, tool: ToolRun) throws(BNCError) -> String {
        // A kept file is read as Branch's rows: it must be one this tool downloaded. A link is never followed (it
        // read another file as the export), and a .gz file starts as gzip does (a PNG there printed its bytes as
        // rows and exited 0). The download refuses the same at its partial name.
        let gzip = path.hasSuffix(".gz")
        try Download.requireReplaceable(path)
        let source = Self.source(of: url)
        if FileSystem.regularFileSize(path) != nil {
            if gzip { try FileSystem.requireOwnKind(path, .gzip, what: label, hint: "move it away, or name another --dir", reading: true) }
            // A kept file is this export's only when it came from the same file of Branch's (its path, kept with it):
            // a --dir shared by two apps printed the first app's rows for the second, exit 0.
            if let kept = Self.keptSource(path), kept != source {
                if tool.network.verbose { tool.diagnostics.note("\(label): \(path) holds another export's file: downloading this one") }
            } else {
                if tool.network.verbose { tool.diagnostics.note("\(label): \(path) is already here") }
                return path
            }
        }
        let download = Download(url: url, to: path, options: tool.transportOptions, redactor: tool.redactor)
        download.magic = gzip ? OwnKind.gzip.signature : nil
        download.gzip = gzip
        download.recorder = tool.recorder
        download.attempts = tool.network.retries + 1
        let line = tool.environment.stderrIsTTY && !tool.output.quiet ? ProgressLine() : nil
        download.progress = { have, total in
            line?.draw(label + "  " + (total.map { ProgressLine.bar(Int(have), of: Int($0)) + Self.size(have) + " of " + Self.size($0) } ?? Self.size(have)))
        }
        defer { line?.clear() }
        let outcome = try download.run()
        Self.keep(source: source, on: path)
        if outcome.resumedFrom > 0 { tool.diagnostics.note("\(label): resumed at byte \(outcome.resumedFrom)") }
        if outcome.discarded > 0 {
            tool.diagnostics.note("\(label): the server did not resume the \(outcome.discarded) bytes kept (the file changed, or it answered another range); downloaded it whole")
        }
        return path
    }

    /// The extended attribute naming the file of Branch's a kept export file was downloaded from.
    static let sourceAttribute = "user.bnc.source"

    /// A download URL's identity: scheme, host and path, without the query (a signed URL's query changes each time).
    static func source(of url: String) -> String {
        String(url.prefix { $0 != "?" && $0 != "#" })
    }

    static func keptSource(_ path: String) -> String? { ExtendedAttribute.text(sourceAttribute, path: path) }

    /// Recorded on a kept file (a source too long to record is not: that file is not reused).
    static func keep(source: String, on path: String) {
        if source.utf8.count <= 4096 { ExtendedAttribute.write(sourceAttribute, source, path: path) }
    }

    public static func size(_ bytes: Int64) -> String {
        bytes >= 1 << 20 ? "\((Double(bytes) / 1048576 * 10).rounded() / 10) MB" : bytes >= 1024 ? "\(bytes / 1024) KB" : "\(bytes) B"
    }
}
