// Runs a built tool with its stderr on a pseudo-terminal, as a person's shell would, and its stdout on a pipe
// (or both on the terminal): what the tool draws for people (progress lines) is read back from the terminal.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a tool wrote to the terminal and to the pipe, and how it ended.
public struct TerminalResult: Sendable {
    public let status: Int32
    public let stdout: String
    /// Everything written to the terminal (stderr; stdout too when it shares the terminal).
    public let terminal: String
}

extension Sandbox {
    /// Runs `tool` with stderr on a new pseudo-terminal (and stdout too when `stdoutOnTerminal`).
    public func runOnTerminal(_ tool: String, _ arguments: [String], env extra: [String: String] = [:],
                              stdoutOnTerminal: Bool = false) throws -> TerminalResult {
        var master: Int32 = -1, slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw NSError(domain: "openpty", code: Int(errno)) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : Executables.path(tool))
        process.arguments = arguments
        process.environment = environment(extra.merging(["TERM": "xterm"]) { a, _ in a })
        process.currentDirectoryURL = root
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        let out = Pipe()
        process.standardOutput = stdoutOnTerminal ? terminal : out
        process.standardError = terminal
        process.standardInput = FileHandle.nullDevice
        try process.run()
        close(slave)  // the child holds its own copies: the master reads EOF (EIO) once it exits
        nonisolated(unsafe) var outData = Data()
        let group = DispatchGroup()
        group.enter()
        // With stdout on the terminal the pipe is never the child's: its write end stays open here, so it is not read.
        DispatchQueue.global().async {
            if !stdoutOnTerminal { outData = out.fileHandleForReading.readDataToEndOfFile() }
            group.leave()
        }
        var seen = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n > 0 { seen += buffer[0..<n]; continue }
            if n < 0 && errno == EINTR { continue }
            break
        }
        close(master)
        process.waitUntilExit()
        group.wait()
        return TerminalResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                              terminal: String(decoding: seen, as: UTF8.self))
    }
}
