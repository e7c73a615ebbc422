// Rows out, one at a time: NDJSON (a row's non-empty cells as an object), CSV (the header once, then the rows) or one
// JSON array written as it goes. Files are read through CSVReader (gzip inflated as read): memory holds one row.
import BNCCommandSupport
import BNCCore
import BNCSuite

/// Writes rows in the run's format.
final class RowOutput {
    enum Format { case ndjson, csv, json }
    let format: Format
    let stdout: OutputStream
    let redactor: Redactor  // secrets the rows may echo (a custom_data value, a URL's token) are masked, as everywhere
    private var header: [String]?, headerNames = Set<String>()  // a row's columns looked up (a list was quadratic: QA 28b)
    private var first = true
    private(set) var rows = 0
    private var filtered: ResultStream?  // --jq: each row filtered (NDJSON), or the whole array at the end (json)

    /// Standard output is a terminal: a cell's control characters (what an app's users sent) are shown escaped.
    let terminal: Bool

    init(_ format: OutputFormat, stdout: OutputStream, redactor: Redactor, filter: JQFilter? = nil, terminal: Bool = false) throws(BNCError) {
        self.redactor = redactor
        self.terminal = terminal
        if let filter, format == .ndjson || format == .json { filtered = ResultStream(array: format == .json, filter: filter, terminal: terminal) }
        guard let chosen = ["ndjson": Format.ndjson, "csv": .csv, "json": .json][format.rawValue] else {
            throw BNCError.usage("--output", "an export streams rows: ndjson (the default), csv or json (not table)")
        }
        self.format = chosen
        self.stdout = stdout
    }

    /// Every record of a CSV file (plain or gzip), after its header; `extra` columns (the topic) come first.
    func copy(csv path: String, extra: [(String, String)]) throws(BNCError) {
        let reader = try CSVReader(path: path, what: path)
        // The file is the service's answer: damaged gzip or an over-long line is one that could not be read (76).
        func next() throws(BNCError) -> [String]? {
            do { return try reader.next() } catch { throw error.kind == .invalidData ? BNCError(.malformedResponse, error.message, hint: "a run reuses a downloaded file: remove \(path) to fetch it again") : error }
        }
        guard let columns = try next() else { return }
        let names = extra.map(\.0) + columns
        if format == .csv {
            if header == nil {
                header = names
                csvLine(names)
            } else if header! != names {
                throw BNCError(.malformedResponse, "\(path): its columns differ from the first file's; ask for --output ndjson")
            }
        }
        let secret = names.map { redactor.isSecret(name: $0) }
        while let record = try next() {
            guard record.count == columns.count else {
                throw BNCError(.malformedResponse, "\(path): the row at line \(reader.recordLine) has \(record.count) cells for \(columns.count) columns")
            }
            emit(names, extra.map(\.1) + record, secret: secret)
            if stdout.writeError != nil { throw BNCError(.io, "cannot write to standard output") }
            if let failure { throw failure }
        }
    }

    /// Every element of a JSON array file (a job asked for as json), one row at a time; values keep their types, a
    /// null is an empty cell. As CSV the first row's columns are the header and every row is laid under it (a row
    /// with a column the first has not is refused, as a CSV file's other columns are).
    func copy(jsonArray path: String, extra: [(String, String)]) throws(BNCError) {
        let rows = try JSONArrayReader(path: path, what: path)
        while true {
            let next: JSON?
            do { next = try rows.next() } catch { throw BNCError(.malformedResponse, error.message) }
            guard let item = next else { break }
            guard let o = item.objectValue else {
                throw BNCError(.malformedResponse, "\(path): row \(rows.count) is \(item.typeName == "array" ? "an" : "a") \(item.typeName), not an object")
            }
            if format == .csv {
                let names = extra.map(\.0) + o.keys
                if header == nil {
                    (header, headerNames) = (names, Set(names))
                    csvLine(names)
                } else if let stray = names.first(where: { !headerNames.contains($0) }) {
                    throw BNCError(.malformedResponse, "\(path): row \(rows.count) has a column the first row has not (\(stray)); ask for --output ndjson")
                }
            }
            var row = JSONObject(extra.map { ($0.0, JSON.string($0.1)) })
            for (k, v) in o where !v.isNull { row[k] = v }
            emit(row)
            if stdout.writeError != nil { throw BNCError(.io, "cannot write to standard output") }
            if let failure { throw failure }
        }
    }

    /// One row that is already an object (a query's result): its values keep their JSON types, a CSV cell its text.
    func emit(_ object: JSONObject) {
        let object = redactor.redact(.object(object)).objectValue ?? object
        if format == .csv {
            if header == nil { header = object.map(\.0); csvLine(header!) }
            csvLine(header!.map { CSVRendering.cell(object[$0]) })
            rows += 1
            return
        }
        rows += 1
        write(JSON.object(object).serialized())
    }

    /// One CSV record (its control characters escaped on a terminal).
    private func csvLine(_ cells: [String]) {
        let line = CSVReader.line(cells)
        stdout.line(terminal ? TerminalText.escape(line) : line)
    }

    /// One row's JSON text, as NDJSON, the array's next element, or through --jq.
    private func write(_ text: String) {
        if filtered != nil {
            var out: [UInt8] = []
            filtered!.append(Array(text.utf8), to: &out)
            if !out.isEmpty { stdout.write(bytes: out) }
            return
        }
        if format == .ndjson { stdout.line(text) } else { stdout.write((first ? "[\n" : ",\n") + text); first = false }
    }

    private func emit(_ names: [String], _ values: [String], secret: [Bool]) {
        // A secret's column (`branch_secret`) is masked whole, as a JSON member is; other cells only when they may hold one.
        var values = values
        for i in values.indices where !values[i].isEmpty {
            if secret[i] { values[i] = Redactor.placeholder } else if redactor.mayHoldSecret(values[i]) { values[i] = redactor.redact(values[i]) }
        }
        rows += 1
        switch format {
        case .csv:
            csvLine(values)
        case .ndjson, .json:
            var o = JSONObject()
            for (n, v) in zip(names, values) where !v.isEmpty { o[n] = .string(v) }
            write(JSON.object(o).serialized())
        }
    }

    /// Ends the output (the JSON array's bracket, or the filtered array's results); a --jq error is thrown here.
    func finish() throws(BNCError) {
        if filtered != nil {
            stdout.write(bytes: filtered!.finish())
            if let failure = filtered!.failure { throw failure }
            return
        }
        if format == .json { stdout.line(first ? "[]" : "\n]") }
    }

    /// A --jq error met on the way (a row's filter failed, or the array grew past the filter's bound): the export
    /// stops there.
    var failure: BNCError? { filtered?.failure }
}
