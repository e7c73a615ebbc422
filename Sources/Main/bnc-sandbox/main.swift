// bnc-sandbox: the command lives in BNCToolSandbox (Sources/bnc-sandbox), which the multi-call binary links too.
import BNCToolSandbox

BNCToolSandbox.Entry.main()
