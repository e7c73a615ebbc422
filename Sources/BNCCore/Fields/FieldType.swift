// The JSON type a field of a table takes, as checks and --help name it.

/// The JSON type a field takes.
public enum FieldType: String, Sendable, Equatable {
    case string, boolean, integer, number, object, array
    /// An array of strings (`$keywords`).
    case strings = "array of strings"
    /// A string; a number is accepted and sent as its text (the seed's Android example sends `"os_version": 26`).
    case version = "string (a number is sent as text)"
    /// Any JSON value (custom data).
    case any = "any JSON value"

    /// The name a person reads in help and errors.
    public var label: String {
        switch self {
        case .version: "string"
        case .any: "any"
        default: rawValue
        }
    }
}

