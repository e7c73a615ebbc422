// How an emulator instance behaves: keys it accepts, chaos it injects, the windows of its rate rules.
import BNCCore

/// One accepted credential set (`--keys FILE` holds a JSON array of these).
public struct KeyEntry: Sendable, Equatable {
    public var branchKey: String
    public var branchSecret: String
    public var appID: String?
    public var accessToken: String?
    /// The app may create Quick Links (`type: 2`); Branch grants this per account.
    public var quickLinks = false
    /// The app's own link domain (a host name such as `app2.localhost`): its links live there, so its aliases
    /// are its own, as each Branch app has its own app.link domain. Nil: the sandbox's shared domain.
    public var linkDomain: String?
}

/// `--chaos 429=0.1,500=0.05,402=0.01,html=0.01,reset=0.02,latency=20ms[,retry-after=1]`.
public struct ChaosSpec: Sendable, Equatable {
    public var p429 = 0.0
    public var p500 = 0.0
    public var pReset = 0.0
    /// An HTML outage page with a 503, as a load balancer answers when Branch is down.
    public var pHTML = 0.0
    /// 402 "Not enough credits to redeem." in Branch's envelope.
    public var p402 = 0.0
    public var latency = 0.0
    /// Seconds sent as Retry-After with injected 429s.
    public var retryAfter = 1

    public init() {}

    public var isActive: Bool { total > 0 || latency > 0 }

    /// The chance a request draws an injected fault.
    public var total: Double { p429 + p500 + pReset + pHTML + p402 }

    public static func parse(_ text: String) throws(BNCError) -> ChaosSpec {
        var spec = ChaosSpec()
        for item in text.split(separator: ",") where !item.isEmpty {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw BNCError.usage("--chaos", "items are NAME=VALUE (got \(item))") }
            let (name, value) = (parts[0].trimmingWhitespace(), parts[1].trimmingWhitespace())
            func probability() throws(BNCError) -> Double {
                guard let p = Double(value), (0...1).contains(p) else {
                    throw BNCError.usage("--chaos \(name)", "must be a probability between 0 and 1 (got \(value))")
                }
                return p
            }
            switch name {
            case "429": spec.p429 = try probability()
            case "500": spec.p500 = try probability()
            case "reset": spec.pReset = try probability()
            case "html": spec.pHTML = try probability()
            case "402": spec.p402 = try probability()
            case "latency":
                let number = value.hasSuffix("ms") ? String(value.dropLast(2)) : value.hasSuffix("s") ? String(value.dropLast()) : value
                guard let v = Double(number), v >= 0 else { throw BNCError.usage("--chaos latency", "must be a duration such as 20ms") }
                spec.latency = value.hasSuffix("ms") || !value.hasSuffix("s") ? v / 1000 : v
            case "retry-after":
                guard let v = Int(value), v >= 0 else { throw BNCError.usage("--chaos retry-after", "must be whole seconds") }
                spec.retryAfter = v
            default:
                throw BNCError.usage("--chaos", "knows 429, 500, 402, html, reset, latency and retry-after (got \(name))")
            }
        }
        if spec.total > 1 {
            throw BNCError.usage("--chaos", "probabilities add up to more than 1")
        }
        return spec
    }
}

/// Everything that makes one emulator instance what it is.
public struct SandboxConfig: Sendable {
    /// Scheme, host and port the emulator is reached at; its short links live here.
    public var baseURL: String
    /// Accepted credentials; nil accepts any well-formed key with a secret of the same kind.
    public var keys: [KeyEntry]?
    /// Opens of the same device closer than this are answered 429.
    public var burstWindow: Double = 2
    /// Non-referred opens from one IP are counted once per this many seconds.
    public var nonReferredWindow: Double = 4 * 3600
    /// Answer alias conflicts with 409 (older Branch) instead of 400.
    public var legacy409 = false
    public var chaos = ChaosSpec()
    public var seed: UInt64 = 0
    /// SQLite file that keeps links, clicks, devices and tokens across restarts.
    public var statePath: String?
    /// The request log keeps at most this many entries (oldest dropped).
    public var maxRecorded = 100_000
    /// And at most about this many bytes (bodies, targets, headers; `Recorded.cost`), oldest dropped: room for
    /// eight bodies of the largest size (8 MiB) while a test reads back what it just sent, and a bound on memory
    /// the count alone was not (100,000 bodies of 8 MiB).
    public var maxRecordedBytes = 64 << 20
    /// The clock, in seconds; tests move it.
    public var now: @Sendable () -> Double = { MonotonicClock.wallSeconds() }

    public init(baseURL: String) { self.baseURL = baseURL }

    /// Parses a keys file: `[{"branch_key", "branch_secret", "app_id", "access_token", "quick_links", "link_domain"}]`.
    public static func parseKeys(_ json: JSON, source: String) throws(BNCError) -> [KeyEntry] {
        guard let items = json.arrayValue else { throw BNCError.invalid(source, "must be a JSON array of {branch_key, branch_secret}") }
        guard items.count <= 1000 else { throw BNCError.invalid(source, "holds at most 1000 apps") }
        var out: [KeyEntry] = []
        // Where each key and link domain was first given: a second entry for one key was taken too (both secrets
        // authenticated it, the second's domain ignored), one domain would belong to two apps (QA round 25b).
        var keys: [String: Int] = [:], domains: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            let at = "\(source)[\(i)]"
            guard let object = item.objectValue else { throw BNCError.invalid(at, "must be an object {branch_key, branch_secret, ...}") }
            // A misspelt member was ignored without a word (`link_domian`, `quicklinks`, `acess_token`: the app
            // served on the shared domain, no Quick Links, no token; QA round 31a): each member is one it reads.
            if let unknown = object.keys.first(where: { !Self.keyMembers.contains($0) }) {
                throw BNCError.invalid("\(at).\(unknown)", "is not a member of a keys entry (they are \(Self.keyMembers.joined(separator: ", ")))")
            }
            guard let key = item["branch_key"]?.stringValue, KeyFormat.kind(ofKey: key) != nil else {
                throw BNCError.invalid("\(at).branch_key", "must be key_live_… or key_test_…")
            }
            if let first = keys.updateValue(i, forKey: key) {
                throw BNCError.invalid("\(at).branch_key", "is entry [\(first)]'s too; each app is one entry")
            }
            guard let secret = item["branch_secret"]?.stringValue, KeyFormat.kind(ofSecret: secret) == KeyFormat.kind(ofKey: key) else {
                throw BNCError.invalid("\(at).branch_secret", "must be a secret of the same kind as the key")
            }
            // The app id is served as the app's `id` and names its exports: Branch's are numbers, given as digits.
            var appID: String?
            if let value = item["app_id"], value != .null {
                guard let id = value.stringValue, (1...20).contains(id.utf8.count), id.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                    throw BNCError.invalid("\(at).app_id", "must be the app's numeric id as a string of 1 to 20 digits")
                }
                appID = id
            }
            var token: String?
            if let value = item["access_token"], value != .null {
                guard let t = value.stringValue, (1...256).contains(t.utf8.count), t.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                    throw BNCError.invalid("\(at).access_token", "must be 1 to 256 printable ASCII characters without spaces")
                }
                token = t
            }
            var entry = KeyEntry(branchKey: key, branchSecret: secret, appID: appID, accessToken: token)
            if let value = item["quick_links"], value != .null {
                guard let b = value.boolValue else { throw BNCError.invalid("\(at).quick_links", "must be true or false") }
                entry.quickLinks = b
            }
            if let value = item["link_domain"], value != .null {
                guard let domain = value.stringValue, isLinkDomain(domain) else {
                    throw BNCError.invalid("\(at).link_domain", "must be a host name such as app2.localhost (labels of letters, digits and -, not an IP address)")
                }
                entry.linkDomain = domain.lowercased()
                if let first = domains.updateValue(i, forKey: domain.lowercased()) {
                    throw BNCError.invalid("\(at).link_domain", "is entry [\(first)]'s too; a link domain belongs to one app")
                }
            }
            out.append(entry)
        }
        return out
    }

    /// The members a keys file's entry may have.
    static let keyMembers = ["branch_key", "branch_secret", "app_id", "access_token", "quick_links", "link_domain"]

    /// A host name an app's links live on: dot-separated labels of 1 to 63 letters, digits and hyphens (none at
    /// a label's ends), 253 bytes at most, the last label not all digits, so no IP address (`127.0.0.1` would
    /// have taken the shared domain's host).
    static func isLinkDomain(_ s: String) -> Bool {
        guard (1...253).contains(s.utf8.count) else { return false }
        let labels = s.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            let b = Array(label.utf8)
            guard (1...63).contains(b.count), b.first != UInt8(ascii: "-"), b.last != UInt8(ascii: "-"),
                  b.allSatisfy({ ASCII.isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }) else { return false }
        }
        return !(labels.last?.utf8.allSatisfy { (0x30...0x39).contains($0) } ?? true)
    }
}
