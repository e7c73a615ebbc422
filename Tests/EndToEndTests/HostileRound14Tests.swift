// QA round 25b's findings left for the twenty-fourth session, end to end against `bnc-sandbox --port 0`:
// bnc-api --raw keeps a binary answer's bytes, and the other items of the round fixed with it.
import Foundation
import Testing
import TestSupport

@Suite struct HostileRound14Tests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_test_round14", secret = "secret_test_round14"

    func sandbox(_ extra: [String] = []) throws -> SandboxProcess {
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"\#(Self.secret)","quick_links":true}]"#)
        return try SandboxProcess(["--keys", keys] + extra)
    }

    /// F14: `bnc-api --raw` wrote a QR code's PNG as text, every byte past 0x7F made U+FFFD. To a file it is now
    /// the bytes served (a whole PNG, as curl's is, and a QR code zbarimg reads); a terminal gets a note, not the bytes.
    @Test func rawWritesABinaryAnswerByteForByte() throws {
        let s = try sandbox()
        let body = #"{"branch_key":"\#(Self.key)","data":{"$canonical_url":"https://a.example/x"}}"#
        let viaCurl = try box.run("/bin/sh", ["-c", "curl -s -X POST \(s.url)/v2/qr-code -H 'Content-Type: application/json' -d '\(body)' > curl.png"])
        #expect(viaCurl.status == 0)
        let bnc = Executables.path("bnc-api")
        try body.write(toFile: box.root.appendingPathComponent("body.json").path, atomically: true, encoding: .utf8)
        let again = try box.run("/bin/sh", ["-c", "'\(bnc)' --api-url \(s.url) POST /v2/qr-code --body body.json --raw > bnc.png"],
                                env: ["BRANCH_KEY": Self.key])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.output)")
        let png = try Data(contentsOf: box.root.appendingPathComponent("bnc.png"))
        let reference = try Data(contentsOf: box.root.appendingPathComponent("curl.png"))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG signature, not U+FFFD")
        // Each request makes its own link, so the images differ; both end with the PNG's IEND chunk, whole.
        let iend = Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        #expect(png.suffix(8) == iend && reference.suffix(8) == iend, "\(png.count) bytes, curl's \(reference.count)")
        let decoded = try box.run("/usr/bin/zbarimg", ["--quiet", "--raw", "--nodbus", box.root.appendingPathComponent("bnc.png").path])
        #expect(decoded.status == 0 && decoded.stdout.hasPrefix(s.url + "/"), "\(decoded.output)")

        let onTerminal = try box.runOnTerminal("bnc-api", ["--api-url", s.url, "POST", "/v2/qr-code", "--body", "body.json", "--raw"],
                                               env: ["BRANCH_KEY": Self.key], stdoutOnTerminal: true)
        #expect(onTerminal.status == 0, "\(onTerminal.terminal)")
        #expect(onTerminal.terminal.contains("is binary") && onTerminal.terminal.contains("image/png") && !onTerminal.terminal.contains("PNG"),
                "\(onTerminal.terminal.prefix(300))")
    }
}
