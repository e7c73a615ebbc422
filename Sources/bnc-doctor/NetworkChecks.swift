// bnc doctor's network checks: the proxy the environment sets, the libcurl in use (TLS library, HTTP/2, CA
// bundle), each upstream's reachability and latency with a short timeout, and the clock against a server's Date.
import BNCASA
import BNCCore
import BNCSuite

enum NetworkChecks {
    /// The proxy variables libcurl reads, a password in one shown as <redacted>.
    static func proxy(_ environment: Environment) -> Check {
        let names = ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"]
        let set = names.compactMap { name in environment[name].map { "\(name)=\(Redactor.maskUserInfo($0))" } }
        return .ok("proxy", set.isEmpty ? "none: connections are direct" : set.joined(separator: ", "))
    }

    /// libcurl, its TLS library, HTTP/2 (Branch serves it) and the CA bundle certificates are checked against.
    static func tls(_ environment: Environment, cacert: String?) -> Check {
        let line = BuildInfo.libcurl
        guard line.hasPrefix("libcurl/") else {
            return .fail("tls", line, fix: "install libcurl (Debian: apt-get install libcurl4)")
        }
        let parts = line.split(separator: " ").map(String.init)
        let library = parts.first { p in ["OpenSSL/", "GnuTLS/", "NSS/", "wolfSSL/", "mbedTLS/", "BoringSSL/", "LibreSSL/", "rustls"].contains { p.hasPrefix($0) } }
        let bundle = cacert.map(environment.expandTilde) ?? environment["CURL_CA_BUNDLE"] ?? environment["SSL_CERT_FILE"]
            ?? "/etc/ssl/certs/ca-certificates.crt"
        let detail = "\(parts[0]), \(library ?? "no TLS library"), HTTP/2 \(line.contains("nghttp2") ? "yes" : "no"), CA bundle \(bundle)"
        if library == nil { return .fail("tls", detail, fix: "install a libcurl built with TLS (Debian: libcurl4)") }
        if FileSystem.regularFileSize(bundle) == nil {
            return .fail("tls", detail + " (missing)", fix: cacert != nil ? "give --cacert an existing PEM bundle" : "apt-get install ca-certificates")
        }
        if !line.contains("nghttp2") {
            return .warn("tls", detail, fix: "Branch serves HTTP/2: a libcurl built with nghttp2 (Debian's libcurl4) saves a round trip per connection")
        }
        return .ok("tls", detail)
    }

    /// Where the tools go: one address when api_url sets it (the sandbox, a proxy), else Branch and Apple.
    static func upstreams(_ settings: Settings?) -> [(name: String, url: String)] {
        if let base = settings?.apiURL { return [("upstream", base)] }
        return [("upstream branch", Branch.defaultBaseURL), ("upstream adservices", AdServices.defaultBaseURL)]
    }

    /// Each upstream asked once (any HTTP answer is reachable), with the time it took; then the clock.
    static func reach(_ targets: [(name: String, url: String)], timeout: Double, cacert: String?, redactor: Redactor,
                      trace: TraceSink?) -> [Check] {
        var checks: [Check] = []
        var skew: (Double, String)?
        for (name, url) in targets {
            let options = TransportOptions(connectTimeout: min(3, timeout), maxTime: timeout, caCertFile: cacert,
                                           userAgent: BNCVersion.userAgent(tool: "bnc-doctor"))
            let client = HTTPClient(options: options, retry: RetryPolicy(maxAttempts: 1), redactor: redactor, trace: trace)
            do {
                let response = try client.send(HTTPRequest(method: "GET", url: url + "/"))
                let ms = { (s: Double) in "\(Int((s * 1000).rounded())) ms" }
                var detail = "\(url): HTTP \(response.status)" + (response.httpVersion.map { " over \($0)" } ?? "")
                if let t = response.timing { detail += " in \(ms(t.total)) (connect \(ms(t.connect))\(t.tls > 0 ? ", TLS \(ms(t.tls))" : ""))" }
                checks.append(.ok(name, detail, kind: .upstream))
                if skew == nil, let s = response.clockSkew() { skew = (s - sandboxAdvance(response, url: url, client: client), url) }
            } catch {
                checks.append(.fail(name, "\(url): \(error.message)", fix: "check the network, the proxy (https_proxy) and api_url; -v shows the exchange",
                                    kind: .upstream))
            }
        }
        if let (seconds, url) = skew {
            let off = Int(seconds.magnitude.rounded())
            let detail = off <= 2 ? "within 2 s of \(url)" : "\(off) s \(seconds > 0 ? "behind" : "ahead of") \(url)"
            checks.append(off <= 60 ? .ok("clock", detail)
                : .fail("clock", detail + ": timestamps and token ages are judged by the clock",
                        fix: "synchronise the clock (timedatectl set-ntp true, or your system's NTP client)"))
        } else {
            // The row is there whatever happened, as every check's: skipped, and why.
            let answered = checks.contains { $0.status == .ok }
            checks.append(clockSkipped(answered ? "no answer carried a Date header to compare with" : "no upstream answered: nothing to compare with"))
        }
        return checks
    }

    /// How far bnc-sandbox's clock was moved on purpose (`POST /_sandbox/clock`, as tests of exports do): its Date
    /// runs that far ahead, which is no fault of this machine's clock (doctor failed with timedatectl advice: QA
    /// round 31b). Zero for any other server.
    static func sandboxAdvance(_ response: HTTPResponse, url: String, client: HTTPClient) -> Double {
        guard response.requestID?.hasPrefix("bnc-sandbox") == true,
              let clock = try? client.send(HTTPRequest(method: "GET", url: url + "/_sandbox/clock")), clock.isSuccess,
              let advanced = clock.json?["advanced_seconds"]?.numberValue?.double, advanced.isFinite else { return 0 }
        return advanced
    }

    /// The clock's row when nothing was compared.
    static func clockSkipped(_ why: String) -> Check { Check(name: "clock", status: .skip, detail: why) }
}
