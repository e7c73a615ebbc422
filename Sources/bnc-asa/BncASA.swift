// bnc-asa: Apple Search Ads attribution — an AdServices token in, the attribution record out, with Apple's rules
// (24-hour tokens, 404 retried every 5 s three times, 400 never). Flags -> BNCASA -> Core -> the record printed.
import ArgumentParser
import BNCASA
import BNCCommandSupport
import BNCCore
import BNCSuite

struct BncASA: BNCRootCommand {
    static let configuration = CommandConfiguration(
        commandName: "bnc-asa",
        abstract: ToolCatalog.asa.abstract + ".",
        discussion: """
            The token (from AAAttribution.attributionToken() in the app) lives 24 hours and reads one record. It is \
            redacted in every output and log. POSTed as text/plain to https://api-adservices.apple.com/api/v1/ \
            (--api-url, e.g. the sandbox, replaces the host).

            EXAMPLES:
              bnc-asa lookup "$TOKEN" --output json | jq .record.campaignId
              pbpaste | bnc-asa lookup - --generated-at 2026-11-22T05:30Z
              jq -c '{token}' tokens.json | bnc-asa lookup --batch - > records.ndjson
            """,
        version: BNCVersion.string,
        subcommands: [Lookup.self, DecodeIAd.self, EncodeIAd.self, ForOpen.self])
}

/// bnc-asa's entry point: its own executable and the multi-call binary installed under its name call it.
public enum Entry {
    public static func main() { BncASA.main() }
}
