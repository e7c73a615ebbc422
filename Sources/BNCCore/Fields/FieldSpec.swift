// One field-spec type for every table in the suite: v1/open, user_data, event_data, content items, device
// fields, link control params, TUNE parameters. Validation (a single request and a batch line alike), --help,
// man pages, completions and the Redactor's secret names are all computed from these declarations.
import BNCSuite

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
    /// Must be present and, for a string, not blank (`is required`). A required credential is placed by the
    /// request builder, never taken from a body, so a table checks a body without it.
    public let required: Bool
    /// A string that may be left out but, when given, holds more than white space (`os_version`).
    public let notBlank: Bool
    /// `allowed` matched in any case; the canonical spelling is sent (`ios` goes as `iOS`).
    public let foldsCase: Bool
    /// The branch key or secret: filled from the configured credentials by the request builder.
    public let credential: Bool
    /// The value Branch takes when the fact is not known (`os_version`: "NA"): messages suggest it, and a
    /// mapping that lacks the fact sends it.
    public let whenUnknown: String?
    /// What to do when it is missing or blank, for the message; nil: `use "NA" when unknown`, else its flag.
    public let hint: String?
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
    /// An object (or a list of objects) that a table of its own checks member by member (an event's user_data,
    /// a link's data): only its type is checked here. Any other object or list is walked for the suite's JSON
    /// rule (`checkNested`).
    public let checkedByTable: Bool

    public init(_ name: String, _ type: FieldType, _ help: String, allowed: [String]? = nil, pattern: FieldPattern? = nil,
                range: ClosedRange<Double>? = nil, maxLength: Int? = nil, platform: Platform? = nil, required: Bool = false,
                notBlank: Bool = false, foldsCase: Bool = false, credential: Bool = false, whenUnknown: String? = nil, hint: String? = nil,
                firstSessionOnly: Bool = false, secret: Bool = false, multiline: Bool = false, flag: String? = nil,
                device: String? = nil, valueName: String? = nil, checkedByTable: Bool = false) {
        self.name = name
        self.type = type
        self.help = help
        self.allowed = allowed
        self.pattern = pattern
        self.range = range
        self.maxLength = maxLength
        self.platform = platform
        self.required = required
        self.notBlank = notBlank || required
        self.foldsCase = foldsCase
        self.credential = credential
        self.whenUnknown = whenUnknown
        self.hint = hint ?? whenUnknown.map { "use \"\($0)\" when unknown" }
        self.firstSessionOnly = firstSessionOnly
        self.secret = secret
        self.multiline = multiline
        self.flag = flag
        self.device = device
        self.valueName = valueName
        self.checkedByTable = checkedByTable
    }

    /// Type, platform and rules as --help lists them: `string, iOS only, required`.
    public var tags: String {
        var t = [type.label]
        if let platform { t.append(platform.rawValue + " only") }
        if required { t.append("required") } else if notBlank { t.append("never blank") }
        if firstSessionOnly { t.append("first session only") }
        if secret { t.append("secret") }
        if let allowed, allowed.count <= 6 { t.append(allowed.joined(separator: "|")) }
        if let pattern { t.append(pattern.shortName) }
        // A range that says something (not merely "fits in 64 bits").
        if let range, range.upperBound <= 1e12 || (range.upperBound == .greatestFiniteMagnitude && range.lowerBound != 0) {
            t.append(Self.describe(range))
        }
        if let maxLength { t.append("at most \(maxLength) characters") }
        return t.joined(separator: ", ")
    }

    /// A value bnc kept in its state (an earlier answer's token, sent on later calls) held to this field's rule: one
    /// that breaks it is the state's fault (78), said as `what` with the way out, not a field error of the request
    /// (QA round 28a: a hostile answer's token, kept by an earlier bnc, failed every later call).
    public func checkKept(_ value: String, what: String, device: String) throws(BNCError) {
        do { _ = try check(.string(value), at: name) } catch {
            throw BNCError.configuration("\(what) breaks its rule (\(error.message)): an answer put it there",
                                         hint: "forget it with 'bnc-open state forget \(device)'")
        }
    }

    /// Checks one value against the spec; returns it as it is sent (a version number as text).
    /// - Parameter path: how errors name the field (`content_items[0].$price`); made only for an error.
    public func check(_ value: JSON, at path: @autoclosure () -> String) throws(BNCError) -> JSON {
        func fail(_ rule: String) -> BNCError { BNCError.invalid(path(), rule) }
        switch (type, value) {
        case (.any, _):
            try Self.checkNested(value, at: path)
            return value
        case (.string, .string(let s)), (.version, .string(let s)):
            return try checkString(s, at: path()).map(JSON.string) ?? value
        case (.version, .number(let n)):
            return .string(n.literal)
        case (.boolean, .bool): return value
        // The one BOOL rule, however the value came: 1 and 0 (the Android SDK's limit_ad_tracking) and the words
        // a flag takes, sent as JSON's true and false.
        case (.boolean, .number(let n)):
            guard let b = Self.boolean(n.literal) else { throw fail("\(Self.booleanRule) (got \(n.literal))") }
            return .bool(b)
        case (.boolean, .string(let s)):
            guard let b = Self.boolean(s) else { throw fail("\(Self.booleanRule) (got \(s.debugDescription))") }
            return .bool(b)
        case (.integer, .number(let n)):
            guard n.isInteger, let i = n.int64 else {
                let d = n.double
                // 100.0 and 1e2 are whole numbers, written as no integer field of Branch's takes them.
                if !n.isInteger, d.isFinite, d == d.rounded(), abs(d) < 9.2e18, range.map({ $0.contains(d) }) ?? true {
                    throw fail("must be written as a whole number, without a fraction or an exponent (got \(n.literal))")
                }
                throw fail("must be a whole number \(range.map(Self.describe) ?? "between -2^63 and 2^63-1") (got \(n.literal))")
            }
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
        case (.object, .object), (.array, .array):
            if !checkedByTable { try Self.checkNested(value, at: path) }
            return value
        case (.strings, .array(let items)):
            for (i, item) in items.enumerated() {
                guard case .string(let s) = item else { throw BNCError.invalid("\(path())[\(i)]", "must be a string, got \(item.typeName)") }
                _ = try checkString(s, at: "\(path())[\(i)]")
                // A certificate listed twice is a paste gone wrong (assetlinks.json lists each once).
                if pattern == .certFingerprint, let first = items[..<i].firstIndex(where: { $0.stringValue?.uppercased() == s.uppercased() }) {
                    throw BNCError.invalid("\(path())[\(i)]", "repeats [\(first)]: list each certificate once")
                }
            }
            return value
        default:
            throw fail("must be \(Self.article(type.label)) \(type.label), got \(value.typeName)")
        }
    }

    /// Checks a string; returns its canonical spelling when that differs (`foldsCase`), else nil.
    private func checkString(_ s: String, at path: @autoclosure () -> String) throws(BNCError) -> String? {
        if let bad = Self.textProblem(in: s, multiline: multiline) {
            throw BNCError.invalid(path(), "must not contain \(bad)")
        }
        if notBlank && !Self.isFilled(s) { throw BNCError.invalid(path(), "must not be blank" + hintText) }
        // Characters are Unicode code points, as the published JSON Schema's maxLength counts them (and bnc-mcp's
        // gate): grapheme clusters let 127 "é" written as e + U+0301 through here and not through the schema (QA
        // round 31c). Counted only when the UTF-8 length could exceed the limit.
        if let maxLength, s.utf8.count > maxLength, s.unicodeScalars.count > maxLength {
            throw BNCError.invalid(path(), "must be at most \(maxLength) characters (got \(s.unicodeScalars.count))")
        }
        var canonical: String?
        if let allowed, !allowed.contains(s) {
            if foldsCase, let match = allowed.first(where: { $0.lowercased() == s.lowercased() }) {
                canonical = match
            } else {
                let shown: String
                if foldsCase {
                    shown = allowed.dropLast().joined(separator: ", ") + " or " + allowed.last!
                } else {
                    shown = "one of " + (allowed.count <= 12 ? allowed.joined(separator: ", ") : allowed.prefix(6).joined(separator: ", ") + ", ...")
                }
                var rule = "must be \(shown) (got \(secret ? Redactor.placeholder : s))"
                if !secret, let guess = EditDistance.closest(to: s, in: allowed) { rule += "; did you mean \(guess)?" }
                throw BNCError.invalid(path(), rule)
            }
        }
        // A secret's value is never quoted back (a finding about a logged key lands in reports).
        if let pattern, !pattern.matches(s) { throw BNCError.invalid(path(), "must be \(pattern.description) (got \(secret ? Redactor.placeholder : s))") }
        return canonical
    }

    /// What a missing or blank value's message ends with: ` (use "NA" when unknown)`, ` (--app-version)`.
    public var hintText: String { (hint ?? flag).map { " (\($0))" } ?? "" }

    /// Some character that is not white space (a value starting with a printable ASCII one is decided at once).
    public static func isFilled(_ s: String) -> Bool {
        if let first = s.utf8.first, first > 0x20, first < 0x7F { return true }
        return s.contains { !$0.isWhitespace }
    }

    /// NUL anywhere, or CR/LF in a one-line value: the characters that split headers and log lines.
    public static func forbiddenCharacter(in s: String, multiline: Bool) -> String? {
        // NUL, CR and LF are single bytes in UTF-8 and never part of a longer sequence.
        s.withUTF8Bytes { bytes -> String? in
            for b in bytes {
                if b == 0 { return "NUL characters" }
                if !multiline && (b == 13 || b == 10) { return "line breaks (CR or LF)" }
            }
            return nil
        }
    }

    /// `forbiddenCharacter` and `displayHazard` in one pass over the bytes, as every string of every batch line is
    /// checked: printable ASCII, nearly all of them, costs one comparison (two passes cost 1.7% of a batch's request).
    static func textProblem(in s: String, multiline: Bool) -> String? {
        let suspect = s.withUTF8Bytes { bytes -> Bool in
            for b in bytes {
                if b &- 0x20 < 0x5F { continue }  // printable ASCII
                if b < 0x80 || b == 0xC2 || b == 0xE2 { return true }
            }
            return false
        }
        guard suspect else { return nil }
        return forbiddenCharacter(in: s, multiline: multiline) ?? displayHazard(in: s)
    }

    /// What a field's text may not hold besides (`forbiddenCharacter`): C0 controls but TAB, CR and LF, DEL, C1
    /// controls (C2 80-9F) and the bidi overrides and isolates (U+202A-202E: E2 80 AA-AE; U+2066-2069: E2 81
    /// A6-A9). A label or name with an ESC sequence or a right-to-left override shows as something else in a
    /// dashboard or a terminal. Fields only: a header, a path or a template has its own words for its own rule.
    public static func displayHazard(in s: String) -> String? {
        s.withUTF8Bytes { bytes -> String? in
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if (b < 0x20 && b != 9 && b != 10 && b != 13 && b != 0) || b == 0x7F {
                    return "control characters (U+\(Hex.encode([0, b], upper: true)))"
                } else if b == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) {
                    return "control characters (U+\(Hex.encode([0, bytes[i + 1]], upper: true)))"
                } else if b == 0xE2, i + 2 < bytes.count,
                          (bytes[i + 1] == 0x80 && (0xAA...0xAE).contains(bytes[i + 2])) || (bytes[i + 1] == 0x81 && (0xA6...0xA9).contains(bytes[i + 2])) {
                    return "bidirectional overrides or isolates (U+202A-202E, U+2066-2069)"
                }
                i += 1
            }
            return nil
        }
    }

    /// The suite's rule for any JSON a field carries, at any depth (bnc(1) LIMITS, JSON): strings without NUL,
    /// numbers finite and, when whole, within 64 bits (Branch reads them as longs and doubles: a 30-digit id
    /// arrived changed). The path is made only for an error.
    /// One rule with bnc-api's bodies (`APIRequest`): an empty path is the whole body, its members named bare.
    static func checkNested(_ value: JSON, at path: () -> String) throws(BNCError) {
        func fail(_ rule: String) -> BNCError { let p = path(); return BNCError.invalid(p.isEmpty ? "body" : p, rule) }
        switch value {
        case .string(let s):
            if s.utf8.contains(0) { throw fail("must not contain NUL characters") }
        case .number(let n):
            let fits = n.isInteger ? (n.int64 != nil || UInt64(n.literal) != nil) : n.double.isFinite
            guard fits else { throw fail("must be a finite number within 64 bits (got \(n.literal.prefix(40)))") }
        case .array(let items):
            for (i, item) in items.enumerated() { try checkNested(item, at: { "\(path())[\(i)]" }) }
        case .object(let o):
            for (k, v) in o { try checkNested(v, at: { let p = path(); return p.isEmpty ? k : "\(p).\(k)" }) }
        case .null, .bool: break
        }
    }

    /// A BOOL written as text (a flag, a device file's `key=value`): true or false in any case, or 1 or 0 as the
    /// Android SDK sends `limit_ad_tracking`. One rule for every BOOL, however it is given.
    public static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }

    public static let booleanRule = "must be true or false (or 1 or 0)"

    public static func describe(_ r: ClosedRange<Double>) -> String {
        // A whole bound as its digits; Int64.max's Double (2^63) as Int64.max, not 9.223372036854776e+18.
        func show(_ d: Double) -> String {
            if d == Double(Int64.max) { return String(Int64.max) }
            return Int64(exactly: d).map(String.init) ?? String(d)
        }
        if r.upperBound == .greatestFiniteMagnitude { return "at least \(show(r.lowerBound))" }
        return "between \(show(r.lowerBound)) and \(show(r.upperBound))"
    }

    static func article(_ word: String) -> String {
        // "an event_data", "an integer", but "a user_data", "a UUID": a leading u is usually read "you".
        ["a", "e", "i", "o"].contains(word.first.map { String($0) } ?? "") ? "an" : "a"
    }
}

