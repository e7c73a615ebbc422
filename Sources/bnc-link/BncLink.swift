// bnc-link: Branch short links with every control param — create, bulk, read, update, delete — and long links
// built offline. Flags -> BNCLink builds and checks the request -> Core sends -> the answer printed.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink
import BNCSuite

@main
struct BncLink: BNCRootCommand {
    static let configuration = CommandConfiguration(
        commandName: "bnc-link",
        abstract: ToolCatalog.link.abstract + ".",
        discussion: """
            Links are checked against Branch's rules before anything is sent (exit 65): control params by type \
            (absolute http(s) URLs, booleans, integers; per-country $ios_url_xx/$android_url_xx/$fallback_url_xx), \
            restricted keys Branch sets itself (+ keys, ~id, ~creation_source ...), alias and identity lengths, \
            type 2 needing $marketing_title. Unknown $ keys warn with a did-you-mean and are not sent; other keys \
            are your own deep-link data.

            LINK FIELDS:
            \(LinkFields.link.helpText)

            EXAMPLES:
              bnc-link create --channel email --campaign spring --param '$deeplink_path=item/42' --param '$ios_url=https://example.com/app'
              bnc-link create --alias spring-sale --data link.json --output json | jq -r .url
              cut -d, -f1 campaign.csv | xargs -I{} bnc-link create --channel sms --campaign {} --output ndjson
              bnc-link bulk links.ndjson > results.ndjson
              bnc-link update https://example.app.link/spring-sale --merge --param '$og_title=Spring sale, extended'
              bnc-link delete https://example.app.link/spring-sale --app-id 123456789
              bnc-link long --domain example.app.link --channel sms --tag a --tag b --param '$deeplink_path=item/42'
            """,
        version: BNCVersion.string,
        subcommands: [Create.self, Bulk.self, Read.self, Update.self, Delete.self, Long.self, FieldsCommand<LinkParams>.self,
                      FieldsCommand<LinkFieldCatalog>.self])
}

struct Create: SendingCommand {
    static let toolName = "bnc-link"
    static let configuration = CommandConfiguration(
        abstract: "Create a short link (POST /v1/url), or one per NDJSON line with --batch.",
        discussion: """
            An alias is idempotent: the same alias with the same parameters answers the same link; with other \
            parameters Branch refuses it (409, or 400 "Link alias conflict") and bnc-link names what differs. \
            Nothing falls back to a long link silently: --fallback-long prints one when creation fails, and says so.
            """)

    @OptionGroup(title: "Link") var link: LinkFlags
    @Flag(name: .customLong("fallback-long"), help: "When creation fails, print a long link built offline instead (said on stderr).")
    var fallbackLong = false
    @Option(name: .customLong("domain"), help: ArgumentHelp("Link domain for --fallback-long (default bnc.lt).", valueName: "HOST"))
    var domain = "bnc.lt"

    func validate() throws {
        if case .failure(let e) = HostName.validate(domain) { throw ValidationError("--domain \(e.rule)") }
    }
    @OptionGroup var shared: SharedOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions

    var batchOptions: BatchOptions? { batch }
    var inputs: [(flag: String, path: String?)] { [("--data", link.data)] }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let key = try tool.settings.requireKey()
        let builder = LinkCreateBuilder(key: key, baseURL: tool.settings.apiURL)
        if tool.isBatch { return try tool.runBatch(builder, defaultRate: LinkFields.defaultRates["POST"]) }
        let body = try LinkRequest.body(link.input(tool))
        let request = try tool.request(builder, body)
        if tool.render(request) { return .success }
        do {
            let response = try tool.send(request)
            if LinkAnswers.isAliasConflict(response) { throw LinkTool.explainConflict(response, body: body, key: key, tool: tool) }
            tool.emit(["url": .string(try builder.answer(response, redactor: tool.redactor))])
        } catch let error as BNCError where fallbackLong {
            tool.diagnostics.warning("short link creation failed (\(error.message)); --fallback-long: printing a long link instead")
            tool.emit(["url": .string(LinkAnswers.longLink(domain: domain, key: key, body: body)), "long": true])
        }
        return .success
    }
}

/// `bnc-link params`: the control parameters of a link's data.
enum LinkParams: FieldCatalog {
    static let toolName = "bnc-link"
    static var tables: [FieldTable] { [LinkFields.data] }
    static var commandName: String { "params" }
    static var abstract: String { "List the link control parameters: name, type, rule and meaning." }
}

/// `bnc-link fields`: a link's own fields, then its data's control parameters.
enum LinkFieldCatalog: FieldCatalog {
    static let toolName = "bnc-link"
    static var tables: [FieldTable] { LinkCreateBuilder.tables }
}
