// What every Branch API shares: the default host, and how a batch line carries its device's IP.

/// What every Branch API shares: the default API host, and a batch line's `ip` member read as its IP override.
public enum Branch {
    /// Branch's API host; `--api-url`, BNC_API_URL or a profile's api_url replace it.
    public static let defaultBaseURL = "https://api2.branch.io"

    /// A Branch app id: ASCII digits that make a 64-bit integer (Branch's are 18 digits, and the Data APIs take the
    /// id as a JSON number). One rule for every flag, profile value and tool that sends one.
    public static func isAppID(_ id: String) -> Bool {
        id.utf8.count <= 19 && ASCII.isDigits(id) && Int64(id) != nil
    }

    /// A batch line's `"ip"` member: taken out of the body, it is that request's X-IP-Override (else `fallback`).
    /// A line's own private, loopback or reserved address is warned about in `warnings`, as `--ip` is (so
    /// `--strict` fails the line).
    public static func splitLineIP(_ line: JSONObject, fallback: IPAddress?, warnings: Warnings?) throws(BNCError) -> (JSONObject, IPAddress?) {
        let ip = try lineIP(line, fallback: fallback, warnings: warnings)
        guard line["ip"] != nil else { return (line, ip) }
        var body = line
        body["ip"] = nil
        return (body, ip)
    }

    /// A line's `ip` member as the IP override (the fallback when it has none), for a builder that leaves the
    /// member out itself.
    public static func lineIP(_ line: JSONObject, fallback: IPAddress?, warnings: Warnings?) throws(BNCError) -> IPAddress? {
        guard let value = line["ip"] else { return fallback }
        guard let text = value.stringValue else { throw BNCError.invalid("ip", "must be a string") }
        let ip = try IPAddress(text, field: "ip")
        if let w = ip.warning { warnings?.add("ip " + w) }
        return ip
    }
}
