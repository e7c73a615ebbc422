// The TOML subset a bnc config file may use, read line by line into a tree: comments, `[table.name]` headers,
// `key = value` with dotted and quoted keys, one-line basic and literal strings (with TOML's escapes), decimal
// integers and booleans — everything bnc-config(5) documents. TOML's own rules hold: a key is defined once, a
// table header once, and a value is never reopened as a table. Anything else is refused with its line number
// (exit 78). Written here rather than taken from a TOML library: the one this project used (TOMLKit, over
// toml++) aborted on some malformed files (an assert in C++ fired on `[e]\ny=""\n[`) and linked Foundation's
// ICU into every tool, 60 MB of each binary for a dozen lines of configuration.

/// A value of a config file.
public enum ConfigValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case bool(Bool)
    case table(ConfigTable)

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var table: ConfigTable? { if case .table(let t) = self { t } else { nil } }
}

/// A table's entries in the order the file gives them, found by key through an index (a table of many keys is
/// read in linear time, not compared key by key).
public struct ConfigTable: Sendable, Equatable {
    public fileprivate(set) var entries: [(key: String, value: ConfigValue)] = []
    fileprivate var positions: [String: Int] = [:]
    /// Tables opened by a `[header]` (a second header for one of them is an error).
    fileprivate var headed = false

    public subscript(key: String) -> ConfigValue? { positions[key].map { entries[$0].value } }

    fileprivate mutating func append(_ key: String, _ value: ConfigValue) {
        positions[key] = entries.count
        entries.append((key, value))
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

enum ConfigSyntax {
    static let hint = "bnc reads a subset of TOML: [profile.NAME] tables and key = \"string\" lines (see bnc-config(5))"
    /// Parts of one dotted key or table header: bnc's deepest is three (profile.NAME.key); a 40 KB header of
    /// 20,000 parts once took gigabytes. Bounded, the parse is linear in the file.
    static let maxKeyParts = 16

    static func parse(_ text: String, path: String) throws(BNCError) -> ConfigTable {
        var root = ConfigTable()
        var current: [String] = []
        var number = 0
        // "\r\n" is one Character in Swift: split on both spellings of a line end.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            var line = Substring(raw)
            if line.last == "\r" { line = line.dropLast() }
            if number == 1, line.first == "\u{FEFF}" { line = line.dropFirst() }
            let at = number
            func fail(_ rule: String) -> BNCError { .configuration("\(path):\(at): \(rule)", hint: hint) }
            if line.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F || $0 == "\u{FEFF}" }) {
                throw fail("control characters are not allowed")
            }
            var s = Scanner(line)
            s.skipSpace()
            if s.atEnd || s.peek == "#" { continue }
            if s.peek == "[" {
                s.advance()
                if s.peek == "[" { throw fail("arrays of tables ([[name]]) are not part of bnc's config") }
                guard let key = s.key() else { throw fail("a table header is [name] or [name.sub]") }
                guard key.count <= maxKeyParts else { throw fail("a table header has at most \(maxKeyParts) dotted parts") }
                guard s.peek == "]" else { throw fail("a table header must end with ]") }
                s.advance()
                try root.open(key[...], header: true, name: key.joined(separator: "."), line: fail)
                current = key
            } else {
                guard let key = s.key() else { throw fail("expected key = value") }
                guard current.count + key.count <= maxKeyParts else { throw fail("a key has at most \(maxKeyParts) dotted parts, with its table's") }
                guard s.peek == "=" else { throw fail("expected = after the key") }
                s.advance()
                s.skipSpace()
                guard let value = s.value() else { throw fail("a value is a \"string\", a 'literal string', an integer, true or false") }
                try root.set((current + key)[...], value, line: fail)
            }
            s.skipSpace()
            guard s.atEnd || s.peek == "#" else { throw fail("unexpected text after the value") }
        }
        return root
    }

    struct Scanner {
        let chars: [Unicode.Scalar]
        var i = 0
        init(_ line: Substring) { chars = Array(line.unicodeScalars) }
        var atEnd: Bool { i >= chars.count }
        var peek: Unicode.Scalar? { atEnd ? nil : chars[i] }
        mutating func advance() { i += 1 }
        mutating func skipSpace() { while let c = peek, c == " " || c == "\t" { advance() } }

        static func isBare(_ c: Unicode.Scalar) -> Bool {
            ("A"..."Z").contains(c) || ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-"
        }

        /// A dotted key of bare (`A-Za-z0-9_-`) or quoted parts, with spaces around the dots.
        mutating func key() -> [String]? {
            var parts: [String] = []
            repeat {
                // Past the bound the parts are not collected: the caller refuses the key.
                if parts.count > ConfigSyntax.maxKeyParts { return parts }
                skipSpace()
                if peek == "\"" || peek == "'" {
                    guard let part = string() else { return nil }
                    parts.append(part)
                } else {
                    let start = i
                    while let c = peek, Self.isBare(c) { advance() }
                    guard i > start else { return nil }
                    parts.append(text(start..<i))
                }
                skipSpace()
                guard peek == "." else { return parts }
                advance()
            } while true
        }

        func text(_ r: Range<Int>) -> String {
            var s = ""
            s.unicodeScalars.append(contentsOf: chars[r])
            return s
        }

        mutating func value() -> ConfigValue? {
            if peek == "\"" || peek == "'" { return string().map(ConfigValue.string) }
            let start = i
            while let c = peek, Self.isBare(c) || c == "+" { advance() }
            let word = text(start..<i)
            if word == "true" || word == "false" { return .bool(word == "true") }
            return Self.integer(word).map(ConfigValue.integer)
        }

        /// A decimal integer as TOML writes it: an optional sign, no leading zeros, `_` only between digits.
        static func integer(_ word: String) -> Int64? {
            var digits = Substring(word)
            if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
            guard let first = digits.first, let last = digits.last, first.isASCII && first.isNumber && last.isASCII && last.isNumber,
                  !digits.contains("__"), digits.allSatisfy({ $0 == "_" || $0.isASCII && $0.isNumber }),
                  first != "0" || digits.count == 1 else { return nil }
            return Int64(word.filter { $0 != "_" })
        }

        /// A one-line basic string (with TOML's escapes) or literal string, decoded.
        mutating func string() -> String? {
            guard let quote = peek else { return nil }
            advance()
            // Multi-line strings ("""/''') are outside the subset.
            if peek == quote, i + 1 < chars.count, chars[i + 1] == quote { return nil }
            var out = String.UnicodeScalarView()
            while let c = peek {
                advance()
                if c == quote { return String(out) }
                guard quote == "\"" && c == "\\" else {
                    out.append(c)
                    continue
                }
                guard let e = peek else { return nil }
                advance()
                switch e {
                case "b": out.append("\u{8}")
                case "t": out.append("\t")
                case "n": out.append("\n")
                case "f": out.append("\u{C}")
                case "r": out.append("\r")
                case "\"", "\\": out.append(e)
                case "u", "U":
                    let n = e == "u" ? 4 : 8
                    guard i + n <= chars.count, let v = UInt32(text(i..<i + n), radix: 16), chars[i..<i + n].allSatisfy(\.properties.isASCIIHexDigit),
                          let scalar = Unicode.Scalar(v) else { return nil }
                    out.append(scalar)
                    i += n
                default: return nil
                }
            }
            return nil
        }
    }
}

extension ConfigTable {
    /// The position of the table under `key`, created when absent; an error when `key` holds a value.
    private mutating func childTable(_ key: String, line fail: (String) -> BNCError) throws(BNCError) -> (index: Int, table: ConfigTable) {
        guard let index = positions[key] else {
            append(key, .table(ConfigTable()))
            return (entries.count - 1, ConfigTable())
        }
        guard case .table(let t) = entries[index].value else { throw fail("\(key) is already a value, not a table") }
        return (index, t)
    }

    /// Opens (creating as needed) the table at `path`; `header`: named by a `[header]`, which may come only once.
    fileprivate mutating func open(_ path: ArraySlice<String>, header: Bool, name: String, line fail: (String) -> BNCError) throws(BNCError) {
        guard let first = path.first else { return }
        var (index, child) = try childTable(first, line: fail)
        if path.count == 1 && header {
            if child.headed { throw fail("table [\(name)] is defined twice") }
            child.headed = true
        }
        // Moved out while it changes, so the child's storage is not copied.
        entries[index].value = .bool(false)
        try child.open(path.dropFirst(), header: header, name: name, line: fail)
        entries[index].value = .table(child)
    }

    /// Sets the value at a full dotted path (its tables created as needed); a key is defined once.
    fileprivate mutating func set(_ path: ArraySlice<String>, _ value: ConfigValue, line fail: (String) -> BNCError) throws(BNCError) {
        guard let first = path.first else { return }
        if path.count == 1 {
            if positions[first] != nil { throw fail("\(first) is defined twice") }
            append(first, value)
            return
        }
        var (index, child) = try childTable(first, line: fail)
        entries[index].value = .bool(false)
        try child.set(path.dropFirst(), value, line: fail)
        entries[index].value = .table(child)
    }
}
