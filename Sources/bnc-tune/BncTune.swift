// bnc-tune: legacy TUNE (MobileAppTracking) requests for support engineers migrating to Branch — mapped to and
// from Branch, diagnosed, scanned in logs of any size with reports, and replayed. Flags -> BNCTune -> printed.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCSuite
import BNCTune

struct BncTune: BNCRootCommand {
    static let configuration = CommandConfiguration(
        commandName: "bnc-tune",
        abstract: ToolCatalog.tune.abstract + ".",
        discussion: """
            TUNE ended its services on 4 Sep 2023; its logged requests still explain a migration's gaps. A request \
            is read from a URL (any TUNE host: {advertiser}.measure|engine.mobileapptracking.com, *.api-01.com, \
            *.tlnk.io), a bare /serve?... target, a common or combined web-server log line, or any line with a URL \
            in it. SDK traffic hides most parameters in the hex data parameter: --conversion-key-file decrypts it \
            (Android AES-CBC, iOS AES-ECB over hex, as the SDKs did).

            EXAMPLES:
              bnc-tune check '/serve?action=session&advertiser_id=877&...'
              bnc-tune map "$URL" | bnc-open --body -
              bnc-tune map "$URL" --curl
              bnc-tune scan access.log --junit - | xmllint --xpath 'string(//testsuite/@failures)' -
              bnc-tune scan access.log.gz --report findings.xml --html findings.html < /dev/null
              zcat access.log.gz | bnc-tune scan - --conversion-key-file key.txt --output json | jq .rules
              bnc-tune replay access.log --sandbox --concurrency 16 > results.ndjson
              bnc-open --dry-run ... | jq -c .body | bnc-tune map --to-tune - --advertiser-id 877 --site-id 1234
            """,
        version: BNCVersion.string,
        subcommands: [Map.self, Check.self, Decrypt.self, Scan.self, Replay.self, Reconcile.self, Params.self])
}

/// bnc-tune's entry point: its own executable and the multi-call binary installed under its name call it.
public enum Entry {
    public static func main() { BncTune.main() }
}
