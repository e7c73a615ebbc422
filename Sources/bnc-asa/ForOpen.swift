// bnc-asa for-open: the v1/open values an AdServices token or iAd payload gives.
import ArgumentParser
import BNCASA
import BNCCommandSupport
import BNCCore

struct ForOpen: SendingCommand {
    static let toolName = "bnc-asa"
    static let configuration = CommandConfiguration(
        commandName: "for-open",
        abstract: "Print the v1/open fields Apple Search Ads gives a session, as JSON for bnc-open --body -.",
        discussion: """
            --token adds apple_attribution_token (checked like lookup's); --iad FILE adds search_ad_encoded (legacy; \
            first sessions only). The token is a secret: printed only with --show-secrets.

            EXAMPLE:
              bnc-asa for-open --token "$TOKEN" --show-secrets | bnc-open --body - --device iphone.json --ip 8.8.4.4 --first-session true
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
        try tool.emit(tool.redactor.redact(JSON.object(fields)))
        return .success
    }
}
