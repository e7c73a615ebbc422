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
            itself exits 64 for an unknown tool or option (with a did-you-mean), and 126 or 127 when the tool
            cannot be executed.
            .Sh EXAMPLES
            .Bd -literal -offset indent
            bnc --list
            bnc api --sandbox GET /v1/url -q url=http://127.0.0.1:8787/abc --output table
            bnc help open

            """
        s += ".Ed\n" + seeAlso(except: "bnc")
        return s
    }
}
