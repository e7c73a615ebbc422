// Runs the built executables the way a user would, in a private HOME, and captures what they print.
import Foundation

/// What a finished process printed and returned.
public struct ProcessResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    public var output: String { stdout + stderr }
}

/// A command's standard output, whole (its stderr left to the test's): for data made by a tool independent of bnc
/// (gzip, Python's json).
public enum ProcessOutput {
    public static func bytes(_ executable: String, _ arguments: [String]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        let output = Pipe()
        p.standardOutput = output
        try p.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return data
    }
}

public enum Executables {
    /// The folder holding the built products (`.build/debug`): the test bundle sits beside them.
    public static let directory: URL = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("bnc-api").path) { return url }
        }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent()
    }()

    public static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

/// A scratch HOME with XDG folders, removed on deinit.
public final class Sandbox: @unchecked Sendable {
    public let root: URL
    public var home: String { root.path }
    public var configDir: String { root.appendingPathComponent(".config/bnc").path }

    public init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bnc-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".config/bnc"), withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Writes a file under the scratch root with the given permissions; returns its path.
    @discardableResult
    public func write(_ relative: String, _ text: String, mode: Int = 0o600) throws -> String {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        return url.path
    }

    /// The environment a test runs a tool with: nothing from the developer's own setup leaks in.
    public func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env: [String: String] = [
            "HOME": home,
            "XDG_CONFIG_HOME": root.appendingPathComponent(".config").path,
            "XDG_STATE_HOME": root.appendingPathComponent(".local/state").path,
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "NO_COLOR": "1",
            "LANG": "C.UTF-8",
        ]
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Runs a built tool (or any program, by absolute path) and waits for it.
    public func run(_ tool: String, _ arguments: [String], env extra: [String: String] = [:], stdin: String? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : Executables.path(tool))
        process.arguments = arguments
        process.environment = environment(extra)
        process.currentDirectoryURL = root
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a chatty process never blocks on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Fixtures copied into Tests/Fixtures (origins in Tests/Fixtures/README.md).
public enum Fixtures {
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    public static func text(_ relative: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
    }
}

extension Sandbox {
    /// TUNE's `data` parameter as the Android SDK seals it — AES-256-CBC with the SDK's fixed IV, space padded —
    /// by the openssl tool (not the suite's code), in hex; `key` is also written to key.txt for --conversion-key-file.
    public func tuneSealed(_ clear: String, key: String) throws -> String {
        _ = try write("key.txt", key + "\n")
        var plain = Array(clear.utf8)
        while plain.count % 16 != 0 { plain.append(32) }
        _ = try write("plain.bin", String(decoding: plain, as: UTF8.self))
        let hex = { (s: String) in Array(s.utf8).map { String(format: "%02x", $0) }.joined() }
        return try run("/usr/bin/env", ["sh", "-c", "openssl enc -aes-256-cbc -nopad -K \(hex(key)) -iv \(hex("heF9BATUfWuISyO8")) < plain.bin | od -An -tx1 | tr -d ' \\n'"]).stdout
    }
}
