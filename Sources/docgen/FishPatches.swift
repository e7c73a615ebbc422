// fish's completion scripts, patched where ArgumentParser's generator falls short in the real shell.

extension Completions {
    /// fish gives an option's listed values its whole help as their description (`--output`'s 400 characters four
    /// times over: QA round 31b); each value of a fixed list gets an empty one of its own (`json\t`).
    static func fishValuesUndescribed(_ script: String) -> String {
        script.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let start = line.range(of: " -rfka '"), !line[start.upperBound...].hasPrefix("("), !line[start.upperBound...].hasPrefix("'"),
                  let end = line[start.upperBound...].firstIndex(of: "'") else { return String(line) }
            let values = line[start.upperBound..<end].split(separator: " ").map { $0 + "\\t" }.joined(separator: " ")
            return String(line[..<start.upperBound]) + values + String(line[end...])
        }.joined(separator: "\n")
    }
}
