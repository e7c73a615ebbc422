// bnc-link: the command lives in BNCToolLink (Sources/bnc-link), which the multi-call binary links too.
import BNCToolLink

BNCToolLink.Entry.main()
