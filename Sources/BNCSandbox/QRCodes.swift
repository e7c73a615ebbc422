// The QR Code API (POST /v2/qr-code, and /v1/qr-code where Branch's SDKs send it): a link made from the body's data and labels, drawn as a real QR code
// (libqrencode) in the requested colours, size and margin, answered as PNG or JPEG. The settings are checked by
// the documented rules (help.branch.io/apidocs/qr-code); the same rules hold for /v1/url's qr_code_settings.
import BNCCore
import CLibXML2
import CQRImage
#if canImport(Glibc)
import Glibc
#endif

/// qr_code_settings, checked.
struct QRSettings {
    var format = "png"
    var width = 300
    var margin: Int?
    var code = RGB(0, 0, 0)
    var background = RGB(255, 255, 255)
    var finder: RGB?
    var eye: RGB?

    struct RGB: Equatable {
        var r, g, b: UInt8
        init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }

        /// `#RRGGBB` or `#RGB`.
        init?(hex: String) {
            var digits = Array(hex.utf8)
            guard digits.first == UInt8(ascii: "#") else { return nil }
            digits.removeFirst()
            if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
            guard digits.count == 6, let v = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else { return nil }
            self.init(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
        }
    }
}

extension Sandbox {
    /// The documented members of qr_code_settings.
    static let qrSettingNames: Set<String> = [
        "image_format", "width", "margin", "code_color", "background_color", "finder_pattern_color", "finder_eye_color",
        "code_pattern", "finder_pattern", "center_logo_url", "background_image_url", "code_pattern_url", "code_shape", "frame_style",
    ]

    func qrCode(_ r: SandboxRequest) throws -> SandboxResponse {
        let body = try bodyObject(r, form: Self.linkForm)
        let key = try checkKey(body["branch_key"], appID: body["app_id"])
        let settings = try qrSettings(body["qr_code_settings"])
        var linkBody = body
        linkBody["qr_code_settings"] = nil
        let link = try makeLink(linkBody, key: key)
        let image = try renderQR(link.url, settings)
        bump("qr_codes_created")
        let type = ["png": "image/png", "svg": "image/svg+xml"][settings.format] ?? "image/jpeg"
        return SandboxResponse(status: 200, headers: [("Content-Type", type)], body: image)
    }

    /// qr_code_settings checked by the documented rules: a 400 naming the setting and its range otherwise.
    func qrSettings(_ value: JSON?) throws -> QRSettings {
        var s = QRSettings()
        guard let value, !value.isNull else { return s }
        guard let o = value.objectValue else { throw Rejection("qr_code_settings must be an object, got \(value.typeName)") }
        for name in o.keys where !Self.qrSettingNames.contains(name) {
            lint("qr_code_settings.\(name) is not a documented QR code setting: Branch ignores it")
        }
        func int(_ name: String, _ range: ClosedRange<Int>) throws -> Int? {
            guard let v = o[name], !v.isNull else { return nil }
            // The Web SDK sends every setting as a string ("width":"1000", Tests/Fixtures/sdk/web/qr-code.json).
            if let text = v.stringValue, let n = Int(text), range.contains(n) { return n }
            guard let n = v.numberValue?.int64, v.numberValue?.isInteger == true, range.contains(Int(n)) else {
                throw Rejection("qr_code_settings.\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return Int(n)
        }
        func color(_ name: String) throws -> QRSettings.RGB? {
            guard let v = o[name], !v.isNull else { return nil }
            guard let text = v.stringValue, let c = QRSettings.RGB(hex: text) else {
                throw Rejection("qr_code_settings.\(name) must be a hex colour such as #1A2B3C")
            }
            return c
        }
        func url(_ name: String) throws {
            guard let v = o[name], !v.isNull else { return }
            guard let text = v.stringValue, text.hasPrefix("https://") || text.hasPrefix("http://"), !text.contains(" ") else {
                throw Rejection("qr_code_settings.\(name) must be an http(s) URL")
            }
            // The sandbox fetches no images (it reaches no network): the code is drawn without it.
        }
        if let f = o["image_format"], !f.isNull {
            // The Android and iOS SDKs send PNG and JPEG in upper case, Branch's MCP server SVG too; the reference
            // documents png, jpeg and jpg (Tests/Fixtures/sdk/*/qr-code.json).
            guard let text = f.stringValue, ["png", "jpeg", "jpg", "svg"].contains(text.lowercased()) else {
                throw Rejection("qr_code_settings.image_format must be png, jpeg or jpg")
            }
            if text.lowercased() == "svg" { lint("qr_code_settings.image_format svg is not in Branch's API reference (Branch's MCP server sends it)") }
            s.format = ["png", "svg"].contains(text.lowercased()) ? text.lowercased() : "jpeg"
        }
        s.width = try int("width", 300...2000) ?? s.width
        s.margin = try int("margin", 1...20)
        _ = try int("code_pattern", 1...7)
        _ = try int("finder_pattern", 1...3)
        s.code = try color("code_color") ?? s.code
        s.background = try color("background_color") ?? s.background
        s.finder = try color("finder_pattern_color")
        s.eye = try color("finder_eye_color")
        try url("center_logo_url")
        try url("background_image_url")
        try url("code_pattern_url")
        return s
    }

    /// The QR code of `text` (error correction M, 8-bit mode), scaled to the width with the margin around it.
    func renderQR(_ text: String, _ s: QRSettings) throws -> [UInt8] {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else {
            throw Rejection("cannot encode \(text.utf8.count) bytes as a QR code", status: 500)
        }
        defer { QRcode_free(code) }
        let n = Int(code.pointee.width)
        let size = s.width
        let margin = s.margin ?? max(1, size * 3 / 100)
        let scale = (size - 2 * margin) / n
        guard scale >= 1 else { throw Rejection("qr_code_settings.width \(size) is too small for this link's code", status: 400) }
        let offset = (size - scale * n) / 2
        if s.format == "svg" { return try svg(code.pointee, n: n, size: size, scale: scale, offset: offset, s) }
        var raster = [UInt8](repeating: 0, count: size * size * 3)
        for i in stride(from: 0, to: raster.count, by: 3) {
            raster[i] = s.background.r; raster[i + 1] = s.background.g; raster[i + 2] = s.background.b
        }
        for y in 0..<n {
            for x in 0..<n where code.pointee.data[y * n + x] & 1 == 1 {
                let c = Self.moduleColor(x: x, y: y, n: n, s)
                for py in (offset + y * scale)..<(offset + (y + 1) * scale) {
                    var p = (py * size + offset + x * scale) * 3
                    for _ in 0..<scale {
                        raster[p] = c.r; raster[p + 1] = c.g; raster[p + 2] = c.b
                        p += 3
                    }
                }
            }
        }
        var out: UnsafeMutablePointer<UInt8>?
        let written = raster.withUnsafeBufferPointer { b in
            s.format == "png" ? bnc_png_rgb(b.baseAddress, Int32(size), Int32(size), &out) : bnc_jpeg_rgb(b.baseAddress, Int32(size), Int32(size), 92, &out)
        }
        guard written > 0, let out else { throw Rejection("cannot write the \(s.format) image", status: 500) }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: written))
    }

    /// A dark module's colour: the finder patterns' and their eyes' own when set, else the code's.
    static func moduleColor(x: Int, y: Int, n: Int, _ s: QRSettings) -> QRSettings.RGB {
        let finder = (x < 7 && y < 7) || (x >= n - 7 && y < 7) || (x < 7 && y >= n - 7)
        let fx = x >= n - 7 ? x - (n - 7) : x, fy = y >= n - 7 ? y - (n - 7) : y
        let eye = finder && (2...4).contains(fx) && (2...4).contains(fy)
        return eye ? (s.eye ?? s.finder ?? s.code) : finder ? (s.finder ?? s.code) : s.code
    }

    /// The code as SVG, written by libxml2's writer: a background rectangle and one per dark module.
    func svg(_ code: QRcode, n: Int, size: Int, scale: Int, offset: Int, _ s: QRSettings) throws -> [UInt8] {
        func hex(_ c: QRSettings.RGB) -> String {
            let digits = Array("0123456789ABCDEF")
            return "#" + String([c.r, c.g, c.b].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
        }
        guard let buffer = xmlBufferCreate() else { throw Rejection("cannot write the svg image", status: 500) }
        defer { xmlBufferFree(buffer) }
        guard let w = xmlNewTextWriterMemory(buffer, 0) else { throw Rejection("cannot write the svg image", status: 500) }
        var ok = xmlTextWriterStartDocument(w, "1.0", "UTF-8", nil) >= 0
        func element(_ name: String, _ attributes: [(String, String)], close: Bool = true) {
            ok = ok && xmlTextWriterStartElement(w, name) >= 0
            for (k, v) in attributes { ok = ok && xmlTextWriterWriteAttribute(w, k, v) >= 0 }
            if close { ok = ok && xmlTextWriterEndElement(w) >= 0 }
        }
        element("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("width", "\(size)"), ("height", "\(size)"),
                        ("viewBox", "0 0 \(size) \(size)"), ("shape-rendering", "crispEdges")], close: false)
        element("rect", [("width", "\(size)"), ("height", "\(size)"), ("fill", hex(s.background))])
        for y in 0..<n {
            for x in 0..<n where code.data[y * n + x] & 1 == 1 {
                element("rect", [("x", "\(offset + x * scale)"), ("y", "\(offset + y * scale)"), ("width", "\(scale)"), ("height", "\(scale)"),
                                 ("fill", hex(Self.moduleColor(x: x, y: y, n: n, s)))])
            }
        }
        ok = ok && xmlTextWriterEndDocument(w) >= 0
        xmlFreeTextWriter(w)
        guard ok, let content = xmlBufferContent(buffer) else { throw Rejection("cannot write the svg image", status: 500) }
        return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
    }
}
