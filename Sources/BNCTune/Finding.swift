// One problem found in a TUNE request: rule, parameter, what is wrong and what fixes it.
import BNCCore
import BNCOpen
import BNCSuite

/// One problem found in a TUNE request: the rule broken, the parameter, what is wrong and what fixes it.
public struct Finding: Sendable, Equatable {
    public let rule: TuneRule
    public let parameter: String?
    public let message: String
    public let fix: String
    public var severity: Severity { rule.severity }

    public init(_ rule: TuneRule, _ parameter: String?, _ message: String, fix: String) {
        self.rule = rule
        self.parameter = parameter
        self.message = message
        self.fix = fix
    }

    public var json: JSON {
        var o: JSONObject = ["rule": .string(rule.rawValue), "severity": .string(severity.rawValue)]
        if let parameter { o["parameter"] = .string(parameter) }
        o["message"] = .string(message)
        o["fix"] = .string(fix)
        return .object(o)
    }
}
