// Where bnc-tune's requests come from, and the conversion key: one place for every subcommand.
import ArgumentParser
import BNCCore
import BNCTune

/// The requests of an argument: the argument itself (a URL, a /serve?... target or an access-log line), or one
/// per line of a FILE or of stdin (`-`). Blank lines and `#` comments are skipped.
struct RequestSource {
    let argument: String

    /// The argument is a request, not a file to read.
    var isInline: Bool { argument.contains("://") || (argument.hasPrefix("/") && argument.contains("?")) || argument.contains("\"") }

    /// Calls `body` with each line's number and bytes; lines are bounded at 1 MiB. A longer line ends the reading
    /// (exit 65), or with `tooLong` is skipped unread and handed to it as the error naming it, and the lines after it
    /// are read.
    func each(_ body: (Int, ArraySlice<UInt8>) throws(BNCError) -> Void, tooLong: ((BNCError) -> Void)? = nil) throws(BNCError) {
        if isInline { return try body(1, Array(argument.utf8)[...]) }
        let reader = try LineReader(path: argument, maxLineLength: Self.maxLine, what: argument == "-" ? "standard input" : argument)
        reader.skipLongLines = tooLong != nil
        reader.keepsSkippedNumbers = tooLong != nil
        while let line = try reader.next() {
            if let tooLong { for n in reader.takeSkippedLineNumbers() { tooLong(Self.tooLong(n)) } }
            if TuneLog.isSkippable(line) { continue }
            try body(reader.lineNumber, line)
        }
        if let tooLong { for n in reader.takeSkippedLineNumbers() { tooLong(Self.tooLong(n)) } }
    }

    /// `each`, a file's bad line reported and counted instead of ending the run (one line must not hide the rest
    /// of a log): a data error (exit 65) is printed naming its line, as an over-long line is. The one request of
    /// an argument is not a file's line: its error ends the run as it is. Returns how many lines failed.
    func eachReportingErrors(to diagnostics: Diagnostics, _ body: (Int, ArraySlice<UInt8>) throws(BNCError) -> Void) throws(BNCError) -> Int {
        var failed = 0
        let inline = isInline
        try each({ number, bytes throws(BNCError) in
            do throws(BNCError) {
                try body(number, bytes)
            } catch where !inline && error.exitStatus == .dataError {
                failed += 1
                diagnostics.error(Self.naming(error, line: number))
            }
        }, tooLong: { error in
            failed += 1
            diagnostics.error(error)
        })
        return failed
    }

    /// The error with its line named first ("line 3: ..."), unless it already starts by naming it.
    static func naming(_ error: BNCError, line: Int) -> BNCError {
        if error.message.hasPrefix("line \(line) ") || error.message.hasPrefix("line \(line):") { return error }
        return BNCError(error.kind, "line \(line): \(error.message)", field: error.field, hint: error.hint)
    }

    static func tooLong(_ line: Int) -> BNCError {
        BNCError(.invalidData, "line \(line) is longer than \(maxLine) bytes: not read")
    }

    static let maxLine = 1 << 20

    /// One request, read and (with a key) decrypted; a line that is not a request is exit 65 naming the line.
    static func read(_ line: Int, _ bytes: ArraySlice<UInt8>, key: ConversionKey?) throws(BNCError) -> TuneRequest {
        var r: TuneRequest
        do { r = try TuneLog.parse(bytes) } catch { throw BNCError(.invalidData, "line \(line) \(error.description)") }
        if let key { try TuneCrypto.open(&r, key: key) }
        return r
    }
}

struct KeyOptions: ParsableArguments {
    @Option(name: .customLong("conversion-key-file"), help: ArgumentHelp(
        "The advertiser's TUNE conversion key (16, 24 or 32 characters), to decrypt the SDKs' data parameter.", valueName: "FILE"),
        completion: .file())
    var file: String?

    /// What bnc-tune masks wherever it shows a logged request: the conversion key's value, and by name every
    /// credential and every TUNE parameter marked secret (`key`, `conversion_key`), unless `--show-secrets`.
    static func redactor(_ key: ConversionKey?, showSecrets: Bool) -> Redactor {
        let tuneSecrets = Set(TuneParameters.all.filter(\.spec.secret).map(\.name))
        return Redactor(secrets: key.map { [Secret($0.text)] } ?? [], secretFields: CredentialFields.table.secretNames.union(tuneSecrets),
                        showSecrets: showSecrets)
    }

    /// The key, read once (a secret: never printed).
    func key() throws(BNCError) -> ConversionKey? {
        try file.map { f throws(BNCError) in
            // A secret: kept in a file only its owner reads, as the Branch secret is.
            if f != "-" { try FileSystem.requirePrivate(f, holding: "a conversion key") }
            return try ConversionKey(try FileSystem.readText(f, what: "--conversion-key-file", limit: 4096))
        }
    }
}

/// `--fail-on`: the least severity that makes check and scan exit 1.
enum FailOn: String, ExpressibleByArgument, CaseIterable {
    case error, warning, info
    var severity: Severity { Severity(rawValue: rawValue)! }
}

extension Finding {
    /// SEVERITY RULE PARAMETER MESSAGE, for a table.
    var cells: [String] { [severity.rawValue, rule.rawValue, parameter ?? "", message + " (fix: " + fix + ")"] }
}

/// --to-tune's input: a JSON body per line, or one written over several lines (a pretty-printed file). A line whose
/// JSON ends before the value does (`{` alone, an object's first member) is held and the next lines are added to
/// it until the value is whole; at most `RequestSource.maxLine` bytes in all.
struct PendingBody {
    private var text: [UInt8] = []
    private var first = 0

    /// The body that ends with this line, nil while one is still open; a refused one is exit 65 naming the line
    /// it started on.
    mutating func add(_ line: Int, _ bytes: ArraySlice<UInt8>) throws(BNCError) -> JSON? {
        if text.isEmpty { first = line }
        text.append(contentsOf: bytes)
        text.append(10)
        let from = first == line ? "" : " (a body from line \(first))"
        guard text.count <= RequestSource.maxLine else {
            text = []
            throw BNCError(.invalidData, "line \(line)\(from): --to-tune input is longer than \(RequestSource.maxLine) bytes")
        }
        do {
            let json = try JSON.parse(bytes: text)
            text = []
            return json
        } catch where error.reason == JSONParseError.endOfInput && error.offset >= text.count - 1 {
            return nil  // the value goes on in the next line
        } catch {
            text = []
            throw BNCError(.invalidData, "line \(line)\(from): --to-tune input: \(error.description)")
        }
    }

    /// A body the input ended in the middle of, as the error naming where it began.
    var unfinished: BNCError? {
        text.isEmpty ? nil : BNCError(.invalidData, "line \(first): --to-tune input: the JSON body from here is not complete at the end of the input")
    }
}
