// The JSON value: strict parsing, key order, exact numbers, escaping.
import Testing
import TestSupport
@testable import BNCCore

@Suite struct JSONTests {
    @Test func keepsKeyOrderAndNumberLiterals() throws {
        let text = #"{"z":1,"a":{"y":2.50,"b":[1e3,-0,423194549918126821]},"m":"x"}"#
        let json = try JSON.parse(text)
        #expect(json.objectValue?.keys == ["z", "a", "m"])
        #expect(json.serialized() == text)
    }

    @Test func roundTripsTheSDKFixture() throws {
        let text = try Fixtures.text("ios-cannedData/example.json")
        let json = try JSON.parse(text)
        let again = try JSON.parse(json.serialized(pretty: true))
        #expect(again == json)
        #expect(json["user_number"]?.numberValue?.literal == "3.14")
        #expect(json["user_array_mixed"]?.arrayValue?.count == 3)
        #expect(json.objectValue?.keys.first == "user_string")
    }

    @Test func equalityIgnoresKeyOrderButNotValues() throws {
        #expect(try JSON.parse(#"{"a":1,"b":2}"#) == JSON.parse(#"{"b":2,"a":1.0}"#))
        #expect(try JSON.parse(#"{"a":1}"#) != JSON.parse(#"{"a":"1"}"#))
    }

    @Test(arguments: [
        (#"{"a":1,}"#, "expected a quoted member name"),
        ("[1,2", "unexpected end of input"),
        ("012", "leading zeros are not allowed"),
        (#""\ud800""#, "lone high surrogate"),
        (#""\udc00""#, "lone low surrogate"),
        ("\"a\u{01}\"", "control character"),
        ("{} x", "unexpected text after the value"),
        ("// c\n{}", "unexpected character '/'"),
        ("1.", "expected a digit after '.'"),
        ("tru", "unexpected character 't'"),
    ])
    func refusesInvalidText(_ text: String, _ reason: String) {
        #expect {
            try JSON.parse(text)
        } throws: { error in
            (error as? JSONParseError)?.reason.contains(reason) == true
        }
    }

    @Test func reportsTheByteOffset() {
        do {
            _ = try JSON.parse(#"{"a": tru}"#)
            Issue.record("parsed invalid JSON")
        } catch {
            #expect(error.offset == 6)
            #expect(error.description == "invalid JSON at byte 6: unexpected character 't'")
        }
    }

    /// A name given twice in one object is refused where the second one starts, at any depth and past the size
    /// at which an object is indexed; the same name in two objects, or escaped differently but equal, as well.
    @Test(arguments: [
        (#"{"a":1,"a":2}"#, 7),
        (#"{"x":{"k":true,"k":false}}"#, 15),
        (#"{"a":1,"\u0061":2}"#, 7),
        ("{" + (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + #","k39":0}"#,
         ("{" + (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + ",").utf8.count),
    ] as [(String, Int)])
    func refusesARepeatedMemberName(_ text: String, _ offset: Int) {
        do {
            _ = try JSON.parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.reason.contains("is repeated in one object"), "\(error)")
            #expect(error.offset == offset, "\(error)")
        }
        #expect(throws: Never.self) { try JSON.parse(#"[{"a":1},{"a":2}]"#) }
    }

    @Test func boundsNesting() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: JSONParseError.self) { try JSON.parse(deep) }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: Never.self) { try JSON.parse(fine) }
    }

    @Test func refusesInvalidUTF8() {
        #expect(throws: JSONParseError.self) { try JSON.parse(bytes: [0x22, 0xFF, 0x22]) }
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let json = try JSON.parse(#""a\"b\\c\/d\n\u00e9\ud83d\ude00""#)
        #expect(json.stringValue == "a\"b\\c/d\né😀")
    }

    @Test func escapesOnlyWhatJSONRequires() {
        let s: JSON = .string("q\"b\\n\n\t\u{01}é/😀")
        #expect(s.serialized() == #""q\"b\\n\n\t\u0001é/😀""#)
    }

    /// The writer copies runs between escapes: escapes at the start, the end, back to back; DEL and the two
    /// JavaScript line separators escaped, other three-byte characters starting E2 copied.
    @Test func escapesAtEveryPosition() {
        #expect(JSON.string("\"").serialized() == #""\"""#)
        #expect(JSON.string("\u{1F}a\u{7F}").serialized() == #""\u001fa\u007f""#)
        #expect(JSON.string("a\u{2028}\u{2029}b").serialized() == #""a\u2028\u2029b""#)
        #expect(JSON.string("→€\u{2027}").serialized() == "\"→€\u{2027}\"")
        #expect(JSON.string("x\u{0}\r\u{08}\u{0C}").serialized() == #""x\u0000\r\b\f""#)
        let key: JSON = ["k\"\u{2028}": "v"]
        #expect(key.serialized() == #"{"k\"\u2028":"v"}"#)
        #expect(key.serialized(pretty: true) == "{\n  \"k\\\"\\u2028\": \"v\"\n}")
    }

    /// Strings without escapes are made from the input bytes directly; the checks still hold there.
    @Test func stringsWithoutEscapesAreStillChecked() throws {
        #expect(try JSON.parse(bytes: Array("\"héllo\"".utf8)).stringValue == "héllo")
        #expect(throws: JSONParseError.self) { try JSON.parse(bytes: [0x22, 0x61, 0xC3, 0x22]) }      // truncated é
        #expect(throws: JSONParseError.self) { try JSON.parse(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22]) }  // UTF-8 surrogate
        #expect(throws: JSONParseError.self) { try JSON.parse(bytes: [0x22, 0x61, 0x62]) }             // unterminated
        #expect(throws: JSONParseError.self) { try JSON.parse(bytes: [0x22, 0x61, 0x5C, 0x6E]) }       // after an escape
        #expect(try JSON.parse(#""é\u0041""#).stringValue == "éA")
    }

    @Test func prettyPrintsTwoSpaces() {
        let j: JSON = ["a": [1, 2], "b": [:], "c": []]
        #expect(j.serialized(pretty: true) == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}")
    }

    @Test func numbersFromDoubles() {
        #expect(JSON.double(2.0).serialized() == "2")
        #expect(JSON.double(19.99).serialized() == "19.99")
        #expect(JSON.double(.nan) == .null)
        #expect(JSONNumber(literal: "1e400") != nil)
        #expect(JSONNumber(literal: "01") == nil)
    }

    /// Member names from a batch's cache: the same documents and the same refusals as without it.
    @Test func keyCacheChangesNothing() throws {
        let cache = JSONKeyCache()
        let long32 = String(repeating: "k", count: 32), long33 = String(repeating: "k", count: 33)
        var texts = [#"{"a":1,"b":{"a":2,"\#(long32)":3,"\#(long33)":4}}"#, #"{"esc\u0061ped":1,"é":2,"a\"b":3}"#,
                     #"{"":0,"a":[{"a":{"a":null}}]}"#]
        texts += (0..<600).map { #"{"name\#($0)":\#($0),"other\#($0 % 7)":"v"}"# }  // more names than slots: clashes
        for _ in 0..<2 {
            for text in texts {
                let plain = try JSON.parse(bytes: Array(text.utf8))
                let cached = try JSON.parse(bytes: Array(text.utf8), keys: cache)
                #expect(cached == plain, "\(text)")
                #expect(cached.objectValue?.keys == plain.objectValue?.keys)
            }
        }
        for bad in ["{\"a\u{1}\":1}", "{\"ab", "{\"a\":1,\"b\" 2}", "{\"\(long32)"] {
            var plainError: JSONParseError?, cachedError: JSONParseError?
            do { _ = try JSON.parse(bytes: Array(bad.utf8)) } catch { plainError = error }
            do { _ = try JSON.parse(bytes: Array(bad.utf8), keys: cache) } catch { cachedError = error }
            #expect(plainError != nil && plainError == cachedError, "\(bad)")
        }
    }

    /// Short decimals take a fast path to Double: it must give exactly what the standard library's parser gives.
    @Test func numbersAsDoublesMatchTheStandardParser() throws {
        var rng = SplitMix(seed: 15)  // the same literals on every run
        var literals = ["0", "-0", "0.1", "9.99", "19.99", "1", "-1", "0.3", "123456789012345", "1234567890123456",
                        "0.000000000000001", "999999999999999.9", "4503599627370497", "9007199254740993", "1e3", "-2.5E-3",
                        "0.1e1", "100000000000000000000", "1.7976931348623157e308", "5e-324", "12345678901234.5"]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...17, using: &rng)
            var text = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &rng)) }.joined()
            while text.count > 1 && text.hasPrefix("0") { text.removeFirst() }
            let point = Int.random(in: 0...text.count, using: &rng)
            if point > 0 && point < text.count { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            if Bool.random(using: &rng) { text = "-" + text }
            literals.append(text)
        }
        for text in literals {
            let n = try #require(JSONNumber(literal: text), "\(text)")
            let expected = try #require(Double(text))
            #expect(n.double.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test func objectSubscriptKeepsPlaceAndRemoves() {
        var o: JSONObject = ["a": 1, "b": 2, "c": 3]
        o["a"] = 9
        o["b"] = nil
        #expect(o.keys == ["a", "c"])
        #expect(o["a"] == 9)
    }

    /// Small objects are scanned, large ones indexed: the same answers on both sides of the limit, through
    /// growth past it and removals back under it.
    @Test(arguments: [3, JSONObject.linearLimit, JSONObject.linearLimit + 1, 1000])
    func objectsAnswerAlikeAtEverySize(size: Int) {
        var o = JSONObject()
        var reference: [String: Int] = [:]
        for i in 0..<size { o["k\(i)"] = .int(i); reference["k\(i)"] = i }
        o["k0"] = .int(-1); reference["k0"] = -1               // replaced in place
        #expect(o.keys.first == "k0")
        for i in stride(from: 1, to: size, by: 2) { o["k\(i)"] = nil; reference["k\(i)"] = nil }
        o["late"] = "x"
        #expect(o.count == reference.count + 1)
        #expect(o.keys == (0..<size).filter { $0 % 2 == 0 || $0 == 0 }.map { "k\($0)" } + ["late"])
        for (k, v) in reference { #expect(o[k] == .int(v)) }
        for i in stride(from: 1, to: size, by: 2) { #expect(o["k\(i)"] == nil) }
        #expect(o["late"] == "x")
        #expect(Array(o.map(\.key)) == o.keys)
        // Equality ignores order, at every size.
        let reversed = JSONObject(o.reversed().map { ($0.key, $0.value) })
        #expect(reversed == o)
        var other = reversed
        other["late"] = "y"
        #expect(other != o)
    }

    /// The start of a changed copy: its first members, found by name on either side of the index limit, and
    /// members added after them.
    @Test(arguments: [0, 1, JSONObject.linearLimit, JSONObject.linearLimit + 1, 40])
    func firstMembersOfAnObject(_ n: Int) {
        var o = JSONObject()
        for i in 0..<40 { o["k\(i)"] = .int(i) }
        var start = JSONObject(firstMembersOf: o, count: n)
        #expect(start.keys == (0..<n).map { "k\($0)" })
        for i in 0..<40 { #expect(start["k\(i)"] == (i < n ? .int(i) : nil)) }
        start["k39"] = "last"
        start["k0"] = "first"
        #expect(start.count == max(n, 1) + (n < 40 ? 1 : 0))
        #expect(start["k39"] == "last" && start["k0"] == "first")
        #expect(o["k0"] == .int(0) && o.count == 40, "the source is left alone")
    }

    @Test(arguments: [2, JSONObject.linearLimit, JSONObject.linearLimit + 1, 100])
    func prependPutsAKeyFirstAndKeepsTheRest(_ size: Int) {
        var o = JSONObject()
        for i in 0..<size { o["k\(i)"] = .int(i) }
        var first = o
        first.prepend("branch_key", "key_a")
        #expect(first.keys == ["branch_key"] + (0..<size).map { "k\($0)" })
        #expect(first["branch_key"] == "key_a" && first["k\(size - 1)"] == .int(size - 1))
        #expect(o.count == size, "a copy is left alone")
        var moved = first
        moved.prepend("k\(size - 1)", "last")
        #expect(moved.keys.first == "k\(size - 1)" && moved.count == size + 1)
        #expect(moved["k\(size - 1)"] == "last" && moved["branch_key"] == "key_a")
    }

    @Test func identicalMeansTheSameStoredObject() {
        let o: JSONObject = ["a": 1, "b": 2]
        let same = o
        var changed = o
        #expect(o.isIdentical(to: same))
        changed["a"] = 1
        #expect(!o.isIdentical(to: changed), "written to: its own copy, though equal")
        #expect(o == changed)
        #expect(!o.isIdentical(to: ["a": 1, "b": 2]))
    }
}
