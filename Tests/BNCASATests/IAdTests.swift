// The legacy iAd dictionary: Apple's sample text decoded, the JSON and Base64 forms, the mapping, the round trip.
import BNCCore
import Testing
import TestSupport
@testable import BNCASA

@Suite struct IAdTests {
    @Test func theSeedsSampleTextIsDecoded() throws {
        let record = try IAd.decode(try Fixtures.text("doc-derived/iad_sample_v3_1.txt"))
        #expect(record.version == "Version3.1" && record.attributed)
        #expect(record.fields["iad-campaign-name"] == "Light Bright Launch" && record.fields["iad-campaign-id"] == 15292426)
        #expect(record.fields.count == 14)
        #expect(record.adServices == ["attribution": true, "campaignId": 15292426, "adGroupId": 15307675, "creativeSetId": 456093,
                                      "conversionType": "Download", "clickDate": "2016-10-14T17:17:00Z"])
    }

    /// Apple's development payload (Branch's iOS SDK's isAppleTestData): recognised in every form it comes in;
    /// a real one is not, nor one that shares only some of the six values.
    @Test func applesTestPayloadIsRecognised() throws {
        let test = try IAd.decode(try Fixtures.text("ios-iad/apple_test_payload.txt"))
        #expect(test.isAppleTestData && test.json["apple_test_data"] == true)
        #expect(try IAd.decode(test.searchAdEncoded).isAppleTestData, "as search_ad_encoded too")
        #expect(try IAd.decode(test.dictionary.serialized()).isAppleTestData, "and as JSON, ids as numbers")
        #expect(try !IAd.decode(try Fixtures.text("doc-derived/iad_sample_v3_1.txt")).isAppleTestData)
        let almost = try Fixtures.text("ios-iad/apple_test_payload.txt").replacing("OrgName", with: "RealOrg")
        #expect(try !IAd.decode(almost).isAppleTestData)
    }

    @Test func searchAdEncodedRoundTrips() throws {
        let record = try IAd.decode(try Fixtures.text("doc-derived/iad_sample_v3_1.txt"))
        let encoded = record.searchAdEncoded
        #expect(!encoded.contains("\n") && encoded.hasPrefix("eyJWZXJzaW9uMy4xIjp7"), "Base64 of {\"Version3.1\":{")
        let back = try IAd.decode(encoded)
        #expect(back.version == record.version && back.fields == record.fields)
        #expect(try IAd.decode(back.dictionary.serialized()).fields == record.fields, "the JSON form too")
    }

    @Test func falseAsAStringIsFalse() throws {
        #expect(try !IAd.decode(#"{"Version3.1": {"iad-attribution": "false", "iad-org-id": "555555"}}"#).attributed)
        #expect(try IAd.decode(#"{"version3.2": {"iad-attribution": "true"}}"#).attributed, "the version key found by prefix")
        #expect(try IAd.decode(#"{"iad-attribution": true, "iad-campaign-id": "1234567890"}"#).adServices["campaignId"] == 1234567890)
    }

    @Test(arguments: ["", "not anything", "{\"a\": 1}", "{ \"Version3.1\" = { \"iad-attribution\" = true; ", "[1, 2]"])
    func malformedPayloadsAreRefused(_ text: String) {
        #expect(throws: BNCError.self) { try IAd.decode(text) }
    }
}
