// A report of checked items (one per request or line) and their findings, exported as it is produced:
//  - a findings report in bnc's documented schema (schemas/bnc-report.xsd): cases with findings, then a summary;
//  - JUnit XML (schemas/junit.xsd; one testcase per item, one failure per finding): the counts CI dashboards read
//    come first, so testcases are spooled to an unlinked temporary file by libxml2 and copied after the header;
//  - an HTML page for a person: the summary tables and the worst examples, written at the end.
// All three through libxml2's streaming writer; memory stays constant however many cases go through.
import BNCCore
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

/// One finding of a checked item as a report shows it: rule, severity, parameter, message and fix.
public struct ReportFinding: Sendable {
    public var rule: String
    public var severity: String
    public var parameter: String?
    public var message: String
    public var fix: String

    public init(rule: String, severity: String, parameter: String?, message: String, fix: String) {
        self.rule = rule
        self.severity = severity
        self.parameter = parameter
        self.message = message
        self.fix = fix
    }

    /// Errors and warnings fail a JUnit testcase; info is reported as output.
    var fails: Bool { severity != "info" }
}

/// One checked item (a request or a line) in a report: its name, group, findings or read error, and source.
public struct ReportCase: Sendable {
    public var line: Int
    /// What the case is (`session 1234/com.example.app`).
    public var name: String
    /// Its group (`tune.1234.com_example_app`): JUnit's classname, the report's group.
    public var group: String
    public var findings: [ReportFinding]
    /// The item could not be read at all (a JUnit error).
    public var error: String?
    /// The item as it came, for a person (already bounded by the caller).
    public var source: String?

    public init(line: Int, name: String, group: String, findings: [ReportFinding], error: String? = nil, source: String? = nil) {
        self.line = line
        self.name = name
        self.group = group
        self.findings = findings
        self.error = error
        self.source = source
    }

    public var failed: Bool { error == nil && findings.contains(where: \.fails) }
}

/// A named table of the summary: columns and rows of text.
public struct ReportTable: Sendable {
    public var name: String
    public var title: String
    public var columns: [String]
    public var rows: [[String]]

    public init(name: String, title: String, columns: [String], rows: [[String]]) {
        self.name = name
        self.title = title
        self.columns = columns
        self.rows = rows
    }
}

/// What a report ends with: its title, totals, summary tables, worst examples and run time.
public struct ReportSummary: Sendable {
    public var title: String
    /// Totals in order (`lines`, `requests`, `findings`, ...).
    public var counts: [(String, Int)]
    public var tables: [ReportTable]
    /// The worst cases, for the HTML page.
    public var examples: [ReportCase]
    public var seconds: Double

    public init(title: String, counts: [(String, Int)], tables: [ReportTable], examples: [ReportCase], seconds: Double) {
        self.title = title
        self.counts = counts
        self.tables = tables
        self.examples = examples
        self.seconds = seconds
    }
}

/// Something a report is exported to, case by case.
public protocol ReportSink: AnyObject {
    func add(_ c: ReportCase) throws(BNCError)
    func finish(_ summary: ReportSummary) throws(BNCError)
}

/// The findings report: `<report>` with `<case>` elements (only cases with findings or errors), then `<summary>`.
public final class FindingsXMLReport: ReportSink {
    public static let namespace = "urn:bnc:report:1"
    let out: XMLStreamWriter

    public init(path: String, tool: String, source: String) throws(BNCError) {
        out = try XMLStreamWriter(path: path, what: "--report", kind: .findingsReport)
        try out.startDocument()
        try out.start("report")
        try out.attribute("xmlns", Self.namespace)
        try out.attribute("version", "1")
        try out.attribute("tool", tool)
        try out.attribute("source", source)
    }

    public func add(_ c: ReportCase) throws(BNCError) {
        guard c.error != nil || !c.findings.isEmpty else { return }
        try out.start("case")
        try out.attribute("line", String(c.line))
        try out.attribute("name", c.name)
        try out.attribute("group", c.group)
        if let e = c.error { try out.element("error", text: e) }
        for f in c.findings {
            try out.start("finding")
            try out.attribute("rule", f.rule)
            try out.attribute("severity", f.severity)
            if let p = f.parameter { try out.attribute("parameter", p) }
            try out.element("message", text: f.message)
            try out.element("fix", text: f.fix)
            try out.end()
        }
        try out.end()
    }

    public func finish(_ s: ReportSummary) throws(BNCError) {
        try out.start("summary")
        try out.attribute("seconds", String(s.seconds))
        for (name, n) in s.counts { try out.element("count", [("name", name), ("value", String(n))]) }
        for t in s.tables {
            try out.start("table")
            try out.attribute("name", t.name)
            try out.attribute("title", t.title)
            for row in t.rows {
                try out.start("row")
                for (column, cell) in zip(t.columns, row) { try out.element("cell", [("column", column)], text: cell) }
                try out.end()
            }
            try out.end()
        }
        try out.end()
        try out.end()
        try out.finish()
    }
}

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

/// A page for a person: totals, the summary tables, the worst examples with their findings.
public final class HTMLReport: ReportSink {
    let path: String

    public init(path: String) throws(BNCError) {
        self.path = path
        if path != "-" { try AtomicFile(path: path, kind: .html, what: "--html").discard() }
    }

    public func add(_ c: ReportCase) throws(BNCError) {}

    static let style = """
        body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;color:#1d1d1f;padding:0 1em}
        h1{font-size:1.5em}h2{font-size:1.15em;margin-top:2em}
        table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #d0d0d5;padding:.25em .6em;text-align:left;vertical-align:top}
        th{background:#f2f2f5}td.n{text-align:right;font-variant-numeric:tabular-nums}
        .error{color:#b00020;font-weight:600}.warning{color:#8a5a00;font-weight:600}.info{color:#38598b}
        code{font:12px ui-monospace,monospace;word-break:break-all;background:#f6f6f8;padding:.1em .3em;display:block}
        .fix{color:#2e6b30}
        """

    public func finish(_ s: ReportSummary) throws(BNCError) {
        let out = try XMLStreamWriter(path: path, what: "--html", kind: .html)
        try out.doctype("html")
        try out.start("html")
        try out.attribute("lang", "en")
        try out.start("head")
        try out.element("meta", [("charset", "utf-8")])
        try out.element("meta", [("name", "generator"), ("content", "bnc \(BNCVersion.string)")])
        try out.element("title", text: s.title)
        try out.element("style", text: Self.style)
        try out.end()
        try out.start("body")
        try out.element("h1", text: s.title)
        try out.start("table")
        for (name, n) in s.counts {
            try out.start("tr")
            try out.element("th", text: name)
            try out.element("td", [("class", "n")], text: String(n))
            try out.end()
        }
        try out.end()
        for t in s.tables where !t.rows.isEmpty {
            try out.element("h2", text: t.title)
            try out.start("table")
            try out.start("tr")
            for c in t.columns { try out.element("th", text: c) }
            try out.end()
            for row in t.rows {
                try out.start("tr")
                for (i, cell) in row.enumerated() {
                    let numeric = !cell.isEmpty && cell.allSatisfy(\.isNumber)
                    let severity = ["error", "warning", "info"].contains(cell) ? cell : nil
                    try out.element("td", numeric ? [("class", "n")] : severity.map { [("class", $0)] } ?? [], text: i < t.columns.count ? cell : "")
                }
                try out.end()
            }
            try out.end()
        }
        if !s.examples.isEmpty {
            try out.element("h2", text: "Worst examples")
            for c in s.examples {
                try out.element("h3", text: "Line \(c.line): \(c.name)")
                if let source = c.source { try out.element("code", text: source) }
                try out.start("ul")
                if let e = c.error { try out.element("li", [("class", "error")], text: e) }
                for f in c.findings {
                    try out.start("li")
                    try out.element("span", [("class", f.severity)], text: "\(f.severity) \(f.rule)")
                    try out.text(" " + f.message + " ")
                    try out.element("span", [("class", "fix")], text: "Fix: " + f.fix)
                    try out.end()
                }
                try out.end()
            }
        }
        try out.end()
        try out.end()
        try out.finish()
    }
}
