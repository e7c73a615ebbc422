// A JSON array read one element at a time (a custom or cross-event export asked for as JSON): its elements in
// order across read chunks and gzip, in bounded memory; every framing error refused with its byte; each element
// parsed by the one JSON parser. Expected values come from Python's json module, not from bnc's writer.
import Foundation
import Testing
@testable import BNCCore
import TestSupport

@Suite final class JSONArrayReaderTests {
    let dir = NSTemporaryDirectory() + "bnc-jsonarray-\(UUID().uuidString)"
    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func file(_ name: String, _ data: Data) throws -> String {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    func all(_ path: String, max: Int = 16 << 20) throws(BNCError) -> [JSON] {
        let reader = try JSONArrayReader(path: path, maxElementBytes: max, what: "rows.json")
        var out: [JSON] = []
        while let e = try reader.next() { out.append(e) }
        return out
    }

    func refusal(_ text: String, max: Int = 16 << 20) throws -> String {
        let path = try file("bad-\(UUID().uuidString).json", Data(text.utf8))
        do {
            _ = try all(path, max: max)
            return "accepted"
        } catch {
            return error.message
        }
    }

    /// Python's json.dumps of `count` rows, whitespace as `indent` gives it: the element boundaries fall across the
    /// reader's 64 KiB chunks, with strings holding brackets, commas, quotes and backslashes.
    func pythonArray(count: Int, indent: String) throws -> Data {
        try ProcessOutput.bytes("/usr/bin/env", ["python3", "-c", """
            import json, sys
            rows = [{"id": str(i), "name": "row ]}[{ \\\\\\" , %d" % i, "n": i, "nested": {"a": [i, None, True]}} for i in range(\(count))]
            sys.stdout.write(json.dumps(rows, indent=\(indent)))
            """])
    }

    @Test func elementsInOrderAcrossChunksInBoundedMemory() throws {
        for indent in ["None", "2"] {
            let data = try pythonArray(count: 50_000, indent: indent)
            #expect(data.count > 3_000_000)
            let path = try file("rows-\(indent).json", data)
            let reader = try JSONArrayReader(path: path, what: "rows.json")
            var n = 0
            while let e = try reader.next() {
                #expect(e["id"]?.stringValue == String(n) && e["name"]?.stringValue == "row ]}[{ \\\" , \(n)", "element \(n): \(e.serialized())")
                #expect(e["nested"]?["a"] == .array([.int(n), .null, .bool(true)]))
                n += 1
            }
            #expect(n == 50_000 && reader.count == 50_000)
            // The file is read a chunk at a time: never held whole (the old reader held all of it, then its parse).
            #expect(reader.peakHeld < 256 << 10, "held \(reader.peakHeld) bytes of \(data.count)")
        }
    }

    @Test func gzipAndScalarsAndEmpty() throws {
        let text = "\u{FEFF} [ 1 , \"two\" ,true,null, -3.5e2 ,[],{} ] \n"
        let plain = try file("mixed.json", Data(text.utf8))
        let gz = try file("mixed.json.gz", try GzipInputTests.gzip(text))
        let expected: [JSON] = [.int(1), .string("two"), .bool(true), .null, .number(JSONNumber(uncheckedLiteral: "-3.5e2")), .array([]), .object(JSONObject())]
        #expect(try all(plain) == expected)
        #expect(try all(gz) == expected)
        #expect(try all(try file("empty.json", Data(" [ ]\n".utf8))).isEmpty)
    }

    @Test func framingErrorsAreRefusedWithTheirByte() throws {
        #expect(try refusal("") == "rows.json: not a JSON array at byte 0: the input is empty")
        #expect(try refusal("{\"a\":1}") == "rows.json: not a JSON array at byte 0: expected '['")
        #expect(try refusal("[1,2") == "rows.json: not a JSON array at byte 4: the array is never closed")
        #expect(try refusal("[1,]") == "rows.json: not a JSON array at byte 3: a ',' before ']'")
        #expect(try refusal("[1 2]") == "rows.json: not a JSON array at byte 3: expected ',' or ']' after element 1")
        #expect(try refusal("[1] x") == "rows.json: not a JSON array at byte 4: text after the array's closing bracket")
        #expect(try refusal("[1][2]") == "rows.json: not a JSON array at byte 3: text after the array's closing bracket")
        #expect(try refusal("[{\"a\":\"b]") == "rows.json: element 1 (at byte 1) never ends")
        #expect(try refusal("[{\"a\":01}]").hasPrefix("rows.json: element 1 (at byte 1): invalid JSON at byte 5: leading zeros"))
        #expect(try refusal("[{\"a\":1,\"a\":2}]").contains("is repeated in one object"))
        #expect(try refusal("[tru]") == "rows.json: element 1 (at byte 1): invalid JSON at byte 0: unexpected character 't'")
        #expect(try refusal("[{\"a\":1}, {\"b\":\"\(String(repeating: "x", count: 200))\"}]", max: 100)
                == "rows.json: element 2 (at byte 10) is longer than 100 bytes")
        #expect(try refusal("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30]", max: 4) == "accepted")
    }
}
