// bnc-event's requests in the suite's one builder shape: each body or batch line checked by EventFields and made
// a POST to /v2/event/standard or /custom by its name.
import BNCCore

/// Makes v2 event requests and reads their answers (JSON).
public struct EventBuilder: JSONAnswering {
    public static let tables = EventFields.all

    let key: BranchKey
    let baseURL: String?
    let ip: IPAddress?
    let forceCustom: Bool
    let categoryForm: CategoryForm

    public init(key: BranchKey, baseURL: String?, ip: IPAddress?, forceCustom: Bool = false, categoryForm: CategoryForm = .display) {
        self.key = key
        self.baseURL = baseURL
        self.ip = ip
        self.forceCustom = forceCustom
        self.categoryForm = categoryForm
    }

    public func request(_ body: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        try EventRequest.request(body, key: key, ip: ip, baseURL: baseURL, forceCustom: forceCustom, categoryForm: categoryForm,
                                 warnings: warnings)
    }

    public func request(line: JSONObject, warnings: Warnings) throws(BNCError) -> HTTPRequest {
        try EventRequest.request(line: line, key: key, ip: ip, baseURL: baseURL, forceCustom: forceCustom, categoryForm: categoryForm,
                                 warnings: warnings)
    }
}
