function __bnc-tune_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-tune_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __bnc-tune_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-tune_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __bnc-tune_parse_tokens -S
    set -l unparsed_tokens (__bnc-tune_tokens -pc)
    switch $unparsed_tokens[1]
    case 'bnc-tune'
        __bnc-tune_parse_subcommand 0 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'output=' 'dry-run' 'curl' 'show-secrets' 'color=' 'strict' 'device=' 'os=' 'os-version=' 'model=' 'brand=' 'app-version=' 'user-agent=' 'idfa=' 'idfv=' 'gaid=' 'android-id=' 'oaid=' 'limit-ad-tracking=' 'screen=' 'screen-dpi=' 'local-ip=' 'language=' 'country=' 'locale=' 'carrier=' 'connection-type=' 'batch=' 'concurrency=' 'rate=' 'journal=' 'resume' 'unordered' 'fail-fast' 'shard=' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __bnc-tune_parse_subcommand -r 1 'version'
        end
    end
end

function __bnc-tune_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __bnc-tune_parse_subcommand -S -a positional_count
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

function __bnc-tune_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __bnc-tune_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__bnc-tune_tokens -p)
    if test -z "$(__bnc-tune_tokens -t)"
        set -l index (count (__bnc-tune_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'bnc-tune' -f
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have (default 16777216); a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" output' -l 'output' -d 'Output format: json, ndjson or table (default: table on a terminal, json otherwise).' -rfka 'json ndjson table'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" show-secrets' -l 'show-secrets' -d 'Show secrets in --dry-run, --curl, -v and errors instead of <redacted>.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto always never'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" device' -l 'device' -d 'JSON file of device fields (os, os_version, idfa, ...); - reads stdin. Flags override it.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" os' -l 'os' -d 'Operating system: iOS or Android (any case).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" os-version' -l 'os-version' -d 'OS version, e.g. 17.4 or an Android API level; NA when unknown.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" model' -l 'model' -d 'Device model, e.g. iPhone15,2 or Pixel 8.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" brand' -l 'brand' -d 'Device brand, e.g. Apple or Google.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" app-version' -l 'app-version' -d 'App version, e.g. 2.3.0.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" user-agent' -l 'user-agent' -d 'The device\'s browser User-Agent string.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" idfa' -l 'idfa' -d 'iOS advertising id (IDFA); the all-zero IDFA counts as absent.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" idfv' -l 'idfv' -d 'iOS vendor id (IDFV).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" gaid' -l 'gaid' -d 'Google advertising id (GAID/AAID).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" android-id' -l 'android-id' -d 'Android ID (hardware id on Android).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" oaid' -l 'oaid' -d 'Open Anonymous Device Identifier (Huawei and others).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" limit-ad-tracking' -l 'limit-ad-tracking' -d 'The user limited ad tracking (true/false).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" screen' -l 'screen' -d 'Screen size in pixels, e.g. 1179x2556.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" screen-dpi' -l 'screen-dpi' -d 'Screen density in dots per inch.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" local-ip' -l 'local-ip' -d 'The device\'s LAN address (in addition to --ip).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" language' -l 'language' -d 'ISO 639 language code, e.g. en.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" country' -l 'country' -d 'ISO 3166 country code, e.g. US.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" locale' -l 'locale' -d 'Locale, e.g. en_US.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" carrier' -l 'carrier' -d 'Mobile carrier name.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" connection-type' -l 'connection-type' -d 'Network type, e.g. wifi or mobile.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" batch' -l 'batch' -d 'NDJSON file of requests, one per line (same shape as the API body, without credentials); - reads stdin.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" concurrency' -l 'concurrency' -d 'Requests in flight at once.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" rate' -l 'rate' -d 'Most requests per second (default: no limit).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" journal' -l 'journal' -d 'Journal of acknowledged lines, for --resume.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" resume' -l 'resume' -d 'Skip the lines the journal shows as acknowledged.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" unordered' -l 'unordered' -d 'Print results as they finish instead of in input order.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" fail-fast' -l 'fail-fast' -d 'Stop at the first failed line.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" shard' -l 'shard' -d 'Take only shard K of N of the lines (stable hash), e.g. 2/8.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_positional "bnc-tune" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune help" version' -l 'version' -d 'Show the version.'
