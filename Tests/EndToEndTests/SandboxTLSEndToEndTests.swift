// bnc-sandbox --tls: HTTPS for SDKs that take only an https API URL (Android), with a self-signed pair made once
// and kept, a user's pair, and the files it finds in its way left as they are.
import Foundation
import Testing
import TestSupport

@Suite struct SandboxTLSEndToEndTests {
    let box: TestSupport.Sandbox
    init() throws { box = try TestSupport.Sandbox() }

    var certPath: String { box.root.appendingPathComponent(".local/state/bnc/sandbox-tls.pem").path }
    var keyPath: String { box.root.appendingPathComponent(".local/state/bnc/sandbox-tls.key").path }

    @Test func anAndroidInstallOverHTTPSWithTheSelfSignedCertificate() throws {
        let s = try SandboxProcess(["--tls"], environment: box.environment())
        s.caCertificate = certPath
        #expect(s.url.hasPrefix("https://127.0.0.1:"))
        let certificate = try String(contentsOfFile: certPath, encoding: .utf8)
        #expect(certificate.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(FileSystemMode.of(keyPath) == 0o600, "the private key is the user's alone")
        let sans = try box.run("/usr/bin/openssl", ["x509", "-in", certPath, "-noout", "-ext", "subjectAltName"])
        #expect(sans.stdout.contains("IP Address:10.0.2.2") && sans.stdout.contains("IP Address:127.0.0.1") && sans.stdout.contains("DNS:localhost"))

        // The Android SDK's /v1/install (Tests/Fixtures/sdk/android/install.json), verified against the certificate.
        let fixture = try JSONSerialization.jsonObject(with: Data(Fixtures.text("sdk/android/install.json").utf8)) as? [String: Any]
        let body = try JSONSerialization.data(withJSONObject: (fixture?["request"] as? [String: Any])?["body"] as Any)
        let file = try box.write("install.json", String(decoding: body, as: UTF8.self))
        let r = try box.run("/usr/bin/curl", ["-s", "--cacert", certPath, "-H", "Content-Type: application/json", "-H", "Accept: application/json",
                                              "--data-binary", "@" + file, s.url + "/v1/install"])
        let answer = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(answer?["randomized_bundle_token"] is String && answer?["session_id"] is String, "\(r.stdout) \(r.stderr)")
        #expect((answer?["link"] as? String)?.hasPrefix("https://127.0.0.1:") == true, "links live on the https origin")
        let untrusted = try box.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", s.url + "/_sandbox/stats"])
        #expect(untrusted.stdout == "000", "without the certificate the handshake fails")

        // The suite's own tools reach it with --cacert.
        let event = try box.run("bnc-event", ["send", "LOGIN", "--developer-identity", "u-1", "--api-url", s.url, "--cacert", certPath,
                                              "--key", "key_test_tls", "--output", "json"])
        #expect(event.status == 0, "\(event.stderr)")
        // A bundle with a PEM header and bad contents is the user's configuration (78), not an unreachable service.
        let bad = try box.write("bad.pem", "-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n")
        let refused = try box.run("bnc-event", ["send", "LOGIN", "--developer-identity", "u-1", "--api-url", s.url, "--cacert", bad,
                                                "--key", "key_test_tls", "--retries", "0"])
        #expect(refused.status == 78 && refused.stderr.contains("the CA certificate bundle cannot be used"), "\(refused.stderr)")
        #expect(s.stop() == 0)

        // A restart keeps the pair, so an app's trust of it lasts.
        let again = try SandboxProcess(["--tls"], environment: box.environment())
        #expect(try String(contentsOfFile: certPath, encoding: .utf8) == certificate)
        again.stop()
    }

    @Test func filesInItsWayAreRefusedAndLeftAsTheyAre() throws {
        let notACert = try box.write(".local/state/bnc/sandbox-tls.pem", "my notes\n")
        try box.write(".local/state/bnc/sandbox-tls.key", "not a key\n")
        let r = try box.run("bnc-sandbox", ["--tls", "--port", "0"])
        #expect(r.status == 78, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("bnc-sandbox: error: ") && r.stderr.contains("sandbox-tls.pem"))
        #expect(try String(contentsOfFile: notACert, encoding: .utf8) == "my notes\n")

        try FileManager.default.removeItem(atPath: keyPath)
        let half = try box.run("bnc-sandbox", ["--tls", "--port", "0"])
        #expect(half.status == 78 && half.stderr.contains("only one of"))
        #expect(try String(contentsOfFile: notACert, encoding: .utf8) == "my notes\n")

        let usage = try box.run("bnc-sandbox", ["--tls-cert", certPath, "--port", "0"])
        #expect(usage.status == 64 && usage.stderr.contains("--tls-cert and --tls-key go together"))
    }

    @Test func aUsersOwnPairIsServed() throws {
        let cert = box.root.appendingPathComponent("c.pem").path, key = box.root.appendingPathComponent("k.pem").path
        let made = try box.run("/usr/bin/openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                                    "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=mine",
                                                    "-addext", "subjectAltName=IP:127.0.0.1"])
        #expect(made.status == 0, "\(made.stderr)")
        chmod(key, 0o600)
        let s = try SandboxProcess(["--tls-cert", cert, "--tls-key", key], environment: box.environment())
        let r = try box.run("/usr/bin/curl", ["-s", "--cacert", cert, s.url + "/_sandbox/stats"])
        #expect(r.stdout.hasPrefix("{\"endpoints\""), "\(r.stderr)")
        let other = box.root.appendingPathComponent("other.pem").path
        #expect(try box.run("/usr/bin/openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", other]).status == 0)
        chmod(other, 0o600)
        let mismatched = try box.run("bnc-sandbox", ["--tls-cert", cert, "--tls-key", other, "--port", "0"])
        #expect(mismatched.status == 78 && mismatched.stderr.contains("not a valid, current, matching PEM pair"), "\(mismatched.stderr)")
        chmod(other, 0o644)
        let readable = try box.run("bnc-sandbox", ["--tls-cert", cert, "--tls-key", other, "--port", "0"])
        #expect(readable.status == 78 && readable.stderr.contains("chmod 600"), "\(readable.stderr)")
        // An encrypted key is refused by name, with no passphrase asked: on a terminal OpenSSL's default callback
        // prompted "Enter PEM pass phrase:" and the sandbox waited there (QA round 25b).
        let encrypted = box.root.appendingPathComponent("enc.pem").path
        #expect(try box.run("/usr/bin/openssl", ["pkey", "-in", key, "-aes256", "-passout", "pass:abcd1234", "-out", encrypted]).status == 0)
        chmod(encrypted, 0o600)
        let locked = try box.runOnTerminal("bnc-sandbox", ["--tls-cert", cert, "--tls-key", encrypted, "--port", "0"])
        #expect(locked.status == 78 && locked.terminal.contains("the TLS key is encrypted") && !locked.terminal.contains("pass phrase"), "\(locked.terminal)")
        #expect(locked.terminal.contains("openssl pkey -in KEY -out plain.key"), "the hint says how: \(locked.terminal)")
    }

    /// Branch's API answers TLS 1.2 and later, so the sandbox does too: a client that speaks only TLS 1.0 or 1.1
    /// passed against it and failed in production (QA round 25b).
    @Test func tlsBefore12IsRefused() throws {
        let s = try SandboxProcess(["--tls"], environment: box.environment())
        let port = String(s.url.split(separator: ":").last ?? "")
        func handshake(_ version: String) throws -> ProcessResult {
            try box.run("/bin/sh", ["-c", "openssl s_client -connect 127.0.0.1:\(port) \(version) -cipher 'DEFAULT:@SECLEVEL=0' < /dev/null 2>&1"])
        }
        for old in ["-tls1", "-tls1_1"] {
            let r = try handshake(old)
            #expect(r.status != 0 && !r.stdout.contains("New, TLSv1"), "\(old): \(r.stdout.suffix(600))")
        }
        let current = try handshake("-tls1_2")
        #expect(current.status == 0 && current.stdout.contains("TLSv1.2"), "\(current.stdout.suffix(600))")
    }
}

/// A file's permission bits (nil when it is missing).
enum FileSystemMode {
    static func of(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
    }
}
