// Base64 without Foundation, for the AdServices tokens the emulator mints.

/// Base64 without Foundation (AdServices tokens).
enum Base64 {
    private static let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(table[Int(b0 >> 2)])
            out.append(table[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(i + 1 < bytes.count ? table[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? table[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True for well-formed standard Base64 (padding included, length a multiple of 4).
    static func isValid(_ s: String) -> Bool {
        let chars = Array(s.utf8)
        guard !chars.isEmpty, chars.count % 4 == 0 else { return false }
        let padding = chars.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2 else { return false }
        return chars.dropLast(padding).allSatisfy { table.contains($0) }
    }
}
