// bnc doctor's configuration checks: the config file and the profile chosen, each setting with where it came from,
// the key's format, the key and secret of the same kind (live with live), secret files private. Never a secret.
import BNCASA
import BNCCommandSupport
import BNCCore

enum ConfigChecks {
    /// The checks, and the settings resolved (nil when they could not be: the failing check says why).
    /// Also the address the tools would use: the chosen profile's api_url is read from the config file when the
    /// settings could not be resolved (a secret file readable by others): the upstream check then still asks only that address, never
    /// the real services a sandbox-only setup never meant to reach.
    static func run(_ environment: Environment, flags: CredentialFlags) -> ([Check], Settings?, String?) {
        var checks: [Check] = []
        let resolver = ConfigurationResolver(environment: environment)
        let path = environment.configFile
        var profileURL: String?
        var chosenProfile: String?
        do {
            if let file = try resolver.loadConfigFile() {
                let chosen = flags.profile ?? environment["BNC_PROFILE"] ?? file.defaultProfile
                chosenProfile = chosen.map { name in
                    name + (flags.profile != nil ? " (from --profile)" : environment["BNC_PROFILE"] != nil ? " (from BNC_PROFILE)" : " (the config file's default)")
                }
                profileURL = chosen.flatMap { file.profiles[$0]?.apiURL }
                let names = file.profiles.keys.sorted()
                checks.append(.ok("config file", "\(path): \(Counting.of(names.count, "profile"))\(names.isEmpty ? "" : " (" + names.joined(separator: ", ") + ")")"))
            } else {
                checks.append(.ok("config file", "none at \(path): flags and the environment only"))
            }
        } catch {
            checks.append(.fail("config file", error.message, fix: error.hint ?? "see bnc-config(5)"))
            return (checks, nil, nil)
        }
        let settings: Settings
        do {
            settings = try resolver.resolve(flags)
        } catch {
            // The profile chosen still shows (what a ticket needs first), with the failure that stopped the rest.
            if let chosenProfile { checks.append(.ok("profile", chosenProfile)) }
            checks.append(.fail("credentials", error.message, fix: error.hint ?? "see bnc-config(5)"))
            return (checks, nil, profileURL)
        }
        let from = { (key: String) in settings.sources[key].map { " (from \($0))" } ?? "" }
        checks.append(.ok("profile", settings.profileName.map { "\($0)\(from("profile"))" } ?? "none: no --profile, BNC_PROFILE or default profile"))
        if let key = settings.branchKey {
            checks.append(.ok("branch key", "\(key.value), \(key.kind.rawValue)\(from("branch_key"))"))
        } else {
            checks.append(.warn("branch key", "none: every tool that calls Branch needs one",
                                fix: "set BRANCH_KEY, pass --key, or add branch_key to a profile (bnc-config(5))"))
        }
        if let secret = settings.branchSecret {
            checks.append(secretCheck(secret, source: settings.secretSource.map { " (from \($0))" } ?? ""))
        } else {
            checks.append(.warn("branch secret", "none: bnc-open from a server, bnc-link update and bnc-api --with-secret need it",
                                fix: "keep it in a file (chmod 600) and set branch_secret_file in a profile, or BRANCH_SECRET"))
        }
        checks.append(.ok("access token", settings.accessToken == nil ? "none (bnc-link delete and bnc-export's custom, query, aggregate, cohort and cross-event need one)" : "set\(from("access_token"))"))
        checks.append(.ok("api url", (settings.apiURL.map { "\($0)\(from("api_url"))" }) ?? "the real services (\(Branch.defaultBaseURL), \(AdServices.defaultBaseURL))"))
        return (checks, settings, settings.apiURL)
    }

    /// The secret's kind; a live key with a test secret (or the reverse) never gets here: the resolver refuses
    /// the pair, and the "credentials" check says so. A secret of neither shape is suspicious.
    static func secretCheck(_ secret: Secret, source: String) -> Check {
        guard let kind = secret.branchKind else {
            return .warn("branch secret", "set\(source), but it starts with neither secret_live_ nor secret_test_",
                         fix: "copy the secret again from the dashboard's Account Settings")
        }
        return .ok("branch secret", "set, \(kind.rawValue)\(source)")
    }
}
