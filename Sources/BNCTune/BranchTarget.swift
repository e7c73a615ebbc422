// Where a TUNE parameter's fact goes in Branch's APIs, as typed values: the mapping (TUNE -> Branch), the reverse
// (Branch -> TUNE), `check`'s branch-required rule and `bnc-tune params` read the same declaration, instead of
// each parsing a line of prose.
import BNCCore

/// An object of a v2 event body that holds members.
public enum EventObject: String, Sendable, CaseIterable {
    case userData = "user_data"
    case eventData = "event_data"
    case customData = "custom_data"
    /// The first content item (`content_items[0]`).
    case contentItem = "content_items[0]"
}

/// One place a TUNE parameter's value is sent in a Branch request.
public enum BranchTarget: Sendable, Equatable {
    /// A key of the body's top level: v1/open `os_version`, an event's `name`.
    case key(String)
    /// A key sent with a companion of fixed value: v1/open `hardware_id` with `hardware_id_type` `idfa`.
    case keyWith(String, companion: String, value: String)
    /// A key whose value the parameter implies: `first_session` false for `existing_user=1`.
    case fixed(String, JSON)
    /// An ad-tracking flag's Branch side in v1/open: `ad_tracking_enabled`, true, or omitted when limited.
    case omittedWhenLimited(String)
    /// One of several keys, chosen by the value's kind and the platform (`referral_url`).
    case either([String])
    /// A member of an event body's object: `user_data.idfa`, `event_data.revenue`, `content_items[0].$quantity`.
    case member(EventObject, String)
    /// A request header (`X-IP-Override`).
    case header(String)
    /// The call itself: `action=session` is `POST /v1/open`.
    case endpoint(String)
    /// The app's Branch key: one key per app, where TUNE named advertiser and site.
    case branchKey

    /// Where the value lands in the body, as a dotted path (`user_data.idfa`), when it lands in one place.
    public var bodyPath: String? {
        switch self {
        case .key(let k), .keyWith(let k, _, _), .fixed(let k, _), .omittedWhenLimited(let k): k
        case .member(let o, let k): "\(o.rawValue).\(k)"
        case .either, .header, .endpoint, .branchKey: nil
        }
    }

    /// The target as `params`, --help and the man page show it.
    public var description: String {
        switch self {
        case .key(let k): k
        case .keyWith(let k, let companion, let value): "\(k) (\(companion) \(value))"
        case .fixed(let k, let v): "\(k): \(v.serialized())"
        case .omittedWhenLimited(let k): "\(k) (omitted when limited)"
        case .either(let ks): ks.dropLast().joined(separator: ", ") + " or " + (ks.last ?? "")
        case .member(let o, let k): "\(o.rawValue).\(k)"
        case .header(let h): "\(h) header"
        case .endpoint(let e): e
        case .branchKey: "branch_key (one key per app)"
        }
    }
}

extension Array where Element == BranchTarget {
    /// The targets as one line (`screen_width, screen_height`), or nil for none. Not `description`, which an
    /// array already has (and would print the enum cases).
    public var summary: String? { isEmpty ? nil : map(\.description).joined(separator: ", ") }

    /// The one body key these targets name (v1/open `.key`), or nil when they name none or several.
    var singleKey: String? {
        if count == 1, case .key(let k) = self[0] { return k }
        return nil
    }

    /// The one member of `object` these targets name, or nil.
    func singleMember(of object: EventObject) -> String? {
        if count == 1, case .member(object, let k) = self[0] { return k }
        return nil
    }
}
