// A person's shell, for completion tests: bash, zsh or fish started interactive on a pseudo-terminal with the
// completion scripts installed where each shell looks for them, a line typed and Tab pressed, and the line the
// shell then holds read back through a key binding (Ctrl-X Ctrl-P prints it between markers).
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The shells completion is tested in, each set up as a user would install the scripts.
public enum InteractiveShell: String, Sendable, CaseIterable {
    case bash, zsh, fish

    /// Writes the shell's start-up file under `box` (scripts from `completions`) and returns the program, its
    /// arguments and extra environment.
    func setUp(in box: Sandbox, completions: String) throws -> (String, [String], [String: String]) {
        switch self {
        case .bash:
            // bash-completion loads a command's script on first use from the user's data directory.
            let dir = "\(box.home)/.local/share/bash-completion/completions"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: "\(completions)/bash") {
                try? FileManager.default.removeItem(atPath: "\(dir)/\(name)")
                try FileManager.default.copyItem(atPath: "\(completions)/bash/\(name)", toPath: "\(dir)/\(name)")
            }
            let rc = try box.write(".bashrc", """
                PS1='$ '
                source /usr/share/bash-completion/bash_completion
                bind -x '"\\C-x\\C-p": printf "BNCLINE<<<%s>>>\\n" "$READLINE_LINE"'
                echo READY

                """)
            return ("/bin/bash", ["--noprofile", "--rcfile", rc, "-i"], [:])
        case .zsh:
            _ = try box.write("zdot/.zshrc", """
                PS1='$ '
                fpath=(\(completions)/zsh $fpath)
                autoload -U compinit && compinit -u -D
                __bncline() { print -r -- "BNCLINE<<<$BUFFER>>>" }
                zle -N __bncline; bindkey '^X^P' __bncline
                echo READY

                """)
            return ("/usr/bin/zsh", ["-i"], ["ZDOTDIR": "\(box.home)/zdot"])
        case .fish:
            let rc = try box.write("rc.fish", """
                set -p fish_complete_path \(completions)/fish
                bind \\cx\\cp 'echo "BNCLINE<<<"(commandline)">>>"'
                echo READY

                """)
            return ("/usr/bin/fish", ["--no-config", "-i", "-C", "source \(rc)"], [:])
        }
    }
}

extension Sandbox {
    /// Types `typed` and Tab into `shell` and returns the line it holds afterwards (nil: the shell never answered;
    /// the terminal's text is in the error).
    public func complete(in shell: InteractiveShell, _ typed: String, completions: String, env extra: [String: String] = [:]) throws -> String {
        let (program, arguments, shellEnv) = try shell.setUp(in: self, completions: completions)
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw NSError(domain: "openpty", code: Int(errno)) }
        let process = Process()
        // A new session with the terminal as its controlling one, as a terminal emulator starts a shell (fish
        // refuses to run interactive without it).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["--ctty", "--wait", program] + arguments
        process.environment = environment(extra.merging(shellEnv) { a, _ in a }.merging(["TERM": "xterm"]) { a, _ in a })
        process.currentDirectoryURL = root
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        close(slave)
        // The shell (setsid's child) is killed and the terminal closed; setsid returns once the shell has gone.
        defer {
            let pid = process.processIdentifier
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGKILL) }
            close(master)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }

        var seen = ""
        func read(until marker: String, seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Date() < deadline {
                if seen.contains(marker) { return true }
                var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&pfd, 1, 100) > 0 else { continue }
                let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                seen += String(decoding: buffer[0..<n], as: UTF8.self)
            }
            return seen.contains(marker)
        }
        func send(_ text: String) { _ = text.withCString { Glibc.write(master, $0, strlen($0)) } }
        guard read(until: "READY", seconds: 20) else { throw ShellError(text: "\(shell) never started: \(seen)") }
        _ = read(until: "$ ", seconds: 1)
        send(typed + "\t")
        // The shell completes before it reads the next key; the pause lets a slow first load (compinit, the tool's
        // own dynamic values) finish without depending on it.
        usleep(300_000)
        send("\u{18}\u{10}")
        guard read(until: ">>>", seconds: 20), let start = seen.range(of: "BNCLINE<<<", options: .backwards),
              let end = seen.range(of: ">>>", range: start.upperBound..<seen.endIndex) else {
            throw ShellError(text: "\(shell) printed no line for \(typed.debugDescription): \(seen.debugDescription)")
        }
        return String(seen[start.upperBound..<end.lowerBound])
    }
}

public struct ShellError: Error, CustomStringConvertible {
    public let text: String
    public var description: String { text }
}
