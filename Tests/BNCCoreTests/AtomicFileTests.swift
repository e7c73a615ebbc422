// AtomicFile: the target's kind is checked when the file begins and again when it is renamed into place, so a
// long run (a scan's report) never replaces what appeared at its path meanwhile.
import Foundation
import Testing
@testable import BNCCore

@Suite struct AtomicFileTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "atomic-\(UInt64.random(in: 0..<UInt64.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".") }
    }

    @Test func aFileOfAnotherKindThatAppearsMeanwhileIsLeftAsItIs() throws {
        let path = directory + "/report.xml"
        let file = try AtomicFile(path: path, kind: .junit, what: "--junit")
        #expect(FileSystem.writeAll(file.fd, Array("<testsuites/>\n".utf8)))
        try "precious user data\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: BNCError.self) { try file.commit(what: "--junit") }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious user data\n")
        #expect(try leftovers().isEmpty, "the temporary file is gone")

        let dirPath = directory + "/dir.xml"
        let second = try AtomicFile(path: dirPath, kind: .junit, what: "--junit")
        try FileManager.default.createDirectory(atPath: dirPath, withIntermediateDirectories: false)
        #expect(throws: BNCError.self) { try second.commit(what: "--junit") }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: dirPath, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func theSameKindMeanwhileIsReplaced() throws {
        let path = directory + "/report.xml"
        let file = try AtomicFile(path: path, kind: .junit, what: "--junit")
        #expect(FileSystem.writeAll(file.fd, Array("<testsuites name=\"new\"/>\n".utf8)))
        try "<testsuites name=\"old\"/>\n".write(toFile: path, atomically: false, encoding: .utf8)
        try file.commit(what: "--junit")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("new"))
        #expect(try leftovers().isEmpty)
    }
}
