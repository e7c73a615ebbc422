// The one place signals are caught: SIGINT/SIGTERM/SIGHUP counted atomically and written to a self-pipe, the only
// async-signal-safe way to wake a thread. The batch runner polls the count; the sandbox blocks on the pipe.
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Signals received since `SignalWatcher.install`, and the pipe the handler writes one byte to per signal.
private let receivedSignals = Atomic<Int32>(0)
private let wakePipeWrite = Atomic<Int32>(-1)
private let wakePipeRead = Atomic<Int32>(-1)

/// Catches SIGINT, SIGTERM and SIGHUP for a run that wants to stop cleanly.
public struct SignalWatcher: Sendable {
    /// The signals that ask a run to stop: ^C, kill's default, and the terminal closing (SIGHUP's default ended a
    /// batch or a scan with 129, no summary and no word of --resume).
    public static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The read end of the self-pipe: readable once per signal received.
    public let readFD: Int32

    /// Installs the handler for `signals` and unblocks them (a parent may have started us with them blocked:
    /// the mask is inherited across exec). Install before any other thread starts, so threads inherit the mask.
    /// A signal the process started with ignored stays ignored: `nohup`'s SIGHUP, a background job's SIGINT.
    /// - Parameter abortOnSecond: the handler resets itself (`SA_RESETHAND`), so a second signal takes the default
    ///   action and ends the process at once, as a second ^C should; no code here ever calls exit.
    public static func install(_ signals: [Int32] = SignalWatcher.stopping, abortOnSecond: Bool = false) throws(BNCError) -> SignalWatcher {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw BNCError(.internal, "pipe: \(FileSystem.errnoText())") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // The write end never blocks the handler: a full pipe already says "a signal came".
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        receivedSignals.store(0, ordering: .sequentiallyConsistent)
        wakePipeWrite.store(fds[1], ordering: .sequentiallyConsistent)
        wakePipeRead.store(fds[0], ordering: .sequentiallyConsistent)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            receivedSignals.add(1, ordering: .sequentiallyConsistent)
            var byte: UInt8 = 1
            _ = write(wakePipeWrite.load(ordering: .sequentiallyConsistent), &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        if abortOnSecond { action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND) }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in signals {
            if isIgnored(sig) { continue }
            sigaction(sig, &action, nil)
            sigaddset(&unblock, sig)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        return SignalWatcher(readFD: fds[0])
    }

    /// Whether `sig` is ignored now (`SIG_IGN`, as `nohup` and a shell's background jobs start a program).
    public static func isIgnored(_ sig: Int32) -> Bool {
        var old = sigaction()
        sigaction(sig, nil, &old)
        return unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// The self-pipe's read end while a watcher is installed and no signal has come yet: a wait (a poll, a
    /// back-off) that includes it wakes at once on SIGINT or SIGTERM. Nil once a signal came (the pipe then
    /// stays readable, and a run that is stopping has nothing left to wait for but its transfers).
    public static var wakeFD: Int32? {
        let fd = wakePipeRead.load(ordering: .sequentiallyConsistent)
        return fd >= 0 && receivedSignals.load(ordering: .sequentiallyConsistent) == 0 ? fd : nil
    }

    /// A watcher is installed and a signal came.
    public static var signalled: Bool {
        wakePipeRead.load(ordering: .sequentiallyConsistent) >= 0 && receivedSignals.load(ordering: .sequentiallyConsistent) > 0
    }

    /// How many signals arrived since `install`.
    public var received: Int { Int(receivedSignals.load(ordering: .sequentiallyConsistent)) }

    /// Blocks until a signal arrives.
    public func wait() {
        var byte: UInt8 = 0
        while read(readFD, &byte, 1) < 0 && errno == EINTR {}
    }
}
