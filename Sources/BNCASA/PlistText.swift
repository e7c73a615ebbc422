// The legacy iAd payload's property-list text, read and written without Foundation's plist support.
import BNCCore
import FoundationEssentials

/// The NeXTSTEP-style text Apple's sample prints: `{ "Version3.1" = { "iad-attribution" = true; ... }; }`.
enum PlistText {
    static func parse(_ text: String) throws(BNCError) -> JSON {
        var p = Parser(chars: Array(text.unicodeScalars))
        let value = try p.value()
        p.skip()
        guard p.i == p.chars.count else { throw p.fail("unexpected text after the dictionary") }
        return value
    }

    struct Parser {
        let chars: [Unicode.Scalar]
        var i = 0
        /// Dictionaries open around the value being read: bounded as JSON's are (a file of 5,000 `{` overflowed
        /// the stack).
        var depth = 0
        static let maxDepth = 256

        func fail(_ what: String) -> BNCError { BNCError.invalid("iAd payload", "plist-like text: \(what) at character \(i + 1)") }
        mutating func skip() { while i < chars.count, chars[i].properties.isWhitespace { i += 1 } }

        mutating func value() throws(BNCError) -> JSON {
            skip()
            guard i < chars.count else { throw fail("unexpected end") }
            if chars[i] == "{" {
                guard depth < Self.maxDepth else { throw fail("nesting deeper than \(Self.maxDepth) levels") }
                i += 1
                depth += 1
                defer { depth -= 1 }
                var o = JSONObject()
                while true {
                    skip()
                    guard i < chars.count else { throw fail("unclosed {") }
                    if chars[i] == "}" { i += 1; return .object(o) }
                    guard case .string(let key) = try value() else { throw fail("a key must be a string") }
                    skip()
                    guard i < chars.count, chars[i] == "=" else { throw fail("expected =") }
                    i += 1
                    o[key] = try value()
                    skip()
                    if i < chars.count, chars[i] == ";" || chars[i] == "," { i += 1 }
                }
            }
            if chars[i] == "\"" {
                i += 1
                var s = String.UnicodeScalarView()
                while i < chars.count, chars[i] != "\"" {
                    if chars[i] == "\\", i + 1 < chars.count { i += 1 }
                    s.append(chars[i])
                    i += 1
                }
                guard i < chars.count else { throw fail("unclosed string") }
                i += 1
                return .string(String(s))
            }
            var word = String.UnicodeScalarView()
            while i < chars.count, !chars[i].properties.isWhitespace, ![";", ",", "}", "="].contains(chars[i]) {
                word.append(chars[i])
                i += 1
            }
            let w = String(word)
            if w == "true" || w == "false" { return .bool(w == "true") }
            if let n = JSONNumber(literal: w) { return .number(n) }
            guard !w.isEmpty else { throw fail("expected a value") }
            return .string(w)
        }
    }
}
