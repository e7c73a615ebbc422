// bnc-api reading bnc-sandbox's log of what it received (GET /_sandbox/requests): the secrets no name marks.
import BNCCore

extension BncAPI {
    /// The sandbox's log of what it received, its AdServices lookups' bodies masked: such a body is the token itself
    /// (text, with no name the redactor could mask it by), and bnc-asa(1) keeps it out of every output.
    static func maskingTokens(_ log: JSON) -> JSON {
        guard case .array(let items) = log else { return log }
        return .array(items.map { item in
            guard var o = item.objectValue, o["path"]?.stringValue == "/api/v1/", let body = o["body"], !body.isNull else { return item }
            o["body"] = .string(Redactor.placeholder)
            return .object(o)
        })
    }
}
