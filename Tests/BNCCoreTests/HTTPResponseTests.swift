// One readable line from every error envelope Branch and its CDN have been seen to answer with.
import Testing
import TestSupport
@testable import BNCCore


@Suite struct HTTPResponseTests {
    @Test(arguments: [
        ("error_400_alias_conflict.json", 400, "Link alias conflict: example.app.link/some-alias", ExitStatus.dataError),
        ("error_400_auth_failed.json", 400, "Authentication failed !", .dataError),
        ("error_400_field_level.json", 400, "device_fingerprint_id: doesn't pass regex", .dataError),
        ("error_400_invalid_key.json", 400, "Invalid or missing app id, Branch key, or secret", .dataError),
        ("error_402_not_enough_credits.json", 402, "Not enough credits to redeem.", .dataError),
        ("error_403_type2_not_allowed.json", 403, "You don't have access to this type. Please try again with type 0 (default) or 1.", .notPermitted),
        ("error_429_rate_limit.json", 429, "Rate limit reached.", .temporaryFailure),
    ])
    func branchEnvelopes(_ file: String, _ status: Int, _ detail: String, _ exit: ExitStatus) throws {
        let body = try Fixtures.text("doc-derived/" + file)
        let response = HTTPResponse(status: status, headers: ["X-Branch-Request-Id": "req-1"], body: Array(body.utf8))
        #expect(response.errorDetail == detail)
        let error = response.httpError(redactor: .none)
        #expect(error.message == "HTTP \(status): \(detail)")
        #expect(error.requestID == "req-1")
        #expect(error.exitStatus == exit)
    }

    @Test func stringAndMessageEnvelopes() {
        #expect(HTTPResponse(status: 400, body: Array(#"{"error":"bad thing"}"#.utf8)).errorDetail == "bad thing")
        #expect(HTTPResponse(status: 400, body: Array(#"{"message":"nope"}"#.utf8)).errorDetail == "nope")
        #expect(HTTPResponse(status: 500, body: []).errorDetail == "empty body")
    }

    /// The Data APIs' rate-limit body (Tests/Fixtures/facts/data-apis.md §0) and S3's refusal of a signed URL.
    @Test func dataAPIAndFileStoreEnvelopes() {
        let limited = #"{"errors":[{"message":"Limit is exceeded for org-525983469347282987, retry after 3418 seconds","error_code":7}]}"#
        #expect(HTTPResponse(status: 429, body: Array(limited.utf8)).errorDetail == "Limit is exceeded for org-525983469347282987, retry after 3418 seconds")
        // Fields a custom export cannot have: one entry each (singer-io/tap-branch's branch_utils reads them), all shown.
        let fields = #"{"errors":[{"message":"request_id field is not available for exports"},{"message":"tune_site_id field is not available for exports"}]}"#
        #expect(HTTPResponse(status: 400, body: Array(fields.utf8)).errorDetail
                == "request_id field is not available for exports; tune_site_id field is not available for exports")
        let s3 = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message><RequestId>X</RequestId></Error>"
        #expect(HTTPResponse(status: 403, body: Array(s3.utf8)).errorDetail
                == "the file store answered AccessDenied: Access Denied (a signed URL that expired or was altered: ask for the export again)")
    }

    /// A server's Retry-After and Date are hostile text: a huge hour, day or year crashed every tool with an
    /// arithmetic overflow (QA round 25b, F1), and `inf` made a download sleep for ever.
    @Test func hostileDatesAndWaitsAreNotReadNotCrashes() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT")?.timeIntervalSince1970 == 784_111_777)
        for bad in ["Sun, 06 Nov 1994 9999999999999999:00:00 GMT", "Sun, 06 Nov 292277026597 08:49:37 GMT",
                    "Sun, 99 Nov 1994 08:49:37 GMT", "Sun, 9223372036854775807 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
                    "Sun, 06 Nov 1994 -1:00:00 GMT", "Sun, 06 Nov 1994 08:49 GMT"] {
            #expect(HTTPDate.parse(bad) == nil, "\(bad)")
            #expect(HTTPResponse(status: 429, headers: ["Retry-After": bad], body: []).retryAfter() == nil)
        }
        for bad in ["inf", "nan", "1e300", "-5", "9999999999999999999999"] {
            #expect(HTTPResponse(status: 429, headers: ["Retry-After": bad], body: []).retryAfter() == nil, "\(bad)")
        }
        #expect(HTTPResponse(status: 429, headers: ["Retry-After": "30"], body: []).retryAfter() == 30)
    }

    @Test func anHTMLOutagePage() {
        let html = """
            <!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
            <HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1">
            <TITLE>ERROR: The request could not be satisfied</TITLE>
            </HEAD><BODY><H1>502 ERROR</H1></BODY></HTML>
            """
        let r = HTTPResponse(status: 502, headers: ["Content-Type": "text/html"], body: Array(html.utf8))
        #expect(r.json == nil)
        #expect(r.errorDetail == "an HTML page instead of JSON (an outage or proxy page?): ERROR: The request could not be satisfied")
        #expect(r.httpError(redactor: .none).exitStatus == .temporaryFailure)
    }

    @Test func plainTextBodiesAreShortenedToOneLine() {
        let r = HTTPResponse(status: 500, body: Array(("line one\nline two " + String(repeating: "x y ", count: 75)).utf8))
        #expect(!r.errorDetail.contains("\n"))
        #expect(r.errorDetail.hasSuffix(" more characters; -v shows the whole answer)") && r.errorDetail.count < 260, "\(r.errorDetail)")
    }

    /// A server's own message is kept whole up to a bound (1,000 characters); past it, the cut says so.
    @Test func aLongServerMessageSaysItWasCut() {
        let message = String(repeating: "mm ", count: 400)
        let r = HTTPResponse(status: 400, body: Array(#"{"error":{"message":"\#(message)"}}"#.utf8))
        #expect(r.errorDetail.hasPrefix(String(String(repeating: "mm ", count: 400).prefix(990))) && r.errorDetail.contains("… (199 more characters"), "\(r.errorDetail.suffix(80))")
        let short = HTTPResponse(status: 400, body: Array(#"{"error":"Authentication failed !"}"#.utf8))
        #expect(short.errorDetail == "Authentication failed !")
    }
}
