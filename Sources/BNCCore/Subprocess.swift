// Starting other programs without Foundation: posix_spawn with chosen standard streams.
#if canImport(Glibc)
import Glibc
#endif

/// Starts child processes with posix_spawn and waits for them; helpers on descriptors and executable paths.
public enum Subprocess {
    /// Starts `path` with `arguments` (argv[0] is added). Standard input is `stdinFD` (or /dev/null); standard
    /// output goes to `stdoutFD` (or /dev/null), standard error to `stderrFD` (or stays ours). With `newSession`
    /// the child leaves our session and process group, so it outlives us and our terminal's signals.
    public static func spawn(_ path: String, _ arguments: [String], stdinFD: Int32? = nil, stdoutFD: Int32? = nil, stderrFD: Int32? = nil,
                             closeInChild: [Int32] = [], newSession: Bool = false) throws(BNCError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let fd = stdinFD { posix_spawn_file_actions_adddup2(&actions, fd, 0) } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let fd = stdoutFD { posix_spawn_file_actions_adddup2(&actions, fd, 1) } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if let fd = stderrFD { posix_spawn_file_actions_adddup2(&actions, fd, 2) }
        for fd in closeInChild { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc 2.26+) is hidden behind _GNU_SOURCE in the headers Swift imports: its value is 0x80.
        // The child starts with no signal blocked (POSIX_SPAWN_SETSIGMASK): the calling thread may block some (a
        // dispatch worker does), and the mask survives exec.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK) | (newSession ? 0x80 : 0))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard rc == 0 else {
            throw BNCError(.unreachable, "cannot start \(path): \(String(cString: strerror(rc)))")
        }
        return pid
    }

    /// Waits for a child and returns its exit status (128+N when killed by signal N).
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7F == 0 { return (status >> 8) & 0xFF }
        return 128 + (status & 0x7F)
    }

    /// Reads from a descriptor until a newline, end of file, or `timeout` seconds pass.
    public static func readLine(_ fd: Int32, timeout: Double) -> String? {
        var bytes: [UInt8] = []
        let deadline = MonotonicClock.now() + timeout
        while true {
            let left = deadline - MonotonicClock.now()
            if left <= 0 { return nil }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(left * 1000))
            if ready < 0 { if errno == EINTR { continue }; return nil }
            if ready == 0 { return nil }
            var byte: UInt8 = 0
            let n = read(fd, &byte, 1)
            if n <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == 10 { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    /// Closes every descriptor above 2. A long-lived server calls this first, so descriptors its parent leaked
    /// to it (a test runner's pipes, a shell's) are not held open for as long as it runs.
    public static func closeInheritedDescriptors() {
        guard let dir = opendir("/proc/self/fd") else { return }
        let own = dirfd(dir)
        var fds: [Int32] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let fd = Int32(name), fd > 2, fd != own { fds.append(fd) }
        }
        closedir(dir)
        for fd in fds { close(fd) }
    }

    /// The canonical absolute path of a file (symlinks resolved), or the path as given when it cannot be.
    public static func absolutePath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The absolute path of this executable.
    public static func currentExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Whether something accepts TCP connections at a loopback address (used before starting a sandbox).
public enum TCPProbe {
    public static func isListening(host: String, port: Int, timeout: Double = 0.5) -> Bool {
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &addr.sin_addr) == 1 else { return false }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if rc == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&p, 1, Int32(timeout * 1000)) == 1 else { return false }
        var err: Int32 = 0
        var len = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len)
        return err == 0
    }
}
