// The scanner on several threads gives what it gives on one: the same outcomes in log order, the same counts, and
// duplicates found across chunk boundaries (the window is kept in order, on one thread).
import BNCCore
import Foundation
import Testing
@testable import BNCTune

@Suite struct ScanTests {
    /// 5,000 lines (several chunks): sessions, conversions sent twice 700 lines apart (so many pairs straddle a
    /// chunk boundary), blank lines, comments, other paths and unreadable lines.
    static func log() throws -> String {
        var text = ""
        for i in 0..<5_000 {
            switch i % 10 {
            case 0: text += "\n"
            case 1: text += "# comment \(i)\n"
            case 2: text += "203.0.113.1 - - [22/Nov/2026:05:00:00 +0000] \"GET /favicon.ico HTTP/1.1\" 404 0 \"-\" \"x\"\n"
            case 3: text += "not a request \(i)\n"
            case 4, 5, 6: text += "/serve?" + Base.ios.replacing("device_ip=8.8.4.4", with: "device_ip=10.0.0.\(i % 200)") + "&n=\(i)\n"
            default:
                // In every other block of 700 lines, the 7s repeat the orders of the block before: a duplicate
                // within the hour, often in another chunk.
                let order = i % 10 == 7 && (i / 700) % 2 == 1 ? i - 700 : i
                text += "/serve?" + Base.conversion(Base.ios) + "&advertiser_ref_id=o\(order)&system_date=\(1_700_000_000 + i)\n"
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UInt64.random(in: 0...UInt64.max)).log").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    struct Seen: Equatable {
        var outcomes: [String] = []
        var counts: [Int] = []
        var rules: [TuneRule: Int] = [:]
    }

    static func scan(_ path: String, threads: Int) throws -> Seen {
        let scanner = TuneScanner(key: nil)
        var seen = Seen()
        var progress: [Int] = []
        try scanner.scan(try LineReader(path: path), threads: threads) { o in
            seen.outcomes.append("\(o.line) \(o.error ?? "") \(o.findings.map(\.rule.rawValue)) \(o.source.prefix(40))")
            progress.append(scanner.inputBytesRead)
            return true
        }
        // The progress the body sees (whichever thread gives it) never goes back and reaches the file's end.
        #expect(progress == progress.sorted() && progress.first! > 0, "\(threads) threads")
        #expect(progress.last == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int), "\(threads) threads")
        seen.counts = [scanner.lines, scanner.requests, scanner.skipped, scanner.unreadable, scanner.findings, scanner.withFindings]
        seen.rules = scanner.byRule
        return seen
    }

    /// Each rule has its own place in the scan's counts: the ordinals are exactly 0..<count.
    @Test func everyRuleHasItsOwnOrdinal() {
        #expect(TuneRule.allCases.map(\.ordinal).sorted() == Array(0..<TuneRule.allCases.count))
    }

    @Test func severalThreadsScanLikeOne() throws {
        let path = try Self.log()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let one = try Self.scan(path, threads: 1)
        #expect(one.counts[0] == 4_000 && one.counts[1] == 3_000, "blank lines and comments are not counted")
        #expect(one.counts[2] == 500 && one.counts[3] == 500)
        #expect(one.rules[.deviceIPNotPublic] == 1_500)
        // Lines 707...1397, 2107...2797, 3507...4197 and 4907...4997 ending in 7.
        #expect(one.rules[.duplicateConversion] == 220)
        #expect(one.outcomes.count == 3_500, "requests and unreadable lines")
        for threads in [2, 3, 8] {
            #expect(try Self.scan(path, threads: threads) == one, "\(threads) threads")
        }
    }

    /// Each thread fills one chunk's storage again for its next chunk: an outcome the body keeps past its turn
    /// still holds the line it came from (its bytes are not overwritten by the lines read after it).
    @Test func keptOutcomesKeepTheirLines() throws {
        let path = try Self.log()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var kept: [ScanOutcome] = []
        var sources: [String] = []
        try TuneScanner(key: nil).scan(try LineReader(path: path), threads: 2) { o in
            kept.append(o)
            sources.append(o.source)
            return true
        }
        #expect(kept.count == 3_500)
        #expect(kept.map(\.source) == sources)
        #expect(Set(sources).count > 1_000, "the lines differ, so a refilled chunk would show")
    }

    @Test func stoppingEarlyStopsAtThatOutcome() throws {
        let path = try Self.log()
        defer { try? FileManager.default.removeItem(atPath: path) }
        for threads in [1, 2] {
            var n = 0
            try TuneScanner(key: nil).scan(try LineReader(path: path), threads: threads) { _ in
                n += 1
                return n < 1_500
            }
            #expect(n == 1_500)
        }
    }

    /// The per-app and per-advertiser tables stay bounded: a full table counts a new key under "(other)" and
    /// still counts the keys it holds; a long key is cut to 200 bytes; the remembered last two keys never
    /// count a line under another key, whatever was inserted in between.
    @Test func tablesAreBoundedAndTheRememberedKeyIsExact() {
        var table: [String: Int] = [:]
        var cache = TuneScanner.Recent<Int>()
        for i in 0..<TuneScanner.maxGroups { TuneScanner.tally(&table, "app\(i)", cache: &cache, empty: 0) { $0 += 1 } }
        for key in ["app7", "app7", "new", "app7", "other-new", "app9"] {
            TuneScanner.tally(&table, key, cache: &cache, empty: 0) { $0 += 1 }
        }
        #expect(table.count == TuneScanner.maxGroups + 1)
        #expect(table["app7"] == 4 && table["app9"] == 2 && table[TuneScanner.other] == 2 && table["new"] == nil)
        var small: [String: Int] = [:]
        var recent = TuneScanner.Recent<Int>()
        let long = String(repeating: "x", count: 300)
        // Two keys alternating are both remembered; a third sends the older away.
        for key in ["a", "a", "b", "a", "b", "a", long, long, "b", "c", "a", "c", "b"] { TuneScanner.tally(&small, key, cache: &recent, empty: 0) { $0 += 1 } }
        #expect(small == ["a": 5, "b": 4, "c": 2, String(repeating: "x", count: 200): 2])
    }

    /// The body's own error ends the scan on every thread count: it is the error thrown, the outcomes before it came
    /// in order, and none after it; an empty log gives nothing and returns.
    @Test func theBodysErrorEndsTheScanAndAnEmptyLogReturns() throws {
        let path = try Self.log()
        defer { try? FileManager.default.removeItem(atPath: path) }
        for threads in [1, 2, 3, 8] {
            var lines: [Int] = []
            #expect(throws: BNCError.self) {
                try TuneScanner(key: nil).scan(try LineReader(path: path), threads: threads) { o throws(BNCError) in
                    if lines.count == 2_345 { throw BNCError(.invalidData, "stop at \(o.line)") }
                    lines.append(o.line)
                    return true
                }
            }
            #expect(lines.count == 2_345 && lines == lines.sorted(), "\(threads) threads")
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UInt64.random(in: 0...UInt64.max)).log").path
        FileManager.default.createFile(atPath: empty, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: empty) }
        for threads in [1, 2, 8] {
            var n = 0
            let scanner = TuneScanner(key: nil)
            try scanner.scan(try LineReader(path: empty), threads: threads) { _ in n += 1; return true }
            #expect(n == 0 && scanner.lines == 0, "\(threads) threads")
        }
    }

    /// A read that fails half way (a gzip log cut short) ends the scan with that error while the next chunk is
    /// being prepared: the outcomes before it were given in order, and nothing is left running or leaked.
    @Test func aFailingReadEndsTheScanWithItsError() throws {
        let path = try Self.log()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-k", "-f", path]
        try gzip.run()
        gzip.waitUntilExit()
        let whole = try Data(contentsOf: URL(fileURLWithPath: path + ".gz"))
        try whole.prefix(whole.count * 2 / 3).write(to: URL(fileURLWithPath: path + ".gz"))
        defer { try? FileManager.default.removeItem(atPath: path + ".gz") }
        for threads in [1, 2, 3] {
            var lines: [Int] = []
            #expect(throws: BNCError.self) {
                try TuneScanner(key: nil).scan(try LineReader(path: path + ".gz"), threads: threads) { o in
                    lines.append(o.line)
                    return true
                }
            }
            #expect(lines == lines.sorted() && lines.count > 1_000, "\(threads) threads: \(lines.count)")
        }
    }
}
