// bnc-open: the command lives in BNCToolOpen (Sources/bnc-open), which the multi-call binary links too.
import BNCToolOpen

BNCToolOpen.Entry.main()
