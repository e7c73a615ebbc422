// A list of field specs, one API body or one object inside it, with the rules that tie its fields together:
// checking a body against it is the one validation of a single request and a batch line alike.
import BNCSuite

/// A list of field specs, one API body or one object inside it, and the rules between its fields. `check`
/// applies, in order: each member's own spec (type, pattern, range, allowed values, never blank), then the
/// table's rules — required fields, platform-only fields against `platformKey`, first-session-only fields
/// against `firstSessionKey`, then `rules` in their order.
public struct FieldTable: Sendable {
    /// What the table describes, in messages: "v1/open", "user_data", "a content item".
    public let name: String
    public let fields: [FieldSpec]
    /// Each name's position in `fields` (the batch runner looks up every key of every line).
    private let index: NameIndex
    /// What a key the table does not declare is.
    public let unknownKeys: UnknownKeys
    /// The member naming the platform (`os`): a field declared for one platform is refused with another.
    public let platformKey: String?
    /// The member saying a session is an app's first (`first_session`): first-session-only fields need it true.
    public let firstSessionKey: String?
    /// The rules between fields, checked in order after each field's own.
    public let rules: [FieldRule]
    /// The required fields a body must carry (credentials are the builder's), in table order.
    private let requiredFields: [FieldSpec]
    /// Whether some field is declared for one platform, or for first sessions only (skips a pass when not).
    private let hasPlatformFields: Bool, hasFirstSessionFields: Bool
    /// Each rule's warning as said at the top level and inside the table's own member (`user_data.`): a batch
    /// line that breaks a warning rule (no User-Agent) made the same text again on every line, 1.8 k
    /// instructions, although only the first line that says it prints it.
    private let bareWarnings: [String], namedWarnings: [String]

    public enum UnknownKeys: Sendable {
        /// A warning with a did-you-mean; the key is not sent (a builder emits only declared keys).
        case warnAndDrop
        /// Custom keys, allowed, each checked against this spec (content items keep flat custom keys).
        case custom(FieldSpec)
    }

    public init(_ name: String, unknownKeys: UnknownKeys = .warnAndDrop, platformKey: String? = nil, firstSessionKey: String? = nil,
                _ fields: [FieldSpec], rules: [FieldRule] = []) {
        self.name = name
        self.fields = fields
        self.unknownKeys = unknownKeys
        self.platformKey = platformKey
        self.firstSessionKey = firstSessionKey
        self.rules = rules
        requiredFields = fields.filter { $0.required && !$0.credential }
        hasPlatformFields = platformKey != nil && fields.contains { $0.platform != nil }
        hasFirstSessionFields = firstSessionKey != nil && fields.contains(where: \.firstSessionOnly)
        var seen = Set<String>()
        for f in fields { precondition(seen.insert(f.name).inserted, "\(name): \(f.name) is declared twice") }
        index = NameIndex(fields.map(\.name))
        bareWarnings = rules.map { Self.warning($0, prefix: "", table: name) }
        namedWarnings = rules.map { Self.warning($0, prefix: name + ".", table: name) }
    }

    /// Where a broken rule is said to be: its field under `prefix`, else the object itself.
    private static func path(_ rule: FieldRule, prefix: String, table: String) -> String {
        rule.field.map { prefix + $0 } ?? (prefix.isEmpty ? table : String(prefix.dropLast()))
    }

    private static func warning(_ rule: FieldRule, prefix: String, table: String) -> String {
        "\(path(rule, prefix: prefix, table: table)) \(rule.message)"
    }

    public subscript(name: String) -> FieldSpec? { index.position(of: name).map { fields[$0] } }
    public func declares(_ name: String) -> Bool { index.position(of: name) != nil }
    public var names: [String] { fields.map(\.name) }
    public var secretNames: Set<String> { Set(fields.filter(\.secret).map(\.name)) }

    /// The members a device fills: each field declared `device:` with the device's value, in table order.
    public func values(from device: Device) -> [(String, JSON)] {
        fields.compactMap { f in f.device.flatMap { device[$0] }.map { (f.name, $0) } }
    }

    /// Names the rules, `platformKey` or `firstSessionKey` read that the table does not declare: a test holds
    /// this empty for every table (a rule over a misspelt name would never fire).
    public var undeclaredRuleNames: [String] {
        var names = [platformKey, firstSessionKey].compactMap { $0 }
        for r in rules { names += (r.field.map { [$0] } ?? []) + r.broken.names }
        return names.filter { !declares($0) }
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
        // A version number sent as text, a canonical spelling (`ios` sent as `iOS`), a BOOL's 1 or "true" sent as
        // JSON's true.
        func rewrites(_ spec: FieldSpec, _ value: JSON, _ checked: JSON) -> Bool {
            if case .version = spec.type, case .number = value { return true }
            if spec.type == .boolean, value.boolValue == nil { return true }
            return spec.foldsCase && checked != value
        }
        for (n, (key, value)) in object.enumerated() {
            if let ignoring, key == ignoring { diverge(at: n); continue }
            if let i = index.position(of: key) {
                if value.isNull { diverge(at: n); continue }
                let spec = fields[i]
                let checked = try spec.check(value, at: prefix + key)
                if rewrites(spec, value, checked) { diverge(at: n) }
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
                // An empty key is refused from a line as a flag's `=v` is (QA round 28a: `{"":"v"}` was sent).
                if key.isEmpty { throw BNCError.invalid(prefix.isEmpty ? name : String(prefix.dropLast()), "has a member whose key is empty") }
                if let bad = FieldSpec.forbiddenCharacter(in: key, multiline: false) {
                    throw BNCError.invalid(path, "key must not contain \(bad)")
                }
                let checked = try spec.check(value, at: path)
                if rewrites(spec, value, checked) { diverge(at: n) }
                out?[key] = checked
            }
        }
        let checked = out ?? object
        try enforce(checked, prefix: prefix, warnings: warnings)
        return checked
    }

    /// The table's rules over a body whose members each passed their own spec.
    private func enforce(_ o: JSONObject, prefix: String, warnings: Warnings) throws(BNCError) {
        for f in requiredFields where o[f.name]?.isNull ?? true {
            throw BNCError.invalid(prefix + f.name, "is required" + f.hintText)
        }
        if hasPlatformFields, let platformKey, let platform = o[platformKey]?.stringValue.flatMap(Platform.init(rawValue:)) {
            for (key, _) in o {
                guard let i = index.position(of: key), let only = fields[i].platform, only != platform else { continue }
                throw BNCError.invalid(prefix + key, "is \(only.rawValue) only and must not be sent with \(platformKey) \(platform.rawValue)")
            }
        }
        if hasFirstSessionFields, let firstSessionKey, o[firstSessionKey] != .bool(true) {
            for (key, _) in o {
                guard let i = index.position(of: key), fields[i].firstSessionOnly else { continue }
                let flag = self[firstSessionKey]?.flag.map { " (\($0) true)" } ?? ""
                throw BNCError.invalid(prefix + key, "is only sent with an app's first session\(flag)")
            }
        }
        for (i, rule) in rules.enumerated() where rule.broken.holds(in: o) {
            switch rule.level {
            case .error: throw BNCError.invalid(Self.path(rule, prefix: prefix, table: name), rule.message)
            case .warning:
                if prefix.isEmpty {
                    warnings.add(bareWarnings[i])
                } else if prefix.utf8.count == name.utf8.count + 1, prefix.utf8.last == UInt8(ascii: "."), prefix.utf8.starts(with: name.utf8) {
                    warnings.add(namedWarnings[i])
                } else {
                    warnings.add(Self.warning(rule, prefix: prefix, table: name))
                }
            }
        }
    }

    /// The table as --help and man pages show it: one line per field, its type, platform and rule; then the
    /// rules between fields.
    public var helpText: String {
        var lines = fields.map { "  \($0.name) (\($0.tags)): \($0.help)" }
        if !rules.isEmpty {
            lines.append("\nRules of \(name), checked after each field's own:")
            lines += rules.map { $0.helpLine(object: name) }
        }
        return lines.joined(separator: "\n")
    }
}

