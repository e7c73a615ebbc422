// The report writers on libxml2: hostile text escaped (markup and control characters), JUnit counts before its
// spooled testcases, and a write error (a full disk) reported as I/O, never a truncated file passed off as done.
import BNCCore
import Foundation
import Testing
@testable import BNCReport

@Suite struct ReportTests {
    func temp(_ name: String) -> String { NSTemporaryDirectory() + "bnc-report-\(getpid())-\(name)" }

    let hostile = ReportFinding(rule: "bad-value", severity: "error", parameter: "x\"y", message: "got <b>&\u{1}\u{1B}[31m", fix: "]]> fix")

    @Test func controlCharactersBecomeVisibleEscapes() {
        #expect(XMLStreamWriter.clean("a\u{1}b\u{1B}c\td\n") == "a\\x01b\\x1bc\td\n")
        #expect(XMLStreamWriter.clean("plain é") == "plain é")
    }

    @Test func theFindingsReportEscapesHostileText() throws {
        let path = temp("r.xml")
        defer { unlink(path) }
        let r = try FindingsXMLReport(path: path, tool: "test", source: "<src>")
        try r.add(ReportCase(line: 3, name: "n<&>", group: "g", findings: [hostile]))
        try r.add(ReportCase(line: 4, name: "clean", group: "g", findings: []))
        try r.finish(ReportSummary(title: "t", counts: [("lines", 2)], tables: [], examples: [], seconds: 0.5))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#"name="n&lt;&amp;&gt;""#))
        #expect(text.contains("got &lt;b&gt;&amp;\\x01\\x1b[31m"))
        #expect(text.contains("]]&gt; fix"))
        #expect(!text.contains("line=\"4\""), "cases without findings are only counted")
        #expect(text.hasSuffix("</report>\n"), "the document is closed")
    }

    @Test func junitCountsComeFirstAndTestcasesFollow() throws {
        let path = temp("j.xml")
        defer { unlink(path) }
        let j = try JUnitReport(path: path, suite: "s")
        try j.add(ReportCase(line: 1, name: "ok", group: "g", findings: []))
        try j.add(ReportCase(line: 2, name: "bad", group: "g", findings: [hostile, hostile]))
        try j.add(ReportCase(line: 3, name: "junk", group: "g", findings: [], error: "not a request"))
        try j.add(ReportCase(line: 4, name: "info", group: "g", findings: [ReportFinding(rule: "r", severity: "info", parameter: nil, message: "m", fix: "f")]))
        try j.finish(ReportSummary(title: "t", counts: [], tables: [], examples: [], seconds: 1))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let header = try #require(text.split(separator: "\n").first { $0.contains("<testsuite ") })
        #expect(header.contains(#"tests="4" failures="1" errors="1""#), "\(header)")
        #expect(text.components(separatedBy: "<failure ").count - 1 == 2, "a failure per finding")
        #expect(text.components(separatedBy: "<system-out>").count - 1 == 1, "info is output, not a failure")
        #expect(text.hasSuffix("</testsuites>\n"))
    }

    @Test func aFullDiskIsAnIOErrorAndADeviceIsNoReport() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        // A path under /dev is refused before anything is opened there (exit 78).
        #expect { try FindingsXMLReport(path: "/dev/full", tool: "t", source: "s") } throws: { ($0 as? BNCError)?.exitStatus == .configuration }
        // A descriptor that cannot be written (standard output on a full disk) is an I/O error, in one line.
        let fd = open("/dev/full", O_WRONLY)
        let w = try XMLStreamWriter(fd: fd, ownsFD: true, what: "--report", indent: false)
        #expect { 
            try w.startDocument()
            for _ in 1...20_000 { try w.element("case", [("line", "1")], text: String(repeating: "x", count: 64)) }
            try w.finish()
        } throws: { ($0 as? BNCError)?.exitStatus == .ioError && ($0 as? BNCError)?.message.contains("No space left on device") == true }
    }
}
