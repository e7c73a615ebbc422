// swift-tools-version:6.0
// bnc: a Unix command suite for Branch's server-to-server APIs, Apple AdServices and legacy TUNE requests.
import PackageDescription

// Release builds of the per-line modules skip Swift's run-time exclusivity checks (debug builds, and so every
// test, keep them): each `var` of a class or global read on a batch line or a scanned line otherwise costs a
// call into the runtime's access set. BENCHMARKS.md gives what each module saved.
let uncheckedExclusivityInRelease: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "bnc",
    products: [
        .executable(name: "bnc", targets: ["bnc"]),
        .executable(name: "bnc-open", targets: ["bnc-open"]),
        .executable(name: "bnc-event", targets: ["bnc-event"]),
        .executable(name: "bnc-link", targets: ["bnc-link"]),
        .executable(name: "bnc-asa", targets: ["bnc-asa"]),
        .executable(name: "bnc-tune", targets: ["bnc-tune"]),
        .executable(name: "bnc-api", targets: ["bnc-api"]),
        .executable(name: "bnc-app", targets: ["bnc-app"]),
        .executable(name: "bnc-export", targets: ["bnc-export"]),
        .executable(name: "bnc-mcp", targets: ["bnc-mcp"]),
        .executable(name: "bnc-sandbox", targets: ["bnc-sandbox"]),
        .executable(name: "bnc-doctor", targets: ["bnc-doctor"]),
        .executable(name: "bnc-multicall", targets: ["bnc-multicall"]),
        .library(name: "BNCCore", targets: ["BNCCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.0"),
    ],
    targets: [
        // libcurl (headers from libcurl4-openssl-dev), loaded with dlopen on a command's first request so
        // commands that send nothing start without it; typed wrappers for its variadic calls.
        .target(name: "CCurl", dependencies: ["CLazyLibrary"], linkerSettings: [.linkedLibrary("pthread")]),
        // The one way the shims above and below open a library on first use and resolve its calls.
        .target(name: "CLazyLibrary", linkerSettings: [.linkedLibrary("dl")]),
        // libcrypto's SHA-256 and AES for the client modules, loaded on first use (dlopen), not at start-up.
        .target(name: "CCrypto", dependencies: ["CLazyLibrary"]),
        // libxml2's streaming writer for the client's reports, loaded on first use (dlopen), not at start-up.
        .target(name: "CXMLWriter", dependencies: ["CLazyLibrary"]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        // OpenSSL's libcrypto (digests through EVP), for keys that must not reveal what they stand for.
        .systemLibrary(
            name: "COpenSSL", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        // SQLite (headers from libsqlite3-dev), for state, batch journals and the sandbox's --state file: loaded with
        // dlopen on first use, so commands that keep no state start without it.
        .target(name: "CSQLite", dependencies: ["CLazyLibrary"]),
        // zlib, for gzip-compressed inputs (logs and NDJSON batches read as they come, in constant memory).
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        // libjq (headers from libjq-dev), for --jq (a tool's JSON output filtered as gh's --jq filters it): loaded with
        // dlopen on first use, so only a command given --jq loads it and libonig.
        .target(name: "CJQ", dependencies: ["CLazyLibrary"]),
        // libqrencode, libpng and libjpeg: bnc-sandbox's /v2/qr-code renders real QR codes as PNG or JPEG.
        .systemLibrary(
            name: "CQRImage", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev", "libpng-dev", "libjpeg-dev"])]),
        // The suite's version and its catalog of built-in tools: all the front door needs, so it starts fast.
        .target(name: "BNCSuite"),
        // Shared by every tool: config and credentials, IP override, device model, HTTP on libcurl, retry, rendering.
        .target(
            name: "BNCCore",
            dependencies: ["BNCSuite", "CCurl", "CSQLite", "CZlib"],
            swiftSettings: uncheckedExclusivityInRelease),
        // POST /v1/open: its field table, request builder and rules, link sources, response model. Pure values.
        .target(name: "BNCOpen", dependencies: ["BNCCore"], swiftSettings: uncheckedExclusivityInRelease),
        // v2 events: the standard catalog, event_data and content-item tables, body builder and rules. Pure values.
        .target(name: "BNCEvent", dependencies: ["BNCCore", "BNCSuite"], swiftSettings: uncheckedExclusivityInRelease),
        // Apple's AdServices attribution API: token checks, the request, Apple's retry rules, the typed record. Pure values.
        .target(name: "BNCASA", dependencies: ["BNCCore", "CCrypto"]),
        // The Deep Linking API: link fields and control params, request builders, merge, long links. Pure values.
        .target(name: "BNCLink", dependencies: ["BNCCore", "CXMLWriter", "CZlib"]),
        // The App API: an app's settings as a field table, its GET and PUT requests and an update's diff. Pure values.
        .target(name: "BNCApp", dependencies: ["BNCCore", "BNCSuite"]),
        // Branch's Data APIs: topics, fields and limits, the requests checked against them, the answers read. Pure values.
        .target(name: "BNCExport", dependencies: ["BNCCore", "BNCSuite"]),
        // Legacy TUNE requests: the parameter table with Branch counterparts, log-line reading, the SDKs' `data`
        // decryption (OpenSSL), mapping both ways (into BNCOpen's and BNCEvent's builders) and the checks.
        // The scanner's per-line counting runs on one class's tables: release builds skip the runtime exclusivity
        // checks there (debug builds and the tests keep them), 11 a line and 3% of a scan.
        .target(name: "BNCTune", dependencies: ["BNCCore", "BNCSuite", "BNCOpen", "BNCEvent", "CCrypto"],
                swiftSettings: uncheckedExclusivityInRelease),
        // Reports through libxml2's streaming writer: a findings report (documented schema), JUnit XML, HTML.
        .target(name: "BNCReport", dependencies: ["BNCCore", "BNCSuite", "CXMLWriter"]),
        // ArgumentParser option groups every executable shares, and the one run/exit shape of a tool.
        .target(
            name: "BNCCommandSupport",
            dependencies: ["BNCSuite", "BNCCore", "CJQ", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: uncheckedExclusivityInRelease),

        // The front door: `bnc NAME ARGS` runs `bnc-NAME`; plugins are any bnc-NAME on PATH.
        .executableTarget(name: "bnc", dependencies: ["BNCSuite"]),
        // POST /v1/open: app sessions and their deep-link data.
        .target(name: "BNCToolOpen", dependencies: ["BNCCommandSupport", "BNCOpen"], path: "Sources/bnc-open"),
        // POST /v2/event/standard and /v2/event/custom.
        .target(name: "BNCToolEvent", dependencies: ["BNCCommandSupport", "BNCEvent"], path: "Sources/bnc-event"),
        // bnc doctor: the setup checked, each finding with its fix.
        .target(name: "BNCToolDoctor", dependencies: ["BNCCommandSupport", "BNCCore", "BNCSuite", "BNCASA"], path: "Sources/bnc-doctor"),
        // Short links: create, bulk, read, update, delete; long links offline.
        .target(name: "BNCToolLink", dependencies: ["BNCCommandSupport", "BNCLink"], path: "Sources/bnc-link"),
        // Apple Search Ads: AdServices token -> attribution record; legacy iAd payloads.
        .target(name: "BNCToolASA", dependencies: ["BNCCommandSupport", "BNCASA"], path: "Sources/bnc-asa"),
        // Legacy TUNE requests: map to and from Branch, diagnose, scan logs, export reports.
        .target(name: "BNCToolTune", dependencies: ["BNCCommandSupport", "BNCTune", "BNCReport", "BNCExport"], path: "Sources/bnc-tune"),
        // An app's settings: read them, change the documented ones.
        .target(name: "BNCToolApp", dependencies: ["BNCCommandSupport", "BNCApp"], path: "Sources/bnc-app"),
        // The suite for AI agents over MCP (stdio), on the official Swift SDK: tools whose schemas come from the specs.
        .target(name: "BNCToolMCP",
            dependencies: ["BNCSuite", "BNCCore", "BNCOpen", "BNCEvent", "BNCLink", .product(name: "MCP", package: "swift-sdk"),
                           .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                           .product(name: "NIOHTTP1", package: "swift-nio"),
                           .product(name: "ArgumentParser", package: "swift-argument-parser")], path: "Sources/bnc-mcp"),
        // Branch's Data APIs: daily and custom exports downloaded, resumed and streamed as rows.
        .target(name: "BNCToolExport", dependencies: ["BNCCommandSupport", "BNCExport"], path: "Sources/bnc-export"),
        // Any Branch endpoint by method and path, with the shared credentials, IP override and rendering.
        .target(name: "BNCToolAPI", dependencies: ["BNCCommandSupport", "BNCOpen", "BNCEvent"], path: "Sources/bnc-api"),
        // The emulator of Branch, Apple AdServices and TUNE, on SwiftNIO. Written from the reference documents
        // alone: it must never import the client API modules (a shared bug would pass the tests vacuously).
        .target(
            name: "BNCSandbox",
            dependencies: [
                "BNCCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // --tls: HTTPS, as the Android SDK takes a custom API URL only over it.
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // --tls without a certificate: a self-signed one made through OpenSSL.
                "COpenSSL",
                // Export files served gzip-compressed, as Branch's signed S3 links serve them.
                "CZlib",
                // /v2/qr-code: QR codes rendered as PNG or JPEG, and as SVG through libxml2's writer.
                "CQRImage",
                "CLibXML2",
            ]),
        // Local emulator of every endpoint above: the test oracle and the demo's server.
        .target(name: "BNCToolSandbox", dependencies: ["BNCCommandSupport", "BNCSandbox"], path: "Sources/bnc-sandbox"),

        // Each tool's executable: one line calling its command's module (Sources/Main/NAME/main.swift).
        .executableTarget(name: "bnc-open", dependencies: ["BNCToolOpen"], path: "Sources/Main/bnc-open"),
        .executableTarget(name: "bnc-event", dependencies: ["BNCToolEvent"], path: "Sources/Main/bnc-event"),
        .executableTarget(name: "bnc-link", dependencies: ["BNCToolLink"], path: "Sources/Main/bnc-link"),
        .executableTarget(name: "bnc-asa", dependencies: ["BNCToolASA"], path: "Sources/Main/bnc-asa"),
        .executableTarget(name: "bnc-tune", dependencies: ["BNCToolTune"], path: "Sources/Main/bnc-tune"),
        .executableTarget(name: "bnc-api", dependencies: ["BNCToolAPI"], path: "Sources/Main/bnc-api"),
        .executableTarget(name: "bnc-app", dependencies: ["BNCToolApp"], path: "Sources/Main/bnc-app"),
        .executableTarget(name: "bnc-export", dependencies: ["BNCToolExport"], path: "Sources/Main/bnc-export"),
        .executableTarget(name: "bnc-mcp", dependencies: ["BNCToolMCP"], path: "Sources/Main/bnc-mcp"),
        .executableTarget(name: "bnc-doctor", dependencies: ["BNCToolDoctor"], path: "Sources/Main/bnc-doctor"),
        .executableTarget(name: "bnc-sandbox", dependencies: ["BNCToolSandbox"], path: "Sources/Main/bnc-sandbox"),
        // The client tools in one binary, run by the name it is installed under (`make install` hard-links it under
        // each of their names: one copy of the Swift runtime and Core instead of nine; see its main.swift).
        .executableTarget(name: "bnc-multicall", dependencies: ["BNCToolOpen", "BNCToolEvent", "BNCToolLink", "BNCToolAPI", "BNCToolApp", "BNCToolExport", "BNCToolASA", "BNCToolDoctor", "BNCToolTune"], path: "Sources/Main/bnc-multicall"),

        // Test helpers: a loopback HTTP server that records requests, running the built tools, fixtures.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Writes man/ and completions/ from the tools' own flags and Core's tables; --check fails on drift.
        .executableTarget(name: "docgen", dependencies: ["BNCCore", "BNCSuite", "BNCSandbox"]),
        // Fuzz targets for every parser of outside input (libFuzzer with -sanitize=fuzzer -DFUZZING; otherwise a
        // corpus replayer for make test). Not a bnc- tool: never installed, never a plugin.
        .executableTarget(name: "fuzz-parsers", dependencies: ["BNCCore", "BNCOpen", "BNCEvent", "BNCTune"], path: "Fuzz/Sources"),
        // `swift package generate-docs [--check]`: builds the tools and runs docgen.
        .plugin(
            name: "GenerateDocs",
            capability: .command(
                intent: .custom(verb: "generate-docs", description: "Regenerate man/ and completions/ from the tools"),
                permissions: [.writeToPackageDirectory(reason: "writes the man pages and completion scripts")]),
            dependencies: []),

        .testTarget(name: "BNCCoreTests", dependencies: ["BNCCore", "BNCSuite", "TestSupport"]),
        .testTarget(name: "BNCCommandSupportTests", dependencies: ["BNCCommandSupport", "TestSupport"]),
        .testTarget(name: "BNCEventTests", dependencies: ["BNCEvent", "BNCCore", "TestSupport"]),
        .testTarget(name: "BNCOpenTests", dependencies: ["BNCOpen", "BNCCore", "TestSupport"]),
        .testTarget(name: "BNCLinkTests", dependencies: ["BNCLink", "BNCCore", "CZlib", "TestSupport"]),
        .testTarget(name: "BNCASATests", dependencies: ["BNCASA", "BNCCore", "TestSupport"]),
        .testTarget(name: "BNCTuneTests", dependencies: ["BNCTune", "BNCOpen", "BNCEvent", "BNCCore", "TestSupport"]),
        .testTarget(name: "BNCReportTests", dependencies: ["BNCReport", "BNCCore", "TestSupport"]),
        .testTarget(name: "BNCSandboxTests", dependencies: ["BNCSandbox", "BNCCore", "TestSupport"]),
        // Checks the libxml2 shim builds next to Foundation (the ICU clash) and writes well-formed XML.
        .testTarget(name: "CLibXML2Tests", dependencies: ["CLibXML2"]),
        // Runs the built executables against loopback servers.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["BNCCore", "BNCOpen", "BNCEvent", "BNCLink", "TestSupport", "bnc", "bnc-open", "bnc-event", "bnc-link", "bnc-asa",
                           "bnc-tune", "bnc-api", "bnc-app", "bnc-export", "bnc-mcp", "bnc-sandbox", "bnc-doctor", "bnc-multicall"]),
    ]
)
