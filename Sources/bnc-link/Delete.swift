// bnc-link delete: DELETE /v1/url with the API access token and the app id.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink

struct Delete: SendingCommand {
    static let toolName = "bnc-link"
    static let configuration = CommandConfiguration(
        abstract: "Delete a link (DELETE /v1/url with an Access-Token).",
        discussion: "The API access token comes from --access-token-file, BRANCH_ACCESS_TOKEN or the profile; the app id from --app-id or the profile's app_id.")
    @Argument(help: ArgumentHelp("The link's URL (not with --batch).", valueName: "url")) var url: String?
    @Option(name: .customLong("app-id"), help: ArgumentHelp("The numeric Branch app id (or the profile's app_id).", valueName: "ID")) var appID: String?
    @OptionGroup var shared: SharedOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions
    var batchOptions: BatchOptions? { batch }

    func validate() throws {
        if (url == nil) == (batch.batch == nil) { throw ValidationError("name one link URL, or pass --batch FILE") }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        guard let token = tool.settings.accessToken else {
            throw BNCError.configuration("no access token: pass --access-token-file FILE or set BRANCH_ACCESS_TOKEN")
        }
        guard let app = appID ?? tool.settings.appID else { throw BNCError.usage("--app-id", "is required (or app_id in the profile)") }
        let builder = LinkDeleteBuilder(accessToken: token, appID: app, baseURL: tool.settings.apiURL)
        if tool.isBatch { return try tool.runBatch(builder, defaultRate: LinkFields.defaultRates["DELETE"]) }
        guard let answer = try tool.exchange(builder, ["url": .string(url!)]) else { return .success }
        try tool.emit(answer)
        return .success
    }
}
