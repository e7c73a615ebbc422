// The custom export fields the sandbox takes are the reference's enum, name for name. QA round 25a: the list was
// copied from the fact sheet's hard-wrapped block, four names were split in two at its line ends, and the halves
// (`user_`, `last_cta_view_da`, ...) were taken while `user_data_dma_ad_user_data` was refused.
import Foundation
import Testing
@testable import BNCSandbox

@Suite struct ExportFieldListTests {
    /// The enum as Tests/Fixtures/facts/data-apis.md section 2.5 keeps it: its lines are cut at a fixed width,
    /// inside names too, so they are joined as they stand before splitting at spaces.
    static func documented() throws -> Set<String> {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/facts/data-apis.md")
        let text = try String(contentsOf: file, encoding: .utf8)
        let section = try #require(text.range(of: "### 2.5 Fields"))
        let open = try #require(text.range(of: "```\n", range: section.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "\n```", range: open.upperBound..<text.endIndex))
        let joined = text[open.upperBound..<close.lowerBound].replacingOccurrences(of: "\n", with: "")
        return Set(joined.split(separator: " ").map(String.init))
    }

    @Test func theSandboxTakesExactlyTheDocumentedFields() throws {
        let documented = try Self.documented()
        #expect(documented.count >= 290, "\(documented.count)")
        for name in ["user_data_dma_ad_user_data", "last_cta_view_data_tilde_creative_id",
                     "install_activity_touch_data_tilde_customer_secondary_publisher",
                     "reengagement_activity_touch_data_tilde_customer_placement"] {
            #expect(documented.contains(name), "the fact sheet read back: \(name)")
        }
        #expect(Sandbox.customExportFields.subtracting(documented).sorted() == [], "taken but not documented")
        #expect(documented.subtracting(Sandbox.customExportFields).sorted() == [], "documented but refused")
    }
}
