// The emulator's ids, codes and chaos draws: the same sequence for the same seed on every machine.

/// SplitMix64: small, fast, and the same sequence for the same seed on every machine.
struct SeededRandom: Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// An 18-digit decimal id, like Branch's.
    mutating func branchID() -> String { String(100_000_000_000_000_000 + next() % 900_000_000_000_000_000) }

    /// A short-link code: 11 letters and digits.
    mutating func code(length: Int = 11) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
    }

    mutating func bytes(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8(truncatingIfNeeded: next()) } }
}
