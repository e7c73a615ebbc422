// Branch credentials as checked values: a key's live/test kind, a secret that never prints itself.

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

/// A secret (branch_secret, an API access token, an AdServices token). Its description never shows it.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The secret itself: only for the wire and for `--show-secrets`.
    public let exposed: String

    public init(_ value: String) { exposed = value.trimmingWhitespace() }

    /// `live`/`test` for secrets shaped like Branch's (`secret_live_…`), nil for others.
    public var branchKind: CredentialKind? {
        if exposed.hasPrefix("secret_live_") { return .live }
        if exposed.hasPrefix("secret_test_") { return .test }
        return nil
    }

    public var description: String { Redactor.placeholder }
    public var debugDescription: String { Redactor.placeholder }
}

extension String {
    /// The string without leading and trailing white space and line breaks (FoundationEssentials has no trimming).
    public func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

/// Where the credentials go in Branch's requests, as field specs: the Redactor's base secret names.
public enum CredentialFields {
    public static let table = FieldTable("credentials", [
        FieldSpec("branch_key", .string, "The app's Branch key (key_live_… or key_test_…)", required: true, credential: true),
        FieldSpec("branch_secret", .string, "The app's Branch secret", credential: true, secret: true),
        FieldSpec("access_token", .string, "A Branch API access token (the Access-Token header)", secret: true),
    ])
}
