// bnc-sandbox's manual text: what it emulates, how it treats real traffic, its rate rules, pointing an app at it,
// its control endpoints, its lints and what it knowingly does not emulate. bnc-sandbox(1)'s DESCRIPTION is this
// (docgen reads it here); `bnc-sandbox --help` keeps a summary so its USAGE stays near the top.

/// The long description of bnc-sandbox, for its man page.
public enum SandboxManual {
    public static let description = """
            Emulates, on 127.0.0.1 only: Branch's POST /v1/install and /v1/open, /v2/event/standard and \
            /v2/event/custom, the Deep Linking API (POST /v1/url, POST /v1/url/bulk/KEY, GET, PUT and DELETE \
            /v1/url) and the links themselves (GET /ALIAS records a click and redirects by User-Agent; ?debug=1 \
            shows the link data); the QR Code API (POST /v2/qr-code, and /v1/qr-code where the SDKs post: a real QR \
            code of a new link, as PNG, JPEG or SVG, in the requested size, margin and colours; patterns are drawn \
            standard and no image URL is fetched); the App API (GET and PUT /v1/app/KEY: settings kept per key, the \
            documented ones changeable, branch_key, creation_date, id and the link domains refused, dev_email \
            required); the Web SDK's GET /_r, POST /v1/pageview and /v1/dismiss; Android 6.0.0-beta's POST /v3/deeplink \
            and /v3/events/open; Apple's AdServices POST /api/v1/ \
            (and /api/v1); and TUNE's /serve. A later session from the IP and device of a click (its User-Agent's \
            platform part: an app's web view and Safari on one iPhone match), within the link's match duration, is \
            attributed to the link; a session opened by the link itself (link_identifier, a Universal or App Link, \
            Android's push_identifier) uses that click up.

            REAL TRAFFIC. What Branch's own SDKs send is accepted unmodified (tested against a corpus of request \
            shapes read from the Android, iOS, Web, macOS, Windows, Roku and connected-TV SDK sources, Branch's docs \
            and its MCP server): sessions from \
            a server (branch_secret, server_to_server: the S2S guide's rules, X-IP-Override required), from a \
            mobile SDK (no secret; the device at the top level; a random hardware_id with is_hardware_id_real \
            false; the randomized tokens sent back) and from the Web SDK (browser_fingerprint_id); the SDKs' extras \
            at the top level and in user_data of events (retryNumber, instrumentation, debug, \
            branch_sdk_request_timestamp, metadata, ...) and on /v1/url; form bodies (the Web SDK's, whose objects \
            are JSON text) and JSON bodies whatever their Content-Type; a link's data as an object or a JSON string; \
            analytics labels at the top level, ~-prefixed, or as ~labels in data; a PUT that repeats a GET's \
            read-only fields (alias, type, ~id, +url, url, ~creation_source) unchanged. Answers keep the types the \
            SDKs' parsers read: session_id, randomized_bundle_token and randomized_device_token strings, data a \
            JSON string, identity_id and browser_fingerprint_id for browsers, and the same tokens as identity_id and \
            device_fingerprint_id for apps (the names Android before 5.1.4 and iOS before 0.36 read and send back). \
            An SDK's os may be its platform's own name: tv_OS and mac_OS (an Apple device), AMAZON_FIRE and \
            AMAZON_FIRE_TV (an Android one), or another Branch SDK's platform (the Windows SDK's "Windows 10", \
            "Windows Server 2016"... or "Unknown", the Roku SDK's ROKU); a server's is iOS or Android. A device \
            with no hardware_id is told apart by its advertising_ids, its mac_address or the token it keeps, \
            before its address and browser. A v2 event of a logged-out device of those platforms is identified by \
            its randomized_device_token (or device_fingerprint_id), advertising_ids or mac_address. An identity \
            sent with a session (the SDKs since iOS 3 and Android 5.8) joins its user as /v1/profile does. Refused \
            as Branch refuses: a PUT that \
            changes alias, type or a key Branch sets; a v2 event without user_data (Branch's field-level shape \
            {"error":{"user_data":"missing required field"}}); bad keys ("Invalid or missing app id, Branch key, or \
            secret"); DELETE without a valid Access-Token and app_id (400 "Authentication failed !", the one shape \
            Branch documents).

            RATE RULES. A session of the same app and device within --burst-window seconds of the last, bringing no \
            link, is answered 429 with Retry-After (Branch's v1/open guide documents the 429 for "the same user in \
            rapid succession" but neither a window nor the header: the 2-second default is this sandbox's, and \
            --burst-window 0 turns the rule off, e.g. to replay SDK captures back to back); non-referred OPENs \
            are counted once per IP in 4 hours. A click's IP is X-IP-Override or device_ip= (a server reporting a \
            click), else X-Forwarded-For's first entry when it is an IP address, else the connection's; its User-Agent is user_agent= or the header.

            POINTING AN APP AT IT. iOS (simulator, same machine): Branch.setAPIUrl("http://127.0.0.1:8787") before \
            the session starts, and NSAllowsLocalNetworking under NSAppTransportSecurity in a debug Info.plist. \
            Android: the SDK takes a custom API URL only over HTTPS, so start the sandbox with --tls and call \
            Branch.setAPIUrl("https://10.0.2.2:8787/") (the emulator's address of this machine; on a device, adb \
            reverse tcp:8787 tcp:8787 and https://127.0.0.1:8787/), trusting the certificate --tls prints in a \
            debug network_security_config. Web: branch.setAPIUrl("http://127.0.0.1:8787") before branch.init; the \
            page's links are this sandbox's. Then GET /_sandbox/requests shows what the app sent, with lints.

            The first line on stdout is always 'listening on http://127.0.0.1:PORT' (https with --tls). Control endpoints for tests \
            and scripts: GET /_sandbox/requests (what was received, secrets included), GET /_sandbox/stats, \
            POST /_sandbox/reset, POST /_sandbox/click {url, ip, user_agent}, and POST /_sandbox/asa-token \
            {attribution, detailed, not_found_times, expired, server_error_times, developer_mode, record} which \
            mints an AdServices token with the behaviour wanted (record {"claimType": "Impression"} for a view: \
            impressionDate instead of clickDate), GET and POST /_sandbox/clock {advance_seconds} which moves the \
            sandbox's clock forward (ages tokens, match windows, the 4-hour non-referred window). Control endpoints \
            are never chaotic nor recorded.

            LINTS. What production accepts but silently mishandles, or ignores, is answered normally plus one \
            X-Sandbox-Lint header per reason (also in /_sandbox/requests as "lint"; clients print them with -v): \
            ad_tracking_enabled false, a server's random hardware_id, an event's X-IP-Override without a matching \
            user_data.ip, a JSON body without Content-Type: application/json, an unknown kept \
            randomized_bundle_token, top-level keys of an event or a link that Branch ignores (custom keys belong in \
            data; the macOS SDK's branchShortUrlWithParams puts them at the top level), \
            a link type sent by name (STANDARD, as Branch's MCP server does), an empty event_data.currency (the \
            Roku SDK's), /v1/event metadata nested or over 255 characters, the superseded DELETE with the key \
            and secret in its body. A refusal may carry one too, saying which rule it was. Every Branch answer \
            carries X-Branch-Request-Id.

            Links: long links (GET /a/KEY?channel=...&tags=a&tags=b&data=BASE64) are clickable and attribute the \
            next open (duration=0, which Android's fallback long link always carries, is the default window); in a \
            form body a repeated name is a list and tags is always one (tags=sale is ["sale"]); a link made with \
            channel spotlight (iOS's Spotlight indexing) also answers spotlight_identifier, and an open that sends \
            it back is that link's; the labels may be ~-prefixed at the top level (~channel, ~feature, ~campaign, \
            ~stage, ~tags), but ~alias, ~duration and ~type, which the macOS SDK's short links send, are ignored \
            with a lint (Branch documents alias, duration and type); runs of slashes in a path are one (an API URL set with a trailing slash); on an app's own link \
            domain, the root with a query (https://yourapp.app.link?$deeplink_path=..., Branch's README) is that \
            app's long link; HEAD on the API's reads is the GET without its body; Quick Links (type 2) answer 403 unless granted ("quick_links": true in --keys, or POST \
            /_sandbox/grant {branch_key}); --chaos also takes html=P (a 503 outage page) and 402=P.

            An iOS install carrying an apple_attribution_token this sandbox minted (live, attributed) gets Apple \
            Search Ads data (~channel, ~campaign_id, ~ad_set_id, ~keyword_id: the sandbox's shape); tokens expire \
            24 hours after minting on the sandbox clock. TUNE's /serve drops the same conversion from the same \
            device within an hour (a distinct transaction_id is another event; event names compared as TUNE stores \
            them, lower-cased letters and digits), on the same clock.

            Each app may have its own link domain ("link_domain": "app2.localhost" in --keys; *.localhost resolves to \
            this machine): its links live at http://DOMAIN:PORT/..., so aliases are unique per app, and clicks are \
            routed by the Host header. Other apps share the sandbox's domain. A query appended to a short link \
            (https://HOST/abc?content_id=123&~channel=Facebook&%243p=a_facebook, Branch's "dynamic" short link and \
            its ad links) is that click's data over the link's own, redirects such as $fallback_url included, and \
            reaches the session the click opens; an opened Universal Link's query does the same. At most 64 \
            parameters; debug, device_ip, user_agent, _branch_match_id and the keys Branch sets are not data.

            Link previews: a link preview robot (facebookexternalhit, Facebot, Twitterbot, LinkedInBot, Slackbot, \
            Discordbot, TelegramBot, WhatsApp, Pinterestbot, Applebot, Googlebot, ...) or a client asking for App \
            Links' tags (Prefer-Html-Meta-Tags, as Roots' app connector) gets the link's tags page, as Branch \
            answers a scraped link: og: and twitter: tags from the link's $og_* and $twitter_* data (appended \
            values first), else the App settings' og_title, og_description, og_image_url and og_app_id; al:ios:url \
            and al:android:url (the app's URI scheme, $deeplink_path and a click id the opened app sends back as \
            link_identifier), the package and app name; al:web:url. $og_redirect sends the robot there instead. A \
            scrape is not a click: the link's click count and the CLICK export leave it out; counters.scrapes in \
            /_sandbox/stats counts them.

            Data APIs (live keys, an access token): the daily export (POST /v3/export), custom exports (POST \
            /v2/logs, GET /v2/logs/HANDLE, POST /v2/data/ready), Query, Aggregate, Cohort and Cross-Events, over \
            the traffic the sandbox received. A custom export takes the reference's fields; the others are named \
            all at once in Branch's errors[] shape ("NAME field is not available for exports"); "filter": [] is no \
            filter; response_format_compression gz serves the file gzip-compressed (snappy is not emulated: served \
            uncompressed, linted), and JSON with allow_multiple_files is one object a line. A trailing slash on an \
            API path (/v2/logs/, /v1/url/) names the same endpoint.

            Connections: a request must arrive whole within 60 seconds of the connection's opening or its last \
            answer, or the connection is closed (an idle keep-alive connection too); a lint is one line, at most 32 \
            an answer.

            Web pages: every Branch answer carries Access-Control-Allow-Origin: * and preflights (OPTIONS) are \
            answered, as Branch's API answers the Web SDK's cross-origin calls; a desktop click's redirect carries \
            _branch_match_id (the click id the Web SDK sends back as link_identifier), and a referred web session \
            answers referring_link and link_click_id. The Web SDK always asks https://app.link/_r for its browser \
            fingerprint, whatever API URL it is given: offline, a page gets none (Safari and WKWebView need none); \
            GET /_r here answers the fingerprint the page sent as _t, else a new one. GET /v1/has-app/KEY (or \
            the page's app id; the Web SDK up to 2.75, on each returning visit) answers true or false: whether the browser's user has an app session \
            of the same key (one user through setIdentity in the page and the app, or an identity the app's \
            session sent); a web session's has_app \
            says the same. \
            POST /v1/cpid/latd answers the device's last attributed touch (found by the tokens this sandbox issued, \
            or a browser's fingerprint) within attribution_window days (below 0: 30; above 365: 365); POST /v1/cpid answers the user's cross-platform ids. POST /v1/profile \
            and /v1/logout, the setIdentity and logout of SDKs that called Branch for them (Android up to 5.7, iOS \
            2.x, Web up to 2.78): an identity names one user of the app (a login on a second device joins the first's \
            user), and a logout gives the device a new one; POST /v1/close, Android's report of the app's close up to \
            5.1.3, is answered {}; so is POST /v1/event, the legacy custom and commerce event (userCompletedAction, \
            sendCommerceEvent, the Web SDK's track(): Android 5.0 to 5.6, iOS up to 2.2, Web up to 2.71), which needs \
            an event name. A page that initialises the Web SDK with its numeric \
            app id sends app_id where branch_key goes: with --keys, the app of that id answers; without, the app's \
            stand-in key key_live_app<ID>. GET /v1/deepview answers the Web SDK's deepview() (JSONP: the parameters' \
            JSON as Base64 in post_data or data, and a callback) with a script handing the page a function that goes \
            to a link of the deep-link data (the link the page came from when link_click_id names one). \
            GET /v1/app-link-settings/KEY, which the iOS and Android integration validators read (they send it to \
            Branch's own host whatever API URL they are given), answers the app's linking settings from its App \
            settings, without the owner's contact. Each link domain serves /.well-known/apple-app-site-association \
            (and /apple-app-site-association) and /.well-known/assetlinks.json for its apps whose App settings \
            enable universal links (ios_team_id, ios_bundle_id) or App Links (android_package_name, \
            sha256_cert_fingerprints), as Branch hosts them; 404 when none does.

            Knowingly not emulated: Branch's per-account rate limits beyond the two documented v1/open rules, link \
            analytics (?stats=1), the QR Code API's rate limits and its pattern shapes and logos, the SDKs' other calls \
            (/v1/dismiss, JSONP fallbacks, and the referral credits of Android up to 5.0, iOS up to 1.39 and Web up \
            to 2.61: /v1/credits, /v1/redeem, /v1/credithistory, which answer 404), journeys (pageview answers \
            none, and GET /v1/subscription/status, which the Adobe Launch extension asks before it offers its \
            Auto-Open action, answers false for every SKU), and Branch's exact deep-link key set for Apple Search Ads installs (the documents give none).

            By default any well-formed key_test_/key_live_ key is accepted with a secret of the same kind; --keys \
            takes a JSON array of {branch_key, branch_secret, app_id, access_token, quick_links, link_domain} to \
            accept only those (at most 1000 apps). Each entry is checked and a bad one is exit 78 naming it: a key \
            appears once, its secret is of the same kind, app_id is 1 to 20 digits, access_token printable ASCII, \
            quick_links a boolean, and link_domain a host name (not an IP address) no other entry has; a member \
            of another name is refused, and so is a keys file its group or others may read (chmod 600), as \
            --tls-key is.

            Bounds: a request body holds at most 8 MiB and 100,000 members (JSON) or fields (a form); the bodies \
            being received share 128 MiB (a large one past it is answered 503 with Retry-After); /_sandbox/requests \
            keeps the last --max-recorded requests and at most 64 MiB of them, oldest dropped first \
            (/_sandbox/stats says recorded_bytes); a connection that does not read its answers is not answered ahead.
            """
}
