// An answer that is not JSON, printed as --raw asks: text as text, bytes as bytes (QA round 25b: a QR code's PNG
// came out with every byte past 0x7F replaced by U+FFFD).
import BNCCommandSupport
import BNCCore
import BNCSuite

extension BncAPI {
    /// Text as it came (escaped on a terminal); bytes that are not text byte for byte to a file or pipe, with the
    /// secrets `redact(bytes:)` finds masked as in text, and never to a terminal, where they would garble it (curl
    /// refuses too).
    static func printRaw(_ response: HTTPResponse, _ tool: ToolRun) {
        if String(validating: response.body, as: UTF8.self) != nil {
            tool.printText(tool.redactor.redact(response.bodyText), newline: false)
        } else if tool.environment.stdoutIsTTY {
            let type = response.headers["Content-Type"].map { ", " + TerminalText.escape($0) } ?? ""
            tool.diagnostics.note("the answer is binary (\(response.body.count) bytes\(type)) and is not written to a terminal: redirect stdout to a file")
        } else {
            tool.stdout.write(bytes: tool.redactor.redact(bytes: response.body))
        }
    }
}
