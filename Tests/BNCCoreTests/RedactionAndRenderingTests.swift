// Secrets never shown unless asked; --dry-run and --curl renderings; shell quoting.
import Foundation
import BNCSuite
import Testing
@testable import BNCCore

@Suite struct RedactionAndRenderingTests {
    static let secret = Secret("secret_test_9f8e7d6c5b4a")
    static let token = Secret("tok_ABCDEF123456")

    static var request: HTTPRequest {
        HTTPRequest(method: "POST", url: "https://api2.branch.io/v1/open?s=\(secret.exposed)",
                    headers: ["X-IP-Override": "8.8.8.8", "Access-Token": token.exposed],
                    body: .json(["branch_key": "key_test_abc", "branch_secret": .string(secret.exposed),
                                 "nested": ["apple_attribution_token": "anything", "note": .string("has \(secret.exposed) inside")]]))
    }

    /// A value shaped like a Branch credential is masked wherever it is quoted (a secret pasted where its file's
    /// name goes, another app's token); a name that merely begins like one is kept.
    @Test func credentialShapedValuesAreMaskedAndShortNamesKept() {
        let r = Redactor(secrets: [])
        #expect(r.redact("cannot open secret_live_PLACEHOLDER_NOT_A_REAL_SECRET: no such file") == "cannot open <redacted>: no such file")
        #expect(r.redact("(got \"api_app_PLACEHOLDER_NOT_A_REAL_TOKEN\")") == "(got \"<redacted>\")")
        #expect(r.redact("x secret_test_PLACEHOLDER_ABCDEF-y z") == "x <redacted> z")
        #expect(r.redact("campaign api_app_launch, alias secret_test_page") == "campaign api_app_launch, alias secret_test_page")
        #expect(r.redact("starts with neither secret_live_ nor secret_test_") == "starts with neither secret_live_ nor secret_test_")
        #expect(Redactor(secrets: [], showSecrets: true).redact("secret_live_PLACEHOLDER_SHOWN_AS_IS") == "secret_live_PLACEHOLDER_SHOWN_AS_IS")
    }

    /// A secret written percent-encoded, as a logged query holds it, is masked: a server (and bnc-tune) reads
    /// `secret%5Flive%5F…` as the credential, `%61bc…` as the run's own secret, and `%3D` inside an encoded URL as
    /// `=` (QA round 29a: scan's report pages showed them). The run holding it is masked whole; other escapes stay.
    @Test func percentEncodedSecretsAreMasked() {
        let r = Redactor(secrets: [Secret("abcdefghijklmnop")])
        #expect(r.redact("a=1&sub1=secret%5Flive%5FPLACEHOLDER_ENCODED_ONE&b=2") == "a=1&sub1=<redacted>&b=2")
        #expect(r.redact("sub2=%61bcdefghijklmnop&c=%41") == "sub2=<redacted>&c=%41")
        #expect(r.redact("ref=https%3A%2F%2Fx.example%2F%3Fbranch_secret%3DPLACEHOLDERVALUE8 next") == "ref=<redacted> next")
        #expect(r.redact("ua=Mozilla%2F5.0%20(iPhone) path=%2Fserve") == "ua=Mozilla%2F5.0%20(iPhone) path=%2Fserve")
        #expect(r.mayHoldSecret("secret%5Flive%5FPLACEHOLDER_ENCODED_ONE"))
        // Encoded twice (a proxy's), and a JSON `\/` inside a known token (QA round 30a).
        #expect(r.redact("s=secret%255Flive%255FPLACEHOLDER_ENCODED_TWICE&x=1") == "s=<redacted>&x=1")
        let token = Redactor(secrets: [Secret("PLACEHOLDER/asaTOKEN+qrstuvWX==")])
        #expect(token.redact(#"{"t":"PLACEHOLDER\/asaTOKEN+qrstuvWX=="}"#) == #"{"t":"<redacted>"}"#)
        #expect(r.redact(#"{"note":"secret\u005flive_PLACEHOLDER_JSON_ESCAPED1","k":"\u0061bcdefghijklmnop","p":"a\/b"}"#)
                == #"{"note":"<redacted>","k":"<redacted>","p":"a\/b"}"#)
        #expect(Redactor(secrets: [], showSecrets: true).redact("s=secret%5Flive%5FPLACEHOLDER_ENCODED_ONE") == "s=secret%5Flive%5FPLACEHOLDER_ENCODED_ONE")
    }

    /// A message cut inside a word of a secret's characters keeps none of it: the redactor masks secrets whole, so
    /// a head left by the cut (`secret_live_PLAC…`) would pass it (QA round 30a).
    @Test func aCutFallsBeforeASecretsWord() {
        let text = String(repeating: "p", count: 985) + " k=secret_live_PLACEHOLDER0CUT0INSIDE0123456789"
        let cut = MessageBound.cut(text)
        #expect(!cut.contains("secret_") && cut.hasSuffix("more bytes)") && cut.hasPrefix("ppp"), "\(cut.suffix(80))")
        #expect(MessageBound.cut(String(repeating: "a b ", count: 400)).hasPrefix("a b a b"))
    }

    @Test func masksByNameAndByValue() {
        // The secret names come from the field tables: the credentials' by default, an API table's when given.
        let r = Redactor(secrets: [Self.secret, Self.token],
                         secretFields: CredentialFields.table.secretNames.union(["apple_attribution_token"])).redact(Self.request)
        let text = r.dryRunJSON(redactor: .none).serialized()
        #expect(!text.contains(Self.secret.exposed))
        #expect(!text.contains(Self.token.exposed))
        #expect(!text.contains("anything"), "secret-named fields are masked even when their value is unknown")
        #expect(r.headers["Access-Token"] == Redactor.placeholder)
        #expect(r.headers["X-IP-Override"] == "8.8.8.8")
        #expect(r.url.hasSuffix("s=<redacted>"))
        #expect(text.contains("key_test_abc"), "the key is not a secret")
    }

    @Test func answersAreMaskedDeeplyAndOnlyCopiedWhenSomethingChanges() throws {
        let r = Redactor(secrets: [Self.secret], secretFields: CredentialFields.table.secretNames.union(["apple_attribution_token"]))
        let clean: JSONObject = ["branch_view_enabled": false, "list": [1, "x", ["y": "z"]], "data": ["a": "b"]]
        #expect(try #require(r.redact(.object(clean)).objectValue).isIdentical(to: clean), "nothing to mask: not rebuilt")
        let dirty: JSON = ["a": 1, "list": [1, ["BRANCH_SECRET": "v", "x": .string("see \(Self.secret.exposed)")]],
                           "Apple_Attribution_Token": "t", "apple_attribution_token_x": "kept", "n": ["branch_secret": 5]]
        let expected: JSON = ["a": 1, "list": [1, ["BRANCH_SECRET": "<redacted>", "x": "see <redacted>"]],
                              "Apple_Attribution_Token": "<redacted>", "apple_attribution_token_x": "kept", "n": ["branch_secret": 5]]
        let masked = r.redact(dirty)
        #expect(masked == expected)
        #expect(masked.objectValue?.keys == expected.objectValue?.keys, "order kept")
        // A non-ASCII name folds as Unicode lower-cases it: the Kelvin sign becomes k.
        #expect(r.redact(["ACCESS_TO\u{212A}EN": "x"]) == ["ACCESS_TO\u{212A}EN": "<redacted>"])
    }

    /// Text that is not parsed (a logged line, a trace): secret parameters and JSON members are masked by name in
    /// any case, whole names only, values ending where a query's or a string's do; everything else is untouched.
    @Test(arguments: [
        ("GET /x?branch_secret=abc&k=1 HTTP/1.1", "GET /x?branch_secret=<redacted>&k=1 HTTP/1.1"),
        ("a=1&Branch_Secret=abc#frag", "a=1&Branch_Secret=<redacted>#frag"),
        ("branch_secret=abc", "branch_secret=<redacted>"),
        ("x;access_token=t0k\nnext", "x;access_token=<redacted>\nnext"),
        ("my_branch_secret=abc&xbranch_secret=abc", "my_branch_secret=abc&xbranch_secret=abc"),
        // A value that is itself `name=value` (q's here): its secret is masked too (QA round 24 widened where a name
        // may start; an empty value stays empty).
        ("branch_secret=&q=branch_secret=abc", "branch_secret=&q=branch_secret=<redacted>"),
        ("?password=a b password=c", "?password=<redacted> b password=<redacted>"),
        (#"{"branch_secret": "a\"b", "k":"v"}"#, #"{"branch_secret": "<redacted>", "k":"v"}"#),
        (#"{"ACCESS_TOKEN":"x","branch_secret":"<redacted>"}"#, #"{"ACCESS_TOKEN":"<redacted>","branch_secret":"<redacted>"}"#),
        (#"{"branch_secret" : 12, "note":"branch_secret"}"#, #"{"branch_secret" : 12, "note":"branch_secret"}"#),
        (#"say "hi" and "branch_secret":"s" "#, #"say "hi" and "branch_secret":"<redacted>" "#),
        ("plain text, nothing to mask", "plain text, nothing to mask"),
        // A name escaped as a server reads it unescaped (bnc-tune decodes `branch%5Fsecret` to branch_secret).
        ("/serve?branch%5Fsecret=abc&x=1", "/serve?branch%5Fsecret=<redacted>&x=1"),
        ("a=1&%62%72%61%6E%63%68%5F%73%65%63%72%65%74=abc", "a=1&%62%72%61%6E%63%68%5F%73%65%63%72%65%74=<redacted>"),
        (#"{"branch\u005fsecret":"s"}"#, #"{"branch\u005fsecret":"<redacted>"}"#),
        ("branch%5Fsecrets=abc&branch%5=x", "branch%5Fsecrets=abc&branch%5=x"),
    ] as [(String, String)])
    func masksUnparsedTextByName(_ text: String, _ masked: String) {
        #expect(Redactor(secrets: []).redact(text) == masked)
    }

    /// A URL logged inside JSON text has its ampersands escaped (`\u0026`): its secret parameters are masked as a
    /// plain URL's are (the reports of a scan showed them).
    @Test func secretParametersAfterAJSONEscapedAmpersand() {
        let r = Redactor(secrets: [], secretFields: CredentialFields.table.secretNames.union(["key"]))
        let text = #"{"url":"https://x.example/serve?a=1\u0026key=CONVKEY99\u0026branch_secret=PLACEHOLDER77\u0026b=2"}"#
        let masked = r.redact(text)
        #expect(!masked.contains("CONVKEY99") && !masked.contains("PLACEHOLDER77"), "\(masked)")
        #expect(masked.contains(#"\u0026key=<redacted>\u0026branch_secret=<redacted>\u0026b=2"#), "\(masked)")
    }

    /// QA round 24: a secret parameter right after a quote (a form body logged as a JSON string) or `#` (a URL's
    /// fragment) was left in -v traces, --record files and scan reports.
    @Test(arguments: [
        (#""body":"branch_secret=PLACEHOLDER77&b=2""#, #""body":"branch_secret=<redacted>&b=2""#),
        ("https://x.example/serve?a=1#branch_secret=PLACEHOLDER77", "https://x.example/serve?a=1#branch_secret=<redacted>"),
        ("'branch_secret=PLACEHOLDER77'", "'branch_secret=<redacted>'"),
        ("(branch_secret=PLACEHOLDER77 in a note)", "(branch_secret=<redacted> in a note)"),
        ("a=1,branch_secret=PLACEHOLDER77", "a=1,branch_secret=<redacted>"),
        ("next=branch_secret=PLACEHOLDER77", "next=branch_secret=<redacted>"),
        ("line one\tbranch_secret=PLACEHOLDER77", "line one\tbranch_secret=<redacted>"),
    ])
    func aSecretParameterAfterAnyDelimiterIsMasked(_ text: String, _ expected: String) {
        let r = Redactor(secrets: [], secretFields: CredentialFields.table.secretNames)
        #expect(r.redact(text) == expected)
        #expect(r.redact("my_branch_secret=kept") == "my_branch_secret=kept", "a longer name is another parameter")
    }

    @Test func showSecretsMasksNothing() {
        let r = Redactor(secrets: [Self.secret], showSecrets: true)
        #expect(r.redact(Self.request) == Self.request)
        #expect(r.redact("x \(Self.secret.exposed)") == "x \(Self.secret.exposed)")
    }

    @Test func secretsDoNotPrintThemselves() {
        #expect("\(Self.secret)" == "<redacted>")
        #expect(String(reflecting: Self.secret) == "<redacted>")
    }

    @Test func headerLinesOfATrace() {
        let r = Redactor(secrets: [Self.secret])
        #expect(r.redactHeaderLine("Access-Token: abc") == "Access-Token: <redacted>")
        #expect(r.redactHeaderLine("authorization:Bearer x") == "authorization: <redacted>")
        #expect(r.redactHeaderLine("X-Thing: \(Self.secret.exposed)") == "X-Thing: <redacted>")
        #expect(r.redactHeaderLine("Host: a") == "Host: a")
        // An answer's cookie and a header named as a secret (X-Api-Key was masked by --dry-run's JSON only; --curl,
        // -v, --explain and --record printed it).
        #expect(r.redactHeaderLine("Set-Cookie: session=S3CR3T; Path=/") == "Set-Cookie: <redacted>")
        #expect(r.redactHeaderLine("X-Api-Key: APIKEY77") == "X-Api-Key: <redacted>")
        #expect(r.redactHeaderValue("x-api-key", "APIKEY77") == "<redacted>")
        let request = r.redact(HTTPRequest(method: "GET", url: "https://api2.branch.io/v1/url", headers: ["X-Api-Key": "APIKEY77", "X-Other": "fine"]))
        #expect(request.headers["X-Api-Key"] == Redactor.placeholder && request.headers["X-Other"] == "fine")
        #expect(Redactor(secrets: [], showSecrets: true).redactHeaderLine("Set-Cookie: a=b") == "Set-Cookie: a=b")
    }

    @Test func dryRunShape() throws {
        let json = Self.request.dryRunJSON(redactor: Redactor(secrets: [Self.secret]), userAgent: "bnc-open/0.1.0")
        #expect(json.objectValue?.keys == ["method", "url", "headers", "body"])
        #expect(json["headers"]?["User-Agent"] == "bnc-open/0.1.0")
        #expect(json["body"]?["branch_secret"] == "<redacted>")
        let text = HTTPRequest(method: "POST", url: "http://h/api/v1/", body: .text("tokenvalue")).dryRunJSON(redactor: .none)
        #expect(text["body"] == "tokenvalue")
        #expect(text["headers"]?["Content-Type"] == "text/plain")
    }

    @Test func curlCommandQuotesEveryWord() {
        let req = HTTPRequest(method: "POST", url: "http://127.0.0.1:1/v1/url?a=1&b=2",
                              headers: ["X-Note": "it's $HOME `x`"], body: .json(["q": "O'Brien & \"co\""]))
        let cmd = req.curlCommand(redactor: .none, userAgent: "bnc-link/0.1.0")
        #expect(cmd == #"curl -sS --fail-with-body --request POST 'http://127.0.0.1:1/v1/url?a=1&b=2' --header 'User-Agent: bnc-link/0.1.0' --header 'X-Note: it'\''s $HOME `x`' --header 'Content-Type: application/json' --data-binary '{"q":"O'\''Brien & \"co\""}' --header Expect:"#)
    }

    @Test(arguments: ["plain", "", "it's", "a b", "$HOME", "`id`", "new\nline", "back\\slash", "'", "''", "é ü 😀", "--flag", "a=b,c"])
    func shellQuoteRoundTripsThroughSh(_ word: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "printf %s \(ShellQuote.quote(word))"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == word)
    }

    @Test func requestBuiltFromBaseAndPath() {
        let r = HTTPRequest(method: "GET", base: "http://127.0.0.1:8787/prefix/", path: "/v1/url",
                            query: [("url", "https://x.app.link/a b?c=d&e"), ("branch_key", "key_test_a")])
        #expect(r.url == "http://127.0.0.1:8787/prefix/v1/url?url=https%3A%2F%2Fx.app.link%2Fa%20b%3Fc%3Dd%26e&branch_key=key_test_a")
        #expect(r.headers.isEmpty)
    }

    @Test func headersAreCaseInsensitiveAndKeepOrder() {
        var h: HTTPHeaders = ["A": "1", "b": "2"]
        h["a"] = "3"
        h.add("B", "4")
        #expect(h["B"] == "2")
        h["b"] = "5"
        #expect(h.fields.map(\.name) == ["A", "b"])
        #expect(h.fields.map(\.value) == ["3", "5"])
        let r: HTTPHeaders = ["Retry-After": "2", "X-Branch-Request-Id": "r", "Content-Type": "a/b"]
        #expect(r["retry-after"] == "2" && r["X-BRANCH-REQUEST-ID"] == "r" && r["content-TYPE"] == "a/b")
        #expect(r["Retry-Afte"] == nil && r["Retry-After "] == nil && r["Content_Type"] == nil)
        // Only ASCII letters fold: '@' (0x40) and '`' (0x60), '[' and '{' stay apart.
        let odd: HTTPHeaders = ["X@": "1", "Y[": "2"]
        #expect(odd["x`"] == nil && odd["y{"] == nil && odd["x@"] == "1" && odd["y["] == "2")
    }
}
