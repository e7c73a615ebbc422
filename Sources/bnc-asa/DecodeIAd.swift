// bnc-asa decode-iad: the legacy iAd payload (search_ad_encoded) read back into its fields.
import ArgumentParser
import BNCASA
import BNCCommandSupport
import BNCCore

struct DecodeIAd: BNCCommand {
    static let toolName = "bnc-asa"
    static let configuration = CommandConfiguration(
        commandName: "decode-iad",
        abstract: "Read a legacy iAd attribution dictionary: JSON (Version3.1 wrapper), Apple's plist-like sample text, or Base64 search_ad_encoded.",
        discussion: "Prints {version, attributed, apple_test_data, fields, adservices}: the fields as delivered and their AdServices names. \"iad-attribution\": \"false\" as a string is false. Apple's development payload (ids 1234567890, CampaignName, AdGroupName, OrgName: what a test device or simulator gets) is recognised and said on stderr: it attributes no real install.")
    @Argument(help: ArgumentHelp("The payload file; - reads stdin.", valueName: "file"), completion: .file()) var file: String
    @OptionGroup(title: "Output") var output: PrintOptions

    func run(_ context: ToolContext) throws -> ExitStatus {
        try context.apply(output)
        // What a payload holds is printed masked, as every tool prints what it reads (a credential pasted into a
        // field, a branch_secret member: QA round 29b), unless --show-secrets.
        context.use(Redactor(secrets: [], showSecrets: output.showSecrets))
        let record = try IAd.decode(try FileSystem.readText(file, what: "decode-iad"))
        if record.isAppleTestData {
            context.diagnostics.warning("this is Apple's iAd test payload (a development device or simulator), not a real attribution: Branch's SDK ignored it with ignoreAppleTestData")
        }
        try context.emit(record.json, format: output.format(context.environment)) { _ in
            var rows: JSONObject = ["version": record.version.map(JSON.string) ?? "", "attributed": .bool(record.attributed)]
            for (k, v) in record.fields { rows[k] = v }
            return TextTable.keyValue(context.redacted(JSON.object(rows)).objectValue ?? [:])
        }
        return .success
    }
}
