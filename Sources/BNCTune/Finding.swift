// One problem found in a TUNE request: rule, parameter, what is wrong and what fixes it.
import BNCCore
import BNCOpen
import BNCSuite

/// One problem found in a TUNE request: the rule broken, the parameter, what is wrong and what fixes it.
public struct Finding: Sendable, Equatable {
    public let rule: TuneRule
    public let parameter: String?
    /// What is wrong, and what fixes it: made only when read. A scan finds a problem on every other line of a
    /// log and most are only counted — building each message first was 4% of a scan's instructions.
    private let describe: @Sendable () -> String
    private let remedy: @Sendable () -> String
    public var message: String { describe() }
    public var fix: String { remedy() }
    public var severity: Severity { rule.severity }

    /// The texts are read lazily: an interpolation passed here is evaluated when `message` or `fix` is read.
    public init(_ rule: TuneRule, _ parameter: String?, _ message: @autoclosure @escaping @Sendable () -> String,
                fix: @autoclosure @escaping @Sendable () -> String) {
        self.rule = rule
        self.parameter = parameter
        describe = message
        remedy = fix
    }

    public static func == (a: Finding, b: Finding) -> Bool {
        a.rule == b.rule && a.parameter == b.parameter && a.message == b.message && a.fix == b.fix
    }

    public var json: JSON {
        var o: JSONObject = ["rule": .string(rule.rawValue), "severity": .string(severity.rawValue)]
        if let parameter { o["parameter"] = .string(parameter) }
        o["message"] = .string(message)
        o["fix"] = .string(fix)
        return .object(o)
    }
}
