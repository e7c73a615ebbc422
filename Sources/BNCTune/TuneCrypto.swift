// The TUNE SDKs' encrypted `data` parameter (fact sheet B5), through OpenSSL's EVP:
//  - Android (`TuneEncryption`): AES/CBC/NoPadding, IV "heF9BATUfWuISyO8", the `&k=v...` text right-padded with
//    spaces to 16 bytes; lower-case hex out.
//  - iOS (`TuneEncrypter`): AES-ECB with PKCS#7 over the *hex* of the text; upper-case hex out.
// The key is the advertiser's conversion key (its UTF-8 bytes, trimmed): 16, 24 or 32 characters.
import BNCCore
import BNCSuite
import CCrypto

/// Which SDK's encryption a `data` parameter uses: Android's AES-CBC or iOS's AES-ECB over hex.
public enum TuneCipher: String, Sendable, CaseIterable {
    case android
    case iOS = "ios"

    /// The SDK family an `sdk=` value names (Windows never encrypted: its fields follow an empty `data=`).
    public init?(platform: TunePlatform?) {
        switch platform {
        case .iOS?: self = .iOS
        case .android?: self = .android
        default: return nil
        }
    }
}

/// Decrypts and encrypts the TUNE SDKs' `data` parameter with the advertiser's conversion key (OpenSSL AES).
public enum TuneCrypto {
    /// The Android SDK's fixed IV.
    public static let androidIV = Array("heF9BATUfWuISyO8".utf8)
    /// Hex of a `data` value is bounded like any parameter: at most 16 KiB of text.
    public static let maxHex = TuneRequest.maxValue

    /// The parameters inside `data`, as the `&k=v...` text the SDK encrypted.
    public static func decrypt(hex: String, key: ConversionKey, cipher: TuneCipher) throws(BNCError) -> String {
        guard hex.utf8.count <= maxHex else { throw BNCError.invalid("data", "is longer than \(maxHex) hex digits") }
        guard let sealed = Hex.decode(hex), !sealed.isEmpty, sealed.count % 16 == 0 else {
            throw BNCError.invalid("data", "must be hex of whole 16-byte AES blocks")
        }
        let text: String?
        switch cipher {
        case .android:
            text = aes(encrypt: false, cbc: true, key: key.bytes, padding: false, sealed).map { plain in
                var p = plain[...]
                while let l = p.last, l == 32 || l == 0 { p = p.dropLast() }
                return String(decoding: p, as: UTF8.self)
            }
        case .iOS:
            text = aes(encrypt: false, cbc: false, key: key.bytes, padding: true, sealed)
                .flatMap { Hex.decode(String(decoding: $0, as: UTF8.self)) }
                .map { String(decoding: $0, as: UTF8.self) }
        }
        // The wrong key, or the wrong platform, yields bytes that are not a query string.
        guard let text, looksLikeQuery(text) else {
            throw BNCError.invalid("data", "does not decrypt with this conversion key as \(cipher == .iOS ? "iOS (AES-ECB over hex)" : "Android (AES-CBC)") data: check the key and the advertiser")
        }
        return text
    }

    /// What the SDK would send for these parameters (for tests and for `map --to-tune --encrypt`).
    public static func encrypt(_ query: String, key: ConversionKey, cipher: TuneCipher) throws(BNCError) -> String {
        switch cipher {
        case .android:
            var plain = Array(query.utf8)
            while plain.count % 16 != 0 { plain.append(32) }
            guard let sealed = aes(encrypt: true, cbc: true, key: key.bytes, padding: false, plain) else { throw BNCError.invalid("data", "cannot be encrypted") }
            return Hex.encode(sealed, upper: false)
        case .iOS:
            guard let sealed = aes(encrypt: true, cbc: false, key: key.bytes, padding: true, Array(Hex.encode(Array(query.utf8), upper: true).utf8)) else {
                throw BNCError.invalid("data", "cannot be encrypted")
            }
            return Hex.encode(sealed, upper: true)
        }
    }

    /// Decrypts a request's `data` into its parameters (clear ones win); the cipher given, else the one `sdk=`
    /// names, else whichever reads.
    public static func open(_ request: inout TuneRequest, key: ConversionKey, cipher given: TuneCipher? = nil) throws(BNCError) {
        guard let hex = request.value("data") else { return }
        let ciphers = (given ?? TuneCipher(platform: request.platform)).map { [$0] } ?? TuneCipher.allCases
        var lastError: BNCError?
        for cipher in ciphers {
            let text: String
            do { text = try decrypt(hex: hex, key: key, cipher: cipher) } catch { lastError = error; continue }
            do { try request.addQuery(Array(text.utf8).drop { $0 == UInt8(ascii: "&") }, fromData: true) } catch {
                throw BNCError.invalid("data", "decrypts to more than a request holds: \(error.description)")
            }
            return
        }
        throw lastError!
    }

    static func aes(encrypt: Bool, cbc: Bool, key: [UInt8], padding: Bool, _ input: [UInt8]) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: input.count + 16)
        let n = out.withUnsafeMutableBufferPointer { o in
            input.withUnsafeBufferPointer { i in
                key.withUnsafeBufferPointer { k in
                    androidIV.withUnsafeBufferPointer { iv in
                        bnc_crypto_aes(encrypt ? 1 : 0, cbc ? 1 : 0, k.baseAddress, Int32(k.count), iv.baseAddress, padding ? 1 : 0,
                                i.baseAddress, Int32(i.count), o.baseAddress)
                    }
                }
            }
        }
        guard n >= 0 else { return nil }
        return Array(out.prefix(Int(n)))
    }

    /// Printable text with at least one `k=v` pair: what a right key yields.
    static func looksLikeQuery(_ s: String) -> Bool {
        s.contains("=") && s.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && $0 != "\u{FFFD}" }
    }
}
