// Without libFuzzer (an ordinary build): replays corpus files through a target, for `make test`'s smoke run:
// `fuzz-parsers TARGET FILE|DIR...`. Built with -sanitize=fuzzer -DFUZZING, main hands over to libFuzzer's driver
// and BNC_FUZZ_TARGET names the target.
import BNCCore
#if canImport(Glibc)
import Glibc
#endif

#if !FUZZING
@main
enum Replay {
    static func main() {
        let args = Array(CommandLine.arguments.dropFirst())
        guard let name = args.first, let target = Targets.all[name], args.count > 1 else {
            print("usage: fuzz-parsers TARGET FILE|DIR... (targets: \(Targets.all.keys.sorted().joined(separator: ", ")))")
            exit(64)
        }
        var count = 0
        for path in args.dropFirst() {
            for file in files(path) {
                guard let bytes = try? FileSystem.read(file, what: "corpus", limit: 1 << 20) else { continue }
                target(bytes)
                count += 1
            }
        }
        print("fuzz-parsers \(name): \(count) inputs replayed")
    }

    static func files(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [path] }
        defer { closedir(dir) }
        var out: [String] = []
        while let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { out.append(path + "/" + name) }
        }
        return out.sorted()
    }
}
#endif

#if FUZZING
/// libFuzzer's driver, for a program that has its own main (SwiftPM gives every executable one).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

@main
enum FuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOne(data, size) })
    }
}
#endif
