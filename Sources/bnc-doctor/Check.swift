// One finding of bnc doctor: what was checked, how it stands, one line on it, and the command that fixes it.
import BNCCore

/// A check's outcome. `fail` in a configuration check is exit 78, in an upstream's reachability 69.
struct Check {
    enum Status: String { case ok, warn, fail, skip }
    /// What a failure means for the exit status: an upstream's is 69, any other (configuration, clock, state) 78.
    enum Kind { case configuration, upstream }

    let name: String
    let status: Status
    let detail: String
    var fix: String? = nil
    var kind: Kind = .configuration

    var json: JSON {
        var o: JSONObject = ["check": .string(name), "status": .string(status.rawValue), "detail": .string(detail)]
        if let fix { o["fix"] = .string(fix) }
        return .object(o)
    }

    var cells: [String] { [name, status.rawValue, detail + (fix.map { " (fix: \($0))" } ?? "")] }

    var paint: TextTable.Paint? {
        switch status {
        case .ok: .green
        case .warn: .yellow
        case .fail: .red
        case .skip: .dim
        }
    }

    static func ok(_ name: String, _ detail: String, kind: Kind = .configuration) -> Check { Check(name: name, status: .ok, detail: detail, kind: kind) }
    static func warn(_ name: String, _ detail: String, fix: String?, kind: Kind = .configuration) -> Check {
        Check(name: name, status: .warn, detail: detail, fix: fix, kind: kind)
    }
    static func fail(_ name: String, _ detail: String, fix: String?, kind: Kind = .configuration) -> Check {
        Check(name: name, status: .fail, detail: detail, fix: fix, kind: kind)
    }
}
