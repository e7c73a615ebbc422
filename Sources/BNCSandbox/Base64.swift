// Base64 without Foundation, for the AdServices tokens the emulator mints and the Web SDK's JSONP parameters.

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

    /// The bytes of standard Base64 (padding optional), or nil for anything else.
    static func decode(_ s: String) -> [UInt8]? {
        var values: [UInt8] = []
        values.reserveCapacity(s.utf8.count)
        var padding = 0
        for c in s.utf8 {
            if c == UInt8(ascii: "=") { padding += 1; continue }
            guard padding == 0, let v = table.firstIndex(of: c) else { return nil }
            values.append(UInt8(v))
        }
        guard padding <= 2, values.count % 4 != 1, padding == 0 || (values.count + padding) % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 3 / 4)
        var i = 0
        while i + 1 < values.count {
            out.append(values[i] << 2 | values[i + 1] >> 4)
            if i + 2 < values.count { out.append(values[i + 1] << 4 | values[i + 2] >> 2) }
            if i + 3 < values.count { out.append(values[i + 2] << 6 | values[i + 3]) }
            i += 4
        }
        return out
    }
}
