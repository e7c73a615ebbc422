// Exports' plumbing: a download streamed to disk and resumed with an HTTP range, its partial file renamed only
// when complete; CSV read a record at a time from gzip, quoted commas, quotes and line breaks kept.
import CCurl
import Foundation
import Testing
import TestSupport
@testable import BNCCore

@Suite final class DownloadAndCSVTests {
    let dir = NSTemporaryDirectory() + "bnc-download-\(UUID().uuidString)"
    deinit { try? FileManager.default.removeItem(atPath: dir) }

    init() throws { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }

    func download(_ server: LoopbackServer, to name: String) -> Download {
        let d = Download(url: server.baseURL + "/export/eo_open.csv.gz", to: dir + "/" + name, options: TransportOptions(), redactor: Redactor(secrets: []))
        d.sleep = { _ in }
        return d
    }

    /// A partial file as an interrupted bnc download leaves it: its bytes and bnc's mark.
    static func plant(_ data: Data, _ path: String) throws {
        try data.write(to: URL(fileURLWithPath: path))
        #expect(setxattr(path, "user.bnc.partial", "1", 1, 0) == 0, "this test needs a file system with user extended attributes")
    }

    /// A `.part` file bnc did not begin (no mark, no validator: a user's notes under that name) is refused and left
    /// as it is; it was resumed, its bytes spliced with the server's and renamed into the export.
    @Test func aPartialFileBncDidNotBeginIsLeftAsItIs() throws {
        let server = try LoopbackServer(script: [.respond(status: 200, headers: [], body: "a,b\n1,2\n")])
        try Data("my precious notes\n".utf8).write(to: URL(fileURLWithPath: dir + "/n.csv.part"))
        #expect(throws: BNCError.self) { try self.download(server, to: "n.csv").run() }
        #expect(try String(contentsOfFile: dir + "/n.csv.part", encoding: .utf8) == "my precious notes\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/n.csv"))
        #expect(server.received.isEmpty, "nothing asked")
    }

    @Test func aFileIsStreamedToDiskAndRenamedWhenComplete() throws {
        let body = String(repeating: "id,name\n1,OPEN\n", count: 5000)
        let server = try LoopbackServer(script: [.respond(status: 200, headers: [("Content-Type", "application/gzip")], body: body)])
        var seen: [Int64] = []
        let d = download(server, to: "a.csv.gz")
        d.progress = { have, _ in seen.append(have) }
        let outcome = try d.run()
        #expect(outcome.bytes == Int64(body.utf8.count) && outcome.resumedFrom == 0)
        #expect(try String(contentsOfFile: dir + "/a.csv.gz", encoding: .utf8) == body)
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.csv.gz.part"))
        #expect(seen.last == Int64(body.utf8.count) && seen.count >= 1)
    }

    /// A file larger than the download's bound, announced (Content-Length) or sent, ends the download with exit
    /// 76 and keeps none of its bytes: a server's answer never fills the disk (QA round 25b; the bound is 64 GiB).
    @Test func aFileLargerThanTheBoundIsNotKept() throws {
        let body = String(repeating: "0123456789", count: 100)
        let server = try LoopbackServer(script: [.respond(status: 200, headers: [("Content-Type", "application/gzip")], body: body)])
        let d = download(server, to: "big.csv.gz")
        d.maxBytes = 999
        #expect(Download.defaultMaxBytes == 64 << 30)
        let error = try #require(throws: BNCError.self) { try d.run() }
        #expect(error.kind == .malformedResponse && error.message.contains("larger than 999 bytes"), "\(error.message)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/big.csv.gz"))
        #expect((try? FileManager.default.attributesOfItem(atPath: dir + "/big.csv.gz.part")[.size] as? Int) ?? 0 == 0, "no bytes kept")
        let exact = try LoopbackServer(script: [.respond(status: 200, headers: [("Content-Type", "application/gzip")], body: body)])
        let fits = download(exact, to: "fits.csv.gz")
        fits.maxBytes = 1000
        #expect(try fits.run().bytes == 1000)
    }

    @Test func aPartialFileIsResumedWithARange() throws {
        let whole = String(repeating: "0123456789", count: 100)
        try Self.plant(Data(whole.utf8.prefix(400)), dir + "/b.csv.gz.part")
        let rest = String(whole.dropFirst(400))
        let server = try LoopbackServer(script: [.respond(status: 206, headers: [("Content-Range", "bytes 400-999/1000")], body: rest)])
        let outcome = try download(server, to: "b.csv.gz").run()
        #expect(server.received.first?.header("Range") == "bytes=400-")
        #expect(outcome.resumedFrom == 400 && outcome.bytes == 1000)
        #expect(try String(contentsOfFile: dir + "/b.csv.gz", encoding: .utf8) == whole)
    }

    @Test func aServerThatIgnoresTheRangeStartsTheFileAgain() throws {
        try Self.plant(Data("stale bytes".utf8), dir + "/c.csv.gz.part")
        let server = try LoopbackServer(script: [.respond(status: 200, headers: [], body: "the whole file")])
        _ = try download(server, to: "c.csv.gz").run()
        #expect(try String(contentsOfFile: dir + "/c.csv.gz", encoding: .utf8) == "the whole file")
    }

    /// A 206 whose range does not start where the partial file ends would put bytes in the wrong place (it was
    /// appended): the transfer is stopped and the next attempt asks for the whole file.
    @Test func aRangeThatStartsElsewhereIsNotAppended() throws {
        let whole = String(repeating: "abcdefghij", count: 50)
        try Self.plant(Data(whole.utf8.prefix(100)), dir + "/g.csv.gz.part")
        let server = try LoopbackServer(script: [
            .respond(status: 206, headers: [("Content-Range", "bytes 0-499/500")], body: whole),
            .respond(status: 200, headers: [("ETag", "\"v1\"")], body: whole),
        ])
        let outcome = try download(server, to: "g.csv.gz").run()
        #expect(server.received.map { $0.header("Range") } == ["bytes=100-", nil])
        #expect(outcome.bytes == 500 && outcome.resumedFrom == 0 && outcome.discarded == 100 && outcome.attempts == 2)
        #expect(try String(contentsOfFile: dir + "/g.csv.gz", encoding: .utf8) == whole)
    }

    /// A server that ignores If-Range answers 206 with the range of the file it has now (another ETag): those
    /// bytes were appended to the old file's (a custom export printed 17 old rows and 23 new, exit 0). They are
    /// not: the file is fetched whole. A weak ETag is no match either.
    @Test func aRangeOfAnotherFileIsNotAppended() throws {
        for etag in ["\"v2\"", "W/\"v1\""] {
            let name = "h\(etag.count).csv"
            let old = String(repeating: "old-row\n", count: 10), new = String(repeating: "new-row\n", count: 20)
            try Data(old.utf8).write(to: URL(fileURLWithPath: dir + "/" + name + ".part"))
            #expect(setxattr(dir + "/" + name + ".part", Download.validatorAttribute, "\"v1\"", 4, 0) == 0)
            let server = try LoopbackServer(script: [
                .respond(status: 206, headers: [("Content-Range", "bytes 80-159/160"), ("ETag", etag)], body: String(new.dropFirst(80))),
                .respond(status: 200, headers: [("ETag", "\"v2\"")], body: new),
            ])
            let outcome = try download(server, to: name).run()
            #expect(server.received.map { $0.header("If-Range") } == ["\"v1\"", nil], "\(etag)")
            #expect(try String(contentsOfFile: dir + "/" + name, encoding: .utf8) == new && outcome.discarded == 80, "\(etag)")
        }
    }

    /// A 416 was taken as "an earlier run brought it all" whatever the file: a partial file longer than the
    /// server's (or of another file) was kept as the download, its extra row printed. Complete only when the
    /// server's size (`bytes */SIZE`) is the file's; else fetched again. A 200 with an empty body to a range is an
    /// empty file, not the old partial one.
    @Test func aRefusedRangeOrAnEmptyAnswerIsCheckedAgainstTheFile() throws {
        let whole = String(repeating: "row\n", count: 10)
        try Self.plant(Data((whole + "EXTRA,ROW\n").utf8), dir + "/i.csv.part")
        let longer = try LoopbackServer(script: [
            .respond(status: 416, headers: [("Content-Range", "bytes */40")], body: ""),
            .respond(status: 200, headers: [], body: whole),
        ])
        _ = try download(longer, to: "i.csv").run()
        #expect(try String(contentsOfFile: dir + "/i.csv", encoding: .utf8) == whole && longer.received.count == 2)
        try Self.plant(Data(whole.utf8), dir + "/j.csv.part")
        let done = try LoopbackServer(script: [.respond(status: 416, headers: [("Content-Range", "bytes */40")], body: "")])
        let outcome = try download(done, to: "j.csv").run()
        #expect(try String(contentsOfFile: dir + "/j.csv", encoding: .utf8) == whole && outcome.resumedFrom == 40 && done.received.count == 1)
        try Self.plant(Data("stale".utf8), dir + "/k.csv.part")
        let empty = try LoopbackServer(script: [.respond(status: 200, headers: [], body: "")])
        _ = try download(empty, to: "k.csv").run()
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/k.csv")).isEmpty)
    }

    /// A server's validator is as hostile as its body: a weak ETag may not be used with If-Range, and a value that
    /// is no printable ASCII (a line break would add a header to the next request) or longer than 512 bytes is none.
    @Test func onlyAStrongPrintableValidatorIsKept() {
        #expect(Download.validator(in: ["ETag": "\"abc\""]) == "\"abc\"")
        #expect(Download.validator(in: ["ETag": "W/\"abc\"", "Last-Modified": "Wed, 25 Nov 2026 10:00:00 GMT"]) == "Wed, 25 Nov 2026 10:00:00 GMT")
        #expect(Download.validator(in: ["ETag": "W/\"abc\""]) == nil)
        #expect(Download.validator(in: ["ETag": "\"a\"\r\nX: 1"]) == nil)
        #expect(Download.validator(in: ["ETag": "\"" + String(repeating: "a", count: 600) + "\""]) == nil)
        #expect(Download.contentRange("bytes 100-499/500")! == (100, 500))
        #expect(Download.contentRange("bytes 100-499/*")! == (100, nil))
        #expect(Download.contentRange("bytes -1-4/5") == nil && Download.contentRange("items 1-2/3") == nil)
    }

    @Test func anErrorAnswerIsNotWrittenAndKeepsNoFile() throws {
        let server = try LoopbackServer(script: [.json(403, #"{"error":{"code":403,"message":"Request has expired"}}"#)])
        let error = try #require(throws: BNCError.self) { try download(server, to: "d.csv.gz").run() }
        #expect(error.message.contains("Request has expired"), "\(error.message)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/d.csv.gz"))
        #expect((try? Data(contentsOf: URL(fileURLWithPath: dir + "/d.csv.gz.part")))?.isEmpty != false)
    }

    /// A gzip download takes its final name only when it is whole gzip. A truncated or damaged file the server
    /// sent whole (its length as announced) was renamed into place, and every later run reused it, failing with 76
    /// (QA round 28b F5): it is 76 with its bytes let go, so the next run fetches it again.
    @Test func aGzipFileThatIsNotWholeIsNotKept() throws {
        let plain = (1...3000).map { "\($0),OPEN,\($0 * 7919 % 1000)\n" }.joined()
        let gz = [UInt8](try GzipInputTests.gzip(plain))
        var flipped = gz
        flipped[gz.count / 2] ^= 0xFF
        let cases: [(String, [UInt8], String)] = [
            ("truncated", Array(gz.dropLast(9)), "ends inside a member"),
            ("damaged", flipped, "damaged"),
            ("a page, not gzip", Array("<html>the export is not ready</html>".utf8), "damaged"),
            ("trailing garbage", gz + Array("tail".utf8), "damaged"),
        ]
        for (what, body, says) in cases {
            let server = try LoopbackServer(script: [.respondBytes(status: 200, headers: [], body: body)])
            let d = download(server, to: "z.csv.gz")
            d.gzip = true
            let error = try #require(throws: BNCError.self, "\(what)") { try d.run() }
            #expect(error.kind == .malformedResponse && error.message.contains(says) && error.message.contains("let go"), "\(what): \(error.message)")
            #expect(error.message.contains("/export/eo_open.csv.gz"), "names the URL: \(error.message)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/z.csv.gz"), "\(what): not kept under the final name")
            #expect((try? Data(contentsOf: URL(fileURLWithPath: dir + "/z.csv.gz.part")))?.isEmpty != false, "\(what): no bytes kept to resume")
        }
        // The next run fetches it whole; two members one after another (cat a.gz b.gz) are whole gzip.
        let two = gz + [UInt8](try GzipInputTests.gzip("more,rows\n"))
        let good = try LoopbackServer(script: [.respondBytes(status: 200, headers: [], body: two)])
        let d = download(good, to: "z.csv.gz")
        d.gzip = true
        #expect(try d.run().bytes == Int64(two.count))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/z.csv.gz")) == Data(two))
    }

    /// A resumed gzip file is checked whole, its kept bytes read back; one that is not (the server's file changed
    /// and it gave no validator to tell) is fetched whole once more instead of failing.
    @Test func aResumedGzipFileIsCheckedWholeAndASpliceFetchedAgain() throws {
        let gz = [UInt8](try GzipInputTests.gzip((1...2000).map { "row \($0)\n" }.joined()))
        let half = gz.count / 2
        try Self.plant(Data(gz[..<half]), dir + "/r.csv.gz.part")
        let resume = try LoopbackServer(script: [.respondBytes(status: 206, headers: [("Content-Range", "bytes \(half)-\(gz.count - 1)/\(gz.count)")], body: Array(gz[half...]))])
        let d = download(resume, to: "r.csv.gz")
        d.gzip = true
        let outcome = try d.run()
        #expect(outcome.resumedFrom == Int64(half) && outcome.bytes == Int64(gz.count))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/r.csv.gz")) == Data(gz))

        let other = [UInt8](try GzipInputTests.gzip((1...2000).map { "other \($0)\n" }.joined()))
        try Self.plant(Data(gz[..<half]), dir + "/s.csv.gz.part")
        let splice = try LoopbackServer(script: [
            .respondBytes(status: 206, headers: [("Content-Range", "bytes \(half)-\(other.count - 1)/\(other.count)")], body: Array(other[half...])),
            .respondBytes(status: 200, headers: [], body: other),
        ])
        let s = download(splice, to: "s.csv.gz")
        s.gzip = true
        let again = try s.run()
        #expect(splice.received.map { $0.header("Range") } == ["bytes=\(half)-", nil])
        #expect(again.attempts == 2 && again.discarded == Int64(half) && again.resumedFrom == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/s.csv.gz")) == Data(other))
    }

    @Test func csvRecordsKeepQuotedCommasQuotesAndLineBreaks() throws {
        let text = "id,name,custom_data\r\n1,\"PURCHASE, big\",\"{\"\"a\"\":1}\"\r\n2,\"two\nlines\",\r\n"
        let path = dir + "/e.csv.gz"
        try GzipInputTests.gzip(text).write(to: URL(fileURLWithPath: path))
        let reader = try CSVReader(path: path, what: "test")
        #expect(try reader.next() == ["id", "name", "custom_data"])
        #expect(try reader.next() == ["1", "PURCHASE, big", #"{"a":1}"#])
        #expect(try reader.next() == ["2", "two\nlines", ""])
        #expect(reader.recordLine == 3)
        #expect(try reader.next() == nil)
        #expect(CSVReader.line(["a,b", #"c"d"#, "e"]) == #""a,b","c""d",e"#)
    }

    /// QA round 28b: cells from an export (an app's users wrote them) went out as formulas a spreadsheet runs, and a
    /// NUL raw. A formula-like cell that is not a number gets a leading ', a NUL is U+FFFD; numbers stay numbers.
    @Test func formulaCellsAreDefusedAndNumbersKept() {
        let cells = ["=HYPERLINK(\"http://x\")", "+cmd|' /C calc'!A0", "@SUM(1+1)", "-2+3+cmd|x", "\tx", "x\u{0}y", "-5", "+1.5", "-0.25e3", "a=b", ""]
        #expect(CSVReader.line(cells) == #""'=HYPERLINK(""http://x"")",'+cmd|' /C calc'!A0,'@SUM(1+1),'-2+3+cmd|x,'\#tx,x\#u{FFFD}y,-5,'+1.5,-0.25e3,a=b,"#)
    }

    @Test func anUnclosedQuoteIsAnError() throws {
        let path = dir + "/f.csv"
        try Data("id,name\n1,\"never closed\n2,x\n".utf8).write(to: URL(fileURLWithPath: path))
        let reader = try CSVReader(path: path, what: "test")
        _ = try reader.next()
        let error = try #require(throws: BNCError.self) { try reader.next() }
        #expect(error.message.contains("never closed"))
    }
}

/// The one reader and writer of the attributes bnc keeps on its files: a value, none, one longer than the reader
/// takes (never truncated into a value), and removal, by descriptor and by path alike.
@Suite struct ExtendedAttributeTests {
    @Test func readWriteAndRemove() throws {
        let path = NSTemporaryDirectory() + "bnc-xattr-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDWR)
        defer { close(fd) }
        #expect(fd >= 0)
        ExtendedAttribute.write("user.bnc.test", "abc", fd: fd)
        guard ExtendedAttribute.read("user.bnc.test", fd: fd, limit: 16) != .unknown else { return }  // no user attributes here
        #expect(ExtendedAttribute.read("user.bnc.test", fd: fd, limit: 16) == .value(Array("abc".utf8)))
        #expect(ExtendedAttribute.read("user.bnc.test", path: path, limit: 3) == .value(Array("abc".utf8)))
        #expect(ExtendedAttribute.read("user.bnc.test", fd: fd, limit: 2) == .tooLong)
        #expect(ExtendedAttribute.read("user.bnc.other", fd: fd, limit: 16) == .absent)
        ExtendedAttribute.write("user.bnc.path", "https://x/y", path: path)
        #expect(ExtendedAttribute.text("user.bnc.path", path: path) == "https://x/y")
        ExtendedAttribute.remove("user.bnc.test", fd: fd)
        #expect(ExtendedAttribute.read("user.bnc.test", path: path, limit: 16) == .absent)
    }
}
