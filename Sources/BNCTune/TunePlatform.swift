// The platform a TUNE request is about (TUNE had a Windows SDK; Branch's v1/open takes iOS and Android).
import BNCCore
import BNCOpen

/// The platform a TUNE request is about (TUNE had a Windows SDK; Branch's v1/open takes iOS and Android only).
public enum TunePlatform: String, Sendable, CaseIterable, Comparable {
    case iOS
    case android = "Android"
    case windows = "Windows"

    public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    /// The platform an `sdk=` value names (`server` names none).
    public init?(sdk: String) {
        // As logged (lower case, nearly always) first; lower-cased only when it has a capital (this runs per line).
        // "server" (server-to-server traffic, most lines of such a log) names no platform: one comparison.
        if sdk == "server" { return nil }
        if let p = Self.exact(sdk) {
            self = p
        } else if ASCII.isLowerCaseASCII(sdk) {
            return nil
        } else if let p = Self.exact(sdk.lowercased()) {
            self = p
        } else {
            return nil
        }
    }

    private static func exact(_ sdk: String) -> TunePlatform? {
        switch sdk {
        case "ios", "tvos", "watchos": .iOS
        case "android", "fire": .android
        case "windows": .windows
        default: nil
        }
    }

    public var branch: Platform? {
        switch self {
        case .iOS: .iOS
        case .android: .android
        case .windows: nil
        }
    }
}
