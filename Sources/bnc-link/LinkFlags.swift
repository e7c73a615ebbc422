// The flags that describe a link (labels, alias, type, duration, control params, data), shared by create,
// update and long; turned into BNCLink's LinkInput.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink

struct LinkFlags: ParsableArguments {
    @Option(name: .customLong("channel"), help: ArgumentHelp("Where the link is shared (~channel).", valueName: "NAME")) var channel: String?
    @Option(name: .customLong("feature"), help: ArgumentHelp("What the link is for (~feature).", valueName: "NAME")) var feature: String?
    @Option(name: .customLong("campaign"), help: ArgumentHelp("The campaign (~campaign).", valueName: "NAME")) var campaign: String?
    @Option(name: .customLong("stage"), help: ArgumentHelp("The funnel stage (~stage).", valueName: "NAME")) var stage: String?
    @Option(name: .customLong("tag"), help: ArgumentHelp("A tag (repeatable).", valueName: "TAG")) var tags: [String] = []
    @Option(name: .customLong("alias"), help: ArgumentHelp("Vanity path, at most 128 characters; unique per link domain, immutable.", valueName: "ALIAS"))
    var alias: String?
    @Option(name: .customLong("type"), help: ArgumentHelp("0 standard, 1 one-time use, 2 Quick Link (needs $marketing_title and access).", valueName: "N"))
    var type: Int?
    @Option(name: .customLong("duration"), help: ArgumentHelp("Click-to-open match window in seconds (default 7200).", valueName: "S"))
    var duration: Int?
    @Option(name: .customLong("identity"), help: ArgumentHelp("The user who owns the link (at most 127 characters).", valueName: "ID"))
    var identity: String?
    @Option(name: .customLong("param"), help: ArgumentHelp("A control parameter or your own data key: KEY=VALUE (repeatable; see `bnc-link params`).", valueName: "KEY=VALUE"),
            completion: .assignments(LinkFields.data.names))
    var params: [String] = []
    @Option(name: .customLong("data"), help: ArgumentHelp("Deep-link data from a JSON object file; - reads stdin. --param applies over it.", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var data: String?

    /// The link input, with --data read (once, bounded).
    func input(_ tool: ToolRun) throws(BNCError) -> LinkInput {
        var input = LinkInput()
        // Each field of the link table with a flag takes that flag's value (LinkFields.link says which).
        let given: [String: JSON?] = [
            "--channel": channel.map(JSON.string), "--feature": feature.map(JSON.string), "--campaign": campaign.map(JSON.string),
            "--stage": stage.map(JSON.string), "--tag": tags.isEmpty ? nil : .array(tags.map(JSON.string)),
            "--alias": alias.map(JSON.string), "--type": type.map(JSON.int), "--duration": duration.map(JSON.int),
            "--identity": identity.map(JSON.string),
        ]
        input.fields = LinkFields.link.fields.compactMap { f in f.flag.flatMap { given[$0] ?? nil }.map { (f.name, $0) } }
        if let data {
            guard case .object(let o) = try tool.readJSON(data, what: "--data") else { throw BNCError.invalid("--data", "must hold a JSON object") }
            input.data = o
        }
        input.params = try params.map { p throws(BNCError) in
            guard let eq = p.firstIndex(of: "="), eq != p.startIndex else { throw BNCError.usage("--param", "must be KEY=VALUE (got \(p))") }
            return (String(p[..<eq]), String(p[p.index(after: eq)...]))
        }
        try FieldArgument.refuseRepeated(input.params.map(\.0), flag: "--param")
        return input
    }
}
