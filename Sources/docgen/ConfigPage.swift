// bnc-config(5): the configuration file's page, from Core's profile keys and environment tables.
import BNCCore
import BNCSuite

extension Mdoc {
    static func configPage() -> String {
        var s = header("bnc-config", section: 5, description: "profiles and credentials of the bnc tools")
        s += """
            .Sh DESCRIPTION
            The bnc tools read
            .Pa $XDG_CONFIG_HOME/bnc/config.toml
            (or the file named by
            .Ev BNC_CONFIG ) ,
            a TOML file of named profiles.
            Settings are taken, highest first, from flags, the environment, the selected profile, then built-in
            defaults.
            The profile is chosen by
            .Fl Fl profile ,
            else
            .Ev BNC_PROFILE ,
            else the file's
            .Ic default_profile .
            .Pp
            A file that holds a secret inline must be private to its owner: the tools refuse a group- or
            world-readable one with exit status 78 and the
            .Xr chmod 1
            command to run.
            Secret files named by
            .Ic branch_secret_file
            or
            .Fl Fl secret-file
            are held to the same rule.
            Secrets are never taken on the command line.
            .Pp
            The profile
            .Ic sandbox
            is built in: it points at a local
            .Xr bnc-sandbox 1
            (
            .Ev BNC_SANDBOX_URL ,
            default http://127.0.0.1:8787) with test credentials, and is what
            .Fl Fl sandbox
            selects; its values rank with the flags.
            .Sh KEYS
            .Bl -tag -width Ds
            .It Ic default_profile
            Top level: the profile used when none is named.

            """
        for (name, meaning, _) in Profile.keys {
            s += ".It Ic \(name)\nIn a\n.Ic [profile.NAME]\ntable: \(escape(meaning)).\n"
        }
        s += ".El\n"
        // Where the file is found, and what the environment changes about it.
        s += environmentSection()
        s += """
            .Sh FILES
            .Bl -tag -width Ds
            .It Pa $XDG_CONFIG_HOME/bnc/config.toml
            The profiles (default
            .Pa ~/.config/bnc/config.toml ,
            or the file
            .Ev BNC_CONFIG
            names). A file that holds a secret must be readable by its owner only (mode 600): bnc refuses it otherwise (exit 78).
            .It Pa ~/.config/bnc/*.secret
            Secret files a profile names with
            .Ic branch_secret_file
            or
            .Ic access_token_file ,
            mode 600.
            .El

            """
        s += """
            .Sh EXAMPLES
            .Bd -literal -offset indent
            default_profile = "dev"

            [profile.dev]
            branch_key = "key_test_yourtestkey"
            branch_secret_file = "~/.config/bnc/dev.secret"

            [profile.prod]
            branch_key = "key_live_yourlivekey"
            branch_secret_file = "~/.config/bnc/prod.secret"
            api_url = "https://api2.branch.io"
            .Ed
            .Sh SEE ALSO
            .Xr bnc 1 ,
            .Xr bnc-open 1

            """
        return s
    }
}
