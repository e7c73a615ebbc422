// `TOOL fields --json-schema`: the field tables as JSON Schema 2020-12, generated from the specs (the base of
// bnc-mcp's tool schemas). Checked by Python's jsonschema (a validator independent of bnc): every schema is valid,
// the tool's own dry-run body conforms, and a value breaking a rule (a bad enum, a colour, a range) does not.
import Foundation
import Testing
import TestSupport

@Suite struct JSONSchemaTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    static let check = """
        import json, sys, jsonschema
        schemas = json.load(open(sys.argv[1]))
        schemas = schemas if isinstance(schemas, list) else [schemas]
        for s in schemas:
            jsonschema.Draft202012Validator.check_schema(s)
        validator = jsonschema.Draft202012Validator(schemas[int(sys.argv[2])], format_checker=jsonschema.FormatChecker())
        for text in sys.argv[3:]:
            errors = sorted(e.message for e in validator.iter_errors(json.loads(text)))
            print(json.dumps(errors))
        """

    /// Runs the checker: the schemas' file, which to validate with, bodies; each body's errors.
    func validate(_ tool: [String], table: Int = 0, _ bodies: [String]) throws -> [[String]] {
        let schema = try box.run(tool[0], Array(tool.dropFirst()) + ["fields", "--json-schema"])
        #expect(schema.status == 0, "\(schema.output)")
        let file = try box.write("schema.json", schema.stdout)
        let script = try box.write("check.py", Self.check)
        let r = try box.run("/usr/bin/env", ["python3", script, file, String(table)] + bodies,
                            env: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String]) ?? ["?"] }
    }

    @Test func theOpenSchemaTakesTheToolsOwnBodyAndRefusesABadOne() throws {
        let dry = try box.run("bnc-open", ["--os", "ios", "--os-version", "17.4", "--model", "iPhone15,2", "--app-version", "2.3.0", "--user-agent", "UA",
                                           "--ip", "8.8.4.4", "--idfv", "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11", "--no-state", "--dry-run", "--output", "json"],
                              env: ["BRANCH_KEY": "key_test_schema0001", "BRANCH_SECRET": "secret_test_schema0001"])
        let body = try #require((try JSONSerialization.jsonObject(with: Data(dry.stdout.utf8)) as? [String: Any])?["body"])
        let good = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        let results = try validate(["bnc-open"], [good, #"{"os":"Windows","os_version":"1","country":"USA","hardware_id_type":"imei","app_version":"1"}"#])
        #expect(results.first == [], "the tool's own body conforms: \(results)")
        #expect(results.last?.contains { $0.contains("'Windows' does not match") } == true, "\(results)")
        #expect(results.last?.contains { $0.contains("'USA' does not match") } == true && results.last?.contains { $0.contains("'imei' is not one of") } == true, "\(results)")
    }

    @Test(arguments: [["bnc-event"], ["bnc-link"], ["bnc-app"], ["bnc-asa"], ["bnc-export"]])
    func everyToolsSchemasAreValid(_ tool: [String]) throws {
        let r = try box.run(tool[0], ["fields", "--json-schema"])
        guard r.status == 0 else {
            // A tool without a fields subcommand says so (usage), and that is all.
            #expect(r.status == 64, "\(tool): \(r.output)")
            return
        }
        _ = try validate(tool, [])
    }

    @Test func theQRAndAppSchemasHoldTheirRanges() throws {
        let qr = try validate(["bnc-app"], [#"{"always_open_app":5,"dev_email":"not-an-address","og_title":"ok"}"#])
        #expect(qr.first?.contains { $0.contains("5 is greater than the maximum of 1") } == true, "\(qr)")
        let app = try validate(["bnc-link"], table: 0, [#"{"channel":"sms","type":7}"#])
        #expect(app.first?.contains { $0.contains("7 is greater than the maximum of 2") } == true, "\(app)")
    }

    /// QA round 31c: the schema said nothing of the text rule every string is held to (controls, line breaks, bidi
    /// overrides) nor of a never-blank field's spaces, so a validator passed what the tool refuses. Both sides now
    /// refuse them, and a plain value passes both.
    @Test func theTextRuleIsInTheSchema() throws {
        let base = #"{"server_to_server":true,"is_hardware_id_real":false,"os":"iOS","os_version":"17.4","model":"iPhone15,2","app_version":"2.3.0","user_agent":"UA","ip":"8.8.4.4","#
        let bodies = [base + #""identity":"plain"}"#, base + #""identity":"a\u001b[31mb"}"#, base + #""identity":"a\u202eb"}"#,
                      base + #""identity":"a\nb"}"#, base + #""hardware_id":"   "}"#]
        let errors = try validate(["bnc-open"], bodies.map { $0.replacing(#""ip":"8.8.4.4","#, with: "") })
        #expect(errors.count == 5 && errors.first == [], "\(errors)")
        #expect(errors.dropFirst().allSatisfy { !$0.isEmpty }, "each breaks the schema: \(errors)")
        for body in bodies.dropFirst() {
            let r = try box.run("bnc-open", ["--body", "-", "--dry-run"], env: ["BRANCH_KEY": "key_live_PLACEHOLDERschema", "BRANCH_SECRET": "secret_live_PLACEHOLDERschema0000"], stdin: body)
            #expect(r.status == 65, "\(body): \(r.output)")
        }
    }
}
