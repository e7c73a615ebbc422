// libcurl's one-time loading and global initialisation, before the first handle.
import CCurl

/// libcurl, loaded and initialised once before the first handle (CCurl's loader): a command that sends
/// nothing never pays for loading it.
enum CurlGlobal {
    /// Throws when libcurl.so.4 is missing or unusable: exit 69, naming the package to install.
    static func load() throws(BNCError) {
        guard bnc_curl_load() == 0 else { return }
        throw BNCError(.unreachable, "libcurl cannot be loaded: \(String(cString: bnc_curl_error())); install the libcurl4 package")
    }
}
