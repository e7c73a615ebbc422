// The shared option groups parse and check their flags the same way in every tool.
import ArgumentParser
import Testing
@testable import BNCCommandSupport
@testable import BNCCore

@Suite struct OptionGroupTests {
    @Test func deviceFlagsBuildTheDevice() throws {
        let options = try DeviceOptions.parse(["--os", "ios", "--idfv", "1ef2a0c422b54cbd8a69bb5c1b9d9a11", "--screen", "1179x2556",
                                               "--limit-ad-tracking", "false"])
        let device = try options.device(warn: { _ in })
        #expect(device.platform == .iOS)
        #expect(device.idfv == "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11")
        #expect(device.screenHeight == 2556)
        #expect(device.limitAdTracking == false)
    }

    @Test func deviceFileMissingIsExit66() throws {
        let options = try DeviceOptions.parse(["--device", "/nonexistent/device.json"])
        let e = try #require(throws: BNCError.self) { try options.device(warn: { _ in }) }
        #expect(e.exitStatus == .noInput)
    }

    @Test func outputRejectsBothRenderings() throws {
        #expect(throws: (any Error).self) { try OutputOptions.parse(["--dry-run", "--curl"]) }
        #expect(throws: (any Error).self) { try OutputOptions.parse(["--output", "xml"]) }
        #expect(try OutputOptions.parse(["--output", "ndjson"]).format(Environment(variables: [:])) == .ndjson)
        #expect(try OutputOptions.parse([]).format(Environment(variables: [:], stdoutIsTTY: true)) == .table)
        #expect(try OutputOptions.parse([]).format(Environment(variables: [:], stdoutIsTTY: false)) == .json)
    }

    @Test(arguments: [["--batch", "f", "--shard", "0/4"], ["--batch", "f", "--shard", "5/4"], ["--batch", "f", "--concurrency", "0"],
                      ["--batch", "f", "--rate", "-1"], ["--batch", "f", "--rate", "0.001"]])
    func batchChecks(_ args: [String]) {
        #expect(throws: (any Error).self) { try BatchOptions.parse(args) }
    }

    @Test func networkChecks() throws {
        #expect(throws: (any Error).self) { try NetworkOptions.parse(["--retries", "99"]) }
        #expect(throws: (any Error).self) { try NetworkOptions.parse(["--max-time", "0"]) }
        let n = try NetworkOptions.parse(["--ip", "8.8.8.8", "-v", "--timing"])
        #expect(n.verbose && n.timing && n.ip == "8.8.8.8" && n.retries == 3)
    }

    @Test func noFlagTakesTheSecretItself() {
        #expect(throws: (any Error).self) { try CredentialOptions.parse(["--secret", "secret_test_x"]) }
        #expect(throws: (any Error).self) { try CredentialOptions.parse(["--branch-secret", "secret_test_x"]) }
    }
}
