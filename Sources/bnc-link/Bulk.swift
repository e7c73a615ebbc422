// bnc-link bulk: many links in chunks under the payload cap.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink
#if canImport(Glibc)
import Glibc
#endif

struct Bulk: SendingCommand {
    static let toolName = "bnc-link"
    static let fieldTables = LinkCreateBuilder.tables
    static let configuration = CommandConfiguration(
        commandName: "bulk",
        abstract: "Create many links (POST /v1/url/bulk/KEY) from NDJSON or a JSON array; one result line per item (its line, ok and url or error, keyed as every batch result), in input order.",
        discussion: "Sent in chunks under the 100 KB payload cap, one after another (an item too large for any chunk is refused, never sent; a chunk Branch refuses fails its own items and the next is still sent); a terminal shows how many items are done. Answers are matched to items by position and checked by alias (users report Branch's bulk order as unreliable). Exit 1 when some items failed; Ctrl-C stops after the chunk in flight and says which items were not sent (exit 130).")

    @Argument(help: ArgumentHelp("NDJSON or a JSON array of link objects; - reads stdin.", valueName: "file"), completion: .file())
    var file: String
    @OptionGroup var shared: SharedOptions
    var inputs: [(flag: String, path: String?)] { [("bulk FILE", file)] }
    var printsResults: Bool { true }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let key = try tool.settings.requireKey()
        let text = try FileSystem.readText(file, what: "bulk", limit: 64 << 20)
        let items = try BulkInput.parse(text)
        let warnings = Warnings()
        let (chunks, refused) = LinkRequest.bulk(items, key: key, baseURL: tool.settings.apiURL, warnings: warnings)
        try tool.admit(warnings)
        if tool.output.dryRun || tool.output.curl { for c in chunks { _ = try tool.render(c.request) }; return .success }
        // Results in input order: refused items where they stand, each chunk's answers as they come.
        var results: [Int: JSONObject] = refused.mapValues { ["ok": false, "error": .string($0)] }
        var next = 0
        var failed = refused.count
        var stream = ResultStream(array: tool.output.output == .json, filter: tool.context.jq, terminal: tool.environment.stdoutIsTTY)
        defer { tool.stdout.write(bytes: stream.finish()) }
        func flush() {
            while let r = results.removeValue(forKey: next) {
                var line: JSONObject = ["line": .int(next + 1)]  // the key every batch result has (an array's element counts as a line)
                for (k, v) in r { line[k] = v }
                var bytes: [UInt8] = []
                // Masked as every batch's results are: Branch's answer may echo a secret (QA round 29a).
                stream.append(Array(tool.context.redacted(JSON.object(line)).serialized().utf8), to: &bytes)
                tool.stdout.write(bytes: bytes)
                next += 1
            }
        }
        // Progress on a terminal's stderr (items done of all, rate, time left); Ctrl-C ends after the chunk in flight.
        let progress = tool.environment.stderrIsTTY && !tool.network.verbose && !tool.output.quiet ? ProgressLine() : nil
        let signals = try SignalWatcher.install(abortOnSecond: true)
        var sent = refused.count
        func draw() {
            let rate = Double(sent) / max(progress?.elapsed ?? 1, 0.001)
            progress?.draw(ProgressLine.bar(sent, of: items.count) + "\(sent)/\(items.count) items  \(Int(rate))/s  "
                           + ProgressLine.eta(Double(items.count - sent), rate: rate), force: true)
        }
        for chunk in chunks {
            // A signal, or results that can no longer be written (stdout closed or full: the links' URLs would be
            // lost), stops before the next chunk is sent.
            let unsent = "items \(chunk.indices.first.map { $0 + 1 } ?? 0) and after were not sent: bulk them again from there"
            if let errno = tool.stdout.writeError {
                progress?.clear()
                tool.diagnostics.error(BNCError(.io, "cannot write results to standard output: \(String(cString: strerror(errno))); stopped after \(sent) of \(items.count) items; \(unsent)"))
                return .ioError
            }
            if signals.received > 0 {
                progress?.clear()
                flush()
                tool.diagnostics.note("interrupted after \(sent) of \(items.count) items; \(unsent)")
                return .interrupted
            }
            draw()
            sent += chunk.indices.count
            // A chunk Branch refuses (after the retries) fails its own items, each with the answer; the chunks
            // after it are still sent (one failed chunk ended the run, its items and the rest without a line).
            let answers: [JSONObject]
            do {
                let (_, json) = try tool.deliver(chunk.request)
                answers = try BulkInput.match(json, items: chunk.indices.map { items[$0] })
            } catch {
                answers = Array(repeating: ["error": .string(error.message)], count: chunk.indices.count)
            }
            if tool.environment.stdoutIsTTY { progress?.clear() }
            // An answer's url is held to a single create's rule: a link, else the item failed (76's message).
            for (index, answer) in zip(chunk.indices, answers) {
                if let url = LinkAnswers.link(in: answer) {
                    results[index] = ["ok": true, "url": .string(url)]
                } else {
                    failed += 1
                    results[index] = ["ok": false, "error": answer["url"] != nil ? .string(LinkAnswers.noLink) : answer["error"] ?? "no answer"]
                }
            }
            flush()
        }
        flush()
        tool.stdout.write(bytes: stream.finish())
        progress?.clear()
        tool.diagnostics.note("\(items.count) links, \(items.count - failed) created, \(failed) failed")
        if let failure = stream.failure { throw failure }
        // A signal during the last chunk: every item was sent and answered, but the run was asked to stop (130,
        // as bnc(1) says), not reported as if it had ended on its own.
        if signals.received > 0 { tool.diagnostics.note("interrupted after the last chunk; every item was sent"); return .interrupted }
        return failed > 0 ? .partialFailure : .success
    }
}
