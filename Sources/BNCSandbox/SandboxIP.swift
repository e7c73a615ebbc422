// The emulator's own address check (inet_pton), never the client's.
#if canImport(Glibc)
import Glibc
#endif

/// The emulator's own address check: what inet_pton(3) accepts as IPv4 or IPv6, nothing else.
enum SandboxIP {
    static func isValid(_ s: String) -> Bool {
        // inet_pton reads a C string: "1.2.3.4\0<markup>" would pass as 1.2.3.4 and be stored whole.
        guard s.utf8.count <= 45, !s.utf8.contains(0) else { return false }
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, s, &v4) == 1 || inet_pton(AF_INET6, s, &v6) == 1
    }
}
