// TUNE log vs what Branch holds: each session and conversion a log recorded, mapped as replay maps it, looked up
// in Branch's export rows by transaction id (advertiser_ref_id) or by a device id and the event; then matched,
// missing, duplicated, or matched with differences (event name, revenue, currency, attribution).
import BNCCore

/// What one TUNE line says Branch should hold.
public struct ExpectedRecord: Sendable {
    public enum Kind: String, Sendable { case session, event }
    public let line: Int
    public let kind: Kind
    /// The event's name (PURCHASE), or for a session the action (session, install, open, ...).
    public let name: String
    public let transactionID: String?
    public let revenue: Double?
    public let currency: String?
    /// Export columns and values that identify the device (user_data_idfa, user_data_aaid, ...).
    public let ids: [(column: String, value: String)]
    public let time: Double?
    /// Analytics labels the log carried (~channel, ~campaign ...), as export columns.
    public let labels: [(column: String, value: String)]

    /// From a line mapped to Branch (its body as replay sends it).
    public init(line: Int, action: String, mapping: BranchMapping, time: Double?) {
        self.line = line
        self.time = time
        let body = mapping.body
        var ids: [(String, String)] = []
        func add(_ column: String, _ value: JSON?) {
            if let v = value?.stringValue, !v.isEmpty, !ids.contains(where: { $0.0 == column && $0.1 == v }) { ids.append((column, v)) }
        }
        switch mapping.api {
        case .event:
            kind = .event
            name = body["name"]?.stringValue ?? action
            let data = body["event_data"]?.objectValue ?? [:]
            transactionID = data["transaction_id"]?.stringValue
            revenue = data["revenue"]?.numberValue?.double
            currency = data["currency"]?.stringValue
            let user = body["user_data"]?.objectValue ?? [:]
            for (field, column) in [("idfa", "user_data_idfa"), ("idfv", "user_data_idfv"), ("aaid", "user_data_aaid"),
                                    ("android_id", "user_data_android_id"), ("developer_identity", "user_data_developer_identity")] {
                add(column, user[field])
            }
        case .open:
            kind = .session
            name = action
            transactionID = nil; revenue = nil; currency = nil
            let type = body["hardware_id_type"]?.stringValue
            if body["is_hardware_id_real"]?.boolValue != false {
                add(type == "idfa" ? "user_data_idfa" : type == "android_id" ? "user_data_android_id" : "user_data_idfv", body["hardware_id"])
            }
            add("user_data_idfv", body["ios_vendor_id"])
            add("user_data_aaid", body["google_advertising_id"] ?? body["aaid"])
            add("user_data_developer_identity", body["developer_identity"] ?? body["identity"])
        }
        self.ids = ids
        var labels: [(String, String)] = []
        for label in ["channel", "campaign", "feature"] {
            if let v = body["~" + label]?.stringValue ?? body[label]?.stringValue { labels.append(("last_attributed_touch_data_tilde_" + label, v)) }
        }
        self.labels = labels
    }
}

/// One row Branch holds, from an export (its topic and cells).
public struct HeldRecord: Sendable {
    public let topic: String
    public let cells: [String: String]
    public init(topic: String, cells: [String: String]) {
        self.topic = topic
        self.cells = cells
    }

    /// The columns reconciling reads (names, times, ids, the event's data, attribution labels): a row keeps
    /// these only, so an export of wide rows (100 KB each) is not held whole in memory (QA round 29a).
    public static func isRead(_ column: String) -> Bool {
        readColumns.contains(column) || column.hasPrefix("last_attributed_touch_data_tilde_")
    }

    static let readColumns: Set<String> = ["topic", "name", "id", "timestamp", "event_data_transaction_id", "event_data_revenue",
                                           "event_data_currency", "user_data_idfa", "user_data_idfv", "user_data_aaid",
                                           "user_data_android_id", "user_data_developer_identity"]
    public var name: String { cells["name"] ?? "" }
    public var id: String { cells["id"] ?? "" }
    public var time: Double? { cells["timestamp"].flatMap(Double.init).map { $0 / 1000 } }
}

/// One finding of a reconciliation.
public struct ReconcileFinding: Sendable {
    public enum Status: String, Sendable, CaseIterable { case matched, differs, duplicated, missing }
    public let expected: ExpectedRecord
    public let status: Status
    /// The Branch rows it matched (their ids).
    public let branchIDs: [String]
    public let differences: [String]

    public var json: JSON {
        var o: JSONObject = ["line": .int(expected.line), "status": .string(status.rawValue), "kind": .string(expected.kind.rawValue),
                             "name": .string(expected.name)]
        if let t = expected.transactionID { o["transaction_id"] = .string(t) }
        if let r = expected.revenue { o["revenue"] = .double(r) }
        if let c = expected.currency { o["currency"] = .string(c) }
        if !branchIDs.isEmpty { o["branch_ids"] = .array(branchIDs.map(JSON.string)) }
        if !differences.isEmpty { o["differences"] = .array(differences.map(JSON.string)) }
        return .object(o)
    }
}

/// Matches a log's expectations against Branch's rows.
public enum Reconciler {
    static let sessionTopics: Set<String> = ["eo_install", "eo_reinstall", "eo_open"]

    public static func reconcile(_ expected: [ExpectedRecord], _ held: [HeldRecord]) -> [ReconcileFinding] {
        var byTransaction: [String: [Int]] = [:]
        var byID: [String: [Int]] = [:]
        for (i, row) in held.enumerated() {
            if let t = row.cells["event_data_transaction_id"], !t.isEmpty { byTransaction[t, default: []].append(i) }
            for column in ["user_data_idfa", "user_data_idfv", "user_data_aaid", "user_data_android_id", "user_data_developer_identity"] {
                if let v = row.cells[column], !v.isEmpty { byID[column + "=" + v, default: []].append(i) }
            }
        }
        var used = Set<Int>()
        var findings: [ReconcileFinding] = []
        // Lines of one transaction id share its rows, one each in order; the last line takes what is left (more
        // rows than lines: duplicated), a line past the rows is missing. A row answers one line only.
        var linesLeft: [String: Int] = [:]
        for e in expected { if let t = e.transactionID { linesLeft[t, default: 0] += 1 } }
        for e in expected {
            var candidates: [Int]
            if let t = e.transactionID {
                let left = linesLeft[t, default: 1]
                linesLeft[t] = left - 1
                let free = (byTransaction[t] ?? []).filter { !used.contains($0) }
                candidates = left > 1 ? Array(free.prefix(1)) : free
            } else {
                var seen = Set<Int>()
                candidates = e.ids.flatMap { byID[$0.column + "=" + $0.value] ?? [] }.filter { seen.insert($0).inserted }
                candidates = candidates.filter { i in
                    !used.contains(i) && (e.kind == .session ? sessionTopics.contains(held[i].topic) : held[i].name == e.name)
                }
                // The closest in time first, when both times are known.
                if let t = e.time { candidates.sort { abs((held[$0].time ?? .infinity) - t) < abs((held[$1].time ?? .infinity) - t) } }
                candidates = Array(candidates.prefix(1))
            }
            guard let first = candidates.first else {
                findings.append(ReconcileFinding(expected: e, status: .missing, branchIDs: [], differences: []))
                continue
            }
            used.formUnion(candidates)
            let differences = compare(e, held[first])
            let status: ReconcileFinding.Status = candidates.count > 1 ? .duplicated : differences.isEmpty ? .matched : .differs
            findings.append(ReconcileFinding(expected: e, status: status, branchIDs: candidates.map { held[$0].id }, differences: differences))
        }
        return findings
    }

    /// What differs between a line and the Branch row it matched.
    static func compare(_ e: ExpectedRecord, _ row: HeldRecord) -> [String] {
        var out: [String] = []
        switch e.kind {
        case .event:
            if row.name != e.name { out.append("name: TUNE \(e.name), Branch \(row.name)") }
            let held = row.cells["event_data_revenue"].flatMap(Double.init)
            if let r = e.revenue, held.map({ abs($0 - r) > 0.005 }) ?? true {
                out.append("revenue: TUNE \(JSONNumber(r)?.literal ?? String(r)), Branch \(row.cells["event_data_revenue"].flatMap { $0.isEmpty ? nil : $0 } ?? "none")")
            }
            if let c = e.currency, row.cells["event_data_currency"] != c {
                out.append("currency: TUNE \(c), Branch \(row.cells["event_data_currency"].flatMap { $0.isEmpty ? nil : $0 } ?? "none")")
            }
        case .session:
            if e.name == "install", row.topic == "eo_open" { out.append("name: TUNE install, Branch OPEN (Branch had seen the device before)") }
        }
        for (column, value) in e.labels where row.cells[column] != value {
            out.append("attribution: TUNE \(column.replacing("last_attributed_touch_data_tilde_", with: "~")) \(value), Branch \(row.cells[column].flatMap { $0.isEmpty ? nil : $0 } ?? "none")")
        }
        return out
    }

    /// Counts per status.
    public static func summary(_ findings: [ReconcileFinding]) -> JSONObject {
        var o: JSONObject = ["lines": .int(findings.count)]
        for s in ReconcileFinding.Status.allCases { o[s.rawValue] = .int(findings.filter { $0.status == s }.count) }
        return o
    }
}
