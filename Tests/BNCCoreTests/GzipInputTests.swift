// Compressed input: a gzip file or pipe (its magic bytes, whatever its name) is read line by line as it is
// inflated; several members one after another read as one input; damaged or truncated data is refused by name.
import Foundation
import Testing
import TestSupport
@testable import BNCCore

@Suite final class GzipInputTests {
    let dir = NSTemporaryDirectory() + "bnc-gzip-\(UUID().uuidString)"
    deinit { try? FileManager.default.removeItem(atPath: dir) }

    /// gzip(1)'s output for `text` (an implementation independent of bnc's zlib calls).
    static func gzip(_ text: String) throws -> Data { try GzipTool.gzip(text) }

    func file(_ name: String, _ data: Data) throws -> String {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    func lines(_ path: String) throws(BNCError) -> [String] {
        let reader = try LineReader(path: path, what: "test")
        var out: [String] = []
        while let line = try reader.next() { out.append(String(decoding: line, as: UTF8.self)) }
        return out
    }

    @Test func gzipIsReadWhateverTheName() throws {
        let text = (1...5000).map { #"{"n":\#($0)}"# }.joined(separator: "\n") + "\n"
        let gz = try Self.gzip(text)
        #expect(try lines(try file("lines.ndjson.gz", gz)).count == 5000)
        #expect(try lines(try file("no-extension", gz)).last == #"{"n":5000}"#)
        #expect(try lines(try file("plain.ndjson", Data(text.utf8))).count == 5000, "plain text is read as it is")
        let reader = try LineReader(path: try file("x.gz", gz), what: "test")
        _ = try reader.next()
        #expect(reader.isCompressed)
    }

    /// A pipe that gives its first bytes one at a time (a slow producer): gzip is told from text only once two
    /// bytes have come, and not a byte is lost or repeated either way; more than one read's worth follows.
    @Test(arguments: [false, true])
    func aPipeGivingOneByteAtATimeIsReadWhole(gzip: Bool) throws {
        let text = (1...20000).map { "line \($0) \(String(repeating: "x", count: $0 % 40))" }.joined(separator: "\n") + "\n"
        let bytes = gzip ? [UInt8](try Self.gzip(text)) : Array(text.utf8)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let writer = Thread {
            for b in bytes.prefix(3) {
                var b = b
                _ = write(writeEnd, &b, 1)
                usleep(5000)
            }
            var at = 3
            while at < bytes.count {
                let n = bytes[at...].withUnsafeBytes { write(writeEnd, $0.baseAddress, min($0.count, 7000)) }
                if n <= 0 { break }
                at += n
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        #expect(try lines("/dev/fd/\(readEnd)") == text.split(separator: "\n").map(String.init))
    }

    /// Lines taken a block at a time (`nextLines`, the scan's reader) are the lines `next()` gives, numbered alike:
    /// LF and CR LF, empty lines, a line over the bound skipped, a last line without a break; plain and gzip; blocks
    /// of every size.
    @Test(arguments: [1, 2, 7, 1000])
    func blocksOfLinesAreTheLinesOneByOne(maxLines: Int) throws {
        var text = ""
        for i in 0..<3000 {
            text += i % 7 == 0 ? "\r\n" : i == 1500 ? String(repeating: "L", count: 200_000) + "\n" : "line \(i)\(i % 3 == 0 ? "\r" : "")\n"
        }
        text += "last"
        for gz in [false, true] {
            let path = try file("block-\(maxLines)-\(gz)", gz ? try Self.gzip(text) : Data(text.utf8))
            let one = try LineReader(path: path, maxLineLength: 100_000, what: "test")
            one.skipLongLines = true
            var expected: [(number: Int, bytes: [UInt8])] = []
            while let line = try one.next() { expected.append((one.lineNumber, Array(line))) }
            let many = try LineReader(path: path, maxLineLength: 100_000, what: "test")
            many.skipLongLines = true
            var got: [(number: Int, bytes: [UInt8])] = []
            while true {
                var block: [UInt8] = [], lines: [(number: Int, range: Range<Int>)] = []
                try many.nextLines(into: &block, lines: &lines, maxLines: maxLines, maxBytes: 5000)
                if lines.isEmpty { break }
                #expect(lines.count <= maxLines)
                got += lines.map { ($0.number, Array(block[$0.range])) }
            }
            #expect(got.map(\.number) == expected.map(\.number), "gzip: \(gz)")
            #expect(got.map(\.bytes) == expected.map(\.bytes), "gzip: \(gz)")
            #expect(expected.count == 3000 && expected.last?.bytes == Array("last".utf8), "3,001 lines, one skipped")
            #expect(many.longLinesSkipped == 1 && one.longLinesSkipped == 1)
        }
    }

    @Test func membersOneAfterAnotherAreOneInput() throws {
        var both = try Self.gzip("a\nb\n")
        both.append(try Self.gzip("c\n"))
        #expect(try lines(try file("two.gz", both)) == ["a", "b", "c"])
    }

    @Test func aLargeExpansionIsReadInConstantMemory() throws {
        // 64 MiB of short lines in a few hundred KiB: read through, never held whole.
        let line = String(repeating: "x", count: 63) + "\n"
        let gz = try Self.gzip(String(repeating: line, count: 1 << 20))
        #expect(gz.count < 1 << 20)
        let reader = try LineReader(path: try file("big.gz", gz), what: "test")
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == 1 << 20)
    }

    @Test func damagedOrTruncatedDataIsRefused() throws {
        let gz = try Self.gzip((1...2000).map { "line \($0) \(UUID().uuidString)" }.joined(separator: "\n") + "\n")
        let truncated = try file("cut.gz", gz.prefix(gz.count / 2))
        #expect { try lines(truncated) } throws: { ($0 as? BNCError)?.message == "test: the gzip data ends early (a truncated file?)" }
        var damaged = gz
        for i in 20..<60 { damaged[i] ^= 0x5A }
        #expect { try lines(try file("bad.gz", damaged)) } throws: {
            ($0 as? BNCError)?.exitStatus == .dataError && ($0 as? BNCError)?.message.hasPrefix("test: the gzip data is damaged") == true
        }
    }
}
