// bnc-asa decode-iad, encode-iad and for-open: the legacy iAd dictionary read and written, and the fields a
// v1/open body takes from Apple Search Ads.
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
    @OptionGroup(title: "Output") var output: OutputOptions

    func run(_ context: ToolContext) throws -> ExitStatus {
        context.apply(output)
        let record = try IAd.decode(try FileSystem.readText(file, what: "decode-iad"))
        if record.isAppleTestData {
            context.diagnostics.warning("this is Apple's iAd test payload (a development device or simulator), not a real attribution: Branch's SDK ignored it with ignoreAppleTestData")
        }
        context.emit(record.json, format: output.format(context.environment)) { _ in
            var rows: JSONObject = ["version": record.version.map(JSON.string) ?? "", "attributed": .bool(record.attributed)]
            for (k, v) in record.fields { rows[k] = v }
            return TextTable.keyValue(rows)
        }
        return .success
    }
}

struct EncodeIAd: BNCCommand {
    static let toolName = "bnc-asa"
    static let configuration = CommandConfiguration(
        commandName: "encode-iad",
        abstract: "Write Branch's search_ad_encoded (Base64 of the iAd dictionary as JSON) from any form decode-iad reads.")
    @Argument(help: ArgumentHelp("The payload file; - reads stdin.", valueName: "file"), completion: .file()) var file: String

    func run(_ context: ToolContext) throws -> ExitStatus {
        context.stdout.line(try IAd.decode(try FileSystem.readText(file, what: "encode-iad")).searchAdEncoded)
        return .success
    }
}

struct ForOpen: SendingCommand {
    static let toolName = "bnc-asa"
    static let configuration = CommandConfiguration(
        commandName: "for-open",
        abstract: "Print the v1/open fields Apple Search Ads gives a session, as JSON for bnc-open --body -.",
        discussion: """
            --token adds apple_attribution_token (checked like lookup's); --iad FILE adds search_ad_encoded (legacy; \
            first sessions only). The token is a secret: printed only with --show-secrets.

            EXAMPLE:
              bnc-asa for-open --token "$TOKEN" --show-secrets | bnc-open --body - --device iphone.json --ip 203.0.113.7 --first-session true
            """)
    @Option(name: .customLong("token"), help: ArgumentHelp("The AdServices token.", valueName: "TOKEN")) var token: String?
    @Option(name: .customLong("iad"), help: ArgumentHelp("A legacy iAd payload file (any form decode-iad reads).", valueName: "FILE"), completion: .file())
    var iad: String?
    @OptionGroup var shared: SharedOptions
    var inputs: [(flag: String, path: String?)] { [("--iad", iad)] }

    func validate() throws {
        if token == nil && iad == nil { throw ValidationError("give --token, --iad, or both") }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        var fields = JSONObject()
        if let token {
            let value = try AdServices.token(token)
            tool.addSecret(value)
            fields["apple_attribution_token"] = .string(value)
            if !tool.output.showSecrets { tool.diagnostics.warning("the token is redacted: pass --show-secrets to print it for bnc-open --body -") }
        }
        if let iad { fields["search_ad_encoded"] = .string(try IAd.decode(try FileSystem.readText(iad, what: "--iad")).searchAdEncoded) }
        tool.emit(tool.redactor.redact(JSON.object(fields)))
        return .success
    }
}
