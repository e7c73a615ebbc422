// The device flags and --device FILE.json, with their help from Device.table.
import ArgumentParser
import BNCCore

/// `--device FILE.json|-` and one flag per device field (names and help come from `Device.fields`).
public struct DeviceOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("device"), help: ArgumentHelp(
        "JSON file of device fields (os, os_version, idfa, ...); - reads stdin. Flags override it.", valueName: "FILE"),
        completion: .file(extensions: ["json"]))
    public var deviceFile: String?

    @Option(name: .customLong("os"), help: DeviceOptions.help("os"), completion: .list(Platform.allCases.map(\.rawValue)))
    public var os: String?
    @Option(name: .customLong("os-version"), help: DeviceOptions.help("os_version")) public var osVersion: String?
    @Option(name: .customLong("model"), help: DeviceOptions.help("model")) public var model: String?
    @Option(name: .customLong("brand"), help: DeviceOptions.help("brand")) public var brand: String?
    @Option(name: .customLong("app-version"), help: DeviceOptions.help("app_version")) public var appVersion: String?
    @Option(name: .customLong("user-agent"), help: DeviceOptions.help("user_agent")) public var userAgent: String?
    @Option(name: .customLong("idfa"), help: DeviceOptions.help("idfa")) public var idfa: String?
    @Option(name: .customLong("idfv"), help: DeviceOptions.help("idfv")) public var idfv: String?
    @Option(name: .customLong("gaid"), help: DeviceOptions.help("gaid")) public var gaid: String?
    @Option(name: .customLong("android-id"), help: DeviceOptions.help("android_id")) public var androidID: String?
    @Option(name: .customLong("oaid"), help: DeviceOptions.help("oaid")) public var oaid: String?
    @Option(name: .customLong("limit-ad-tracking"), help: DeviceOptions.help("limit_ad_tracking"),
            completion: .list(["true", "false"])) public var limitAdTracking: String?
    @Option(name: .customLong("screen"), help: DeviceOptions.help("screen")) public var screen: String?
    @Option(name: .customLong("screen-dpi"), help: DeviceOptions.help("screen_dpi")) public var screenDPI: String?
    @Option(name: .customLong("local-ip"), help: DeviceOptions.help("local_ip")) public var localIP: String?
    @Option(name: .customLong("language"), help: DeviceOptions.help("language")) public var language: String?
    @Option(name: .customLong("country"), help: DeviceOptions.help("country")) public var country: String?
    @Option(name: .customLong("locale"), help: DeviceOptions.help("locale")) public var locale: String?
    @Option(name: .customLong("carrier"), help: DeviceOptions.help("carrier")) public var carrier: String?
    @Option(name: .customLong("connection-type"), help: DeviceOptions.help("connection_type"),
            completion: .list(["wifi", "mobile"])) public var connectionType: String?

    public init() {}

    static func help(_ field: String) -> ArgumentHelp {
        let f = Device.table[field]!
        return ArgumentHelp(f.help + ".", valueName: f.valueName ?? "VALUE")
    }

    /// The flags as (device field, value) pairs, in `Device.table` order (a test holds the two together).
    var flagValues: [(String, String?)] {
        [("os", os), ("os_version", osVersion), ("model", model), ("brand", brand), ("app_version", appVersion),
         ("user_agent", userAgent), ("idfa", idfa), ("idfv", idfv), ("gaid", gaid), ("android_id", androidID),
         ("oaid", oaid), ("limit_ad_tracking", limitAdTracking), ("screen", screen), ("screen_dpi", screenDPI),
         ("local_ip", localIP), ("language", language), ("country", country), ("locale", locale), ("carrier", carrier),
         ("connection_type", connectionType)]
    }

    /// The device flags (and --device) given, by their flag names.
    public var given: [String] {
        (deviceFile != nil ? ["--device"] : []) + flagValues.filter { $0.1 != nil }.map { "--" + String($0.0.map { $0 == "_" ? "-" : $0 }) }
    }

    /// The device file (if any) overlaid with the flags, checked and normalised.
    public func device(warn: (String) -> Void) throws(BNCError) -> Device {
        var base = Device()
        if let path = deviceFile {
            let bytes = try FileSystem.read(path, what: "--device", limit: FileSystem.smallInputLimit)
            let json: JSON
            do {
                json = try JSON.parse(bytes: bytes)
            } catch {
                throw BNCError(.invalidData, "--device \(path): \(error.description)")
            }
            base = try Device.load(json: json, source: path == "-" ? "device (stdin)" : path, warn: warn)
        }
        var flags = Device()
        for (name, value) in flagValues {
            guard let value else { continue }
            try flags.set(name, value, source: Device.table[name]!.flag!, warn: warn)
        }
        return base.overlaid(by: flags)
    }
}
