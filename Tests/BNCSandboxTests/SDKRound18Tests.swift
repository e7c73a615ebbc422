// Real SDK traffic the corpus missed (QA round 18, each read from the SDK's source): the platforms' own names in
// `os` (Amazon Fire, tvOS, macOS), the session's token names before Android 5.1.4 and iOS 0.36, the Web SDK's
// one-element lists, and Android's fallback long link's `duration=0`.
import BNCCore
import Testing
import TestSupport
@testable import BNCSandbox

@Suite struct SDKRound18Tests {
    func sdk(_ h: Harness, _ path: String, _ body: JSON, ip: String = "8.8.4.4", ua: String = "Dalvik/2.1.0") -> Reply {
        h.send("POST", path, body, headers: [("Content-Type", "application/json"), ("X-Forwarded-For", ip), ("User-Agent", ua)])
    }

    /// Android's SystemObserver.getOS says AMAZON_FIRE or AMAZON_FIRE_TV on Amazon devices, iOS's osName tv_OS on
    /// tvOS and the macOS SDK mac_OS: each is a session of its family. A name no SDK sends is still refused, and
    /// a server's v1/open is still held to iOS or Android.
    @Test(arguments: ["AMAZON_FIRE", "AMAZON_FIRE_TV", "tv_OS", "mac_OS"])
    func anSDKsOwnPlatformNameOpensASession(_ os: String) throws {
        let h = try Harness()
        let install = sdk(h, "/v1/install", RealTrafficTests.androidInstall(["os": .string(os)]))
        #expect(install.status == 200, "\(os): \(install.message)")
        #expect(install.json?["session_id"]?.stringValue != nil)
        h.clock.advance(60)
        let open = sdk(h, "/v1/open", RealTrafficTests.androidInstall(["os": .string(os)]))
        #expect(open.status == 200 && open.data?["+is_first_session"] == false, "\(os): \(open.message)")
    }

    @Test func aPlatformNoSDKNamesIsStillRefused() throws {
        let h = try Harness()
        let r = sdk(h, "/v1/install", RealTrafficTests.androidInstall(["os": "BeOS"]))
        #expect(r.status == 400 && r.message.contains("os only accepts iOS or Android") && r.message.contains("AMAZON_FIRE"), "\(r.message)")
        let server = h.open(Harness.androidOpen(["os": "AMAZON_FIRE"]))
        #expect(server.status == 400 && server.message.contains("os only accepts iOS or Android"), "a server's os: \(server.message)")
    }

    /// tvOS and macOS events carry idfv and no developer_identity: the identifier of their family is enough.
    @Test(arguments: [("tv_OS", "idfv"), ("mac_OS", "idfv"), ("AMAZON_FIRE", "android_id")])
    func eventsOfAnSDKsPlatformNameAreIdentifiedByTheirFamilysIDs(_ os: String, _ id: String) throws {
        let h = try Harness()
        let event: JSON = ["name": "level_up", "branch_key": .string(Harness.key),
                           "user_data": ["os": .string(os), .init(stringLiteral: id): "3F1B7C2E-9A4D-4E8B-B5C6-0D7E8F9A1B2C", "sdk": "ios"]]
        let r = sdk(h, "/v2/event/custom", event)
        #expect(r.status == 200, "\(os): \(r.message)")
        let wrong: JSON = ["name": "level_up", "branch_key": .string(Harness.key), "user_data": ["os": .string(os), "aaid": id == "idfv" ? "x" : nil]]
        #expect(sdk(h, "/v2/event/custom", wrong).status == 400, "another family's id does not identify \(os)")
    }

    /// Android up to 5.1.3 and iOS up to 0.35 keep the session only from identity_id and device_fingerprint_id,
    /// and send them back under those names: the next open is the same device and user.
    @Test func olderSDKsGetAndSendTheTokensUnderTheirOldNames() throws {
        let h = try Harness()
        let install = sdk(h, "/v1/install", RealTrafficTests.androidInstall(["sdk": "android5.1.3"]))
        let identity = try #require(install.json?["identity_id"]?.stringValue, "Android 5.1.3 stays without a session: \(install.json ?? .null)")
        let fingerprint = try #require(install.json?["device_fingerprint_id"]?.stringValue)
        #expect(identity == install.json?["randomized_bundle_token"]?.stringValue && fingerprint == install.json?["randomized_device_token"]?.stringValue)
        h.clock.advance(60)
        let open = sdk(h, "/v1/open", RealTrafficTests.androidInstall(["sdk": "android5.1.3", "hardware_id": nil, "is_hardware_id_real": nil,
                                                                       "google_advertising_id": nil, "identity_id": .string(identity),
                                                                       "device_fingerprint_id": .string(fingerprint)]))
        #expect(open.status == 200, "\(open.message)")
        #expect(open.data?["+is_first_session"] == false, "the device was known by its device_fingerprint_id")
        #expect(open.json?["identity_id"]?.stringValue == identity && open.json?["device_fingerprint_id"]?.stringValue == fingerprint)
        #expect(h.send("GET", "/_sandbox/stats").json?["counters"]?["installs"] == 1)
    }

    /// The Web SDK writes an array as its name repeated (serializeObject): one tag is one plain pair, and each
    /// value is text, even one that looks like JSON.
    @Test func aWebFormsTagsAreAListOfPlainValues() throws {
        let h = try Harness()
        func link(_ tags: String) -> Reply {
            h.send("POST", "/v1/url", text: "channel=email&\(tags)&sdk=web2.86.1&branch_key=\(Harness.key)",
                   headers: [("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")])
        }
        func stored(_ r: Reply) -> JSON? {
            guard let url = r.json?["url"]?.stringValue, let code = url.split(separator: "/").last else { return nil }
            return h.send("GET", "/\(code)?debug=1").json?["data"]?["~tags"]
        }
        let one = link("tags=spring-sale")
        #expect(one.status == 200, "\(one.message)")
        #expect(stored(one) == ["spring-sale"])
        let looksLikeJSON = link("tags=%5Bsale%5D&tags=shoes")
        #expect(looksLikeJSON.status == 200, "\(looksLikeJSON.message)")
        #expect(stored(looksLikeJSON) == ["[sale]", "shoes"])
        #expect(stored(link("tags%5B%5D=a")) == ["a"], "the [] form is a list too")
        let qr = h.send("POST", "/v1/qr-code", text: "channel=email&tags=spring-sale&branch_key=\(Harness.key)",
                        headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(qr.status == 200 && qr.header("Content-Type")?.hasPrefix("image/") == true, "\(qr.message)")
    }

    /// Android's fallback long link (ServerRequestCreateUrl.getLongUrl) always ends in duration=0, which both SDKs
    /// mean as "not set": the click attributes the install within the default window.
    @Test func aLongLinksDurationZeroIsTheDefaultWindow() throws {
        for duration in ["&duration=0", "&duration=x", ""] {
            let h = try Harness()
            let click = h.send("GET", "/a/\(Harness.key)?channel=share&%24deeplink_path=item%2F42&type=0\(duration)",
                               headers: [("User-Agent", Harness.androidUA), ("X-Forwarded-For", "8.8.4.4")])
            #expect(click.status == 200 || click.status == 302)
            h.clock.advance(5)
            let install = sdk(h, "/v1/install", RealTrafficTests.androidInstall(["user_agent": .string(Harness.androidUA)]), ua: Harness.androidUA)
            #expect(install.data?["+clicked_branch_link"] == true && install.data?["$deeplink_path"] == "item/42", "\(duration): \(install.data ?? .null)")
        }
    }

    /// iOS's Spotlight indexing reads spotlight_identifier from /v1/url's answer and indexes the item under it; an
    /// open from that Spotlight result sends it back, and is the link's (BNCContentDiscoveryManager takes only
    /// identifiers with Branch's prefix).
    @Test func aSpotlightLinkIsIndexedAndOpensDeepLinked() throws {
        let h = try Harness()
        let made = h.send("POST", "/v1/url", ["branch_key": .string(Harness.key), "channel": "spotlight", "source": "ios",
                                              "data": ["$deeplink_path": "item/7", "+spotlight_title": "Trail Runner"]],
                          headers: [("Content-Type", "application/json")])
        let id = try #require(made.json?["spotlight_identifier"]?.stringValue, "\(made.json ?? .null)")
        let url = try #require(made.json?["url"]?.stringValue)
        #expect(id == "io.branch.link.v1.url." + url.replacing("http://", with: ""))
        let plain = h.send("POST", "/v1/url", ["branch_key": .string(Harness.key), "channel": "email"], headers: [("Content-Type", "application/json")])
        #expect(plain.json?["spotlight_identifier"] == nil, "only Spotlight's links")
        let open = sdk(h, "/v1/open", RealTrafficTests.androidInstall(["os": "iOS", "spotlight_identifier": .string(id)]), ip: "9.9.9.9")
        #expect(open.data?["+clicked_branch_link"] == true && open.data?["$deeplink_path"] == "item/7", "\(open.data ?? .null)")
    }

    /// The iOS and Web SDKs append "/v1/open" to the API URL they are given: one ending in "/" asks for "//v1/open",
    /// which Branch's front (nginx, merge_slashes) answers as "/v1/open".
    @Test func doubledSlashesAreOne() throws {
        let h = try Harness()
        let r = sdk(h, "//v1/install", RealTrafficTests.androidInstall())
        #expect(r.status == 200, "\(r.message)")
        #expect(h.send("GET", "/_sandbox/requests").json?.arrayValue?.last?["path"] == "/v1/install")
    }
}
