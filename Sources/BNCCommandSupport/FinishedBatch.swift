// What is left of a finished batch whose journal was the tool's own: a small record beside where the journal was
// (`journals/TOOL-FINGERPRINT.done`), so a `--resume` of it sends nothing again, as a kept `--journal FILE` would.
// The journal itself is removed when every line was acknowledged (the state directory does not fill with them).
import BNCCore
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

struct FinishedBatch {
    /// The command that sent the lines and where (`BatchSupport.journalDestination`): a resume of another is not
    /// this run's.
    let command: String
    let destination: String
    let lines: Int
    let finished: Double

    /// Records older than this are removed when a tool next runs a batch of its own journal.
    static let keptSeconds: Double = 30 * 86400
    static let maxBytes = 64 << 10

    /// The record of `journal` (its path with `.done` for `.db`).
    static func path(of journal: String) -> String { (journal.hasSuffix(".db") ? String(journal.dropLast(3)) : journal) + ".done" }

    /// The record at `path`, when one is there and is bnc's (a regular file of its JSON): anything else is no record.
    static func read(_ path: String) -> FinishedBatch? {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size <= maxBytes,
              let bytes = try? FileSystem.read(path, what: "a finished batch's record", limit: maxBytes),
              let json = try? JSON.parse(bytes: bytes), let command = json["command"]?.stringValue,
              let destination = json["destination"]?.stringValue, let lines = json["lines"]?.numberValue?.int64,
              let finished = json["finished"]?.numberValue?.double, finished.isFinite else { return nil }
        return FinishedBatch(command: command, destination: destination, lines: Int(lines), finished: finished)
    }

    /// Writes the record in place of an earlier one (never over anything but a regular file); a record that
    /// cannot be written only costs the next `--resume` its knowledge, so it is not an error.
    func write(_ path: String) {
        var st = stat()
        if lstat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFREG else { return }
            unlink(path)
        }
        let o: JSONObject = ["command": .string(command), "destination": .string(destination), "lines": .int(lines), "finished": .double(finished)]
        try? FileSystem.create(Array(JSON.object(o).serialized().utf8) + [10], at: path)
    }

    /// Removes a record (a fresh run of the same input begins; its own journal says where it is from now on).
    static func remove(_ path: String) {
        var st = stat()
        if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG { unlink(path) }
    }

    /// Removes the records of `tool` in `directory` older than `keptSeconds`.
    static func prune(_ directory: String, tool: String, now: Double) {
        for name in PluginDirectory.names(in: directory) where name.hasPrefix(tool + "-") && name.hasSuffix(".done") {
            let path = directory + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, now - Double(st.st_mtim.tv_sec) > keptSeconds else { continue }
            unlink(path)
        }
    }

    /// The unfinished journals of `tool` for the input whose path hash is `pathHash` (another content of it), with
    /// this run's shard suffix: what a `--resume` of the changed input would have resumed.
    static func otherContentJournals(_ directory: String, tool: String, pathHash: String, shardSuffix: String, except own: String) -> [String] {
        PluginDirectory.names(in: directory).filter { name in
            name.hasPrefix("\(tool)-\(pathHash)-") && name.hasSuffix(shardSuffix + ".db") && directory + "/" + name != own
                && (shardSuffix.isEmpty ? !name.contains("-shard") : true)
        }.sorted().map { directory + "/" + $0 }
    }
}
