// A secret (branch_secret, an access token): its text never printed unless asked.

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
