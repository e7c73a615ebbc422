// bnc doctor's local state: state.db (size, schema versions against this bnc's, SQLite's check of its pages) and
// the batch journals kept for --resume (how many, how big, how old; each checked like state.db).
import BNCCore
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

enum StateChecks {
    static func run(_ environment: Environment, now: Double) -> [Check] {
        var checks: [Check] = []
        let path = StateStore.defaultPath(environment)
        var st = stat()
        if FileSystem.regularFileSize(path) == nil, lstat(path, &st) == 0 || lstat(path + "-wal", &st) == 0 || lstat(path + "-shm", &st) == 0 {
            // Something that is not a state database holds its place (a directory, a link to nothing, a FIFO):
            // every tool that keeps state refuses it (78), so doctor says so, as they would.
            do {
                try FileSystem.requireOwnDatabase(path, what: "state database")
                checks.append(.ok("state.db", "none yet at \(path): made on the first session bnc-open keeps or token bnc-asa caches"))
            } catch {
                checks.append(.fail("state.db", error.message, fix: "move it aside: mv \(ShellQuote.quote(path)) \(ShellQuote.quote(path + ".aside"))"))
            }
        } else if FileSystem.regularFileSize(path) == nil {
            checks.append(.ok("state.db", "none yet at \(path): made on the first session bnc-open keeps or token bnc-asa caches"))
        } else {
            checks.append(database(path, parts: StateStore.parts, name: "state.db", what: "state database"))
        }
        let dir = environment.stateDirectory + "/journals"
        let journals = PluginDirectory.names(in: dir).filter { $0.hasSuffix(".db") }
        if journals.isEmpty {
            checks.append(.ok("journals", "none kept: every batch finished"))
            return checks
        }
        // The journals' own files, never what a link names (a link to /etc/passwd made "the oldest 192 days old").
        let files = journals.compactMap { name -> stat? in
            var st = stat()
            return lstat(dir + "/" + name, &st) == 0 && st.st_mode & S_IFMT == S_IFREG ? st : nil
        }
        let bytes = files.map { Int($0.st_size) }.reduce(0, +)
        let oldest = files.map { Double($0.st_mtim.tv_sec) }.min().map { now - $0 } ?? 0
        // Quoted for a shell as it is pasted: a directory named `q'$(id)'` ran id (QA round 25b).
        checks.append(.warn("journals", "\(journals.count) kept in \(dir) for --resume (\(size(bytes)), the oldest \(age(oldest)) old)",
                            fix: "rerun each unfinished batch with --resume, or remove them: rm \(ShellQuote.quote(dir))/*.db"))
        for name in journals.prefix(20) {
            let check = database(dir + "/" + name, parts: [BatchJournal.schemaPart], name: "journal \(name)", what: "journal")
            if check.status != .ok { checks.append(check) }
        }
        return checks
    }

    /// One database: fail when SQLite finds damage or a newer bnc wrote it; its size and versions when well.
    static func database(_ path: String, parts: [StoreSchema], name: String, what: String) -> Check {
        do {
            let health = try DatabaseHealth.inspect(path, parts: parts, what: what)
            let versions = parts.map { "\($0.name) \(health.versions[$0.name].map(String.init) ?? "none")" }.joined(separator: ", ")
            if health.integrity != "ok" {
                return .fail(name, "\(path): damaged (\(health.integrity))", fix: "move it aside and run again: mv \(ShellQuote.quote(path)) \(ShellQuote.quote(path + ".damaged"))")
            }
            if !health.newer.isEmpty {
                return .fail(name, "\(path): written by a newer bnc (\(versions))", fix: "use the newer bnc, or move the file aside")
            }
            let later = health.older.isEmpty ? "" : "; the next run brings \(health.older.joined(separator: ", ")) up to date"
            return .ok(name, "\(path): \(size(health.bytes)), schema \(versions), pages ok\(later)")
        } catch {
            return .fail(name, error.message, fix: error.hint ?? "move it aside and run again: mv \(ShellQuote.quote(path)) \(ShellQuote.quote(path + ".damaged"))")
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes < 1 << 10 ? "\(bytes) B" : bytes < 1 << 20 ? "\(bytes >> 10) KiB" : "\(bytes >> 20) MiB"
    }

    static func age(_ seconds: Double) -> String {
        seconds < 3600 ? "\(Int(seconds / 60)) min" : seconds < 86400 ? "\(Int(seconds / 3600)) h" : "\(Int(seconds / 86400)) days"
    }
}
