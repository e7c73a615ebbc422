// A request's or an answer's header fields: in order, found without regard to case.

/// Header fields in order, looked up without regard to case.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)] = []

    public init() {}
    public init(dictionaryLiteral elements: (String, String)...) {
        fields.reserveCapacity(elements.count + 2)  // a request adds Content-Type, often an IP override
        for (n, v) in elements { add(n, v) }
    }

    /// Header names compare without regard to ASCII case (RFC 9110); names are ASCII tokens, so no Unicode
    /// case mapping (and no lowercased copy per comparison: responses are read header by header in a batch).
    static func sameName(_ a: String, _ b: String) -> Bool { ASCII.equalIgnoringCase(a.utf8, b.utf8) }

    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            if let newValue {
                if let i = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
                    fields[i].value = newValue
                    var j = fields.count - 1
                    while j > i {
                        if Self.sameName(fields[j].name, name) { fields.remove(at: j) }
                        j -= 1
                    }
                } else {
                    fields.append((name, newValue))
                }
            } else {
                fields.removeAll { Self.sameName($0.name, name) }
            }
        }
    }

    public mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }
    public mutating func reserveCapacity(_ n: Int) { fields.reserveCapacity(n) }
    public var isEmpty: Bool { fields.isEmpty }
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    public static func == (a: HTTPHeaders, b: HTTPHeaders) -> Bool {
        a.fields.count == b.fields.count && zip(a.fields, b.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}
