// Where a -v trace of an exchange goes: the transport writes lines, the command shape prints them.

/// Receives the exchange as curl -v would show it: `* info`, `> out`, `< in` lines.
public protocol TraceSink: AnyObject {
    func trace(_ line: String)
}
