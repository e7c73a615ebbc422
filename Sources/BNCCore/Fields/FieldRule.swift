// The rules that tie a table's fields together, as data: "hardware_id_type must be omitted without hardware_id",
// "randomized_bundle_token only with server_to_server_identity", "user_data must name the user one way or
// another". A table checks them after its fields' own types, and --help and the man pages list them.

/// A state of a JSON object, stated over its members: what a rule forbids or asks for.
public indirect enum FieldCondition: Sendable, Equatable {
    /// The member is there and not null.
    case present(String)
    /// The member is missing (or null).
    case absent(String)
    /// The member is a string with at least one character that is not white space.
    case filled(String)
    /// The member equals this value (strings compared exactly: canonical forms are made before rules run).
    case equals(String, JSON)
    /// Both members are there and their values differ.
    case differ(String, String)
    case not(FieldCondition)
    case all([FieldCondition])
    case any([FieldCondition])

    /// Whether the condition holds for `object`.
    public func holds(in object: JSONObject) -> Bool {
        switch self {
        case .present(let k): if let v = object[k] { return !v.isNull } else { return false }
        case .absent(let k): return object[k]?.isNull ?? true
        case .filled(let k): return object[k]?.stringValue.map(FieldSpec.isFilled) ?? false
        case .equals(let k, let v): return object[k] == v
        case .differ(let a, let b):
            guard let x = object[a], let y = object[b], !x.isNull, !y.isNull else { return false }
            return x != y
        case .not(let c): return !c.holds(in: object)
        case .all(let cs): return cs.allSatisfy { $0.holds(in: object) }
        case .any(let cs): return cs.contains { $0.holds(in: object) }
        }
    }

    /// Every member name the condition reads (a test holds them to the table's declared names).
    public var names: [String] {
        switch self {
        case .present(let k), .absent(let k), .filled(let k), .equals(let k, _): [k]
        case .differ(let a, let b): [a, b]
        case .not(let c): c.names
        case .all(let cs), .any(let cs): cs.flatMap(\.names)
        }
    }
}

/// One rule of a table: when `broken` holds for a body, the field is named with the message (an error, exit
/// 65, nothing sent; or a warning, refused only with --strict).
public struct FieldRule: Sendable {
    public enum Level: String, Sendable { case error, warning }

    public let level: Level
    /// The member the message names; nil: the object itself (`user_data must identify the user`).
    public let field: String?
    /// The state the rule forbids.
    public let broken: FieldCondition
    /// What the message says after the field's name: `must be omitted without hardware_id`.
    public let message: String

    /// A state that is refused: the body is not sent.
    public static func error(_ field: String?, _ message: String, when broken: FieldCondition) -> FieldRule {
        FieldRule(level: .error, field: field, broken: broken, message: message)
    }

    /// A state that is sent with a warning (refused with --strict).
    public static func warning(_ field: String?, _ message: String, when broken: FieldCondition) -> FieldRule {
        FieldRule(level: .warning, field: field, broken: broken, message: message)
    }

    /// `field` is sent only when `condition` holds ("only with --server-to-server-identity").
    public static func only(_ field: String, with condition: FieldCondition, _ message: String) -> FieldRule {
        .error(field, message, when: .all([.present(field), .not(condition)]))
    }

    /// At least one of `alternatives` holds ("a user id, or an ad id with its OS").
    public static func oneOf(_ field: String?, _ alternatives: [FieldCondition], _ message: String) -> FieldRule {
        .error(field, message, when: .not(.any(alternatives)))
    }

    /// The rule as --help and the man page list it (`object`: what the table describes, for a rule of its own).
    public func helpLine(object: String) -> String {
        "  \(field ?? "the \(object)") \(message)\(level == .warning ? " (a warning)" : "")"
    }
}
