// The device model: normalisation of ids, the all-zero IDFA, files overlaid by flags.
import Testing
@testable import BNCCore

@Suite struct DeviceTests {
    final class Warnings { var lines: [String] = [] }

    @Test(arguments: [
        ("1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"),
        ("1ef2a0c422b54cbd8a69bb5c1b9d9a11", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"),
        ("{1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11}", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"),
        ("  1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11 ", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11"),
    ])
    func idfaAndIdfvBecomeUpperCaseUUIDs(_ input: String, _ expected: String) throws {
        var d = Device()
        try d.set("idfa", input, source: "--idfa", warn: { _ in })
        try d.set("idfv", input, source: "--idfv", warn: { _ in })
        #expect(d.idfa == expected)
        #expect(d.idfv == expected)
    }

    @Test func gaidIsLowerCase() throws {
        var d = Device()
        try d.set("gaid", "38400000-8CF0-11BD-B23E-10B96E40000D", source: "--gaid", warn: { _ in })
        #expect(d.gaid == "38400000-8cf0-11bd-b23e-10b96e40000d")
    }

    @Test func theAllZeroIDFAIsAbsentWithAWarning() throws {
        let w = Warnings()
        var d = Device()
        try d.set("idfa", "00000000-0000-0000-0000-000000000000", source: "--idfa", warn: { w.lines.append($0) })
        #expect(d.idfa == nil)
        #expect(w.lines.count == 1)
        #expect(w.lines[0].contains("all-zero IDFA"))
        try d.set("gaid", "00000000000000000000000000000000", source: "--gaid", warn: { w.lines.append($0) })
        #expect(d.gaid == nil)
        #expect(w.lines.count == 2)
    }

    @Test(arguments: [
        ("idfa", "not-a-uuid", "must be a UUID"),
        ("idfa", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A1", "must be a UUID"),
        ("idfv", "1EF2A0C422B5-4CBD-8A69-BB5C1B9D9A11X", "must be a UUID"),
        ("os_version", "  ", "must not be blank (use \"NA\" when unknown)"),
        ("model", "", "must not be blank"),
        ("screen", "1179*2556", "WIDTHxHEIGHT"),
        ("screen", "0x10", "WIDTHxHEIGHT"),
        ("screen_dpi", "-3", "positive whole number"),
        ("limit_ad_tracking", "maybe", "true or false"),
        ("local_ip", "300.1.1.1", "IPv4 or IPv6"),
        ("country", "USA", "two-letter"),
        ("language", "e1", "ISO 639"),
        ("user_agent", "a\nb", "line breaks"),
        ("android_id", "ab cd", "letters, digits"),
    ])
    func refusesBadValuesNamingTheSource(_ field: String, _ value: String, _ rule: String) {
        var d = Device()
        do {
            try d.set(field, value, source: "--\(field)", warn: { _ in })
            Issue.record("accepted \(field)=\(value)")
        } catch {
            #expect(error.exitStatus == .dataError)
            #expect(error.message.hasPrefix("--\(field) "))
            #expect(error.message.contains(rule), "\(error.message)")
        }
    }

    /// A body's ids take every form the flags take: 32 bare hex digits and braces (a line's all-zero IDFA written
    /// without dashes was refused as "must be a UUID" where --idfa took it as absent; a braced IDFV was kept braced).
    @Test func aBodysIDsTakeTheFlagsForms() {
        var o: JSONObject = ["idfa": "00000000000000000000000000000000", "idfv": "{6ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11}",
                             "aaid": "384000008CF011BDB23E10B96E40000D"]
        let warnings = BNCCore.Warnings()
        let removed = DeviceIDs.normalise(&o, [.init("idfa", upper: true, advertising: true), .init("idfv", upper: true, advertising: false),
                                               .init("aaid", upper: false, advertising: true)], warnings: warnings)
        #expect(removed == ["idfa"] && o["idfa"] == nil && warnings.messages.count == 1)
        #expect(o["idfv"] == "6EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11" && o["aaid"] == "38400000-8cf0-11bd-b23e-10b96e40000d", "\(o)")
        var bad: JSONObject = ["idfv": "not-a-uuid"]
        DeviceIDs.normalise(&bad, [.init("idfv", upper: true, advertising: false)], warnings: nil)
        #expect(bad["idfv"] == "not-a-uuid", "left for the field's own rule")
    }

    @Test func loadsAFileAndFlagsOverrideIt() throws {
        let file = try JSON.parse("""
            {"os": "ios", "os_version": 17.4, "model": "iPhone15,2", "idfv": "1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11",
             "limit_ad_tracking": true, "screen_width": 1179, "screen_height": 2556, "country": "us", "carrier": null}
            """)
        let base = try Device.load(json: file, source: "device.json", warn: { _ in })
        #expect(base.osVersion == "17.4")
        #expect(base.platform == .iOS)
        #expect(base.limitAdTracking == true)
        #expect(base.screenWidth == 1179 && base.screenHeight == 2556)
        #expect(base.country == "US")
        var flags = Device()
        try flags.set("os_version", "18.0", source: "--os-version", warn: { _ in })
        try flags.set("screen", "750x1334", source: "--screen", warn: { _ in })
        let d = base.overlaid(by: flags)
        #expect(d.osVersion == "18.0")
        #expect(d.model == "iPhone15,2")
        #expect(d.screenWidth == 750)
        #expect(d.idfv == "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11")
        #expect(d.json["os_version"] == "18.0")
    }

    @Test func refusesUnknownFieldsAndWrongShapes() {
        #expect {
            try Device.load(json: ["idfv2": "x"], source: "d.json", warn: { _ in })
        } throws: { ($0 as? BNCError)?.message.hasPrefix("idfv2 in d.json is not a device field") == true }
        #expect {
            try Device.load(json: ["model": ["a"]], source: "d.json", warn: { _ in })
        } throws: { ($0 as? BNCError)?.message.contains("must be a string, number or boolean, got array") == true }
        #expect {
            try Device.load(json: [1, 2], source: "d.json", warn: { _ in })
        } throws: { ($0 as? BNCError)?.message.contains("must be a JSON object") == true }
    }

    @Test func platformNamesInAnyCase() {
        #expect(Platform(name: "IOS") == .iOS)
        #expect(Platform(name: "android") == .android)
        #expect(Platform(name: "ROKU") == nil)
    }

    @Test func everyFieldHasAFlagAndHelp() {
        #expect(Device.table.fields.count == 20)
        for f in Device.table.fields {
            #expect(f.flag == "--" + f.name.replacing("_", with: "-"))
            #expect(!f.help.isEmpty)
        }
    }

    @Test func aFlagForTheOtherPlatformIsNamed() throws {
        var d = Device()
        try d.set("os", "Android", source: "--os", warn: { _ in })
        try d.set("idfv", "1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11", source: "--idfv", warn: { _ in })
        try d.set("gaid", "38400000-8cf0-11bd-b23e-10b96e40000d", source: "gaid in d.json", warn: { _ in })
        #expect(d.misplacedFields.map(\.source) == ["--idfv"])
        #expect(d.misplacedFields.first?.platform == .iOS)
        var ios = Device()
        try ios.set("os", "ios", source: "--os", warn: { _ in })
        try ios.set("oaid", "abc", source: "oaid in d.json", warn: { _ in })
        #expect(ios.misplacedFields.map(\.source) == ["oaid in d.json"])
    }
}
