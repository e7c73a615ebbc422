// bnc-link bulk: many links in chunks under the payload cap.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink

struct Bulk: SendingCommand {
    static let toolName = "bnc-link"
    static let configuration = CommandConfiguration(
        abstract: "Create many links (POST /v1/url/bulk/KEY) from NDJSON or a JSON array; one result line per item, in input order.",
        discussion: "Sent in chunks under the 100 KB payload cap. Answers are matched to items by position and checked by alias (users report Branch's bulk order as unreliable). Exit 1 when some items failed.")

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
        defer { tool.stdout.write(bytes: stream.end) }
        func flush() {
            while let r = results.removeValue(forKey: next) {
                var line: JSONObject = ["item": .int(next + 1)]
                for (k, v) in r { line[k] = v }
                var bytes: [UInt8] = []
                stream.append(Array(JSON.object(line).serialized().utf8), to: &bytes)
                tool.stdout.write(bytes: bytes)
                next += 1
            }
        }
        for chunk in chunks {
            let (_, json) = try tool.deliver(chunk.request)
            let answers = try BulkInput.match(json, items: chunk.indices.map { items[$0] })
            for (index, answer) in zip(chunk.indices, answers) {
                if answer["url"] == nil { failed += 1 }
                results[index] = answer["url"].map { ["ok": true, "url": $0] } ?? ["ok": false, "error": answer["error"] ?? "no answer"]
            }
            flush()
        }
        flush()
        tool.diagnostics.note("\(items.count) links, \(items.count - failed) created, \(failed) failed")
        if let failure = stream.failure { throw failure }
        return failed > 0 ? .partialFailure : .success
    }
}
