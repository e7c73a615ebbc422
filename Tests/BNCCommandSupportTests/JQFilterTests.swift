// --jq's results: streamed for one answer, bounded when held (QA round 21: `repeat(.)` and `range(1e9)` grew to
// gigabytes, printing nothing).
import BNCCommandSupport
import BNCCore
import Testing

@Suite struct JQFilterTests {
    @Test func heldResultsAreBounded() throws {
        let filter = try JQFilter("repeat(.)")
        #expect { try filter.run("1", limit: 1 << 16) } throws: {
            ($0 as? BNCError)?.exitStatus == .dataError && ($0 as? BNCError)?.message.contains("over 0 MiB") == true
        }
        #expect(try JQFilter(".[]").run("[1,2,3]", limit: 6) == ["1", "2", "3"])
    }

    @Test func streamedResultsStopWhenAsked() throws {
        var seen: [String] = []
        try JQFilter("repeat(.)").run("\"x\"") { line in
            seen.append(line)
            return seen.count < 5
        }
        #expect(seen == ["x", "x", "x", "x", "x"])
    }
}
