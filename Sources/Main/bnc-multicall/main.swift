// bnc-multicall: the client tools in one binary, run by the name it is installed under (as busybox is). `make
// install` hard-links it under each of their names in bin/, so the Swift runtime, FoundationEssentials,
// ArgumentParser and Core are installed once instead of nine times; the tools users see, run and read about stay
// separate. Only tools that load no more shared libraries at start than bnc-open (libcurl, libcrypto and libxml2
// are loaded on first use): start-up is mostly the dynamic loader and ArgumentParser's reflection scanning the
// binary's protocol conformances, so bnc-sandbox (SwiftNIO, BoringSSL) and bnc-mcp (Foundation, ICU) would slow
// every tool's start (measured in BENCHMARKS.md, "Install size").
#if canImport(Glibc)
import Glibc
#endif
import BNCToolAPI
import BNCToolApp
import BNCToolASA
import BNCToolDoctor
import BNCToolEvent
import BNCToolExport
import BNCToolLink
import BNCToolOpen
import BNCToolTune

let tools: [String: () -> Void] = [
    "bnc-open": { BNCToolOpen.Entry.main() }, "bnc-event": { BNCToolEvent.Entry.main() }, "bnc-link": { BNCToolLink.Entry.main() },
    "bnc-api": { BNCToolAPI.Entry.main() }, "bnc-app": { BNCToolApp.Entry.main() }, "bnc-export": { BNCToolExport.Entry.main() },
    "bnc-asa": { BNCToolASA.Entry.main() }, "bnc-doctor": { BNCToolDoctor.Entry.main() },
    "bnc-tune": { BNCToolTune.Entry.main() },
]
let name = String(CommandLine.arguments[0].split(separator: "/").last ?? "")
if let tool = tools[name] {
    tool()
} else {
    let names = tools.keys.sorted().joined(separator: ", ")
    let message = "bnc-multicall: run me under a tool's name (\(names)), not as \(name)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(64)
}
