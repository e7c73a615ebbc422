// Warnings gathered while a request is built: a module adds, the command shape prints (or, with --strict, refuses).

/// Warnings gathered while a request is built, printed by the command shape (and, with --strict, refused).
/// A module never prints: it adds here, and the caller decides.
public final class Warnings {
    public private(set) var messages: [String] = []
    public init() {}
    public func add(_ message: String) {
        if !messages.contains(message) { messages.append(message) }
    }
    public var isEmpty: Bool { messages.isEmpty }
    /// Forgets every warning (a batch checks line after line with one list).
    public func removeAll() { messages.removeAll(keepingCapacity: true) }
}

