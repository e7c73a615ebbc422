// The sandbox's tz database reader against Python's zoneinfo (an implementation independent of the sandbox's): the
// offset in effect at instants around clock changes, and the instant of a wall-clock time, a skipped or repeated
// one included; names outside the database refused.
import Foundation
import Testing
@testable import BNCSandbox

@Suite struct ZoneFileTests {
    /// Python's answer for each (zone, local wall-clock time as epoch seconds): the UTC instant (fold 0).
    static func python(_ cases: [(String, Int64)]) throws -> [Int64] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let list = cases.map { "(\"\($0.0)\", \($0.1))" }.joined(separator: ",")
        p.arguments = ["python3", "-c", """
            from datetime import datetime, timezone
            from zoneinfo import ZoneInfo
            for zone, local in [\(list)]:
                naive = datetime.fromtimestamp(local, timezone.utc).replace(tzinfo=None)
                print(int(naive.replace(tzinfo=ZoneInfo(zone)).timestamp()))
            """]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return text.split(separator: "\n").compactMap { Int64($0) }
    }

    @Test func wallClockTimesMatchPythonsZoneinfo() throws {
        // 2026-03-08 02:30 (New York skips it), 2026-11-01 01:30 (it repeats), ordinary days, +05:30, +14, +13:45 with DST.
        let cases: [(String, Int64)] = [
            ("America/New_York", 1_772_937_000), ("America/New_York", 1_793_496_600), ("America/New_York", 1_784_073_600),
            ("America/New_York", 1_768_435_200), ("Asia/Kolkata", 1_784_073_600), ("Pacific/Kiritimati", 1_784_073_600),
            ("Pacific/Chatham", 1_775_347_200), ("Europe/London", 1_774_746_000), ("Europe/London", 1_792_890_000), ("UTC", 1_784_073_600),
            ("Australia/Lord_Howe", 1_775_352_600), ("Europe/London", 1_774_747_800), ("Europe/London", 1_792_891_800),
        ]
        let expected = try Self.python(cases)
        #expect(expected.count == cases.count)
        for ((zone, local), want) in zip(cases, expected) {
            let z = try #require(ZoneFile(name: zone))
            #expect(z.utc(ofLocal: local) == want, "\(zone) \(local)")
        }
    }

    @Test func namesOutsideTheDatabaseAreRefused() {
        for name in ["", "Mars/Olympus_Mons", "../etc/passwd", "/etc/localtime", "America/", "America//New_York", "America/New_York/..", "zone.tab",
                     String(repeating: "A", count: 65), "America"] {
            #expect(ZoneFile(name: name) == nil, "\(name)")
        }
        #expect(ZoneFile(name: "Etc/GMT+5")?.offset(atUTC: 0) == -5 * 3600)
    }
}
