// The findings as JUnit XML (one test case per request, a failure per error) through libxml2's writer.
import BNCCore
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

/// JUnit XML: `<testsuites>` / `<testsuite>` with their counts, one `<testcase>` per case.
public final class JUnitReport: ReportSink {
    let path: String
    let suite: String
    let spoolFD: Int32
    let spool: XMLStreamWriter
    var tests = 0, failures = 0, errors = 0

    public init(path: String, suite: String) throws(BNCError) {
        self.path = path
        self.suite = suite
        let tmp = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array(tmp.utf8CString.dropLast())
        template += Array("/bnc-junit-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 { throw BNCError(.io, "--junit: cannot create a temporary file: \(FileSystem.errnoText())") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        spoolFD = fd
        spool = try XMLStreamWriter(fd: dup(fd), ownsFD: true, what: "--junit (spool)", indent: false)
        // Make sure the final file can be written before a long scan starts (without touching an old one).
        if path != "-" { try AtomicFile(path: path, kind: .junit, what: "--junit").discard() }
    }

    deinit { close(spoolFD) }

    public func add(_ c: ReportCase) throws(BNCError) {
        tests += 1
        try spool.start("testcase")
        try spool.attribute("name", "line \(c.line): \(c.name)")
        try spool.attribute("classname", c.group)
        try spool.attribute("time", "0")
        if let e = c.error {
            errors += 1
            try spool.element("error", [("type", "unreadable"), ("message", e)], text: e)
        } else {
            if c.failed { failures += 1 }
            for f in c.findings where f.fails {
                try spool.element("failure", [("type", f.rule), ("message", f.message)],
                                  text: "\(f.severity): \(f.message)\nfix: \(f.fix)" + (c.source.map { "\nrequest: \($0)" } ?? ""))
            }
            let infos = c.findings.filter { !$0.fails }
            if !infos.isEmpty {
                try spool.element("system-out", text: infos.map { "\($0.rule): \($0.message)" }.joined(separator: "\n"))
            }
        }
        try spool.end()
    }

    public func finish(_ s: ReportSummary) throws(BNCError) {
        try spool.finish(endDocument: false)
        let out = try XMLStreamWriter(path: path, what: "--junit", kind: .junit)
        try out.startDocument()
        let counts = [("tests", String(tests)), ("failures", String(failures)), ("errors", String(errors)), ("skipped", "0"),
                      ("time", String(s.seconds))]
        try out.start("testsuites")
        try out.attribute("name", suite)
        for (k, v) in counts where k != "skipped" { try out.attribute(k, v) }
        try out.start("testsuite")
        try out.attribute("name", suite)
        for (k, v) in counts { try out.attribute(k, v) }
        try out.flush()
        // Copy the spooled testcases (already serialised and escaped by libxml2).
        lseek(spoolFD, 0, SEEK_SET)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(spoolFD, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw BNCError(.io, "--junit: cannot read the spool: \(FileSystem.errnoText())") }
            if n == 0 { break }
            var failure: BNCError?
            buffer.withUnsafeBytes { b in
                do throws(BNCError) { try out.raw(UnsafeRawBufferPointer(rebasing: b[0..<n])) } catch { failure = error }
            }
            if let failure { throw failure }
        }
        try out.end()
        try out.end()
        try out.finish()
    }
}
