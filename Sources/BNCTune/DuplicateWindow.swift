// The conversions of the last hour, bounded: what finds a duplicate conversion.
import BNCCore
import BNCOpen
import BNCSuite

/// Conversions seen in the last hour, bounded: at most `capacity` remembered (the oldest forgotten first).
public struct DuplicateWindow: Sendable {
    public static let hour = 3600.0
    public let capacity: Int
    private var seen: [UInt64: Double] = [:]
    private var order: [(key: UInt64, time: Double)] = []
    private var head = 0

    public init(capacity: Int = 200_000) { self.capacity = capacity }

    /// Records a conversion; returns the earlier time when the same one came within the hour.
    mutating func record(_ key: UInt64, at time: Double) -> Double? {
        // One hashed look-up per conversion remembered and per conversion forgotten (the table is as big as the
        // hour's conversions, so each look-up is a cache miss).
        while head < order.count, order[head].time < time - Self.hour || order.count - head >= capacity {
            let old = order[head]
            if let i = seen.index(forKey: old.key), seen.values[i] == old.time { seen.remove(at: i) }
            head += 1
        }
        if head > 4096 && head * 2 > order.count { order.removeFirst(head); head = 0 }
        let earlier = seen.updateValue(time, forKey: key).flatMap { abs(time - $0) < Self.hour ? $0 : nil }
        order.append((key, time))
        return earlier
    }
}
