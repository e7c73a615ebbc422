// The findings as one HTML page through libxml2's writer: summary, then a table per rule.
import BNCCore
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

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
        .readiness{display:flex;gap:2em;flex-wrap:wrap;margin:1em 0}.readiness div{border:1px solid #d0d0d5;border-radius:6px;padding:.6em 1em}
        .readiness b{font-size:2em;display:block}.facts th{background:none;border:none;padding-left:0}.facts td{border:none}
        svg{display:block;margin:.5em 0 1.5em}svg a rect:hover{fill:#b00020}
        """

    public func finish(_ s: ReportSummary) throws(BNCError) {
        // Each rule's first example, for the links from the rules' table and chart.
        let firstExample = s.firstExampleLines
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
        if !s.readiness.isEmpty {
            try out.start("div")
            try out.attribute("class", "readiness")
            for r in s.readiness {
                try out.start("div")
                try out.element("b", text: "\(r.percent)%")
                try out.element("span", text: r.label)
                try out.element("br")
                try out.element("small", text: r.detail)
                try out.end()
            }
            try out.end()
        }
        if !s.facts.isEmpty {
            try out.start("table")
            try out.attribute("class", "facts")
            for (k, v) in s.facts {
                try out.start("tr")
                try out.element("th", text: k)
                try out.element("td", text: v)
                try out.end()
            }
            try out.end()
        }
        for chart in s.charts {
            try out.element("h2", text: chart.title)
            try SVGChart.write(chart, to: out)
        }
        try out.element("h2", text: "Totals")
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
                    // A rule's name links to its first example.
                    if i == 0, t.name == "rules", let line = firstExample[cell] {
                        try out.start("td")
                        try out.element("a", [("href", "#line-\(line)")], text: cell)
                        try out.end()
                        continue
                    }
                    try out.element("td", numeric ? [("class", "n")] : severity.map { [("class", $0)] } ?? [], text: i < t.columns.count ? cell : "")
                }
                try out.end()
            }
            try out.end()
        }
        if !s.examples.isEmpty {
            try out.element("h2", text: "Worst examples")
            for c in s.examples {
                try out.element("h3", [("id", "line-\(c.line)")], text: "Line \(c.line): \(c.name)")
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
