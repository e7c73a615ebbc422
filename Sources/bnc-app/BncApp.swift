// bnc-app: an app's Branch settings through the App API — read them (GET /v1/app/{key}) and change the
// documented ones (PUT), the change shown as a diff before it is sent. Flags -> BNCApp builds and checks the
// request -> Core sends -> the answer printed with the secret masked.
import ArgumentParser
import BNCApp
import BNCCommandSupport
import BNCCore
import BNCSuite

struct BncApp: BNCRootCommand {
    static let configuration = CommandConfiguration(
        commandName: "bnc-app",
        abstract: ToolCatalog.app.abstract + ".",
        discussion: """
            Both calls need the Branch key and secret (--key, --secret-file, the environment or a profile). The \
            secret is masked in every output unless --show-secrets.

            EXAMPLES:
              bnc-app get
              bnc-app get og_title og_description --output json
              bnc-app update --set og_title='Spring sale' --set always_open_app=1 --dry-run
              bnc-app update --set 'sha256_cert_fingerprints=AA:BB:...,CC:DD:...'
              bnc-app update --sandbox --set ios_bundle_id=com.example.app
            """,
        version: BNCVersion.string,
        subcommands: [Get.self, Update.self, FieldsCommand<AppSettingsCatalog>.self])
}

/// `bnc-app fields`: the settings an update may change.
enum AppSettingsCatalog: FieldCatalog {
    static let toolName = "bnc-app"
    static var tables: [FieldTable] { [AppFields.settings] }
    static var abstract: String { "List the app settings an update may change: name, type with its rule, and meaning." }
}

/// `bnc-app get`: the app's settings, all or the named ones.
struct Get: SendingCommand {
    static let toolName = "bnc-app"
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Read the app's settings (GET /v1/app/{branch_key}).",
        discussion: "With NAMEs, only those settings. A table on a terminal, JSON otherwise (--output).")
    @Argument(help: ArgumentHelp("Settings to show (default: all).", valueName: "name"), completion: .list(AppFields.settings.names))
    var names: [String] = []
    @OptionGroup var explain: ExplainOption
    @OptionGroup var shared: SharedOptions

    func run(_ tool: ToolRun) throws -> ExitStatus {
        // A name the documented settings do not have but nearly do is a typo, refused before anything is sent (an
        // undocumented name is asked for: Branch's answer may carry it).
        let declared = AppFields.settings.names
        // A setting's name is a JSON key of letters, digits and `_`: anything else (an empty name, a space, a
        // control character) names none of them, asked for or not.
        for name in names where name.isEmpty || !name.utf8.allSatisfy({ ASCII.isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") }) {
            throw BNCError.usage(name.isEmpty ? "''" : name, "is not a setting's name (letters, digits and _)")
        }
        for name in names where !declared.contains(name) {
            if let guess = EditDistance.closest(to: name, in: declared), EditDistance.between(name, guess) <= 2 {
                throw BNCError.usage(name, "is not one of the app's settings; did you mean \(guess)?")
            }
        }
        let request = AppRequest.get(key: try tool.settings.requireKey(), secret: try tool.settings.requireSecret(), baseURL: tool.settings.apiURL)
        explain.show(request, tool: tool, origins: [:], fallback: "bnc-app")
        if try tool.render(request) { return .success }
        let (_, json) = try tool.deliver(request)
        guard case .object(var settings) = tool.redactor.redact(json) else {
            throw BNCError(.malformedResponse, "answered with JSON that is not an object of settings")
        }
        if !names.isEmpty {
            var picked = JSONObject()
            for name in names {
                guard let value = settings[name] else {
                    let guess = EditDistance.closest(to: name, in: settings.map(\.0)).map { "; did you mean \($0)?" } ?? ""
                    throw BNCError.usage(name, "is not one of the app's settings\(guess)")
                }
                picked[name] = value
            }
            settings = picked
        }
        try tool.emit(.object(settings)) { _ in TextTable.keyValue(settings, keyTitle: "SETTING") }
        return .success
    }
}

/// bnc-app's entry point: its own executable and the multi-call binary installed under its name call it.
public enum Entry {
    public static func main() { BncApp.main() }
}
