// A port on 127.0.0.1 that no one listens on, for a test that must name an address before anything listens there
// (bnc --sandbox, bnc-mcp's sandbox_start). Taken below the kernel's ephemeral range, which every `--port 0` server
// and every outgoing connection of a test running alongside draws from: a port freed and named again from inside
// that range could be handed to one of them in between.
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Ports for tests that need one to be free, not bound by them.
public enum FreePort {
    /// Calls so far in this process: two tests running at once in one process start from different ports.
    private static let calls = Mutex(0)

    /// A port in 20000..<32768 that could be bound just now (seeded by the process id and the call, then tried in
    /// turn).
    public static func belowEphemeralRange() -> Int {
        let call = calls.withLock { n in
            n += 1
            return n
        }
        var port = 20000 + Int((Int(getpid()) &* 7919 &+ call &* 997) % 12768)
        for _ in 0..<12768 {
            if canBind(port) { return port }
            port = port + 1 < 32768 ? port + 1 : 20000
        }
        return port
    }

    static func canBind(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// A port on 127.0.0.1 that accepts connections into its backlog and never answers: a request to it waits until
/// its --max-time, or until a signal ends it.
public final class SilentListener: @unchecked Sendable {
    public let port: Int
    private let fd: Int32

    public init() throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let fd = fd
        let bound = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard fd >= 0, bound else {
            if fd >= 0 { close(fd) }
            throw POSIXError(.EADDRNOTAVAIL)
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }
}

/// The UTC day, for tests that send traffic and then ask for "today": one begun within a minute or two of midnight
/// could send on one day and ask for the next.
public enum UTCDay {
    /// Returns at once, unless UTC midnight is less than `margin` seconds away: then after it.
    public static func awayFromMidnight(margin: Double = 120) {
        let secondsIntoDay = Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 86400)
        let left = 86400 - secondsIntoDay
        if left < margin { Thread.sleep(forTimeInterval: left + 1) }
    }
}

/// A small tmpfs mounted for a test that needs a full or read-only file system (root only; CI runs as root).
public final class SmallFileSystem: @unchecked Sendable {
    public let path: String

    /// Mounts `bytes` of tmpfs at a new directory under `parent`; nil when this process may not mount.
    public init?(under parent: String, bytes: Int) {
        path = parent + "/small-fs-\(UUID().uuidString.prefix(8))"
        guard mkdir(path, 0o755) == 0 else { return nil }
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(bytes)") == 0 else {
            rmdir(path)
            return nil
        }
    }

    /// Mounted read-only from now on.
    public func makeReadOnly() -> Bool { mount("tmpfs", path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), nil) == 0 }

    deinit {
        umount2(path, Int32(MNT_DETACH))
        rmdir(path)
    }

    /// Whether tests may mount one here (root with CAP_SYS_ADMIN).
    public static let available: Bool = {
        guard let probe = SmallFileSystem(under: NSTemporaryDirectory(), bytes: 4096) else { return false }
        _ = probe
        return true
    }()
}
