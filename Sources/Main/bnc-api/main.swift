// bnc-api: the command lives in BNCToolAPI (Sources/bnc-api), which the multi-call binary links too.
import BNCToolAPI

BNCToolAPI.Entry.main()
