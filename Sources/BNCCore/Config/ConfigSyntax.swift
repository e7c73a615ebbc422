// The TOML subset a bnc config file may use, checked line by line before TOMLKit parses it: toml++ (inside
// TOMLKit 0.6) aborts on some malformed input — an assert fires on a truncated table header such as
// `[e]\ny=""\n[` — and SwiftPM keeps C++ asserts on even in release builds. Everything bnc-config(5)
// documents passes: comments, `[table.name]` headers, `key = value` with dotted keys, strings, integers and
// booleans. Anything else is refused with its line number (exit 78) and never reaches the C++ parser.

enum ConfigSyntax {
    static func check(_ text: String, path: String) throws(BNCError) {
        var number = 0
        // "\r\n" is one Character in Swift: split on both spellings of a line end.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            var line = Substring(raw)
            if line.last == "\r" { line = line.dropLast() }
            if number == 1, line.first == "\u{FEFF}" { line = line.dropFirst() }
            func fail(_ rule: String) -> BNCError {
                .configuration("\(path):\(number): \(rule)", hint: "bnc reads a subset of TOML: [profile.NAME] tables and key = \"string\" lines (see bnc-config(5))")
            }
            if line.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F || $0 == "\u{FEFF}" }) {
                throw fail("control characters are not allowed")
            }
            var s = Scanner(line)
            s.skipSpace()
            if s.atEnd || s.peek == "#" { continue }
            if s.peek == "[" {
                s.advance()
                guard s.key() else { throw fail("a table header is [name] or [name.sub]") }
                guard s.peek == "]" else { throw fail("a table header must end with ]") }
                s.advance()
            } else {
                guard s.key() else { throw fail("expected key = value") }
                guard s.peek == "=" else { throw fail("expected = after the key") }
                s.advance()
                s.skipSpace()
                guard s.value() else { throw fail("a value is a \"string\", a 'literal string', an integer, true or false") }
            }
            s.skipSpace()
            guard s.atEnd || s.peek == "#" else { throw fail("unexpected text after the value") }
        }
    }

    struct Scanner {
        let chars: [Character]
        var i = 0
        init(_ line: Substring) { chars = Array(line) }
        var atEnd: Bool { i >= chars.count }
        var peek: Character? { atEnd ? nil : chars[i] }
        mutating func advance() { i += 1 }
        mutating func skipSpace() { while let c = peek, c == " " || c == "\t" { advance() } }

        /// A dotted key of bare (`A-Za-z0-9_-`) or quoted parts, with spaces around the dots.
        mutating func key() -> Bool {
            repeat {
                skipSpace()
                if peek == "\"" || peek == "'" {
                    guard string() else { return false }
                } else {
                    let start = i
                    while let c = peek, c.isASCII, c.isLetter || c.isNumber || c == "_" || c == "-" { advance() }
                    guard i > start else { return false }
                }
                skipSpace()
                guard peek == "." else { return true }
                advance()
            } while true
        }

        mutating func value() -> Bool {
            if peek == "\"" || peek == "'" { return string() }
            let start = i
            while let c = peek, c.isASCII, c.isLetter || c.isNumber || c == "_" || c == "+" || c == "-" { advance() }
            let word = String(chars[start..<i])
            if word == "true" || word == "false" { return true }
            let digits = word.drop { $0 == "+" || $0 == "-" }.filter { $0 != "_" }
            return !digits.isEmpty && digits.allSatisfy(\.isNumber)
        }

        /// A one-line basic string (with TOML's escapes) or literal string.
        mutating func string() -> Bool {
            guard let quote = peek else { return false }
            advance()
            // Multi-line strings ("""/''') are outside the subset.
            if peek == quote, i + 1 < chars.count, chars[i + 1] == quote { return false }
            while let c = peek {
                advance()
                if c == quote { return true }
                if quote == "\"" && c == "\\" {
                    guard let e = peek else { return false }
                    advance()
                    switch e {
                    case "b", "t", "n", "f", "r", "\"", "\\": continue
                    case "u", "U":
                        let n = e == "u" ? 4 : 8
                        guard i + n <= chars.count, chars[i..<i + n].allSatisfy(\.isHexDigit) else { return false }
                        i += n
                    default: return false
                    }
                }
            }
            return false
        }
    }
}
