// Every rule bnc-tune check and scan apply, with its severity and one line of meaning.
import BNCCore
import BNCOpen
import BNCSuite

/// How serious a finding is: info, warning or error, in increasing order.
public enum Severity: String, Sendable, CaseIterable, Comparable {
    case info, warning, error
    /// How a table colours it on a terminal: errors red, warnings yellow, information cyan.
    public var paint: TextTable.Paint {
        switch self {
        case .error: .red
        case .warning: .yellow
        case .info: .cyan
        }
    }
    var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }
    public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
}

/// Every rule `check` and `scan` apply, with its severity and one line of meaning (for --help and man pages).
public enum TuneRule: String, Sendable, CaseIterable {
    case missingRequired = "missing-required"
    case adIDWithoutFlag = "ad-id-without-flag"
    case contradictoryFlags = "contradictory-flags"
    case invertedFlag = "inverted-flag"
    case zeroAdID = "all-zero-ad-id"
    case gaidCase = "gaid-case"
    case deviceIPMissing = "device-ip-missing"
    case deviceIPNotPublic = "device-ip-not-public"
    case localIP = "local-ip"
    case misspeltKey = "misspelt-key"
    case unknownKey = "unknown-key"
    case badValue = "bad-value"
    case repeatedParameter = "repeated-parameter"
    case duplicateConversion = "duplicate-conversion"
    case encryptedData = "encrypted-data"
    case existingUser = "existing-user"
    case eventNameNormalised = "event-name-normalised"
    case noBranchCounterpart = "no-branch-counterpart"
    case branchRequired = "branch-required"
    case retry = "retry"
    case hostMismatch = "host-advertiser-mismatch"

    /// The rule's place among `allCases` (a scan counts findings in an array by it, not a hashed table).
    public var ordinal: Int {
        switch self {
        case .missingRequired: 0
        case .adIDWithoutFlag: 1
        case .contradictoryFlags: 2
        case .invertedFlag: 3
        case .zeroAdID: 4
        case .gaidCase: 5
        case .deviceIPMissing: 6
        case .deviceIPNotPublic: 7
        case .localIP: 8
        case .misspeltKey: 9
        case .unknownKey: 10
        case .badValue: 11
        case .repeatedParameter: 12
        case .duplicateConversion: 13
        case .encryptedData: 14
        case .existingUser: 15
        case .eventNameNormalised: 16
        case .noBranchCounterpart: 17
        case .branchRequired: 18
        case .retry: 19
        case .hostMismatch: 20
        }
    }

    public var severity: Severity {
        switch self {
        case .missingRequired, .adIDWithoutFlag, .contradictoryFlags, .zeroAdID, .deviceIPMissing, .badValue, .misspeltKey: .error
        case .invertedFlag, .gaidCase, .deviceIPNotPublic, .duplicateConversion, .encryptedData, .noBranchCounterpart, .branchRequired,
             .repeatedParameter, .hostMismatch: .warning
        case .localIP, .unknownKey, .existingUser, .eventNameNormalised, .retry: .info
        }
    }

    public var summary: String {
        switch self {
        case .missingRequired: "a parameter the seed marks REQUIRED for this platform is missing"
        case .adIDWithoutFlag: "an advertising id without its *_ad_tracking_disabled flag (TUNE requires the pair)"
        case .contradictoryFlags: "a flag and its inverse disagree (ios_ad_tracking=1 with ios_ad_tracking_disabled=1)"
        case .invertedFlag: "ios_ad_tracking/google_ad_tracking (1 = allowed) where S2S expects *_disabled (1 = limited)"
        case .zeroAdID: "the all-zero IDFA or GAID: tracking not authorised, the id is worthless"
        case .gaidCase: "a lower-case google_aid: TUNE asks upper case; clicks and installs then mismatch"
        case .deviceIPMissing: "no device_ip: TUNE reads the device IP from the query only, never a header"
        case .deviceIPNotPublic: "device_ip is private, loopback or reserved: the server's address, not the device's"
        case .localIP: "local_ip is not supported on TUNE API calls (Branch's v1/open takes it)"
        case .misspeltKey: "a parameter TUNE does not know, close to one it does (site-ID for site_id)"
        case .unknownKey: "a parameter TUNE does not know"
        case .badValue: "a value that breaks its parameter's rule (type, allowed values, UUID, IP)"
        case .repeatedParameter: "a parameter given twice (TUNE reads the first)"
        case .duplicateConversion: "the same conversion from the same device within an hour: TUNE drops it"
        case .encryptedData: "most parameters are inside the encrypted data parameter (--conversion-key-file reads them)"
        case .existingUser: "existing_user=1: TUNE counted the install organic; Branch needs first_session false"
        case .eventNameNormalised: "TUNE stores site_event_name lower-cased with only letters and digits"
        case .noBranchCounterpart: "the request has no Branch server-to-server counterpart (clicks, Windows sessions)"
        case .branchRequired: "optional for TUNE but required by Branch's v1/open (os_version, app_version)"
        case .retry: "an SDK resend (sdk_retry_attempt > 0): group by transaction_id"
        case .hostMismatch: "the host's advertiser label differs from advertiser_id"
        }
    }

    /// The rules as --help and the man page list them.
    public static var helpText: String {
        allCases.map { "  \($0.rawValue) (\($0.severity.rawValue)): \($0.summary)" }.joined(separator: "\n")
    }
}
