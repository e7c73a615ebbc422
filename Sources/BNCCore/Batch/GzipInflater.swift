// gzip through zlib, for inputs that come compressed (`access.log.gz`, `zcat`-less pipes): LineReader feeds it
// what it reads and takes at most one chunk of output at a time, so memory stays constant however much the
// input expands (a small file that inflates to gigabytes is read like any large one).
import CZlib

/// One gzip input (one or more members one after another, as `cat a.gz b.gz` makes), inflated on demand.
final class GzipInflater {
    /// The bytes every gzip member starts with.
    static let magic: [UInt8] = [0x1F, 0x8B]

    static let chunk = 64 * 1024
    /// zlib keeps a pointer back to its stream, so the stream lives at one address for the inflater's life.
    private let stream: UnsafeMutablePointer<z_stream>
    /// The compressed bytes zlib is reading (`next_in` points into them).
    private let input: UnsafeMutablePointer<UInt8>
    /// Inside a member: its end not yet reached. Input that ends there is truncated.
    private(set) var insideMember = false
    /// What the error messages call the input (`--batch`, `bnc-tune scan`'s file).
    private let what: String

    init(what: String) throws(BNCError) {
        self.what = what
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = .allocate(capacity: Self.chunk)
        guard bnc_inflate_init_gzip(stream) == Z_OK else {
            stream.deallocate()
            input.deallocate()
            throw BNCError(.internal, "zlib could not start inflating \(what)")
        }
    }

    deinit {
        scratch?.deallocate()
        inflateEnd(stream)
        stream.deallocate()
        input.deallocate()
    }

    /// A whole gzip body inflated, or nil when it is damaged, truncated or would exceed `limit` bytes.
    static func inflateAll(_ bytes: [UInt8], limit: Int) -> [UInt8]? {
        guard bytes.starts(with: magic), let inflater = try? GzipInflater(what: "body") else { return nil }
        var out: [UInt8] = []
        var at = 0
        while at < bytes.count || !inflater.needsInput {
            if inflater.needsInput {
                let n = min(chunk, bytes.count - at)
                bytes[at..<(at + n)].withUnsafeBytes { inflater.feed($0) }
                at += n
            }
            guard (try? inflater.inflate(into: &out)) != nil, out.count <= limit else { return nil }
        }
        return inflater.insideMember ? nil : out
    }

    /// Whether zlib has read all it was given.
    var needsInput: Bool { stream.pointee.avail_in == 0 }

    /// Hands zlib the next compressed bytes (at most `chunk`); call only when `needsInput`.
    func feed(_ bytes: UnsafeRawBufferPointer) {
        precondition(needsInput && bytes.count <= Self.chunk)
        if let base = bytes.baseAddress { input.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
        stream.pointee.next_in = input
        stream.pointee.avail_in = UInt32(bytes.count)
        if bytes.count > 0 { insideMember = true }
    }

    /// Inflates what it was fed, appending at most `chunk` bytes to `output`; returns how many it appended.
    func inflate(into output: inout [UInt8]) throws(BNCError) -> Int {
        var produced = 0
        var out = [UInt8](repeating: 0, count: Self.chunk)
        while produced == 0 && !needsInput {
            let (n, stalled) = try out.withUnsafeMutableBufferPointer { (b) throws(BNCError) in try step(into: b.baseAddress!) }
            output.append(contentsOf: out[0..<n])
            produced += n
            if stalled { return produced }
        }
        return produced
    }

    /// One call of zlib into `out` (`chunk` bytes): how many bytes it wrote, and whether it could make no progress.
    private func step(into out: UnsafeMutablePointer<UInt8>) throws(BNCError) -> (Int, stalled: Bool) {
        stream.pointee.next_out = out
        stream.pointee.avail_out = UInt32(Self.chunk)
        let status = CZlib.inflate(stream, Z_NO_FLUSH)
        let n = Self.chunk - Int(stream.pointee.avail_out)
        switch status {
        case Z_OK, Z_BUF_ERROR:
            return (n, n == 0 && status == Z_BUF_ERROR)
        case Z_STREAM_END:
            // One member ends; another may follow in the same input.
            insideMember = false
            inflateReset(stream)
            return (n, false)
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            throw BNCError(.invalidData, "\(what): the gzip data is damaged (\(message))")
        }
    }

    /// Where `skim` lets the inflated bytes go (made on its first call).
    private var scratch: UnsafeMutablePointer<UInt8>?

    /// Inflates `bytes` and lets what they inflate to go: a download checked as gzip while it comes, by the same
    /// rules the reader of the kept file applies (members one after another, each whole). Memory stays one chunk.
    func skim(_ bytes: UnsafeRawBufferPointer) throws(BNCError) {
        let out = scratch ?? UnsafeMutablePointer<UInt8>.allocate(capacity: Self.chunk)
        scratch = out
        var at = 0
        while at < bytes.count {
            let n = min(Self.chunk, bytes.count - at)
            feed(UnsafeRawBufferPointer(rebasing: bytes[at..<(at + n)]))
            at += n
            while !needsInput {
                if try step(into: out).stalled { throw BNCError(.invalidData, "\(what): the gzip data is damaged (zlib made no progress)") }
            }
        }
    }

    /// Back to the state of a new inflater (a download that starts its file again).
    func reset() {
        inflateReset(stream)
        stream.pointee.avail_in = 0
        insideMember = false
    }
}

/// gzip of a whole input held in memory (an export read once to tell its format: a pipe cannot be read again).
public enum Gzip {
    /// Whether `bytes` begin as a gzip member does.
    public static func isCompressed(_ bytes: [UInt8]) -> Bool { bytes.starts(with: GzipInflater.magic) }

    /// `bytes` inflated; a damaged or truncated member, or more than `limit` bytes inflated, is exit 65 naming `what`.
    public static func inflate(_ bytes: [UInt8], limit: Int, what: String) throws(BNCError) -> [UInt8] {
        guard let plain = GzipInflater.inflateAll(bytes, limit: limit) else {
            throw BNCError(.invalidData, "\(what): the gzip data is damaged, truncated or inflates to over \(limit >> 20) MiB")
        }
        return plain
    }
}
