// Typed errors and the exit statuses of the suite (sysexits), mapped from errors in exactly one function.

/// The documented exit statuses of every bnc tool (DESIGN.md, man pages' EXIT STATUS).
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// Some items of a batch failed; the others succeeded.
    case partialFailure = 1
    /// Bad command line (EX_USAGE).
    case usage = 64
    /// Data rejected: local validation or an HTTP 4xx that is the caller's fault (EX_DATAERR).
    case dataError = 65
    /// An input file is missing or unreadable (EX_NOINPUT).
    case noInput = 66
    /// The service could not be reached, or the feature is not available yet (EX_UNAVAILABLE).
    case unavailable = 69
    /// A bug in bnc (EX_SOFTWARE).
    case software = 70
    /// Output could not be written: stdout closed or full, disk full (EX_IOERR).
    case ioError = 74
    /// Temporary failure that outlasted the retries: 408, 429, 5xx, timeouts, resets (EX_TEMPFAIL).
    case temporaryFailure = 75
    /// The service answered something bnc cannot read (EX_PROTOCOL).
    case malformedResponse = 76
    /// 401 or 403 (EX_NOPERM).
    case notPermitted = 77
    /// No key, a bad config file, unsafe permissions (EX_CONFIG).
    case configuration = 78
    /// Stopped by SIGINT, SIGTERM or SIGHUP.
    case interrupted = 130

    /// One line for the EXIT STATUS section of the man pages.
    public var meaning: String {
        switch self {
        case .success: "success"
        case .partialFailure: "some items of a batch failed"
        case .usage: "usage error: unknown flag or command, missing argument, a bad value of an option that is no body field, invalid IP address"
        case .dataError: "data rejected: a body field breaks its rule (from a flag that sets it, a file or a batch line alike), or the service answered 400/404/409/422"
        case .noInput: "an input file is missing or unreadable"
        case .unavailable: "the service could not be reached (DNS, connection refused, TLS), or libcurl is missing"
        case .software: "internal error (a bug in bnc)"
        case .ioError: "output could not be written: stdout closed or full, disk full"
        case .temporaryFailure: "temporary failure after retries: 408, 429, 5xx, timeout, connection reset; Apple's 404 (no attribution record yet) after bnc-asa's attempts"
        case .malformedResponse: "the service's answer could not be read"
        case .notPermitted: "not permitted: 401 or 403"
        case .configuration: "configuration error: no key, bad config file, unsafe file permissions, libsqlite3 or libjq missing"
        case .interrupted: "interrupted: SIGINT, SIGTERM or SIGHUP (a terminal closing); a second signal ends a batch at once"
        }
    }
}

/// Every failure a tool reports: what went wrong, in one line, and which exit status it means.
public struct BNCError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case usage
        case invalidData
        case inputMissing
        case unreachable
        case notImplemented
        case temporary
        case malformedResponse
        case notPermitted
        case configuration
        case `internal`
        /// Writing output or a file failed (EX_IOERR).
        case io
        case interrupted
        /// The service answered with an HTTP status that is an error; the status decides the exit code.
        case http(status: Int)
    }

    public let kind: Kind
    /// The one-line message, without the tool's name (the printer adds it).
    public let message: String
    /// The field or flag at fault, when there is one.
    public let field: String?
    /// Branch's request id of the failed exchange, shown so support can find it.
    public var requestID: String?
    /// A second line of advice (printed as `hint:`), never needed to understand the error.
    public var hint: String?

    public init(_ kind: Kind, _ message: String, field: String? = nil, requestID: String? = nil, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.field = field
        self.requestID = requestID
        self.hint = hint
    }

    /// A field that breaks a rule: `"os_version must not be blank (use \"NA\" when unknown)"`.
    public static func invalid(_ field: String, _ rule: String, hint: String? = nil) -> BNCError {
        BNCError(.invalidData, "\(field) \(rule)", field: field, hint: hint)
    }

    /// A flag or argument that breaks a rule (exit 64).
    public static func usage(_ field: String, _ rule: String, hint: String? = nil) -> BNCError {
        BNCError(.usage, "\(field) \(rule)", field: field, hint: hint)
    }

    public static func configuration(_ message: String, hint: String? = nil) -> BNCError {
        BNCError(.configuration, message, hint: hint)
    }

    public var description: String {
        guard let requestID, !requestID.isEmpty else { return message }
        return "\(message) (request id \(requestID))"
    }

    public var exitStatus: ExitStatus { ExitStatus(for: self) }
}

extension ExitStatus {
    /// The one place where an error becomes an exit status.
    public init(for error: any Error) {
        guard let error = error as? BNCError else {
            self = .software
            return
        }
        switch error.kind {
        case .usage: self = .usage
        case .invalidData: self = .dataError
        case .inputMissing: self = .noInput
        case .unreachable, .notImplemented: self = .unavailable
        case .temporary: self = .temporaryFailure
        case .malformedResponse: self = .malformedResponse
        case .notPermitted: self = .notPermitted
        case .configuration: self = .configuration
        case .internal: self = .software
        case .io: self = .ioError
        case .interrupted: self = .interrupted
        case .http(let status):
            switch status {
            case 401, 403: self = .notPermitted
            case 408, 429, 500...599: self = .temporaryFailure
            case 400...499: self = .dataError
            default: self = .malformedResponse
            }
        }
    }
}
