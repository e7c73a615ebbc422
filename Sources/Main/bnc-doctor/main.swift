// bnc-doctor: the command lives in BNCToolDoctor (Sources/bnc-doctor), which the multi-call binary links too.
import BNCToolDoctor

BNCToolDoctor.Entry.main()
