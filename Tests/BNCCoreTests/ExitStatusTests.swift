// The one mapping from errors to exit statuses, against DESIGN.md's table.
import Testing
@testable import BNCCore

typealias ExitStatus = BNCCore.ExitStatus

@Suite struct ExitStatusTests {
    @Test(arguments: [
        (BNCError.Kind.usage, ExitStatus.usage),
        (.invalidData, .dataError),
        (.inputMissing, .noInput),
        (.unreachable, .unavailable),
        (.notImplemented, .unavailable),
        (.temporary, .temporaryFailure),
        (.malformedResponse, .malformedResponse),
        (.notPermitted, .notPermitted),
        (.configuration, .configuration),
        (.internal, .software),
        (.interrupted, .interrupted),
    ])
    func kinds(_ kind: BNCError.Kind, _ status: ExitStatus) {
        #expect(ExitStatus(for: BNCError(kind, "x")) == status)
    }

    @Test(arguments: [
        (400, ExitStatus.dataError), (404, .dataError), (409, .dataError), (422, .dataError),
        (401, .notPermitted), (403, .notPermitted),
        (408, .temporaryFailure), (429, .temporaryFailure), (500, .temporaryFailure), (503, .temporaryFailure),
        (302, .malformedResponse),
    ])
    func httpStatuses(_ status: Int, _ exit: ExitStatus) {
        #expect(ExitStatus(for: BNCError(.http(status: status), "x")) == exit)
    }

    @Test func documentedValues() {
        #expect(ExitStatus.allCases.map(\.rawValue) == [0, 1, 64, 65, 66, 69, 70, 74, 75, 76, 77, 78, 130])
    }

    @Test func foreignErrorsAreSoftwareErrors() {
        struct Other: Error {}
        #expect(ExitStatus(for: Other()) == .software)
    }

    @Test func messagesAreOneLineWithRequestID() {
        var e = BNCError.invalid("os_version", "must not be blank (use \"NA\" when unknown)")
        e.requestID = "abc-123"
        #expect(e.description == "os_version must not be blank (use \"NA\" when unknown) (request id abc-123)")
        #expect(e.field == "os_version")
        #expect(!e.description.contains("\n"))
    }
}
