// `-f KEY=VALUE` / `-f KEY:=JSON`: one body field from the command line, shared by the tools that take --field.
import ArgumentParser
import BNCCore

/// Parses a `--field` argument: `KEY=VALUE` gives a string, `KEY:=JSON` a typed value.
public enum FieldArgument {
    /// `key=value` (a string) or `key:=json` (a typed value; `key:=null` removes the key).
    /// - Parameter flag: the flag errors name (`--field`, `--set`).
    public static func parse(_ field: String, flag: String = "--field") throws(BNCError) -> (String, JSON) {
        let (key, value, _) = try parseForm(field, flag: flag)
        return (key, value)
    }

    /// Every `-f`/`--field`-like flag of a run, each key once: a key given twice by the same flag is refused (64), as
    /// a line that names a member twice is, instead of the last one silently kept (QA round 28a).
    public static func parseAll(_ fields: [String], flag: String = "--field") throws(BNCError) -> [(String, JSON)] {
        let pairs = try fields.map { f throws(BNCError) in try parse(f, flag: flag) }
        try refuseRepeated(pairs.map(\.0), flag: flag)
        return pairs
    }

    /// A key given twice among one flag's KEY=VALUE values is a usage error naming it.
    public static func refuseRepeated(_ keys: [String], flag: String) throws(BNCError) {
        var seen = Set<String>()
        for key in keys where !seen.insert(key).inserted { throw BNCError.usage(flag, "gives \(key) twice") }
    }

    /// The same, saying whether the value was given as JSON (`:=`): a JSON string is then a string, never text to
    /// be read as the field's type (`always_open_app:='"0"'` is not the number 0).
    public static func parseForm(_ field: String, flag: String = "--field") throws(BNCError) -> (key: String, value: JSON, json: Bool) {
        if let r = field.firstRange(of: ":="), r.lowerBound != field.startIndex {
            let raw = String(field[r.upperBound...])
            do {
                return (String(field[..<r.lowerBound]), try JSON.parse(raw), true)
            } catch {
                throw BNCError.usage("\(flag) \(field[..<r.lowerBound])", "value is not JSON: \(error.description)")
            }
        }
        guard let eq = field.firstIndex(of: "="), eq != field.startIndex else {
            throw BNCError.usage(flag, "must be KEY=VALUE or KEY:=JSON (got \(field))")
        }
        return (String(field[..<eq]), .string(String(field[field.index(after: eq)...])), false)
    }
}

/// A BOOL option's value that sets a field (`--facebook-app-link-checked`): the suite's one BOOL rule
/// (`FieldSpec.boolean`), where ArgumentParser's Bool took only `true` and `false` and `--limit-ad-tracking` more.
public struct BoolArgument: ExpressibleByArgument, CustomStringConvertible, Sendable {
    public let value: Bool
    public init(_ value: Bool) { self.value = value }
    public init?(argument: String) {
        guard let b = FieldSpec.boolean(argument) else { return nil }
        value = b
    }
    public var description: String { value ? "true" : "false" }
    public static var allValueStrings: [String] { ["true", "false"] }
}
