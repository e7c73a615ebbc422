// bnc-link qr: a QR code of a new link (POST /v2/qr-code), written to --out or to a stdout that is not a
// terminal; with --batch, one image per line in --out-dir at the API's documented rates.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCLink

struct QR: SendingCommand {
    static let toolName = "bnc-link"
    static let fieldTables = QRCodeBuilder.tables
    static let configuration = CommandConfiguration(
        commandName: "qr",
        abstract: "Make a QR code of a new link (POST /v2/qr-code): a PNG, JPEG or SVG image.",
        discussion: """
            The link is described by the same flags as `bnc-link create` (labels, --param, --data); the code's look \
            by one flag per qr_code_settings member, each checked before anything is sent (exit 65 naming the setting \
            and its documented range). The image goes to --out FILE (written whole, then renamed; a file that is not \
            an image is never replaced; an image is not a secret, so it takes the mode the umask gives, not bnc's 600) or to standard output when it is not a terminal. With --batch each NDJSON \
            line is a link body (its own qr_code_settings over the flags'), its image written to \
            --out-dir/qr-LINE.png (.jpg or .svg for those formats); the API's limits (25 a second, 100 a minute, 1,000 an hour) are honoured.

            EXAMPLES:
              bnc-link qr --channel flyer --param '$deeplink_path=item/42' --code-color '#1A2B3C' --out flyer.png
              bnc-link qr --campaign spring --format jpeg --width 1000 > spring.jpg
              bnc-link qr --batch posters.ndjson --out-dir qr/ > results.ndjson
            """)

    @OptionGroup(title: "Link") var link: LinkFlags
    @OptionGroup(title: "QR code") var qr: QRFlags
    @Option(name: .customLong("out"), help: ArgumentHelp("Write the image to FILE (default: standard output, when it is not a terminal).", valueName: "FILE"),
            completion: .file(extensions: ["png", "jpg", "jpeg", "svg"]))
    var out: String?
    @Option(name: .customLong("out-dir"), help: ArgumentHelp("With --batch: the directory each line's image is written to (qr-LINE.png, or .jpg or .svg for those formats).", valueName: "DIR"),
            completion: .directory)
    var outDir: String?
    @Flag(name: .customLong("explain"), help: "On stderr, each field of the link and its code with its value and where it came from.")
    var explain = false
    @OptionGroup var shared: SharedOptions
    @OptionGroup(title: "Batch") var batch: BatchOptions
    var batchOptions: BatchOptions? { batch }
    var inputs: [(flag: String, path: String?)] { [("--data", link.data)] }
    var outputs: [(flag: String, path: String?)] { [("--out", out)] }

    func validate() throws {
        if batch.batch != nil {
            if explain { throw ValidationError("--explain explains one code: not with --batch") }
            if out != nil { throw ValidationError("--out names one image: with --batch give --out-dir DIR") }
            if outDir == nil { throw ValidationError("--batch writes one image per line: give --out-dir DIR") }
            if outDir?.isEmpty == true { throw ValidationError("--out-dir must name a directory (it is empty)") }
        } else if outDir != nil {
            throw ValidationError("--out-dir is for --batch: give --out FILE for one image")
        }
        if out == "-" { throw ValidationError("--out writes a file: leave it out to write to standard output") }
    }

    func run(_ tool: ToolRun) throws -> ExitStatus {
        let builder = QRCodeBuilder(key: try tool.settings.requireKey(), baseURL: tool.settings.apiURL, settings: try qr.settings())
        if tool.isBatch { return try QRBatch.run(tool, builder: builder, directory: outDir!) }
        let showsRequest = tool.output.dryRun || tool.output.curl
        if out == nil && tool.environment.stdoutIsTTY && !showsRequest {
            throw BNCError.usage("--out", "is required when standard output is a terminal: an image is not printed there (or redirect: > qr.png)")
        }
        if let out { try AtomicFile.requireCreatable(out, kind: .image, what: "--out") }
        let request = try tool.request(builder, try LinkRequest.body(link.input(tool)))
        // The image asked for must suit its file, before anything is sent: its name's format, and the format of an
        // image already there (a JPEG replaced by a PNG under its own name was only warned about, afterwards).
        var settings: JSON?
        if case .json(let body)? = request.body { settings = body["qr_code_settings"] }
        let asked = ImageFormat(requested: settings?["image_format"]?.stringValue) ?? .png
        if let out {
            if let named = ImageFormat(fileName: out), named != asked {
                throw BNCError.usage("--out", "names \(named.described), but \(asked.described) is asked for",
                                     hint: "name the file .\(asked.fileExtension), or pass --format \(named.rawValue)")
            }
            try Self.requireSameFormat(out, asked)
        }
        if explain {
            for line in LinkExplanation.lines(request, flags: link, settings: tool.settings, redactor: tool.redactor, userAgent: tool.context.userAgent) {
                tool.diagnostics.note("explain: " + line)
            }
        }
        if try tool.render(request) { return .success }
        let image = try builder.answer(try tool.send(request), redactor: tool.redactor)
        guard let out else {
            tool.stdout.write(bytes: image.bytes)
            return .success
        }
        if image.format != asked {
            try Self.requireSameFormat(out, image.format)
            tool.diagnostics.warning("Branch answered \(image.format.described), not the \(asked.rawValue.uppercased()) asked for: \(out) holds it")
        }
        try AtomicFile.write(image.bytes, to: out, kind: .image, what: "--out", publicMode: true)
        try tool.emitOne("file", out, json: ["format": .string(image.format.rawValue), "bytes": .int(image.bytes.count)])
        return .success
    }
}

extension QR {
    /// An image already at `path` is replaced only by one of its own format.
    static func requireSameFormat(_ path: String, _ format: ImageFormat) throws(BNCError) {
        if let held = ImageFormat(fileAt: path), held != format {
            throw BNCError.configuration("--out: \(path) holds \(held.described), and this writes \(format.described); it is left as it is",
                                         hint: "name another file, or remove it first")
        }
    }
}

/// `bnc-link qr --batch`: each line's image written to the directory, its result naming the file.
enum QRBatch {
    static func run(_ tool: ToolRun, builder: QRCodeBuilder, directory: String) throws(BNCError) -> ExitStatus {
        if FileSystem.exists(directory) {
            guard FileSystem.isDirectory(directory) else { throw BNCError.configuration("--out-dir: \(directory) is not a directory") }
        } else {
            FileSystem.makeDirectories(directory, shared: true)
            guard FileSystem.isDirectory(directory) else { throw BNCError(.io, "--out-dir: cannot create \(directory): \(FileSystem.errnoText())") }
        }
        let redactor = tool.redactor
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return try tool.runBatch(requireJSON: false, defaultRate: LinkFields.qrRate, windows: LinkFields.qrWindows, answer: { line, response in
            let image = try builder.answer(response, redactor: redactor)
            let path = "\(base)/qr-\(line).\(image.format.fileExtension)"
            try AtomicFile.write(image.bytes, to: path, kind: .image, what: "line \(line)", publicMode: true)
            return ["file": .string(path), "format": .string(image.format.rawValue), "bytes": .int(image.bytes.count)]
        }) { number, line, warnings throws(BNCError) in
            // The image's path is checked before the request goes (a file of another kind there would be found only
            // after the link was made, and --resume would make it again): whichever format the answer takes.
            for ext in ["png", "jpg", "svg"] {
                let path = "\(base)/qr-\(number).\(ext)"
                try FileSystem.requireOwnKind(path, .image, what: "line \(number)")
                // Nor the file a standard stream goes to (`> qr/qr-1.png` lost the results under the image, QA round 30a).
                if let conflict = FileSystem.standardStreamConflict(path) { throw BNCError.usage("--out-dir", conflict) }
            }
            return try builder.request(line: line, warnings: warnings)
        }
    }
}
