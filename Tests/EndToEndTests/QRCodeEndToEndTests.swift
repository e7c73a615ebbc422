// bnc-link qr against bnc-sandbox: the image is a real QR code (decoded by zbar-tools' zbarimg) whose link
// resolves and carries the data and labels given; settings refused locally by their documented ranges; the image
// never printed to a terminal nor written over a file of another kind; a batch writes one image per line.
import Foundation
import Testing
import TestSupport

@Suite struct QRCodeEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let key = "key_test_qrcode0001"

    func sandbox() throws -> SandboxProcess {
        let keys = try box.write("keys.json", #"[{"branch_key":"\#(Self.key)","branch_secret":"secret_test_qrcode0001","quick_links":true}]"#)
        return try SandboxProcess(["--keys", keys])
    }

    func env(_ s: SandboxProcess) -> [String: String] { ["BNC_API_URL": s.url, "BRANCH_KEY": Self.key, "BRANCH_SECRET": "secret_test_qrcode0001"] }
    static let ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15"

    /// What zbarimg reads in the image: the QR code's text, or nil.
    func decode(_ path: String) throws -> String? {
        let r = try box.run("/usr/bin/zbarimg", ["--quiet", "--raw", "--nodbus", path])
        guard r.status == 0 else { return nil }
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func qrRequests(_ s: SandboxProcess) throws -> [[String: Any]] {
        try s.received().filter { $0["path"] as? String == "/v2/qr-code" }
    }

    @Test func theImageIsAQRCodeOfALinkThatResolves() throws {
        let s = try sandbox()
        let out = box.root.appendingPathComponent("flyer.png").path
        let r = try box.run("bnc-link", ["qr", "--channel", "flyer", "--campaign", "spring", "--param", "$deeplink_path=item/42",
                                         "--code-color", "#1A2B3C", "--width", "600", "--code-pattern", "circles", "--out", out], env: env(s))
        #expect(r.status == 0, "\(r.output)")
        #expect(r.stdout == out + "\n", "the file's path, bare, as scripts want it")
        let link = try #require(try decode(out), "zbarimg found no QR code")
        #expect(link.hasPrefix(s.url + "/"), "\(link)")
        let sent = try #require(try qrRequests(s).first?["body"] as? [String: Any])
        let settings = try #require(sent["qr_code_settings"] as? [String: Any])
        #expect(settings["code_color"] as? String == "#1A2B3C" && settings["width"] as? Int == 600 && settings["code_pattern"] as? Int == 3)
        #expect(sent["channel"] as? String == "flyer" && (sent["data"] as? [String: Any])?["$deeplink_path"] as? String == "item/42")
        // The link resolves and attributes like any other: a phone scans it (a click from its IP and browser), then
        // the app's first session from that phone gets the link's data.
        let click = try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-A", Self.ua, "-H", "X-Forwarded-For: 8.8.4.4", link])
        #expect(["200", "302", "307"].contains(click.stdout), "\(click.stdout)")
        let open = try box.run("bnc-open", ["--os", "ios", "--os-version", "17.4", "--model", "iPhone15,2", "--app-version", "2.3.0",
                                            "--user-agent", Self.ua, "--ip", "8.8.4.4", "--no-state", "--idfv", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11",
                                            "--output", "json"], env: env(s))
        let session = try #require(try JSONSerialization.jsonObject(with: Data(open.stdout.utf8)) as? [String: Any], "\(open.output)")
        let data = try #require(session["data"] as? [String: Any], "\(session)")
        #expect(data["+clicked_branch_link"] as? Bool == true && data["$deeplink_path"] as? String == "item/42" && data["~channel"] as? String == "flyer",
                "\(data)")
        let read = try box.run("bnc-link", ["read", link, "--output", "json"], env: env(s))
        #expect(read.status == 0 && read.stdout.contains("item/42") && read.stdout.contains("\"~channel\": \"flyer\""), "\(read.output)")
        var st = stat()
        #expect(stat(out, &st) == 0 && st.st_mode & 0o777 == 0o644, "an image is not a secret: the umask's mode")
    }

    @Test func aJPEGGoesToAPipeAndAnSVGIsWellFormed() throws {
        let s = try sandbox()
        let jpeg = box.root.appendingPathComponent("code.jpg").path
        let r = try box.run("/bin/sh", ["-c", "\"$0\" qr --format JPEG --margin 20 > \"$1\"", Executables.path("bnc-link"), jpeg], env: env(s))
        #expect(r.status == 0, "\(r.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: jpeg)).prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        #expect(try decode(jpeg)?.hasPrefix(s.url) == true)
        #expect((try qrRequests(s).last?["body"] as? [String: Any]).flatMap { ($0["qr_code_settings"] as? [String: Any])?["image_format"] as? String } == "jpeg",
                "the documented spelling is sent")
        let svg = box.root.appendingPathComponent("code.svg").path
        let v = try box.run("bnc-link", ["qr", "--format", "svg", "--out", svg], env: env(s))
        #expect(v.status == 0, "\(v.output)")
        let lint = try box.run("/usr/bin/xmllint", ["--noout", svg])
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(lint.status == 0 && text.contains("<svg"), "\(lint.stderr)")
    }

    @Test func anImageIsNeverPrintedToATerminalNorWrittenOverAnotherFile() throws {
        let s = try sandbox()
        let t = try box.runOnTerminal("bnc-link", ["qr", "--channel", "x"], env: env(s), stdoutOnTerminal: true)
        #expect(t.status == 64 && t.terminal.contains("--out is required when standard output is a terminal"), "\(t.terminal)")
        let notes = try box.write("notes.txt", "my notes\n", mode: 0o644)
        let r = try box.run("bnc-link", ["qr", "--out", notes], env: env(s))
        #expect(r.status == 78 && r.stderr.contains("holds something other than a PNG, JPEG or SVG image"), "\(r.stderr)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes\n")
        #expect(try qrRequests(s).isEmpty, "refused before anything was sent")
        // An image of ours is replaced whole (a second code over the first).
        let png = box.root.appendingPathComponent("again.png").path
        #expect(try box.run("bnc-link", ["qr", "--out", png], env: env(s)).status == 0)
        let second = try box.run("bnc-link", ["qr", "--out", png, "--channel", "b"], env: env(s))
        let decoded = try decode(png)
        #expect(second.status == 0 && decoded != nil, "\(second.output)")
        // An image of another format is not replaced (a JPEG by a PNG under its own name was, with a warning
        // afterwards), and a name that says another format than the one asked is refused: nothing sent.
        let before = try qrRequests(s).count
        let jpeg = box.root.appendingPathComponent("photo.jpg").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8)).write(to: URL(fileURLWithPath: jpeg))
        let named = try box.run("bnc-link", ["qr", "--out", jpeg], env: env(s))
        #expect(named.status == 64 && named.stderr.contains("--out names a JPEG image, but a PNG image is asked for"), "\(named.stderr)")
        let unnamed = box.root.appendingPathComponent("photo").path
        try FileManager.default.copyItem(atPath: jpeg, toPath: unnamed)
        let held = try box.run("bnc-link", ["qr", "--out", unnamed, "--format", "svg"], env: env(s))
        #expect(held.status == 78 && held.stderr.contains("holds a JPEG image, and this writes an SVG image; it is left as it is"), "\(held.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: unnamed)).prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        #expect(try qrRequests(s).count == before, "refused before anything was sent")
        // A private image stays private when a new code replaces it.
        chmod(png, 0o600)
        #expect(try box.run("bnc-link", ["qr", "--out", png, "--channel", "c"], env: env(s)).status == 0)
        var st = stat()
        #expect(stat(png, &st) == 0 && st.st_mode & 0o777 == 0o600)
    }

    @Test(arguments: [
        (["--width", "100"], 65, "qr_code_settings.width must be between 300 and 2000 (got 100)"),
        (["--margin", "21"], 65, "qr_code_settings.margin must be between 1 and 20 (got 21)"),
        (["--code-color", "red"], 65, "qr_code_settings.code_color must be a hex colour such as #1A2B3C (got red)"),
        (["--finder-pattern", "4"], 65, "qr_code_settings.finder_pattern must be between 1 and 3 (got 4)"),
        (["--code-pattern", "circlez"], 64, "did you mean circles?"),
        (["--format", "gif"], 65, "qr_code_settings.image_format must be"),
        (["--center-logo-url", "javascript:alert(1)"], 65, "qr_code_settings.center_logo_url must be an absolute http(s) URL"),
    ] as [([String], Int32, String)])
    func badSettingsAreRefusedBeforeAnythingIsSent(_ flags: [String], _ status: Int32, _ message: String) throws {
        let s = try sandbox()
        let r = try box.run("bnc-link", ["qr", "--out", box.root.appendingPathComponent("x.png").path] + flags, env: env(s))
        #expect(r.status == status, "\(flags): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(flags): \(r.stderr)")
        #expect(try s.received().isEmpty)
    }

    @Test func aBatchWritesOneImagePerLine() throws {
        let s = try sandbox()
        let input = try box.write("posters.ndjson", """
            {"channel":"a","data":{"$deeplink_path":"poster/1"}}
            {"channel":"b","qr_code_settings":{"image_format":"jpeg"}}
            {"channel":"c","qr_code_settings":{"width":5}}

            """)
        let dir = box.root.appendingPathComponent("codes").path
        let r = try box.run("bnc-link", ["qr", "--batch", input, "--out-dir", dir, "--background-color", "#FFFFEE"], env: env(s))
        #expect(r.status == 1, "one line is refused: \(r.output)")
        let results = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(results.count == 3)
        let files = results.compactMap { ($0["response"] as? [String: Any])?["file"] as? String }
        #expect(files == [dir + "/qr-1.png", dir + "/qr-2.jpg"], "\(results)")
        for file in files { #expect(try decode(file)?.hasPrefix(s.url) == true, "\(file)") }
        #expect((results[2]["error"] as? String)?.contains("qr_code_settings.width must be between 300 and 2000") == true)
        let sent = try qrRequests(s).compactMap { ($0["body"] as? [String: Any])?["qr_code_settings"] as? [String: Any] }
        #expect(sent.count == 2 && sent.allSatisfy { $0["background_color"] as? String == "#FFFFEE" }, "the flags' settings under each line's")
        #expect(try box.run("bnc-link", ["qr", "--batch", input], env: env(s)).status == 64, "--out-dir is required")
    }

    /// A Quick Link takes the same settings, only as type 2.
    @Test func aQuickLinkTakesTheSameSettings() throws {
        let s = try sandbox()
        let plain = try box.run("bnc-link", ["create", "--code-color", "#000000"], env: env(s))
        #expect(plain.status == 65 && plain.stderr.contains("qr_code_settings apply to Quick Links only"), "\(plain.stderr)")
        let r = try box.run("bnc-link", ["create", "--type", "2", "--param", "$marketing_title=Spring", "--code-color", "#D94280",
                                         "--finder-pattern", "rounded-square"], env: env(s))
        #expect(r.status == 0, "\(r.output)")
        let body = try #require(try s.received().last?["body"] as? [String: Any])
        let settings = body["qr_code_settings"] as? [String: Any]
        #expect(settings?["code_color"] as? String == "#D94280" && settings?["finder_pattern"] as? Int == 2, "\(body)")
    }
}
