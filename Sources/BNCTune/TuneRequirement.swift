// Whether TUNE needs a parameter, on which platforms, and which rule of check asks for it.
import BNCCore
import BNCOpen

/// Whether TUNE needs a parameter, and who checks it: `check` reads these to find what is missing.
public enum TuneRequirement: Sendable, Equatable {
    case optional
    /// `check` reports `missing-required` when neither the parameter nor any of `orElse` is given on one of
    /// `platforms` (`mayBeEmpty`: an empty value counts as given; `userAgentHeader`: so does the logged request's
    /// User-Agent; `serverToServer`: only for `sdk=server` requests). `sealable`: it may be hidden inside the
    /// encrypted `data`, so it is not judged missing while that is unread.
    case required(on: Set<TunePlatform>, orElse: [String] = [], mayBeEmpty: Bool = false, userAgentHeader: Bool = false,
                  serverToServer: Bool = false, sealable: Bool = true)
    /// The seed marks it REQUIRED on `platforms`; the rule named checks it in its own terms (with its ad id, say).
    case checkedBy(TuneRule, on: Set<TunePlatform>)
    /// The seed marks it REQUIRED on `platforms`, but `check` does not ask for it, for the reason given.
    case notAsked(on: Set<TunePlatform>, why: String)

    /// The platforms on which the seed marks it REQUIRED.
    public var platforms: Set<TunePlatform> {
        switch self {
        case .optional: []
        case .required(let on, _, _, _, _, _), .checkedBy(_, let on), .notAsked(let on, _): on
        }
    }
}
