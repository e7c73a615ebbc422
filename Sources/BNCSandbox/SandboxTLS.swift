// --tls: the sandbox over HTTPS. The Android SDK takes a custom API URL only when it is https (PrefHelper's
// URLUtil.isHttpsUrl), so an app under development reaches the sandbox through TLS. A certificate pair is given
// (--tls-cert, --tls-key) or made once, self-signed for the addresses an emulator, a simulator or a device behind
// `adb reverse` use for this machine, and kept so the app's trust of it lasts across restarts.
import BNCCore
import COpenSSL
import NIOSSL
#if canImport(Glibc)
import Glibc
#endif

/// A certificate and its private key (PEM) the sandbox serves HTTPS with.
public struct SandboxTLS: Sendable {
    public let certificatePEM: [UInt8]
    public let keyPEM: [UInt8]
    /// Where the certificate is, to print for the user (nil: given in memory).
    public let certificatePath: String?

    /// What a made certificate covers: this machine as itself, as the Android emulator sees it (10.0.2.2) and as
    /// a device sees it through `adb reverse` (127.0.0.1).
    public static let subjectAltName = "IP:127.0.0.1,IP:::1,IP:10.0.2.2,DNS:localhost"

    public init(certificatePEM: [UInt8], keyPEM: [UInt8], certificatePath: String? = nil) throws(BNCError) {
        // PKCS#8's "BEGIN ENCRYPTED PRIVATE KEY" or the traditional "Proc-Type: 4,ENCRYPTED": no passphrase is
        // asked (a script would block on OpenSSL's prompt), the key is refused by name.
        if String(decoding: keyPEM, as: UTF8.self).contains("ENCRYPTED") {
            throw BNCError.configuration("the TLS key is encrypted; the sandbox asks no passphrase",
                                         hint: "give an unencrypted copy: openssl pkey -in KEY -out plain.key (mode 0600)")
        }
        guard Self.matches(certificatePEM, keyPEM) else {
            throw BNCError.configuration("the TLS certificate \(certificatePath ?? "") and key are not a valid, current, matching PEM pair")
        }
        self.certificatePEM = certificatePEM
        self.keyPEM = keyPEM
        self.certificatePath = certificatePath
    }

    /// A new self-signed pair (ECDSA P-256), valid for `days` (825: what Apple's platforms accept for a TLS
    /// server certificate).
    public static func selfSigned(days: Int = 825) throws(BNCError) -> (certificate: [UInt8], key: [UInt8]) {
        var cert: UnsafeMutablePointer<CChar>?
        var key: UnsafeMutablePointer<CChar>?
        var certLength = 0
        var keyLength = 0
        guard bnc_self_signed("bnc-sandbox", subjectAltName, Int32(days), &cert, &certLength, &key, &keyLength) == 1,
              let cert, let key else {
            throw BNCError(.internal, "could not make a self-signed TLS certificate (OpenSSL failed)")
        }
        defer { free(cert); free(key) }
        return (Array(UnsafeBufferPointer(start: UnsafeRawPointer(cert).assumingMemoryBound(to: UInt8.self), count: certLength)),
                Array(UnsafeBufferPointer(start: UnsafeRawPointer(key).assumingMemoryBound(to: UInt8.self), count: keyLength)))
    }

    static func matches(_ certificate: [UInt8], _ key: [UInt8]) -> Bool {
        certificate.withUnsafeBytes { c in
            key.withUnsafeBytes { k in
                bnc_certificate_pair_matches(c.baseAddress?.assumingMemoryBound(to: CChar.self), c.count,
                                             k.baseAddress?.assumingMemoryBound(to: CChar.self), k.count) == 1
            }
        }
    }

    /// The pair the user named.
    public static func load(certificate: String, key: String) throws(BNCError) -> SandboxTLS {
        let c = try FileSystem.read(certificate, what: "--tls-cert")
        let k = try FileSystem.read(key, what: "--tls-key")
        try FileSystem.requirePrivate(key, holding: "a private key")
        return try SandboxTLS(certificatePEM: c, keyPEM: k, certificatePath: certificate)
    }

    /// The sandbox's own pair in `directory` (sandbox-tls.pem, sandbox-tls.key): reused while valid, made when
    /// neither file is there. Anything else found there is refused (exit 78) and left as it is: a path the
    /// sandbox writes never replaces a file it did not make.
    public static func own(in directory: String) throws(BNCError) -> SandboxTLS {
        let certPath = directory + "/sandbox-tls.pem", keyPath = directory + "/sandbox-tls.key"
        switch (FileSystem.exists(certPath), FileSystem.exists(keyPath)) {
        case (true, true):
            guard FileSystem.regularFileMode(certPath) != nil, FileSystem.regularFileMode(keyPath) != nil else {
                throw BNCError.configuration("\(certPath) and \(keyPath) must be regular files", hint: "move them away to have new ones made")
            }
            return try load(certificate: certPath, key: keyPath)
        case (false, false):
            FileSystem.makeDirectories(directory)
            let (c, k) = try selfSigned()
            try FileSystem.create(k, at: keyPath)
            try FileSystem.create(c, at: certPath)
            return try SandboxTLS(certificatePEM: c, keyPEM: k, certificatePath: certPath)
        default:
            throw BNCError.configuration("only one of \(certPath) and \(keyPath) exists",
                                         hint: "move it away to have a new pair made, or give both with --tls-cert and --tls-key")
        }
    }

    func context() throws(BNCError) -> NIOSSLContext {
        do {
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMBytes(certificatePEM).map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(bytes: keyPEM, format: .pem)))
            configuration.applicationProtocols = ["http/1.1"]
            // Branch's API answers TLS 1.2 and later: a client that speaks only 1.0 or 1.1 must fail here too.
            configuration.minimumTLSVersion = .tlsv12
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw BNCError.configuration("the TLS certificate \(certificatePath ?? "") cannot be used: \(error)")
        }
    }
}
