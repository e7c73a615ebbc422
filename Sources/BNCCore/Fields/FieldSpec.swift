// One field-spec type for every table in the suite: v1/open, user_data, event_data, content items, device
// fields, link control params, TUNE parameters. Validation (a single request and a batch line alike), --help,
// man pages, completions and the Redactor's secret names are all computed from these declarations.
import BNCSuite

/// The JSON type a field takes.
public enum FieldType: String, Sendable, Equatable {
    case string, boolean, integer, number, object, array
    /// An array of strings (`$keywords`).
    case strings = "array of strings"
    /// A string; a number is accepted and sent as its text (the seed's Android example sends `"os_version": 26`).
    case version = "string (a number is sent as text)"
    /// Any JSON value (custom data).
    case any = "any JSON value"

    /// The name a person reads in help and errors.
    public var label: String {
        switch self {
        case .version: "string"
        case .any: "any"
        default: rawValue
        }
    }
}

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

    /// The rule as an error message ends it: "must be <description>".
    public var description: String {
        switch self {
        case .uuid: "a UUID (8-4-4-4-12 hex digits)"
        case .currency: "three upper-case letters (ISO 4217)"
        case .ipAddress: "an IPv4 or IPv6 address"
        case .httpURL: "an absolute http(s) URL (no spaces, controls, markup or user name)"
        case .countryCode: "a two-letter ISO 3166 country code such as US"
        case .languageCode: "an ISO 639 language code such as en"
        }
    }

    public func matches(_ s: String) -> Bool {
        switch self {
        case .uuid:
            // 8-4-4-4-12 ASCII hex digits (Character.isHexDigit would also take fullwidth digits).
            var s = s
            return s.withUTF8 { b in
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
        case .countryCode: return s.utf8.count == 2 && s.utf8.allSatisfy(ASCII.isLetter)
        case .languageCode: return (2...3).contains(s.utf8.count) && s.utf8.allSatisfy(ASCII.isLetter)
        }
    }
}

/// One field of an API body (or of the device, or of a link's data), declared once. A class: tables share
/// their specs, and checking a value borrows the spec instead of copying a dozen references per key.
public final class FieldSpec: Sendable {
    public let name: String
    public let type: FieldType
    /// The only values a string may take (an enum), when the API has one.
    public let allowed: [String]?
    public let pattern: FieldPattern?
    /// Inclusive bounds of a number.
    public let range: ClosedRange<Double>?
    /// Most characters of a string.
    public let maxLength: Int?
    /// Sent only for this platform; nil: any.
    public let platform: Platform?
    public let required: Bool
    /// Only in an app's first session (INSTALL/REINSTALL).
    public let firstSessionOnly: Bool
    /// Redacted in every rendering, trace and log.
    public let secret: Bool
    /// A string that may hold line breaks (descriptions); every other string must be one line.
    public let multiline: Bool
    /// One line of meaning, for --help and man pages.
    public let help: String
    /// The dedicated flag that sets it, if any (`--app-version`).
    public let flag: String?
    /// The device field it is copied from when a request is built from a device (`local_ip`), if any.
    public let device: String?
    /// The placeholder --help shows for its flag's value (`UUID`, `WxH`).
    public let valueName: String?

    public init(_ name: String, _ type: FieldType, _ help: String, allowed: [String]? = nil, pattern: FieldPattern? = nil,
                range: ClosedRange<Double>? = nil, maxLength: Int? = nil, platform: Platform? = nil, required: Bool = false,
                firstSessionOnly: Bool = false, secret: Bool = false, multiline: Bool = false, flag: String? = nil,
                device: String? = nil, valueName: String? = nil) {
        self.name = name
        self.type = type
        self.help = help
        self.allowed = allowed
        self.pattern = pattern
        self.range = range
        self.maxLength = maxLength
        self.platform = platform
        self.required = required
        self.firstSessionOnly = firstSessionOnly
        self.secret = secret
        self.multiline = multiline
        self.flag = flag
        self.device = device
        self.valueName = valueName
    }

    /// Type, platform and rules as --help lists them: `string, iOS only, required`.
    public var tags: String {
        var t = [type.label]
        if let platform { t.append(platform.rawValue + " only") }
        if required { t.append("required") }
        if firstSessionOnly { t.append("first session only") }
        if secret { t.append("secret") }
        if let allowed, allowed.count <= 6 { t.append(allowed.joined(separator: "|")) }
        if let maxLength { t.append("at most \(maxLength) characters") }
        return t.joined(separator: ", ")
    }

    /// Checks one value against the spec; returns it as it is sent (a version number as text).
    /// - Parameter path: how errors name the field (`content_items[0].$price`); made only for an error.
    public func check(_ value: JSON, at path: @autoclosure () -> String) throws(BNCError) -> JSON {
        func fail(_ rule: String) -> BNCError { BNCError.invalid(path(), rule) }
        switch (type, value) {
        case (.any, _): return try Self.checkAny(value, at: path())
        case (.string, .string(let s)), (.version, .string(let s)):
            try checkString(s, at: path())
            return value
        case (.version, .number(let n)):
            return .string(n.literal)
        case (.boolean, .bool): return value
        case (.integer, .number(let n)):
            guard n.isInteger, let i = n.int64 else { throw fail("must be a whole number between -2^63 and 2^63-1 (got \(n.literal))") }
            if let range, !range.contains(Double(i)) { throw fail("must be \(Self.describe(range)) (got \(n.literal))") }
            return value
        case (.number, .number(let n)):
            let d = n.double
            guard d.isFinite else { throw fail("must be a finite number (got \(n.literal))") }
            if d == 0 && n.decimal.digits.contains(where: { $0 != UInt8(ascii: "0") }) {
                throw fail("is too small to represent (got \(n.literal))")
            }
            if let range, !range.contains(d) { throw fail("must be \(Self.describe(range)) (got \(n.literal))") }
            return value
        case (.object, .object(let o)):
            return .object(o)
        case (.array, .array): return value
        case (.strings, .array(let items)):
            for (i, item) in items.enumerated() {
                guard case .string(let s) = item else { throw BNCError.invalid("\(path())[\(i)]", "must be a string, got \(item.typeName)") }
                try checkString(s, at: "\(path())[\(i)]")
            }
            return value
        default:
            throw fail("must be \(Self.article(type.label)) \(type.label), got \(value.typeName)")
        }
    }

    private func checkString(_ s: String, at path: @autoclosure () -> String) throws(BNCError) {
        if let bad = Self.forbiddenCharacter(in: s, multiline: multiline) {
            throw BNCError.invalid(path(), "must not contain \(bad)")
        }
        // Counting characters walks grapheme clusters: only when the UTF-8 length could exceed the limit.
        if let maxLength, s.utf8.count > maxLength, s.count > maxLength {
            throw BNCError.invalid(path(), "must be at most \(maxLength) characters (got \(s.count))")
        }
        if let allowed, !allowed.contains(s) {
            let shown = allowed.count <= 12 ? allowed.joined(separator: ", ") : allowed.prefix(6).joined(separator: ", ") + ", ..."
            var rule = "must be one of \(shown) (got \(s))"
            if let guess = EditDistance.closest(to: s, in: allowed) { rule += "; did you mean \(guess)?" }
            throw BNCError.invalid(path(), rule)
        }
        if let pattern, !pattern.matches(s) { throw BNCError.invalid(path(), "must be \(pattern.description) (got \(s))") }
    }

    /// NUL anywhere, or CR/LF in a one-line value: the characters that split headers and log lines.
    public static func forbiddenCharacter(in s: String, multiline: Bool) -> String? {
        // NUL, CR and LF are single bytes in UTF-8 and never part of a longer sequence.
        var s = s
        return s.withUTF8 { bytes -> String? in
            for b in bytes {
                if b == 0 { return "NUL characters" }
                if !multiline && (b == 13 || b == 10) { return "line breaks (CR or LF)" }
            }
            return nil
        }
    }

    /// Custom data: any JSON, but numbers finite and strings free of NUL.
    static func checkAny(_ value: JSON, at path: String) throws(BNCError) -> JSON {
        switch value {
        case .string(let s):
            if s.unicodeScalars.contains("\u{0}") { throw BNCError.invalid(path, "must not contain NUL characters") }
        case .number(let n):
            guard n.double.isFinite else { throw BNCError.invalid(path, "must be a finite number (got \(n.literal))") }
        case .array(let items):
            for (i, item) in items.enumerated() { _ = try checkAny(item, at: "\(path)[\(i)]") }
        case .object(let o):
            for (k, v) in o { _ = try checkAny(v, at: "\(path).\(k)") }
        case .null, .bool: break
        }
        return value
    }

    static func describe(_ r: ClosedRange<Double>) -> String {
        func show(_ d: Double) -> String { d == d.rounded() && abs(d) <= 1e18 ? String(Int64(d)) : String(d) }
        if r.upperBound == .greatestFiniteMagnitude { return "at least \(show(r.lowerBound))" }
        return "between \(show(r.lowerBound)) and \(show(r.upperBound))"
    }

    static func article(_ word: String) -> String {
        // "an event_data", "an integer", but "a user_data", "a UUID": a leading u is usually read "you".
        ["a", "e", "i", "o"].contains(word.first.map { String($0) } ?? "") ? "an" : "a"
    }
}

/// Warnings gathered while a request is built, printed by the command shape (and, with --strict, refused).
/// A module never prints: it adds here, and the caller decides.
public final class Warnings {
    public private(set) var messages: [String] = []
    public init() {}
    public func add(_ message: String) {
        if !messages.contains(message) { messages.append(message) }
    }
    public var isEmpty: Bool { messages.isEmpty }
    /// Forgets every warning (a batch checks line after line with one list).
    public func removeAll() { messages.removeAll(keepingCapacity: true) }
}

/// A list of field specs: one API body, or one object inside it.
public struct FieldTable: Sendable {
    /// What the table describes, in messages: "v1/open", "user_data", "a content item".
    public let name: String
    public let fields: [FieldSpec]
    /// Each name's position in `fields` (the batch runner looks up every key of every line).
    private let index: NameIndex
    /// What a key the table does not declare is.
    public let unknownKeys: UnknownKeys

    public enum UnknownKeys: Sendable {
        /// A warning with a did-you-mean; the key is not sent (a builder emits only declared keys).
        case warnAndDrop
        /// Custom keys, allowed, each checked against this spec (content items keep flat custom keys).
        case custom(FieldSpec)
    }

    public init(_ name: String, unknownKeys: UnknownKeys = .warnAndDrop, _ fields: [FieldSpec]) {
        self.name = name
        self.fields = fields
        self.unknownKeys = unknownKeys
        var seen = Set<String>()
        for f in fields { precondition(seen.insert(f.name).inserted, "\(name): \(f.name) is declared twice") }
        index = NameIndex(fields.map(\.name))
    }

    public subscript(name: String) -> FieldSpec? { index.position(of: name).map { fields[$0] } }
    public func declares(_ name: String) -> Bool { index.position(of: name) != nil }
    public var names: [String] { fields.map(\.name) }
    public var secretNames: Set<String> { Set(fields.filter(\.secret).map(\.name)) }

    /// The members a device fills: each field declared `device:` with the device's value, in table order.
    public func values(from device: Device) -> [(String, JSON)] {
        fields.compactMap { f in f.device.flatMap { device[$0] }.map { (f.name, $0) } }
    }

    /// The declared name a misspelt key most likely meant.
    public func suggestion(for key: String) -> String? { EditDistance.closest(to: key, in: names) }

    /// Checks every member of `object`: known keys against their spec (errors name `prefix` + key), unknown
    /// keys per `unknownKeys`. Returns what may be sent, in the object's order. A member named `ignoring` (a
    /// batch line's `ip`, taken by the caller) is left out without a word.
    public func check(_ object: JSONObject, prefix: String = "", ignoring: String? = nil, warnings: Warnings) throws(BNCError) -> JSONObject {
        // The answer is the input itself unless a member is dropped or rewritten (a version number is sent as
        // text): a new object is built only from the first such member on (most lines need none).
        var out: JSONObject?
        func diverge(at n: Int) {
            if out == nil { out = JSONObject(firstMembersOf: object, count: n) }
        }
        func rewrites(_ spec: FieldSpec, _ value: JSON) -> Bool {
            if case .version = spec.type, case .number = value { return true }
            return false
        }
        for (n, (key, value)) in object.enumerated() {
            if let ignoring, key == ignoring { diverge(at: n); continue }
            if let i = index.position(of: key) {
                if value.isNull { diverge(at: n); continue }
                let spec = fields[i]
                let checked = try spec.check(value, at: prefix + key)
                if rewrites(spec, value) { diverge(at: n) }
                out?[key] = checked
                continue
            }
            let path = prefix + key
            switch unknownKeys {
            case .warnAndDrop:
                var message = "\(path) is not \(FieldSpec.article(name)) \(name) field"
                if let guess = suggestion(for: key) { message += " (did you mean \(prefix)\(guess)?)" }
                warnings.add(message + "; not sent")
                diverge(at: n)
            case .custom(let spec):
                if let bad = FieldSpec.forbiddenCharacter(in: key, multiline: false) {
                    throw BNCError.invalid(path, "key must not contain \(bad)")
                }
                let checked = try spec.check(value, at: path)
                if rewrites(spec, value) { diverge(at: n) }
                out?[key] = checked
            }
        }
        return out ?? object
    }

    /// The table as --help and man pages show it: one line per field, its type, platform and rule.
    public var helpText: String {
        fields.map { "  \($0.name) (\($0.tags)): \($0.help)" }.joined(separator: "\n")
    }
}

/// Finds a declared name's position: FNV-1a over its UTF-8 bytes into an open-addressed table at most half
/// full, then one comparison. Names match byte for byte (a key canonically equivalent to a declared name but
/// spelt differently is not that name: it would be sent as spelt). Only declared names are ever inserted, so
/// hostile keys cannot lengthen a probe.
struct NameIndex: Sendable {
    private let names: [String]
    private let slots: [Int32]
    private let mask: Int

    init(_ names: [String]) {
        var size = 8
        while size < names.count * 2 { size <<= 1 }
        var slots = [Int32](repeating: -1, count: size)
        for (i, name) in names.enumerated() {
            var h = Self.hash(name) & (size - 1)
            while slots[h] >= 0 { h = (h + 1) & (size - 1) }
            slots[h] = Int32(i)
        }
        self.names = names
        self.slots = slots
        mask = size - 1
    }

    private static func hash(_ s: String) -> Int {
        var h = FNV1a64()
        h.add(s)
        return Int(truncatingIfNeeded: h.value ^ (h.value >> 32))
    }

    func position(of key: String) -> Int? {
        var h = Self.hash(key) & mask
        while true {
            let p = Int(slots[h])
            if p < 0 { return nil }
            if names[p].utf8.count == key.utf8.count && names[p] == key { return p }
            h = (h + 1) & mask
        }
    }
}
