function __bnc-event_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-event_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __bnc-event_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-event_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __bnc-event_parse_tokens -S
    set -l unparsed_tokens (__bnc-event_tokens -pc)
    switch $unparsed_tokens[1]
    case 'bnc-event'
        __bnc-event_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'send'
            __bnc-event_parse_subcommand 1 'custom-event' 'developer-identity=' 'user-data=+' 'transaction-id=' 'currency=' 'revenue=' 'shipping=' 'tax=' 'coupon=' 'affiliation=' 'description=' 'search-query=' 'ad-type=' 'custom=+' 'custom-json=' 'alias=' 'item=+' 'items=' 'body=' 'explain' 'category-form=' 'no-state' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'device=' 'os=' 'os-version=' 'model=' 'brand=' 'app-version=' 'user-agent=' 'idfa=' 'idfv=' 'gaid=' 'android-id=' 'oaid=' 'limit-ad-tracking=' 'screen=' 'screen-dpi=' 'local-ip=' 'language=' 'country=' 'locale=' 'carrier=' 'connection-type=' 'batch=' 'concurrency=' 'rate=' 'journal=' 'resume' 'unordered' 'fail-fast' 'shard=' 'version' 'h/help'
        case 'list'
            __bnc-event_parse_subcommand 0 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
        case 'fields'
            __bnc-event_parse_subcommand 0 'json-schema' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
        case 'help'
            __bnc-event_parse_subcommand -r 1 'version'
        end
    end
end

function __bnc-event_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else if test "$argv" = -tC
        string length -- (commandline -ct)
    else
        commandline -o $argv
    end
end

function __bnc-event_parse_subcommand -S -a positional_count
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

function __bnc-event_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __bnc-event_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__bnc-event_tokens -p)
    if test -z "$(__bnc-event_tokens -t)"
        set -l index (count (__bnc-event_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'bnc-event' -f
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_positional "bnc-event" -eq 1' -fa 'send' -d 'Send one event, or a batch of them.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_positional "bnc-event" -eq 1' -fa 'list' -d 'List the standard events by group (commerce, content, lifecycle).'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_positional "bnc-event" -eq 1' -fa 'fields' -d 'List the fields a request body may carry: name, type and rules, meaning; then the rules between fields.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_positional "bnc-event" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_positional "bnc-event send" -eq 1' -fka 'ADD_TO_CART ADD_TO_WISHLIST VIEW_CART INITIATE_PURCHASE ADD_PAYMENT_INFO CLICK_AD PURCHASE SPEND_CREDITS VIEW_AD RESERVE SEARCH VIEW_ITEM VIEW_ITEMS RATE SHARE INITIATE_STREAM COMPLETE_STREAM COMPLETE_REGISTRATION COMPLETE_TUTORIAL ACHIEVE_LEVEL UNLOCK_ACHIEVEMENT INVITE LOGIN START_TRIAL SUBSCRIBE'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" custom-event' -l 'custom-event' -d 'Send to /v2/event/custom even when the name is a standard one, or close to a command (lsit).'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" developer-identity' -l 'developer-identity' -d 'Your user id (user_data.developer_identity).' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send"' -l 'user-data' -d 'Another user_data field: KEY=VALUE or KEY:=JSON (repeatable).' -rfka '(__bnc-event_custom_completion ---completion send -- --user-data (count (__bnc-event_tokens -pc)) (__bnc-event_tokens -tC))'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" transaction-id' -l 'transaction-id' -d 'event_data.transaction_id.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" currency' -l 'currency' -d 'event_data.currency: ISO 4217, e.g. USD.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" revenue' -l 'revenue' -d 'event_data.revenue, a number.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" shipping' -l 'shipping' -d 'event_data.shipping, a number.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" tax' -l 'tax' -d 'event_data.tax, a number.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" coupon' -l 'coupon' -d 'event_data.coupon.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" affiliation' -l 'affiliation' -d 'event_data.affiliation, e.g. a store.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" description' -l 'description' -d 'event_data.description.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" search-query' -l 'search-query' -d 'event_data.search_query.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" ad-type' -l 'ad-type' -d 'event_data.ad_type: BANNER, INTERSTITIAL, REWARDED_VIDEO or NATIVE.' -rfka 'BANNER\t INTERSTITIAL\t REWARDED_VIDEO\t NATIVE\t'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send"' -l 'custom' -d 'custom_data KEY=VALUE, a string (repeatable).' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" custom-json' -l 'custom-json' -d 'custom_data from a JSON object file (types kept).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" alias' -l 'alias' -d 'customer_event_alias: your own label for the event.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send"' -l 'item' -d 'A content item: \'$sku=42,$price=19.99,$quantity=1,color=blue\' (repeatable).' -rfka '(__bnc-event_custom_completion ---completion send -- --item (count (__bnc-event_tokens -pc)) (__bnc-event_tokens -tC))'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" items' -l 'items' -d 'Content items from a JSON array file.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" body' -l 'body' -d 'One event as a JSON object in a batch line\'s shape ({name, user_data, event_data, custom_data, content_items, customer_event_alias, ip}), checked as a batch line is; - reads stdin. Not with a name or the flags that build an event.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" explain' -l 'explain' -d 'On stderr, each body field and header with its value, where it came from (the name, a flag, the device file, state.db, the settings) and the rule that changed it.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" category-form' -l 'category-form' -d 'Send $product_category as display ("Baby & Toddler") or enum (BABY_AND_TODDLER).' -rfka 'display\t enum\t'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" no-state' -l 'no-state' -d 'Do not read randomized_device_token from bnc-open\'s state.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-event_custom_completion ---completion send -- --profile (count (__bnc-event_tokens -pc)) (__bnc-event_tokens -tC))'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" device' -l 'device' -d 'JSON file of device fields (os, os_version, idfa, ...); - reads stdin. Flags override it.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" os' -l 'os' -d 'Operating system: iOS or Android (any case).' -rfka 'iOS\t Android\t'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" os-version' -l 'os-version' -d 'OS version, e.g. 17.4 or an Android API level; NA when unknown.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" model' -l 'model' -d 'Device model, e.g. iPhone15,2 or Pixel 8.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" brand' -l 'brand' -d 'Device brand, e.g. Apple or Google.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" app-version' -l 'app-version' -d 'App version, e.g. 2.3.0.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" user-agent' -l 'user-agent' -d 'The device\'s browser User-Agent string.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" idfa' -l 'idfa' -d 'iOS advertising id (IDFA); the all-zero IDFA counts as absent.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" idfv' -l 'idfv' -d 'iOS vendor id (IDFV).' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" gaid' -l 'gaid' -d 'Google advertising id (GAID/AAID).' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" android-id' -l 'android-id' -d 'Android ID (hardware id on Android).' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" oaid' -l 'oaid' -d 'Open Anonymous Device Identifier (Huawei and others).' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" limit-ad-tracking' -l 'limit-ad-tracking' -d 'The user limited ad tracking (true/false).' -rfka 'true\t false\t'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" screen' -l 'screen' -d 'Screen size in pixels, e.g. 1179x2556.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" screen-dpi' -l 'screen-dpi' -d 'Screen density in dots per inch.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" local-ip' -l 'local-ip' -d 'The device\'s LAN address (in addition to --ip).' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" language' -l 'language' -d 'ISO 639 language code, e.g. en.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" country' -l 'country' -d 'ISO 3166 country code, e.g. US.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" locale' -l 'locale' -d 'Locale, e.g. en_US.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" carrier' -l 'carrier' -d 'Mobile carrier name.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" connection-type' -l 'connection-type' -d 'Network type, e.g. wifi or mobile.' -rfka 'wifi\t mobile\t'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" batch' -l 'batch' -d 'NDJSON file of requests, one per line (same shape as the API body, without credentials); - reads stdin; gzip is read as it is.' -rF
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" concurrency' -l 'concurrency' -d 'Requests in flight at once.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" rate' -l 'rate' -d 'Most requests per second (default: no limit).' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" journal' -l 'journal' -d 'Journal of acknowledged lines, for --resume.' -rF
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" resume' -l 'resume' -d 'Skip the lines the journal shows as acknowledged: all of them after a run that finished; a file changed since its unfinished run is refused.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" unordered' -l 'unordered' -d 'Print results as they finish instead of in input order.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" fail-fast' -l 'fail-fast' -d 'Stop at the first failed line.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" shard' -l 'shard' -d 'Take only shard K of N of the lines (stable hash), e.g. 2/8.' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event send" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event list" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event list" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event list" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event list" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event list" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event list" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event fields" json-schema' -l 'json-schema' -d 'Print the tables as JSON Schema (draft 2020-12) instead: an object schema per table, generated from the same specs.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event fields" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event fields" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event fields" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event fields" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event fields" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event fields" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event fields" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-event' -n '__bnc-event_should_offer_completions_for_flags_or_options "bnc-event help" version' -l 'version' -d 'Show the version.'
