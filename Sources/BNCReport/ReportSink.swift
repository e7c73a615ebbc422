// Where a report's cases go: one sink per export (findings XML, JUnit, HTML), fed case by case.
import BNCCore
import BNCSuite
#if canImport(Glibc)
import Glibc
#endif

/// Something a report is exported to, case by case.
public protocol ReportSink: AnyObject {
    func add(_ c: ReportCase) throws(BNCError)
    func finish(_ summary: ReportSummary) throws(BNCError)
}
