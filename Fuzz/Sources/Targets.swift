// Fuzz targets for every parser of outside input. Each takes bytes and must never crash, hang or trap; where a
// property holds (a parsed document serialises and parses back to itself), it is checked too.
import BNCCore
import BNCEvent
import BNCOpen
import BNCTune
#if canImport(Glibc)
import Glibc
#endif

enum Targets {
    static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "json": json, "ndjson": ndjson, "device": device, "referrer": referrer, "openedwith": openedWith,
        "config": config, "config-worst": configWorst, "open-body": openBody, "event-body": eventBody, "tune-line": tuneLine,
    ]

    /// A logged TUNE request (URL, target, access-log line): read, decrypted with a fixed key, checked, mapped
    /// both ways. A parsed request's URL reads back to the same parameters.
    static func tuneLine(_ bytes: [UInt8]) {
        guard var r = try? TuneLog.parse(bytes[...]) else { return }
        if let again = try? TuneLog.parse(Array(r.url.utf8)[...]) {
            precondition(again.parameters.map(\.name) == r.parameters.map(\.name), "TUNE URL round trip changed the parameters")
        }
        if let key = try? ConversionKey("0123456789abcdef") { try? TuneCrypto.open(&r, key: key) }
        var checker = TuneChecker()
        _ = checker.check(r)
        let warnings = Warnings()
        if let mapped = try? TuneMapping.toBranch(r, warnings: warnings) {
            _ = try? TuneReverse.toTune(mapped.line, target: TuneTarget(advertiserID: "877"), warnings: warnings)
        }
    }

    /// JSON: strict parsing; a parsed value serialises and parses back to the same value.
    static func json(_ bytes: [UInt8]) {
        guard let value = try? JSON.parse(bytes: bytes) else { return }
        let again = try? JSON.parse(value.serialized())
        precondition(again == value, "JSON round trip changed the value")
    }

    /// NDJSON as the batch runner reads it: lines from a descriptor, each parsed on its own.
    static func ndjson(_ bytes: [UInt8]) {
        guard scratch >= 0, ftruncate(scratch, 0) == 0 else { return }
        _ = bytes.withUnsafeBytes { pwrite(scratch, $0.baseAddress, $0.count, 0) }
        guard let reader = try? LineReader(path: "/proc/self/fd/\(scratch)", maxLineLength: 1 << 16) else { return }
        while let line = try? reader.next() { _ = try? JSON.parse(bytes: line) }
    }

    /// One scratch file for the NDJSON target, reopened by path for each input (LineReader reads a path).
    static let scratch: Int32 = {
        var template = Array("/tmp/bnc-fuzz-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        if fd >= 0 { unlink(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        return fd
    }()

    /// A device file: JSON, then every field's check and normalisation.
    static func device(_ bytes: [UInt8]) {
        guard let value = try? JSON.parse(bytes: bytes) else { return }
        _ = try? Device.load(json: value, source: "fuzz", warn: { _ in })
    }

    /// The Play install referrer string.
    static func referrer(_ bytes: [UInt8]) {
        _ = LinkSources.installReferrer(String(decoding: bytes, as: UTF8.self))
    }

    /// The URL that opened the app, for both platforms.
    static func openedWith(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for platform in [Platform.iOS, .android, nil] { _ = try? LinkSources.openedWith(text, platform: platform) }
    }

    /// The TOML configuration file.
    static func config(_ bytes: [UInt8]) {
        _ = try? ConfigFile.parse(String(decoding: bytes, as: UTF8.self), path: "fuzz.toml")
    }

    /// The config parser's worst cases: the input is a recipe (its first byte a shape, the rest a fragment)
    /// grown to the 1 MiB a config file may hold — one table header or dotted key of thousands of parts, tens of
    /// thousands of keys in one table, thousands of tables, one long string. Under libFuzzer's -timeout and
    /// -rss_limit_mb a parse that is not linear in time and memory fails the run (a 40 KB header once took 3 GB).
    static func configWorst(_ bytes: [UInt8]) {
        guard let shape = bytes.first else { return }
        let fragment = String(decoding: bytes.dropFirst().prefix(64), as: UTF8.self)
        let piece = fragment.isEmpty ? "a" : fragment
        let budget = FileSystem.smallInputLimit
        var text = ""
        text.reserveCapacity(budget + 256)
        var i = 0
        switch shape % 5 {
        case 0:
            text = "["
            while text.utf8.count < budget { text += (i == 0 ? "" : ".") + piece; i += 1 }
            text += "]\nk = 1\n"
        case 1:
            while text.utf8.count < budget { text += (i == 0 ? "" : ".") + piece; i += 1 }
            text += " = \"v\"\n"
        case 2:
            text = "[profile.p]\n"
            while text.utf8.count < budget { text += "k\(i)\(piece) = \"v\"\n"; i += 1 }
        case 3:
            while text.utf8.count < budget { text += "[t\(i).\(piece)]\nk = 1\n"; i += 1 }
        default:
            text = "k = \""
            while text.utf8.count < budget { text += piece; i += 1 }
            text += "\"\n"
        }
        _ = try? ConfigFile.parse(text, path: "fuzz-worst.toml")
    }

    /// A v1/open body (a --body file or a batch line) through the field table and the seed's rules.
    static func openBody(_ bytes: [UInt8]) {
        guard case .object(let body)? = try? JSON.parse(bytes: bytes), let ip = try? IPAddress("8.8.4.4") else { return }
        _ = try? OpenRequest.validate(body, ipOverride: ip)
        _ = try? OpenResponse(.object(body))
    }

    /// A v2 event body through its tables.
    static func eventBody(_ bytes: [UInt8]) {
        guard case .object(let body)? = try? JSON.parse(bytes: bytes) else { return }
        _ = try? EventRequest.validate(body)
        _ = try? EventRequest.validate(body, categoryForm: .enum, forceCustom: true)
    }
}

/// libFuzzer's entry: the target named by BNC_FUZZ_TARGET.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let name = getenv("BNC_FUZZ_TARGET").map { String(cString: $0) } ?? "json"
    guard let target = Targets.all[name] else { fatalError("unknown BNC_FUZZ_TARGET \(name)") }
    target(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
