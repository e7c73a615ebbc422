// What an agent can read to learn the rules: each API's field table (`bnc://fields/open` ..., the rows of
// `TOOL fields --output json`: every field, its type and rule) and the suite's man pages (`bnc://man/bnc-link`,
// troff as installed: PREFIX/share/man beside PREFIX/bin, else where `man -w` finds them).
import BNCSuite
import Foundation
import MCP

struct Resources: Sendable {
    let directory: String

    /// The tools with a `fields` command, by the name their resource takes.
    static let fields = [("open", "bnc-open"), ("event", "bnc-event"), ("link", "bnc-link"), ("app", "bnc-app")]

    /// The man pages: each tool's section 1 page and bnc-config(5).
    var pages: [(name: String, path: String)] {
        let names = [("bnc", "1")] + ToolCatalog.all.map { ("bnc-" + $0.name, "1") } + [("bnc-config", "5")]
        return names.compactMap { name, section in
            let installed = URL(fileURLWithPath: directory).deletingLastPathComponent().appendingPathComponent("share/man/man\(section)/\(name).\(section)").path
            if FileManager.default.isReadableFile(atPath: installed) { return (name, installed) }
            let r = Execution.run("/usr/bin/env", ["man", "-w", section, name], stdin: nil)
            let found = String(decoding: r.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return r.status == 0 && !found.isEmpty && !found.hasSuffix(".gz") ? (name, found) : nil
        }
    }

    var list: [Resource] {
        Self.fields.map { name, tool in
            Resource(name: "\(name) fields", uri: "bnc://fields/\(name)", description: "The fields \(tool) sends, their types and Branch's rules (\(tool) fields)",
                     mimeType: "application/json")
        } + pages.map { page in
            Resource(name: "\(page.name) manual", uri: "bnc://man/\(page.name)", description: "The \(page.name) man page (troff)", mimeType: "text/troff")
        }
    }

    func read(_ uri: String) throws -> ReadResource.Result {
        if uri.hasPrefix("bnc://fields/"), let tool = Self.fields.first(where: { "bnc://fields/" + $0.0 == uri })?.1 {
            let r = Execution.run(directory + "/" + tool, ["fields", "--output", "json"], stdin: nil)
            guard r.status == 0 else { throw MCPError.internalError("\(tool) fields failed: \(r.stderr)") }
            return .init(contents: [.text(String(decoding: r.stdout, as: UTF8.self), uri: uri, mimeType: "application/json")])
        }
        if uri.hasPrefix("bnc://man/"), let page = pages.first(where: { "bnc://man/" + $0.name == uri }) {
            let text = try String(contentsOfFile: page.path, encoding: .utf8)
            return .init(contents: [.text(text, uri: uri, mimeType: "text/troff")])
        }
        throw MCPError.invalidParams("no resource \(ToolRunner.masked(uri)): see resources/list")  // the client's text, masked
    }
}
