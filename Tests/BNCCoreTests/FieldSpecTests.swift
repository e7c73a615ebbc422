// The field-spec type every table is declared with: types, rules, bounds, unknown keys and their did-you-mean.
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BNCCore

@Suite struct FieldSpecTests {
    static let table = FieldTable("sample", [
        FieldSpec("name", .string, "A name", maxLength: 5),
        FieldSpec("kind", .string, "A kind", allowed: ["ALPHA", "BETA"]),
        FieldSpec("count", .integer, "A count", range: 0...10),
        FieldSpec("price", .number, "A price", range: 0...1e15),
        FieldSpec("version", .version, "A version"),
        FieldSpec("id", .string, "An id", pattern: .uuid),
        FieldSpec("note", .string, "A note", multiline: true),
        FieldSpec("tags", .strings, "Tags"),
        FieldSpec("token", .string, "A token", secret: true),
    ])

    func check(_ key: String, _ value: JSON) throws(BNCError) -> JSON? {
        try Self.table.check([key: value], warnings: Warnings())[key]
    }

    @Test(arguments: [
        ("name", "toolong", "name must be at most 5 characters (got 7)"),
        ("name", 12, "name must be a string, got number"),
        ("name", "a\r\nX-Injected: 1", "name must not contain line breaks (CR or LF)"),
        ("name", "a\u{0}b", "name must not contain NUL characters"),
        ("kind", "ALPHE", "kind must be one of ALPHA, BETA (got ALPHE); did you mean ALPHA?"),
        ("count", 11, "count must be between 0 and 10 (got 11)"),
        ("count", 1.5, "count must be a whole number"),
        ("count", .number(JSONNumber(literal: "18446744073709551616")!), "count must be a whole number"),
        ("price", .number(JSONNumber(literal: "1e400")!), "price must be a finite number (got 1e400)"),
        ("price", .number(JSONNumber(literal: "1e-400")!), "price is too small to represent (got 1e-400)"),
        ("price", -1, "price must be between 0 and 1000000000000000 (got -1)"),
        ("id", "not-a-uuid", "id must be a UUID (8-4-4-4-12 hex digits) (got not-a-uuid)"),
        // Fullwidth digits are hex digits to Character.isHexDigit, never in a UUID.
        ("id", "\u{FF16}D92078A-8246-4BA4-AE5B-76104861E7DC", "id must be a UUID"),
        ("id", "6D92078A-8246-4BA4-AE5B-76104861E7DC-", "id must be a UUID"),
        ("id", "6D92078A_8246-4BA4-AE5B-76104861E7DC", "id must be a UUID"),
        ("tags", ["a", 1], "tags[1] must be a string, got number"),
        ("version", true, "version must be a string, got boolean"),
    ] as [(String, JSON, String)])
    func refusesNamingTheFieldAndTheRule(_ key: String, _ value: JSON, _ message: String) {
        #expect {
            try check(key, value)
        } throws: { error in
            guard let e = error as? BNCError else { return false }
            return e.exitStatus == .dataError && e.message.hasPrefix(message) && e.field?.hasPrefix(key) == true
        }
    }

    @Test func acceptsAndNormalises() throws {
        #expect(try check("version", 26) == "26", "a number version is sent as text")
        #expect(try check("note", "two\nlines") == "two\nlines")
        #expect(try check("price", 0) == 0)
        #expect(try check("count", .null) == nil, "null removes")
        #expect(Self.table.secretNames == ["token"])
    }

    @Test func unknownKeysWarnWithADidYouMeanAndAreDropped() throws {
        let warnings = Warnings()
        let out = try Self.table.check(["nmae": "x", "count": 1, "zzz": 2], prefix: "obj.", warnings: warnings)
        #expect(out.keys == ["count"])
        #expect(warnings.messages == ["obj.nmae is not a sample field (did you mean obj.name?); not sent",
                                      "obj.zzz is not a sample field; not sent"])
        let custom = FieldTable("custom", unknownKeys: .custom(FieldSpec("custom", .any, "any")), [])
        #expect(try custom.check(["a": ["b": 1]], warnings: warnings)["a"] == ["b": 1])
        #expect(throws: BNCError.self) { try custom.check(["a\nb": 1], warnings: warnings) }
        #expect(throws: BNCError.self) { try custom.check(["a": .number(JSONNumber(literal: "1e999")!)], warnings: warnings) }
    }

    @Test func didYouMeanOnlyForNearWords() {
        #expect(Self.table.suggestion(for: "prcie") == "price")
        #expect(Self.table.suggestion(for: "NAME") == "name")
        #expect(Self.table.suggestion(for: "ip") == nil, "two letters away from a two-letter word is no typo")
        #expect(Self.table.suggestion(for: "completely_else") == nil)
    }

    /// A checked object is the input when nothing changes, and otherwise keeps the input's order with exactly
    /// the dropped members gone and the rewritten ones rewritten, wherever they sit.
    @Test func checkedObjectsKeepOrderWhateverChanges() throws {
        let t = FieldTable("t", [FieldSpec("a", .string, "a"), FieldSpec("v", .version, "v"), FieldSpec("n", .number, "n")])
        func check(_ text: String) throws -> (String, [String]) {
            let warnings = Warnings()
            let out = try t.check(try #require(JSON.parse(text).objectValue), warnings: warnings)
            return (JSON.object(out).serialized(), warnings.messages)
        }
        #expect(try check(#"{"n":1,"a":"x","v":"2"}"#).0 == #"{"n":1,"a":"x","v":"2"}"#)
        #expect(try check(#"{"a":"x","v":26,"n":1}"#).0 == #"{"a":"x","v":"26","n":1}"#)
        #expect(try check(#"{"v":26}"#).0 == #"{"v":"26"}"#)
        #expect(try check(#"{"a":null,"v":"1","n":2}"#).0 == #"{"v":"1","n":2}"#)
        #expect(try check(#"{"a":"x","n":2,"v":null}"#).0 == #"{"a":"x","n":2}"#)
        let (dropped, warnings) = try check(#"{"zz":1,"a":"x","b":true,"n":3,"v":7}"#)
        #expect(dropped == #"{"a":"x","n":3,"v":"7"}"#)
        #expect(warnings.count == 2)
        let custom = FieldTable("c", unknownKeys: .custom(FieldSpec("custom", .any, "any")), [FieldSpec("v", .version, "v")])
        let out = try custom.check(try #require(JSON.parse(#"{"k":null,"v":3,"w":[1]}"#).objectValue), warnings: Warnings())
        #expect(JSON.object(out).serialized() == #"{"k":null,"v":"3","w":[1]}"#)
    }

    /// Letter patterns take ASCII letters only, whatever the byte or character counts.
    @Test func letterPatternsTakeASCIILettersOnly() {
        for ok in ["USD", "EUR", "ZZZ"] { #expect(FieldPattern.currency.matches(ok), "\(ok)") }
        for bad in ["usd", "US", "USDX", "ÜSD", "ＵＳＤ", "U$D", "US@", "US[", ""] { #expect(!FieldPattern.currency.matches(bad), "\(bad)") }
        for ok in ["US", "us", "Gb", "zZ"] { #expect(FieldPattern.countryCode.matches(ok), "\(ok)") }
        for bad in ["U1", "é", "USA", "U", "@A", "`a", "{a", "[A"] { #expect(!FieldPattern.countryCode.matches(bad), "\(bad)") }
        // dev_email: the App API's documented pattern, which the sandbox holds a raw client to as well.
        for ok in ["dev@example.com", "a.b_c-d@mail.example.co.uk", "X@Y.IO"] { #expect(FieldPattern.email.matches(ok), "\(ok)") }
        for bad in ["a@b.c", "a+b@example.com", "x@example.museum", "x@example.c0m", "@example.com", "a@.com", "a@b@c.com", "a b@c.com"] {
            #expect(!FieldPattern.email.matches(bad), "\(bad)")
        }
        for ok in ["example.app.link", "a-b.test.app.link", "x.io"] { #expect(FieldPattern.hostname.matches(ok), "\(ok)") }
        for bad in ["x", "https://x.app.link", "x.app.link:443", "-x.io", "x..io", "a b.io", "x.io/"] { #expect(!FieldPattern.hostname.matches(bad), "\(bad)") }
        for ok in ["en", "eng", "PT"] { #expect(FieldPattern.languageCode.matches(ok), "\(ok)") }
        for bad in ["e", "engl", "e@", "é", "ｅｎ", "e n"] { #expect(!FieldPattern.languageCode.matches(bad), "\(bad)") }
    }

    /// The name index finds every declared name at its place and nothing else, at every table size, by String and
    /// by bytes; a key canonically equivalent to a name but spelt differently (KELVIN SIGN for K) is not that name;
    /// names whose hashes collide (same length, first and last eight bytes) are told apart by their middle bytes.
    @Test(arguments: [0, 1, 7, 8, 9, 60, 300])
    func theNameIndexFindsExactlyTheDeclaredNames(count: Int) {
        let colliding = ["abcdefgh_1_12345678", "abcdefgh_2_12345678"]
        let names = (0..<count).map { "field_\($0)" } + (count > 0 ? ["Key", "$sku", "é"] + colliding : [])
        let index = NameIndex(names)
        func byBytes(_ s: String) -> Int? {
            let b = Array(s.utf8)
            return b.withUnsafeBufferPointer { index.position(ofBytes: $0, hash: NameHash.of(bytes: $0)) }
        }
        #expect(NameHash.of(colliding[0]) == NameHash.of(colliding[1]))
        for (i, n) in names.enumerated() {
            #expect(index.position(of: n) == i, "\(n)")
            #expect(byBytes(n) == i, "\(n)")
        }
        for probe in ["", "field_", "field_\(count)", "FIELD_0", "\u{212A}ey", "e\u{301}", "$sku ", String(repeating: "x", count: 500),
                      "abcdefgh_3_12345678", "abcdefgh_1_12345679", "Kex", "field_0 "] {
            #expect(index.position(of: probe) == nil, "\(probe)")
            #expect(byBytes(probe) == nil, "\(probe)")
        }
    }
}

@Suite struct ExactNumberTests {
    func n(_ s: String) -> JSONNumber { JSONNumber(literal: s)! }

    @Test func eighteenDigitIdsOneApartAreDifferent() {
        #expect(n("823569794275788167") != n("823569794275788168"))
        #expect(JSON.number(n("823569794275788167")) != JSON.number(n("823569794275788168")))
        #expect(Set([n("823569794275788167"), n("823569794275788168")]).count == 2)
    }

    @Test func oneValueInManySpellingsIsOneNumber() {
        for (a, b) in [("1", "1.0"), ("1", "10e-1"), ("100", "1e2"), ("0", "-0"), ("0.5", "5E-1"), ("-12.50", "-1.25e1")] {
            #expect(n(a) == n(b), "\(a) == \(b)")
            #expect(n(a).hashValue == n(b).hashValue)
        }
        #expect(n("1") != n("-1"))
        #expect(n("1e400") != n("1e401"))
    }
}

@Suite struct APIRequestTests {
    let settings = Settings(branchKey: try! BranchKey("key_test_api"), branchSecret: Secret("secret_test_api"),
                            accessToken: Secret("tok_api_0001"), appID: "123")

    @Test func credentialsGoWhereBranchWantsThem() throws {
        var post = APIRequest(method: "post", path: "/v1/url")
        post.fields = [("channel", "email")]
        post.withSecret = true
        let p = try post.build(settings: settings, ip: nil)
        #expect(p.method == "POST" && p.url == "https://api2.branch.io/v1/url")
        #expect(p.body == .json(["branch_key": "key_test_api", "channel": "email", "branch_secret": "secret_test_api"]))
        var del = APIRequest(method: "DELETE", path: "/v1/url")
        del.query = ["url=https://x.app.link/a"]
        del.withAccessToken = true
        let d = try del.build(settings: settings, ip: try IPAddress("8.8.4.4"))
        #expect(d.url == "https://api2.branch.io/v1/url?url=https%3A%2F%2Fx.app.link%2Fa&branch_key=key_test_api&app_id=123")
        #expect(d.headers["Access-Token"] == "tok_api_0001" && d.headers["X-IP-Override"] == "8.8.4.4")
    }

    @Test(arguments: [
        ("GET", "/v1/open", ["X-A: b\r\nX-Injected: 1"], "--header must be 'Name: value' on one line"),
        ("FETCH", "/v1/open", [], "method must be one of"),
        ("GET", "/v1/open\r\nHost: evil", [], "path must start with / and contain no spaces or line breaks"),
    ] as [(String, String, [String], String)])
    func refusesWhatWouldSplitARequest(_ method: String, _ path: String, _ headers: [String], _ message: String) {
        var r = APIRequest(method: method, path: path)
        r.headers = headers
        #expect {
            try r.build(settings: settings, ip: nil)
        } throws: { ($0 as? BNCError)?.exitStatus == .usage && ($0 as? BNCError)?.message.hasPrefix(message) == true }
    }
}

@Suite struct StorageStatusTests {
    @Test func aFullDiskIsAnIOErrorAndABusyDatabaseATemporaryOne() {
        #expect(SQLiteDatabase.kind(13) == .io, "SQLITE_FULL")
        #expect(SQLiteDatabase.kind(10 | (1 << 8)) == .io, "SQLITE_IOERR_READ")
        #expect(SQLiteDatabase.kind(5) == .temporary, "SQLITE_BUSY")
        #expect(SQLiteDatabase.kind(6) == .temporary, "SQLITE_LOCKED")
        #expect(SQLiteDatabase.kind(1) == .internal)
        #expect(ExitStatus(for: BNCError(.io, "x")) == .ioError)
    }

    @Test func databasesAreCreatedPrivate() throws {
        let path = "/tmp/bnc-storage-\(getpid()).db"
        defer { for s in ["", "-wal", "-shm"] { unlink(path + s) } }
        let db = try SQLiteDatabase(path: path)
        try db.execute("CREATE TABLE t (a)")
        var st = stat()
        #expect(stat(path, &st) == 0 && st.st_mode & 0o777 == 0o600)
    }

}

/// The rules between fields run from the table: required and never-blank fields, canonical spellings,
/// platform-only and first-session-only fields, and declared rules (errors refuse, warnings warn).
@Suite struct FieldRuleTests {
    static let table = FieldTable("session", platformKey: "os", firstSessionKey: "first", [
        FieldSpec("os", .string, "The OS", allowed: ["iOS", "Android"], required: true, foldsCase: true, flag: "--os"),
        FieldSpec("version", .version, "A version", required: true, whenUnknown: "NA"),
        FieldSpec("label", .string, "A label", notBlank: true),
        FieldSpec("key", .string, "The key", required: true, credential: true),
        FieldSpec("idfv", .string, "An iOS id", platform: .iOS),
        FieldSpec("referrer", .string, "A referrer", firstSessionOnly: true),
        FieldSpec("first", .boolean, "First session", flag: "--first"),
        FieldSpec("id", .string, "An id"),
        FieldSpec("id_type", .string, "What id holds", allowed: ["a", "b"]),
        FieldSpec("real", .boolean, "Whether id is real"),
        FieldSpec("token", .string, "A token"),
        FieldSpec("with_token", .boolean, "Asks for a token"),
    ], rules: [
        .error("id_type", "must be omitted without id", when: .all([.present("id_type"), .absent("id")])),
        .warning("id", "is sent with real false", when: .all([.present("id"), .equals("real", false)])),
        .only("token", with: .equals("with_token", true), "is only sent with with_token"),
        .oneOf(nil, [.filled("id"), .filled("token")], "must name the user: id or token"),
    ])

    static let good: JSONObject = ["os": "iOS", "version": "1", "id": "x"]

    func check(_ changes: [String: JSON?], warnings: Warnings = Warnings()) throws(BNCError) -> JSONObject {
        var o = Self.good
        for (k, v) in changes { o[k] = v }
        return try Self.table.check(o, prefix: "s.", warnings: warnings)
    }

    @Test(arguments: [
        (["os": nil], "s.os is required (--os)"),
        (["version": nil], "s.version is required (use \"NA\" when unknown)"),
        (["version": " "], "s.version must not be blank (use \"NA\" when unknown)"),
        (["label": "\t"], "s.label must not be blank"),
        (["os": "windows"], "s.os must be iOS or Android (got windows)"),
        (["os": "android", "idfv": "v"], "s.idfv is iOS only and must not be sent with os Android"),
        (["referrer": "r"], "s.referrer is only sent with an app's first session (--first true)"),
        (["referrer": "r", "first": false], "s.referrer is only sent with an app's first session (--first true)"),
        (["id": nil, "id_type": "a", "token": "t", "with_token": true], "s.id_type must be omitted without id"),
        (["token": "t"], "s.token is only sent with with_token"),
        (["id": nil], "s must name the user: id or token"),
        (["id": " "], "s must name the user: id or token"),
    ] as [([String: JSON?], String)])
    func refusesWhatARuleForbids(_ changes: [String: JSON?], _ message: String) {
        #expect {
            try check(changes)
        } throws: { error in
            guard let e = error as? BNCError else { return false }
            return e.exitStatus == .dataError && e.message == message
        }
    }

    @Test func acceptsWhatTheRulesAllowAndCanonicalises() throws {
        let warnings = Warnings()
        let o = try check(["os": "IOS", "idfv": "v", "first": true, "referrer": "r", "real": false, "token": "t", "with_token": true],
                          warnings: warnings)
        #expect(o["os"] == "iOS", "the canonical spelling is sent")
        #expect(warnings.messages == ["s.id is sent with real false"])
        // The warning's text is made once per table for the top level and for the table's own name: every
        // prefix says the same as it did when it was made per line.
        for (prefix, said) in [("", "id is sent with real false"), ("session.", "session.id is sent with real false"),
                               ("sessions.", "sessions.id is sent with real false"), ("session", "sessionid is sent with real false"),
                               ("x[0].", "x[0].id is sent with real false")] {
            let w = Warnings()
            var body = Self.good
            body["real"] = false
            _ = try Self.table.check(body, prefix: prefix, warnings: w)
            #expect(w.messages == [said], "prefix \(prefix)")
        }
        let lax = FieldTable("session", [FieldSpec("id", .string, "An id")], rules: [.warning(nil, "names no one", when: .absent("id"))])
        for (prefix, said) in [("", "session names no one"), ("session.", "session names no one"), ("a.b.", "a.b names no one")] {
            let w = Warnings()
            _ = try lax.check([:], prefix: prefix, warnings: w)
            #expect(w.messages == [said], "prefix \(prefix)")
        }
        #expect(try check(["key": nil])["key"] == nil, "a credential is the builder's: a body is checked without it")
        #expect(try check(["os": "android"])["os"] == "Android")
        let same = try Self.table.check(Self.good, warnings: Warnings())
        #expect(same.isIdentical(to: Self.good), "a body that needs no change is not copied")
    }

    @Test func helpListsTheRules() {
        let help = Self.table.helpText
        #expect(help.contains("\nRules of session, checked after each field's own:\n"))
        #expect(help.contains("  the session must name the user: id or token"))
        #expect(help.contains("  id_type must be omitted without id"))
        #expect(help.contains("  id is sent with real false (a warning)"))
        #expect(help.contains("os (string, required, iOS|Android)"))
        #expect(help.contains("label (string, never blank)"))
    }

    @Test func conditionsReadTheirMembers() {
        let o: JSONObject = ["a": 1, "b": .null, "c": " ", "d": "x"]
        #expect(FieldCondition.present("a").holds(in: o) && !FieldCondition.present("b").holds(in: o))
        #expect(FieldCondition.absent("b").holds(in: o) && FieldCondition.absent("z").holds(in: o))
        #expect(!FieldCondition.filled("c").holds(in: o) && FieldCondition.filled("d").holds(in: o) && !FieldCondition.filled("a").holds(in: o))
        #expect(FieldCondition.any([.present("z"), .equals("a", 1)]).holds(in: o))
        #expect(!FieldCondition.all([.present("a"), .present("z")]).holds(in: o))
        #expect(FieldCondition.all([.not(.present("z")), .equals("d", "x")]).names == ["z", "d"])
    }

    /// QA round 27a, F12: a field's text refuses C0 controls but TAB (and CR/LF where lines are allowed), DEL, C1
    /// and the bidi overrides and isolates; the one-pass check says what the two rules say, printable text passes.
    @Test(arguments: [
        ("plain text, ünïcode ✓ 日本", false, nil), ("a\tb", false, nil), ("a\r\nb", true, nil),
        ("a\r\nb", false, "line breaks (CR or LF)"), ("a\u{0}b", true, "NUL characters"),
        ("ch\u{1B}]0;x\u{07}", false, "control characters (U+001B)"), ("a\u{7F}", false, "control characters (U+007F)"),
        ("a\u{85}b", false, "control characters (U+0085)"), ("\u{202E}evil", false, "bidirectional overrides or isolates (U+202A-202E, U+2066-2069)"),
        ("x\u{2069}", true, "bidirectional overrides or isolates (U+202A-202E, U+2066-2069)"), ("\u{200F}rtl mark \u{2026}", false, nil),
    ] as [(String, Bool, String?)])
    func textProblemsAreOneRule(_ text: String, _ multiline: Bool, _ problem: String?) {
        #expect(FieldSpec.textProblem(in: text, multiline: multiline) == problem)
        #expect((FieldSpec.forbiddenCharacter(in: text, multiline: multiline) ?? FieldSpec.displayHazard(in: text)) == problem)
    }
}
