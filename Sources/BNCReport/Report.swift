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
    /// The headline a manager reads first: each a share in percent with what it measures.
    public var readiness: [(label: String, percent: Int, detail: String)] = []
    /// What the report is about: the input's time range, the command line, bnc's version.
    public var facts: [(String, String)] = []
    /// Charts drawn as inline SVG on the HTML page.
    public var charts: [ReportChart] = []

    /// Each rule's first example (its line), for the page's links from a rule to its example.
    public var firstExampleLines: [String: Int] {
        var first: [String: Int] = [:]
        for c in examples { for f in c.findings where first[f.rule] == nil { first[f.rule] = c.line } }
        return first
    }

    public init(title: String, counts: [(String, Int)], tables: [ReportTable], examples: [ReportCase], seconds: Double) {
        self.title = title
        self.counts = counts
        self.tables = tables
        self.examples = examples
        self.seconds = seconds
    }
}

/// A chart of the HTML page: bars per label (findings per rule), or series over time (requests and findings per
/// hour), drawn as inline SVG through libxml2's writer.
public struct ReportChart: Sendable {
    public enum Kind: Sendable { case bars, timeline }
    public var title: String
    public var kind: Kind
    public var labels: [String]
    /// One series per name, a value per label.
    public var series: [(name: String, values: [Int])]
    /// An anchor per label on the page (a rule's examples), or nil.
    public var links: [String?]

    public init(title: String, kind: Kind, labels: [String], series: [(name: String, values: [Int])], links: [String?] = []) {
        self.title = title
        self.kind = kind
        self.labels = labels
        self.series = series
        self.links = links
    }
}
