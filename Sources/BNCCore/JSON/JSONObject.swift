// A JSON object: members in order, found by name (linear when small, indexed when large).

/// An object whose keys keep the order they were first set in. Equality ignores order, as JSON's does.
///
/// Members live in one array in order; a key is found by a linear scan while the object is small (the bodies,
/// user_data and content items bnc builds: hashing a String costs more than comparing a dozen), through an
/// index built once it grows past `linearLimit` (a hostile line with 100,000 keys stays linear in time).
public struct JSONObject: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Member = (key: String, value: JSON)
    /// A member as stored: a struct, not the tuple the iterator hands out, so freeing an object destroys its
    /// members through compiled code (an array of tuples is destroyed element by element through the runtime's
    /// generic tuple witness: about 1.4 k instructions a batch line).
    fileprivate struct Stored: Sendable {
        var key: String
        var value: JSON
    }
    private var members: [Stored] = []
    private var index: [String: Int] = [:]
    static let linearLimit = 16

    public init() {}
    public init(dictionaryLiteral elements: (String, JSON)...) {
        for (k, v) in elements { self[k] = v }
    }
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSON) {
        for (k, v) in pairs { self[k] = v }
    }

    /// The first `count` members of `object`, with room for all of them: the start of a changed copy that a
    /// check or the redactor builds only from the first member it changes.
    public init(firstMembersOf object: JSONObject, count: Int) {
        members.reserveCapacity(object.members.count)
        members.append(contentsOf: object.members.prefix(count))  // the source's names are already distinct
        reindex()
    }

    public var keys: [String] { members.map(\.key) }
    public mutating func reserveCapacity(_ n: Int) { members.reserveCapacity(n) }
    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    private func position(of key: String) -> Int? {
        if members.count <= Self.linearLimit {
            // Lengths first: most members a scan passes differ in length, told from the strings' own counts
            // without the standard library's comparison.
            let length = key.utf8.count
            for i in members.indices where members[i].key.utf8.count == length && members[i].key == key { return i }
            return nil
        }
        return index[key]
    }

    private mutating func reindex() {
        index = [:]
        guard members.count > Self.linearLimit else { return }
        index.reserveCapacity(members.count)
        for i in members.indices { index[members[i].key] = i }
    }

    /// Reading gives the value; setting nil removes the key; setting an existing key keeps its place.
    public subscript(key: String) -> JSON? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let newValue {
                if let i = position(of: key) {
                    members[i].value = newValue
                } else {
                    members.append(Stored(key: key, value: newValue))
                    if members.count == Self.linearLimit + 1 { reindex() }
                    else if members.count > Self.linearLimit { index[key] = members.count - 1 }
                }
            } else if let i = position(of: key) {
                members.remove(at: i)
                reindex()
            }
        }
    }

    public func makeIterator() -> Iterator { Iterator(base: members.makeIterator()) }

    /// The members in order, as `(key, value)` tuples.
    public struct Iterator: IteratorProtocol {
        fileprivate var base: IndexingIterator<[Stored]>
        public mutating func next() -> Member? { base.next().map { ($0.key, $0.value) } }
    }

    /// Adds a member whose key is not here yet (a parsed object's next member); false, nothing changed, when it is.
    mutating func addNew(_ key: String, _ value: JSON) -> Bool {
        if position(of: key) != nil { return false }
        members.append(Stored(key: key, value: value))
        if members.count == Self.linearLimit + 1 { reindex() } else if members.count > Self.linearLimit { index[key] = members.count - 1 }
        return true
    }

    /// Puts a member first (a body's `branch_key`), removing the key elsewhere: the others keep their order.
    public mutating func prepend(_ key: String, _ value: JSON) {
        if let i = position(of: key) { members.remove(at: i) }
        members.insert(Stored(key: key, value: value), at: 0)
        reindex()
    }

    /// Whether the two are one stored object (a check that changed nothing hands its input back): a cheap
    /// "unchanged" that never compares members.
    public func isIdentical(to other: JSONObject) -> Bool {
        members.withUnsafeBufferPointer { a in other.members.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
            && members.count == other.members.count
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.count == b.count && a.members.allSatisfy { b[$0.key] == $0.value }
    }

    /// Sets each member over this object, a JSON null removing the key (`-f KEY:=null`, a batch line's null,
    /// a merge's removal). One place, because `self[k] = v.isNull ? nil : v` stores a null: JSON is
    /// ExpressibleByNilLiteral, so that `nil` becomes `.null`.
    public mutating func overlay(_ pairs: [(String, JSON)]) {
        for (k, v) in pairs { self[k] = v.isNull ? JSON?.none : v }
    }

    public mutating func overlay(_ other: JSONObject) {
        overlay(other.map { ($0.key, $0.value) })
    }
}
