// --explain for the commands whose requests are built from one flag each (bnc-app, bnc-export, bnc-link qr): every
// body member, query parameter and header of the request with the flag or setting it came from, on stderr.
import ArgumentParser
import BNCCore

/// `--explain`: the request's fields with where each came from, in the suite's one format (`Explanation`).
public struct ExplainOption: ParsableArguments {
    @Flag(name: .customLong("explain"), help: "On stderr, each field of the request (body, query, headers) with the flag or setting it came from.")
    public var on = false

    public init() {}

    /// Prints `request`'s fields when --explain is given: a credential with the source it was read from, a name in
    /// `origins` with its flag, anything else as `fallback` says (the command's own value).
    public func show(_ request: HTTPRequest, tool: ToolRun, origins: [String: String], fallback: String) {
        guard on else { return }
        let settings = tool.settings, redactor = tool.redactor
        func origin(_ name: String) -> String { settings.credentialOrigin(name) ?? origins[name] ?? fallback }
        var lines: [String] = []
        if case .json(.object(let body))? = request.body {
            for (key, value) in body { lines.append(Explanation.field(key, value, from: origin(key), redactor: redactor)) }
        }
        lines += Explanation.query(request, redactor: redactor, origin: origin)
        lines += Explanation.headers(request, tool: tool.context.tool, userAgent: tool.context.userAgent, redactor: redactor) { name in
            switch name.lowercased() {
            case "access-token": settings.credentialOrigin("access_token") ?? "the settings"
            case "x-ip-override": tool.network.ip != nil ? "--ip" : "the settings"
            default: origins[name] ?? "fixed for this request"
            }
        }
        for line in lines { tool.diagnostics.note("explain: " + line) }
    }
}
