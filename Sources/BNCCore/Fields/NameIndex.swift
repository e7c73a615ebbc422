// The one way the hot paths find a name. Every lookup of a member or parameter name that runs per line of a
// batch or a scan goes through `NameHash` (one hash, over a String or over raw bytes) and, for declared names,
// `NameIndex` (one static table):
// - FieldTable's index of its fields (every key of every batch line),
// - TUNE's parameter rows (every parameter of every scanned line) and a TUNE request's own parameters,
// - the JSON parser's cache of member names (`JSONKeyCache`: the same dozen names on every line).
//
// Hashing: the name's length with its first and last eight bytes, mixed by multiplication. Cheap (two loads,
// no loop) and good enough for names, and NOT collision resistant: it is only used where a hit is confirmed by
// comparing the names byte for byte, and where a collision costs a probe, never a wrong answer.
//
// Lifetime: a `NameIndex` is built once from a table's declared names (static tables: at first use, for the
// life of the process) and never changes; only declared names are inserted, so hostile keys, however many
// collide, walk at most the declared names' cluster (a table is at most half full).

/// The hash of a name for the hot-path tables: its length with its first and last eight bytes.
public enum NameHash {
    /// The hash of a name's UTF-8 bytes.
    public static func of(_ name: String) -> UInt64 {
        name.withUTF8Bytes { of(bytes: $0) }
    }

    /// The hash of a name given as bytes (the JSON parser hashes a member name before making a String of it).
    public static func of(bytes b: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let n = b.count
        guard let base = UnsafeRawPointer(b.baseAddress) else { return 0 }
        var first: UInt64 = 0, last: UInt64 = 0
        if n >= 8 {
            first = base.loadUnaligned(as: UInt64.self)
            last = (base + (n - 8)).loadUnaligned(as: UInt64.self)
        } else {
            for i in 0..<n { first |= UInt64(b[i]) << (8 * UInt64(i)) }
        }
        var h = first ^ (last << 29 | last >> 35) ^ UInt64(n) << 56
        h ^= h >> 31
        h = h &* 0x9E37_79B9_7F4A_7C15
        return h ^ (h >> 29)
    }
}

/// A declared name's position among a table's names: `NameHash` into an open-addressed table at most half
/// full, then one comparison. Names match byte for byte (a key canonically equivalent to a declared name but
/// spelt differently is not that name: it would be sent as spelt).
public struct NameIndex: Sendable {
    /// A taken slot: the name's hash, its position, and where its bytes are in `bytes` (a hash that differs rejects a
    /// probe without touching the name; one that matches is confirmed by comparing bytes in place, no String).
    private struct Slot: Sendable {
        var hash: UInt64 = 0
        var position: Int32 = -1
        var length: Int32 = 0
        var offset = 0
    }

    private let names: [String]
    private let slots: [Slot]
    /// Every name's UTF-8 bytes, one after another.
    private let bytes: [UInt8]
    private let mask: Int

    public init(_ names: [String]) {
        var size = 8
        while size < names.count * 2 { size <<= 1 }
        var slots = [Slot](repeating: Slot(), count: size)
        var bytes: [UInt8] = []
        for (i, name) in names.enumerated() {
            let hash = NameHash.of(name)
            var h = Int(truncatingIfNeeded: hash) & (size - 1)
            while slots[h].position >= 0 { h = (h + 1) & (size - 1) }
            slots[h] = Slot(hash: hash, position: Int32(i), length: Int32(name.utf8.count), offset: bytes.count)
            bytes.append(contentsOf: name.utf8)
        }
        self.names = names
        self.slots = slots
        self.bytes = bytes
        mask = size - 1
    }

    /// The position of `key` among the declared names, or nil.
    public func position(of key: String) -> Int? { position(of: key, hash: NameHash.of(key)) }

    /// The same, with the key's `NameHash` already made (a TUNE request keeps each parameter's).
    public func position(of key: String, hash: UInt64) -> Int? {
        key.withUTF8Bytes { position(ofBytes: $0, hash: hash) }
    }

    /// The position of a name given as UTF-8 bytes (a query's name in place, before any String is made).
    public func position(ofBytes key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            var h = Int(truncatingIfNeeded: hash) & mask
            while true {
                let slot = slots[h]
                if slot.position < 0 { return nil }
                if slot.hash == hash, Int(slot.length) == key.count,
                   key.isEmpty || bytes.withUnsafeBufferPointer({ ByteSearch.equal($0.baseAddress! + slot.offset, key.baseAddress!, count: key.count) }) {
                    return Int(slot.position)
                }
                h = (h + 1) & mask
            }
        }
    }

    /// The declared name at a position.
    public subscript(position: Int) -> String { names[position] }
}
