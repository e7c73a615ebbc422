// The findings as XML through libxml2's writer, streamed case by case to a temporary file.
import BNCCore
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

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
