// bnc-sandbox's --help text: a summary and examples; the whole story (what it emulates, real traffic, control
// endpoints, lints, what it does not emulate) is bnc-sandbox(1), from BNCSandbox.SandboxManual.

enum SandboxHelp {
    static let discussion = """
            A local Branch for tests, demos and app teams: sessions, events and links, the Web SDK's calls, \
            Apple's AdServices and TUNE's /serve, on 127.0.0.1 only. It accepts what Branch's own SDKs send and \
            answers as Branch does; GET /_sandbox/requests shows what it received, with lints. bnc-sandbox(1) says \
            what is emulated and what is not, the control endpoints, the rate rules, the lints, and how to point an \
            iOS, Android or Web app at it. Any well-formed key_test_/key_live_ key is taken; the tools' --sandbox \
            (the built-in sandbox profile) sends key_test_bncsandbox and its secret.

            EXAMPLES:
              bnc-sandbox --port 0
              bnc-sandbox --tls        # for an Android emulator: Branch.setAPIUrl("https://10.0.2.2:8787/")
              bnc-sandbox --detach --state ~/.local/state/bnc/sandbox.db
              bnc-sandbox --chaos 429=0.1,500=0.05,reset=0.02,latency=20ms --seed 7
              curl -s -X POST http://127.0.0.1:8787/_sandbox/asa-token -d '{"detailed":true}'
            """
}
