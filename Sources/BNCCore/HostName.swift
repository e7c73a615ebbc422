// A host as a URL's authority may name it where bnc builds URLs from a user's words (a link domain): a DNS name or
// an IPv4 address, an optional numeric port, nothing else — no scheme, no userinfo, no path, no spaces or controls.

/// Validates a host bnc puts into a URL (a link domain): a DNS name or IPv4 address with an optional port.
public enum HostName {
    /// The host (lower-cased) and its port, or a one-line rule broken.
    public static func validate(_ raw: String) -> Result<String, HostError> {
        guard !raw.isEmpty else { return .failure(HostError("must not be empty")) }
        if raw.contains("://") { return .failure(HostError("is a host name, not a URL: drop the scheme (got \(raw.debugDescription))")) }
        if raw.contains("@") { return .failure(HostError("must not carry a user name (got \(raw.debugDescription))")) }
        guard raw.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(HostError("must be a host name of letters, digits, - and . (got \(raw.debugDescription))"))
        }
        var host = Substring(raw)
        var port: Substring?
        if let colon = raw.lastIndex(of: ":") {
            host = raw[..<colon]
            port = raw[raw.index(after: colon)...]
        }
        if let port {
            guard !port.isEmpty, port.utf8.count <= 5, port.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(port), (1...65535).contains(n) else {
                return .failure(HostError("has a port that is not a number from 1 to 65535 (got \(raw.debugDescription))"))
            }
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard host.utf8.count <= 253, !labels.isEmpty, labels.allSatisfy({ label in
            (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { ASCII.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") }
        }) else {
            return .failure(HostError("must be a host name such as example.app.link: letters, digits and - in dot-separated labels (got \(raw.debugDescription))"))
        }
        return .success(String(decoding: raw.utf8.map(ASCII.lower), as: UTF8.self))
    }
}

/// A refused host name: the rule it breaks, worded to follow the field's name ("must not be empty").
public struct HostError: Error, Sendable {
    public let rule: String
    init(_ rule: String) { self.rule = rule }
}
