// --jq EXPR: a tool's JSON output filtered through libjq, as gh's --jq filters it: each result on its own line,
// a string bare (`--jq .url` prints the URL), anything else as compact JSON.
import BNCCore
import BNCSuite
import CJQ
#if canImport(Glibc)
import Glibc
#endif

/// A compiled `--jq` expression. It reads only the JSON it is given: jq's `env` and `$ENV` are bound to `{}`
/// (the environment holds credentials: BRANCH_SECRET must not come out through a filter), `input` has nothing to
/// read and no module path is set, so `import` finds nothing.
public final class JQFilter {
    /// The longest expression accepted (a filter, not a program file).
    public static let maxLength = 4096

    public let expression: String
    private var state: OpaquePointer?
    private let messages: MessageBox

    /// What jq reports while compiling (syntax errors), gathered for one error line.
    private final class MessageBox { var messages: [String] = [] }

    public init(_ expression: String) throws(BNCError) {
        guard expression.utf8.count <= Self.maxLength else {
            throw BNCError(.usage, "--jq: the expression has \(expression.utf8.count) bytes; at most \(Self.maxLength)")
        }
        guard !expression.utf8.contains(0) else { throw BNCError(.usage, "--jq: the expression holds a NUL byte") }
        guard bnc_jq_load() != 0 else {
            throw BNCError.configuration("--jq: libjq cannot be loaded: \(String(cString: bnc_jq_error())); install the libjq1 package")
        }
        self.expression = expression
        messages = MessageBox()
        guard let jq = bnc_jq_init() else { throw BNCError(.internal, "--jq: libjq could not start (out of memory)") }
        state = jq
        bnc_jq_set_error_cb(jq, { data, message in
            let box = Unmanaged<MessageBox>.fromOpaque(data!).takeUnretainedValue()
            box.messages.append(JQFilter.text(of: message))
        }, Unmanaged.passUnretained(messages).toOpaque())
        // libjq 1.6 calls these without checking them: `input` would jump through a null pointer, `debug` too.
        bnc_jq_set_input_cb(jq, { _, _ in bnc_jv_invalid() }, nil)
        bnc_jq_set_debug_cb(jq, { _, value in
            // `debug` writes ["DEBUG:",VALUE] to stderr, as jq does (the value is from the redacted output).
            let line = Array(("[\"DEBUG:\"," + JQFilter.json(of: value) + "]\n").utf8)
            _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }, nil)
        let program = "def env: {}; {} as $ENV | (\n" + expression + "\n)"
        guard bnc_jq_compile(jq, program) != 0 else {
            let why = messages.messages.first { !$0.contains("compile error") } ?? messages.messages.first
            throw BNCError(.usage, "--jq: \(why.map(Self.compileMessage) ?? "the expression does not compile")",
                           hint: "jq's syntax: https://jqlang.github.io/jq/manual/v1.6/ (e.g. --jq '.url' or --jq '.[] | .name')")
        }
    }

    deinit { bnc_jq_teardown(&state) }

    /// The most bytes of results `run(_:)` holds for one document: a filter with endless results (`repeat(.)`,
    /// `range(1e9)`) grew to gigabytes, printing nothing, until the machine ran out.
    public static let maxHeld = 256 << 20

    /// The filter's results for one JSON document (text as the tool would print it): strings bare, the rest as
    /// compact JSON, at most `limit` bytes of them (past it, exit 65 naming --jq). A runtime error (`.a.b` of a
    /// string) is exit 65 naming --jq.
    public func run(_ json: String, limit: Int = maxHeld) throws(BNCError) -> [String] {
        var lines: [String] = []
        var held = 0
        try run(json) { (line) throws(BNCError) in
            held += line.utf8.count + 1
            if held > limit {
                throw BNCError(.invalidData, "--jq: its results for one document are over \(limit >> 20) MiB",
                               hint: "narrow the filter (an endless generator such as repeat(.) never ends)")
            }
            lines.append(line)
            return true
        }
        return lines
    }

    /// The same results handed to `each` as they come, none held (a single answer's results stream to stdout, however
    /// many); `each` returns false to stop them.
    public func run(_ json: String, each: (String) throws(BNCError) -> Bool) throws(BNCError) {
        let input = json.withCString { bnc_jv_parse_sized($0, Int32(json.utf8.count)) }
        guard bnc_jv_is_valid(input) != 0 else {
            bnc_jv_free(input)
            throw BNCError(.internal, "--jq: the tool's own output did not parse as JSON")
        }
        bnc_jq_start(state, input, 0)
        while true {
            let result = bnc_jq_next(state)
            if bnc_jv_is_valid(result) != 0 {
                if try !each(Self.text(of: result)) { return }
                continue
            }
            if bnc_jv_invalid_has_msg(bnc_jv_copy(result)) != 0 {
                let message = Self.oneLine(Self.text(of: bnc_jv_invalid_get_msg(result)))
                // `input` and `inputs` find no input (the filter reads one answer): libjq 1.6 says only "break".
                throw BNCError(.invalidData, "--jq: " + (message == "break" ? "no more inputs (the filter reads the one answer the tool prints)" : message))
            }
            bnc_jv_free(result)
            // `halt_error` stops with a message: an error like any other; `halt` just ends the output.
            if bnc_jq_halted(state) != 0 {
                let message = bnc_jq_get_error_message(state)
                if bnc_jv_is_valid(message) != 0 {
                    throw BNCError(.invalidData, "--jq: halted: \(Self.oneLine(Self.text(of: message)))")
                }
                bnc_jv_free(message)
            }
            return
        }
    }

    /// A jq value as a line: a string's bytes, anything else compact JSON. Consumes the value.
    static func text(of value: jv) -> String {
        if bnc_jv_get_kind(value) == JV_KIND_STRING {
            let length = Int(bnc_jv_string_length_bytes(bnc_jv_copy(value)))
            let text = String(decoding: UnsafeRawBufferPointer(start: bnc_jv_string_value(value), count: length), as: UTF8.self)
            bnc_jv_free(value)
            return text
        }
        return json(of: value)
    }

    /// A jq value as compact JSON (a string quoted). Consumes the value.
    static func json(of value: jv) -> String {
        let dumped = bnc_jv_dump_string(value, 0)
        let length = Int(bnc_jv_string_length_bytes(bnc_jv_copy(dumped)))
        let text = String(decoding: UnsafeRawBufferPointer(start: bnc_jv_string_value(dumped), count: length), as: UTF8.self)
        bnc_jv_free(dumped)
        return text
    }

    /// jq's compile message without its prefix and the position in the wrapped program (`at <top-level>, line 2:`),
    /// which would point into lines the user never wrote.
    static func compileMessage(_ text: String) -> String {
        var s = oneLine(text)
        if s.hasPrefix("jq: error: ") { s.removeFirst(11) }
        if let r = s.firstRange(of: " at <top-level>, line ") { s = String(s[..<r.lowerBound]) }
        return s
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { line in
            var s = Substring(line)
            while s.first?.isWhitespace == true { s.removeFirst() }
            while s.last?.isWhitespace == true { s.removeLast() }
            return String(s)
        }.joined(separator: " ")
    }
}
