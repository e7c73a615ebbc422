// Precedence (flags > environment > profile > defaults), permission refusal, key and secret checks.
import Foundation
import BNCSuite
import Testing
import TestSupport
@testable import BNCCore

@Suite struct ConfigurationTests {
    let sandbox: TestSupport.Sandbox
    init() throws { sandbox = try TestSupport.Sandbox() }

    func resolver(_ env: [String: String] = [:]) -> ConfigurationResolver {
        ConfigurationResolver(environment: Environment(variables: sandbox.environment(env)))
    }

    func writeConfig(_ text: String, mode: Int = 0o600) throws {
        try sandbox.write(".config/bnc/config.toml", text, mode: mode)
    }

    static let config = """
        default_profile = "dev"

        [profile.dev]
        branch_key = "key_test_dev111"
        branch_secret = "secret_test_dev111"
        api_url = "http://127.0.0.1:9001/"

        [profile.prod]
        branch_key = "key_live_prod222"
        branch_secret_file = "~/prod.secret"
        """

    @Test func profileFromTheFileDefault() throws {
        try writeConfig(Self.config)
        let s = try resolver().resolve(CredentialFlags())
        #expect(s.profileName == "dev")
        #expect(s.branchKey?.value == "key_test_dev111")
        #expect(s.branchSecret?.exposed == "secret_test_dev111")
        #expect(s.apiURL == "http://127.0.0.1:9001", "a trailing slash is dropped")
        #expect(s.sources["branch_key"] == .profile("dev"))
    }

    @Test func environmentBeatsProfileAndFlagsBeatEnvironment() throws {
        try writeConfig(Self.config)
        let secretFile = try sandbox.write("flag.secret", "secret_test_flag333\n")
        let env = ["BRANCH_KEY": "key_test_env444", "BRANCH_SECRET": "secret_test_env444", "BNC_API_URL": "http://127.0.0.1:9002"]
        let fromEnv = try resolver(env).resolve(CredentialFlags())
        #expect(fromEnv.branchKey?.value == "key_test_env444")
        #expect(fromEnv.branchSecret?.exposed == "secret_test_env444")
        #expect(fromEnv.apiURL == "http://127.0.0.1:9002")
        #expect(fromEnv.sources["branch_secret"] == .environment("BRANCH_SECRET"))

        let fromFlags = try resolver(env).resolve(CredentialFlags(key: "key_test_flag333", secretFile: secretFile, apiURL: "http://127.0.0.1:9003"))
        #expect(fromFlags.branchKey?.value == "key_test_flag333")
        #expect(fromFlags.branchSecret?.exposed == "secret_test_flag333", "the trailing newline of the file is trimmed")
        #expect(fromFlags.apiURL == "http://127.0.0.1:9003")
        #expect(fromFlags.sources["branch_key"] == .flag("--key"))
    }

    @Test func profileSelectionOrder() throws {
        try writeConfig(Self.config)
        try sandbox.write("prod.secret", "secret_live_PLACEHOLDER_prod222")
        #expect(try resolver(["BNC_PROFILE": "prod"]).resolve(CredentialFlags()).profileName == "prod")
        let flagged = try resolver(["BNC_PROFILE": "prod"]).resolve(CredentialFlags(profile: "dev"))
        #expect(flagged.profileName == "dev")
        let prod = try resolver().resolve(CredentialFlags(profile: "prod"))
        #expect(prod.branchSecret?.exposed == "secret_live_PLACEHOLDER_prod222", "branch_secret_file expands ~")
    }

    @Test func unknownProfileIsAConfigurationError() throws {
        try writeConfig(Self.config)
        let e = try #require(throws: BNCError.self) { try resolver().resolve(CredentialFlags(profile: "staging")) }
        #expect(e.exitStatus == .configuration)
        #expect(e.message.contains("profile staging"))
        #expect(e.hint?.contains("dev, prod, sandbox") == true)
    }

    @Test(arguments: [0o644, 0o640, 0o604])
    func refusesAConfigWithASecretOthersCanRead(mode: Int) throws {
        try writeConfig(Self.config, mode: mode)
        let e = try #require(throws: BNCError.self) { try resolver().resolve(CredentialFlags()) }
        #expect(e.exitStatus == .configuration)
        #expect(e.message.contains("readable by its group or others"))
        #expect(e.hint == "run: chmod 600 " + ShellQuote.quote("\(sandbox.configDir)/config.toml"))
    }

    @Test func aConfigWithoutSecretsMayBeReadable() throws {
        try writeConfig("[profile.x]\nbranch_key = \"key_test_abc\"\n", mode: 0o644)
        #expect(try resolver().resolve(CredentialFlags(profile: "x")).branchKey?.value == "key_test_abc")
    }

    @Test func refusesAReadableSecretFile() throws {
        let f = try sandbox.write("open.secret", "secret_test_x", mode: 0o644)
        let e = try #require(throws: BNCError.self) { try resolver().resolve(CredentialFlags(secretFile: f)) }
        #expect(e.exitStatus == .configuration)
        #expect(e.hint == "run: chmod 600 " + ShellQuote.quote(f))
    }

    @Test func missingSecretFileIsNoInput() throws {
        let e = try #require(throws: BNCError.self) { try resolver().resolve(CredentialFlags(secretFile: "/nonexistent/s")) }
        #expect(e.exitStatus == .noInput)
    }

    @Test(arguments: [
        ("key_live_abc", "secret_test_abc", "live key"),
        ("key_test_abc", "secret_live_PLACEHOLDER_abc", "test key"),
    ])
    func refusesMixedLiveAndTest(key: String, secret: String, says: String) throws {
        let e = try #require(throws: BNCError.self) {
            try resolver(["BRANCH_KEY": key, "BRANCH_SECRET": secret]).resolve(CredentialFlags())
        }
        #expect(e.exitStatus == .configuration)
        #expect(e.message.contains(says))
        #expect(!e.message.contains(secret), "the secret itself is never in a message")
    }

    @Test(arguments: ["abc", "key_prod_abc", "key_live_", "key_test_ab-c", " "])
    func checksTheKeyFormat(key: String) throws {
        let e = try #require(throws: BNCError.self) { try resolver().resolve(CredentialFlags(key: key)) }
        #expect(e.exitStatus == .configuration)
        #expect(e.message.hasPrefix("--key:"))
    }

    @Test func noKeyAtAllIsExit78WithAHint() throws {
        let s = try resolver().resolve(CredentialFlags())
        let e = try #require(throws: BNCError.self) { try s.requireKey() }
        #expect(e.exitStatus == .configuration)
        #expect(e.message.contains("--key") && e.message.contains("BRANCH_KEY"))
        #expect(e.hint?.contains("--sandbox") == true)
        #expect(throws: BNCError.self) { try s.requireSecret() }
    }

    @Test func sandboxProfileIsBuiltInAndRanksAsAFlag() throws {
        let s = try resolver(["BRANCH_KEY": "key_live_real", "BNC_SANDBOX_URL": "http://127.0.0.1:7777"]).resolve(CredentialFlags(sandbox: true))
        #expect(s.sandbox)
        #expect(s.branchKey?.value == ConfigurationResolver.sandboxKey)
        #expect(s.branchSecret?.exposed == ConfigurationResolver.sandboxSecret)
        #expect(s.apiURL == "http://127.0.0.1:7777")
        #expect(throws: BNCError.self) { try resolver().resolve(CredentialFlags(profile: "dev", sandbox: true)) }
        // Chosen by name (--profile sandbox, BNC_PROFILE) it ranks the same: the environment's live credentials
        // and API URL went to the sandbox under its name.
        let env = ["BRANCH_KEY": "key_live_real", "BRANCH_SECRET": "secret_live_PLACEHOLDER_real", "BNC_API_URL": "https://api2.branch.io"]
        for named in [try resolver(env).resolve(CredentialFlags(profile: "sandbox")),
                      try resolver(env.merging(["BNC_PROFILE": "sandbox"]) { $1 }).resolve(CredentialFlags())] {
            #expect(named.branchKey?.value == ConfigurationResolver.sandboxKey && named.branchSecret?.exposed == ConfigurationResolver.sandboxSecret)
            #expect(named.apiURL?.hasPrefix("http://127.0.0.1") == true, "\(named.apiURL ?? "nil")")
        }
    }

    /// A bad config file is configuration (78), its size included (it was 65: QA round 28a).
    @Test func aConfigFileOverItsBoundIsConfiguration() throws {
        try writeConfig("# " + String(repeating: "x", count: 2 << 20) + "\n")
        let e = try #require(throws: BNCError.self) { try resolver().resolve(CredentialFlags()) }
        #expect(e.exitStatus == .configuration && e.message.contains("larger than 1048576 bytes"), "\(e)")
    }

    @Test(arguments: [
        ("default_profile = 3", "default_profile must be a string"),
        ("[profile.x]\nbranch_kye = \"k\"", "unknown key profile.x.branch_kye"),
        ("colour = \"x\"", "unknown key colour"),
        ("[profile.x]\nbranch_secret = \"a\"\nbranch_secret_file = \"b\"", "sets both"),
        ("[profile.x\n", "config.toml:"),
    ])
    func refusesBadConfigFiles(_ text: String, _ says: String) throws {
        try writeConfig(text)
        let e = try #require(throws: BNCError.self) { try resolver().resolve(CredentialFlags()) }
        #expect(e.exitStatus == .configuration)
        #expect(e.message.contains(says), "\(e.message)")
    }

    @Test func aMissingBNCConfigIsAnError() throws {
        let e = try #require(throws: BNCError.self) { try resolver(["BNC_CONFIG": "/nonexistent/bnc.toml"]).resolve(CredentialFlags()) }
        #expect(e.exitStatus == .configuration)
    }

    @Test(arguments: ["ftp://x", "http://", "api2.branch.io", "http://h/?q=1", "http://h/#f"])
    func refusesBadBaseURLs(_ url: String) {
        // A flag's malformed value is a usage error (64); the same in the environment or a file, configuration.
        let flag = #expect(throws: BNCError.self) { try ConfigurationResolver.validateBaseURL(url, source: "--api-url") }
        #expect(flag?.exitStatus == .usage)
        let variable = #expect(throws: BNCError.self) { try ConfigurationResolver.validateBaseURL(url, source: "BNC_API_URL") }
        #expect(variable?.exitStatus == .configuration)
    }

    @Test func xdgPaths() {
        let env = Environment(variables: ["HOME": "/h", "XDG_CONFIG_HOME": "relative/ignored"])
        #expect(env.configFile == "/h/.config/bnc/config.toml")
        #expect(env.stateDirectory == "/h/.local/state/bnc")
        let env2 = Environment(variables: ["HOME": "/h", "XDG_STATE_HOME": "/s", "BNC_CONFIG": "~/c.toml"])
        #expect(env2.stateDirectory == "/s/bnc")
        #expect(env2.configFile == "/h/c.toml")
    }

    @Test func colourRules() {
        let tty = Environment(variables: ["TERM": "xterm"], stdoutIsTTY: true, stderrIsTTY: true)
        #expect(tty.wantsColor(onStderr: true))
        #expect(!Environment(variables: ["TERM": "xterm"], stdoutIsTTY: false, stderrIsTTY: false).wantsColor(onStderr: true))
        #expect(!Environment(variables: ["TERM": "dumb"], stdoutIsTTY: true, stderrIsTTY: true).wantsColor(onStderr: true))
        #expect(!Environment(variables: ["TERM": "xterm", "NO_COLOR": "1"], stdoutIsTTY: true, stderrIsTTY: true).wantsColor(onStderr: true))
        #expect(Environment(variables: ["NO_COLOR": "1"]).wantsColor(onStderr: true, mode: .always))
        #expect(!tty.wantsColor(onStderr: false, mode: .never))
    }

    /// Malformed files (some once aborted the C++ TOML parser bnc used, found by `make fuzz`) name their line and rule.
    @Test(arguments: [
        ("[e]\ny=\"\"\n[\n", 3, "a table header is [name] or [name.sub]"),
        ("[profile.a\n", 1, "a table header must end with ]"),
        ("branch_key = \"\"\"multi\n", 1, "a value is a"),
        ("branch_key = [1, 2]\n", 1, "a value is a"),
        ("branch_key = \"a\" trailing\n", 1, "unexpected text after the value"),
        ("a = \"bad \\q escape\"\n", 1, "a value is a"),
        ("key\u{7}bell = 1\n", 1, "control characters are not allowed"),
        ("= 1\n", 1, "expected key = value"),
        ("default_profile = \"a\"\ndefault_profile = \"b\"\n", 2, "default_profile is defined twice"),
        ("[profile.a]\nbranch_key = \"k\"\n[profile.a]\n", 3, "table [profile.a] is defined twice"),
        ("profile = \"x\"\n[profile.a]\n", 2, "profile is already a value, not a table"),
        ("[profile.a]\nbranch_key.x = \"k\"\nbranch_key = \"k\"\n", 3, "branch_key is defined twice"),
        ("[[profile]]\n", 1, "arrays of tables ([[name]]) are not part of bnc's config"),
        ("x = 012\n", 1, "a value is a"),
        ("x = 1__0\n", 1, "a value is a"),
        ("x = _1\n", 1, "a value is a"),
        ("x = 0x1F\n", 1, "a value is a"),
        ("x = \"\\uD800\"\n", 1, "a value is a"),
        // Hostile round 2: a 40 KB header of 20,000 parts took 3 GB; keys are bounded to 16 parts, tables included.
        ("[" + Array(repeating: "a", count: 20_000).joined(separator: ".") + "]\n", 1, "a table header has at most 16 dotted parts"),
        ("[a.b.c.d.e.f.g.h]\n" + Array(repeating: "k", count: 9).joined(separator: ".") + " = 1\n", 2, "a key has at most 16 dotted parts"),
    ] as [(String, Int, String)])
    func malformedFilesAreRefusedWithTheirLine(_ text: String, _ line: Int, _ rule: String) {
        #expect {
            try ConfigFile.parse(text, path: "c.toml")
        } throws: { error in
            guard let e = error as? BNCError else { return false }
            return e.exitStatus == .configuration && e.message.hasPrefix("c.toml:\(line): \(rule)")
        }
    }

    @Test func valuesAreDecodedAsTOMLSays() throws {
        let t = try ConfigSyntax.parse("a.b = 1_000\nc = -5\nd = true\ne = \"x\\ty\\u00e9\\\"\"\nf = 'lit\\n'\n[g . \"h.i\"]\nj = +0\n", path: "c.toml")
        #expect(t["a"]?.table?["b"] == .integer(1000))
        #expect(t["c"] == .integer(-5) && t["d"] == .bool(true))
        #expect(t["e"] == .string("x\tyé\""), "basic strings unescaped")
        #expect(t["f"] == .string("lit\\n"), "literal strings are not")
        #expect(t["g"]?.table?["h.i"]?.table?["j"] == .integer(0), "a quoted key part keeps its dot")
        #expect(t.entries.map(\.key) == ["a", "c", "d", "e", "f", "g"], "the file's order")
    }

    @Test func aTableOfManyKeysAndManyTablesParse() throws {
        // Keys are found through an index: 50,000 keys in one table and 5,000 tables, each checked for a repeat.
        let keys = (0..<50_000).map { "k\($0) = \"v\"" }.joined(separator: "\n")
        let t = try ConfigSyntax.parse("[profile.p]\n" + keys + "\n", path: "c.toml")
        #expect(t["profile"]?.table?["p"]?.table?.entries.count == 50_000)
        #expect(t["profile"]?.table?["p"]?.table?["k49999"] == .string("v"))
        let tables = (0..<5_000).map { "[t\($0)]\nk = 1" }.joined(separator: "\n")
        #expect(try ConfigSyntax.parse(tables, path: "c.toml")["t4999"]?.table?["k"] == .integer(1))
        #expect(throws: BNCError.self) { try ConfigSyntax.parse("[profile.p]\n" + keys + "\nk7 = \"again\"\n", path: "c.toml") }
        let sixteen = Array(repeating: "a", count: 16).joined(separator: ".")
        #expect(try ConfigSyntax.parse(sixteen + " = 1\n", path: "c.toml")["a"] != nil, "16 parts are allowed")
    }

    @Test func theDocumentedSubsetParses() throws {
        let text = "\u{FEFF}# bnc\ndefault_profile = \"live\"  # comment\r\n\n[profile.live]\nbranch_key = 'key_live_abcdefghijklmnop'\n"
            + "\"api_url\" = \"https://api2.branch.io\\u002f\"\n[ profile . \"test\" ]\napp_id = \"12\"\n"
        let file = try ConfigFile.parse(text, path: "c.toml")
        #expect(file.defaultProfile == "live")
        #expect(file.profiles["live"]?.branchKey == "key_live_abcdefghijklmnop")
        #expect(file.profiles["test"]?.appID == "12")
    }
}
