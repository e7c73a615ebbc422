// bnc-event: the command lives in BNCToolEvent (Sources/bnc-event), which the multi-call binary links too.
import BNCToolEvent

BNCToolEvent.Entry.main()
