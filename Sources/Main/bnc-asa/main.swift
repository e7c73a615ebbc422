// bnc-asa: the command lives in BNCToolASA (Sources/bnc-asa), which the multi-call binary links too.
import BNCToolASA

BNCToolASA.Entry.main()
