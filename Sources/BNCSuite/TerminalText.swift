// Text for a person's terminal, and the control characters no one-line value may hold. In BNCSuite so the
// front door, which links nothing else, escapes as every tool does.

/// Text for a person's terminal: control characters (C0 but tab and newline where allowed, DEL, C1) shown as
/// `\x1b` so that an answer cannot move the cursor, retitle the window or hide text (link data and error
/// messages come from the server).
public enum TerminalText {
    public static func escape(_ s: String, keepNewlines: Bool = false) -> String {
        guard s.unicodeScalars.contains(where: { needsEscape($0, keepNewlines: keepNewlines) }) else { return s }
        var out = ""
        for u in s.unicodeScalars {
            if needsEscape(u, keepNewlines: keepNewlines) {
                let hex = String(u.value, radix: 16)
                out += u.value <= 0xFF ? "\\x" + (hex.count == 1 ? "0" + hex : hex) : "\\u{\(hex)}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    static func needsEscape(_ u: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        if keepNewlines && u == "\n" { return false }
        // Bidirectional controls too (U+200E/F, U+202A-202E, U+2066-2069): they reorder what the terminal shows
        // (`\u{202E}` makes "exe.txt" read "txt.exe"; QA round 25b).
        return isControl(u) || u == "\u{2028}" || u == "\u{2029}" || (0x200E...0x200F).contains(u.value)
            || (0x202A...0x202E).contains(u.value) || (0x2066...0x2069).contains(u.value)
    }

    /// JSON text for a terminal: what `needsEscape` names, where JSON leaves it raw (DEL, C1, U+2028/2029, the
    /// bidi controls), written as its `\uXXXX` escape: the same JSON, read by a program the same, and no control
    /// reaching the terminal (QA round 26a: a server's U+202E reordered `--output json`'s lines). JSON's own
    /// escapes (C0, `"`, `\`) are already made; outside strings none of these characters stands.
    public static func jsonForTerminal(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && needsEscape($0, keepNewlines: true) }) else { return json }
        var out = String.UnicodeScalarView()
        for u in json.unicodeScalars {
            if u.value >= 0x7F && needsEscape(u, keepNewlines: true) {
                let hex = String(u.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                out.append(u)
            }
        }
        return String(out)
    }

    /// A control character: C0 (tab included), DEL or C1. Never part of a secret, a header value or a path.
    public static func isControl(_ u: Unicode.Scalar) -> Bool { u.value < 0x20 || (0x7F...0x9F).contains(u.value) }

    /// The first control character of `s`, named for a message (`U+001B`), or nil. `allowingTab` for header
    /// values, where HTTP allows a tab.
    public static func firstControl(in s: String, allowingTab: Bool = false) -> String? {
        s.unicodeScalars.first { isControl($0) && !(allowingTab && $0 == "\t") }.map(codePoint)
    }

    /// `U+001B`.
    public static func codePoint(_ u: Unicode.Scalar) -> String {
        let hex = String(u.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
