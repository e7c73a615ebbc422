// A command's run turned into a tool's result: its answer (text, structured JSON or an image), its notes, or
// its error.
import BNCCore
import Foundation
import MCP

extension ToolRunner {
    func answer(_ tool: MCPTool, _ r: Execution.Result, image: String?) -> CallTool.Result {
        let notes = r.stderr.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        if r.cutOff {
            return error("\(tool.name): the answer passed \(Execution.maxAnswer >> 20) MiB and was cut off: narrow it (jq, limit, topic, dates)")
        }
        if let image, r.status == 0 {
            let mime = ["png": "image/png", "jpeg": "image/jpeg", "jpg": "image/jpeg", "svg": "image/svg+xml"][image.lowercased()] ?? "application/octet-stream"
            var content: [Tool.Content] = [.image(data: r.stdout.base64EncodedString(), mimeType: mime, annotations: nil, _meta: nil)]
            if !notes.isEmpty { content.append(.text(text: notes.joined(separator: "\n"), annotations: nil, _meta: nil)) }
            return .init(content: content, isError: false)
        }
        let stdout = String(decoding: r.stdout, as: UTF8.self)
        let parsed = try? JSON.parse(stdout)
        let failure = notes.last(where: { $0.contains("error:") }) ?? notes.last ?? "\(tool.command[0]) exited \(r.status)"
        // A failure with no answer is one error; a check's findings with a failing status are its answer.
        if r.status != 0 && parsed == nil { return error(failure, notes: notes) }
        var content: [Tool.Content] = [.text(text: stdout, annotations: nil, _meta: nil)]
        // Exit 1 with an answer: findings at or above --fail-on, or some of a list failed; the answer says which.
        let said = r.status == 1 ? notes + ["exit status 1: see the answer's findings or errors"] : notes
        if !said.isEmpty { content.append(.text(text: said.joined(separator: "\n"), annotations: nil, _meta: nil)) }
        let structured = parsed.map(MCPValue.from)
        return .init(content: content, structuredContent: structured?.objectValue != nil ? structured : nil, isError: r.status > 1)
    }
}

extension Value {
    var objectValue: [String: Value]? { if case .object(let o) = self { o } else { nil } }
}
