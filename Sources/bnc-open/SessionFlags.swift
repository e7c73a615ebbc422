// bnc-open's own flags: the session's kind, where it came from, identity, and the body's extra fields.
// Declared apart from the command so main.swift stays the command's shape; turned into BNCOpen's OpenOptions.
import ArgumentParser
import BNCCore
import BNCCommandSupport
import BNCOpen

struct SessionFlags: ParsableArguments {
    @Option(name: .customLong("first-session"), help: ArgumentHelp("auto, true or false: INSTALL/REINSTALL (true) or OPEN (false); auto asks the state.", valueName: "WHEN"))
    var firstSession: FirstSession = .auto

    @Option(name: .customLong("opened-with"), help: ArgumentHelp("The URI or web URL that opened the app: link_identifier, universal_link_url or android_app_link_url (and gbraid).", valueName: "URL"))
    var openedWith: String?

    @Option(name: .customLong("install-referrer"), help: ArgumentHelp("Android: the Play install referrer (link_click_id, google_search_install_referrer, gclid; the whole as install_referrer_extras).", valueName: "REFERRER"))
    var installReferrer: String?

    @Option(name: .customLong("clicked-referrer-ts"), help: ArgumentHelp("Android: referrer click time, epoch seconds.", valueName: "TS"))
    var clickedReferrerTS: Int?

    @Option(name: .customLong("install-begin-ts"), help: ArgumentHelp("Android: install begin time, epoch seconds.", valueName: "TS"))
    var installBeginTS: Int?

    @Option(name: .customLong("clipboard-url"), help: ArgumentHelp("NativeLink: the Branch URL on the clipboard at first open (local_url).", valueName: "URL"))
    var clipboardURL: String?

    @Option(name: .customLong("asa-token"), help: ArgumentHelp("iOS: the AdServices attribution token (apple_attribution_token); - reads it from stdin.", valueName: "TOKEN"))
    var asaToken: String?

    @Option(name: .customLong("search-ad-encoded"), help: ArgumentHelp("iOS, deprecated: Base64 of the legacy iAd response (first session only).", valueName: "B64"))
    var searchAdEncoded: String?

    @Option(name: .customLong("facebook-app-link-checked"), help: ArgumentHelp("true or false (false: Branch asks Facebook's deferred deep link API).", valueName: "BOOL"),
            completion: .list(["true", "false"]))
    var facebookAppLinkChecked: BoolArgument?

    @Flag(name: .customLong("tracking-disabled"), help: "Branch stores no data from this session.")
    var trackingDisabled = false

    @Flag(name: .customLong("disable-ad-network-callouts"), help: "Keep this session from ad networks.")
    var disableAdNetworkCallouts = false

    @Flag(name: .customLong("server-to-server-identity"), help: "Have Branch issue a randomized_bundle_token, kept and sent on later calls.")
    var serverToServerIdentity = false

    @Option(name: .customLong("randomized-bundle-token"), help: ArgumentHelp("Send this token instead of the kept one.", valueName: "TOKEN"))
    var randomizedBundleToken: String?

    @Option(name: .customLong("identity"), help: ArgumentHelp("Your user id for this session (at most 127 characters; never personal data).", valueName: "ID"))
    var identity: String?

    @Option(name: .customLong("custom-param-1"), help: ArgumentHelp("Custom dimension 1 for Branch reports.", valueName: "VALUE")) var customParam1: String?
    @Option(name: .customLong("custom-param-2"), help: ArgumentHelp("Custom dimension 2 for Branch reports.", valueName: "VALUE")) var customParam2: String?
    @Option(name: .customLong("custom-param-3"), help: ArgumentHelp("Custom dimension 3 for Branch reports.", valueName: "VALUE")) var customParam3: String?

    @Option(name: .customLong("body"), help: ArgumentHelp("A JSON body to start from (flags override it; an \"ip\" member is the IP override, as in a batch line); - reads stdin.", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var body: String?

    @Option(name: [.customShort("f"), .customLong("field")], help: ArgumentHelp("Any body field: KEY=VALUE (string) or KEY:=JSON; applied last; KEY:=null removes.", valueName: "KEY=VALUE"),
            completion: .assignments(OpenFields.table.names))
    var fields: [String] = []

    @Option(name: .customLong("route"), help: ArgumentHelp("Print only this key of the deep-link data (or of the answer), for scripts; exit 1 when absent.", valueName: "KEY"))
    var route: String?

    @Flag(name: .customLong("no-state"), help: "Neither read nor write the state database.")
    var noState = false

    @Flag(name: .customLong("explain"), help: "On stderr, each body field and header with its value, where it came from (a flag, the device file, the environment, a profile, state.db, a link source, a default) and the rule that changed it.")
    var explain = false


    enum FirstSession: String, ExpressibleByArgument, CaseIterable { case auto, `true`, `false` }

    var options: OpenOptions {
        var o = OpenOptions()
        o.facebookAppLinkChecked = facebookAppLinkChecked?.value
        o.trackingDisabled = trackingDisabled ? true : nil
        o.disableAdNetworkCallouts = disableAdNetworkCallouts ? true : nil
        o.serverToServerIdentity = serverToServerIdentity
        o.randomizedBundleToken = randomizedBundleToken
        o.identity = identity
        o.customParams = [customParam1, customParam2, customParam3]
        o.openedWith = openedWith
        o.installReferrer = installReferrer
        o.clickedReferrerTS = clickedReferrerTS
        o.installBeginTS = installBeginTS
        o.clipboardURL = clipboardURL
        o.searchAdEncoded = searchAdEncoded
        switch firstSession {
        case .true: o.firstSession = true
        case .false: o.firstSession = false
        case .auto: o.firstSession = nil
        }
        return o
    }
}

extension SessionFlags {
    /// --route KEY: the key's value alone, or exit 1 when the answer lacks it — silent as grep is in a script; a
    /// person watching (-v, or stderr on a terminal) is told why (QA round 31b).
    func print(_ route: String, of answer: OpenResponse, _ tool: ToolRun) -> ExitStatus {
        guard let value = answer.route(route) else {
            if tool.network.verbose || (tool.context.environment.stderrIsTTY && !tool.output.quiet) {
                tool.diagnostics.note("\(route) is not in the answer's data or the answer")
            }
            return .partialFailure
        }
        tool.printText(tool.redactor.redact(value, named: route).plainText)
        return .success
    }
}
