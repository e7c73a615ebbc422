// bnc-app: the command lives in BNCToolApp (Sources/bnc-app), which the multi-call binary links too.
import BNCToolApp

BNCToolApp.Entry.main()
