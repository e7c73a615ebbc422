// A scan's outcomes and totals in the shapes people and programs read: report cases, the summary's tables, the
// JSON summary and the terminal table.
import BNCCore
import BNCReport
import BNCTune

enum ScanReport {
    /// - Parameter redactor: masks the credentials a logged request may carry (branch_secret=, access_token=, an
    ///   AdServices token): every report shows it with their values masked, as traces do.
    static func reportCase(_ o: ScanOutcome, redactor r: Redactor) -> ReportCase {
        let group: String
        if let request = o.request {
            // Names from the log, as a report's class name: letters and digits, the rest "_", 64 characters at most.
            // A credential logged as an id (QA round 26a) is masked first, as the case's name is.
            func label(_ v: String?) -> String {
                let shown = r.redact(v ?? "unknown")
                // An ASCII name (most ids) is mapped byte by byte; other text by its characters.
                if shown.utf8.count <= 64, shown.utf8.allSatisfy({ $0 < 0x80 }) {
                    return String(decoding: shown.utf8.map { ASCII.isLetter($0) || (0x30...0x39).contains($0) ? $0 : UInt8(ascii: "_") }, as: UTF8.self)
                }
                return String(shown.prefix(64).map { $0.isLetter || $0.isNumber ? $0 : "_" })
            }
            group = "tune.\(label(request.value("advertiser_id"))).\(label(request.value("site_id") ?? request.value("package_name")))"
        } else {
            group = "tune.unreadable"
        }
        let findings = o.findings.map {
            ReportFinding(rule: $0.rule.rawValue, severity: $0.severity.rawValue, parameter: $0.parameter, message: r.redact($0.message), fix: $0.fix)
        }
        return ReportCase(line: o.line, name: r.redact(o.name), group: group, findings: findings, error: o.error.map(r.redact),
                          source: r.redact(o.source))
    }


    /// A line's objects for --output ndjson: each finding with its line and request first, so a stream of them can
    /// be traced and grouped without the log at hand (only the line, last, was given: QA round 31b); a line that
    /// cannot be read as {line, error}.
    static func ndjson(_ outcome: ScanOutcome) -> [JSON] {
        var head: JSONObject = ["line": .int(outcome.line)]
        if let r = outcome.request {
            for name in ["action", "advertiser_id", "site_id"] { if let v = r.value(name) { head[name] = .string(v) } }
        }
        var out = outcome.findings.map { f -> JSON in
            var o = head
            for (k, v) in f.json.objectValue ?? [:] { o[k] = v }
            return .object(o)
        }
        if let e = outcome.error { out.append(.object(["line": .int(outcome.line), "error": .string(e)])) }
        return out
    }

    /// The advertisers' or apps' counts by name, a credential logged as an id masked (QA round 26a: the case's name
    /// was, its group and these tables were not): the names one masking makes alike are counted together.
    static func masked(_ t: [String: ScanCount], _ redactor: Redactor) -> [String: ScanCount] {
        var out: [String: ScanCount] = [:]
        for (name, count) in t {
            let shown = redactor.redact(name)
            var c = out[shown, default: ScanCount()]
            c.requests += count.requests
            c.withFindings += count.withFindings
            c.findings += count.findings
            out[shown] = c
        }
        return out
    }

    static func counts(_ s: TuneScanner) -> [(String, Int)] {
        [("lines", s.lines), ("requests", s.requests), ("other requests skipped", s.skipped), ("unreadable lines", s.unreadable), ("long lines skipped", s.longLinesSkipped),
         ("decrypted", s.decrypted), ("requests with findings", s.withFindings), ("errors", s.bySeverity[.error] ?? 0),
         ("warnings", s.bySeverity[.warning] ?? 0), ("info", s.bySeverity[.info] ?? 0)]
    }

    /// Rules by count, then advertisers and apps by findings (at most 100 rows each).
    static func summary(_ s: TuneScanner, source: String, seconds: Double, redactor: Redactor, command: String = "") -> ReportSummary {
        let rules = s.byRule.sorted { ($0.value, $1.key.rawValue) > ($1.value, $0.key.rawValue) }
            .map { [$0.key.rawValue, $0.key.severity.rawValue, String($0.value), $0.key.summary] }
        func groups(_ t: [String: ScanCount]) -> [[String]] {
            t.sorted { ($0.value.findings, $1.key) > ($1.value.findings, $0.key) }.prefix(100)
                .map { [$0.key, String($0.value.requests), String($0.value.withFindings), String($0.value.findings)] }
        }
        let tables = [
            ReportTable(name: "rules", title: "Findings by rule", columns: ["rule", "severity", "count", "meaning"], rows: rules),
            ReportTable(name: "advertisers", title: "By advertiser", columns: ["advertiser", "requests", "with findings", "findings"],
                        rows: groups(masked(s.byAdvertiser, redactor))),
            ReportTable(name: "apps", title: "By app (advertiser/site or package)", columns: ["app", "requests", "with findings", "findings"],
                        rows: groups(masked(s.byApp, redactor))),
        ]
        let examples = s.examples.map { reportCase($0, redactor: redactor) }
        var summary = ReportSummary(title: "TUNE requests in \(source == "-" ? "stdin" : source)", counts: counts(s), tables: tables,
                                    examples: examples, seconds: (seconds * 1000).rounded() / 1000)
        let requests = max(1, s.requests)
        summary.readiness = [
            ("of requests clean", (s.requests - s.withFindings) * 100 / requests, "\(s.requests - s.withFindings) of \(s.requests) with no finding"),
            ("of requests map without error", (s.requests - s.withErrors) * 100 / requests, "\(s.withErrors) with an error to fix first"),
        ]
        summary.facts = ReportTiming.facts(log: source, first: s.firstTime, last: s.lastTime, command: command, seconds: seconds)
        let firstExample = summary.firstExampleLines
        let byRule = s.byRule.sorted { ($0.value, $1.key.rawValue) > ($1.value, $0.key.rawValue) }.prefix(30)
        summary.charts.append(ReportChart(title: "Findings by rule", kind: .bars, labels: byRule.map(\.key.rawValue), series: [("findings", byRule.map(\.value))],
                                          links: byRule.map { firstExample[$0.key.rawValue].map { "#line-\($0)" } }))
        let hours = ReportTiming.buckets(s.byHour.mapValues { [$0.requests, $0.findings, $0.conversions] }, series: 3)
        if hours.labels.count > 1 {
            summary.charts.append(ReportChart(title: "Requests, findings and conversions over time (UTC)", kind: .timeline, labels: hours.labels,
                                              series: [("requests", hours.values[0]), ("findings", hours.values[1]), ("conversions", hours.values[2])]))
        }
        let apps = masked(s.byApp, redactor).sorted { ($0.value.findings, $1.key) > ($1.value.findings, $0.key) }.prefix(15)
        if !apps.isEmpty {
            summary.charts.append(ReportChart(title: "Findings by app (advertiser/app)", kind: .bars, labels: apps.map(\.key), series: [("findings", apps.map(\.value.findings))]))
        }
        return summary
    }

    static func json(_ s: TuneScanner, redactor: Redactor) -> JSON {
        var o = JSONObject()
        for (name, n) in counts(s) { o[name.replacing(" ", with: "_")] = .int(n) }
        o["rules"] = .object(JSONObject(s.byRule.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key.rawValue, JSON.int($0.value)) }))
        o["actions"] = .object(JSONObject(s.byAction.sorted { $0.key < $1.key }.map { ($0.key, JSON.int($0.value)) }))
        func groups(_ t: [String: ScanCount]) -> JSON {
            .object(JSONObject(t.sorted { $0.key < $1.key }.map {
                ($0.key, JSON.object(["requests": .int($0.value.requests), "with_findings": .int($0.value.withFindings), "findings": .int($0.value.findings)]))
            }))
        }
        o["advertisers"] = groups(masked(s.byAdvertiser, redactor))
        o["apps"] = groups(masked(s.byApp, redactor))
        return .object(o)
    }

    static func table(_ s: TuneScanner) -> TextTable {
        var t = TextTable(columns: ["RULE", "SEVERITY", "COUNT", "MEANING"])
        for (rule, n) in s.byRule.sorted(by: { ($0.value, $1.key.rawValue) > ($1.value, $0.key.rawValue) }) {
            t.add([rule.rawValue, rule.severity.rawValue, String(n), rule.summary], paint: [nil, rule.severity.paint])
        }
        t.add(["", "", "", ""])
        for (name, n) in counts(s) { t.add([name, "", String(n), ""]) }
        return t
    }
}
