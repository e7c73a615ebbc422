// Trimming white space, which FoundationEssentials does not offer: flags, files and config values are trimmed alike.

extension String {
    /// The string without leading and trailing white space and line breaks (FoundationEssentials has no trimming).
    public func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

/// A message as long as one line of a terminal can usefully hold: errors, warnings and batch results quote hostile
/// input (a 500,000-digit revenue, a server's 5 MB old value), and a quote is cut, not the rule it breaks.
public enum MessageBound {
    /// Bytes of UTF-8 kept.
    public static let limit = 1000

    /// `text` whole when within `limit` bytes, else its first whole characters up to it and how much was cut.
    public static func cut(_ text: String, limit: Int = limit) -> String {
        guard text.utf8.count > limit else { return text }
        var kept = 0
        var end = text.unicodeScalars.startIndex
        for scalar in text.unicodeScalars {
            let n = UTF8.width(scalar)
            if kept + n > limit { break }
            kept += n
            end = text.unicodeScalars.index(after: end)
        }
        end = tokenStart(text.unicodeScalars, before: end)
        kept = text.unicodeScalars[..<end].reduce(0) { $0 + UTF8.width($1) }
        return String(text.unicodeScalars[..<end]) + "… (\(text.utf8.count - kept) more bytes)"
    }

    /// Where to cut `scalars` at `end` without keeping the first part of a word of a secret's characters (letters,
    /// digits, `_ - + / =`: a credential, a Base64 token): a cut inside one leaves a head no mask knows, since a
    /// redactor finds a known secret or a credential's shape only whole (QA round 30a). A part of at least 8
    /// characters is dropped with the rest; a shorter one is kept.
    public static func tokenStart(_ scalars: String.UnicodeScalarView, before end: String.Index) -> String.Index {
        func isToken(_ s: Unicode.Scalar) -> Bool {
            s.isASCII && (ASCII.isLetter(UInt8(s.value)) || (0x30...0x39).contains(s.value) || "_-+/=".unicodeScalars.contains(s))
        }
        guard end < scalars.endIndex, isToken(scalars[end]) else { return end }
        var start = end, length = 0
        while start > scalars.startIndex, isToken(scalars[scalars.index(before: start)]) {
            start = scalars.index(before: start)
            length += 1
        }
        return length >= 8 ? start : end
    }
}
