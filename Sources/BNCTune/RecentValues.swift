// What a scanning thread remembers of the lines it read: the last value of each known parameter as logged, the
// last texts of an access log's fields, the last time, and which name followed which. A log repeats most of a
// line in the next (the SDK, the advertiser, the app, the device's model and version, the parameters' order), so
// what is logged byte for byte as before is taken again: no decoding, no search, no String made or freed.
import BNCCore

/// Slots of at most `width` bytes, each with what they were read as: bytes equal to a slot's last ones give its last
/// value again. Longer bytes are not kept.
final class BytesMemo<Value> {
    static var width: Int { 64 }
    let count: Int
    private let bytes: UnsafeMutablePointer<UInt8>
    private let lengths: UnsafeMutablePointer<Int>
    private let values: UnsafeMutablePointer<Value>

    init(slots: Int, empty: Value) {
        count = slots
        bytes = .allocate(capacity: slots * Self.width)
        lengths = .allocate(capacity: slots)
        lengths.initialize(repeating: -1, count: slots)
        values = .allocate(capacity: slots)
        values.initialize(repeating: empty, count: slots)
    }

    deinit {
        bytes.deallocate()
        lengths.deallocate()
        values.deinitialize(count: count)
        values.deallocate()
    }

    /// The slot's value when `b` (1...width bytes) is what it last held.
    @inline(__always)
    func value(_ slot: Int, _ b: UnsafeBufferPointer<UInt8>) -> Value? {
        let n = b.count
        guard n > 0, n <= Self.width, slot >= 0, slot < count, lengths[slot] == n, let from = b.baseAddress,
              ByteSearch.equal(bytes + slot * Self.width, from, count: n) else { return nil }
        return values[slot]
    }

    /// Remembers `value` for `b` in the slot (not kept when `b` is empty or longer than `width`).
    func store(_ slot: Int, _ b: UnsafeBufferPointer<UInt8>, _ value: Value) {
        let n = b.count
        guard n > 0, n <= Self.width, slot >= 0, slot < count, let from = b.baseAddress else { return }
        (bytes + slot * Self.width).update(from: from, count: n)
        lengths[slot] = n
        values[slot] = value
    }
}

/// One scanning thread's memory of the lines it read (a scan's `ValueMemo` holds it; not shared between threads).
public final class RecentValues {
    static var slot: Int { BytesMemo<String>.width }
    /// The last value of each known parameter, by row, decoded.
    private let values: BytesMemo<String>
    /// The last path, method, client address and User-Agent header of an access log.
    private let texts = BytesMemo<String>(slots: 4, empty: "")
    static let pathText = 0, methodText = 1, clientText = 2, userAgentText = 3
    /// The last access-log time and what it was read as: a busy log's lines share their second.
    private let times = BytesMemo<Double?>(slots: 1, empty: nil)

    /// Which known name followed each one on the last line that had it (-1: none yet): an integration sends its
    /// parameters in one order, so the next name is mostly a comparison of bytes away, not a hash and a search.
    /// Slots: a row, `atStart`, `afterUnknown`.
    private let successors: UnsafeMutablePointer<Int>
    static let atStart = -1, afterUnknown = -2
    private let rows: Int
    /// Each row's name (its bytes `slot` apart, its length; -1 when longer) and `NameHash`, read in place.
    private let names: UnsafeMutablePointer<UInt8>
    private let nameLengths: UnsafeMutablePointer<Int>
    private let nameHashes: UnsafeMutablePointer<UInt64>

    public init() {
        rows = TuneParameters.all.count
        values = BytesMemo(slots: rows, empty: "")
        successors = .allocate(capacity: rows + 2)
        successors.initialize(repeating: -1, count: rows + 2)
        names = .allocate(capacity: rows * Self.slot)
        nameLengths = .allocate(capacity: rows)
        nameHashes = .allocate(capacity: rows)
        for (row, name) in TuneParameters.names.enumerated() {
            let bytes = Array(name.utf8)
            nameLengths[row] = bytes.count <= Self.slot ? bytes.count : -1
            if bytes.count <= Self.slot { (names + row * Self.slot).initialize(from: bytes, count: bytes.count) }
            nameHashes[row] = NameHash.of(name)
        }
    }

    deinit {
        successors.deallocate()
        names.deallocate()
        nameLengths.deallocate()
        nameHashes.deallocate()
    }

    /// The row whose name, then `=`, starts at `q[start]` when it is the one remembered after `after` (a row,
    /// `atStart` or `afterUnknown`); -1 otherwise. A declared name holds no `=` or `&`, so the `=` after it is the
    /// pair's first and the pair holds the whole name.
    @inline(__always)
    func guess(after: Int, _ q: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        let row = successors[after + 2]
        guard row >= 0, let base = q.baseAddress else { return -1 }
        let length = nameLengths[row]
        guard length > 0, start + length < q.count, base[start + length] == UInt8(ascii: "="),
              ByteSearch.equal(names + row * Self.slot, base + start, count: length) else { return -1 }
        return row
    }

    @inline(__always) func nameLength(row: Int) -> Int { nameLengths[row] }
    @inline(__always) func nameHash(row: Int) -> UInt64 { nameHashes[row] }

    /// Remembers `row` as the name that followed `after`.
    @inline(__always)
    func learn(after: Int, _ row: Int) { successors[after + 2] = row }

    /// `bytes` (a value as logged, still percent-encoded) decoded: the row's last String when the bytes are the same.
    /// (The comparison inline, in the query's loop; decoding and remembering out of line.)
    @inline(__always)
    func value(row: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        values.value(row, bytes) ?? decode(row: row, bytes)
    }

    @inline(never)
    private func decode(row: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let value = HTTPURL.percentDecode(buffer: bytes)
        values.store(row, bytes, value)
        return value
    }

    /// `bytes` as text (invalid UTF-8 repaired): the slot's last String when the bytes are the same.
    func text(_ slot: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let kept = texts.value(slot, bytes) { return kept }
        let text = String(decoding: bytes, as: UTF8.self)
        texts.store(slot, bytes, text)
        return text
    }

    /// An access log's time (`TuneLog.parseLogTime`), read again only when it differs from the last one.
    func time(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if let kept = times.value(0, bytes) { return kept }
        let time = TuneLog.parseLogTime(bytes)
        times.store(0, bytes, time)
        return time
    }
}
