// gzip(1)'s output for a text: compressed input made by an implementation independent of bnc's zlib calls.
import Foundation

public enum GzipTool {
    /// `gzip -c` of `text`, read from a file (written whole to gzip's stdin, a large text deadlocked: gzip waited
    /// for its full output pipe to be read while its input was still being written).
    public static func gzip(_ text: String) throws -> Data {
        let path = NSTemporaryDirectory() + "bnc-gzip-\(UUID().uuidString)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try ProcessOutput.bytes("/bin/gzip", ["-c", path])
    }
}
