// bnc-sandbox's --help text (and so its man page): what it emulates, its control endpoints, its lints and what
// it knowingly does not emulate.

enum SandboxHelp {
    static let discussion = """
            Emulates, on 127.0.0.1 only: Branch's POST /v1/open, /v2/event/standard and /v2/event/custom, the \
            Deep Linking API (POST /v1/url, POST /v1/url/bulk/KEY, GET, PUT and DELETE /v1/url) and the links \
            themselves (GET /ALIAS records a click and redirects by User-Agent; ?debug=1 shows the link data); \
            Apple's AdServices POST /api/v1/; and TUNE's /serve. A later /v1/open from the IP (X-IP-Override) and \
            User-Agent of a click, within the link's match duration, is attributed to the link.

            The first line on stdout is always 'listening on http://127.0.0.1:PORT'. Control endpoints for tests \
            and scripts: GET /_sandbox/requests (what was received, secrets included), GET /_sandbox/stats, \
            POST /_sandbox/reset, POST /_sandbox/click {url, ip, user_agent}, and POST /_sandbox/asa-token \
            {attribution, detailed, not_found_times, expired, server_error_times, developer_mode} which mints an \
            AdServices token with the behaviour wanted, GET and POST /_sandbox/clock {advance_seconds} which moves \
            the sandbox's clock forward (ages tokens, match windows, the 4-hour non-referred window). Control \
            endpoints are never chaotic nor recorded.

            What production accepts but silently mishandles is answered normally plus one X-Sandbox-Lint header per \
            reason (also in /_sandbox/requests as "lint"; clients print them with -v): ad_tracking_enabled false, an \
            event's X-IP-Override without a matching user_data.ip, a JSON body without Content-Type: \
            application/json, an unknown kept randomized_bundle_token. Every Branch answer carries \
            X-Branch-Request-Id.

            Links: long links (GET /a/KEY?channel=...&tags=a&tags=b&data=BASE64) are clickable and attribute the \
            next open; Quick Links (type 2) answer 403 unless granted ("quick_links": true in --keys, or POST \
            /_sandbox/grant {branch_key}); --chaos also takes html=P (a 503 outage page) and 402=P.

            An iOS install carrying an apple_attribution_token this sandbox minted (live, attributed) gets Apple \
            Search Ads data (~channel, ~campaign_id, ~ad_set_id, ~keyword_id: the sandbox's shape); tokens expire \
            24 hours after minting on the sandbox clock. TUNE's /serve drops the same conversion from the same \
            device within an hour (a distinct transaction_id is another event), on the same clock.

            Each app may have its own link domain ("link_domain": "app2.localhost" in --keys; *.localhost resolves to \
            this machine): its links live at http://DOMAIN:PORT/..., so aliases are unique per app, and clicks are \
            routed by the Host header. Other apps share the sandbox's domain.

            Knowingly not emulated: Branch's per-account rate limits beyond the two documented v1/open rules, link \
            analytics (?stats=1), and Branch's exact deep-link key set for Apple Search Ads installs (the documents \
            give none).

            By default any well-formed key_test_/key_live_ key is accepted with a secret of the same kind; --keys \
            takes a JSON array of {branch_key, branch_secret, app_id, access_token} to accept only those.

            EXAMPLES:
              bnc-sandbox --port 0
              bnc-sandbox --detach --state ~/.local/state/bnc/sandbox.db
              bnc-sandbox --chaos 429=0.1,500=0.05,reset=0.02,latency=20ms --seed 7
              curl -s -X POST http://127.0.0.1:8787/_sandbox/asa-token -d '{"detailed":true}'
            """
}
