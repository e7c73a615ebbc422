// bnc-link: Branch short links with every control param — create, bulk, read, update, delete — and long links
// built offline. Flags -> BNCLink builds and checks the request -> Core sends -> the answer printed.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink
import BNCSuite

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

            LINK FIELDS: `bnc-link fields` lists a link's fields and its data's control parameters with their types and \
            rules (`bnc-link params` the control parameters alone); bnc-link(1) has the same list.

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
        subcommands: [Create.self, Bulk.self, Read.self, Update.self, Delete.self, Long.self, QR.self, FieldsCommand<LinkParams>.self,
                      FieldsCommand<LinkFieldCatalog>.self])
}

/// `bnc-link params`: the control parameters of a link's data.
enum LinkParams: FieldCatalog {
    static let toolName = "bnc-link"
    static var tables: [FieldTable] { [LinkFields.data] }
    static var commandName: String { "params" }
    static var abstract: String { "List the link control parameters: name, type with its rule, and meaning." }
}

/// `bnc-link fields`: a link's own fields, then its data's control parameters.
enum LinkFieldCatalog: FieldCatalog {
    static let toolName = "bnc-link"
    static var tables: [FieldTable] { LinkCreateBuilder.tables }
}

/// bnc-link's entry point: its own executable and the multi-call binary installed under its name call it.
public enum Entry {
    public static func main() { BncLink.main() }
}
