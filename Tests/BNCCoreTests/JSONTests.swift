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

    @Test func objectSubscriptKeepsPlaceAndRemoves() {
        var o: JSONObject = ["a": 1, "b": 2, "c": 3]
        o["a"] = 9
        o["b"] = nil
        #expect(o.keys == ["a", "c"])
        #expect(o["a"] == 9)
    }
}
