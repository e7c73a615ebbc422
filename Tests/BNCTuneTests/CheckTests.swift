// Every check with a failing and a passing example; log-line forms; decryption with vectors made by the openssl
// command-line tool (an implementation independent of bnc's EVP calls).
import BNCCore
import Foundation
import Testing
import TestSupport
@testable import BNCTune

@Suite struct CheckTests {
    static func rules(_ query: String, host: String = "877.measure.mobileapptracking.com") throws -> [TuneRule] {
        var checker = TuneChecker()
        return checker.check(try request(query, host: host)).map(\.rule)
    }

    static let clean = Base.ios + "&ios_ifa=AA9A0C57-6B3E-4B8E-9D1B-6C1F3E2A4B5C"

    @Test func aCleanRequestHasNoFindings() throws {
        #expect(try Self.rules(Self.clean).isEmpty)
        #expect(try Self.rules(Base.android + "&google_aid=38400000-8CF0-11BD-B23E-10B96E40000D&google_ad_tracking_disabled=1").isEmpty)
    }

    /// A value is bounded at 16 KiB as decoded (bnc(1) LIMITS): 40,000 plain bytes passed under the encoded bound
    /// (three times that), while 16,384 bytes sent as escapes (49,152 encoded) pass.
    @Test func aValueIsBoundAsDecoded() throws {
        for name in ["attribute_sub1", "not_a_tune_name"] {
            #expect(throws: TuneLineError.self) { try TuneLog.parse(Array(("/serve?" + Base.ios + "&\(name)=" + String(repeating: "B", count: 40_000)).utf8)[...]) }
            #expect(throws: Never.self) { try TuneLog.parse(Array(("/serve?" + Base.ios + "&\(name)=" + String(repeating: "%41", count: 16_384)).utf8)[...]) }
            #expect(throws: Never.self) { try TuneLog.parse(Array(("/serve?" + Base.ios + "&\(name)=" + String(repeating: "B", count: 16_384)).utf8)[...]) }
        }
    }

    /// A thread's memo of values that passed skips only values equal to one that passed: a bad value after a good
    /// one, and the good one again after it, are judged as without the memo.
    @Test func theMemoOfPassedValuesChangesNoFinding() throws {
        let queries = [Self.clean, Self.clean + "&revenue=abc&quantity=2", Self.clean + "&revenue=1.5&quantity=x",
                       Self.clean + "&revenue=abc&quantity=2", Self.clean + "&revenue=1.5&quantity=2"]
        var memo = ValueMemo()
        for q in queries {
            let r = try request(q)
            let with = TuneChecker.findings(r, memo: &memo).map { "\($0.rule) \($0.parameter ?? "")" }
            #expect(with == TuneChecker.findings(r).map { "\($0.rule) \($0.parameter ?? "")" }, "\(q)")
        }
        #expect(TuneChecker.findings(try request(queries[1])).contains { $0.rule == .badValue && $0.parameter == "revenue" })
    }

    /// The memo's suggestions for unknown names (bounded: it starts again when full) give every finding, message
    /// and fix as a fresh check does, however many distinct names a log holds.
    @Test func theMemoOfSuggestionsChangesNoFinding() throws {
        var memo = ValueMemo()
        let names = ["site-ID", "Site_Id", "zzq"] + (0..<300).map { "custom_\($0)" } + ["site-ID", "zzq", "advertiser-id"]
        for name in names {
            let r = try request(Self.clean + "&\(name)=1")
            let with = TuneChecker.findings(r, memo: &memo)
            #expect(with == TuneChecker.findings(r), "\(name)")
            #expect(with.contains { $0.parameter == name && ($0.rule == .misspeltKey || $0.rule == .unknownKey) })
        }
        let misspelt = TuneChecker.findings(try request(Self.clean + "&site-ID=1"), memo: &memo).first { $0.rule == .misspeltKey }
        #expect(misspelt?.message == "site-ID is not a TUNE parameter (did you mean site_id?); TUNE ignores it")
        #expect(misspelt?.fix == "send it as site_id")
    }

    /// What the current TUNE SDKs send besides the seed's parameters (BranchMetrics/sdk-release@5039ba92: the
    /// Android, iOS and Windows URL builders): none of it is an "unknown parameter".
    static let sdkParameters = [
        "skip_dup=1", "sdk_plugin=unity", "sdk_version=6.2.0", "bundle_id=com.example", "device_type=WindowsPhone",
        "device_screen_size=1080x1920", "bluetooth_state=5", "location_auth_status=3", "location_horizontal_accuracy=10.5",
        "location_vertical_accuracy=3.2", "location_timestamp=1700000000", "is_testflight_build=0", "fb_cookie_id=abc",
        "ios_purchase_status=-192837465", "android_purchase_status=0", "geofence_name=store-1", "iad_attribution=1",
        "impression_datetime=1700000000", "publisher_sub_campaign_ref=1", "publisher_sub_campaign_name=C",
        "publisher_sub_publisher_ref=O", "publisher_sub_ad_ref=2", "publisher_sub_ad_name=A", "publisher_sub_placement_ref=3",
        "publisher_sub_placement_name=P", "publisher_sub_keyword_ref=k",
    ]

    @Test func whatTheTUNESDKsSendIsKnown() throws {
        let rules = try Self.rules(Self.clean + "&" + Self.sdkParameters.joined(separator: "&"))
        #expect(!rules.contains(.unknownKey), "\(rules)")
        #expect(rules.isEmpty, "and each value is of its type: \(rules)")
        #expect(try Self.rules(Self.clean + "&sdk_plugn=unity").contains(.misspeltKey), "a misspelling is still one, with its did-you-mean")
        #expect(TuneParameters.byName["key"]?.spec.secret == true, "the old iOS cookie URL's conversion key is a secret")
    }

    /// (rule, a request that breaks it, one that does not).
    static let examples: [(TuneRule, String, String)] = [
        (.missingRequired, clean.replacing("&device_brand=Apple", with: ""), clean),
        (.missingRequired, clean.replacing("&ios_ifv=6A14E2B0-1C3D-4E5F-8A9B-0C1D2E3F4A5B", with: ""), clean),
        (.missingRequired, Base.android.replacing("&os_id=9774d56d682e549c", with: ""), Base.android),
        (.missingRequired, "action=conversion&advertiser_id=877&sdk=windows&site_event_name=x&device_ip=8.8.4.4&device_brand=M&device_model=S&user_agent=u&device_id=1",
         "action=conversion&advertiser_id=877&sdk=windows&site_event_name=x&device_ip=8.8.4.4&device_brand=M&device_model=S&user_agent=u&device_id=1&windows_aid="),
        (.adIDWithoutFlag, clean.replacing("&ios_ad_tracking_disabled=0", with: ""), clean),
        (.contradictoryFlags, clean + "&ios_ad_tracking=0", clean + "&ios_ad_tracking=1"),
        (.invertedFlag, clean.replacing("&ios_ad_tracking_disabled=0", with: "&ios_ad_tracking=1"), clean),
        (.zeroAdID, clean.replacing("AA9A0C57-6B3E-4B8E-9D1B-6C1F3E2A4B5C", with: "00000000-0000-0000-0000-000000000000"), clean),
        (.gaidCase, Base.android + "&google_aid=38400000-8cf0-11bd-b23e-10b96e40000d&google_ad_tracking_disabled=0",
         Base.android + "&google_aid=38400000-8CF0-11BD-B23E-10B96E40000D&google_ad_tracking_disabled=0"),
        (.deviceIPMissing, clean.replacing("&device_ip=8.8.4.4", with: ""), clean),
        (.deviceIPNotPublic, clean.replacing("8.8.4.4", with: "10.0.0.9"), clean),
        (.deviceIPNotPublic, clean.replacing("8.8.4.4", with: "127.0.0.1"), clean),
        (.localIP, clean + "&local_ip=10.0.0.9", clean),
        (.misspeltKey, clean.replacing("site_id", with: "site-ID"), clean),
        (.misspeltKey, clean + "&ios_ifaa=1", clean),
        (.unknownKey, clean + "&zzz_custom=1", clean),
        (.badValue, clean.replacing("advertiser_id=877", with: "advertiser_id=abc"), clean),
        (.badValue, clean + "&revenue=1e400", clean + "&revenue=9.99"),
        (.badValue, clean.replacing("8.8.4.4", with: "999.1.1.1"), clean),
        (.repeatedParameter, clean + "&device_model=iPhone9", clean),
        (.encryptedData, clean + "&data=A1B2C3D4A1B2C3D4A1B2C3D4A1B2C3D4", clean + "&data="),
        (.existingUser, clean + "&existing_user=1", clean + "&existing_user=0"),
        (.eventNameNormalised, Base.conversion(clean).replacing("purchase", with: "Add+To+Cart"), Base.conversion(clean)),
        (.noBranchCounterpart, clean.replacing("action=session", with: "action=click"), clean),
        (.branchRequired, clean.replacing("&os_version=17.4", with: ""), clean),
        (.retry, clean + "&sdk_retry_attempt=2", clean + "&sdk_retry_attempt=0"),
    ]

    @Test(arguments: examples.indices)
    func eachRuleFiresOnItsFaultAndNotOnTheFix(_ i: Int) throws {
        let (rule, failing, passing) = Self.examples[i]
        #expect(try Self.rules(failing).contains(rule), "\(rule.rawValue) fires on example \(i)")
        #expect(try !Self.rules(passing).contains(rule), "\(rule.rawValue) quiet on its fix (example \(i))")
    }

    @Test func hostAndAdvertiserMustAgree() throws {
        #expect(try Self.rules(Self.clean, host: "878.measure.mobileapptracking.com").contains(.hostMismatch))
        #expect(try !Self.rules(Self.clean, host: "877.engine.mobileapptracking.com").contains(.hostMismatch))
    }

    @Test func everyRuleHasAnExample() {
        let covered = Set(Self.examples.map(\.0)).union([.hostMismatch, .duplicateConversion])
        #expect(covered == Set(TuneRule.allCases))
    }

    @Test func duplicateConversionsWithinAnHourAreFoundButRetriesAreNot() throws {
        var checker = TuneChecker()
        let conversion = Base.conversion(Self.clean) + "&advertiser_ref_id=o-1"
        #expect(!checker.check(try request(conversion + "&system_date=1700000000")).map(\.rule).contains(.duplicateConversion))
        #expect(checker.check(try request(conversion + "&system_date=1700001000")).map(\.rule).contains(.duplicateConversion))
        #expect(!checker.check(try request(conversion + "&system_date=1700009000")).map(\.rule).contains(.duplicateConversion), "over an hour later")
        #expect(!checker.check(try request(conversion + "&system_date=1700009100&sdk_retry_attempt=1")).map(\.rule).contains(.duplicateConversion),
                "a resend is a retry")
        #expect(!checker.check(try request(Base.conversion(Self.clean) + "&advertiser_ref_id=o-2&system_date=1700009200")).map(\.rule)
            .contains(.duplicateConversion), "another order is another conversion")
    }

    @Test func theDuplicateWindowIsBounded() {
        var w = DuplicateWindow(capacity: 100)
        for i in 0..<10_000 { _ = w.record(UInt64(i), at: 0) }
        #expect(w.record(9_999, at: 1) != nil, "the newest are remembered")
        #expect(w.record(0, at: 1) == nil, "the oldest were forgotten")
    }

    /// The window's table against a Dictionary, through growth, wrapped probes and removals that shift keys back:
    /// every key present is found with its time, every key removed is gone.
    @Test func theWindowsTableMatchesADictionary() {
        var table = DuplicateWindow.KeyTimes()
        var model: [UInt64: Double] = [:]
        var rng = SplitMix(seed: 31)
        // Few distinct keys (so updates and removals hit), 0 among them, some sharing their top bits.
        var keys: [UInt64] = [0]  // (kept as 1: 0 marks an empty slot)
        for i in 0..<3_000 {
            let n = UInt64(i)
            keys.append(i % 7 == 0 ? n << 40 : UInt64.random(in: 0...(n * 1_000_003), using: &rng))
        }
        keys.removeAll { $0 == 1 }
        for step in 0..<60_000 {
            let key = keys.randomElement(using: &rng)!
            if step % 3 == 2, let slot = table.slot(of: key) {
                #expect(model[key] != nil)
                table.remove(at: slot)
                model[key] = nil
            } else {
                let time = Double(step)
                #expect(table.update(key, time) == model.updateValue(time, forKey: key))
            }
        }
        for key in keys {
            #expect(table.slot(of: key).map { table.time(at: $0) } == model[key], "key \(key)")
        }
    }

    /// The same in a table of 16 slots that never grows (at most 7 keys held): probes and clusters wrap around
    /// its end on most steps, and removals shift keys back across it.
    @Test func theWindowsTableWrapsAround() {
        var table = DuplicateWindow.KeyTimes(slots: 16)
        var model: [UInt64: Double] = [:]
        var rng = SplitMix(seed: 7)
        let keys: [UInt64] = (2..<40).map { _ in rng.next() | 2 }
        for step in 0..<50_000 {
            let key = keys.randomElement(using: &rng)!
            if model.count >= 7 || (step % 2 == 1 && model[key] != nil) {
                let victim = model[key] != nil ? key : model.keys.first!
                guard let slot = table.slot(of: victim) else { Issue.record("key \(victim) lost at step \(step)"); return }
                table.remove(at: slot)
                model[victim] = nil
            } else {
                #expect(table.update(key, Double(step)) == model.updateValue(Double(step), forKey: key))
            }
            if step % 97 == 0 {
                for k in keys where (table.slot(of: k).map { table.time(at: $0) }) != model[k] {
                    Issue.record("key \(k) at step \(step)")
                    return
                }
            }
        }
    }

    @Test func findingsAreOrderedBySeverity() throws {
        var checker = TuneChecker()
        let f = checker.check(try request(Self.clean.replacing("&device_brand=Apple", with: "") + "&local_ip=10.0.0.1&ios_ad_tracking=1"))
        #expect(f.map(\.severity) == f.map(\.severity).sorted(by: >))
    }

    // MARK: Reading log lines

    @Test func logLineForms() throws {
        let q = "/serve?action=session&advertiser_id=877&user_agent=A+B%2FC&x=%ZZ"
        let url = try TuneLog.parse(Array("https://877.engine.mobileapptracking.com:443\(q)#frag".utf8)[...])
        #expect(url.host == "877.engine.mobileapptracking.com")
        #expect(url["user_agent"] == "A B/C")
        #expect(url["x"] == "%ZZ", "a malformed escape stays as it is")
        let target = try TuneLog.parse(Array(q.utf8)[...])
        #expect(target.host == nil && target["action"] == "session")
        let combined = #"203.0.113.9 - - [22/Nov/2026:05:30:00 +0100] "GET \#(q) HTTP/1.1" 200 64 "-" "Dalvik/2.1.0 (Linux)""#
        let log = try TuneLog.parse(Array(combined.utf8)[...])
        #expect(log.clientIP == "203.0.113.9")
        #expect(log.status == 200)
        #expect(log.userAgentHeader == "Dalvik/2.1.0 (Linux)")
        #expect(log.time == Double(Timestamp.civilSeconds(year: 2026, month: 11, day: 22) + 4 * 3600 + 30 * 60))
        let debug = try TuneLog.parse(Array("11-22 05:30:00 TUNE enqueuedRequest: https://engine.mobileapptracking.com\(q) extra".utf8)[...])
        #expect(debug["advertiser_id"] == "877")
        #expect(throws: TuneLineError.self) { try TuneLog.parse(Array("hello world".utf8)[...]) }
        #expect(throws: TuneLineError.self) { try TuneLog.parse(Array("/serve?a=\u{0}".utf8)[...]) }
        let many = "/serve?" + (0..<600).map { "k\($0)=v" }.joined(separator: "&")
        #expect(throws: TuneLineError.self) { try TuneLog.parse(Array(many.utf8)[...]) }
        #expect(TuneLog.isTuneHost("877.measure.mobileapptracking.com") && TuneLog.isTuneHost("az1-4.tlnk.io") && !TuneLog.isTuneHost("example.com"))
    }

    /// A URL in other text ends where the text closes it, and a line with `[` and a quote that is no access-log line
    /// is still read for its URL (an NSLog line, a JSON line with an array, a JSON-escaped URL).
    @Test(arguments: [
        #"2016-11-20 10:00:00.123 MyApp[1234:5678] TUNE: Sending "URL""#,
        #"{"tags":["tune"],"url":"URL"}"#,
        "D/TUNE: Sending request <URL>",
        "TUNE request (URL)",
        "TUNE request 'URL'",
        "TUNE request URL, status 200",
        "(see URL).",
        #"{"msg":"request","url":"ESCAPED"}"#,
    ])
    func aURLInTextEndsWhereTheTextClosesIt(_ form: String) throws {
        let url = "https://877.engine.mobileapptracking.com/serve?action=session&advertiser_id=877&user_agent=Mozilla+(iPhone)&user_id=U42"
        let escaped = url.replacingOccurrences(of: "/", with: "\\/").replacingOccurrences(of: "&", with: "\\u0026")
        let line = form.replacingOccurrences(of: "ESCAPED", with: escaped).replacingOccurrences(of: "URL", with: url)
        let r = try TuneLog.parse(Array(line.utf8)[...])
        #expect(r.host == "877.engine.mobileapptracking.com" && r["action"] == "session", "\(line)")
        #expect(r["user_id"] == "U42" && r["user_agent"] == "Mozilla (iPhone)", "\(line)")
    }

    /// The name remembered after another is taken only when the line has it whole, then `=`: a longer name that
    /// starts with it, the name at the query's end without `=`, names in another order, repeated or unknown, all read
    /// as reading the line alone reads them.
    @Test func theNextNameRememberedIsTakenOnlyWhenItIsThere() throws {
        let recent = RecentValues()
        for q in ["action=session&sdk=ios&sdk_version=1", "action=session&sdk_version=2&sdk=android", "action=session&sdk",
                  "action=session&sdk=&x=1", "sdk=ios&action=session", "action=conversion&sdkx=1&sdk=ios", "action=a&action=b&sdk=ios",
                  "action=session&sdk=ios&sdk_version=1", "action=session&sdk=ios=x&sdk_version", "action=session&&sdk=ios", "=x&sdk=ios",
                  "action=session&sdk=ios&sdk_version=1"] {
            let line = Array("/serve?\(q)".utf8)[...]
            let alone = try TuneLog.parse(line), again = try TuneLog.parse(line, recent: recent)
            #expect(again.parameters.map(\.name) == alone.parameters.map(\.name), "\(q)")
            #expect(again.parameters.map(\.value) == alone.parameters.map(\.value), "\(q)")
            #expect(again.parameters.map(\.row) == alone.parameters.map(\.row), "\(q)")
            #expect(again.repeated == alone.repeated, "\(q)")
        }
    }

    /// A name is found by its bytes only when the table has it byte for byte; an escaped one is decoded and found
    /// by its decoded name (so `ios%5Fifa` is ios_ifa, and the first of the two is read), `+` is a space.
    @Test func escapedNamesAreDecodedBeforeTheyAreLookedUp() throws {
        let r = try TuneLog.parse(Array("/serve?ios%5Fifa=A&ios_ifa=B&a+b=1&%61ction=session&site%2did=1".utf8)[...], recent: RecentValues())
        #expect(r["ios_ifa"] == "A" && r.repeated == ["ios_ifa"])
        #expect(r.parameters.map(\.name) == ["ios_ifa", "a b", "action", "site-id"])
        #expect(r.parameters.map { $0.row != nil } == [true, false, true, false])
        #expect(r.action == "session")
    }

    /// A thread's recent values give each line exactly what reading it alone gives: the same value again, a
    /// value that changes and changes back, one of another length or with one byte changed (first, middle, last),
    /// an escaped one, an empty one, one longer than a kept slot, and the same bytes under another name.
    @Test func recentValuesReadEachLineAsReadingItAloneDoes() throws {
        let id = "6D92078A-8246-4BA4-AE5B-76104861E7DC", long = String(repeating: "x", count: RecentValues.slot + 1)
        let values = [id, id, "6D92078A-8246-4BA4-AE5B-76104861E7DD", "7D92078A-8246-4BA4-AE5B-76104861E7DC",
                      "6D92078A-8246-4BA4-AE5C-76104861E7DC", id, "a", "b", "", "iPhone15%2C2", "iPhone15%2C3", "A+B",
                      long, long + "y", long, "12345678", "12345679", "1234567", "22345678", id]
        let recent = RecentValues()
        for (i, v) in values.enumerated() {
            let line = "/serve?action=session&ios_ifa=\(v)&ios_ifv=\(values[(i + 1) % values.count])&device_model=\(v)&unknown_x=\(v)"
            let alone = try TuneLog.parse(Array(line.utf8)[...]), again = try TuneLog.parse(Array(line.utf8)[...], recent: recent)
            #expect(again.parameters.map(\.name) == alone.parameters.map(\.name))
            #expect(again.parameters.map(\.value) == alone.parameters.map(\.value), "line \(i): \(v)")
            #expect(again["device_model"] == HTTPURL.percentDecode(v))
        }
        // An access log's time: the same second again, the next, another zone, one that does not parse.
        for time in ["22/Nov/2026:05:30:00 +0100", "22/Nov/2026:05:30:00 +0100", "22/Nov/2026:05:30:01 +0100", "22/Nov/2026:05:30:01 -0100",
                     "22/Nov/2026:05:30:01 -0100", "22/Xyz/2026:05:30:01 -0100", "22/Nov/2026:05:30:01 -0100", "", "22/Nov/2026:05:30:00 +0100"] {
            let line = Array("203.0.113.9 - - [\(time)] \"GET /serve?action=session HTTP/1.1\" 200 64".utf8)[...]
            #expect(try TuneLog.parse(line, recent: recent).time == TuneLog.parse(line).time, "\(time)")
        }
        // The other fields kept from line to line: the client, the method, the path, the User-Agent header.
        for (client, method, path, agent) in [("203.0.113.9", "GET", "/serve", "x"), ("203.0.113.9", "GET", "/serve", "x"),
                                              ("203.0.113.8", "POST", "/serve2", "y"), ("203.0.113.9", "GET", "/serve", "-"),
                                              ("2001:db8::1", "GET", "/servE", "Dalvik/2.1.0"), ("203.0.113.9", "get", "/serve", "x\u{e9}")] {
            let line = Array("\(client) - - [22/Nov/2026:05:30:00 +0100] \"\(method) \(path)?action=session HTTP/1.1\" 200 64 \"-\" \"\(agent)\"".utf8)[...]
            let alone = try TuneLog.parse(line), again = try TuneLog.parse(line, recent: recent)
            #expect(again.clientIP == alone.clientIP && again.method == alone.method && again.path == alone.path, "\(client) \(method) \(path)")
            #expect(again.userAgentHeader == alone.userAgentHeader && alone.clientIP == client && alone.path == path, "\(agent)")
        }
    }

    /// An access log's fields, each where the line has it and absent where it does not: the user agent is the second
    /// quoted field after the request ("-" and "" are none), the status one to three digits, the method and target
    /// the first two words of the quoted request (spaces around them allowed), the time when its brackets close.
    @Test func accessLogFieldsAreReadWhereTheLineHasThem() throws {
        let q = "/serve?action=session&advertiser_id=877"
        func parse(_ line: String) throws -> TuneRequest { try TuneLog.parse(Array(line.utf8)[...]) }
        let common = try parse(#"10.1.2.3 - - [22/Nov/2026:05:30:00 +0000] "POST  \#(q)  HTTP/1.1" 404 0"#)
        #expect(common.clientIP == "10.1.2.3" && common.method == "POST" && common.status == 404 && common.userAgentHeader == nil)
        #expect(common["advertiser_id"] == "877")
        #expect(try parse(#"10.1.2.3 - - [22/Nov/2026:05:30:00 +0000] "GET \#(q)" 200 1 "https://r.example/" "-""#).userAgentHeader == nil)
        #expect(try parse(#"10.1.2.3 - - [22/Nov/2026:05:30:00 +0000] "GET \#(q)" 200 1 "-" """#).userAgentHeader == nil)
        #expect(try parse(#"10.1.2.3 - - [22/Nov/2026:05:30:00 +0000] "GET \#(q)" 200 1 "-" "x""#).userAgentHeader == "x")
        #expect(try parse(#"10.1.2.3 - - [22/Nov/2026:05:30:00 +0000] "GET \#(q)" 2000 1 "-" "-""#).status == nil)
        #expect(try parse(#"10.1.2.3 - - [22/Nov/2026:05:30:00 +0000] "GET \#(q)" 20x 1"#).status == nil)
        let untimed = try parse(#"10.1.2.3 - - [22/Nov/2026:05:30:00 +0000 "GET \#(q)" 200 1"#)
        #expect(untimed.time == nil && untimed["action"] == "session")
        let absolute = try parse(#"10.1.2.3 - - [22/Nov/2026:05:30:00 +0000] "GET https://877.engine.mobileapptracking.com\#(q) HTTP/1.1" 200 1"#)
        #expect(absolute.host == "877.engine.mobileapptracking.com" && absolute["action"] == "session")
        #expect(throws: TuneLineError.self) { try parse(#"10.1.2.3 - - [22/Nov/2026:05:30:00 +0000] "GET \#(q) HTTP/1.1 200 1"#) }
        #expect(throws: TuneLineError.self) { try parse(#"10.1.2.3 - - [22/Nov/2026:05:30:00 +0000] "GET   " 200 1"#) }
    }

    // MARK: Decryption (vectors from the openssl tool)

    static let key32 = "0123456789abcdef0123456789ABCDEF"

    static func openssl(_ args: [String], input: [UInt8]) throws -> [UInt8] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["openssl"] + args
        let stdin = Pipe(), stdout = Pipe()
        p.standardInput = stdin
        p.standardOutput = stdout
        try p.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0, "openssl \(args.joined(separator: " "))")
        return Array(out)
    }

    static let plain = "&debug=1&sdk_retry_attempt=0&app_name=MATCustom&app_version=1.0&country_code=US&device_brand=Apple&ios_ad_tracking=1&ios_ifa=AA9A0C57-6B3E-4B8E-9D1B-6C1F3E2A4B5C&language=en&os_version=8.4&system_date=1441394887"

    @Test func androidDataDecrypts() throws {
        var padded = Array(Self.plain.utf8)
        while padded.count % 16 != 0 { padded.append(32) }
        let sealed = try Self.openssl(["enc", "-aes-256-cbc", "-nopad", "-K", Hex.encode(Array(Self.key32.utf8), upper: false),
                                       "-iv", Hex.encode(Array("heF9BATUfWuISyO8".utf8), upper: false)], input: padded)
        let hex = Hex.encode(sealed, upper: false)
        let key = try ConversionKey(Self.key32 + "\n")
        #expect(try TuneCrypto.decrypt(hex: hex, key: key, cipher: .android) == Self.plain)
        #expect(try TuneCrypto.encrypt(Self.plain, key: key, cipher: .android) == hex, "bnc writes what the SDK wrote")
        var r = try request("action=session&advertiser_id=877&sdk=android&ios_ifa=OVERRIDDEN&data=\(hex)")
        try TuneCrypto.open(&r, key: key)
        #expect(r["app_name"] == "MATCustom")
        #expect(r["ios_ifa"] == "OVERRIDDEN", "a clear parameter wins over the same one inside data")
        #expect(r.decrypted.contains("system_date") && !r.decrypted.contains("ios_ifa"))
    }

    @Test func iOSDataDecrypts() throws {
        let key16 = String(Self.key32.prefix(16))
        let hexText = Array(Hex.encode(Array(Self.plain.utf8), upper: true).utf8)
        let sealed = try Self.openssl(["enc", "-aes-128-ecb", "-K", Hex.encode(Array(key16.utf8), upper: false)], input: hexText)
        let hex = Hex.encode(sealed, upper: true)
        let key = try ConversionKey(key16)
        #expect(try TuneCrypto.decrypt(hex: hex, key: key, cipher: .iOS) == Self.plain)
        #expect(try TuneCrypto.encrypt(Self.plain, key: key, cipher: .iOS) == hex)
        var r = try request("action=session&advertiser_id=877&data=\(hex)")
        try TuneCrypto.open(&r, key: key)  // no sdk=: both ciphers are tried
        #expect(r["ios_ifa"] == "AA9A0C57-6B3E-4B8E-9D1B-6C1F3E2A4B5C")
    }

    @Test func wrongKeysAndBadDataAreRefused() throws {
        let key = try ConversionKey(Self.key32)
        let hex = try TuneCrypto.encrypt(Self.plain, key: key, cipher: .android)
        let other = try ConversionKey(String(Self.key32.reversed()))
        #expect(throws: BNCError.self) { try TuneCrypto.decrypt(hex: hex, key: other, cipher: .android) }
        #expect(throws: BNCError.self) { try TuneCrypto.decrypt(hex: "abc", key: key, cipher: .android) }
        #expect(throws: BNCError.self) { try TuneCrypto.decrypt(hex: "zz" + hex.dropFirst(2), key: key, cipher: .android) }
        #expect(throws: BNCError.self) { try ConversionKey("short") }
    }

    /// A request marks the known parameters it holds, and lookups by a name with its hash and row trust the mark: a
    /// known name found however it came (plainly, percent-encoded, added later, from `data`), an unknown one by a
    /// search, the first of a repeated one.
    @Test func lookupsFindAKnownNameHoweverItCame() throws {
        var r = try request("%61ction=SESSION&sdk=Server&ios_ifa=AA9A0C57-6B3E-4B8E-9D1B-6C1F3E2A4B5C&foo=1&sdk=ios&os_id=")
        #expect(r.action == "session" && r[.action] == "SESSION" && r["action"] == "SESSION")
        #expect(r.isServerToServer && r.value(.sdk) == "Server" && r.repeated == ["sdk"])
        #expect(r.value(.iosIFA) == "AA9A0C57-6B3E-4B8E-9D1B-6C1F3E2A4B5C" && r.platform == .iOS)
        #expect(!r.has(.googleAID) && r.value(.googleAID) == nil && r["foo"] == "1")
        #expect(r.has(.osID) && r.value(.osID) == nil, "present but empty")
        r.add("google_aid", "38400000-8CF0-11BD-B23E-10B96E40000D", decrypted: true)
        #expect(r.value(.googleAID) == "38400000-8CF0-11BD-B23E-10B96E40000D" && r.decrypted == ["google_aid"])
        #expect(TuneRequest.Name("not_a_tune_name").row == nil && TuneRequest.Name("sdk").row != nil)
        let upper = try request("action=Conversion&sdk=SERVER")
        #expect(upper.action == "conversion" && upper.isServerToServer)
        #expect(try request("action=conversion&sdk=servers").isServerToServer == false)
        #expect(try request("action=session&sdk=server").isServerToServer && request("action=session").action == "session")
        // The platform of sdk=: as logged, or in any case; a lower-case name that is none is no platform.
        for (sdk, platform) in [("ios", TunePlatform.iOS), ("IOS", .iOS), ("tvOS", .iOS), ("watchos", .iOS), ("android", .android),
                                ("Android", .android), ("FIRE", .android), ("windows", .windows), ("Windows", .windows)] {
            #expect(TunePlatform(sdk: sdk) == platform, "\(sdk)")
        }
        for sdk in ["server", "Server", "", "iosx", "İOS", "androi"] { #expect(TunePlatform(sdk: sdk) == nil, "\(sdk)") }
    }
}
