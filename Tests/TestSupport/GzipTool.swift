// gzip(1)'s output for a text: compressed input made by an implementation independent of bnc's zlib calls.
import Foundation

public enum GzipTool {
    /// `gzip -c` of `text`.
    public static func gzip(_ text: String) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/gzip")
        p.arguments = ["-c"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return data
    }
}
