// bnc-link delete: DELETE /v1/url with the API access token and the app id.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink

struct Delete: SendingCommand {
    static let toolName = "bnc-link"
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a link (DELETE /v1/url with an Access-Token).",
        discussion: "The API access token comes from --access-token-file, BRANCH_ACCESS_TOKEN or the profile; the app id from --app-id or the profile's app_id.")
    @Argument(help: ArgumentHelp("The link's URL (not with --batch).", valueName: "url")) var url: String?
    @Option(name: .customLong("app-id"), help: ArgumentHelp("The numeric Branch app id (or the profile's app_id, or BRANCH_APP_ID).", valueName: "ID")) var appID: String?
    @Flag(name: .customLong("explain"), help: "On stderr, the query and headers with where each came from (the argument, --app-id, the access token's source).")
    var explain = false
    @OptionGroup var shared: SharedOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions
    var batchOptions: BatchOptions? { batch }

    func validate() throws {
        if explain && batch.batch != nil { throw ValidationError("--explain explains one link: not with --batch") }
        if (url == nil) == (batch.batch == nil) { throw ValidationError("name one link URL, or pass --batch FILE") }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let token = try tool.settings.requireAccessToken()
        let app = try tool.settings.requireAppID(appID)
        let builder = LinkDeleteBuilder(accessToken: token, appID: app, baseURL: tool.settings.apiURL)
        if tool.isBatch { return try tool.runBatch(builder, defaultRate: LinkFields.defaultRates["DELETE"]) }
        let request = try tool.request(builder, ["url": .string(url!)])
        if explain {
            for line in LinkExplanation.common(request, settings: tool.settings, appIDFromFlag: appID != nil, redactor: tool.redactor, userAgent: tool.context.userAgent) {
                tool.diagnostics.note("explain: " + line)
            }
        }
        if try tool.render(request) { return .success }
        try tool.emit(try builder.answer(try tool.send(request), redactor: tool.redactor))
        return .success
    }
}
