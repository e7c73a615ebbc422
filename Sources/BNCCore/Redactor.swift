// Keeps secrets out of every rendering: --dry-run, --curl, -v traces, errors and logs.
// Two nets: known secret values are replaced wherever they appear, and fields or headers whose names mark
// them as secret are masked even when bnc never saw the value before (a body passed with --body).

#if canImport(Glibc)
import Glibc
#endif

/// Masks secrets in requests and text, unless the user asked to see them (`--show-secrets`).
public struct Redactor: Sendable {
    public static let placeholder = "<redacted>"

    /// JSON members masked at any depth: the credential table's secrets plus those of the API tables a tool
    /// names (the field specs marked `secret`).
    public let secretFields: Set<String>
    /// The longest of them in bytes: a candidate name longer than this is not compared.
    private let longestName: Int
    /// Their lower-case bytes by length (index: the length), for `isSecretName` to compare in place.
    private let namesByLength: [[[UInt8]]]
    /// Headers that carry credentials (a request's, and an answer's cookie); any secret name is one too
    /// (`isSecretHeader`: X-Api-Key was masked by --dry-run's JSON only).
    public static let secretHeaders: Set<String> = ["access-token", "authorization", "proxy-authorization", "cookie", "set-cookie",
                                                    "x-auth-token", "api-key"]

    /// A header whose value is masked whole: a credential header, or one named as a secret field is.
    public func isSecretHeader(_ name: String) -> Bool {
        let n = name.trimmingWhitespace().lowercased()
        return Self.secretHeaders.contains(n) || secretFields.contains(n)
    }

    public let showSecrets: Bool
    /// Secret values, longest first so that one secret inside another is masked whole.
    private var values: [String]

    /// Names that mark a secret wherever they appear (a JSON member, a query or form parameter, an echoed
    /// header), whatever table a tool names: credentials, the headers that carry them, AdServices tokens.
    public static let alwaysSecret: Set<String> = [
        "branch_secret", "access_token", "access-token", "authorization", "proxy-authorization", "apple_attribution_token",
        "api_key", "apikey", "x-api-key", "client_secret", "password", "attribution_token", "conversion_key",
        // A signed download URL's credentials (S3's, as the Data APIs' files are served).
        "x-amz-signature", "x-amz-credential", "x-amz-security-token",
    ]

    /// Whether a name is a credential's, in any case (`alwaysSecret` and the credential table's secrets): what a
    /// module without a redactor at hand (a finding's text) must not quote.
    public static func isCredentialName(_ name: String) -> Bool { credentialNames.contains(name.lowercased()) }
    private static let credentialNames = alwaysSecret.union(CredentialFields.table.secretNames.map { $0.lowercased() })

    public init(secrets: [Secret], secretFields: Set<String> = CredentialFields.table.secretNames, showSecrets: Bool = false) {
        self.showSecrets = showSecrets
        self.secretFields = Set(secretFields.map { $0.lowercased() }).union(Self.alwaysSecret)
        longestName = self.secretFields.lazy.map(\.utf8.count).max() ?? 0
        var byLength = [[[UInt8]]](repeating: [], count: longestName + 1)
        for name in self.secretFields { byLength[name.utf8.count].append(Array(name.utf8)) }
        namesByLength = byLength
        self.values = Array(Set(secrets.map(\.exposed).filter { $0.count >= 4 })).sorted { $0.count > $1.count }
    }

    /// The same redactor, masking these values too.
    public func adding(_ secrets: [Secret]) -> Redactor {
        var r = self
        r.values = Array(Set(values + secrets.map(\.exposed).filter { $0.count >= 4 })).sorted { $0.count > $1.count }
        return r
    }

    /// A redactor that masks nothing extra (for `--show-secrets`).
    public static let none = Redactor(secrets: [], showSecrets: true)

    /// The text with every known secret value replaced, and with the secrets a URL may carry masked even when
    /// their value is unknown: a password in its user info (`https://u:pw@host`) and query parameters named as
    /// secret fields (`?branch_secret=...`).
    public func redact(_ text: String) -> String { redact(text, decoding: true) }

    /// `redact(_:)`, reading percent-encoded runs too unless `decoding` is false (the decoded run being read).
    private func redact(_ text: String, decoding: Bool) -> String {
        guard !showSecrets else { return text }
        var out = text
        // Credential shapes first, then the known values: a longer credential that begins with the run's own
        // secret lost that prefix to the placeholder first, and its tail no longer had the shape (QA round 28a).
        // One pass over the bytes each: this runs on every string a report, a trace or a recording writes
        // (a scan's report redacts each finding of each line), so no per-name search of the whole text.
        if Self.holdsCredentialPrefix(out) { out = Self.maskCredentialShapes(out) }
        for v in values where Self.contains(out, v) {
            out = out.replacing(v, with: Self.placeholder)
        }
        // memchr, not `utf8.contains` (a generic walk of the String's view: 11% of a scan's --report --junit).
        if Self.holds(out, UInt8(ascii: "@")) { out = Self.maskUserInfo(out) }
        if Self.holds(out, UInt8(ascii: "=")) { out = maskSecretParameters(out) }
        if Self.holds(out, UInt8(ascii: "\"")) { out = maskSecretMembers(out) }
        if decoding && (Self.holds(out, UInt8(ascii: "%")) || Self.holds(out, UInt8(ascii: "\\"))) { out = maskEncodedSecrets(out) }
        return out
    }

    /// A run of a query, a URL or JSON text that holds a secret once percent-decoded or JSON-unescaped, as a server,
    /// a JSON reader and bnc-tune read it (`secret%5Flive%5F…`, the run's own key as `%61bc…`, `branch_secret%3D…`
    /// inside an encoded URL, `secret\u005flive_…` in an answer's text), masked whole: a logged line's source in a
    /// report and a recording's answer showed them (QA rounds 29a, 29b). A run ends at a byte that separates a
    /// query's parts, white space, a quote or an angle bracket; only runs with a `%` or a `\u` are decoded.
    func maskEncodedSecrets(_ text: String) -> String {
        let bytes = Array(text.utf8)
        // The whole text decoded once first: most texts with escapes (a logged user agent, a model `iPhone15%2C2`)
        // hold no credential's prefix and no known secret once decoded, and escape no `=`, `@` or quote that could
        // make a secret parameter, user info or member; those are returned as they are without a run's decoding
        // (a scan's reports redact every finding's source line).
        let once = Self.decodedOnce(bytes[...])
        let whole = Self.decodedAgain(once)
        guard Self.escapesMarker(bytes) || Self.escapesMarker(Array(once.utf8)) || Self.holdsCredentialPrefix(whole)
                || values.contains(where: { Self.contains(whole, $0) }) else { return text }
        func ends(_ b: UInt8) -> Bool {
            switch b {
            case UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: ","),
                 UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"): true
            default: b <= 0x20 || b == 0x7F
            }
        }
        var out: [UInt8] = []
        var changed = false
        var i = 0
        while i < bytes.count {
            var end = i
            var escaped = false
            while end < bytes.count && !ends(bytes[end]) {
                escaped = escaped || bytes[end] == UInt8(ascii: "%")
                    || (bytes[end] == UInt8(ascii: "\\") && end + 1 < bytes.count && (bytes[end + 1] == UInt8(ascii: "u") || bytes[end + 1] == UInt8(ascii: "/")))
                end += 1
            }
            // A Base64 token's `=` padding is its own, not a parameter's: `=`s that end the run are part of it.
            var padded = end
            while padded < bytes.count && bytes[padded] == UInt8(ascii: "=") { padded += 1 }
            if padded > end && (padded == bytes.count || (ends(bytes[padded]) && bytes[padded] != UInt8(ascii: "&"))) { end = padded }
            if escaped {
                let run = bytes[i..<end]
                let decoded = Self.decoded(run)
                if !decoded.utf8.elementsEqual(run), redact(decoded, decoding: false) != decoded {
                    out += Array(Self.placeholder.utf8)
                    changed = true
                } else {
                    out += run
                }
            } else {
                out += bytes[i..<end]
            }
            if end < bytes.count { out.append(bytes[end]) }
            i = end + 1
        }
        return changed ? String(decoding: out, as: UTF8.self) : text
    }

    /// Whether the bytes escape a `=`, `@` or `"` (`%3D`, `%40`, `%22`, `\u003d`, `\u0040`, `\u0022`, any case).
    static func escapesMarker(_ b: [UInt8]) -> Bool {
        var i = 0
        while i + 2 < b.count {
            if b[i] == UInt8(ascii: "%") {
                let h = b[i + 1], l = ASCII.lower(b[i + 2])
                if (h == UInt8(ascii: "3") && l == UInt8(ascii: "d")) || (h == UInt8(ascii: "4") && l == UInt8(ascii: "0")) || (h == UInt8(ascii: "2") && l == UInt8(ascii: "2")) { return true }
            } else if b[i] == UInt8(ascii: "\\"), i + 5 < b.count, b[i + 1] == UInt8(ascii: "u"), b[i + 2] == UInt8(ascii: "0"), b[i + 3] == UInt8(ascii: "0") {
                let h = b[i + 4], l = ASCII.lower(b[i + 5])
                if (h == UInt8(ascii: "3") && l == UInt8(ascii: "d")) || (h == UInt8(ascii: "4") && l == UInt8(ascii: "0")) || (h == UInt8(ascii: "2") && l == UInt8(ascii: "2")) { return true }
            }
            i += 1
        }
        return false
    }

    /// A run as a reader of it may end up reading it: JSON escapes undone, then percent-decoded, twice when the
    /// first pass leaves escapes (`secret%255Flive%255F…`, a value encoded again by a proxy: QA round 30a).
    static func decoded(_ run: ArraySlice<UInt8>) -> String { decodedAgain(decodedOnce(run)) }

    /// Text decoded once, percent-decoded a second time when escapes are left in it.
    static func decodedAgain(_ once: String) -> String {
        holds(once, UInt8(ascii: "%")) ? HTTPURL.percentDecode(bytes: Array(once.utf8)[...], plus: false) : once
    }

    /// JSON escapes undone and percent-decoded once; each step only when the bytes hold its escape.
    static func decodedOnce(_ bytes: ArraySlice<UInt8>) -> String {
        let plain = ByteSearch.first(UInt8(ascii: "\\"), in: bytes) == nil ? Array(bytes) : unescapeJSON(bytes)
        return plain.withUnsafeBufferPointer { b in
            ByteSearch.first(UInt8(ascii: "%"), in: b, from: 0, to: b.count) == nil ? String(decoding: b, as: UTF8.self) : HTTPURL.percentDecode(buffer: b, plus: false)
        }
    }

    /// Whether `text` holds the byte (memchr over its UTF-8).
    static func holds(_ text: String, _ byte: UInt8) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { b in ByteSearch.first(byte, in: b, from: 0, to: b.count) != nil } ?? text.utf8.contains(byte)
    }

    /// The bytes with each JSON `\uXXXX` escape (a hex code unit) and `\/` written as what it stands for; any other
    /// byte as it is (a token with `\/` in a trace showed whole: QA round 30a).
    static func unescapeJSON(_ run: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(run.count)
        var i = run.startIndex
        while i < run.endIndex {
            if run[i] == UInt8(ascii: "\\"), i + 5 < run.endIndex, run[i + 1] == UInt8(ascii: "u"),
               let a = Hex.digit(run[i + 2]), let b = Hex.digit(run[i + 3]), let c = Hex.digit(run[i + 4]), let d = Hex.digit(run[i + 5]),
               let scalar = Unicode.Scalar(UInt32(a) << 12 | UInt32(b) << 8 | UInt32(c) << 4 | UInt32(d)) {
                out += Array(String(Character(scalar)).utf8)
                i += 6
            } else if run[i] == UInt8(ascii: "\\"), i + 1 < run.endIndex, run[i + 1] == UInt8(ascii: "/") {
                out.append(UInt8(ascii: "/"))
                i += 2
            } else {
                out.append(run[i])
                i += 1
            }
        }
        return out
    }

    /// The prefixes of Branch's credentials, whose shape alone says what they are: a value of that shape is masked
    /// wherever it is quoted (a secret pasted where a file name goes, another app's token in a batch line), not
    /// only the run's own.
    static let credentialPrefixes: [[UInt8]] = ["secret_live_", "secret_test_", "api_app_"].map { Array($0.utf8) }

    /// A credential's part after its prefix is 32 characters (Branch's secrets, its access tokens' hex); from this
    /// many on a value is taken for one, so a name that merely begins so (a campaign `api_app_launch`) is kept.
    static let credentialBodyMinimum = 16

    /// `secret_live_` and the rest of `credentialPrefixes`, followed by at least `credentialBodyMinimum` letters,
    /// digits, `_` or `-`, replaced by the placeholder.
    static func maskCredentialShapes(_ text: String) -> String {
        let bytes = Array(text.utf8)
        func isTokenByte(_ b: UInt8) -> Bool { ASCII.isLetter(b) || b &- 0x30 < 10 || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if let prefix = credentialPrefixes.first(where: { bytes[i...].starts(with: $0) }) {
                var end = i + prefix.count
                while end < bytes.count && isTokenByte(bytes[end]) { end += 1 }
                if end - i - prefix.count >= credentialBodyMinimum {
                    out += Array(placeholder.utf8)
                } else {
                    out += bytes[i..<end]
                }
                i = end
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Bytes that are not UTF-8 (a body in Latin-1, or binary), redacted as `redact(_:)` redacts text and otherwise
    /// kept byte for byte: each byte read as the Latin-1 character of its value, the text redacted (secrets and the
    /// markers around them are ASCII), and each character written back as its byte. A secret an answer echoes
    /// next to one byte that is not UTF-8 was recorded whole in a recording's Base64.
    public func redact(bytes: [UInt8]) -> [UInt8] {
        guard !showSecrets else { return bytes }
        var latin1 = String.UnicodeScalarView()
        latin1.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        let redacted = redact(String(latin1))
        return redacted.unicodeScalars.map { $0.value <= 0xFF ? UInt8($0.value) : UInt8(ascii: "?") }
    }

    /// Whether `needle` occurs in `text`, byte for byte (String.contains(String) is a generic search; memmem is a
    /// GNU extension the Swift Glibc module does not export).
    static func contains(_ text: String, _ needle: String) -> Bool {
        text.withUTF8Bytes { t in needle.withUTF8Bytes { n in
            guard let first = n.first else { return true }
            guard t.count >= n.count, let base = t.baseAddress else { return false }
            // memchr to each candidate first byte, then memcmp.
            var at = 0
            while let i = ByteSearch.first(first, in: t, from: at, to: t.count - n.count + 1) {
                if memcmp(base + i, n.baseAddress!, n.count) == 0 { return true }
                at = i + 1
            }
            return false
        } }
    }

    /// Whether the bytes name a secret field (ASCII case ignored).
    /// A secret field's name, in any case and however escaped: `%5F` in a query (`branch%5Fsecret`, which a server
    /// and bnc-tune read as branch_secret) or `\u005f` in JSON text.
    private func isSecretName(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= longestName * 6 else { return false }
        // Decoded and lower-cased into a buffer on the stack, then compared with the names of its length: this runs
        // for every name of every query and JSON text a report redacts (an array, a String and a hashed look-up
        // each were 16% of a scan's --report --junit).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestName + 1) { name -> Bool in
            var count = 0
            var i = bytes.startIndex
            while i < bytes.endIndex {
                let b = bytes[i]
                var decoded = b
                if b == UInt8(ascii: "%"), i + 2 < bytes.endIndex, let h = Hex.digit(bytes[i + 1]), let l = Hex.digit(bytes[i + 2]) {
                    decoded = h << 4 | l
                    i += 3
                } else if b == UInt8(ascii: "\\"), i + 5 < bytes.endIndex, bytes[i + 1] == UInt8(ascii: "u"), bytes[i + 2] == UInt8(ascii: "0"),
                          bytes[i + 3] == UInt8(ascii: "0"), let h = Hex.digit(bytes[i + 4]), let l = Hex.digit(bytes[i + 5]) {
                    decoded = h << 4 | l
                    i += 6
                } else {
                    i += 1
                }
                if count == longestName { return false }
                name[count] = ASCII.lower(decoded)
                count += 1
            }
            for candidate in namesByLength[count] where candidate.withUnsafeBufferPointer({ memcmp($0.baseAddress!, name.baseAddress!, count) == 0 }) {
                return true
            }
            return false
        }
    }

    /// `"branch_secret": "abc"` -> `"branch_secret": "<redacted>"` in JSON text that is not parsed (a -v trace of
    /// an answer, a logged body), for every secret field name: each quoted name followed by a colon and a string.
    func maskSecretMembers(_ text: String) -> String {
        let b = Array(text.utf8), quote = UInt8(ascii: "\"")
        let placeholder = Array(Self.placeholder.utf8)
        var out: [UInt8] = [], copied = 0, p = 0, changed = false
        while let open = b[p...].firstIndex(of: quote) {
            guard let close = b[(open + 1)...].firstIndex(of: quote) else { break }
            p = open + 1
            guard isSecretName(b[(open + 1)..<close]) else { continue }
            // Optional white space, a colon, white space, then a string value.
            var i = close + 1
            while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
            guard i < b.count, b[i] == UInt8(ascii: ":") else { continue }
            i += 1
            while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
            guard i < b.count, b[i] == quote else { continue }
            var j = i + 1, escaped = false
            while j < b.count {
                if escaped { escaped = false } else if b[j] == UInt8(ascii: "\\") { escaped = true } else if b[j] == quote { break }
                j += 1
            }
            if b[(i + 1)..<j].elementsEqual(placeholder) { p = j; continue }
            out += b[copied...i]
            out += placeholder
            copied = j
            p = j
            changed = true
            if j >= b.count { break }
        }
        guard changed else { return text }
        out += b[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// `scheme://user:password@` -> `scheme://user:<redacted>@`.
    public static func maskUserInfo(_ text: String) -> String {
        text.replacing(/(?<head>[A-Za-z][A-Za-z0-9+.\-]*:\/\/[^\/@\s:]*:)[^@\/\s]+@/) { match in
            "\(match.output.head)\(placeholder)@"
        }
    }

    /// `branch_secret=abc&` -> `branch_secret=<redacted>&`, for every secret field name, in queries and forms:
    /// a whole name (at the start, or after ?, &, ; or a space) then `=`; the value ends at &, a space, #, a quote
    /// or a line break.
    func maskSecretParameters(_ text: String) -> String {
        let b = Array(text.utf8)
        let placeholder = Array(Self.placeholder.utf8)
        var out: [UInt8] = [], copied = 0, changed = false
        // A name starts the text or follows a byte no name holds: a query's `?` or `&`, white space, a quote (a
        // form body logged as a JSON string), `#` (a fragment), `=` (a value that is itself `name=value`), `,` or
        // an opening bracket. Only `?`, `&`, space and `;` were taken, and a secret after `"` or `#` was not masked.
        func startsName(_ i: Int) -> Bool {
            i == 0 || Self.endsName(b[i - 1]) || Self.isEscapedAmpersand(b, endingAt: i)
        }
        var p = 0
        while let eq = b[p...].firstIndex(of: UInt8(ascii: "=")) {
            // The name is the bytes before `=` back to the nearest delimiter (a JSON-escaped `\u0026` is one: a URL
            // logged inside JSON text); it must start at a name's start.
            var n = eq
            while n > p, eq - n <= longestName * 3, !Self.endsName(b[n - 1]), !Self.isEscapedAmpersand(b, endingAt: n) { n -= 1 }
            p = eq + 1
            guard n < eq, startsName(n), isSecretName(b[n..<eq]) else { continue }
            var end = eq + 1
            while end < b.count, !Self.endsValue(b, end) { end += 1 }
            guard end > eq + 1 else { continue }
            out += b[copied...eq]
            out += placeholder
            copied = end
            p = end
            changed = true
        }
        guard changed else { return text }
        out += b[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether the six bytes before `i` are JSON's escaped ampersand, `\u0026`.
    private static func isEscapedAmpersand(_ b: [UInt8], endingAt i: Int) -> Bool {
        i >= 6 && b[i - 6] == UInt8(ascii: "\\") && b[i - 5] == UInt8(ascii: "u") && b[i - 4] == UInt8(ascii: "0")
            && b[i - 3] == UInt8(ascii: "0") && b[i - 2] == UInt8(ascii: "2") && b[i - 1] == UInt8(ascii: "6")
    }

    /// Bytes that cannot be part of a parameter name as matched above.
    private static func endsName(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "?") || c == UInt8(ascii: "&") || c == UInt8(ascii: " ") || c == UInt8(ascii: ";") || c == UInt8(ascii: "=")
            || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "#") || c == UInt8(ascii: ",") || c == UInt8(ascii: "(")
            || c == UInt8(ascii: "{") || c == UInt8(ascii: "<") || c == UInt8(ascii: "|") || c < 0x20 || c == 0x7F
    }

    /// Where a parameter's value ends: &, a space, #, a quote, or a line break (LF, CR, VT, FF, NEL, LS, PS).
    private static func endsValue(_ b: [UInt8], _ i: Int) -> Bool {
        switch b[i] {
        case UInt8(ascii: "&"), UInt8(ascii: " "), UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x0A, 0x0B, 0x0C, 0x0D: return true
        case UInt8(ascii: "\\"): return i + 6 <= b.count && isEscapedAmpersand(b, endingAt: i + 6)
        case 0xC2: return i + 1 < b.count && b[i + 1] == 0x85
        case 0xE2: return i + 2 < b.count && b[i + 1] == 0x80 && (b[i + 2] == 0xA8 || b[i + 2] == 0xA9)
        default: return false
        }
    }

    public func redact(_ json: JSON) -> JSON {
        guard !showSecrets else { return json }
        return redacted(json) ?? json
    }

    /// The value with its secrets masked, or nil when it has none: every answer of a batch passes here, and
    /// most have nothing to mask, so nothing is rebuilt unless something changes.
    private func redacted(_ json: JSON) -> JSON? {
        switch json {
        case .string(let s):
            let r = redact(s)
            return r == s ? nil : .string(r)
        case .array(let items):
            var out: [JSON]?
            for (i, item) in items.enumerated() {
                let r = redacted(item)
                if out == nil, r != nil { out = Array(items.prefix(i)) }
                out?.append(r ?? item)
            }
            return out.map(JSON.array)
        case .object(let object):
            var out: JSONObject?
            for (n, (k, v)) in object.enumerated() {
                var r: JSON?
                if case .string(let s) = v, isSecretField(k) {
                    r = s == Self.placeholder ? nil : .string(Self.placeholder)
                } else {
                    r = redacted(v)
                }
                if out == nil, r != nil { out = JSONObject(firstMembersOf: object, count: n) }
                out?[k] = r ?? v
            }
            return out.map(JSON.object)
        default: return nil
        }
    }

    /// Whether a cell of bulk data (an export's rows) needs `redact(_:)`: it has a byte that opens a member, a
    /// parameter, a URL's user info or a percent escape, is long enough to hold a credential of a known shape and holds its prefix
    /// (another app's secret, an access token: they were printed in clear from a CSV export), or is at least as
    /// long as a known secret and holds one. An export row has 142 cells, most empty or short: this is one pass over
    /// a cell's bytes and, for a long one, a search for each prefix and secret.
    /// (The values are sorted longest first: the last is the shortest.) False when secrets are shown.
    public func mayHoldSecret(_ s: String) -> Bool {
        guard !showSecrets else { return false }
        return s.withUTF8Bytes { b in
            guard !b.isEmpty else { return false }
            for c in b where c == UInt8(ascii: "\"") || c == UInt8(ascii: "=") || c == UInt8(ascii: "@") || c == UInt8(ascii: "%") { return true }
            if b.count >= Self.shortestCredential, Self.holdsCredentialPrefix(s) { return true }
            return b.count >= values.last?.utf8.count ?? Int.max && values.contains { Self.contains(s, $0) }
        }
    }

    /// Whether the text holds the start of a credential's prefix (`secret_`, `api_app_`): the cheap test before
    /// `maskCredentialShapes`, shared by `redact(_:)` and `mayHoldSecret(_:)`.
    static func holdsCredentialPrefix(_ s: String) -> Bool { contains(s, "secret_") || contains(s, "api_app_") }

    /// The fewest bytes a credential of a known shape has: the shortest prefix and the body's minimum.
    static let shortestCredential = credentialPrefixes.map(\.count).min()! + credentialBodyMinimum

    /// Whether a field, parameter or member of this name is a secret (masked whatever its value), unless secrets
    /// are shown.
    public func isSecret(name: String) -> Bool { !showSecrets && isSecretField(name) }

    /// A value shown under its name (an `--explain` line, a finding): masked whole when the name is a secret's,
    /// else with its known secrets masked.
    public func redact(_ value: JSON, named name: String) -> JSON {
        guard !showSecrets else { return value }
        switch value {
        case .null: return value
        case .string(let s) where s == Self.placeholder: return value
        case .string, .number, .bool: return isSecretField(name) ? .string(Self.placeholder) : redact(value)
        default: return redact(isSecretField(name) ? .string(Self.placeholder) : value)
        }
    }

    /// A member name marked secret, whatever its case (ASCII names compared in place; others lowercased as before).
    private func isSecretField(_ name: String) -> Bool {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            return secretFields.contains { ASCII.equalIgnoringCase($0.utf8, name.utf8) }
        }
        return secretFields.contains(name.lowercased())
    }

    public func redact(_ request: HTTPRequest) -> HTTPRequest {
        guard !showSecrets else { return request }
        if !request.secrets.isEmpty {
            var plain = request
            plain.secrets = []
            return adding(request.secrets).redact(plain)
        }
        var r = request
        r.url = redact(request.url)
        var headers = HTTPHeaders()
        for (name, value) in request.headers {
            headers.add(name, isSecretHeader(name) ? Self.placeholder : redact(value))
        }
        r.headers = headers
        switch request.body {
        case .json(let j)?: r.body = .json(redact(j))
        case .text(let t)?: r.body = .text(redact(t))
        case nil: break
        }
        return r
    }

    /// One header's value, masked by the header's name and by value (a recording, an explanation).
    public func redactHeaderValue(_ name: String, _ value: String) -> String {
        String(redactHeaderLine("\(name): \(value)").dropFirst(name.count + 2))
    }

    /// One header line of a trace (`Access-Token: abc`), masked by name and by value.
    public func redactHeaderLine(_ line: String) -> String {
        guard !showSecrets else { return line }
        if let colon = line.firstIndex(of: ":"), isSecretHeader(String(line[..<colon])) {
            return String(line[...colon]) + " " + Self.placeholder
        }
        return redact(line)
    }
}
