// The conversions of the last hour, bounded: what finds a duplicate conversion.
import BNCCore
import BNCOpen
import BNCSuite

/// Conversions seen in the last hour, bounded: at most `capacity` remembered (the oldest forgotten first).
public struct DuplicateWindow: Sendable {
    public static let hour = 3600.0
    public let capacity: Int
    private var seen = KeyTimes()
    private var order: [(key: UInt64, time: Double)] = []
    private var head = 0

    public init(capacity: Int = 200_000) { self.capacity = capacity }

    /// Records a conversion; returns the earlier time when the same one came within the hour.
    mutating func record(_ key: UInt64, at time: Double) -> Double? {
        // One look-up per conversion remembered and per conversion forgotten (the table is as big as the hour's
        // conversions, so each look-up is a cache miss).
        while head < order.count, order[head].time < time - Self.hour || order.count - head >= capacity {
            let old = order[head]
            if let i = seen.slot(of: old.key), seen.time(at: i) == old.time { seen.remove(at: i) }
            head += 1
        }
        if head > 4096 && head * 2 > order.count { order.removeFirst(head); head = 0 }
        let earlier = seen.update(key, time).flatMap { abs(time - $0) < Self.hour ? $0 : nil }
        order.append((key, time))
        return earlier
    }

    /// Keys (already hashes) and their last times in one open-addressing table, probed linearly and placed by the
    /// key's own bits: a `[UInt64: Double]` hashed each key again (SipHash) on every look-up, 2.5% of a scan.
    /// Grown to keep it at most half full; a removal shifts the keys after it back, so no slot is a tombstone.
    struct KeyTimes: Sendable {
        private var keys: [UInt64]  // 0: an empty slot
        private var times: [Double]
        private var shift: UInt64
        private var count = 0

        /// `slots`: a power of two.
        init(slots: Int = 1024) {
            precondition(slots >= 2 && slots & (slots - 1) == 0, "slots: a power of two")
            keys = [UInt64](repeating: 0, count: slots)
            times = [Double](repeating: 0, count: slots)
            shift = UInt64(64 - slots.trailingZeroBitCount)
        }

        private var mask: Int { keys.count - 1 }

        /// The key as stored (0 marks an empty slot, so a key of 0 is kept as 1).
        private static func stored(_ key: UInt64) -> UInt64 { key == 0 ? 1 : key }

        /// The key's first slot: its bits mixed by a multiplication, the top ones taken.
        private func home(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) }

        /// A stored key's slot (`found`), or the empty slot that ends its run: where it would go.
        private func probe(_ key: UInt64) -> (slot: Int, found: Bool) {
            var i = home(key)
            while keys[i] != 0 {
                if keys[i] == key { return (i, true) }
                i = (i + 1) & mask
            }
            return (i, false)
        }

        func slot(of key: UInt64) -> Int? {
            let p = probe(Self.stored(key))
            return p.found ? p.slot : nil
        }

        func time(at slot: Int) -> Double { times[slot] }

        /// Sets the key's time; returns the time it had.
        mutating func update(_ key: UInt64, _ time: Double) -> Double? {
            if (count + 1) * 2 > keys.count { grow() }
            let key = Self.stored(key)
            let (i, found) = probe(key)
            if found {
                defer { times[i] = time }
                return times[i]
            }
            keys[i] = key
            times[i] = time
            count += 1
            return nil
        }

        /// Empties a slot, moving back each key after it that would no longer be found past the hole.
        mutating func remove(at slot: Int) {
            var hole = slot, j = (slot + 1) & mask
            while keys[j] != 0 {
                // A key may fill the hole when its home is not in (hole, j], cyclically.
                let h = home(keys[j])
                let staysPut = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j)
                if !staysPut {
                    keys[hole] = keys[j]
                    times[hole] = times[j]
                    hole = j
                }
                j = (j + 1) & mask
            }
            keys[hole] = 0
            count -= 1
        }

        private mutating func grow() {
            let oldKeys = keys, oldTimes = times
            keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
            times = [Double](repeating: 0, count: oldKeys.count * 2)
            shift -= 1
            for (k, t) in zip(oldKeys, oldTimes) where k != 0 {
                let i = probe(k).slot  // keys are unique: the end of the run
                keys[i] = k
                times[i] = t
            }
        }
    }
}
