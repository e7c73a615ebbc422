// A failed exchange below HTTP, as the retry policy and the exit status see it.
import CCurl

/// A failed exchange below HTTP: curl's code and message, and the URL (secrets masked).
public struct TransportError: Error, Sendable, Equatable {
    public let code: Int
    public let message: String
    public let url: String

    /// Not a curl code: the answer outgrew the cap (a misbehaving server; retrying would not help).
    static let tooLargeCode = -1

    /// How the retry policy sees it.
    public var failure: TransportFailure {
        switch code {
        case Int(CURLE_COULDNT_RESOLVE_HOST.rawValue), Int(CURLE_COULDNT_RESOLVE_PROXY.rawValue),
             Int(CURLE_COULDNT_CONNECT.rawValue):
            return .couldNotConnect
        case Int(CURLE_OPERATION_TIMEDOUT.rawValue):
            return .timedOut
        case Int(CURLE_GOT_NOTHING.rawValue), Int(CURLE_SEND_ERROR.rawValue), Int(CURLE_RECV_ERROR.rawValue),
             Int(CURLE_PARTIAL_FILE.rawValue), Int(CURLE_HTTP2.rawValue), Int(CURLE_HTTP2_STREAM.rawValue):
            return .connectionReset
        default:
            return .permanent
        }
    }

    /// The error a command reports once retries are spent.
    public func bncError(attempts: Int) -> BNCError {
        let tries = attempts > 1 ? " after \(attempts) attempts" : ""
        switch failure {
        case .couldNotConnect:
            return BNCError(.unreachable, "cannot reach \(url)\(tries): \(message)",
                            hint: "check --api-url and the network; --sandbox targets the local emulator")
        case .timedOut:
            return BNCError(.temporary, "\(url) timed out\(tries): \(message)", hint: "raise --max-time or --retries")
        case .connectionReset:
            return BNCError(.temporary, "connection to \(url) failed\(tries): \(message)")
        case .permanent where code == Self.tooLargeCode:
            return BNCError(.malformedResponse, "\(url): \(message)", hint: "raise --max-response-size if the answer is expected")
        case .permanent where code == Int(CURLE_SSL_CACERT_BADFILE.rawValue) || code == Int(CURLE_SSL_CERTPROBLEM.rawValue):
            // The CA bundle (--cacert) or a client certificate is unusable: the user's configuration, not the service.
            return BNCError(.configuration, "the CA certificate bundle cannot be used: \(message)",
                            hint: "check --cacert FILE: a PEM bundle of the CA certificates to trust")
        case .permanent:
            let tls = code == Int(CURLE_PEER_FAILED_VERIFICATION.rawValue) || code == Int(CURLE_SSL_CONNECT_ERROR.rawValue)
                || code == Int(CURLE_SSL_CACERT_BADFILE.rawValue)
            return BNCError(.unreachable, "request to \(url) failed: \(message)",
                            hint: tls ? "pass --cacert FILE for a private CA (--insecure skips verification: never in production)" : nil)
        }
    }
}
