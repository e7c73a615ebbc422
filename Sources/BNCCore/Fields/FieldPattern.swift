// Rules a string value of a field follows beyond its type (UUID, currency, IP, URL, country, language).
import BNCSuite

/// A rule a string value must follow, beyond its type.
public enum FieldPattern: String, Sendable, Equatable {
    /// 8-4-4-4-12 hex digits.
    case uuid
    /// ISO 4217: three upper-case letters.
    case currency
    /// An IPv4 or IPv6 address.
    case ipAddress
    /// An absolute http or https URL.
    case httpURL
    /// Two letters (ISO 3166).
    case countryCode
    /// Two or three letters (ISO 639).
    case languageCode
    /// `#` and six (or three) hex digits: a colour.
    case hexColor
    /// An e-mail address: local part, `@`, a domain with a dot (the App API's dev_email).
    case email
    /// An app's URI scheme as Branch stores it: `myapp://` (letters, digits, + - . after a first letter; never a
    /// scheme a browser runs: javascript, data, vbscript).
    case uriScheme
    /// A host name such as a link domain (`example.app.link`): a DNS name with at least two labels.
    case hostname
    /// A screen's size, `WIDTHxHEIGHT` in pixels (1 to 100,000 each): the device file's `screen`, TUNE's `screen_size`.
    case screenSize
    /// Apple's team id: 10 letters and digits (or empty: none set). What an app's apple-app-site-association names.
    case appleTeamID
    /// An iOS bundle id: dot-separated parts of letters, digits and `-`, as Apple allows (or empty: none set).
    case bundleID
    /// An Android package name: two or more dot-separated parts, each a letter then letters, digits or `_` (or
    /// empty: none set).
    case androidPackage
    /// Where an iOS click goes without the app: an App Store URL or any http(s) URL, or the app's id (`id512451233`).
    case appStoreTarget
    /// Where an Android click goes without the app: a Play Store URL or any http(s) URL, or the package name.
    case playStoreTarget
    /// A SHA-256 certificate fingerprint as assetlinks.json lists it: 32 hex pairs joined by colons.
    case certFingerprint

    /// The rule as an error message ends it: "must be <description>".
    public var description: String {
        switch self {
        case .uuid: "a UUID (8-4-4-4-12 hex digits)"
        case .currency: "three upper-case letters (ISO 4217)"
        case .ipAddress: "an IPv4 or IPv6 address"
        case .httpURL: "an absolute http(s) URL (no spaces, controls, markup or user name)"
        case .countryCode: "a two-letter ISO 3166 country code such as US"
        case .languageCode: "an ISO 639 language code such as en"
        case .hexColor: "a hex colour such as #1A2B3C"
        case .email: "an e-mail address such as dev@example.com (letters, digits, _ - . around one @, ending in a dot and 2-5 letters)"
        case .uriScheme: "an app's URI scheme such as myapp:// (not http, https, javascript, data, vbscript or file)"
        case .hostname: "a host name such as example.app.link"
        case .screenSize: "WIDTHxHEIGHT in pixels, e.g. 1179x2556"
        case .appleTeamID: "Apple's 10-character team id: upper-case letters and digits"
        case .bundleID: "a bundle id such as com.example.app: two or more dot-separated parts of letters, digits and hyphens"
        case .androidPackage: "a package name such as com.example.app: two or more dot-separated parts, each a letter then letters, digits or underscores"
        case .appStoreTarget: "an App Store or other http(s) URL, or the app's id such as id512451233"
        case .playStoreTarget: "a Play Store or other http(s) URL, or the package name such as com.example.app"
        case .certFingerprint: "a SHA-256 fingerprint: 32 hex pairs joined by colons (AB:CD:...)"
        }
    }

    /// The rule in a word or two, for the field lists (`bnc-link params`, the man pages' FIELDS).
    public var shortName: String {
        switch self {
        case .uuid: "UUID"
        case .currency: "ISO 4217 code"
        case .ipAddress: "IP address"
        case .httpURL: "http(s) URL"
        case .countryCode: "ISO 3166 code"
        case .languageCode: "ISO 639 code"
        case .hexColor: "#RRGGBB"
        case .email: "e-mail address"
        case .uriScheme: "URI scheme"
        case .hostname: "host name"
        case .screenSize: "WIDTHxHEIGHT"
        case .appleTeamID: "team id"
        case .bundleID: "bundle id"
        case .androidPackage: "package name"
        case .appStoreTarget: "URL or app id"
        case .playStoreTarget: "URL or package"
        case .certFingerprint: "SHA-256 fingerprint"
        }
    }

    public func matches(_ s: String) -> Bool {
        switch self {
        case .uuid:
            // 8-4-4-4-12 ASCII hex digits (Character.isHexDigit would also take fullwidth digits).
            return s.withUTF8Bytes { b in
                guard b.count == 36 else { return false }
                for i in 0..<36 {
                    if i == 8 || i == 13 || i == 18 || i == 23 {
                        guard b[i] == UInt8(ascii: "-") else { return false }
                    } else if Hex.digit(b[i]) == nil {
                        return false
                    }
                }
                return true
            }
        // Byte checks: only ASCII letters qualify, so no grapheme breaking is needed.
        case .currency: return s.utf8.count == 3 && s.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
        case .ipAddress: return (try? IPAddress(s)) != nil
        case .httpURL:
            // An absolute http(s) URL a browser is sent to: no white space, controls or markup characters (a
            // redirect must not become a header split or an HTML/script injection), no user name before the host
            // (https://trusted.com@evil.example/), and a host that is a host name or an IP address.
            guard s.unicodeScalars.allSatisfy({ c in
                c.value > 0x20 && c.value != 0x7F && !(0x80...0x9F).contains(c.value) && !c.properties.isWhitespace
                    && !"<>\"`{}|\\^".unicodeScalars.contains(c)
            }), let u = HTTPURL(s), !u.host.isEmpty else { return false }
            let authority = s.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).dropFirst(2).first ?? ""
            if authority.contains("@") { return false }
            if u.host.hasPrefix("[") || (try? IPAddress(u.host)) != nil { return true }
            if case .success = HostName.validate(u.host) { return true }
            return false
        case .hostname:
            guard s.contains("."), !s.contains(":"), case .success = HostName.validate(s) else { return false }
            return true
        case .uriScheme:
            let b = Array(s.utf8)
            guard let colon = b.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon <= 64, ASCII.isLetter(b[0]),
                  b[..<colon].allSatisfy({ ASCII.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }),
                  ["", "/", "//"].contains(String(decoding: b[(colon + 1)...], as: UTF8.self)) else { return false }
            return !["javascript", "data", "vbscript", "file", "http", "https"].contains(String(decoding: b[..<colon].map(ASCII.lower), as: UTF8.self))
        case .screenSize: return Self.screen(s) != nil
        case .appleTeamID:
            return s.isEmpty || (s.utf8.count == 10 && s.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) })
        case .bundleID:
            let parts = s.split(separator: ".", omittingEmptySubsequences: false)
            return s.isEmpty || (parts.count >= 2 && parts.allSatisfy { part in
                part.utf8.first.map { $0 != UInt8(ascii: "-") } == true
                    && part.utf8.allSatisfy { ASCII.isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
            })
        case .androidPackage:
            let parts = s.split(separator: ".", omittingEmptySubsequences: false)
            return s.isEmpty || (parts.count >= 2 && parts.allSatisfy { part in
                part.utf8.first.map(ASCII.isLetter) == true
                    && part.utf8.allSatisfy { ASCII.isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") }
            })
        case .appStoreTarget:
            let digits = s.hasPrefix("id") ? s.utf8.dropFirst(2) : s.utf8[...]
            return (!digits.isEmpty && digits.count <= 20 && digits.allSatisfy { (0x30...0x39).contains($0) }) || Self.httpURL.matches(s)
        case .playStoreTarget: return (!s.isEmpty && Self.androidPackage.matches(s)) || Self.httpURL.matches(s)
        case .certFingerprint:
            let pairs = s.split(separator: ":", omittingEmptySubsequences: false)
            return pairs.count == 32 && pairs.allSatisfy { $0.utf8.count == 2 && $0.utf8.allSatisfy { Hex.digit($0) != nil } }
        case .countryCode: return s.utf8.count == 2 && s.utf8.allSatisfy(ASCII.isLetter)
        case .languageCode: return (2...3).contains(s.utf8.count) && s.utf8.allSatisfy(ASCII.isLetter)
        case .hexColor:
            let b = Array(s.utf8)
            return (b.count == 7 || b.count == 4) && b[0] == UInt8(ascii: "#") && b.dropFirst().allSatisfy { Hex.digit($0) != nil }
        case .email:
            // The App API's documented pattern (dev_email): ^([a-zA-Z0-9_\-\.]+)@([a-zA-Z0-9_\-\.]+)\.([a-zA-Z]{2,5})$ —
            // letters, digits, _ - . on both sides of one @, and a last label of 2 to 5 letters.
            func word(_ b: UInt8) -> Bool { ASCII.isLetter(b) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") }
            let parts = s.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[0].utf8.allSatisfy(word),
                  let dot = parts[1].lastIndex(of: ".") else { return false }
            let host = parts[1][..<dot], last = parts[1][parts[1].index(after: dot)...]
            return !host.isEmpty && host.utf8.allSatisfy(word) && (2...5).contains(last.utf8.count) && last.utf8.allSatisfy(ASCII.isLetter)
        }
    }

    /// `WIDTHxHEIGHT` (x in either case) as its two numbers, each 1 to 100,000; nil for anything else.
    public static func screen(_ s: String) -> (width: Int, height: Int)? {
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...100_000).contains(w), (1...100_000).contains(h) else { return nil }
        return (w, h)
    }
}
