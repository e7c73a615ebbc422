// A String's UTF-8 as a buffer, for the byte loops that check, hash and write strings on the hot paths.

extension String {
    /// The string's UTF-8 lent for the call: its own storage borrowed when it has one (every native string: no
    /// copy, no retain and release), else a contiguous copy. `var s = s; s.withUTF8 {...}` paid a retain and a
    /// release per call — per key and value a batch line writes, per parameter a scanned log line checks.
    /// Inlinable: a generic call across modules would look its metadata up at run time, per call.
    @inlinable @inline(__always)
    public func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
