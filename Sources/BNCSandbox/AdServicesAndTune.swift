// Apple's AdServices attribution API (tokens minted here with the behaviour a test wants) and TUNE's legacy
// /serve endpoint (answered TUNE-style, for replaying logged requests).
import BNCCore

extension Sandbox {
    /// POST /_sandbox/asa-token {attribution, detailed, not_found_times, expired, server_error_times, developer_mode, record}.
    func mintASAToken(_ r: SandboxRequest) -> SandboxResponse {
        var spec = JSONObject()
        if !r.body.isEmpty {
            guard case .object(let o)? = try? r.decodedBody() else {
                return .branchError(400, "body must be a JSON object of token behaviour")
            }
            spec = o
        }
        let known = ["attribution", "detailed", "not_found_times", "expired", "server_error_times", "developer_mode", "record"]
        if let unknown = spec.keys.first(where: { !known.contains($0) }) {
            return .branchError(400, "\(unknown) is not a token behaviour (known: \(known.joined(separator: ", ")))")
        }
        var token = ASAToken()
        token.attribution = spec["attribution"]?.boolValue ?? true
        token.detailed = spec["detailed"]?.boolValue ?? false
        token.notFoundRemaining = Int(spec["not_found_times"]?.numberValue?.int64 ?? 0)
        token.serverErrorRemaining = Int(spec["server_error_times"]?.numberValue?.int64 ?? 0)
        token.expired = spec["expired"]?.boolValue ?? false
        token.developerMode = spec["developer_mode"]?.boolValue ?? false
        // A production token reads its own campaign's ids; only a developer-mode token reads Apple's sample.
        var record: JSONObject = [:]
        if !token.developerMode {
            func id() -> JSON { .number(JSONNumber(literal: String(1_000_000_000 + Int(random.unit() * 8_999_999_999)))!) }
            record = ["orgId": id(), "campaignId": id(), "adGroupId": id(), "keywordId": id(), "adId": id(),
                      "claimType": "Click", "supplyPlacement": "APPSTORE_SEARCH_RESULTS"]
        }
        for (k, v) in spec["record"]?.objectValue ?? [:] { record[k] = v }
        token.record = record
        token.mintedAt = now
        // Apple's tokens are long Base64 strings; ours are too, so clients cannot tell them apart by shape.
        let text = Base64.encode(random.bytes(120))
        store.save(asa: token, token: text)
        bump("asa_tokens_minted")
        return .json(200, ["token": .string(text)])
    }

    /// POST /api/v1/ with the raw token: 200 record, 400 invalid, 404 not yet or expired, 500 down.
    func adServices(_ r: SandboxRequest) -> SandboxResponse {
        // Read before the lock (`SandboxRequest.text`); a token longer than any the sandbox mints (160 characters)
        // is none of its own, and is not scanned under the lock (8 MB held every client 2 s: QA round 31a).
        let text = r.trimmedText
        guard text.utf8.count <= 4096, Base64.isValid(text), var token = store.asaTokens[text] else {
            bump("asa_invalid")
            return SandboxResponse(status: 400, headers: [("Content-Type", "text/plain")], body: Array("Bad Request: the token is invalid\n".utf8))
        }
        if token.expired || now - token.mintedAt > Self.asaTokenLife {
            return SandboxResponse(status: 404, headers: [("Content-Type", "text/plain")], body: Array("Not Found: the token has expired\n".utf8))
        }
        if token.serverErrorRemaining > 0 {
            token.serverErrorRemaining -= 1
            store.save(asa: token, token: text)
            return SandboxResponse(status: 500, headers: [("Content-Type", "text/plain")], body: Array("Internal Server Error\n".utf8))
        }
        if token.notFoundRemaining > 0 {
            token.notFoundRemaining -= 1
            store.save(asa: token, token: text)
            return SandboxResponse(status: 404, headers: [("Content-Type", "text/plain")], body: Array("Not Found: no attribution record yet\n".utf8))
        }
        bump("asa_records")
        return .json(200, .object(Self.asaRecord(token)))
    }

    /// Apple's tokens live 24 hours (the sandbox clock ages them).
    static let asaTokenLife = 24.0 * 3600

    /// The record a token reads: `{"attribution": false}`, or Apple's documented sample payload (values fixed, as
    /// Apple's development tokens return) with the token's overrides. A developer-mode token is always attributed.
    static func asaRecord(_ token: ASAToken) -> JSONObject {
        guard token.attribution || token.developerMode else { return ["attribution": false] }
        // Apple's developer-mode sample (current doc copy); a production token's ids were minted with it.
        var record: JSONObject = ["attribution": true, "orgId": 1234567890, "campaignId": 1234567890, "adGroupId": 1234567890,
                                  "keywordId": 123222, "adId": 542317136, "conversionType": "Download", "claimType": "Click",
                                  "countryOrRegion": "US", "supplyPlacement": "APPSTORE_SEARCH_RESULTS"]
        for (k, v) in token.record { record[k] = v }
        // A tap is dated by clickDate, a view (claimType Impression, Apple's view-through claim) by impressionDate;
        // each only in the detailed record (the user allowed tracking), at minute precision.
        let impression = record["claimType"]?.stringValue == "Impression"
        if token.detailed || token.developerMode {
            let date = impression ? "impressionDate" : "clickDate"
            if record[date] == nil { record[date] = "2020-04-08T17:17Z" }
        }
        record[impression ? "clickDate" : "impressionDate"] = nil
        return record
    }

    /// An install whose apple_attribution_token this sandbox minted, live and attributed: the deep-link data
    /// Branch gives an Apple Search Ads install (the sandbox's shape: the channel and the campaign's ids as `~`
    /// labels; Branch's exact key set is not in the documents).
    func searchAdsAttribution(_ body: JSONObject) -> JSONObject? {
        guard let text = body["apple_attribution_token"]?.stringValue?.trimmingWhitespace(), let token = store.asaTokens[text],
              !token.expired, now - token.mintedAt <= Self.asaTokenLife else { return nil }
        let record = Self.asaRecord(token)
        guard record["attribution"]?.boolValue == true else { return nil }
        var data: JSONObject = ["+clicked_branch_link": false, "~channel": "Apple Search Ads", "~feature": "paid advertising",
                                "~advertising_partner_name": "Apple Search Ads"]
        for (label, key) in [("~campaign_id", "campaignId"), ("~ad_set_id", "adGroupId"), ("~keyword_id", "keywordId"),
                             ("~creative_set_id", "creativeSetId")] {
            if let v = record[key] { data[label] = .string(v.numberValue?.literal ?? v.stringValue ?? "") }
        }
        bump("installs_attributed_search_ads")
        return data
    }

    /// GET|POST /serve with TUNE's query parameters.
    func tune(_ r: SandboxRequest) -> SandboxResponse {
        var params: [String: String] = [:]
        for (k, v) in r.query { params[k] = v }
        var errors: [String] = []
        for required in ["action", "advertiser_id"] where (params[required] ?? "").isEmpty {
            errors.append("\(required) is required")
        }
        if let id = params["advertiser_id"], !id.isEmpty, !KeyFormat.isDigits(id) { errors.append("advertiser_id must be numeric") }
        if params["sdk"] == "server" {
            if (params["device_ip"] ?? "").isEmpty {
                errors.append(r.header("X-IP-Override") != nil
                    ? "device_ip is required: TUNE reads the device IP from the device_ip query parameter, never from X-IP-Override"
                    : "device_ip is required for server-to-server requests")
            } else if !SandboxIP.isValid(params["device_ip"]!) {
                errors.append("device_ip must be an IPv4 or IPv6 address")
            }
            if (params["site_id"] ?? "").isEmpty && (params["package_name"] ?? "").isEmpty { errors.append("site_id is required") }
        }
        if let ifa = params["ios_ifa"], params["ios_ad_tracking_disabled"] == nil && params["ios_ad_tracking"] == nil, !ifa.isEmpty {
            errors.append("ios_ad_tracking_disabled must be sent with ios_ifa")
        }
        if let aid = params["google_aid"], !aid.isEmpty, params["google_ad_tracking_disabled"] == nil {
            errors.append("google_ad_tracking_disabled must be sent with google_aid")
        }
        if !errors.isEmpty {
            bump("tune_rejected")
            return .json(400, ["success": false, "errors": .array(errors.map(JSON.string))], headers: [("X-MAT-Responder", "bnc-sandbox")])
        }
        lintTuneRequired(params, userAgentHeader: r.header("User-Agent") != nil)
        let action = params["action"]!
        let eventType: String
        switch action {
        case "session", "install", "open", "update":
            let device = params["ios_ifa"] ?? params["ios_ifv"] ?? params["google_aid"] ?? params["android_id"] ?? params["mat_id"] ?? params["device_ip"] ?? ""
            let key = "\(params["advertiser_id"]!)|\(device)"
            let first = !store.tuneDevices.contains(key)
            store.tuneDevices.insert(key)
            store.persist("tune", key, .bool(true))
            eventType = first && params["existing_user"] != "1" ? "install" : "open"
        case "conversion":
            // Answered as sent; TUNE stores a custom name lower-cased and stripped of all but letters and digits
            // (its "measuring other custom events" page, in the fact sheet), so the duplicate rule, which works on
            // what is stored, sees "Add To Cart" and "add_to_cart" as one event.
            eventType = params["site_event_name"] ?? params["site_event_id"] ?? "conversion"
            let storedName = params["site_event_name"].map(Self.tuneEventName) ?? eventType
            // TUNE drops the same event from the same device within an hour; a distinct transaction_id or
            // advertiser_ref_id makes it another event.
            let device = params["ios_ifa"] ?? params["ios_ifv"] ?? params["google_aid"] ?? params["os_id"] ?? params["android_id"]
                ?? params["device_id"] ?? params["device_ip"] ?? ""
            let reference = params["transaction_id"] ?? params["advertiser_ref_id"] ?? ""
            let eventKey = "\(params["advertiser_id"]!)|\(device)|\(storedName)|\(reference)"
            if let last = store.tuneEvents[eventKey], now - last < 3600 {
                bump("tune_duplicates_dropped")
                return .json(200, ["success": false, "site_event_type": .string(eventType),
                                   "errors": ["Duplicate event: the same event from this device was logged within the last hour"]])
            }
            store.tuneEvents[eventKey] = now
            store.persist("tuneevent", eventKey, .double(now))
        default:
            eventType = action
        }
        bump("tune_\(eventType == "install" || eventType == "open" ? eventType : "events")")
        return .json(200, ["success": true, "site_event_type": .string(eventType), "log_id": .string(random.branchID()),
                           "errors": []])
    }

    static func tuneEventName(_ raw: String) -> String {
        String(raw.lowercased().unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.map(Character.init))
    }

    /// The seed's REQUIRED parameters (its TUNE API table), per platform: TUNE tolerates their absence, so each
    /// missing one is a lint, not a refusal. The platform comes from the ids sent.
    private func lintTuneRequired(_ params: [String: String], userAgentHeader: Bool) {
        func has(_ k: String) -> Bool { !(params[k] ?? "").isEmpty }
        var missing: [String] = []
        for k in ["device_ip", "device_brand", "device_model"] where !has(k) { missing.append(k) }
        if !has("user_agent") && !userAgentHeader { missing.append("user_agent") }
        if !has("referral_url") { missing.append("referral_url") }
        if has("ios_ifa") || has("ios_ifv") {
            if !has("ios_ifv") { missing.append("ios_ifv") }
        } else if has("google_aid") || has("os_id") || has("android_id") {
            if !has("google_aid") && !has("os_id") { missing.append("os_id") }
        } else if has("windows_aid") || has("device_id") {
            if !has("device_id") { missing.append("device_id") }
            if params["windows_aid"] == nil { missing.append("windows_aid") }
        } else {
            missing.append("a device id (ios_ifv, google_aid or os_id, device_id)")
        }
        if !missing.isEmpty { lint("TUNE request without REQUIRED \(missing.joined(separator: ", "))") }
        if has("local_ip") { lint("local_ip is not supported on TUNE API calls (ignored)") }
    }
}
