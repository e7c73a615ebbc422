// A TUNE advertiser's conversion key: read from a file, never printed, checked for its length.
import BNCCore
import BNCSuite

/// An advertiser's conversion key, the AES key of `data`: 16, 24 or 32 printable characters, checked on creation.
public struct ConversionKey: Sendable {
    let bytes: [UInt8]
    public let text: String

    /// The key file's text, trimmed as the SDKs trim it.
    public init(_ raw: String) throws(BNCError) {
        let t = raw.trimmingWhitespace()
        let b = Array(t.utf8)
        if let bad = TerminalText.firstControl(in: t) {
            throw BNCError.configuration("--conversion-key-file holds a control character (\(bad)): a conversion key is printable text")
        }
        guard [16, 24, 32].contains(b.count) else {
            throw BNCError.invalid("--conversion-key-file", "must hold a conversion key of 16, 24 or 32 characters (AES-128, -192 or -256); got \(b.count)")
        }
        bytes = b
        text = t
    }
}
