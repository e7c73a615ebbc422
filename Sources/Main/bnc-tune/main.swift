// bnc-tune: the command lives in BNCToolTune (Sources/bnc-tune), which the multi-call binary links too.
import BNCToolTune

BNCToolTune.Entry.main()
