// `swift package --allow-writing-to-package-directory generate-docs` rewrites man/ and completions/;
// `swift package generate-docs --check` only compares (CI). Both build the tools first, then run docgen.
import Foundation
import PackagePlugin

@main
struct GenerateDocs: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let check = arguments.contains("--check")
        let result = try packageManager.build(.all(includingTests: false), parameters: .init(configuration: .debug))
        guard result.succeeded else {
            Diagnostics.error("build failed:\n\(result.logText)")
            throw ExitError()
        }
        guard let docgen = result.builtArtifacts.first(where: { $0.url.lastPathComponent == "docgen" }) else {
            Diagnostics.error("docgen was not built")
            throw ExitError()
        }
        let process = Process()
        process.executableURL = docgen.url
        process.arguments = ["--bin", docgen.url.deletingLastPathComponent().path,
                             "--output", context.package.directoryURL.path] + (check ? ["--check"] : [])
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw ExitError() }
    }

    struct ExitError: Error, CustomStringConvertible {
        var description: String { "docgen failed" }
    }
}
