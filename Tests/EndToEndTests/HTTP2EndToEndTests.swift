// A batch over HTTPS with HTTP/2, as Branch is reached: nginx (Debian's nginx-light, TLS and http2) logs the serial
// number of the connection each request came on, and bnc-sandbox (HTTP/1.1 only) cannot show it.
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct HTTP2EndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    /// `--concurrency 16` over HTTP/2 is 16 streams on one connection (CURLOPT_PIPEWAIT): one TLS handshake, not one
    /// per transfer, and every line answered.
    @Test func aBatchOverHTTP2SharesOneConnection() throws {
        let nginx = "/usr/sbin/nginx"
        try #require(FileManager.default.isExecutableFile(atPath: nginx), "nginx is missing: `make bootstrap` installs nginx-light")
        let dir = box.root.appendingPathComponent("nginx").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let cert = dir + "/cert.pem", key = dir + "/key.pem"
        let made = try box.run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                                                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert])
        try #require(made.status == 0, "\(made.stderr)")
        // nginx in the foreground, killed when the test ends; a port in use makes it exit at once, and another is
        // tried. Ready when it answers.
        var server: BackgroundTool?
        var port = 0
        for _ in 0..<20 where port == 0 {
            let candidate = Int.random(in: 20_000..<60_000)
            let conf = """
                worker_processes 1; daemon off; pid \(dir)/nginx.pid; error_log \(dir)/error.log;
                events { worker_connections 256; }
                http {
                    log_format conn '$connection $request_uri';
                    access_log \(dir)/access.log conn;
                    client_body_temp_path \(dir); proxy_temp_path \(dir); fastcgi_temp_path \(dir);
                    uwsgi_temp_path \(dir); scgi_temp_path \(dir);
                    server {
                        listen 127.0.0.1:\(candidate) ssl http2;
                        ssl_certificate \(cert);
                        ssl_certificate_key \(key);
                        location / { default_type application/json; return 200 '{"branch_view_enabled":false}'; }
                    }
                }
                """
            try conf.write(toFile: dir + "/nginx.conf", atomically: true, encoding: .utf8)
            let started = try BackgroundTool(nginx, ["-c", dir + "/nginx.conf", "-e", dir + "/error.log"],
                                             environment: ["PATH": "/usr/sbin:/usr/bin:/bin"], directory: dir)
            for _ in 0..<100 {
                if started.hasExited { break }
                let probe = try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--cacert", cert,
                                                          "https://127.0.0.1:\(candidate)/"])
                if probe.stdout == "200" { port = candidate; server = started; break }
                usleep(20_000)
            }
            if port == 0 { started.signal(SIGKILL); started.wait() }
        }
        try #require(port != 0, "nginx did not start: \((try? String(contentsOfFile: dir + "/error.log", encoding: .utf8)) ?? "")")
        defer { server?.signal(SIGTERM); server?.wait() }

        let lines = (0..<64).map { #"{"name":"PURCHASE","user_data":{"developer_identity":"u\#($0)"}}"# }
        let input = try box.write("h2.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try box.run("bnc-event", ["send", "--batch", input, "--concurrency", "16", "--cacert", cert],
                            env: ["BRANCH_KEY": "key_live_foo", "BNC_API_URL": "https://127.0.0.1:\(port)"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").filter { $0.contains(#""ok":true"#) }.count == 64, "\(r.stdout.prefix(400))")
        // nginx logs each request as it ends: give the last lines a moment.
        var logged: [Substring] = []
        for _ in 0..<50 {
            // The readiness probe's `/` is logged too: only the events count.
            logged = ((try? String(contentsOfFile: dir + "/access.log", encoding: .utf8)) ?? "").split(separator: "\n")
                .filter { $0.hasSuffix(" /v2/event/standard") }
            if logged.count >= 64 { break }
            usleep(40_000)
        }
        #expect(logged.count == 64, "\(logged.count) events logged")
        let connections = Set(logged.map { $0.split(separator: " ").first ?? "" })
        #expect(connections.count == 1, "64 requests came on \(connections.count) connections")
    }
}
