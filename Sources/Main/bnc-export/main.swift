// bnc-export: the command lives in BNCToolExport (Sources/bnc-export), which the multi-call binary links too.
import BNCToolExport

BNCToolExport.Entry.main()
