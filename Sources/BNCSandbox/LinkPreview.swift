// What a link preview robot or an App Links host gets from a link: Branch answers a scraped link with an HTML page
// of its social media tags, not a redirect ("When a Branch link is scraped, Branch returns" the link's own tags,
// then the App settings' Social Media Preview defaults; Branch's support article on social media tags), with Facebook
// App Links' `al:` tags that let Facebook, Messenger and Roots open the app ("able to deep link via Facebook App
// Links", the deep-link reference). `$og_redirect` sends the robots to a page of the app's own tags instead. A
// scrape is not a click: neither the link's click count nor the CLICK export counts it.
import BNCCore

extension Sandbox {
    /// User-Agent tokens of link preview robots (lower case). In-app browsers (FBAN, Instagram, Snapchat,
    /// "Pinterest for iOS") are people, not robots, and are not listed.
    static let previewRobots = ["facebookexternalhit", "facebot", "twitterbot", "linkedinbot", "slackbot", "slack-imgproxy",
                                "discordbot", "telegrambot", "whatsapp/", "pinterestbot", "pinterest/0.", "skypeuripreview",
                                "redditbot", "applebot", "googlebot", "bingbot", "embedly", "iframely", "vkshare",
                                "mastodon/", "bluesky cardyb", "app connector"]

    /// A robot reading the link's tags: its User-Agent names one, or it asks for App Links' meta tags
    /// (`Prefer-Html-Meta-Tags: al`, as Facebook's App Links hosts and Roots' app connector send).
    static func isPreviewRobot(_ r: SandboxRequest, userAgent ua: String) -> Bool {
        if r.header("Prefer-Html-Meta-Tags") != nil { return true }
        let lower = ua.lowercased()
        return previewRobots.contains { lower.contains($0) }
    }

    /// The link's tags page (GET), or its headers (HEAD); `$og_redirect`'s URL instead when the link sets one.
    func preview(_ link: StoredLink, appended: JSONObject, ip: String, userAgent: String, head: Bool) -> SandboxResponse {
        bump("scrapes")
        let data = linkData(link, appended: appended)
        func string(_ key: String) -> String? { data[key]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
        if let target = string("$og_redirect"), target.hasPrefix("http://") || target.hasPrefix("https://"), Self.isHeaderSafe(target) {
            return SandboxResponse(status: 302, headers: [("Location", target), ("Cache-Control", "no-store")], body: [])
        }
        let app = appSettings(link.branchKey)
        func setting(_ key: String) -> String? { app[key]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
        var tags: [(attribute: String, name: String, value: String)] = []
        func tag(_ name: String, _ value: String?, attribute: String = "property") {
            if let value { tags.append((attribute, name, value)) }
        }
        let title = string("$og_title") ?? setting("og_title")
        let description = string("$og_description") ?? setting("og_description")
        let image = string("$og_image_url") ?? setting("og_image_url")
        tag("og:title", title)
        tag("og:description", description)
        tag("og:image", image)
        tag("og:image:width", string("$og_image_width"))
        tag("og:image:height", string("$og_image_height"))
        tag("og:video", string("$og_video"))
        tag("og:url", string("$og_url") ?? link.url)
        tag("og:type", string("$og_type") ?? "website")
        tag("fb:app_id", string("$og_app_id") ?? setting("og_app_id"))
        tag("twitter:card", string("$twitter_card") ?? "summary", attribute: "name")
        tag("twitter:title", string("$twitter_title") ?? title, attribute: "name")
        tag("twitter:description", string("$twitter_description") ?? description, attribute: "name")
        tag("twitter:image", string("$twitter_image_url") ?? image, attribute: "name")
        tag("twitter:site", string("$twitter_site"), attribute: "name")
        tag("twitter:app:country", string("$twitter_app_country"), attribute: "name")
        tag("twitter:player", string("$twitter_player"), attribute: "name")
        tag("twitter:player:width", string("$twitter_player_width"), attribute: "name")
        tag("twitter:player:height", string("$twitter_player_height"), attribute: "name")
        // App Links: the app's URI scheme with a click id, which the SDK sends back as link_identifier on the open
        // the tag starts, so the app is deep linked with this link's data. Kept as a click the link does not count.
        let iosScheme = setting("ios_uri_scheme").flatMap(Self.scheme)
        let androidScheme = setting("android_uri_scheme").flatMap(Self.scheme)
        if !head, iosScheme != nil || androidScheme != nil {
            let click = Click(id: random.branchID(), code: link.code, ip: ip, userAgent: userAgent, time: now)
            store.save(click: click)
            func appURL(_ scheme: String, _ pathKey: String) -> String {
                let path = (string(pathKey) ?? string("$deeplink_path") ?? "open").drop { $0 == "/" }
                return scheme + "://" + path + (path.contains("?") ? "&" : "?") + "link_click_id=" + click.id
            }
            if let iosScheme {
                tag("al:ios:url", appURL(iosScheme, "$ios_deeplink_path"))
                tag("al:ios:app_name", setting("app_name"))
            }
            if let androidScheme {
                tag("al:android:url", appURL(androidScheme, "$android_deeplink_path"))
                tag("al:android:package", setting("android_package_name"))
                tag("al:android:app_name", setting("app_name"))
            }
        }
        if let web = string("$fallback_url") ?? string("$desktop_url") { tag("al:web:url", web) }
        var html = "<!doctype html>\n<html><head><meta charset=\"utf-8\">\n<title>\(Self.escapeHTML(title ?? link.url))</title>\n"
        for t in tags {
            html += "<meta \(t.attribute)=\"\(t.name)\" content=\"\(Self.escapeHTML(t.value))\">\n"
        }
        html += "</head><body><p>bnc-sandbox: the tags of \(Self.escapeHTML(link.url)) for link previews.</p></body></html>\n"
        return SandboxResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
                               body: head ? [] : Array(html.utf8))
    }

    /// A URI scheme as the dashboard stores it (`myapp://` or `myapp`): its name, if it is one (RFC 3986 3.1).
    static func scheme(_ setting: String) -> String? {
        let name = setting.hasSuffix("://") ? String(setting.dropLast(3)) : setting
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic, name.utf8.count <= 64,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        return name
    }

    /// Text for an HTML attribute or element: `& < > " '` as entities, control characters dropped.
    static func escapeHTML(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if Sandbox.isControl(c) { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
