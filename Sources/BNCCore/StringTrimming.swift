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
