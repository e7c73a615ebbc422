// Scanning a log of TUNE requests of any size in constant memory: each line read, decrypted when a key is given,
// checked, and counted per rule, advertiser and app. Distinct advertisers and apps are bounded (the rest are
// counted as "(other)"), the duplicate window is bounded, and only the worst few examples are kept.
import BNCCore

/// One line's outcome.
public struct ScanOutcome: Sendable {
    public let line: Int
    public let request: TuneRequest?
    public let findings: [Finding]
    /// Why the line could not be read as a TUNE request.
    public let error: String?
    /// Errors weigh most, then warnings: the order of "worst examples".
    public let score: Int
    /// The line's first 2,000 bytes, made text only when a report or an example needs it.
    private var sourceBytes: ArraySlice<UInt8>

    public init(line: Int, request: TuneRequest?, findings: [Finding], error: String?, source: ArraySlice<UInt8>) {
        self.line = line
        self.request = request
        self.findings = findings
        self.error = error
        // A longer line is cut at its last parameter's start: a value cut short would escape the masking of the
        // secret it begins (a known key is matched whole).
        if source.count > 2000 {
            let head = source.prefix(2000)
            sourceBytes = head[..<(head.lastIndex { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: " ") } ?? head.endIndex)]
        } else {
            sourceBytes = source[...]
        }
        score = (error == nil ? 0 : 1000) + findings.reduce(0) { $0 + ($1.severity == .error ? 100 : $1.severity == .warning ? 10 : 1) }
    }

    /// The line as it came, at most 2,000 bytes.
    public var source: String { String(decoding: sourceBytes, as: UTF8.self) }

    /// The same outcome holding its own copy of the line (not the reader's buffer).
    func detached() -> ScanOutcome {
        var o = self
        o.sourceBytes = ArraySlice(Array(sourceBytes))
        return o
    }

    /// `session 1234/com.example.app`
    public var name: String {
        guard let r = request else { return "unreadable line" }
        let what = r.action.map { $0 == "conversion" ? "conversion \(r.value(.siteEventName) ?? r.value(.siteEventID) ?? "")" : $0 } ?? "no action"
        return "\(what) \(r.value(.advertiserID) ?? "?")/\(TuneScanner.app(of: r))"
    }
}

/// One line after `TuneScanner.prepare`, before `finish`. Not copyable: `finish` moves its request and findings
/// into the outcome (a copy retained and released every String of the request).
public struct PreparedLine: ~Copyable, Sendable {
    enum Kind: ~Copyable, Sendable {
        case blank, other
        case unreadable(String)
        case request(TuneRequest, [Finding], decrypted: Bool)
    }
    let line: Int
    let bytes: ArraySlice<UInt8>
    let kind: Kind
}

/// A scan's counts for one advertiser or app: its requests, those with findings, and the findings.
public struct ScanCount: Sendable {
    public var requests = 0
    public var withFindings = 0
    public var findings = 0

    public init() {}

    mutating func add(findings n: Int) {
        requests += 1
        if n > 0 { withFindings += 1 }
        findings += n
    }
}

/// Scans a log line by line: decrypts and checks each TUNE request, counts findings and keeps the worst examples.
public final class TuneScanner {
    public static let maxGroups = 10_000
    public static let other = "(other)"

    let key: ConversionKey?
    var checker: TuneChecker
    let keep: Int
    public private(set) var lines = 0
    public private(set) var requests = 0
    /// Lines of the log that are not TUNE measurement requests (other paths of an access log).
    public private(set) var skipped = 0
    public private(set) var unreadable = 0
    /// How far the reader was (`LineReader.bytesRead`) when the lines now being finished were read: progress
    /// for `scan`'s body, which may run on any of the scan's threads while another reads on.
    public internal(set) var inputBytesRead = 0
    /// Lines over the reader's bound (1 MiB), skipped without being read whole.
    public var longLinesSkipped = 0
    public private(set) var decrypted = 0
    /// Findings by severity (only those found).
    public var bySeverity: [Severity: Int] {
        Dictionary(uniqueKeysWithValues: Severity.allCases.compactMap { s in severityCounts[s.rank] > 0 ? (s, severityCounts[s.rank]) : nil })
    }
    /// By `Severity.rank`: three counters, not a hashed table, for each finding.
    private var severityCounts = [0, 0, 0]
    /// Findings by rule (only those found).
    public var byRule: [TuneRule: Int] {
        Dictionary(uniqueKeysWithValues: TuneRule.allCases.compactMap { r in ruleCounts[r.ordinal] > 0 ? (r, ruleCounts[r.ordinal]) : nil })
    }
    /// By `TuneRule.ordinal`.
    private var ruleCounts = [Int](repeating: 0, count: TuneRule.allCases.count)
    public private(set) var byAction: [String: Int] = [:]
    public private(set) var byAdvertiser: [String: ScanCount] = [:]
    public private(set) var byApp: [String: ScanCount] = [:]
    public private(set) var examples: [ScanOutcome] = []
    /// Requests with at least one error (what would not reach Branch as logged).
    public private(set) var withErrors = 0
    /// The log's time range (the requests' own times), and per hour: requests, findings, conversions.
    public private(set) var firstTime: Double?
    public private(set) var lastTime: Double?
    public private(set) var byHour: [Int: HourCount] = [:]

    /// One hour of the log.
    public struct HourCount: Sendable {
        public var requests = 0
        public var findings = 0
        public var conversions = 0

        mutating func add(findings n: Int, conversion: Bool) {
            requests += 1
            findings += n
            if conversion { conversions += 1 }
        }
    }

    public init(key: ConversionKey?, keepExamples: Int = 20, window: DuplicateWindow = DuplicateWindow()) {
        self.key = key
        checker = TuneChecker(window: window)
        keep = keepExamples
    }

    public var withFindings: Int { byAdvertiser.values.reduce(0) { $0 + $1.withFindings } }
    public var findings: Int { severityCounts.reduce(0, +) }

    /// The app a request names: site_id, else package_name.
    static func app(of r: TuneRequest) -> String { r.value(.siteID) ?? r.value(.packageName) ?? "?" }

    /// Reads and checks one line; nil for a blank line, a comment, or another path of an access log.
    public func scan(line number: Int, _ bytes: ArraySlice<UInt8>) -> ScanOutcome? {
        finish(Self.prepare(line: number, bytes, key: key))
    }

    /// A line read, decrypted and checked as far as it can be without the lines before it: pure, so lines can
    /// be prepared on several threads and finished in order.
    public static func prepare(line number: Int, _ bytes: ArraySlice<UInt8>, key: ConversionKey?) -> PreparedLine {
        var memo = ValueMemo()
        return prepare(line: number, bytes, key: key, memo: &memo)
    }

    /// The same with the thread's memo of values that passed.
    static func prepare(line number: Int, _ bytes: ArraySlice<UInt8>, key: ConversionKey?, memo: inout ValueMemo) -> PreparedLine {
        if TuneLog.isSkippable(bytes) { return PreparedLine(line: number, bytes: bytes, kind: .blank) }
        var request: TuneRequest
        do {
            request = try TuneLog.parse(bytes, recent: memo.recent)
        } catch {
            return PreparedLine(line: number, bytes: bytes, kind: .unreadable("line \(number) \(error.description)"))
        }
        guard request.isTuneRequest else { return PreparedLine(line: number, bytes: bytes, kind: .other) }
        var extra: [Finding] = []
        var opened = false
        if let key, request.value(.data) != nil {
            do {
                try TuneCrypto.open(&request, key: key)
                opened = true
            } catch {
                let advertiser = request[.advertiserID] ?? "?"
                extra.append(Finding(.encryptedData, "data", error.message, fix: "check the conversion key belongs to advertiser \(advertiser)"))
            }
        }
        // The findings first: the request's last use is then the line's, and it moves there instead of being copied.
        let found = TuneChecker.findings(request, memo: &memo, keyFailed: !extra.isEmpty)
        return PreparedLine(line: number, bytes: bytes, kind: .request(consume request, extra.isEmpty ? found : extra + found, decrypted: opened))
    }

    /// A prepared line's outcome, in log order: the duplicate window, the counts and the examples.
    public func finish(_ p: consuming PreparedLine) -> ScanOutcome? {
        // The line's parts moved out of it (the request and findings are not copied, then freed with the line).
        let line = p.line, bytes = p.bytes, kind = p.kind
        switch consume kind {
        case .blank:
            return nil
        case .other:
            lines += 1
            skipped += 1
            return nil
        case .unreadable(let error):
            lines += 1
            unreadable += 1
            let outcome = ScanOutcome(line: line, request: nil, findings: [], error: error, source: bytes)
            keepExample(outcome)
            return outcome
        case .request(let request, var found, let opened):
            lines += 1
            requests += 1
            if opened { decrypted += 1 }
            checker.duplicates(request, &found)
            let findings = TuneChecker.ordered(found)
            count(findings, request)
            let outcome = ScanOutcome(line: line, request: consume request, findings: findings, error: nil, source: bytes)
            keepExample(outcome)
            return outcome
        }
    }

    func count(_ findings: [Finding], _ r: TuneRequest) {
        let action = r.action
        Self.tally(&byAction, action ?? "(none)", cache: &recentAction, empty: 0) { $0 += 1 }
        if findings.contains(where: { $0.severity == .error }) { withErrors += 1 }
        if let t = r.effectiveTime, t.isFinite {
            firstTime = min(firstTime ?? t, t)
            lastTime = max(lastTime ?? t, t)
            let hour = Int((t / 3600).rounded(.down))
            // The last hour's place first (a log comes in time order), then one lookup when the hour is there, one
            // insertion while there is room (which moves places: forgotten).
            if let (last, i) = recentHour, last == hour {
                byHour.values[i].add(findings: findings.count, conversion: action == "conversion")
            } else if let i = byHour.index(forKey: hour) {
                byHour.values[i].add(findings: findings.count, conversion: action == "conversion")
                recentHour = (hour, i)
            } else if byHour.count < 100_000 {
                var c = HourCount()
                c.add(findings: findings.count, conversion: action == "conversion")
                byHour[hour] = c
                recentHour = nil
            }
        }
        for f in findings {
            severityCounts[f.severity.rank] += 1
            ruleCounts[f.rule.ordinal] += 1
        }
        let advertiser = r.value(.advertiserID) ?? "?"
        let n = findings.count
        Self.tally(&byAdvertiser, advertiser, cache: &recentAdvertiser, empty: ScanCount()) { $0.add(findings: n) }
        // The advertiser/app key is made only when the pair is not one of the last two (a log comes in runs).
        Self.tally(&byApp, AppKey(advertiser: advertiser, app: Self.app(of: r)), key: { $0.advertiser + "/" + $0.app },
                   cache: &recentApp, empty: ScanCount()) { $0.add(findings: n) }
    }

    /// The last two keys of each table with their positions: a log's lines come in runs of one app, and alternate
    /// between two actions (a session, then its conversion), so most lines hit one without hashing. An insertion
    /// into a table forgets them (positions then move).
    private var recentAction = Recent<Int>()
    private var recentHour: (hour: Int, index: Dictionary<Int, HourCount>.Index)?
    private var recentAdvertiser = Recent<ScanCount>()
    private var recentApp = RecentKeys<ScanCount, AppKey>()

    /// An advertiser and app as a line names them: compared as two Strings, joined into the table's key only on a miss.
    struct AppKey: Equatable {
        let advertiser: String
        let app: String
    }

    /// A table's last two entries found, by what identifies them (`Probe`: the key itself, or its parts).
    struct RecentKeys<V, Probe: Equatable> {
        var last: (probe: Probe, index: Dictionary<String, V>.Index)?
        var before: (probe: Probe, index: Dictionary<String, V>.Index)?
    }
    typealias Recent<V> = RecentKeys<V, String>

    /// Changes the key's entry — the key cut to 200 bytes' worth of characters — or, when the table is full and
    /// lacks it, the entry of `other`: one lookup when the key is there.
    static func tally<V>(_ table: inout [String: V], _ key: String, cache: inout Recent<V>, empty: V, _ change: (inout V) -> Void) {
        tally(&table, key, key: { $0 }, cache: &cache, empty: empty, change)
    }

    /// The same for a key made from `probe` only when neither remembered entry is the probe's.
    @inline(__always)
    static func tally<V, Probe: Equatable>(_ table: inout [String: V], _ probe: Probe, key makeKey: (Probe) -> String,
                                           cache: inout RecentKeys<V, Probe>, empty: V, _ change: (inout V) -> Void) {
        if let c = cache.last, c.probe == probe {
            change(&table.values[c.index])
            return
        }
        if let c = cache.before, c.probe == probe {
            change(&table.values[c.index])
            swap(&cache.last, &cache.before)
            return
        }
        let key = makeKey(probe)
        let k = key.utf8.count > 200 ? String(key.prefix(200)) : key
        if let i = table.index(forKey: k) {
            change(&table.values[i])
            cache.before = cache.last
            cache.last = (probe, i)
        } else {
            change(&table[table.count < maxGroups ? k : other, default: empty])
            cache = RecentKeys()
        }
    }

    func keepExample(_ o: ScanOutcome) {
        let s = o.score
        guard s > 0 else { return }
        if examples.count < keep {
            examples.append(o.detached())
        } else if let weakest = examples.indices.min(by: { examples[$0].score < examples[$1].score }), examples[weakest].score < s {
            examples[weakest] = o.detached()
        } else {
            return
        }
        examples.sort { $0.score != $1.score ? $0.score > $1.score : $0.line < $1.line }
    }
}
