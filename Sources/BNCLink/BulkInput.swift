// bnc-link bulk's input (NDJSON or one JSON array) and the matching of Branch's answers to it: by position,
// checked by alias, since users report the bulk answer's order as unreliable (public-api#21).
import BNCCore

/// Reads bnc-link bulk's input (a JSON array or NDJSON) and matches Branch's answers to its items.
public enum BulkInput {
    /// Link objects from a JSON array, or from NDJSON (one object a line; blank lines skipped).
    public static func parse(_ text: String) throws(BNCError) -> [JSONObject] {
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasPrefix("[") {
            guard case .array(let items) = try JSON.parseInput(Array(trimmed.utf8), what: "bulk") else { return [] }
            return try items.enumerated().map { i, item throws(BNCError) in
                guard case .object(let o) = item else { throw BNCError.invalid("bulk item \(i + 1)", "must be a JSON object") }
                return o
            }
        }
        var out: [JSONObject] = []
        for (n, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated()
        where !String(line).trimmingWhitespace().isEmpty {
            guard case .object(let o) = try JSON.parseInput(Array(line.utf8), what: "bulk line \(n + 1)") else {
                throw BNCError.invalid("bulk line \(n + 1)", "must be a JSON object")
            }
            out.append(o)
        }
        return out
    }

    /// One answer per item, in the items' order, each answer given to one item: an item with an alias takes the
    /// answer whose URL ends with that alias (its own position's first); the other items take the answers left,
    /// their own position's when it is left, else the first left. (An aliased item took a copy of another item's
    /// answer, so two items printed one link and the other link Branch made was lost, QA round 29a.)
    public static func match(_ answer: JSON, items: [JSONObject]) throws(BNCError) -> [JSONObject] {
        guard let list = answer.arrayValue, list.count == items.count else {
            throw BNCError(.malformedResponse, "the bulk answer has \(answer.arrayValue?.count ?? 0) entries for \(items.count) links")
        }
        let answers: [JSONObject] = list.map { entry in
            if case .object(let o) = entry { return o }
            return ["error": .string(entry.stringValue ?? entry.serialized())]
        }
        func ends(_ a: JSONObject, _ alias: String) -> Bool { a["url"]?.stringValue?.hasSuffix("/" + alias) == true }
        var taken = [Bool](repeating: false, count: answers.count)
        var given = [Int?](repeating: nil, count: items.count)
        for (i, item) in items.enumerated() {
            guard let alias = item["alias"]?.stringValue, !alias.isEmpty else { continue }
            let j = !taken[i] && ends(answers[i], alias) ? i : answers.indices.first { !taken[$0] && ends(answers[$0], alias) }
            if let j { taken[j] = true; given[i] = j }
        }
        var left = answers.indices.filter { !taken[$0] }[...]
        for i in items.indices where given[i] == nil {
            left = left.drop { taken[$0] }
            let j = taken[i] ? left.first! : i
            taken[j] = true
            given[i] = j
        }
        return given.map { answers[$0!] }
    }
}
