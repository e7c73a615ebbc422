// The retry schedule: what is retried, how long bnc waits, when it stops.
import FoundationEssentials
import Testing
@testable import BNCCore

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(maxAttempts: 4, baseDelay: 0.5, maxDelay: 3)

    @Test func exponentialCeilingsWithACap() {
        #expect((1...6).map { policy.backoffCeiling(after: $0) } == [0.5, 1, 2, 3, 3, 3])
    }

    @Test func fullJitterScalesTheCeiling() {
        #expect(policy.decide(after: 1, outcome: .status(503, retryAfter: nil), random: 0.5) == .retry(after: 0.25))
        #expect(policy.decide(after: 2, outcome: .status(503, retryAfter: nil), random: 0) == .retry(after: 0))
        #expect(policy.decide(after: 3, outcome: .transport(.connectionReset), random: 0.999) == .retry(after: 1.998))
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504, 599])
    func retriesTemporaryStatuses(_ status: Int) {
        #expect(policy.decide(after: 1, outcome: .status(status, retryAfter: nil), random: 1) == .retry(after: 0.5))
    }

    @Test(arguments: [200, 201, 301, 400, 401, 403, 404, 409, 422])
    func neverRetriesFinalStatuses(_ status: Int) {
        #expect(policy.decide(after: 1, outcome: .status(status, retryAfter: nil), random: 0.5) == .stop)
    }

    @Test func stopsWhenAttemptsRunOut() {
        #expect(policy.decide(after: 3, outcome: .status(500, retryAfter: nil), random: 0.5) != .stop)
        #expect(policy.decide(after: 4, outcome: .status(500, retryAfter: nil), random: 0.5) == .stop)
        #expect(RetryPolicy.none.decide(after: 1, outcome: .status(500, retryAfter: nil), random: 0.5) == .stop)
    }

    @Test func honoursRetryAfterUpToItsCap() {
        #expect(policy.decide(after: 1, outcome: .status(429, retryAfter: 7), random: 0.1) == .retry(after: 7))
        #expect(policy.decide(after: 1, outcome: .status(429, retryAfter: 600), random: 0.1) == .stop)
    }

    @Test func transportFailures() {
        #expect(policy.decide(after: 1, outcome: .transport(.couldNotConnect), random: 1) == .retry(after: 0.5))
        #expect(policy.decide(after: 1, outcome: .transport(.timedOut), random: 1) == .retry(after: 0.5))
        #expect(policy.decide(after: 1, outcome: .transport(.permanent), random: 1) == .stop)
    }

    @Test func perStatusOverrides() {
        var p = policy
        p.overrides[404] = .init(retry: true, maxAttempts: 3, fixedDelay: 5)
        p.overrides[503] = .init(retry: false)
        #expect(p.decide(after: 1, outcome: .status(404, retryAfter: nil), random: 0.3) == .retry(after: 5))
        #expect(p.decide(after: 3, outcome: .status(404, retryAfter: nil), random: 0.3) == .stop)
        #expect(p.decide(after: 1, outcome: .status(503, retryAfter: nil), random: 0.3) == .stop)
    }

    @Test func retryAfterHeaderForms() {
        let now = Date(timeIntervalSince1970: 784_111_770)  // Sun, 06 Nov 1994 08:49:30 GMT
        #expect(HTTPResponse(status: 429, headers: ["Retry-After": "120"]).retryAfter(now: now) == 120)
        #expect(HTTPResponse(status: 429, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"]).retryAfter(now: now) == 7)
        #expect(HTTPResponse(status: 429, headers: ["Retry-After": "soon"]).retryAfter(now: now) == nil)
        #expect(HTTPResponse(status: 429).retryAfter(now: now) == nil)
    }
}
