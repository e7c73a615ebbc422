// The QR code settings as flags, one per member of qr_code_settings (LinkFields.qr): shared by `bnc-link qr`
// and `bnc-link create --type 2`.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink
import BNCSuite

struct QRFlags: ParsableArguments {
    @Option(name: .customLong("format"), help: ArgumentHelp("Image format: png (default), jpeg, jpg or svg.", valueName: "FORMAT"),
            completion: .list(["png", "jpeg", "jpg", "svg"]))
    var format: String?
    @Option(name: .customLong("width"), help: ArgumentHelp("Width and height of the image in pixels, 300 to 2000.", valueName: "PX")) var width: Int?
    @Option(name: .customLong("margin"), help: ArgumentHelp("Margin around the code in pixels, 1 to 20.", valueName: "PX")) var margin: Int?
    @Option(name: .customLong("code-color"), help: ArgumentHelp("Colour of the code (#RRGGBB).", valueName: "COLOR")) var codeColor: String?
    @Option(name: .customLong("background-color"), help: ArgumentHelp("Colour of the background (#RRGGBB).", valueName: "COLOR"))
    var backgroundColor: String?
    @Option(name: .customLong("finder-pattern-color"), help: ArgumentHelp("Colour of the three corner squares (#RRGGBB).", valueName: "COLOR"))
    var finderPatternColor: String?
    @Option(name: .customLong("finder-eye-color"), help: ArgumentHelp("Colour of the corner squares' centres (#RRGGBB).", valueName: "COLOR"))
    var finderEyeColor: String?
    @Option(name: .customLong("code-pattern"), help: ArgumentHelp(
        "Shape of the modules: 1-7 or standard, squares, circles, triangles, diamonds, hexagons, octagons.", valueName: "PATTERN"),
            completion: .list(LinkFields.codePatterns))
    var codePattern: String?
    @Option(name: .customLong("finder-pattern"), help: ArgumentHelp("Shape of the corner squares: 1-3 or square, rounded-square, circle.", valueName: "PATTERN"),
            completion: .list(LinkFields.finderPatterns))
    var finderPattern: String?
    @Option(name: .customLong("center-logo-url"), help: ArgumentHelp("Image drawn in the centre of the code (PNG or JPEG, http(s)).", valueName: "URL"))
    var centerLogoURL: String?
    @Option(name: .customLong("background-image-url"), help: ArgumentHelp("Image the code is drawn over (http(s)).", valueName: "URL"))
    var backgroundImageURL: String?
    @Option(name: .customLong("code-pattern-url"), help: ArgumentHelp("Image used as the code's pattern (http(s)).", valueName: "URL"))
    var codePatternURL: String?

    /// The settings the flags give, unchecked (LinkRequest checks them with the table); a pattern's name becomes
    /// its number.
    func settings() throws(BNCError) -> JSONObject {
        var s = JSONObject()
        func pattern(_ value: String?, _ names: [String], flag: String) throws(BNCError) -> JSON? {
            guard let value else { return nil }
            if let n = Int(value) { return .int(n) }
            let key = value.lowercased().replacing("_", with: "-")
            guard let i = names.firstIndex(of: key) else {
                let guess = EditDistance.closest(to: key, in: names).map { "; did you mean \($0)?" } ?? ""
                throw BNCError.usage(flag, "must be 1-\(names.count) or one of \(names.joined(separator: ", ")) (got \(value))\(guess)")
            }
            return .int(i + 1)
        }
        let given: [(String, JSON?)] = [
            ("image_format", format.map(JSON.string)), ("width", width.map(JSON.int)), ("margin", margin.map(JSON.int)),
            ("code_color", codeColor.map(JSON.string)), ("background_color", backgroundColor.map(JSON.string)),
            ("finder_pattern_color", finderPatternColor.map(JSON.string)), ("finder_eye_color", finderEyeColor.map(JSON.string)),
            ("code_pattern", try pattern(codePattern, LinkFields.codePatterns, flag: "--code-pattern")),
            ("finder_pattern", try pattern(finderPattern, LinkFields.finderPatterns, flag: "--finder-pattern")),
            ("center_logo_url", centerLogoURL.map(JSON.string)), ("background_image_url", backgroundImageURL.map(JSON.string)),
            ("code_pattern_url", codePatternURL.map(JSON.string)),
        ]
        for case let (name, value?) in given { s[name] = value }
        return s
    }
}
