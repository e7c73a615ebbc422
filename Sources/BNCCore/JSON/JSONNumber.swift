// A JSON number kept as its decimal text: exact, with the checks a field needs (integer, finite, 64 bits).

/// A JSON number, kept as its literal text so that it round-trips exactly.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as it appears in JSON text (RFC 8259 grammar).
    public let literal: String

    /// Wraps a literal already known to follow the JSON number grammar (the parser's output).
    init(uncheckedLiteral: String) { literal = uncheckedLiteral }

    public init(_ value: Int) { literal = String(value) }
    public init(_ value: Int64) { literal = String(value) }

    /// A finite double; integral values print without a fraction (`2.0` -> `2`), as JavaScript does.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 {
            literal = String(Int64(value))
        } else {
            literal = String(value)
        }
    }

    /// Parses a literal, accepting only the JSON number grammar.
    public init?(literal text: String) {
        // The common case, a plain integer (`-?(0|[1-9][0-9]*)`), is read without the parser.
        let u = text.utf8
        let digits = u.first == UInt8(ascii: "-") ? u.dropFirst() : u[...]
        if let first = digits.first, first != UInt8(ascii: "0") || digits.count == 1,
           digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) {
            literal = text
            return
        }
        guard case .number(let n)? = try? JSONParser.parse(text.utf8) else { return nil }
        literal = n.literal
    }

    /// The value as the nearest Double, exactly as `Double(literal)` gives it. A short decimal (at most 15
    /// digits, no exponent: prices, revenue, quantities) is computed directly — its digits and the power of ten
    /// are both exact in a Double, so one division rounds correctly (Clinger's fast path) — and anything else
    /// goes to the standard library's parser.
    public var double: Double {
        let fast = literal.withUTF8Bytes { u -> Double? in
            var i = 0
            let negative = u.first == UInt8(ascii: "-")
            if negative { i = 1 }
            var mantissa: Int64 = 0
            var digits = 0, fraction = 0
            var seenPoint = false
            while i < u.count {
                let b = u[i]
                if b == UInt8(ascii: ".") && !seenPoint {
                    seenPoint = true
                } else if b >= 0x30 && b <= 0x39 {
                    digits += 1
                    if digits > 15 { return nil }
                    mantissa = mantissa * 10 + Int64(b - 0x30)
                    if seenPoint { fraction += 1 }
                } else {
                    return nil  // an exponent (or not a number at all)
                }
                i += 1
            }
            guard digits > 0 else { return nil }
            let value = Double(mantissa) / Self.powersOfTen[fraction]
            return negative ? -value : value
        }
        return fast ?? Double(literal) ?? .nan
    }

    private static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// The value as an integer when the literal is one (no fraction or exponent) and fits.
    public var int64: Int64? { Int64(literal) }
    public var isInteger: Bool { !literal.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) }
    public var description: String { literal }

    /// Equal when the values are equal exactly (`1`, `1.0` and `10e-1` are one number; two 18-digit ids one
    /// apart are two), compared in decimal: never through Double, which holds 15-17 significant digits.
    public static func == (a: JSONNumber, b: JSONNumber) -> Bool {
        a.literal == b.literal || a.decimal == b.decimal
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(decimal) }

    /// The value as sign, significant digits (no leading or trailing zeros) and a power of ten.
    var decimal: Decimal {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0
        var bytes = Array(literal.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        var fraction = false
        while let b = bytes.first, b != UInt8(ascii: "e"), b != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if b == UInt8(ascii: ".") { fraction = true; continue }
            if digits.isEmpty && b == UInt8(ascii: "0") { if fraction { exponent -= 1 }; continue }
            digits.append(b)
            if fraction { exponent -= 1 }
        }
        if !bytes.isEmpty {
            // An exponent beyond Int's range cannot come from a literal a user could store; clamp it.
            exponent += Int(String(decoding: bytes.dropFirst(), as: UTF8.self).prefix(18)) ?? 0
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast(); exponent += 1 }
        if digits.isEmpty { return Decimal(negative: false, digits: [], exponent: 0) }
        return Decimal(negative: negative, digits: digits, exponent: exponent)
    }

    struct Decimal: Hashable {
        let negative: Bool
        let digits: [UInt8]
        let exponent: Int
    }
}
