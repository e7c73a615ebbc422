// Diagnosis of one TUNE request against the seed's rules and the fact sheet's usual migration faults (C): each
// finding has a rule, a severity, the parameter, what is wrong and what fixes it. Duplicate conversions need
// the requests before this one: a `TuneChecker` keeps a bounded window of them.
import BNCCore
import BNCOpen
import BNCSuite

/// The last value of each TUNE parameter that passed its check. A log repeats most values line after line (the
/// SDK, the app, the device model and version), and a value's check depends on the value alone, so an equal value
/// passes without being checked again. One per thread: it is not shared.
public struct ValueMemo {
    var passed: [String?] = Array(repeating: nil, count: TuneParameters.all.count)
    /// The suggestion for each unknown name seen (an edit-distance search over every name, 5,000 instructions,
    /// for a misspelling an integration repeats on every line); at most `maxSuggestions`, then started again.
    var suggestions: [String: String?] = [:]
    static let maxSuggestions = 256
    /// The thread's last logged value of each parameter, read again without decoding (`TuneLog.parse`).
    let recent = RecentValues()
    public init() {}

    mutating func suggestion(for name: String) -> String? {
        if let known = suggestions[name] { return known }
        let s = TuneParameters.suggestion(for: name)
        if suggestions.count >= Self.maxSuggestions { suggestions.removeAll(keepingCapacity: true) }
        suggestions[name] = .some(s)
        return s
    }
}

/// Checks TUNE requests against the rules, with a window of recent conversions to find duplicates.
public struct TuneChecker: Sendable {
    public var window: DuplicateWindow

    public init(window: DuplicateWindow = DuplicateWindow()) { self.window = window }

    /// The findings of one request, most severe first (stable within a severity).
    public mutating func check(_ r: TuneRequest) -> [Finding] {
        var f = Self.findings(r)
        duplicates(r, &f)
        return Self.ordered(f)
    }

    /// Every finding that needs only the request itself: safe to compute on any thread, in any order.
    public static func findings(_ r: TuneRequest) -> [Finding] {
        var memo = ValueMemo()
        return findings(r, memo: &memo)
    }

    /// The same, skipping the check of a value equal to the last one of its parameter that passed (`memo`: one
    /// per thread, kept from line to line).
    /// - Parameter keyFailed: a conversion key was given and did not open `data` (the caller's own finding says
    ///   so): the advice to pass a key is not given again.
    public static func findings(_ r: TuneRequest, memo: inout ValueMemo, keyFailed: Bool = false) -> [Finding] {
        var f: [Finding] = []
        let platform = r.platform
        let action = r.action
        let isSession = action.map(TuneParameters.sessionActions.contains) ?? false
        // Parameters the SDKs encrypt cannot be judged missing while `data` is unread.
        let sealed = r.hasEncryptedData
        if sealed && !keyFailed {
            f.append(Finding(.encryptedData, "data", "most parameters are encrypted in data (AES with the advertiser's conversion key); the checks below see only the clear ones",
                             fix: "pass --conversion-key-file FILE to decrypt data first"))
        }
        keys(r, memo: &memo, &f)
        values(r, memo: &memo, &f)
        required(r, platform: platform, sealed: sealed, isSession: isSession, &f)
        flags(r, &f)
        ip(r, &f)
        routing(r, action: action, platform: platform, isSession: isSession, &f)
        return f
    }

    /// The finding that needs the requests before this one (a conversion repeated within the hour), in log order.
    public mutating func duplicates(_ r: TuneRequest, _ f: inout [Finding]) {
        let action = r.action
        // A session action is none of the pre-defined events: one comparison, not seventeen, for most lines.
        if let action, action == "conversion" || (!TuneParameters.sessionActions.contains(action) && TuneParameters.predefinedEvents.contains(where: { $0.tune == action })) {
            duplicate(r, action: action, &f)
        }
    }

    /// Most severe first, stable within a severity.
    public static func ordered(_ f: [Finding]) -> [Finding] {
        if f.count < 2 { return f }
        return f.enumerated().sorted { ($0.element.severity, -$0.offset) > ($1.element.severity, -$1.offset) }.map(\.element)
    }

    static func keys(_ r: TuneRequest, memo: inout ValueMemo, _ f: inout [Finding]) {
        for p in r.parameters where p.row == nil {
            let name = p.name
            if let guess = memo.suggestion(for: name) {
                f.append(Finding(.misspeltKey, name, "\(name) is not a TUNE parameter (did you mean \(guess)?); TUNE ignores it",
                                 fix: "send it as \(guess)"))
            } else {
                f.append(Finding(.unknownKey, name, "\(name) is not a TUNE parameter; TUNE ignores it", fix: "drop it, or check the integration's spelling"))
            }
        }
        for name in r.repeated {
            // A secret's value is not quoted: findings land in reports and on stdout. Secrets are TUNE's (the
            // conversion key) and any credential a log may hold (a server's own branch_secret or access_token).
            let secret = TuneParameters.row(of: name, hash: NameHash.of(name)).map { TuneParameters.all[$0].spec.secret } ?? false
                || Redactor.isCredentialName(name)
            let first = secret ? Redactor.placeholder : r[name] ?? ""
            f.append(Finding(.repeatedParameter, name, "\(name) is given more than once; TUNE reads the first (\(first))", fix: "send it once"))
        }
    }

    private static let deviceIPRow = TuneRequest.Name.deviceIP.row
    private static let zeroCheckedAdIDs: [TuneRequest.Name] = [.iosIFA, .googleAID, .fireAID]

    /// A help text's first word lower-cased to stand inside a sentence, unless it is an acronym ("TUNE app id").
    static func sentenceInside(_ help: String) -> String {
        let word = help.prefix { $0 != " " }
        if word.count > 1, word.dropFirst().contains(where: \.isUppercase) { return help }
        return help.prefix(1).lowercased() + help.dropFirst()
    }

    static func values(_ r: TuneRequest, memo: inout ValueMemo, _ f: inout [Finding]) {
        // The statics read once, not once a parameter (each read of a global is a swift_once check).
        let all = TuneParameters.all, skipped = deviceIPRow
        for i in r.parameters.indices {
            // device_ip: the IP rules below say more. Read in place: a copy of each parameter retained its Strings.
            guard let row = r.parameters[i].row, row != skipped, !r.parameters[i].value.isEmpty, memo.passed[row] != r.parameters[i].value else { continue }
            let value = r.parameters[i].value
            let p = all[row]
            do {
                _ = try p.check(value)
                memo.passed[row] = value
            } catch {
                let name = p.name
                f.append(Finding(.badValue, name, error.message, fix: "send \(name) as \(Self.sentenceInside(p.spec.help))"))
            }
        }
        for id in zeroCheckedAdIDs {
            let name = id.text
            if let v = r.value(id), v.utf8.allSatisfy({ $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "-") }), v.utf8.contains(UInt8(ascii: "0")) {
                f.append(Finding(.zeroAdID, name, "\(name) is all zeros: the user did not authorise tracking, so it identifies nobody",
                                 fix: name == "ios_ifa" ? "leave ios_ifa out and send ios_ifv" : "leave it out and send os_id (ANDROID_ID)"))
            }
        }
        // Lower case: a UUID is ASCII, so a byte a-z is what upper-casing would change.
        if let g = r.value(.googleAID), g.utf8.contains(where: { (97...122).contains($0) }), FieldPattern.uuid.matches(g) {
            f.append(Finding(.gaidCase, "google_aid", "google_aid is lower case; TUNE's docs ask upper case with hyphens, and click/install matching then differs",
                             fix: "send \(g.uppercased()) (compare ids case-insensitively)"))
        }
        if r[.existingUser] == "1" {
            f.append(Finding(.existingUser, "existing_user", "existing_user=1: TUNE counted this user organic; Branch counts an INSTALL unless told otherwise",
                             fix: "send Branch first_session false for users who predate the integration (bnc-tune map does)"))
        }
        if let n = r.value(.siteEventName), TuneParameters.normalisedEventName(n) != n {
            f.append(Finding(.eventNameNormalised, "site_event_name", "TUNE stored \"\(n)\" as \"\(TuneParameters.normalisedEventName(n))\"",
                             fix: "compare event names normalised, or send Branch customer_event_alias"))
        }
        if let a = r.value(.sdkRetryAttempt), let n = Int(a), n > 0 {
            f.append(Finding(.retry, "sdk_retry_attempt", "resend number \(n) of transaction \(r[.transactionID] ?? "(none)")",
                             fix: "count requests by transaction_id, not by line"))
        }
        if let local = r.value(.localIP) {
            f.append(Finding(.localIP, "local_ip", "local_ip \(local) is not supported on TUNE API calls (it does not prevent attribution)",
                             fix: "send it to Branch's v1/open as local_ip for predictive modelling"))
        }
    }

    /// What the table requires (`TuneParameter.requirement`) and is missing; then, for a session, what Branch's
    /// v1/open requires that TUNE left optional (`TuneParameters.branchRequired`).
    /// A `.required` row of the table, read once: the names that satisfy it and whether it holds everywhere. The
    /// loop over every request reads `requirementChecks`; a row itself only for a name it must look up, or a finding.
    private final class Requirement: Sendable {
        let parameter: TuneParameter
        let names: [TuneRequest.Name]
        /// The names' rows, when every one is declared (nil: looked up by name).
        let rows: [Int]?
        /// The platforms it is required on, as bits (`TuneChecker.bit`).
        let onBits: UInt8
        let everywhere: Bool
        let mayBeEmpty, userAgentHeader, serverToServer, sealable: Bool

        init(parameter: TuneParameter, names: [String], on: Set<TunePlatform>, mayBeEmpty: Bool, userAgentHeader: Bool,
             serverToServer: Bool, sealable: Bool) {
            self.parameter = parameter
            self.names = names.map(TuneRequest.Name.init)
            let rows = self.names.compactMap(\.row)
            self.rows = rows.count == self.names.count ? rows : nil
            onBits = on.reduce(0) { $0 | TuneChecker.bit($1) }
            everywhere = on == TuneParameters.everywhere
            self.mayBeEmpty = mayBeEmpty
            self.userAgentHeader = userAgentHeader
            self.serverToServer = serverToServer
            self.sealable = sealable
        }
    }

    private static func bit(_ p: TunePlatform) -> UInt8 {
        switch p {
        case .iOS: 1
        case .android: 2
        case .windows: 4
        }
    }

    private static let requirements: [Requirement] = TuneParameters.all.compactMap { p in
        guard case .required(let on, let orElse, let mayBeEmpty, let userAgentHeader, let serverToServer, let sealable) = p.requirement else { return nil }
        return Requirement(parameter: p, names: [p.name] + orElse, on: on, mayBeEmpty: mayBeEmpty, userAgentHeader: userAgentHeader,
                           serverToServer: serverToServer, sealable: sealable)
    }

    /// What the loop over `requirements` reads for every request, as plain values (reading one retains nothing:
    /// a reference a row was retained and released eight times a line, 5% of a scan's cycles), in the same order.
    private struct RequirementCheck {
        let onBits: UInt8
        let everywhere, mayBeEmpty, userAgentHeader, serverToServer, sealable: Bool
        /// The names' rows in `requirementRows` (-1: a name is not declared, so they are looked up by name).
        let firstRow: Int
        let rowCount: Int
    }

    private static let requirementRows: [Int] = requirements.flatMap { $0.rows ?? [] }

    private static let requirementChecks: [RequirementCheck] = {
        var next = 0
        return requirements.map { q in
            defer { next += q.rows?.count ?? 0 }
            return RequirementCheck(onBits: q.onBits, everywhere: q.everywhere, mayBeEmpty: q.mayBeEmpty, userAgentHeader: q.userAgentHeader,
                                    serverToServer: q.serverToServer, sealable: q.sealable, firstRow: q.rows == nil ? -1 : next,
                                    rowCount: q.rows?.count ?? 0)
        }
    }()

    /// The requirements that apply to one kind of request — its platform (none, iOS, Android, Windows),
    /// server-to-server or not, `data` sealed or not — in table order: those of one declared row in the first 256,
    /// with no User-Agent alternative, also as row bits a request covers in a few word compares (`TuneRequest.covers`),
    /// so most requests visit only the rest.
    private struct Applicable {
        var present: TuneRequest.RowBits = (0, 0, 0, 0)
        var filled: TuneRequest.RowBits = (0, 0, 0, 0)
        /// Indices into `requirementChecks`: every one that applies, and those the masks do not cover.
        var all: [Int] = []
        var others: [Int] = []
    }

    /// By `kind(platform:serverToServer:sealed:)`: each kind's requirements picked by the same tests the table's
    /// rows state (`bit` for the platform).
    private static let applicable: [Applicable] = {
        var table = [Applicable](repeating: Applicable(), count: 16)
        for platform in [nil] + TunePlatform.allCases.map(Optional.some) {
            for serverToServer in [false, true] {
                for sealed in [false, true] {
                    let platformBit = platform.map(bit) ?? 0
                    var a = Applicable()
                    for (i, q) in requirementChecks.enumerated() {
                        guard !(sealed && q.sealable), !q.serverToServer || serverToServer, q.everywhere || q.onBits & platformBit != 0 else { continue }
                        a.all.append(i)
                        guard q.firstRow >= 0, q.rowCount == 1, !q.userAgentHeader, requirementRows[q.firstRow] < 256 else {
                            a.others.append(i)
                            continue
                        }
                        if q.mayBeEmpty { TuneRequest.set(requirementRows[q.firstRow], in: &a.present) } else { TuneRequest.set(requirementRows[q.firstRow], in: &a.filled) }
                    }
                    table[kind(platform: platform, serverToServer: serverToServer, sealed: sealed)] = a
                }
            }
        }
        return table
    }()

    private static func kind(platform: TunePlatform?, serverToServer: Bool, sealed: Bool) -> Int {
        let p = switch platform {
        case nil: 0
        case .iOS: 1
        case .android: 2
        case .windows: 3
        }
        return p << 2 | (serverToServer ? 2 : 0) | (sealed ? 1 : 0)
    }

    static func required(_ r: TuneRequest, platform: TunePlatform?, sealed: Bool, isSession: Bool, _ f: inout [Finding]) {
        let a = applicable[kind(platform: platform, serverToServer: r.isServerToServer, sealed: sealed)]
        let checks = requirementChecks, rows = requirementRows
        // Covered by the masks: only the rest can be missing. Else each in order, so the findings' order is the table's.
        for i in r.covers(present: a.present, filled: a.filled) ? a.others : a.all {
            let q = checks[i]
            var given = q.userAgentHeader && r.userAgentHeader != nil
            if q.firstRow >= 0 {
                for j in q.firstRow..<q.firstRow + q.rowCount where !given {
                    given = q.mayBeEmpty ? r.has(row: rows[j]) : r.isFilled(row: rows[j])
                }
            } else if !given {
                given = requirements[i].names.contains { q.mayBeEmpty ? r.has($0) : r.value($0) != nil }
            }
            if given { continue }
            let p = requirements[i].parameter
            f.append(Finding(.missingRequired, p.name, "\(p.name) is missing: \(Self.why(requirements[i], platform))",
                             fix: "add \(p.name)=: \(Self.sentenceInside(p.spec.help))"))
        }
        if platform == nil && !sealed {
            f.append(Finding(.missingRequired, "ios_ifv", "ios_ifv is missing: no device identifier and no sdk= platform (ios_ifa/ios_ifv, google_aid/os_id, windows_aid/device_id)",
                             fix: "add the device's identifiers and sdk="))
        }
        guard isSession, !sealed else { return }
        let fields = branchOnly, firstRows = branchOnlyFirst, onlyRows = branchOnlyRows
        for k in fields.indices {
            var given = false
            for j in firstRows[k]..<firstRows[k + 1] where !given { given = r.isFilled(row: onlyRows[j]) }
            if given { continue }
            let (field, names) = fields[k]
            let name = names[0].text
            let unknown = OpenFields.table[field]?.whenUnknown.map { " (Branch takes \"\($0)\" when unknown)" } ?? ""
            f.append(Finding(.branchRequired, name, "\(name) is optional for TUNE but Branch's v1/open requires \(field)",
                             fix: "add \(name)=\(unknown)"))
        }
    }

    /// The v1/open fields TUNE leaves optional, each with the TUNE names that fill it (hashed and with their rows:
    /// looked up by String on every session, they were 2% of a scan); a row TUNE requires too is reported above.
    private static let branchOnly: [(field: String, names: [TuneRequest.Name])] = TuneParameters.branchRequired.compactMap { field, rows in
        if rows.contains(where: { if case .required = $0.requirement { true } else { false } }) { return nil }
        return (field, rows.map { TuneRequest.Name($0.name) })
    }

    /// `branchOnly`'s names as rows, flat (Ints: reading them retains nothing; every one is declared): field k's
    /// are `branchOnlyRows[branchOnlyFirst[k]..<branchOnlyFirst[k + 1]]`.
    private static let branchOnlyRows: [Int] = branchOnly.flatMap { $0.names.map { $0.row! } }
    private static let branchOnlyFirst: [Int] = branchOnly.reduce(into: [0]) { $0.append($0.last! + $1.names.count) }

    /// Each ad id with its limit-tracking flag and the SDK's inverse flag (-1: none), as rows of the table (Ints:
    /// reading them retains nothing); the names are the rows' own.
    private static let adFlags: [(id: Int, disabled: Int, allowed: Int)] =
        [("ios_ifa", "ios_ad_tracking_disabled", "ios_ad_tracking"), ("google_aid", "google_ad_tracking_disabled", "google_ad_tracking"),
         ("fire_aid", "fire_ad_tracking_disabled", ""), ("platform_aid", "platform_ad_tracking_disabled", "")].map {
            (TuneRequest.Name($0.0).row!, TuneRequest.Name($0.1).row!, $0.2.isEmpty ? -1 : TuneRequest.Name($0.2).row!)
        }

    static func flags(_ r: TuneRequest, _ f: inout [Finding]) {
        for (idRow, disabledRow, allowedRow) in adFlags {
            // Which are given, from the request's bits; the values (Strings, retained and released) only when both
            // flags are there to compare, or for a finding.
            let hasD = r.isFilled(row: disabledRow), hasA = allowedRow >= 0 && r.isFilled(row: allowedRow)
            let withoutFlag = !hasD && r.isFilled(row: idRow)
            let contradictory = hasD && hasA && r.value(row: disabledRow) == r.value(row: allowedRow)
            let inverted = !contradictory && hasA && !hasD && r.isServerToServer
            // The names (Strings) only when a finding is made.
            guard withoutFlag || contradictory || inverted else { continue }
            let d = r.value(row: disabledRow), a = allowedRow < 0 ? nil : r.value(row: allowedRow)
            let id = TuneParameters.name(row: idRow), disabled = TuneParameters.name(row: disabledRow)
            let allowed = allowedRow < 0 ? "" : TuneParameters.name(row: allowedRow)
            if withoutFlag {
                let hint = a.map { " (\(allowed)=\($0) is the SDK's inverse flag: 1 = allowed)" } ?? ""
                f.append(Finding(.adIDWithoutFlag, disabled, "\(id) is sent without \(disabled)\(hint); TUNE requires the flag with every ad id",
                                 fix: "add \(disabled)=1 when the user limited ad tracking, else \(disabled)=0"))
            }
            if contradictory, let d, let a {
                f.append(Finding(.contradictoryFlags, disabled, "\(disabled)=\(d) and \(allowed)=\(a) disagree: one is the inverse of the other",
                                 fix: "send only \(disabled) (1 = limited)"))
            } else if inverted, let a {
                f.append(Finding(.invertedFlag, allowed, "\(allowed)=\(a) means tracking \(a == "1" ? "allowed" : "limited"); server-to-server docs use \(disabled) where 1 means limited",
                                 fix: "send \(disabled)=\(a == "1" ? "0" : "1") instead, and check the integration did not invert it"))
            }
        }
    }

    /// Why a missing parameter is required: the seed's rule, and the names that would do instead.
    private static func why(_ q: Requirement, _ platform: TunePlatform?) -> String {
        let orElse = q.names.dropFirst().map(\.text)
        var why = q.everywhere ? "the seed requires it of every request" : "the seed requires it on \(platform!.rawValue)"
        if q.serverToServer { why = "server-to-server requests require it" }
        if !orElse.isEmpty { why += " (or \(orElse.joined(separator: " or ")))" }
        return why
    }

    static func ip(_ r: TuneRequest, _ f: inout [Finding]) {
        guard let raw = r.value(.deviceIP) else {
            // SDK traffic comes from the device: its connection's address is the device IP.
            if r.isServerToServer || r.clientIP == nil {
                f.append(Finding(.deviceIPMissing, "device_ip", "device_ip is missing: TUNE then sees the server's address (geo and fingerprint matching fail)",
                                 fix: "add device_ip= with the device's public IP (TUNE cannot read X-IP-Override)"))
            }
            return
        }
        guard let ip = try? IPAddress(raw) else {
            f.append(Finding(.badValue, "device_ip", "device_ip must be an IPv4 or IPv6 address (got \(raw))", fix: "send the device's public IP"))
            return
        }
        if let range = ip.specialRange {
            f.append(Finding(.deviceIPNotPublic, "device_ip", "device_ip \(raw) is a \(range.rawValue) address: the server's or the LAN's, not the device's",
                             fix: "send the device's public IP as seen by your server (X-Forwarded-For), never the server's own"))
        }
    }

    static func routing(_ r: TuneRequest, action: String?, platform: TunePlatform?, isSession: Bool, _ f: inout [Finding]) {
        if let a = action, a == "click" || a == "impression" || a == "close" || a == "geofence" {
            f.append(Finding(.noBranchCounterpart, "action", "action=\(a) has no Branch server-to-server counterpart",
                             fix: a == "click" || a == "impression" ? "Branch links record clicks themselves (bnc-link)" : "drop it"))
        }
        if isSession && platform == .windows {
            f.append(Finding(.noBranchCounterpart, "sdk", "a Windows session has no v1/open counterpart (Branch takes iOS and Android)",
                             fix: "send Windows conversions as v2 events with developer_identity"))
        }
        if let host = r.host, let adv = r.value(.advertiserID), let label = host.split(separator: ".").first,
           host.hasSuffix("mobileapptracking.com"), ASCII.isDigits(label), String(label) != adv {
            f.append(Finding(.hostMismatch, "advertiser_id", "the host names advertiser \(label) but advertiser_id is \(adv)",
                             fix: "send to https://\(adv).measure.mobileapptracking.com"))
        }
    }

    mutating func duplicate(_ r: TuneRequest, action: String, _ f: inout [Finding]) {
        let name = TuneParameters.normalisedEventName(r.value(.siteEventName) ?? r.value(.siteEventID) ?? action)
        let device = r.value(.iosIFA) ?? r.value(.iosIFV) ?? r.value(.googleAID)?.uppercased() ?? r.value(.osID) ?? r.value(.androidID)
            ?? r.value(.windowsAID) ?? r.value(.deviceID) ?? r.value(.deviceIP) ?? r.clientIP ?? ""
        // A resend keeps its transaction_id: that is a retry, not a second conversion.
        let reference = r.value(.advertiserRefID) ?? r.value(.transactionID) ?? ""
        var hash = FNV1a64()
        // Each part ended by a NUL, without an array of them per conversion.
        hash.add(r.value(.advertiserID) ?? ""); hash.add("\0"); hash.add(device); hash.add("\0")
        hash.add(name); hash.add("\0"); hash.add(reference); hash.add("\0")
        let time = r.effectiveTime ?? 0
        if let earlier = window.record(hash.value, at: time), r.value(.sdkRetryAttempt).flatMap(Int.init) ?? 0 == 0 {
            let when = r.effectiveTime == nil ? " (the log has no times: assumed within the hour)" : " (\(Int(time - earlier)) s earlier)"
            f.append(Finding(.duplicateConversion, "site_event_name", "the same \(name) conversion from this device came within the hour\(when); TUNE drops it",
                             fix: "give each conversion its own advertiser_ref_id, or stop resending"))
        }
    }
}

extension TuneParameters {
    /// The declared name a misspelt key most likely meant (case and `-`/`_` confusions first).
    public static func suggestion(for key: String) -> String? {
        let folded = String(key.lowercased().map { $0 == "-" ? "_" : $0 })
        if byName[folded] != nil { return folded }
        return EditDistance.closest(to: key, in: names)
    }
}
