// bnc(1): the front door's page, written whole rather than from a tool's help dump.
import BNCCore
import BNCSuite

extension Mdoc {
    static func frontDoorPage() -> String {
        var s = header("bnc", section: 1, description: "command suite for Branch's server-to-server APIs")
        s += """
            .Sh SYNOPSIS
            .Nm
            .Ar tool
            .Op Ar arguments ...
            .Nm
            .Cm help
            .Ar tool
            .Nm
            .Fl Fl list | Fl Fl version | Fl Fl help
            .Sh DESCRIPTION
            .Nm
            runs
            .Nm bnc- Ns Ar tool
            with the arguments given, replacing itself with it, so standard input, output and the exit status pass
            through untouched.
            The tool is looked for beside
            .Nm
            first, then in each absolute directory of
            .Ev PATH .
            Any executable named
            .Nm bnc- Ns Ar name
            on
            .Ev PATH
            is a plugin; a plugin never overrides a built-in tool.
            A plugin script may carry a line
            .Ql bnc-abstract: text
            near its top, which
            .Fl Fl list
            shows.
            .Pp
            The built-in tools:
            .Bl -tag -width sandbox

            """
        for tool in ToolCatalog.all {
            s += ".It Cm \(tool.name)\n\(escape(tool.abstract)).\n"
        }
        s += """
            .El
            .Pp
            Every tool shares the same credential, network, device, output and batch flags; see
            .Xr bnc-open 1
            for the full list and
            .Xr bnc-config 5
            for profiles.
            .Sh OPTIONS
            .Bl -tag -width Ds
            .It Fl Fl list
            List the built-in tools and the plugins found on
            .Ev PATH ,
            warning on standard error about shadowed or non-executable ones.
            .It Fl Fl version
            Print the suite's version.
            .It Fl h , Fl Fl help
            Print usage and the tools.
            .El

            """
        s += sharedSections()
        s += """
            .Pp
            When a tool runs, the exit status is the tool's own.
            .Nm
            itself exits 64 for an unknown tool or option (with a did-you-mean), 126 when a
            .Sy bnc- Ns Ar NAME
            exists but cannot be run (not executable, or its
            .Li #!
            interpreter is missing), 127 when it vanished, and 74 when its own output cannot be written.

            """
        s += limitsSection()
        s += """
            .Sh EXAMPLES
            .Bd -literal -offset indent
            bnc --list
            bnc api --sandbox GET /v1/url -q url=http://127.0.0.1:8787/abc \\e
                --output table
            bnc help open

            """
        s += ".Ed\n" + seeAlso(except: "bnc")
        return s
    }

    /// Every cap the tools hold input, output and waits to (DESIGN.md "Bounds"), in one place.
    static func limitsSection() -> String {
        let mib = { (n: Int) in "\(n >> 20) MiB" }
        let rows: [(String, String)] = [
            ("Small input files", "a token, device, --body or --keys file: \(mib(FileSystem.smallInputLimit)) (exit 65); a secret or config file: \(mib(FileSystem.smallInputLimit)) (exit 78); --items and bulk files 64 MiB; --cacert 16 MiB; a conversion key 4 KiB"),
            ("Config files", "the TOML subset of bnc-config(5), at most 16 dotted parts to a key or table header, parsed in linear time"),
            ("JSON", "nesting of at most 256 levels; numbers finite and, when whole, within 64 bits; strings without NUL"),
            ("Batch lines", "\(mib(FileSystem.smallInputLimit)) a line, the --body cap (a longer line is a failed result, never sent; exit 1); a TUNE log line over 1 MiB is skipped and counted (long_lines_skipped), and one over 64 MiB with no line break ends the input (exit 65); a TUNE request has at most 512 parameters of 16 KiB"),
            ("Answers", "--max-response-size (default \(mib(TransportOptions.defaultMaxResponseBytes)), 1 KiB to 1 GiB) a transfer; a batch holds at most \(mib(TransportOptions.maxTotalResponseBytes)) of answers, half in flight, half waiting for an earlier line"),
            ("Waits", "--connect-timeout 0.001 to 3600 s (default 10), --max-time 0.001 to 86400 s (default 30), --retries 0 to 20 with back-off honouring Retry-After; every wait ends at once on SIGINT, SIGTERM or SIGHUP, and a second signal ends the run"),
            ("Batches", "--concurrency 1 to 1024, --rate 0.01 to 1000000 a second, --shard K/N; a journal kept by a tool itself is removed when its run finishes"),
            ("Headers and URLs", "CR, LF and NUL are refused in anything bound for a header, a URL or a one-line field; a header value holds no control character; Content-Length, Transfer-Encoding, Host, Connection and the other framing headers cannot be given"),
            ("Field lengths", "alias 128; channel, feature, campaign and stage 255; developer_identity and identity 127; an event name 256"),
            ("Files written", "mode 600 (a QR image, not a secret, takes the mode the umask gives, or keeps the mode of the image it replaces); a journal, state, report, pid or log path holding another kind of file, a directory or a device is refused (exit 78) and left as it was; reports are renamed into place only when complete; descriptors 0 to 2 are reserved at start-up"),
            ("Messages", "at most \(Diagnostics.maxDistinctWarnings) distinct warnings a run; control characters in anything printed for a person are escaped; secrets are masked everywhere unless --show-secrets"),
            ("bnc-sandbox", "request bodies 8 MiB, at most 100000 JSON members and elements, no name twice in an object; bulk payloads 250 KB (Branch's cap); --max-recorded requests kept (default 100000)"),
        ]
        var out = ".Sh LIMITS\n.Bl -tag -width Ds\n"
        for (name, text) in rows { out += ".It \(escape(name))\n\(escape(text)).\n" }
        return out + ".El\n"
    }
}
