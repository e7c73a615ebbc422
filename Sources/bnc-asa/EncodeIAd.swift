// bnc-asa encode-iad: a legacy iAd payload from its fields, for search_ad_encoded.
import ArgumentParser
import BNCASA
import BNCCommandSupport
import BNCCore

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
