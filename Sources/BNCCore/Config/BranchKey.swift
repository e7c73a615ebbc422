// A Branch key, checked: key_live_ or key_test_, and which kind a credential is.

/// Live or test: a key and its secret must be of the same kind.
public enum CredentialKind: String, Sendable {
    case live, test
}

/// A Branch key (`key_live_…` / `key_test_…`), validated on creation.
public struct BranchKey: Sendable, Hashable, CustomStringConvertible {
    public let value: String
    public let kind: CredentialKind

    /// - Parameter source: where the key came from, named in the error (`--key`, `BRANCH_KEY`, a profile).
    public init(_ raw: String, source: String = "branch_key") throws(BNCError) {
        let value = raw.trimmingWhitespace()
        let kind: CredentialKind
        if value.hasPrefix("key_live_") {
            kind = .live
        } else if value.hasPrefix("key_test_") {
            kind = .test
        } else {
            throw BNCError.configuration("\(source): a Branch key starts with key_live_ or key_test_",
                                         hint: "copy it from the Branch dashboard: Account Settings > Profile")
        }
        let rest = value.dropFirst(9)
        guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw BNCError.configuration("\(source): a Branch key is key_live_ or key_test_ followed by letters and digits")
        }
        self.value = value
        self.kind = kind
    }

    public var description: String { value }
}
