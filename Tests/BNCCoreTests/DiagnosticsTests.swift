// Warnings on stderr: once each, and a bounded number of distinct ones (a batch can warn on every line).
import Foundation
import Testing
import TestSupport
@testable import BNCCore

@Suite struct DiagnosticsTests {
    @Test func eachWarningOnceAndAtMostAThousandDistinct() throws {
        let box = try TestSupport.Sandbox()
        let path = box.root.appendingPathComponent("stderr").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        let diagnostics = Diagnostics(tool: "bnc-x", color: false, stream: OutputStream(fd: fd))
        for _ in 0..<2 {
            for i in 0..<(Diagnostics.maxDistinctWarnings + 500) { diagnostics.warning("line \(i) warns") }
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == Diagnostics.maxDistinctWarnings + 1)
        #expect(lines.first == "bnc-x: warning: line 0 warns")
        #expect(lines.last == "bnc-x: warning: more than 1000 different warnings: the rest are not shown")
        #expect(diagnostics.warnings.count == Diagnostics.maxDistinctWarnings)
    }
}
