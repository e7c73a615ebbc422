function __bnc-open_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-open_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __bnc-open_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-open_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __bnc-open_parse_tokens -S
    set -l unparsed_tokens (__bnc-open_tokens -pc)
    switch $unparsed_tokens[1]
    case 'bnc-open'
        __bnc-open_parse_subcommand 0 'first-session=' 'opened-with=' 'install-referrer=' 'clicked-referrer-ts=' 'install-begin-ts=' 'clipboard-url=' 'asa-token=' 'search-ad-encoded=' 'facebook-app-link-checked=' 'tracking-disabled' 'disable-ad-network-callouts' 'server-to-server-identity' 'randomized-bundle-token=' 'identity=' 'custom-param-1=' 'custom-param-2=' 'custom-param-3=' 'body=' 'f/field=+' 'route=' 'no-state' 'explain' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'device=' 'os=' 'os-version=' 'model=' 'brand=' 'app-version=' 'user-agent=' 'idfa=' 'idfv=' 'gaid=' 'android-id=' 'oaid=' 'limit-ad-tracking=' 'screen=' 'screen-dpi=' 'local-ip=' 'language=' 'country=' 'locale=' 'carrier=' 'connection-type=' 'batch=' 'concurrency=' 'rate=' 'journal=' 'resume' 'unordered' 'fail-fast' 'shard=' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'state'
            __bnc-open_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'list'
                __bnc-open_parse_subcommand 0 'key=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
            case 'show'
                __bnc-open_parse_subcommand 1 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
            case 'forget'
                __bnc-open_parse_subcommand 1 'all' 'key=' 'version' 'h/help'
            end
        case 'fields'
            __bnc-open_parse_subcommand 0 'json-schema' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
        case 'help'
            __bnc-open_parse_subcommand -r 1 'version'
        end
    end
end

function __bnc-open_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else if test "$argv" = -tC
        string length -- (commandline -ct)
    else
        commandline -o $argv
    end
end

function __bnc-open_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __bnc-open_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __bnc-open_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__bnc-open_tokens -p)
    if test -z "$(__bnc-open_tokens -t)"
        set -l index (count (__bnc-open_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'bnc-open' -f
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" first-session' -l 'first-session' -d 'auto, true or false: INSTALL/REINSTALL (true) or OPEN (false); auto asks the state.' -rfka 'auto\t true\t false\t'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" opened-with' -l 'opened-with' -d 'The URI or web URL that opened the app: link_identifier, universal_link_url or android_app_link_url (and gbraid).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" install-referrer' -l 'install-referrer' -d 'Android: the Play install referrer (link_click_id, google_search_install_referrer, gclid; the whole as install_referrer_extras).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" clicked-referrer-ts' -l 'clicked-referrer-ts' -d 'Android: referrer click time, epoch seconds.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" install-begin-ts' -l 'install-begin-ts' -d 'Android: install begin time, epoch seconds.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" clipboard-url' -l 'clipboard-url' -d 'NativeLink: the Branch URL on the clipboard at first open (local_url).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" asa-token' -l 'asa-token' -d 'iOS: the AdServices attribution token (apple_attribution_token); - reads it from stdin.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" search-ad-encoded' -l 'search-ad-encoded' -d 'iOS, deprecated: Base64 of the legacy iAd response (first session only).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" facebook-app-link-checked' -l 'facebook-app-link-checked' -d 'true or false (false: Branch asks Facebook\'s deferred deep link API).' -rfka 'true\t false\t'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" tracking-disabled' -l 'tracking-disabled' -d 'Branch stores no data from this session.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" disable-ad-network-callouts' -l 'disable-ad-network-callouts' -d 'Keep this session from ad networks.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" server-to-server-identity' -l 'server-to-server-identity' -d 'Have Branch issue a randomized_bundle_token, kept and sent on later calls.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" randomized-bundle-token' -l 'randomized-bundle-token' -d 'Send this token instead of the kept one.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" identity' -l 'identity' -d 'Your user id for this session (at most 127 characters; never personal data).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" custom-param-1' -l 'custom-param-1' -d 'Custom dimension 1 for Branch reports.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" custom-param-2' -l 'custom-param-2' -d 'Custom dimension 2 for Branch reports.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" custom-param-3' -l 'custom-param-3' -d 'Custom dimension 3 for Branch reports.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" body' -l 'body' -d 'A JSON body to start from (flags override it; an "ip" member is the IP override, as in a batch line); - reads stdin.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open"' -s 'f' -l 'field' -d 'Any body field: KEY=VALUE (string) or KEY:=JSON; applied last; KEY:=null removes.' -rfka '(__bnc-open_custom_completion ---completion -- --field (count (__bnc-open_tokens -pc)) (__bnc-open_tokens -tC))'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" route' -l 'route' -d 'Print only this key of the deep-link data (or of the answer), for scripts; exit 1 when absent.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" no-state' -l 'no-state' -d 'Neither read nor write the state database.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" explain' -l 'explain' -d 'On stderr, each body field and header with its value, where it came from (a flag, the device file, the environment, a profile, state.db, a link source, a default) and the rule that changed it.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-open_custom_completion ---completion -- --profile (count (__bnc-open_tokens -pc)) (__bnc-open_tokens -tC))'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" device' -l 'device' -d 'JSON file of device fields (os, os_version, idfa, ...); - reads stdin. Flags override it.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" os' -l 'os' -d 'Operating system: iOS or Android (any case).' -rfka 'iOS\t Android\t'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" os-version' -l 'os-version' -d 'OS version, e.g. 17.4 or an Android API level; NA when unknown.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" model' -l 'model' -d 'Device model, e.g. iPhone15,2 or Pixel 8.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" brand' -l 'brand' -d 'Device brand, e.g. Apple or Google.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" app-version' -l 'app-version' -d 'App version, e.g. 2.3.0.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" user-agent' -l 'user-agent' -d 'The device\'s browser User-Agent string.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" idfa' -l 'idfa' -d 'iOS advertising id (IDFA); the all-zero IDFA counts as absent.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" idfv' -l 'idfv' -d 'iOS vendor id (IDFV).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" gaid' -l 'gaid' -d 'Google advertising id (GAID/AAID).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" android-id' -l 'android-id' -d 'Android ID (hardware id on Android).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" oaid' -l 'oaid' -d 'Open Anonymous Device Identifier (Huawei and others).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" limit-ad-tracking' -l 'limit-ad-tracking' -d 'The user limited ad tracking (true/false).' -rfka 'true\t false\t'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" screen' -l 'screen' -d 'Screen size in pixels, e.g. 1179x2556.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" screen-dpi' -l 'screen-dpi' -d 'Screen density in dots per inch.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" local-ip' -l 'local-ip' -d 'The device\'s LAN address (in addition to --ip).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" language' -l 'language' -d 'ISO 639 language code, e.g. en.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" country' -l 'country' -d 'ISO 3166 country code, e.g. US.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" locale' -l 'locale' -d 'Locale, e.g. en_US.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" carrier' -l 'carrier' -d 'Mobile carrier name.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" connection-type' -l 'connection-type' -d 'Network type, e.g. wifi or mobile.' -rfka 'wifi\t mobile\t'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" batch' -l 'batch' -d 'NDJSON file of requests, one per line (same shape as the API body, without credentials); - reads stdin; gzip is read as it is.' -rF
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" concurrency' -l 'concurrency' -d 'Requests in flight at once.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" rate' -l 'rate' -d 'Most requests per second (default: no limit).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" journal' -l 'journal' -d 'Journal of acknowledged lines, for --resume.' -rF
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" resume' -l 'resume' -d 'Skip the lines the journal shows as acknowledged: all of them after a run that finished; a file changed since its unfinished run is refused.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" unordered' -l 'unordered' -d 'Print results as they finish instead of in input order.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" fail-fast' -l 'fail-fast' -d 'Stop at the first failed line.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" shard' -l 'shard' -d 'Take only shard K of N of the lines (stable hash), e.g. 2/8.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_positional "bnc-open" -eq 1' -fa 'state' -d 'Show or forget what bnc-open keeps per Branch key and device (first sessions, tokens).'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_positional "bnc-open" -eq 1' -fa 'fields' -d 'List the fields a request body may carry: name, type and rules, meaning; then the rules between fields.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_positional "bnc-open" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_positional "bnc-open state" -eq 1' -fa 'list' -d 'List the devices kept, newest first.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_positional "bnc-open state" -eq 1' -fa 'show' -d 'Show one device (its id as `state list` prints it).'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_positional "bnc-open state" -eq 1' -fa 'forget' -d 'Forget one device (its next session is a first session again), or all with --all.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state list" key' -l 'key' -d 'Only this Branch key\'s devices.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state list" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state list" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state list" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state list" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state list" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state list" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state show" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state show" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state show" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state show" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state show" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state show" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state forget" all' -l 'all' -d 'Forget every device.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state forget" key' -l 'key' -d 'Only this Branch key\'s devices.' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state forget" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open state forget" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open fields" json-schema' -l 'json-schema' -d 'Print the tables as JSON Schema (draft 2020-12) instead: an object schema per table, generated from the same specs.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open fields" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open fields" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open fields" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open fields" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open fields" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open fields" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open fields" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-open' -n '__bnc-open_should_offer_completions_for_flags_or_options "bnc-open help" version' -l 'version' -d 'Show the version.'
