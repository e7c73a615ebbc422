// bnc-tune decrypt: the SDKs' hex data parameter read with the advertiser's conversion key.
import ArgumentParser
import BNCCommandSupport
import BNCCore
import BNCTune

struct Decrypt: BNCCommand {
    static let toolName = "bnc-tune"
    static let configuration = CommandConfiguration(
        commandName: "decrypt",
        abstract: "Decrypt the data parameter of TUNE SDK requests with the advertiser's conversion key.",
        discussion: """
            The cipher follows sdk= (ios, tvos, watchos: AES-ECB with PKCS#7 over the hex of the text; android, \
            fire: AES-CBC without padding, IV heF9BATUfWuISyO8); --platform forces one, else both are tried. \
            Prints the parameters inside data (JSON, or KEY VALUE on a terminal); --url prints the request with \
            them in clear instead, for map and check. The argument may also be the bare hex of data. In a FILE, a \
            line that cannot be decrypted is reported on stderr and the others are read (exit 1); with --url a \
            request without data (server-to-server) is printed as it is.

            EXAMPLES:
              bnc-tune decrypt "$URL" --conversion-key-file key.txt
              bnc-tune decrypt requests.txt --conversion-key-file key.txt --url | bnc-tune check -
            """)

    @Argument(help: ArgumentHelp("A TUNE request, its bare data hex, a FILE of requests, or - for stdin.", valueName: "request"))
    var request: String
    @Option(name: .customLong("platform"), help: ArgumentHelp("The cipher: ios or android (default: from sdk=, else both tried).", valueName: "OS"))
    var platform: String?
    @Flag(name: .customLong("url"), help: "Print each request as a URL with the decrypted parameters in clear.") var url = false
    @OptionGroup(title: "Decryption") var key: KeyOptions
    @OptionGroup(title: "Output") var output: PrintOptions

    func validate() throws {
        if key.file == nil { throw ValidationError("decrypt needs --conversion-key-file FILE") }
        if let platform, TuneCipher(rawValue: platform.lowercased()) == nil { throw ValidationError("--platform must be ios or android") }
    }

    func run(_ context: ToolContext) throws -> ExitStatus {
        try context.apply(output)
        let conversionKey = try key.key()!
        // What came out of data is shown, but not the credentials inside it (key, conversion_key, branch_secret):
        // --show-secrets shows them too.
        context.use(KeyOptions.redactor(conversionKey, showSecrets: output.showSecrets))
        let format = output.format(context.environment)
        let cipher = platform.flatMap { TuneCipher(rawValue: $0.lowercased()) }
        let bare = !request.isEmpty && request.count % 32 == 0 && request.allSatisfy({ $0.isASCII && $0.isHexDigit })
        let inline = bare || RequestSource(argument: request).isInline
        func handle(_ number: Int, _ bytes: ArraySlice<UInt8>) throws(BNCError) {
            var r = try RequestSource.read(number, bytes, key: nil)
            guard r.value("data") != nil else {
                // --url of a log: a request without data (server-to-server) goes on as it is, for `| bnc-tune check -`.
                if url && !inline {
                    context.stdout.line(context.redacted(r.url))
                    return
                }
                throw BNCError.invalid("data", "is missing or empty: nothing to decrypt")
            }
            try TuneCrypto.open(&r, key: conversionKey, cipher: cipher)
            if url {
                var clear = TuneRequest()
                clear.host = r.host
                clear.path = r.path
                for p in r.parameters where p.name != "data" { clear.add(p.name, p.value) }
                context.stdout.line(context.redacted(clear.url))
                return
            }
            var inside = JSONObject()
            for p in r.parameters where r.decrypted.contains(p.name) { inside[p.name] = .string(p.value) }
            try context.emit(.object(inside), format: format == .json && !inline ? .ndjson : format)
        }
        if bare {
            try handle(1, Array("/serve?data=\(request)".utf8)[...])
            return .success
        }
        // A log's lines each on their own: one that cannot be decrypted is reported and the rest read (exit 1).
        let failed = try RequestSource(argument: request).eachReportingErrors(to: context.diagnostics, handle)
        return failed > 0 ? .partialFailure : .success
    }
}
