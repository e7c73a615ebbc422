// Branch keys and secrets as the emulator checks them (format, and live/test agreement), and the other
// small formats its endpoints share (digits, currency codes), kept apart from the client's rules.
import BNCCore

/// Key/secret validity as Branch checks it (format, and live/test agreement).
enum KeyFormat {
    static func kind(ofKey key: String) -> String? {
        for kind in ["live", "test"] where key.hasPrefix("key_\(kind)_") {
            let rest = key.dropFirst(kind.count + 5)
            return !rest.isEmpty && rest.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? kind : nil
        }
        return nil
    }

    /// ASCII digits only, at least one: an id, a port, a count (Character.isNumber also takes "½", "٣" and
    /// full-width digits, which no Branch id has).
    static func isDigits(_ s: some StringProtocol) -> Bool { !s.isEmpty && s.utf8.allSatisfy { (48...57).contains($0) } }

    /// A three-letter ISO 4217 code as Branch's events take it: upper-case ASCII letters.
    static func isCurrency(_ value: JSON) -> Bool {
        value.stringValue.map { $0.utf8.count == 3 && $0.utf8.allSatisfy { $0 &- 0x41 < 26 } } == true
    }

    static func kind(ofSecret secret: String) -> String? {
        for kind in ["live", "test"] where secret.hasPrefix("secret_\(kind)_") && secret.count > kind.count + 8 { return kind }
        return nil
    }
}
