// docgen: writes man/ and completions/ from the tools themselves (their --experimental-dump-help and
// --generate-completion-script) and from the tables in BNCCore, so docs never drift from the flags.
// `--check` compares instead of writing and fails on any difference (CI runs it). Not installed.
import BNCCore
import BNCSandbox
import BNCSuite
import Foundation

struct DocGen {
    let binDirectory: String
    let outDirectory: String

    /// Every generated file: path relative to the package root -> contents.
    func generate() throws -> [(String, String)] {
        var files: [(String, String)] = []
        for tool in ToolCatalog.all {
            let dump = try run(tool.executable, ["--experimental-dump-help"])
            let json = try JSON.parse(dump)
            // A tool with a `fields` subcommand gets its tables in the page: --help points to them instead.
            let hasFields = (json["command"]?["subcommands"]?.arrayValue ?? []).contains { $0["commandName"]?.stringValue == "fields" }
            let fields = hasFields ? (try JSON.parse(try run(tool.executable, ["fields", "--output", "json"])).arrayValue ?? []) : []
            files.append(("man/\(tool.executable).1", Mdoc.toolPage(tool: tool, help: json["command"] ?? .null, fields: fields,
                                                                            manual: tool.executable == "bnc-sandbox" ? SandboxManual.description : nil)))
            for shell in ["bash", "zsh", "fish"] {
                let script = try run(tool.executable, ["--generate-completion-script", shell])
                files.append((Completions.path(for: tool.executable, shell: shell),
                              Completions.patch(script, tool: tool.executable, shell: shell, help: json["command"] ?? .null)))
            }
        }
        files.append(("man/bnc.1", Mdoc.frontDoorPage()))
        files.append(("man/bnc-config.5", Mdoc.configPage()))
        for shell in ["bash", "zsh", "fish"] {
            files.append((Completions.path(for: "bnc", shell: shell), Completions.frontDoor(shell: shell)))
        }
        return files
    }

    func run(_ executable: String, _ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binDirectory + "/" + executable)
        p.arguments = arguments
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw BNCError(.internal, "\(executable) \(arguments.joined(separator: " ")) exited \(p.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
var check = false
var bin = ".build/debug"
var out = "."
var i = 0
while i < arguments.count {
    switch arguments[i] {
    case "--check": check = true
    case "--bin": i += 1; bin = arguments[i]
    case "--output": i += 1; out = arguments[i]
    default:
        FileHandle.standardError.write(Data("usage: docgen [--check] [--bin DIR] [--output DIR]\n".utf8))
        exit(64)
    }
    i += 1
}

do {
    // Man pages are ASCII: a character past it is named by its code point (`\[u2026]`), which groff and mandoc
    // render as the character on a UTF-8 terminal and as its ASCII form elsewhere (raw UTF-8 in roff source is
    // read as Latin-1 by groff: "key_live_â¦").
    let files = try DocGen(binDirectory: bin, outDirectory: out).generate().map { (path: String, text: String) -> (String, String) in
        guard path.hasPrefix("man/") else { return (path, text) }
        var ascii = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII { ascii.unicodeScalars.append(scalar) } else if scalar == "\u{2026}" { ascii += "..." } else { ascii += "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]" }
        }
        return (path, ascii)
    }
    var drifted: [String] = []
    for (path, text) in files {
        let full = out + "/" + path
        if check {
            let current = try? String(contentsOfFile: full, encoding: .utf8)
            if current != text { drifted.append(path) }
        } else {
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
    }
    if check {
        if drifted.isEmpty {
            print("docs: \(files.count) files match the tools")
        } else {
            for d in drifted { FileHandle.standardError.write(Data("docgen: \(d) is out of date\n".utf8)) }
            FileHandle.standardError.write(Data("docgen: run 'make docs' and commit the result\n".utf8))
            exit(1)
        }
    } else {
        print("docs: wrote \(files.count) files")
    }
} catch {
    FileHandle.standardError.write(Data("docgen: \(error)\n".utf8))
    exit(70)
}

extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
