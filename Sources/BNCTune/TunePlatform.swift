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
        switch sdk.lowercased() {
        case "ios", "tvos", "watchos": self = .iOS
        case "android", "fire": self = .android
        case "windows": self = .windows
        default: return nil
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
