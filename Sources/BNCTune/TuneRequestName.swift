// Parameter names the checks look up on every line, each with its hash made once.
import BNCCore

extension TuneRequest {
    /// A parameter name with its `NameHash` made once: the scan looks the same names up on every line, and hashing
    /// a String each time was 4% of its instructions.
    public struct Name: Sendable {
        public let text: String
        let hash: UInt64
        /// Its row in `TuneParameters.all` (nil: a name TUNE does not know).
        let row: Int?
        public init(_ text: String) {
            self.text = text
            hash = NameHash.of(text)
            row = TuneParameters.row(of: text, hash: hash)
        }

        static let action = Name("action")
        static let advertiserID = Name("advertiser_id")
        static let advertiserRefID = Name("advertiser_ref_id")
        static let androidID = Name("android_id")
        static let data = Name("data")
        static let deviceID = Name("device_id")
        static let deviceIP = Name("device_ip")
        static let existingUser = Name("existing_user")
        static let fireAID = Name("fire_aid")
        static let googleAdTrackingDisabled = Name("google_ad_tracking_disabled")
        static let googleAID = Name("google_aid")
        static let iosAdTracking = Name("ios_ad_tracking")
        static let iosAdTrackingDisabled = Name("ios_ad_tracking_disabled")
        static let iosIFA = Name("ios_ifa")
        static let iosIFV = Name("ios_ifv")
        static let localIP = Name("local_ip")
        static let osID = Name("os_id")
        static let packageName = Name("package_name")
        static let sdk = Name("sdk")
        static let sdkRetryAttempt = Name("sdk_retry_attempt")
        static let siteEventID = Name("site_event_id")
        static let siteEventName = Name("site_event_name")
        static let siteID = Name("site_id")
        static let systemDate = Name("system_date")
        static let transactionID = Name("transaction_id")
        static let windowsAID = Name("windows_aid")
    }

    public subscript(name: Name) -> String? { position(of: name).map { parameters[$0].value } }

    /// A parameter present with a non-empty value.
    public func value(_ name: Name) -> String? {
        guard let i = position(of: name), !parameters[i].value.isEmpty else { return nil }
        return parameters[i].value
    }

    public func has(_ name: Name) -> Bool { position(of: name) != nil }

    /// A declared name by its row alone (its text is not touched, so not retained).
    private func position(of name: Name) -> Int? {
        if let row = name.row { return position(row: row) }
        return position(of: name.text, hash: name.hash, row: nil)
    }

    /// The same by a declared name's row alone: the checks' tables keep rows (Ints), so a look-up retains no String.
    func value(row: Int) -> String? {
        guard let i = position(row: row), !parameters[i].value.isEmpty else { return nil }
        return parameters[i].value
    }

    func has(row: Int) -> Bool { position(row: row) != nil }
}
